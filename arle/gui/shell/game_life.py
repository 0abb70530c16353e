"""The life of the game shown, as the window lives it: starting one (New Game, rematch, the guided
game), showing its ``ShownGame`` in the window, closing it, and its end (statistics, the game-over
screen), with what the status bar says meanwhile.

A part of the window that it owns (``MainWindow.life``): the game itself is the ``ShownGame``'s,
and the window is seen through its ``Host`` shape.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPoint, QTimer
from PySide6.QtGui import QCursor

from arle.files.errors import GameInUse
from arle.gui.kit import style
from arle.gui.shell.frame import forget_module_sources
from arle.gui.shell.game_files import reason

# Loaded with the start page, which is painted before the rules engine, the match and the boards
# are imported: what needs them imports them in the function that needs them (issue 49).
if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from arle.files.journal import Autosaver
    from arle.files.settings import Settings
    from arle.gui.friend import Connection
    from arle.gui.shell.dialogs import NewGameDialog, RemoteChoice
    from arle.gui.shell.host import Host
    from arle.gui.shell.shown_game import ShownGame
    from arle.match import GameHistory, LogEntry, NewGameChoice

log = logging.getLogger(__name__)


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


def player_defaults(settings: Settings) -> tuple[tuple[str, str], tuple[str, str]]:
    """The names and colours New Game offers: "" for a seat at its default name (an older Arle
    stored "Player 1" in English: taken as the default, said in the window's language)."""
    stored = settings.player_names
    names = tuple("" if n == f"Player {i + 1}" else n for i, n in enumerate(stored))[:2]
    colors = tuple(settings.player_colours)[:2]
    palette = {h for h, _ in style.PALETTE}
    if len(colors) != 2 or not set(colors) <= palette or colors[0] == colors[1]:
        colors = style.DEFAULT_COLORS
    return (names[0], names[1]) if len(names) == 2 else ("", ""), (colors[0], colors[1])


class Lifecycle:
    """New game, install, close, game over: the window's side of a game's life (see the module)."""

    def __init__(self, window: Host) -> None:
        self.window = window

    # -- starting and ending games -----------------------------------------------------------------------

    def new_game(self) -> None:
        from arle.files.stats import read_stats
        from arle.gui.shell.dialogs import NewGameDialog

        w = self.window
        names, colors = player_defaults(w.settings)
        seats = tuple(w.settings.player_seats)
        games, _warning = read_stats()  # (a damaged file is reported when a game ends)
        dialog = NewGameDialog(w.window(), names=names, colors=colors,
                               friendly_undo=w.settings.friendly_undo, seats=(seats[0], seats[1]),
                               players=w.settings.players, newcomer=not games)
        self._ask(dialog)

    def _ask(self, dialog: NewGameDialog) -> None:
        """New Game's form, as it was filled (issue 47: a refused start against a friend on
        another computer opens it again as the player left it)."""
        from arle.gui.shell.dialogs import NewGameDialog

        accepted = dialog.exec() == NewGameDialog.DialogCode.Accepted
        choice = dialog.choice() if accepted else None
        remote = dialog.remote_choice() if accepted else None
        if choice is not None and remote is not None:
            self.start_remote(choice, remote, form=dialog)
            return
        dialog.deleteLater()
        if choice is not None:
            self.start_new(choice)

    def start_tutorial(self) -> None:
        """Help > Guided first game: a new solo game with the guide (the game shown stays in the
        games in progress)."""
        from arle.gui import tutorial

        if self.window.files.may_drop_game():
            tutorial.start(self.window, player_defaults(self.window.settings)[0][0], self.install)

    def update_menus(self, *_: object) -> None:
        """What the menus enable follows the game shown (a move, an undo, a friend's answer)."""
        self.window.menus.update(self.window.shown)

    def start_remote(self, choice: NewGameChoice, remote: RemoteChoice,
                     form: NewGameDialog | None = None) -> None:
        """A new game against a friend on another computer (``remote_start``); a refused start
        opens ``form``, New Game as the player filled it, again."""
        from arle.gui.shell import remote_start

        remote_start.start_remote(self.window, choice, remote, form, self._ask)

    def start_new(self, choice: NewGameChoice) -> None:
        """Start the game chosen in the New Game dialog (remembering names and colours)."""
        from arle.match import new_history

        w = self.window
        if not w.files.may_drop_game():
            return
        settings = w.settings
        old = player_defaults(settings)[0]
        names = [*choice.setup.names, *old[len(choice.setup.names):]]
        settings.player_names = [  # a default name is kept as "", to be said in any language
            "" if n in (_tr("Player {n}").format(n=i + 1), f"Player {i + 1}") else n
            for i, n in enumerate(names[:2])
        ]
        settings.player_colours = list(choice.colors)
        settings.friendly_undo = choice.friendly_undo
        settings.players = choice.setup.players
        if choice.seats is not None and len(choice.seats) == 2:  # (a solo game keeps the last duo's)
            settings.player_seats = list(choice.seats)
        w.keep_settings()
        self.install(new_history(choice), list(choice.colors), save_path=None)

    def install(self, history: GameHistory, colors: list[str] | None = None,
                save_path: Path | None = None, *, autosaver: Autosaver | None = None,
                log: Sequence[LogEntry] | None = None, connection: Connection | None = None) -> None:
        """Show ``history``'s game in a fresh game page. The game shown before stays in the games
        in progress (its journal is closed, not deleted). ``autosaver``: the journal the game was
        continued from, already started; else a new journal is started (with autosave on).
        ``log``: the game's log, made while it was read (so it is replayed once); ``connection``:
        a new remote game's socket (``arle.gui.friend.Friend``)."""
        from arle.gui.kit import collector
        from arle.gui.shell.shown_game import ShownGame

        w = self.window
        replaced = w.shown is not None and w.shown.kept
        self.close_game()
        shown = ShownGame(history, colors or list(player_defaults(w.settings)[1]), save_path=save_path,
                          journal=autosaver, log=log, connection=connection)
        w.shown = shown
        session, page = shown.session, shown.page
        forget_module_sources()  # the engine, the boards and the panels have just been imported
        w.stack.addWidget(page)
        w.stack.setCurrentWidget(page)
        w.statusBar().clearMessage()  # what was said about the game shown before
        w.bubble.hide()
        # A move, an undo or a redo changes the situation: what the status bar said is stale.
        session.changed.connect(self._situation_changed)
        session.message.connect(lambda text: w.statusBar().showMessage(text, 8000))
        session.refused.connect(self._refused)
        page.zoomAsked.connect(w.zoom_by)
        page.side.setVisible(w.menus.side.isChecked())
        session.changed.connect(w.update_title)
        session.gameOver.connect(self._game_ended)
        w.apply_play_settings()
        session.changed.connect(self.update_menus)  # the computer's turn: no redo
        w.set_warning("settings", None)
        shown.start_journal(self._new_journal if w.use_autosave else None, self.journal_heard)
        self.journal_heard()
        self.update_menus()
        w.update_title()
        if history.game.over:
            self._game_over(shown)
        page.seats.start()  # a game continued on the computer's turn goes on at once
        if shown.friend is not None:
            friend = shown.friend
            from arle.match.remote.servers import use as use_servers

            use_servers(w.settings.mailbox, w.settings.relay)  # Settings → Network
            friend.said.connect(lambda text: w.statusBar().showMessage(text, 10000))
            friend.state.connect(lambda text: w.set_warning("friend", text))
            friend.said.connect(self.update_menus)
            friend.start(session, page.seats)
        if replaced:  # (Continue says "Welcome back" over it, which is news enough)
            w.statusBar().showMessage(_tr(
                "The game you were playing is kept in the games in progress (Game → Close Game shows "
                "them)."), 10000)
        # (after the page that showed the game before is deleted, in the event loop)
        QTimer.singleShot(0, collector.settle)

    @staticmethod
    def _new_journal(save_path: Path | None) -> Autosaver:
        from arle.files.journal import Autosaver, new_autosave_path

        return Autosaver(new_autosave_path(), save_path=save_path)

    def journal_heard(self) -> None:
        """Say how the journal fared with the last change. A failure is said once and stays in
        view; play goes on, every later move tries again, and the player hears when autosave works
        again."""
        w = self.window
        journal = w.shown.journal if w.shown is not None else None
        problem = journal.problem if journal is not None else None
        if isinstance(problem, GameInUse):
            w.set_warning("autosave", _tr("This game is open in another Arle window: this window "
                                          "does not autosave it. Save it to a file to keep these moves."))
        elif problem is not None:
            w.set_warning("autosave", _tr("Autosave is not possible: {error}. Play goes on; "
                                          "each move tries again.").format(error=reason(problem)))
        elif "autosave" in w.warnings:
            w.set_warning("autosave", None)
            # (heard after the status bar was cleared for the new situation)
            w.statusBar().showMessage(_tr("Autosave works again: every move is kept."), 8000)

    def close_to_start_page(self) -> None:
        """Game > Close Game: back to the start page; an unfinished game stays in the games in
        progress (its journal is closed, not deleted)."""
        w = self.window
        if w.shown is None or not w.files.may_drop_game():
            return
        kept = w.shown.kept
        self.close_game()
        w.stack.setCurrentWidget(w.start_page)
        w.files.refresh_games()
        if kept:
            w.statusBar().showMessage(_tr("The game is kept in the games in progress."), 8000)

    def close_game(self) -> None:
        """Take the game shown down as a whole (New Game, Open, Continue, closing the window); its
        journal is closed, so the game stays in the games in progress."""
        w = self.window
        shown, w.shown = w.shown, None
        for topic in ("autosave", "note", "friend"):
            w.set_warning(topic, None)
        if shown is not None:
            shown.close()
            w.stack.removeWidget(shown.page)
        self.update_menus()
        w.update_title()

    def _game_ended(self) -> None:
        """The game has just ended in this window: record it, show the game-over screen."""
        shown = self.window.shown
        if shown is None:
            return
        self._game_over(shown)
        best = self._record_game(shown)
        from arle.gui.shell.game_over import GameOverDialog

        dialog = GameOverDialog(shown.session, best, self.window.window())
        dialog.newGame.connect(self.new_game)
        dialog.rematch.connect(self.rematch)
        dialog.reviewAsked.connect(lambda: self._review_game(shown))
        shown.show_game_over(dialog)

    def _review_game(self, shown: ShownGame) -> None:
        """"Review this game" on the game-over screen (issue 40), over the main window."""
        from arle.gui.shell.review_window import open_for_window

        open_for_window(shown, self.window.window())

    def _record_game(self, shown: ShownGame) -> float | None:
        """Record the finished game in the statistics; a window without autosave (tests, the
        screenshot tool) writes no statistics either."""
        if not self.window.use_autosave:
            return None
        try:
            return shown.record()
        except (OSError, ValueError) as exc:
            log.warning("game not recorded in the statistics: %s", exc)
            self.window.statusBar().showMessage(_tr("The statistics could not be saved: {error}.").format(
                error=reason(exc)), 8000)
            return None

    def rematch(self) -> None:
        """The same game with a new deal: seats and levels, names, colours, building set and
        friendly undo kept (``arle.match.rematch``). Against a friend on another computer: New
        Game (the two of you choose how to meet again)."""
        if self.window.shown is not None and self.window.shown.friend is not None:
            self.new_game()
        elif self.window.shown is not None:
            self.start_new(self.window.shown.rematch(fill=style.DEFAULT_COLORS))

    def _game_over(self, shown: ShownGame) -> None:
        shown.game_over()
        self.window.statusBar().showMessage(shown.page.scoring.result.text(), 15000)

    # -- what the window says --------------------------------------------------------------------

    def _situation_changed(self, *_: object) -> None:
        w = self.window
        w.statusBar().clearMessage()
        w.bubble.hide()
        if w.news:
            w.statusBar().showMessage(w.news, 8000)
            w.news = ""

    def _refused(self, text: str) -> None:
        """Say a refusal next to the mouse where the player dropped or clicked."""
        self.window.bubble.show_at(text, self._pointer())

    def _pointer(self) -> QPoint:
        """Where the mouse was let go on the board shown (within the last seconds), else where it is."""
        from arle.gui.boards.board_view import BoardView

        shown = self.window.shown
        view = shown.page.views.currentWidget() if shown is not None else None
        pointer = view.pointer if isinstance(view, BoardView) else None
        if pointer is not None and time.monotonic() - pointer[1] < 2.0:
            return pointer[0]
        return QCursor.pos()
