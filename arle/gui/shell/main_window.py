"""The main window: a shell of menus and shortcuts around the start page or a game page
(``arle.gui.side.game_page``), with the settings and the warnings that stay in the status bar.
It holds the game shown as one object (``shown_game.ShownGame``) and owns two parts that act on it:
its life (``game_life``: new, install, close, game over) and its files (``game_files``).
"""

from __future__ import annotations

import base64
import contextlib
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QCoreApplication
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QProgressBar, QStackedWidget

from arle.files.settings import Settings, read_settings, save_settings
from arle.gui.boards import motion
from arle.gui.kit.background import Worker
from arle.gui.kit.bubble import Bubble
from arle.gui.shell.frame import (
    APP_NAME,
    DEFAULT_SIZE,
    FRAME_ALLOWANCE,
    STYLE_SHEET,
    app_icon,
    fitted,
)
from arle.gui.shell.game_files import GameFiles, reason
from arle.gui.shell.game_life import Lifecycle
from arle.gui.shell.menus import Menus
from arle.gui.shell.start_page import StartPage

# The start page is painted before any of these is needed: the rules engine, the boards and the
# panels (a third of a second of imports) are loaded when the first game is shown.
if TYPE_CHECKING:
    from arle.engine import Setup
    from arle.gui.shell.shown_game import ShownGame

