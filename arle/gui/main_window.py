"""The main window: the start page or a game page (``arle.gui.game_page``), the menus and
shortcuts, settings, the files of the game (open, save, autosave, the games in progress) and the
warnings that stay in the status bar.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import linecache
import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QCoreApplication, QRect, QSize, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QCursor, QIcon, QKeySequence, QShortcut
from PySide6.QtWidgets import QLabel, QMainWindow, QProgressBar, QStackedWidget

from arle.files.resources import resource_path
from arle.files.settings import Settings, read_settings, save_settings
from arle.gui import motion, style
from arle.gui.bubble import Bubble
from arle.gui.language import add_language_menu

# The start page is painted before any of these is needed: the rules engine, the boards and the
# panels (a third of a second of imports) are loaded when the first game is shown.
if TYPE_CHECKING:
    from arle.engine import Move, Setup
    from arle.files.autosave import Autosaver
    from arle.gui.assists import Assists
    from arle.gui.game_over import GameOverDialog
    from arle.gui.game_page import GamePage
    from arle.gui.session import GameSession
    from arle.match import GameHistory, NewGameChoice

log = logging.getLogger(__name__)

APP_NAME = "Arle"
DEFAULT_SIZE = (1600, 1000)
#: Room kept for a title bar and borders around the window while the system has not said.
FRAME_ALLOWANCE = QSize(16, 40)

STYLE_SHEET = """
#backdrop { background: qlineargradient(x1:0, y1:0, x2:0, y2:1,
            stop:0 #dcecf2, stop:0.62 #eef3e4, stop:1 #cfe3b8); }
#card { background: rgba(255, 255, 255, 0.9); border: 1px solid #b9ccb0; border-radius: 18px; }
#title { color: #2d4f3a; font-size: 26px; font-weight: 600; }
#subtitle { color: #4c6a57; font-size: 15px; }
#version { color: #7a8f80; font-size: 12px; }
#warning { color: #8a2c1f; font-weight: 600; background: #fbe9e4; border: 1px solid #e8b7ab;
           border-radius: 4px; padding: 2px 8px; }
#games { font-size: 13px; }
#games::item { padding: 5px 4px; border-bottom: 1px solid #e1e8dc; }
#asideButton { padding: 6px 12px; color: #8a2c1f; }
#startButton { font-size: 16px; padding: 10px 18px; }
#sidePanel { background: #f6f2e6; }
#sectionTitle { font-weight: 600; color: #2b3a2f; }
#turnTitle { font-size: 17px; font-weight: 700; }
#turnPrompt { font-size: 14px; }
#hint { color: #35523f; }
#defaultButton { font-weight: 700; border: 2px solid #2e9d5b; border-radius: 5px; padding: 5px;
                 background: #e3f3e8; }
#choiceButton { padding: 4px; }
#skipButton { color: #6d7a6f; padding: 2px; }
#scoreTotal { font-size: 16px; font-weight: 700; }
#playerName { font-size: 14px; font-weight: 600; }
#scoringTitle { font-size: 20px; font-weight: 700; }
#scoringResult { font-size: 16px; font-weight: 600; color: #2d4f3a; }
#bubble { background: #fff4d6; color: #5a2a14; border: 1px solid #c98a3c; border-radius: 8px;
          padding: 6px 10px; font-size: 13px; }
"""


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


@functools.cache
def app_icon() -> QIcon:
    """The game's icon, read once: the application, the window and the start page show it."""
    path = resource_path("icon.svg")
    return QIcon(str(path)) if path.is_file() else QIcon()


def forget_module_sources() -> None:
    """Drop the source text of imported modules from ``linecache``.

    PySide6's import hook reads the whole source of every module imported after it (to look for
    ``from __feature__ import``) and that text stays cached: about 5 MB once the engine and the
    boards are loaded. Tracebacks read a file again when they need it; generated code
    (``<attrs generated ...>``, which cannot be read again) is kept.
    """
    for name in [n for n in linecache.cache if not n.startswith("<")]:
        linecache.cache.pop(name, None)


