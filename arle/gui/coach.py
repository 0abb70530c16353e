"""The coach (solo, and one person against the computer): Hint shows the move the coach's level
(``arle.ai.COACH_LEVEL``, the level the game review uses too: issue 50) would make now, lit where
the piece would go (a ring on the board, or the button that makes it), with one line of why. It
thinks for a second or two, off the GUI thread (``arle.gui.kit.background.Worker``); any move,
undo or new game drops the hint and cancels a think in progress.

At the end of a solo game the coach plays the same start (setup and seed) as Hard, off the GUI
thread (about a minute), and says what Hard scored (``hardScored``; ``compare_with_hard``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QCoreApplication, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsEllipseItem,
    QGraphicsScene,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from arle.ai import COACH_LEVEL, hint, reason_words
from arle.engine import PlaceWorker
from arle.gui.kit import texts
from arle.gui.kit.level_words import level_name
from arle.gui.kit.style import move_label, of_name, say
from arle.gui.seat_driver import SeatDriver, thinker
from arle.match import GameHistory, Match, play
from arle.match.history import REMOTE

if TYPE_CHECKING:
    from PySide6.QtWidgets import QTabWidget

    from arle.engine import Move
    from arle.gui.boards.board_view import BoardView
    from arle.gui.session import GameSession

#: The ring around a hinted target: a colour no player has and no board uses.
HINT_COLOR = "#d6287a"
HINT_RADIUS = 34.0
#: Around a Worker's spot on an action space card (the spot is about 32 px across).
WORKER_RING_RADIUS = 22.0


def _tr(text: str) -> str:
    return QCoreApplication.translate("Coach", text)


class MoveButtons(Protocol):
    """The decision panel's buttons, as the coach lights them (``side.panels.DecisionPanel``: a
    room above this module's, so named by its shape, not imported)."""

    def button_for(self, move: Move) -> QPushButton | None: ...


class CoachedPage(Protocol):
    """What the coach asks of the game page (``side.game_page.GamePage``, which imports this
    module: the protocol keeps the import one way)."""

    session: GameSession

    @property
    def decision(self) -> MoveButtons: ...

    @property
    def views(self) -> QTabWidget: ...

    def places_of(self, move: Move) -> list[tuple[BoardView, QPointF]]: ...


def mark_ring(view: BoardView, pos: QPointF, r: float, color: str, tip: str,
              dashed: bool = True) -> QGraphicsEllipseItem:
    """A ring of ``color`` around ``pos`` on ``view``'s board, above its pieces (drops and clicks
    go through it): the coach's hint, and the game review's move played and move suggested."""
    ring = QGraphicsEllipseItem(QRectF(pos.x() - r, pos.y() - r, 2 * r, 2 * r))
    pen = QPen(QColor(color), 6)
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    ring.setPen(pen)
    fill = QColor(color)
    fill.setAlpha(40)
    ring.setBrush(QBrush(fill))
    ring.setToolTip(tip)
    view.mark(ring, 1e6)
    return ring


