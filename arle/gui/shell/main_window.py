"""The main window: a shell of menus and shortcuts around the start page or a game page
(``arle.gui.side.game_page``), with the settings and the warnings that stay in the status bar.
It holds the game shown as one object (``shown_game.ShownGame``) and owns two parts that act on it:
its life (``lifecycle``: new, install, close, game over) and its files (``game_files``).
"""

from __future__ import annotations

import base64
import contextlib
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QCoreApplication
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QLabel, QMainWindow, QProgressBar, QStackedWidget

from arle.files.settings import Settings, read_settings, save_settings
from arle.gui.boards import motion
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
from arle.gui.shell.language import add_language_menu
from arle.gui.shell.lifecycle import Lifecycle, player_defaults

# The start page is painted before any of these is needed: the rules engine, the boards and the
# panels (a third of a second of imports) are loaded when the first game is shown.
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path

    from arle.engine import Move, Setup
    from arle.files.damaged import DamagedCopy
    from arle.files.journal import Autosaver
    from arle.gui.assists import Assists
    from arle.gui.friend import Connection
    from arle.gui.session import GameSession
    from arle.gui.shell.game_over import GameOverDialog
    from arle.gui.shell.shown_game import ShownGame
    from arle.gui.side.game_page import GamePage
    from arle.gui.tutorial import Tutorial
    from arle.match import GameHistory, LogEntry, NewGameChoice