# -- the window -------------------------------------------------------------------------------------------


class MainWindow(QMainWindow):
    def __init__(self, *, autosave: bool = True) -> None:
        from arle.gui import collector
        from arle.gui.background import Background
        from arle.gui.start_page import StartPage

        super().__init__()
        collector.start()  # collections on this thread only: see arle.gui.collector
        self.setWindowTitle(APP_NAME)
        self.setWindowIcon(app_icon())
        self.setStyleSheet(STYLE_SHEET)
        self.session: GameSession | None = None
        #: The guided first game's guide while it runs (``arle.gui.tutorial``).
        self.tutorial: Any = None
        self.page: GamePage | None = None
        self.save_path: Path | None = None
        self.use_autosave = autosave
        #: The journal of the game shown (``arle.files.autosave.Autosaver``), None without autosave.
        self.autosaver: Autosaver | None = None
        #: The moves the play settings make for the player (cut all Peat, pay automatically).
        self.assists: Assists | None = None
        #: The game-over screen of the game shown, once it has ended in this window.
        self.game_over_dialog: GameOverDialog | None = None
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
        self.loader = Background(self)
        self.lister = Background(self)
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
        self._update_actions()

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

    def _save_settings(self) -> None:
        try:
            save_settings(self.settings)
        except (OSError, ValueError) as exc:  # a read-only folder; text no file can hold
            log.warning("settings not saved: %s", exc)
            text = _tr("Settings cannot be saved ({reason}): changes last until Arle closes.")
            self.set_warning("settings_not_saved", text.format(reason=reason(exc)))
        else:
            self.set_warning("settings_not_saved", None)

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
        if not self._may_drop_game():
            event.ignore()
            return
        self.settings.window_geometry = base64.b64encode(bytes(self.saveGeometry())).decode("ascii")
        self._save_settings()
        self.close_game()
        super().closeEvent(event)

    def player_defaults(self) -> tuple[tuple[str, str], tuple[str, str]]:
        names = tuple(self.settings.player_names)[:2]
        colors = tuple(self.settings.player_colours)[:2]
        palette = {h for h, _ in style.PALETTE}
        if len(colors) != 2 or not set(colors) <= palette or colors[0] == colors[1]:
            colors = style.DEFAULT_COLORS
        return (names[0], names[1]) if len(names) == 2 else ("", ""), (colors[0], colors[1])

    # -- menus --------------------------------------------------------------------------------------------

    def _action(self, text: str, slot: Any, shortcuts: Any = None) -> QAction:
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
        self.save_as_action = self._action(_tr("Save &As…"), self.save_game_as, K("Ctrl+Shift+S"))
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
        self.settings_action = self._action(_tr("Se&ttings…"), self.show_settings, K("Ctrl+,"))
        self.stats_action = self._action(_tr("S&tatistics"), self.show_statistics)
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
        for a in (self.new_action, self.open_action, self.save_action, self.save_as_action):
            game.addAction(a)
        game.addSeparator()
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
        self.language_group = add_language_menu(self, view)
        for a in (self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action, self.side_action):
            view.addAction(a)
        help_ = bar.addMenu(_tr("&Help"))
        help_.addAction(self.how_to_action)
        help_.addAction(self.tutorial_action)
        help_.addAction(self.rules_action)
        help_.addAction(self.about_action)

    def _update_actions(self, *_: Any) -> None:
        playing = self.session is not None
        # (asked three times a move, by undo, redo and the move itself: set once a change)
        state = (playing, playing and self.session.can_undo(), playing and self.session.can_redo(),
                 playing and self.session.coached)
        if state == self._actions_state:
            return
        self._actions_state = state
        for a in (self.save_action, self.save_as_action, self.board_action, self.home_action,
                  self.storage_action, self.zoom_in_action, self.zoom_out_action,
                  self.zoom_reset_action, self.side_action):
            a.setEnabled(playing)
        self.undo_action.setEnabled(state[1])
        self.redo_action.setEnabled(state[2])
        self.hint_action.setEnabled(state[3])
        for shortcut in self.refused_keys:  # one owner per key: an enabled action's own
            action = self.undo_action if shortcut.key() in self.undo_action.shortcuts() else self.redo_action
            shortcut.setEnabled(playing and not action.isEnabled())

    # -- starting and ending games -----------------------------------------------------------------------

    def new_game(self) -> None:
        from arle.gui.dialogs import NewGameDialog

        names, colors = self.player_defaults()
        dialog = NewGameDialog(self, names=names, colors=colors,
                               friendly_undo=self.settings.friendly_undo)
        accepted = dialog.exec() == NewGameDialog.DialogCode.Accepted
        choice = dialog.choice() if accepted else None
        dialog.deleteLater()
        if choice is not None:
            self.start_new(choice)

    def start_new(self, choice: NewGameChoice) -> None:
        """Start the game chosen in the New Game dialog (remembering names and colours)."""
        from arle.match import new_history

        if not self._may_drop_game():
            return
        old = self.player_defaults()[0]
        names = [*choice.setup.names, *old[len(choice.setup.names):]]
        self.settings.player_names = [
            n or _tr("Player {n}").format(n=i + 1) for i, n in enumerate(names[:2])
        ]
        self.settings.player_colours = list(choice.colors)
        self.settings.friendly_undo = choice.friendly_undo
        self._save_settings()
        self.install(new_history(choice), list(choice.colors), save_path=None)

    def install(self, history: GameHistory, colors: list[str] | None = None,
                save_path: Path | None = None, *, autosaver: Autosaver | None = None) -> None:
        """Show ``history``'s game in a fresh game page. The game shown before stays in the games
        in progress (its journal is closed, not deleted). ``autosaver``: the journal the game was
        continued from, already started; else a new journal is started (with autosave on)."""
        from arle.gui import collector
        from arle.gui.game_page import GamePage, adopt
        from arle.gui.session import GameSession
        from arle.match import continued

        self.close_game()
        session = GameSession(continued(history, colors or self.player_defaults()[1], style.move_label))
        self.session = session
        self.save_path = save_path
        self.page = GamePage(session)
        adopt(self.page, session)
        forget_module_sources()  # the engine, the boards and the panels have just been imported
        self.stack.addWidget(self.page)
        self.stack.setCurrentWidget(self.page)
        self.statusBar().clearMessage()  # what was said about the game shown before
        self.bubble.hide()
        # A move, an undo or a redo changes the situation: what the status bar said is stale.
        session.changed.connect(self._situation_changed)
        session.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        session.refused.connect(self._refused)
        self.page.set_zoom(self.settings.zoom)
        self.page.zoomAsked.connect(self.zoom_by)
        self.page.side.setVisible(self.side_action.isChecked())
        session.undoAvailable.connect(lambda _b: self._update_actions())
        session.redoAvailable.connect(lambda _b: self._update_actions())
        session.changed.connect(self._update_title)
        session.gameOver.connect(self._game_ended)
        session.confirm = self._confirm_move
        from arle.gui.assists import Assists

        self.assists = Assists(session)
        self._apply_play_settings()
        session.changed.connect(self._update_actions)  # the computer's turn: no redo
        self.set_warning("settings", None)
        self._start_autosave(history, autosaver, save_path)
        self._update_actions()
        self._update_title()
        if history.game.over:
            self._game_over()
        self.page.computer.pace = self.settings.computer_pace
        self.page.computer.start()  # a game continued on the computer's turn goes on at once
        # (after the page that showed the game before is deleted, in the event loop)
        QTimer.singleShot(0, collector.settle)

    def close_game(self) -> None:
        """Take the game page down (New Game, Open, Continue, closing the window); its journal is
        closed, so the game stays in the games in progress.

        The session and the scenes belong to the page, so one ``deleteLater`` removes them together,
        after the page's views (a session left as the window's child kept its connections to the
        deleted page until exit).
        """
        page, session, saver = self.page, self.session, self.autosaver
        self.tutorial = None  # it belongs to the page
        self.page = self.session = self.autosaver = self.assists = None
        self._close_game_over()
        if saver is not None:
            try:
                saver.close()
            except Exception:  # closing must never fail: the journal on disk is the game
                log.exception("cannot close the autosave journal")
        for topic in ("autosave", "note"):
            self.set_warning(topic, None)
        if page is not None:  # the computer and the coach stop thinking before the page goes
            page.computer.stop(wait=CANCEL_WAIT_S)
            page.coach.stop(wait=CANCEL_WAIT_S)
        if session is not None:
            session.after_change = None
            session.blockSignals(True)  # nothing may redraw a page on its way out
        if page is not None:
            self.stack.removeWidget(page)
            page.deleteLater()
        self._update_actions()
        self._update_title()

    def _update_title(self, *_: Any) -> None:
        if self.session is None:
            self.setWindowTitle(APP_NAME)
            return
        names = " – ".join(p.name for p in self.session.game.state.players)
        where = f" [{self.save_path.name}]" if self.save_path else ""
        # The application's name last: Qt adds it there itself unless the title ends with it.
        self.setWindowTitle(f"{names}{where} — {APP_NAME}")

    def _game_ended(self) -> None:
        """The game has just ended in this window: record it, show the game-over screen."""
        self._game_over()
        if self.session is None:
            return
        best = self._record_game()
        from arle.gui.game_over import GameOverDialog

        self._close_game_over()
        dialog = GameOverDialog(self.session, best, self)
        dialog.newGame.connect(self.new_game)
        dialog.rematch.connect(self.rematch)
        self.game_over_dialog = dialog
        dialog.open()

    def _close_game_over(self) -> None:
        dialog, self.game_over_dialog = self.game_over_dialog, None
        if dialog is not None:
            dialog.close()
            dialog.deleteLater()

    def _record_game(self) -> float | None:
        """Record the finished game in the statistics (once per game: keyed by its setup) and
        return, in solo, the player's best solo score before it. A window without autosave (tests,
        the screenshot tool) writes no statistics either."""
        from arle.files.stats import GameRecord, game_id, personal_best, read_stats, record_game

        if self.session is None or not self.use_autosave:
            return None
        g = self.session.game
        names = tuple(p.name for p in g.state.players)
        key = game_id(self.session.setup)
        games, _warning = read_stats()
        best = personal_best(names[0], games, exclude=key) if g.state.solo else None
        record = GameRecord(names, tuple(float(v) for v in g.scores()), g.state.winner or 0)
        try:
            record_game(key, record)
        except (OSError, ValueError) as exc:
            log.warning("game not recorded in the statistics: %s", exc)
            self.statusBar().showMessage(_tr("The statistics could not be saved: {error}.").format(
                error=reason(exc)), 8000)
        return best

    def rematch(self) -> None:
        """The same game with a new deal: seats and levels, names, colours, building set and
        friendly undo kept (``arle.match.rematch``)."""
        from arle.match import rematch

        if self.session is not None:
            self.start_new(rematch(self.session.match, fill=style.DEFAULT_COLORS))

    def _game_over(self) -> None:
        if self.autosaver is not None:  # a finished game leaves the games in progress (undo writes it anew)
            try:
                self.autosaver.discard()
            except OSError as exc:
                log.warning("finished game's journal not removed: %s", exc)
        if self.page is None:
            return
        self.page.views.setCurrentIndex(self.page.scoring_index)
        self.statusBar().showMessage(self.page.scoring.result.text(), 15000)
        self.page.coach.compare_with_hard()  # solo: what Hard scores on the same start (off-thread)

    # -- autosave ------------------------------------------------------------------------------------------

    def _start_autosave(self, history: GameHistory, autosaver: Autosaver | None,
                        save_path: Path | None) -> None:
        if autosaver is None and self.use_autosave:
            from arle.files.autosave import Autosaver, new_autosave_path

            autosaver = Autosaver(new_autosave_path(), save_path=save_path)
        self.autosaver = autosaver
        if autosaver is not None and self.session is not None:
            self.session.after_change = self.autosave
            self.autosave(history)

    def autosave(self, history: GameHistory) -> None:
        """Bring the journal up to date. A failure is said once and stays in view; play goes on,
        every later move tries again, and the player hears when autosave works again."""
        from arle.files.errors import GameInUse, SaveError

        if self.autosaver is None:
            return
        try:
            self.autosaver.sync(history)
        except GameInUse:
            self.set_warning("autosave", _tr("This game is open in another Arle window: this window "
                                             "does not autosave it. Save it to a file to keep these moves."))
        except (OSError, SaveError) as exc:
            self.set_warning("autosave", _tr("Autosave is not possible: {error}. Play goes on; "
                                             "each move tries again.").format(error=reason(exc)))
        else:
            if "autosave" in self.warnings:
                self.set_warning("autosave", None)
                # Said once the move is shown (``changed``, after this, clears the status bar).
                self.news = _tr("Autosave works again: every move is kept.")

    def _may_drop_game(self) -> bool:
        """Before the game shown is closed: if its journal is not up to date (autosave failed),
        offer to save it to a file. False: the player chose to stay."""
        if self.session is None or self.session.game.over or "autosave" not in self.warnings:
            return True
        from PySide6.QtWidgets import QMessageBox  # (loaded when needed: 1 ms of the start)

        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self, _tr("Keep this game?"),
            _tr("This game could not be autosaved. Save it to a file before it is closed?"),
            buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save)
        if answer == buttons.Save:
            return self.save_game()
        return answer == buttons.Discard

    # -- the games in progress -------------------------------------------------------------------------

    def refresh_games(self) -> None:
        """List the games in progress and the recent saves (read off the GUI thread)."""
        use_autosave = self.use_autosave
        if not self.lister.run(lambda: scan(use_autosave), lambda found: self.start_page.show_games(*found),
                               lambda exc: log.warning("cannot list the games: %s", exc)):
            QTimer.singleShot(100, self.refresh_games)  # a listing is running: list again after it

    def continue_game(self, journal: Path) -> None:
        """Continue a game in progress from its journal, with its link to its save file."""
        from arle.files.autosave import resume

        self._load(_tr("the game"), lambda: resume(journal), lambda resumed: self._resumed(journal, resumed),
                   lambda exc: self._cannot_continue(exc))

    def _resumed(self, journal: Path, resumed: Any) -> None:
        from arle.files.autosave import Autosaver
        from arle.files.errors import GameInUse, SaveError

        if not self._may_drop_game():
            return
        saver = (Autosaver(journal, save_path=resumed.save_path, damaged=resumed.damaged)
                 if self.use_autosave else None)
        if saver is not None:
            try:
                saver.start(resumed.history)
            except GameInUse as exc:
                self._cannot_continue(exc)
                return
            except (OSError, SaveError):
                pass  # install says so (autosave retries after each move, the original kept first)
        self.install(resumed.history, save_path=resumed.save_path, autosaver=saver)
        from arle.gui.start_page import damage_words

        note = None if resumed.damage is None else damage_words(resumed.damage)
        if note is not None and saver is not None and saver.kept_original is not None:
            note += "\n" + _tr("The autosave as it was is kept as {path}.").format(path=saver.kept_original)
        self.set_warning("note", note)
        self.statusBar().showMessage(_tr("Welcome back: the game continues where you left it."), 6000)

    def _cannot_continue(self, exc: Exception) -> None:
        from PySide6.QtWidgets import QMessageBox  # (loaded when needed: 1 ms of the start)

        QMessageBox.warning(self, _tr("Cannot continue"), sentence(exc))
        self.refresh_games()

    def set_aside(self, journal: Path) -> None:
        """Rename a damaged journal so it is not listed again, keeping it for a bug report."""
        from arle.files.autosave import set_aside

        kept = set_aside(journal)
        if kept is None:
            self.statusBar().showMessage(_tr("The damaged game could not be set aside."), 8000)
        else:
            self.statusBar().showMessage(_tr("The damaged game was kept as {path}.").format(path=kept), 10000)
        self.refresh_games()

    # -- loading off the GUI thread ---------------------------------------------------------------------

    def _load(self, what: str, work: Any, done: Any, failed: Any) -> None:
        """Run ``work`` (read and replay a game) on the worker thread; the window stays live and
        shows that it is busy when that takes more than a moment."""

        def finish(callback: Any, value: Any) -> None:
            self.busy.hide()
            self.statusBar().clearMessage()
            callback(value)

        started = self.loader.run(work, lambda result: finish(done, result), lambda exc: finish(failed, exc))
        if not started:
            self.statusBar().showMessage(_tr("Still reading a game: a moment, please."), 4000)
            return

        def show_busy() -> None:
            if self.loader.busy:
                self.busy.show()
                self.statusBar().showMessage(_tr("Reading {what}…").format(what=what))

        QTimer.singleShot(BUSY_AFTER_MS, show_busy)

    # -- files ----------------------------------------------------------------------------------------------

    def _dialog_dir(self) -> str:
        last = self.settings.last_directory
        if last and Path(last).is_dir():
            return last
        from arle.files.paths import saves_dir

        try:
            folder = saves_dir()
            folder.mkdir(parents=True, exist_ok=True)
            return str(folder)
        except OSError:
            return str(Path.home())

    def open_game(self) -> None:
        from PySide6.QtWidgets import QFileDialog  # (loaded when needed: 1 ms of the start)

        name, _ = QFileDialog.getOpenFileName(self, _tr("Open a saved game"), self._dialog_dir(),
                                              _tr("Arle games (*.arle.json *.json)"))
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path) -> None:
        """Open a save file (read off the GUI thread); the game shown stays until it has loaded."""
        from arle.files.saves import load_history

        def opened(history: GameHistory) -> None:
            if not self._may_drop_game():
                return
            self._remember_dir(path)
            self.install(history, save_path=path)
            self.statusBar().showMessage(_tr("Opened {name}.").format(name=path.name), 6000)

        def refused(exc: Exception) -> None:
            from PySide6.QtWidgets import QMessageBox  # (loaded when needed: 1 ms of the start)

            QMessageBox.warning(self, _tr("Cannot open {name}").format(name=path.name), sentence(exc))

        self._load(path.name, lambda: load_history(path), opened, refused)

    def save_game(self) -> bool:
        if self.session is None:
            return False
        if self.save_path is None:
            return self.save_game_as()
        return self.save_to(self.save_path)

    def save_game_as(self) -> bool:
        if self.session is None:
            return False
        from arle.files.paths import EXTENSION as ext

        names = "-".join(p.name for p in self.session.game.state.players)
        start = str(Path(self._dialog_dir()) / f"{names}{ext}")
        from PySide6.QtWidgets import QFileDialog  # (loaded when needed: 1 ms of the start)

        name, _ = QFileDialog.getSaveFileName(self, _tr("Save the game"), start,
                                              _tr("Arle games (*.arle.json)"))
        if not name:
            return False
        path = Path(name)
        if not path.name.endswith(ext):
            path = path.with_name(path.name.removesuffix(".json") + ext)
        return self.save_to(path)

    def save_to(self, path: Path) -> bool:
        """Save the game to ``path`` and link its journal to that file; False (and one sentence
        shown) when it cannot be saved."""
        from arle.files.errors import SaveError
        from arle.files.saves import save_history

        if self.session is None:
            return False
        try:
            save_history(path, self.session.history)
        except (OSError, SaveError, ValueError) as exc:  # ValueError: a name no file can hold
            from PySide6.QtWidgets import QMessageBox  # (loaded when needed: 1 ms of the start)

            QMessageBox.warning(self, _tr("Cannot save"), sentence(exc))
            return False
        self.save_path = path
        if self.autosaver is not None:
            try:
                self.autosaver.set_save_path(path)
            except (OSError, SaveError) as exc:
                log.warning("journal not linked to %s: %s", path, exc)
        self._remember_dir(path)
        self._update_title()
        self.statusBar().showMessage(_tr("Saved to {path}.").format(path=path), 6000)
        return True

    def _remember_dir(self, path: Path) -> None:
        self.settings.last_directory = str(path.parent)
        self._save_settings()

    # -- edit, view, help ---------------------------------------------------------------------------------

    def undo(self) -> None:
        if self.session is not None:
            self.session.undo()

    def redo(self) -> None:
        if self.session is not None:
            self.session.redo()

    def hint(self) -> None:
        """The coach's hint: the move Hard would make now, lit on the board (H)."""
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
        from arle.gui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self)
        if dialog.exec() == SettingsDialog.DialogCode.Accepted:
            language = self.settings.language
            self.settings = dialog.chosen()
            self._save_settings()
            self._apply_play_settings()
            if self.settings.language != language:
                self.statusBar().showMessage(_tr("The new language applies the next time Arle starts."), 8000)
        dialog.deleteLater()

    def _apply_play_settings(self) -> None:
        """Give the game shown the settings this window owns (the assists' switches, how fast
        pieces move)."""
        motion.set_speed(self.settings.animations)
        if self.page is not None:
            self.page.set_zoom(self.settings.zoom)
            self.page.computer.pace = self.settings.computer_pace
        if self.assists is not None:
            self.assists.cut_all_peat = self.settings.cut_all_peat
            self.assists.auto_pay = self.settings.auto_pay

    def _confirm_move(self, move: Move) -> bool:
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

    def show_statistics(self) -> None:
        from arle.files.stats import read_stats, summarize
        from arle.gui.game_over import StatisticsDialog

        games, warning = read_stats()
        dialog = StatisticsDialog(summarize(games), warning, self)
        dialog.exec()
        dialog.deleteLater()

    # -- what the window says --------------------------------------------------------------------

    def _situation_changed(self, *_: Any) -> None:
        self.statusBar().clearMessage()
        self.bubble.hide()
        if self.news:
            self.statusBar().showMessage(self.news, 8000)
            self.news = ""

    def _refused(self, text: str) -> None:
        """Say a refusal next to the mouse where the player dropped or clicked."""
        self.bubble.show_at(text, self._pointer())

    def _pointer(self) -> Any:
        """Where the mouse was let go on the board shown (within the last seconds), else where it is."""
        view = self.page.views.currentWidget() if self.page is not None else None
        pointer = getattr(view, "pointer", None)
        if pointer is not None and time.monotonic() - pointer[1] < 2.0:
            return pointer[0]
        return QCursor.pos()

    # -- zoom and the side panel -----------------------------------------------------------------

    def set_zoom(self, zoom: float) -> None:
        """Zoom every board (1.0: fitted) and keep the zoom for the next games."""
        from arle.gui.board_view import clamp_zoom

        self.settings.zoom = round(clamp_zoom(zoom), 4)
        self._save_settings()
        if self.page is not None:
            self.page.set_zoom(self.settings.zoom)
            self.statusBar().showMessage(_tr("Zoom: {percent} %").format(
                percent=round(self.settings.zoom * 100)), 3000)

    def zoom_by(self, steps: int) -> None:
        from arle.gui.board_view import ZOOM_STEP

        self.set_zoom(self.settings.zoom * ZOOM_STEP ** steps)

    def show_side_panel(self, shown: bool) -> None:
        """F9: the side panel off, for a small screen's boards, and back."""
        if self.page is not None:
            self.page.side.setVisible(shown)

    def show_rules_notes(self) -> None:
        from arle.gui.dialogs import RulesNotesDialog

        dialog = RulesNotesDialog(self)
        dialog.exec()
        dialog.deleteLater()

    def show_how_to_play(self, section: str | None = None) -> None:
        """Help > How to play, at ``section`` or at what the game shown is doing now."""
        from arle.gui.how_to_play import section_for, show_how_to_play

        game = self.session.game if self.session is not None else None
        show_how_to_play(self, section if isinstance(section, str) else section_for(game))

    def start_tutorial(self) -> None:
        """Help > Guided first game: a new solo game with the guide (the game shown stays in the
        games in progress)."""
        from arle.gui import tutorial

        if self._may_drop_game():
            self.tutorial = tutorial.start(self)

    def set_tutorial_done(self) -> None:
        if not self.settings.tutorial_done:
            self.settings.tutorial_done = True
            self._save_settings()

    def show_about(self) -> None:
        from arle.gui.dialogs import AboutDialog

        dialog = AboutDialog(self)
        dialog.exec()
        dialog.deleteLater()


