"""The game shown in the main window: starting one (New Game, rematch, the guided game), showing
it in a game page, closing it, and its end (statistics, the game-over screen).

A part of ``MainWindow`` (a mixin): it reads and sets the window's ``session``, ``page``,
``settings``, ``autosaver``, ``assists``, ``game_over_dialog``, ``save_path``, ``tutorial``,
``news`` and ``warnings``, and calls its status bar and actions. The game itself (history, seats,
log, rematch) is ``arle.match``'s: this module only puts it on screen.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QCursor

from arle.gui.boards import motion
from arle.gui.kit import style
from arle.gui.shell.frame import APP_NAME, forget_module_sources
from arle.gui.shell.game_files import reason

if TYPE_CHECKING:
    from arle.engine import Move
    from arle.files.autosave import Autosaver
    from arle.match import GameHistory, NewGameChoice

log = logging.getLogger(__name__)

#: How long closing a game waits for the computer's thread to see its cancel flag (seconds).
CANCEL_WAIT_S = 2.0




def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class GameShown:
    """New game, install, close, game over: the window's game lifecycle (see the module)."""

    def player_defaults(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """The names and colours New Game offers: "" for a seat at its default name (an older Arle
        stored "Player 1" in English: taken as the default, said in the window's language)."""
        stored = self.settings.player_names
        names = tuple("" if n == f"Player {i + 1}" else n for i, n in enumerate(stored))[:2]
        colors = tuple(self.settings.player_colours)[:2]
        palette = {h for h, _ in style.PALETTE}
        if len(colors) != 2 or not set(colors) <= palette or colors[0] == colors[1]:
            colors = style.DEFAULT_COLORS
        return (names[0], names[1]) if len(names) == 2 else ("", ""), (colors[0], colors[1])

    # -- starting and ending games -----------------------------------------------------------------------

    def new_game(self) -> None:
        from arle.files.stats import read_stats
        from arle.gui.shell.dialogs import NewGameDialog

        names, colors = self.player_defaults()
        seats = tuple(self.settings.player_seats)
        games, _warning = read_stats()  # (a damaged file is reported when a game ends)
        dialog = NewGameDialog(self, names=names, colors=colors, friendly_undo=self.settings.friendly_undo,
                               seats=(seats[0], seats[1]), players=self.settings.players,
                               newcomer=not games)
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
        self.settings.player_names = [  # a default name is kept as "", to be said in any language
            "" if n in (_tr("Player {n}").format(n=i + 1), f"Player {i + 1}") else n
            for i, n in enumerate(names[:2])
        ]
        self.settings.player_colours = list(choice.colors)
        self.settings.friendly_undo = choice.friendly_undo
        self.settings.players = choice.setup.players
        if choice.seats is not None and len(choice.seats) == 2:  # (a solo game keeps the last duo's)
            self.settings.player_seats = list(choice.seats)
        self._save_settings()
        self.install(new_history(choice), list(choice.colors), save_path=None)

    def install(self, history: GameHistory, colors: list[str] | None = None,
                save_path: Path | None = None, *, autosaver: Autosaver | None = None) -> None:
        """Show ``history``'s game in a fresh game page. The game shown before stays in the games
        in progress (its journal is closed, not deleted). ``autosaver``: the journal the game was
        continued from, already started; else a new journal is started (with autosave on)."""
        from arle.gui.kit import collector
        from arle.gui.kit.texts import language
        from arle.gui.session import GameSession
        from arle.gui.side.game_page import GamePage, adopt
        from arle.match import continued
        from arle.match.words import Wording

        replaced = self.session is not None and not self.session.game.over and self.autosaver is not None
        self.close_game()
        words = Wording(language()).log_label  # the log in the window's language, without Qt
        session = GameSession(continued(history, colors or self.player_defaults()[1], words))
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
        self.page.seats.pace = self.settings.computer_pace
        self.page.seats.start()  # a game continued on the computer's turn goes on at once
        if replaced:  # (Continue says "Welcome back" over it, which is news enough)
            self.statusBar().showMessage(_tr(
                "The game you were playing is kept in the games in progress (Game → Close Game shows "
                "them)."), 10000)
        # (after the page that showed the game before is deleted, in the event loop)
        QTimer.singleShot(0, collector.settle)

    def close_to_start_page(self) -> None:
        """Game > Close Game: back to the start page; an unfinished game stays in the games in
        progress (its journal is closed, not deleted)."""
        if self.session is None or not self._may_drop_game():
            return
        kept = not self.session.game.over and self.autosaver is not None
        self.close_game()
        self.stack.setCurrentWidget(self.start_page)
        self.refresh_games()
        if kept:
            self.statusBar().showMessage(_tr("The game is kept in the games in progress."), 8000)

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
            page.seats.stop(wait=CANCEL_WAIT_S)
            page.coach.stop(wait=CANCEL_WAIT_S)
        if session is not None:
            session.forget()  # the match is heard no more: neither by the page nor by the journal
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
        from arle.gui.shell.game_over import GameOverDialog

        self._close_game_over()
        dialog = GameOverDialog(self.session, best, self)
        dialog.newGame.connect(self.new_game)
        dialog.rematch.connect(self.rematch)
        dialog.reviewAsked.connect(self._review_game)
        self.game_over_dialog = dialog
        dialog.open()

    def _review_game(self) -> None:
        from arle.gui.shell.review import open_for_window

        open_for_window(self)

    def _close_game_over(self) -> None:
        dialog, self.game_over_dialog = self.game_over_dialog, None
        if dialog is not None:
            dialog.close()
            dialog.deleteLater()

    def _record_game(self) -> float | None:
        """Record the finished game in the statistics (once per game: keyed by its setup) and
        return, in solo, the player's best solo score before it. A window without autosave (tests,
        the screenshot tool) writes no statistics either."""
        from arle.files.stats import PERSON, GameRecord, game_id, personal_best, read_stats, record_game

        if self.session is None or not self.use_autosave:
            return None
        g = self.session.game
        names = tuple(p.name for p in g.state.players)
        key = game_id(self.session.setup)
        games, _warning = read_stats()
        best = personal_best(names[0], games, exclude=key) if g.state.solo else None
        seats = tuple(self.session.seat(i) for i in range(len(names)))
        record = GameRecord(names, tuple(float(v) for v in g.scores()), g.state.winner or 0,
                            seats if any(s != PERSON for s in seats) else ())
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

    def _apply_play_settings(self) -> None:
        """Give the game shown the settings this window owns (the assists' switches, how fast
        pieces move)."""
        motion.set_speed(self.settings.animations)
        if self.page is not None:
            self.page.set_zoom(self.settings.zoom)
            self.page.seats.pace = self.settings.computer_pace
        if self.assists is not None:
            self.assists.cut_all_peat = self.settings.cut_all_peat
            self.assists.auto_pay = self.settings.auto_pay

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