log = logging.getLogger(__name__)


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class MainWindow(QMainWindow):
    """The window: menus and shortcuts, settings, warnings, the start page; the game shown
    (``shown``) and the parts that start, end and file it (``life``, ``files``)."""

    def __init__(self, *, autosave: bool = True) -> None:
        from arle.gui.kit import collector
        from arle.gui.kit.background import Worker
        from arle.gui.shell.start_page import StartPage

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
        self._make_actions()
        self._restore_geometry()
        self.statusBar().showMessage(_tr("Welcome to Arle."), 4000)
        self._actions_state: tuple[bool, ...] | None = None
        self.update_actions()

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

    def _language_chosen(self, code: str) -> None:
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
        if not self.may_drop_game():
            event.ignore()
            return
        self.settings.window_geometry = base64.b64encode(self.saveGeometry().data()).decode("ascii")
        self.keep_settings()
        self.close_game()
        super().closeEvent(event)

    # -- menus --------------------------------------------------------------------------------------------

    def _action(self, text: str, slot: Callable[..., object],
                shortcuts: QKeySequence | list[QKeySequence] | None = None) -> QAction:
        action = QAction(text, self)
        if shortcuts is not None:
            if isinstance(shortcuts, list):
                action.setShortcuts(shortcuts)
            else:
                action.setShortcut(shortcuts)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _make_actions(self) -> None:
        K = QKeySequence
        self.new_action = self._action(_tr("&New Game…"), self.new_game, K(K.StandardKey.New))
        self.open_action = self._action(_tr("&Open…"), self.open_game, K(K.StandardKey.Open))
        self.save_action = self._action(_tr("&Save"), self.save_game, K("Ctrl+S"))
        self.save_as_action = self._action(_tr("Save &As…"), self.files.save_game_as, K("Ctrl+Shift+S"))
        self.close_action = self._action(_tr("&Close Game"), self.life.close_to_start_page, K("Ctrl+W"))
        self.quit_action = self._action(_tr("&Quit"), self.close, K("Ctrl+Q"))
        self.undo_action = self._action(_tr("&Undo"), self.undo, K("Ctrl+Z"))
        self.redo_action = self._action(_tr("&Redo"), self.redo, [K("Ctrl+Shift+Z"), K("Ctrl+Y")])
        self.hint_action = self._action(_tr("&Hint"), self.hint, K("H"))
        self.rules_action = self._action(_tr("&Rules Notes"), self.show_rules_notes, K("F1"))
        self.about_action = self._action(_tr("&About Arle"), self.show_about)
        self.how_to_action = self._action(_tr("&How to play"), self.show_how_to_play, K("Shift+F1"))
        self.tutorial_action = self._action(_tr("&Guided first game"), self.start_tutorial)
        self.board_action = self._action(_tr("Game &board"), lambda: self.show_view(0), K("Ctrl+1"))
        self.home_action = self._action(_tr("My &Home Board"), lambda: self.show_view("home"), K("Ctrl+2"))
        self.storage_action = self._action(_tr("My &Storage board"), lambda: self.show_view("storage"),
                                           K("Ctrl+3"))
        self.settings_action = self._action(_tr("Settin&gs…"), self.show_settings, K("Ctrl+,"))
        self.stats_action = self._action(_tr("S&tatistics"), self.files.show_statistics)
        self.review_action = self._action(_tr("&Review This Game…"), self.review_game)
        self.zoom_in_action = self._action(_tr("Zoom &In"), lambda: self.zoom_by(1),
                                           [K(K.StandardKey.ZoomIn), K("Ctrl+=")])
        self.zoom_out_action = self._action(_tr("Zoom &Out"), lambda: self.zoom_by(-1),
                                            K(K.StandardKey.ZoomOut))
        self.zoom_reset_action = self._action(_tr("&Fit the Boards"), lambda: self.set_zoom(1.0), K("Ctrl+0"))
        self.side_action = self._action(_tr("Side &Panel"), self.show_side_panel, K("F9"))
        self.side_action.setCheckable(True)
        self.side_action.setChecked(True)
        # A disabled Undo or Redo still answers its keys: the status bar says why nothing happened.
        self.refused_keys = [QShortcut(key, self, slot) for keys, slot in (
            (self.undo_action.shortcuts(), self.undo), (self.redo_action.shortcuts(), self.redo))
            for key in keys]
        bar = self.menuBar()
        game = bar.addMenu(_tr("&Game"))
        for a in (self.new_action, self.open_action, self.save_action, self.save_as_action,
                  self.close_action):
            game.addAction(a)
        game.addSeparator()
        game.addAction(self.review_action)
        game.addAction(self.stats_action)
        game.addAction(self.settings_action)
        game.addSeparator()
        game.addAction(self.quit_action)
        edit = bar.addMenu(_tr("&Edit"))
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        edit.addAction(self.hint_action)
        view = bar.addMenu(_tr("&View"))
        for a in (self.board_action, self.home_action, self.storage_action):
            view.addAction(a)
        view.addSeparator()
        self.language_group = add_language_menu(view, self.settings.language, self._language_chosen)
        for a in (self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action, self.side_action):
            view.addAction(a)
        help_ = bar.addMenu(_tr("&Help"))
        help_.addAction(self.how_to_action)
        help_.addAction(self.tutorial_action)
        help_.addAction(self.rules_action)
        help_.addAction(self.about_action)

    def update_actions(self, *_: object) -> None:
        session = self.session
        playing = session is not None
        # (asked three times a move, by undo, redo and the move itself: set once a change)
        friend = self.shown.friend if self.shown is not None else None
        undo = friend.can_ask() if friend is not None else session is not None and session.can_undo()
        state = (playing, undo,
                 session is not None and session.can_redo(), session is not None and session.coached,
                 friend is not None)
        if state == self._actions_state:
            return
        self._actions_state = state
        for a in (self.save_action, self.save_as_action, self.close_action, self.review_action,
                  self.board_action,
                  self.home_action, self.storage_action, self.zoom_in_action, self.zoom_out_action,
                  self.zoom_reset_action, self.side_action):
            a.setEnabled(playing)
        self.undo_action.setEnabled(state[1])
        # A game against a friend on another computer: undo only by agreement (issue 41).
        self.undo_action.setText(_tr("Ask to &take back") if state[4] else _tr("&Undo"))
        self.redo_action.setEnabled(state[2])
        self.hint_action.setEnabled(state[3])
        for shortcut in self.refused_keys:  # one owner per key: an enabled action's own
            action = self.undo_action if shortcut.key() in self.undo_action.shortcuts() else self.redo_action
            shortcut.setEnabled(playing and not action.isEnabled())

    # -- the game shown ------------------------------------------------------------------------------

    @property
    def session(self) -> GameSession | None:
        return self.shown.session if self.shown is not None else None

    @property
    def page(self) -> GamePage | None:
        return self.shown.page if self.shown is not None else None

    @property
    def autosaver(self) -> Autosaver | None:
        """The journal of the game shown (None without autosave)."""
        return self.shown.journal if self.shown is not None else None

    @property
    def save_path(self) -> Path | None:
        return self.shown.save_path if self.shown is not None else None

    @property
    def assists(self) -> Assists | None:
        return self.shown.assists if self.shown is not None else None

    @property
    def game_over_dialog(self) -> GameOverDialog | None:
        return self.shown.game_over_dialog if self.shown is not None else None

    @property
    def tutorial(self) -> Tutorial | None:
        """The guided first game's guide while it runs (``arle.gui.tutorial``)."""
        return self.shown.tutorial if self.shown is not None else None

    @tutorial.setter
    def tutorial(self, guide: Tutorial | None) -> None:
        if self.shown is not None:
            self.shown.tutorial = guide

    def install(self, history: GameHistory, colors: list[str] | None = None,
                save_path: Path | None = None, *, autosaver: Autosaver | None = None,
                log: Sequence[LogEntry] | None = None, connection: Connection | None = None) -> None:
        """Show ``history``'s game (``Lifecycle.install``)."""
        self.life.install(history, colors, save_path, autosaver=autosaver, log=log, connection=connection)

    def new_game(self) -> None:
        self.life.new_game()

    def start_new(self, choice: NewGameChoice) -> None:
        self.life.start_new(choice)

    def rematch(self) -> None:
        self.life.rematch()

    def close_game(self) -> None:
        self.life.close_game()

    def start_tutorial(self) -> None:
        """Help > Guided first game: a new solo game with the guide (the game shown stays in the
        games in progress)."""
        from arle.gui import tutorial

        if self.may_drop_game():
            self.tutorial = tutorial.start(self)

    def player_defaults(self) -> tuple[tuple[str, str], tuple[str, str]]:
        return player_defaults(self.settings)

    def continue_game(self, journal: Path) -> None:
        self.files.continue_game(journal)

    def open_game(self) -> None:
        self.files.open_game()

    def open_path(self, path: Path) -> None:
        self.files.open_path(path)

    def save_game(self) -> bool:
        return self.files.save_game()

    def save_to(self, path: Path) -> bool:
        return self.files.save_to(path)

    def may_drop_game(self) -> bool:
        return self.files.may_drop_game()

    def refresh_games(self) -> None:
        self.files.refresh_games()

    def set_aside(self, journal: Path) -> None:
        self.files.set_aside(journal)

    def delete_copies(self, copies: list[DamagedCopy]) -> None:
        self.files.delete_copies(copies)

    def update_title(self, *_: object) -> None:
        session = self.session
        if session is None:
            self.setWindowTitle(APP_NAME)
            return
        names = " – ".join(p.name for p in session.game.state.players)
        where = f" [{self.save_path.name}]" if self.save_path else ""
        # The application's name last: Qt adds it there itself unless the title ends with it.
        self.setWindowTitle(f"{names}{where} — {APP_NAME}")

    def confirm_move(self, move: Move) -> bool:
        """Before a move is applied: with "confirm the end of a turn" on, ask before EndTurn."""
        from arle.engine import EndTurn

        if not (self.settings.confirm_end_turn and isinstance(move, EndTurn)):
            return True
        from PySide6.QtWidgets import QMessageBox  # (loaded when needed: 1 ms of the start)

        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self, _tr("End your turn?"),
            _tr("End your turn now? (Settings can turn this question off.)"),
            buttons.Yes | buttons.Cancel, buttons.Yes)
        return answer == buttons.Yes

    def apply_play_settings(self) -> None:
        """Give the game shown the settings this window owns (the assists' switches, how fast
        pieces move)."""
        motion.set_speed(self.settings.animations)
        if self.shown is not None:
            self.shown.apply(self.settings)

    # -- edit, view, help ---------------------------------------------------------------------------------

    def undo(self) -> None:
        if self.shown is not None and self.shown.friend is not None:
            self.shown.friend.ask_undo()
        elif self.session is not None:
            self.session.undo()

    def redo(self) -> None:
        if self.session is not None:
            self.session.redo()

    def review_game(self) -> None:
        """Game > Review This Game: the game shown so far, in a review window of its own (issue 40);
        the game goes on beside it, untouched."""
        from arle.gui.shell.review import open_for_window

        if self.shown is not None:
            open_for_window(self.shown, self)

    def hint(self) -> None:
        """The coach's hint: the move Expert would make now, lit on the board (H)."""
        if self.page is not None:
            self.page.coach.ask()

    def show_view(self, which: int | str) -> None:
        if self.page is None or self.session is None:
            return
        actor = self.session.game.actor or 0
        if which == "home":
            self.page.views.setCurrentWidget(self.page.home_views[actor])
        elif which == "storage":
            self.page.views.setCurrentWidget(self.page.storage_views[actor])
        else:
            self.page.views.setCurrentIndex(int(which))

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

    # -- zoom and the side panel -----------------------------------------------------------------

    def set_zoom(self, zoom: float) -> None:
        """Zoom every board (1.0: fitted) and keep the zoom for the next games."""
        from arle.gui.boards.board_view import clamp_zoom

        self.settings.zoom = round(clamp_zoom(zoom), 4)
        self.keep_settings()
        if self.page is not None:
            self.page.set_zoom(self.settings.zoom)
            self.statusBar().showMessage(_tr("Zoom: {percent} %").format(
                percent=round(self.settings.zoom * 100)), 3000)

    def zoom_by(self, steps: int) -> None:
        from arle.gui.boards.board_view import ZOOM_STEP

        self.set_zoom(self.settings.zoom * ZOOM_STEP ** steps)

    def show_side_panel(self, shown: bool) -> None:
        """F9: the side panel off, for a small screen's boards, and back."""
        if self.page is not None:
            self.page.side.setVisible(shown)

    def show_rules_notes(self) -> None:
        from arle.gui.shell.dialogs import RulesNotesDialog

        dialog = RulesNotesDialog(self)
        dialog.exec()
        dialog.deleteLater()

    def show_how_to_play(self, section: str | None = None) -> None:
        """Help > How to play, at ``section`` or at what the game shown is doing now."""
        from arle.gui.shell.how_to_play import section_for, show_how_to_play

        game = self.session.game if self.session is not None else None
        show_how_to_play(self, section if isinstance(section, str) else section_for(game))

    def show_about(self) -> None:
        from arle.gui.shell.dialogs import AboutDialog

        dialog = AboutDialog(self)
        dialog.exec()
        dialog.deleteLater()



def new_setup(players: int, seed: int, names: tuple[str, ...] = ()) -> Setup:
    """A setup with default names (for the screenshot tool and tests)."""

    from arle.engine import Setup

    names = names or tuple(("Anna", "Ben")[:players])
    return Setup(players=players, seed=seed, names=names)