def fitted(rect: QRect, screen: QRect, frame: QSize) -> QRect:
    """``rect`` (a window's inside) made to fit on ``screen`` with its ``frame`` (title bar and
    borders) around it: shrunk if larger, moved if it hangs off."""
    width = min(rect.width(), screen.width() - frame.width())
    height = min(rect.height(), screen.height() - frame.height())
    x = min(max(rect.x(), screen.x()), screen.right() + 1 - width - frame.width())
    y = min(max(rect.y(), screen.y()), screen.bottom() + 1 - height - frame.height())
    return QRect(x, y, width, height)


def scan(use_autosave: bool) -> tuple[list[Any], list[Path]]:
    """The games in progress and the recent save files. Runs on the worker thread: no Qt here."""
    games: list[Any] = []
    if use_autosave:
        from arle.files.autosave import list_games

        games = list_games()
    return games, recent_files()


def recent_files(limit: int = 6) -> list[Path]:
    """The save files in the saves folder, most recently written first."""
    from arle.files.paths import EXTENSION, saves_dir

    try:
        stamped = [(p.stat().st_mtime, p) for p in saves_dir().glob(f"*{EXTENSION}") if p.is_file()]
    except OSError:
        return []
    return [p for _t, p in sorted(stamped, reverse=True)[:limit]]


