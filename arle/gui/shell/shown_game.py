"""The game shown in the window, as one object: its session (and so its match), its game page, its
journal (``arle.files.journal.Autosaver``), the save file it belongs to, the assists, the guided
game's guide and the game-over screen. The window holds one ``ShownGame | None`` and closes it as
a whole, so that no part of a closed game outlives the others.

Saving, the statistics and the review are imported when first used: a game shown needs none of
them, and loaded with it they took the memory it may use (``arle bench``'s ``rss_vs_plain``).

It knows nothing of the window: what a game's life says to the player (status bar, warnings,
dialogs) is the window's (``shell.game_life``, ``shell.game_files``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from arle.files.errors import SaveError
from arle.gui.assists import Assists
from arle.gui.kit.texts import language
from arle.gui.session import GameSession
from arle.gui.side.game_page import GamePage, adopt
from arle.match import continued, rematch
from arle.match.words import Wording

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path

    from PySide6.QtWidgets import QWidget

    from arle.files.journal import Autosaver
    from arle.files.settings import Settings
    from arle.gui.friend import Connection, Friend
    from arle.gui.shell.game_over import GameOverDialog
    from arle.gui.tutorial import Tutorial
    from arle.match import GameHistory, LogEntry, NewGameChoice

log = logging.getLogger(__name__)

#: How long closing a game waits for the computer's thread to see its cancel flag (seconds).
CANCEL_WAIT_S = 2.0


class ShownGame:
    """One game on screen and everything that lives and dies with it (see the module)."""

    def __init__(self, history: GameHistory, colors: list[str], *, save_path: Path | None = None,
                 journal: Autosaver | None = None, log: Sequence[LogEntry] | None = None,
                 connection: Connection | None = None) -> None:
        """Put ``history``'s game in a fresh game page. ``journal``: the game's autosave journal,
        which then holds its save file (``save_path`` is the save file of a game without one).
        A game against a friend on another computer (``history.remote``) gets its ``friend``;
        ``connection``: the join's first connection (``Friend``'s keywords)."""
        words = Wording(language()).log_label  # the log in the window's language, without Qt
        #: The friend on another computer and the way to them (issue 41); None in other games.
        self.friend: Friend | None = None
        if history.remote is not None:
            from arle.gui.friend import Friend

            self.friend = Friend(history, first=connection.first) \
                if connection is not None else Friend(history)
        seats = self.friend.seats() if self.friend is not None else None
        self.session = GameSession(continued(history, colors, words, log, seats=seats))
        self.page = GamePage(self.session)
        adopt(self.page, self.session)
        if self.friend is not None:
            self.friend.setParent(self.page)
        #: The moves the play settings make for the player (cut all Peat, pay automatically).
        self.assists = Assists(self.session)
        #: The journal of the game (None without autosave); ``start_journal`` attaches it.
        self.journal: Autosaver | None = None
        self._save_path = save_path if journal is None else None
        if journal is not None and save_path is not None and journal.save_path is None:
            journal.save_path = save_path
        self._journal_given = journal
        #: The guided first game's guide while it runs (``arle.gui.tutorial``).
        self.tutorial: Tutorial | None = None
        #: The game-over screen, once the game has ended in this window.
        self.game_over_dialog: GameOverDialog | None = None

    @property
    def save_path(self) -> Path | None:
        """The save file the game belongs to: one answer, the journal's when there is one (the
        journal's header keeps it for Continue)."""
        return self.journal.save_path if self.journal is not None else self._save_path

    @property
    def kept(self) -> bool:
        """Whether closing it leaves it in the games in progress (unfinished, with a journal)."""
        return not self.session.match.game.over and self.journal is not None

    # -- the journal --------------------------------------------------------------------------------

    def start_journal(self, new: Callable[[Path | None], Autosaver] | None,
                      heard: Callable[[], None]) -> None:
        """Attach the journal given at opening, else ``new(save_path)``'s (None: no autosave);
        write it afresh, then let it follow the match a line a change. ``heard`` after each change
        says how the journal fared."""
        journal = self._journal_given if self._journal_given is not None else (
            new(self._save_path) if new is not None else None)
        self._journal_given = None
        if journal is None:
            return
        self.journal, self._save_path = journal, None
        self.sync_journal()  # the journal written afresh (and its lock taken)
        match = self.session.match
        match.listen(journal.follow(match.history), first=True)  # then a line a change
        self.session.changed.connect(lambda *_: heard())

    def sync_journal(self) -> None:
        """Bring the journal up to date at once; a refusal is kept in its ``problem``."""
        if self.journal is None:
            return
        try:
            self.journal.sync(self.session.match.history)
        except (OSError, SaveError) as exc:
            self.journal.problem = exc
        else:
            self.journal.problem = None

    def save_to(self, path: Path) -> None:
        """Write the game to ``path`` and make it the game's save file (its journal linked to it).
        Raises OSError, SaveError or ValueError when the file cannot be written."""
        from arle.files.saves import save_history  # (loaded when a game is saved: see the module)

        save_history(path, self.session.match.history)
        if self.journal is None:
            self._save_path = path
            return
        try:
            self.journal.set_save_path(path)  # (the path is kept even when the header is not)
        except (OSError, SaveError) as exc:
            log.warning("journal not linked to %s: %s", path, exc)

    # -- its end ------------------------------------------------------------------------------------

    def game_over(self) -> None:
        """The game is over: it leaves the games in progress (an undo writes its journal anew),
        its page shows the scores and, in solo, what Hard scores on the same start."""
        if self.journal is not None:
            try:
                self.journal.discard()
            except OSError as exc:
                log.warning("finished game's journal not removed: %s", exc)
        self.page.views.setCurrentIndex(self.page.scoring_index)
        self.page.coach.compare_with_hard()  # (off-thread)

    def record(self) -> float | None:
        """Record the finished game in the statistics (once per game: keyed by its setup) and
        return, in solo, the player's best solo score before it. Raises OSError or ValueError when
        the statistics cannot be written."""
        from arle.files.stats import PERSON, GameRecord, game_id, personal_best, read_stats, record_game

        g = self.session.match.game
        names = tuple(p.name for p in g.state.players)
        key = game_id(self.session.match.setup)
        games, _warning = read_stats()
        best = personal_best(names[0], games, exclude=key) if g.state.solo else None
        seats = tuple(self.session.match.seat(i) for i in range(len(names)))
        record_game(key, GameRecord(names, tuple(float(v) for v in g.scores()), g.state.winner or 0,
                                    seats if any(s != PERSON for s in seats) else ()))
        return best

    def show_game_over(self, dialog: GameOverDialog) -> None:
        self.close_game_over()
        self.game_over_dialog = dialog
        dialog.open()

    def close_game_over(self) -> None:
        dialog, self.game_over_dialog = self.game_over_dialog, None
        if dialog is not None:
            dialog.close()
            dialog.deleteLater()

    def rematch(self, fill: tuple[str, str]) -> NewGameChoice:
        """The same game with a new deal (``arle.match.rematch``)."""
        return rematch(self.session.match, fill=fill)

    # -- what the menus ask of it --------------------------------------------------------------

    def undo(self) -> None:
        """Edit > Undo; against a friend on another computer, ask to take the move back."""
        if self.friend is not None:
            self.friend.ask_undo()
        else:
            self.session.undo()

    def show_view(self, which: str) -> None:
        """View > the game board ("board"), or the Home ("home") or Storage board ("storage") of
        the player to act."""
        page, actor = self.page, self.session.match.game.actor or 0
        views = {"home": page.home_views, "storage": page.storage_views}.get(which)
        if views is None:
            page.views.setCurrentIndex(0)
        else:
            page.views.setCurrentWidget(views[actor])

    def review(self, parent: QWidget) -> None:
        """Game > Review This Game (issue 40): the moves so far in a review window of their own;
        the game goes on beside it, untouched."""
        from arle.gui.shell.review_window import open_for_window

        open_for_window(self, parent)

    def apply(self, settings: Settings) -> None:
        """Give the game the play settings (zoom, the computer's pace, the assists' switches)."""
        self.page.set_zoom(settings.zoom)
        self.page.seats.pace = settings.computer_pace
        self.page.decision.confirm_end_turn = settings.confirm_end_turn
        self.assists.cut_all_peat = settings.cut_all_peat
        self.assists.auto_pay = settings.auto_pay

    def close(self) -> None:
        """Close everything at once: the guide and the game-over screen, the journal (kept on disk:
        the game stays in the games in progress), the computer and the coach, then the page.

        The session and the scenes belong to the page, so one ``deleteLater`` removes them together,
        after the page's views (a session left as the window's child kept its connections to the
        deleted page until exit). The window takes the page out of its stack first."""
        self.tutorial = None  # it belongs to the page
        self.close_game_over()
        if self.journal is not None:
            try:
                self.journal.close()
            except Exception:  # closing must never fail: the journal on disk is the game
                log.exception("cannot close the autosave journal")
        if self.friend is not None:
            self.friend.close()  # the link closes first: nothing more comes from the friend
        self.page.seats.stop(wait=CANCEL_WAIT_S)  # they stop thinking before the page goes
        self.page.coach.stop(wait=CANCEL_WAIT_S)
        self.session.forget()  # the match is heard no more: neither by the page nor by the journal
        self.session.blockSignals(True)  # nothing may redraw a page on its way out
        self.page.deleteLater()
