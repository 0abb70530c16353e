"""The review window (issue 40): the costliest moments of a game, found by the computer off the GUI
thread (``arle.match.review``, with progress and a Cancel) and listed as they are found; choosing
one shows the position before it on a read-only board, the move played and the move suggested
ringed; Back and Forward (buttons, the arrow keys, Home and End) step through the whole game like a
chess game viewer, and the game log follows.

The window replays its own copy of the game: the game in progress is never touched. A finished
review is kept beside the game's journal or save (``arle.files.reviews``), and for a game with no
file in memory for the window's life, so that opening it again is instant.

Hooks: the game-over screen's "Review this game" (``open_for_window``) and the start page's
games in progress and recent saves (``attach_to_start_page``: a button and a context menu).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import attrs
from PySide6.QtCore import QCoreApplication, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut, QTransform
from PySide6.QtWidgets import (
    QDialog,
    QGraphicsEllipseItem,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from arle.ai import COACH_LEVEL, Cancelled
from arle.engine import Move, Setup
from arle.files.errors import SaveError
from arle.files.reviews import cached, keep, load_game
from arle.gui.boards.board_view import BoardView
from arle.gui.coach import mark_ring
from arle.gui.kit.background import Worker
from arle.gui.kit.level_words import level_name
from arle.gui.kit.style import DEFAULT_COLORS
from arle.gui.kit.texts import language
from arle.gui.session import ShownOnly
from arle.gui.shell.frame import FRAME_ALLOWANCE, fitted
from arle.gui.side.game_page import GamePage
from arle.match import GameHistory, Match
from arle.match.review import costliest, moment_line, position_before, review, review_key, say_moment
from arle.match.words import Wording

if TYPE_CHECKING:
    from arle.gui.session import GameSession
    from arle.match.review import Moment, Review, Said


class Reviewable(Protocol):
    """What the review asks of the game shown (``shown_game.ShownGame``): its session and save."""

    @property
    def session(self) -> GameSession | None: ...

    @property
    def save_path(self) -> Path | None: ...


def _tr(text: str) -> str:
    return QCoreApplication.translate("Review", text)


#: The rings: the move played (red) and the move suggested (green), dashed and solid.
PLAYED_COLOR, SUGGESTED_COLOR = "#c0392b", "#1e8449"
RING_RADIUS = 26.0
#: Room around the two rings of a moment, in scene units, when both are brought into view.
RING_MARGIN = 24.0
#: How often the window looks at the review's progress and the moments found (ms).
POLL_MS = 120
#: The review window's inside where the screen has room for it (``ReviewWindow._fit_screen``).
REVIEW_SIZE = QSize(1280, 720)
#: Finished reviews of games with no file, by ``review_key``: instant for the window's life.
_IN_MEMORY: dict[str, Review] = {}


@attrs.frozen
class ReviewedGame:
    """What the review window needs: a copy of the game (setup, moves, seats), its colours and
    the file it came from (None: a game with no file yet)."""

    setup: Setup
    moves: tuple[Move, ...]
    seats: tuple[str, ...]
    colors: tuple[str, ...] = ()
    path: Path | None = None


class ReviewWindow(QDialog):
    """See the module."""

    def __init__(self, game: ReviewedGame, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        #: The coach's level, whose Hint the review never calls costly (issue 50); the window names it.
        self.level = COACH_LEVEL
        names = " – ".join(game.setup.names) or _tr("Solo game")
        self.setWindowTitle(_tr("Review: {names}").format(names=names))
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        # the window's own copy, every seat a person's: it only steps, never thinks or saves
        history = GameHistory(game.setup, game.moves, friendly_undo=True)
        colors = list(game.colors) or list(DEFAULT_COLORS)
        self.session = ShownOnly(Match(history, colors=colors, words=Wording(language()).log_label), self)
        self.page: GamePage = GamePage(self.session)
        self._read_only()
        self.session.changed.connect(self._read_only)  # (after the panels: they enable themselves)
        self.session.reset.connect(self._read_only)
        for view in self.page.board_views():
            view.setInteractive(False)
        self.worker = Worker(self, name="arle-review", pauses_collector=True)
        self._found: list[Moment] = []
        self._progress: tuple[int, int] = (0, 0)
        self._words: dict[int, Said] = {}
        self.review: Review | None = None
        self.moments: tuple[Moment, ...] = ()
        self.rings: list[QGraphicsEllipseItem | QPushButton] = []
        #: The boards ``_show_rings`` showed smaller than their own scale.
        self.shrunk: list[BoardView] = []
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._show_progress)
        self._build()
        self._fit_screen()
        self.go_to(len(game.moves))
        QTimer.singleShot(0, self.start)

    def _fit_screen(self) -> None:
        """1280x720 inside, shrunk to the screen with room for the frame (issue 43: at 1280x720
        the title bar and the bottom row, Back and Forward, were off the screen)."""
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        wanted = QRect(self.pos(), REVIEW_SIZE)
        self.setGeometry(wanted if screen is None else fitted(wanted, screen, FRAME_ALLOWANCE))

    def _read_only(self, *_: object) -> None:
        """No decision to take and no coach here: the board only shows."""
        self.page.coach_bar.hide()
        self.page.coach_bar.button.setVisible(False)
        self.page.decision.setEnabled(False)

    # -- layout ------------------------------------------------------------------------------------

    def _build(self) -> None:
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        top = QHBoxLayout()
        left = QVBoxLayout()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.bar = QProgressBar()
        self.bar.setMaximumHeight(14)
        self.bar.setTextVisible(False)
        row = QHBoxLayout()
        self.cancel_button = QPushButton(_tr("Cancel"))
        self.cancel_button.clicked.connect(self._cancel_or_restart)
        row.addStretch(1)
        row.addWidget(self.cancel_button)
        left.addWidget(self.status)
        left.addWidget(self.bar)
        left.addLayout(row)
        left.addStretch(1)
        holder = QWidget()
        holder.setLayout(left)
        holder.setFixedWidth(300)
        top.addWidget(holder)
        self.list = QListWidget()
        self.list.setObjectName("reviewMoments")
        self.list.setWordWrap(True)
        self.list.setFixedHeight(118)
        self.list.currentRowChanged.connect(self._chosen)
        top.addWidget(self.list, 1)
        lay.addLayout(top)
        lay.addWidget(self.page, 1)
        bottom = QHBoxLayout()
        icon = self.style().standardIcon
        pixmap = QStyle.StandardPixmap
        self.first_button = QPushButton(icon(pixmap.SP_MediaSkipBackward), "")
        self.back_button = QPushButton(icon(pixmap.SP_MediaSeekBackward), _tr("Back"))
        self.forward_button = QPushButton(icon(pixmap.SP_MediaSeekForward), _tr("Forward"))
        self.last_button = QPushButton(icon(pixmap.SP_MediaSkipForward), "")
        self.first_button.setToolTip(_tr("The start of the game (Home)"))
        self.back_button.setToolTip(_tr("One move back (Left arrow)"))
        self.forward_button.setToolTip(_tr("One move forward (Right arrow)"))
        self.last_button.setToolTip(_tr("The end of the game (End)"))
        for b in (self.first_button, self.back_button, self.forward_button, self.last_button):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            bottom.addWidget(b)
        self.first_button.clicked.connect(lambda: self.go_to(0))
        self.back_button.clicked.connect(lambda: self.step(-1))
        self.forward_button.clicked.connect(lambda: self.step(1))
        self.last_button.clicked.connect(lambda: self.go_to(len(self.game.moves)))
        self.where = QLabel()
        self.where.setMinimumWidth(170)
        bottom.addWidget(self.where)
        self.detail = QLabel()
        self.detail.setObjectName("reviewDetail")
        self.detail.setWordWrap(True)
        bottom.addWidget(self.detail, 1)
        lay.addLayout(bottom)
        for key, go in ((Qt.Key.Key_Left, lambda: self.step(-1)), (Qt.Key.Key_Right, lambda: self.step(1)),
                        (Qt.Key.Key_Home, lambda: self.go_to(0)),
                        (Qt.Key.Key_End, lambda: self.go_to(len(self.game.moves)))):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.activated.connect(go)

    # -- the review, off the GUI thread ----------------------------------------------------------------

    def start(self) -> None:
        """Review the game (or read back its kept review) off the GUI thread."""
        game, level = self.game, self.level
        key = review_key(game.setup, game.moves, level)
        found = _IN_MEMORY.get(key)
        if found is not None:
            self._done(found)
            return
        self._found = []
        self._progress = (0, 0)
        inbox = self._found

        def progress(done: int, total: int) -> None:
            self._progress = (done, total)

        def work(should_stop: Callable[[], bool]) -> Review:
            if game.path is not None:
                history = GameHistory(game.setup, game.moves, seats=game.seats)
                kept = cached(game.path, history, level)
                if kept is not None:
                    return kept
            done = review(game.setup, game.moves, game.seats, level, should_stop, progress, inbox.append)
            if game.path is not None:
                keep(game.path, done)
            return done

        self.worker.restart(work, self._done, self._failed)
        self.cancel_button.setText(_tr("Cancel"))
        self.bar.setRange(0, 0)
        self.bar.show()
        self.status.setText(_tr("The computer ({level}, the level of the Hint) replays the game…").format(
            level=self._level_words()))
        self._poll.start()

    def _show_progress(self) -> None:
        done, total = self._progress
        if total:
            self.bar.setRange(0, total)
            self.bar.setValue(done)
            self.status.setText(_tr("Reviewing the decisions: {done}/{total}…").format(
                done=done, total=total))

        shown = costliest(list(self._found))
        if shown != self.moments:
            self._list(shown)

    def _done(self, review: Review) -> None:
        self._poll.stop()
        self.review = review
        if self.game.path is None:
            _IN_MEMORY[review.key] = review
        self.bar.hide()
        self.cancel_button.setText(_tr("Review again"))
        self.cancel_button.setEnabled(False)
        if review.moments:
            said = _tr("Reviewed by {level}, the level of the Hint: the costliest moments, costliest first.")
        else:
            said = _tr("Reviewed by {level}, the level of the Hint: no decision cost anything it could see.")
        self.status.setText(said.format(level=self._level_words()))
        self._list(review.moments)
        if review.moments and self.list.currentRow() < 0:
            self.list.setCurrentRow(0)

    def _failed(self, error: BaseException) -> None:
        self._poll.stop()
        self.bar.hide()
        self.cancel_button.setText(_tr("Review again"))
        self.cancel_button.setEnabled(True)
        if isinstance(error, Cancelled):
            self.status.setText(_tr("Review cancelled: the moments found so far are listed."))
        else:
            self.status.setText(_tr("The review stopped: {error}").format(error=str(error)[:200]))

    def cancel(self) -> None:
        """Stop the review; the moments found so far stay listed."""
        if self.worker.busy:
            self.worker.cancel()
            from arle.ai import Cancelled

            self._show_progress()
            self._failed(Cancelled())

    def _cancel_or_restart(self) -> None:
        if self.worker.busy:
            self.cancel()
        else:
            self.start()

    def _level_words(self) -> str:
        return level_name(self.level)

    # -- the moments ----------------------------------------------------------------------------------

    def words(self, moment: Moment) -> Said:
        """The moment in the window's language (kept: each needs the position before it)."""
        said = self._words.get(moment.move)
        if said is None:
            before = position_before(self.game.setup, self.game.moves, moment.move)
            said = self._words[moment.move] = say_moment(moment, before, language())
        return said

    def _list(self, moments: Sequence[Moment]) -> None:
        row = self.list.currentRow()
        chosen = self.moments[row] if 0 <= row < len(self.moments) else None
        self.moments = tuple(moments)
        self.list.blockSignals(True)
        self.list.clear()
        for i, moment in enumerate(self.moments, start=1):
            said = self.words(moment)
            text = _tr("{i}. {when}: “{played}” cost about {cost} VP; suggested: “{suggested}”").format(
                i=i, when=said.when, cost=said.cost, played=said.played, suggested=said.suggested)
            item = QListWidgetItem(text)
            item.setToolTip(said.why)
            self.list.addItem(item)
        if chosen in self.moments:
            self.list.setCurrentRow(self.moments.index(chosen))
        self.list.blockSignals(False)

    def _chosen(self, row: int) -> None:
        if 0 <= row < len(self.moments):
            self.show_moment(self.moments[row])

    def show_moment(self, moment: Moment) -> None:
        """The position before ``moment``, the move played and the move suggested ringed."""
        self.go_to(moment.move)
        said = self.words(moment)

        self.detail.setText(moment_line(moment, said, language()))
        self._ring(moment.played[0] if moment.played else None, PLAYED_COLOR, _tr("The move played"), True)
        self._ring(moment.suggested[0], SUGGESTED_COLOR, _tr("The computer's suggestion"), False)
        QTimer.singleShot(0, self._show_rings)  # (once the page has followed the step, fitted its boards)

    def _show_rings(self) -> None:
        """Scroll the board in front to both rings it holds (the move played could be left above
        the view when only the suggestion was brought into it), the board shown smaller while
        they are too far apart for the view (issue 50: Wood Trader was off screen while Grocer
        was shown); the next step or moment shows it at its own scale again (``_unring``)."""
        view = self.page.views.currentWidget()
        if not isinstance(view, BoardView):
            return
        shown = [ring for ring in self.rings
                 if isinstance(ring, QGraphicsEllipseItem) and ring.scene() is view.scene()]
        if not shown:
            return
        both = shown[0].sceneBoundingRect()
        for ring in shown[1:]:
            both = both.united(ring.sceneBoundingRect())
        both = both.adjusted(-RING_MARGIN, -RING_MARGIN, RING_MARGIN, RING_MARGIN)
        room = view.viewport().rect()
        fits = min(room.width() / both.width(), room.height() / both.height())
        if fits < view.transform().m11():
            view.setTransform(QTransform.fromScale(fits, fits))
            self.shrunk.append(view)
        view.ensureVisible(both, 0, 0)

    def _ring(self, move: Move | None, color: str, tip: str, dashed: bool) -> None:
        if move is None:
            return

        for view, pos in self.page.places_of(move)[:1]:
            self.rings.append(mark_ring(view, pos, RING_RADIUS, color, tip, dashed))
            if not dashed:  # the suggestion's board is brought forward (``_show_rings``: both seen)
                self.page.views.setCurrentWidget(view)
            return
        button = self.page.decision.button_for(move)
        if button is not None:
            line = "dashed" if dashed else "solid"
            button.setStyleSheet(f"border: 3px {line} {color}; border-radius: 5px;")
            self.rings.append(button)

    def _unring(self) -> None:
        for view in self.shrunk:  # (a board shown smaller for two rings: its own scale again)
            view.fit()
        self.shrunk = []
        for ring in self.rings:
            if isinstance(ring, QPushButton):
                ring.setStyleSheet("")
                continue
            scene = ring.scene()
            if scene is not None:
                scene.removeItem(ring)
        self.rings = []

    # -- stepping through the game ------------------------------------------------------------------

    @property
    def at(self) -> int:
        """How many moves of the game the board shows."""
        return len(self.session.match.history.moves)

    def step(self, by: int) -> None:
        """One move forward (1) or back (-1)."""
        self.go_to(self.at + by)

    def go_to(self, n: int) -> None:
        """Show the game after its first ``n`` moves (the log follows)."""
        n = max(0, min(len(self.game.moves), n))
        self._unring()
        self.detail.setText("")
        if n == self.at + 1:
            self.session.match.apply(self.game.moves[self.at])
        elif n == self.at - 1:
            self.session.match.undo()
        elif n != self.at:
            self.session.set_history(GameHistory(self.game.setup, self.game.moves[:n], friendly_undo=True))
        total = len(self.game.moves)
        half_year = self.session.match.game.state.half_year
        self.where.setText(_tr("Move {n} of {total} · half-year {h}").format(n=n, total=total, h=half_year))
        self.first_button.setEnabled(n > 0)
        self.back_button.setEnabled(n > 0)
        self.forward_button.setEnabled(n < total)
        self.last_button.setEnabled(n < total)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.worker.cancel(wait=1.0)
        self._poll.stop()
        super().closeEvent(event)

    def reject(self) -> None:
        self.worker.cancel(wait=1.0)
        self._poll.stop()
        super().reject()