#: A load that takes longer than this shows the busy indicator (ms).
BUSY_AFTER_MS = 250
#: How long closing a game waits for the computer's thread to see its cancel flag (seconds).
CANCEL_WAIT_S = 2.0


def reason(exc: Exception) -> str:
    """What went wrong, in a few words: an OSError's reason without the errno, else the message."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc).rstrip(".") or type(exc).__name__


def sentence(exc: Exception) -> str:
    """One sentence for the player, whatever ``exc`` is (the file layer's own sentence if it has one)."""
    from arle.files.errors import NamedSaveError, SaveError

    if isinstance(exc, UnicodeError):
        return _tr("The game holds a name that is not valid text, so it cannot be written to a file.")
    if isinstance(exc, SaveError):  # the file layer writes its sentences in lower case
        text = str(exc).rstrip(".")
        return (text if isinstance(exc, NamedSaveError) else text[:1].upper() + text[1:]) + "."
    if isinstance(exc, OSError):
        return _tr("The file cannot be read or written: {reason}.").format(reason=reason(exc))
    log.error("unexpected error", exc_info=exc)
    return _tr("Something went wrong: {error}.").format(error=reason(exc))


def new_setup(players: int, seed: int, names: tuple[str, ...] = ()) -> Setup:
    """A setup with default names (for the screenshot tool and tests)."""
    from arle.engine import Setup

    names = names or tuple(("Anna", "Ben")[:players])
    return Setup(players=players, seed=seed, names=names)