log = logging.getLogger(__name__)


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class MainWindow(QMainWindow):
    """The window: menus and shortcuts, settings, warnings, the start page; the game shown
    (``shown``) and the parts that start, end and file it (``life``, ``files``)."""

    def __init__(self, *, autosave: bool = True) -> None:
        from arle.gui.kit import collector

        super().__init__()
        collector.start()  # collections on this thread only: see arle.gui.kit.collector
        self.setWindowTitle(APP_NAME)
        self.setWindowIcon(app_icon())
        self.setStyleSheet(STYLE_SHEET)
        #: The game shown, with everything that lives and dies with it; None on the start page.
        self.shown: ShownGame | None = None
        self.use_autosave = autosave
        self.life = Lifecycle(self)
        self.files = GameFiles(self)
        #: What the player must not miss (autosave impossible, a damaged file), by topic: shown in
        #: the status bar until the situation changes, never overwritten by passing messages.
        self.warnings: dict[str, str] = {}
        self.warning_label = QLabel()
        self.warning_label.setObjectName("warning")
        self.warning_label.setMaximumWidth(1000)  # passing messages keep the left of the status bar
        self.warning_label.hide()
        self.statusBar().addPermanentWidget(self.warning_label)
        self.busy = QProgressBar()  # a file being read off the GUI thread
        self.busy.setRange(0, 0)
        self.busy.setMaximumWidth(140)
        self.busy.hide()
        self.statusBar().addPermanentWidget(self.busy)
        self.loader = Worker(self)
        self.lister = Worker(self)
        self.settings: Settings
        self._load_settings()
        self.stack = QStackedWidget()
        self.start_page = StartPage(self, app_icon())
        self.stack.addWidget(self.start_page)
        self.setCentralWidget(self.stack)
        self.bubble = Bubble(self)
        #: What to say in the status bar once the move being made is shown.
        self.news = ""
        self.menus = Menus(self, self)
        self._restore_geometry()
        self.statusBar().showMessage(_tr("Welcome to Arle."), 4000)
        self.menus.update(None)

    # -- warnings that stay ------------------------------------------------------------------------------

    def set_warning(self, topic: str, text: str | None) -> None:
        """Show ``text`` until it is replaced or cleared (``None``)."""
        if text:
            self.warnings[topic] = text
        else:
            self.warnings.pop(topic, None)
        self.warning_label.setText("\n".join(self.warnings.values()))
        self.warning_label.setToolTip(self.warning_label.text())
        self.warning_label.setVisible(bool(self.warnings))

    # -- settings -----------------------------------------------------------------------------------------

    def _load_settings(self) -> None:
        self.settings, warning = read_settings()
        self.set_warning("settings", warning)
        motion.set_speed(self.settings.animations)

    def keep_settings(self) -> None:
        try:
            save_settings(self.settings)
        except (OSError, ValueError) as exc:  # a read-only folder; text no file can hold
            log.warning("settings not saved: %s", exc)
            text = _tr("Settings cannot be saved ({reason}): changes last until Arle closes.")
            self.set_warning("settings_not_saved", text.format(reason=reason(exc)))
        else:
            self.set_warning("settings_not_saved", None)

    def set_tutorial_done(self) -> None:
        if not self.settings.tutorial_done:
            self.settings.tutorial_done = True
            self.keep_settings()

    def language_chosen(self, code: str) -> None:
        self.settings.language = code
        self.keep_settings()
        self.statusBar().showMessage(_tr("The language changes when Arle starts again."), 10000)

    def _restore_geometry(self) -> None:
        """The size the window had, or ``DEFAULT_SIZE``; either way within the screen (a size
        saved on a larger screen is shrunk to this one's)."""
        geometry = self.settings.window_geometry
        restored = False
        if geometry:
            with contextlib.suppress(ValueError):  # not base64
                restored = self.restoreGeometry(QByteArray(base64.b64decode(geometry)))
        if not restored:
            self.resize(*DEFAULT_SIZE)
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        if screen is not None and not self.isMaximized() and not self.isFullScreen():
            frame = self.frameGeometry().size() - self.size()  # nothing known before the first show
            frame = frame.expandedTo(FRAME_ALLOWANCE)
            self.setGeometry(fitted(self.geometry(), screen, frame))

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.may_drop_game():
            event.ignore()
            return
        self.settings.window_geometry = base64.b64encode(self.saveGeometry().data()).decode("ascii")
        self.keep_settings()
        self.life.close_game()
        super().closeEvent(event)

    def update_title(self, *_: object) -> None:
        shown = self.shown
        if shown is None:
            self.setWindowTitle(APP_NAME)
            return
        names = " – ".join(p.name for p in shown.session.match.game.state.players)
        where = f" [{shown.save_path.name}]" if shown.save_path else ""
        # The application's name last: Qt adds it there itself unless the title ends with it.
        self.setWindowTitle(f"{names}{where} — {APP_NAME}")

    def apply_play_settings(self) -> None:
        """Give the game shown the settings this window owns (the assists' switches, how fast
        pieces move)."""
        motion.set_speed(self.settings.animations)
        if self.shown is not None:
            self.shown.apply(self.settings)

    # -- settings, zoom, help -------------------------------------------------------------------------

    def show_settings(self) -> None:
        from arle.gui.shell.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self)
        if dialog.exec() == SettingsDialog.DialogCode.Accepted:
            language = self.settings.language
            self.settings = dialog.chosen()
            self.keep_settings()
            self.apply_play_settings()
            if self.settings.language != language:
                self.statusBar().showMessage(_tr("The new language applies the next time Arle starts."), 8000)
        dialog.deleteLater()

    def set_zoom(self, zoom: float) -> None:
        """Zoom every board (1.0: fitted) and keep the zoom for the next games."""
        from arle.gui.boards.board_view import clamp_zoom

        self.settings.zoom = round(clamp_zoom(zoom), 4)
        self.keep_settings()
        if self.shown is not None:
            self.shown.page.set_zoom(self.settings.zoom)
            self.statusBar().showMessage(_tr("Zoom: {percent} %").format(
                percent=round(self.settings.zoom * 100)), 3000)

    def zoom_by(self, steps: int) -> None:
        from arle.gui.boards.board_view import ZOOM_STEP

        self.set_zoom(self.settings.zoom * ZOOM_STEP ** steps)

    def show_how_to_play(self, section: str | None = None) -> None:
        """Help > How to play, at ``section`` or at what the game shown is doing now."""
        from arle.gui.shell.how_to_play import section_for, show_how_to_play

        game = self.shown.session.match.game if self.shown is not None else None
        show_how_to_play(self, section if isinstance(section, str) else section_for(game))


def new_setup(players: int, seed: int, names: tuple[str, ...] = ()) -> Setup:
    """A setup with default names (for the screenshot tool and tests)."""

    from arle.engine import Setup

    names = names or tuple(("Anna", "Ben")[:players])
    return Setup(players=players, seed=seed, names=names)