# -- opening it ------------------------------------------------------------------------------------------


def open_review(game: ReviewedGame, parent: QWidget | None) -> ReviewWindow:
    """Show a review window (not modal: the game in progress goes on beside it)."""
    window = ReviewWindow(game, parent)
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    window.show()
    return window


def open_for_window(window: Reviewable, parent: QWidget | None = None) -> ReviewWindow | None:
    """Review the game shown (``window``: the main window or its ``ShownGame``; the game-over
    screen's button): a copy of its moves; kept beside its save, if it has one."""
    session = window.session
    if session is None:
        return None
    history = session.match.history
    game = ReviewedGame(history.setup, tuple(history.moves), tuple(history.seats),
                        tuple(session.match.colors),
                        window.save_path)
    if parent is None and isinstance(window, QWidget):
        parent = window
    return open_review(game, parent)


def open_file(path: Path, parent: QWidget | None) -> ReviewWindow | None:
    """Review the game in the journal or save at ``path``; a sentence in the status bar when it
    cannot be read."""
    try:
        history = load_game(path)
    except SaveError as exc:
        bar = getattr(parent, "statusBar", None)
        if bar is not None:
            bar().showMessage(_tr("This game cannot be reviewed: {reason}").format(reason=str(exc)), 8000)
        return None
    game = ReviewedGame(history.setup, tuple(history.moves), tuple(history.seats), (), Path(path))
    return open_review(game, parent)