class Coach(QObject):
    """Asks the coach's level for the move now and lights it on the page."""

    #: The hint's words, or "" when it is dropped (the side panel shows them).
    said = Signal(str)
    #: True while the coach thinks about a hint.
    busy = Signal(bool)
    #: Hard's final score playing the same start as this solo game (``compare_with_hard``).
    hardScored = Signal(float)

    def __init__(self, page: CoachedPage, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.page = page
        self.session = page.session
        self.thinker = thinker(self)
        #: Plays the solo game's start as Hard at the end (``compare_with_hard``).
        self.rival = thinker(self)
        #: Hard's score on this game's start, once known.
        self.hard_score: float | None = None
        #: The hinted move and where it is lit (a ring in a scene, or a panel button).
        self.move: Move | None = None
        self.ring: QGraphicsEllipseItem | None = None
        self.button: QPushButton | None = None
        self.session.changed.connect(self.clear)
        self.session.reset.connect(self.clear)

    @property
    def available(self) -> bool:
        """A hint can be asked now: a coached game, and a person to act."""
        s = self.session.match
        return s.coached and not s.game.over and not s.computer_turn

    def ask(self) -> bool:
        """Start the coach's think about the position now; False (and a sentence) when no hint is offered."""
        if not self.session.match.coached:
            self.session.refuse(_tr("Hints are offered in solo and against the computer."))
            return False
        if not self.available:
            self.session.refuse(_tr("There is no move of yours to hint at now."))
            return False
        self.clear()
        game = self.session.match.game.copy()
        at = len(self.session.match.history.moves)
        self.busy.emit(True)
        self.said.emit(_tr("The coach is thinking…"))
        self.thinker.restart(lambda should_stop: hint(game, should_stop, COACH_LEVEL),
                         lambda found: self._found(found, at), self._failed)
        return True

    def compare_with_hard(self) -> bool:
        """At the end of a solo game: play its start as Hard off the GUI thread, then emit
        ``hardScored`` (at once if already known). False when this is no solo game."""
        if not self.session.match.game.state.solo:
            return False
        if self.hard_score is not None:
            self.hardScored.emit(self.hard_score)
            return True
        if not self.rival.busy:
            setup = self.session.match.setup
            self.rival.run(lambda should_stop: hard_score(setup, should_stop), self._scored)
        return True

    def _scored(self, score: float) -> None:
        self.hard_score = score
        self.hardScored.emit(score)

    def stop(self, wait: float = 0.0) -> None:
        """Stop every think (the game is closed)."""
        self.thinker.cancel(wait)
        self.rival.cancel(wait)

    def clear(self, *_: Any) -> None:
        """Drop the hint (the position changed) and stop a think in progress."""
        if self.thinker.busy:
            self.thinker.cancel()
            self.busy.emit(False)
        self.move = None
        if self.ring is not None:
            scene = self.ring.scene()
            if scene is not None:
                scene.removeItem(self.ring)
            self.ring = None
        if self.button is not None:
            self.button.setStyleSheet("")
            self.button = None
        self.said.emit("")

    def _failed(self, error: BaseException) -> None:
        self.busy.emit(False)
        self.said.emit("")

    def _found(self, found: tuple[Move, Any], at: int) -> None:
        self.busy.emit(False)
        if at != len(self.session.match.history.moves):
            return
        move, reason = found
        self.move = move
        self.light(move)
        text = _tr("Hint: {move}. {why}").format(move=move_label(self.session.match.game, move),
                                                 why=say(reason_words(reason)))
        self.said.emit(text)
        self.session.message.emit(text)

    # -- lighting ---------------------------------------------------------------------------------------

    def relight(self, scene: QGraphicsScene) -> None:
        """``scene`` was laid out anew (``BoardScene.laidOut``): a ring on it goes where the
        hinted move's piece goes now."""
        if self.ring is None or self.move is None or self.ring.scene() is not scene:
            return
        scene.removeItem(self.ring)
        self.ring = None
        self.light(self.move)

    def light(self, move: Move) -> None:
        """A ring where ``move``'s piece would go (that board brought forward), else the button
        that makes it outlined; a move made from "More actions" is only said in words."""
        for view, pos in self.page.places_of(move)[:1]:
            # A Worker's spot is small, at the card's right: a ring that fits it leaves the
            # card's words readable.
            self._ring(view, pos, WORKER_RING_RADIUS if isinstance(move, PlaceWorker) else HINT_RADIUS)
            return
        button = self.page.decision.button_for(move)
        if button is not None:
            button.setStyleSheet(f"border: 3px solid {HINT_COLOR}; border-radius: 5px; padding: 4px;")
            self.button = button

    def _ring(self, view: BoardView, pos: QPointF, r: float) -> None:
        ring = self.ring = mark_ring(view, pos, r, HINT_COLOR, _tr("The coach's hint"))
        index = self.page.views.indexOf(view)
        if index >= 0 and self.page.views.currentIndex() != index:
            self.page.views.setCurrentIndex(index)
        view.ensureVisible(ring)

    def target(self) -> tuple[Any, QPointF] | None:
        """Where the hint is lit (the scene and the ring's centre), for tests."""
        if self.ring is None or self.ring.scene() is None:
            return None
        return self.ring.scene(), self.ring.rect().center()


class CoachBar(QFrame):
    """The side panel's line for the computer: "thinking…" during its turn, and the coach's words
    after a Hint. Hidden in a game of two people, and while it has nothing to say: the Hint
    button itself sits in the decision's title row (``DecisionPanel.add_corner``), where it
    takes no room of its own (issue 31: at 1280x720 the players' supply had about four rows)."""

    def __init__(self, page: CoachedPage, coach: Coach, computer: SeatDriver,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = page.session
        self.coach = coach
        self.setObjectName("coachBar")

        self.button = QPushButton(_tr("Hint"))
        self.button.setToolTip(_tr("The move the {level} computer player would make now, and why (H); "
                                   "the game review asks the same level.").format(
                                       level=level_name(COACH_LEVEL)))
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Enter stays with the decision's default
        self.button.clicked.connect(coach.ask)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)
        self.bar.setMaximumHeight(8)
        self.bar.setTextVisible(False)
        self.bar.hide()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setObjectName("hint")
        self.words = QLabel()
        self.words.setWordWrap(True)
        self.words.setObjectName("coachWords")
        self.words.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.status, 1)
        row.addWidget(self.button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 2, 8, 2)
        lay.addLayout(row)
        lay.addWidget(self.bar)
        lay.addWidget(self.words)
        self._thinking = False
        self._hinting = False
        coach.said.connect(self._say)
        coach.hardScored.connect(self._hard_scored)
        coach.busy.connect(self._coach_busy)
        computer.thinking.connect(self._computer_busy)
        self.session.changed.connect(self.refresh)
        self.session.reset.connect(self.refresh)
        self.refresh()

    def refresh(self, *_: Any) -> None:
        s = self.session.match
        idle = s.coached and not s.game.over and not s.computer_turn  # (only the button to offer)
        self.status.setVisible(not idle)
        self.setVisible((s.has_computer or s.coached)
                        and (not idle or not self.words.isHidden() or self._thinking or self._hinting))
        self.button.setVisible(s.coached and not s.game.over)
        self.button.setEnabled(self.coach.available and not self._hinting)
        actor = s.game.actor
        if s.computer_turn and actor is not None and s.seat(actor) == REMOTE:
            name = s.player_name(actor)
            self.status.setText(_tr("Waiting for {name}.").format(name=name, of_name=of_name(name)))
        elif s.computer_turn and actor is not None:
            level = level_name(s.seat(actor))
            text = _tr("{name} (computer, {level}) is thinking…") if self._thinking else \
                _tr("{name} (computer, {level}) plays.")
            self.status.setText(text.format(name=s.player_name(actor), level=level))
        elif s.coached and not s.game.over:
            self.status.setText(_tr("Stuck? Ask the coach."))
        elif s.game.over and s.game.state.solo and self.coach.hard_score is not None:
            self._hard_scored(self.coach.hard_score)
        elif s.game.over and s.game.state.solo:
            self.status.setText(_tr("Hard is playing the same start, to compare…"))
        else:
            self.status.setText("")
        self.bar.setVisible(self._thinking or self._hinting)

    def _hard_scored(self, score: float) -> None:
        mine = self.session.match.game.score(0).total
        text = _tr("Hard, playing the same start, scored {hard} VP (you: {mine} VP).").format(
            hard=texts.say(float(score)), mine=texts.say(float(mine)))
        self.status.setText(text)
        self.session.message.emit(text)

    def _say(self, text: str) -> None:
        self.words.setText(text)
        self.words.setVisible(bool(text))
        self.refresh()

    def _coach_busy(self, on: bool) -> None:
        self._hinting = on
        self.refresh()

    def _computer_busy(self, on: bool) -> None:
        self._thinking = on
        self.refresh()


def hard_score(setup: Any, should_stop: Any = None) -> float:
    """Hard's final score playing a solo game from ``setup`` (the same start: same seed), by the
    match's loop."""
    return play(Match(GameHistory(setup, seats=("hard",))), should_stop).game.score(0).total
