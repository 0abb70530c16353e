"""The guided first game (Help > Guided first game, issue 13): a seeded solo game in which, for
the first half-year, a card over the boards says what is being decided, suggests a move with a
reason (the computer player's Hint, ``arle.ai.hint``, computed off the GUI thread), marks where
to drag or click, and explains the action space a Worker would use. The player may follow the
suggestion or not; "Leave the guide" ends it at any time and the game goes on as a normal solo
game.

The tutorial belongs to its game page: it dies with it (New Game, Open, closing the window).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from arle.ai import hint, reason_words
from arle.engine import ACTION_SPACES, Phase, PlaceWorker, Setup, noun
from arle.gui.kit.background import Worker
from arle.gui.kit.style import move_label
from arle.gui.kit.texts import HOWTO_SCHEME, howto_link, say
from arle.match.history import GameHistory

if TYPE_CHECKING:
    from arle.engine import Game, Move
    from arle.gui.boards.board_view import BoardView
    from arle.gui.session import GameSession
    from arle.gui.side.game_page import GamePage

#: The tutorial's game: solo, the first-game buildings (rulebook p. 14 recommends the light green
#: Starter Houses for a first game), always the same seed so that the guide reads the same.
SEED = 7
MARK_COLOR = QColor("#e8590c")
CARD_WIDTH = 340


def _tr(text: str) -> str:
    return QCoreApplication.translate("Tutorial", text)


def tutorial_setup(name: str) -> Setup:
    return Setup(players=1, seed=SEED, names=(name,), building_set="first_game")


def is_guided(setup: Mapping[str, object]) -> bool:
    """Whether a journal's setup record (``files.journal.GameEntry.setup``) is the guided game's."""
    return (setup.get("players") == 1 and setup.get("seed") == SEED
            and setup.get("building_set") == "first_game")


def _hint(game: Game) -> tuple[Move, str]:
    """On the worker thread: the Hint for a copy of the game, with its reason in words."""
    move, reason = hint(game)
    return move, say(reason_words(reason))


class GuidedGame(Protocol):
    """What the guide asks of the game shown (``shell.shown_game.ShownGame``)."""

    page: GamePage
    session: GameSession
    tutorial: Tutorial | None


class GuidedWindow(Protocol):
    """What the guide asks of the main window (``shell.main_window.MainWindow``, which imports
    this module: the protocol keeps the import one way)."""

    @property
    def shown(self) -> GuidedGame | None: ...

    def set_tutorial_done(self) -> None: ...
    def show_how_to_play(self, section: str | None = None) -> None: ...


class TutorialCard(QFrame):
    """The guide's card, floating over the bottom right of the boards."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("tutorialCard")
        self.setStyleSheet("#tutorialCard { background: #fffaf0; border: 2px solid #e8590c; "
                           "border-radius: 10px; } #tutorialTitle { font-weight: 700; font-size: 15px; }")
        self.setFixedWidth(CARD_WIDTH)
        lay = self._lay = QVBoxLayout(self)
        lay.setContentsMargins(14, 10, 14, 10)
        self.title = QLabel()
        self.title.setObjectName("tutorialTitle")
        self.title.setWordWrap(True)
        self.body = QLabel()
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setObjectName("tutorialBody")
        self.more = QLabel()
        self.more.setObjectName("tutorialLinks")
        self.leave = QPushButton(_tr("Leave the guide"))
        self.leave.setObjectName("leaveTutorial")
        row = QHBoxLayout()
        row.addWidget(self.more, 1)
        row.addWidget(self.leave)
        lay.addWidget(self.title)
        lay.addWidget(self.body)
        lay.addLayout(row)

    def place(self, avoid: QRect | None = None) -> None:
        """In a corner of the parent: bottom right, unless that covers ``avoid`` (the mark the
        player must see, in the parent's coordinates); then the first corner that does not."""
        parent = self.parentWidget()
        if parent is None:
            return
        self.resize(CARD_WIDTH, self._lay.totalHeightForWidth(CARD_WIDTH))
        w, h, m = parent.width(), parent.height(), 16
        right, bottom = max(0, w - self.width() - m), max(0, h - self.height() - m)
        corners = [QPoint(right, bottom), QPoint(right, 40), QPoint(m, bottom), QPoint(m, 40)]
        spot = next((c for c in corners if avoid is None or not QRect(c, self.size()).intersects(avoid)),
                    corners[0])
        self.move(spot)
        self.raise_()


class Tutorial(QObject):
    """Follows the session: one suggestion per decision, marks on the boards, the card's text."""

    def __init__(self, window: GuidedWindow) -> None:
        assert window.shown is not None, "the guided game is shown first"
        super().__init__(window.shown.page)
        import arle.ai  # noqa: F401 - imported here, not first on the worker thread
        self.window = window
        self.shown = window.shown
        self.page: GamePage = self.shown.page
        self.session: GameSession = self.shown.session
        self.worker = Worker(self)
        #: The suggestion for the position ``_key`` (None while it is being computed).
        self.suggestion: tuple[Move, str] | None = None
        self._key: tuple[int, int] | None = None
        self.marks: list[tuple[QGraphicsScene, QGraphicsItem]] = []
        self.active = True
        self.finished = False
        self.card = TutorialCard(self.page.views)
        self.card.leave.clicked.connect(self.leave)
        self.card.more.linkActivated.connect(self._link_activated)
        self.page.views.installEventFilter(self)
        self.page.views.currentChanged.connect(lambda *_: self.card.place(self._mark_rect()))
        self.session.changed.connect(self.update)
        self.session.reset.connect(self.update)
        self.page.board_scene.laidOut.connect(self.update)  # (the frame follows its space)
        self.card.show()
        self.update()

    # -- following the game ------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.page.views and event.type() == QEvent.Type.Resize:
            self.card.place(self._mark_rect())
        return super().eventFilter(watched, event)

    def _link_activated(self, url: str) -> None:
        scheme, _, section = url.partition(":")
        if scheme == HOWTO_SCHEME:
            self.window.show_how_to_play(section or "overview")

    def position_key(self) -> tuple[int, int]:
        return (len(self.session.match.history.moves), id(self.session.match.game))

    def update(self, *_: object) -> None:
        if not self.active:
            return
        game = self.session.match.game
        self._clear_marks()
        if game.over or game.state.half_year > 1:
            self._finish()
            return
        self.finished = False  # (undone back into the first half-year)
        key = self.position_key()
        if key != self._key:
            self._key, self.suggestion = key, None
        self._show_text()
        if self.suggestion is None:
            self._ask()
        else:
            self._mark(self.suggestion[0])

    def _ask(self) -> None:
        """Compute the Hint for the position shown, off the GUI thread; a worker still busy with
        an older position asks again when it is done."""
        if self.worker.busy:
            return
        key, game = self._key, self.session.match.game.copy()

        def done(result: tuple[Move, str]) -> None:
            if not self.active:
                return
            if key == self.position_key():
                self.suggestion = result
                self._show_text()
                self._mark(result[0])
            else:
                self.update()

        self.worker.run(lambda _stop: _hint(game), done, lambda exc: self._failed(exc))

    def _failed(self, exc: BaseException) -> None:
        if self.active:
            self.card.body.setText(html.escape(_tr("No suggestion this time ({error}); any move will do.")
                                               .format(error=exc)))
            self.card.place()

    # -- the card -----------------------------------------------------------------------------------

    def _show_text(self) -> None:
        game = self.session.match.game
        card = self.card
        placing = game.decision is None and game.state.phase is Phase.WORK
        card.title.setText(_tr("Guided first game: your first summer"))
        esc = html.escape
        parts = []
        if placing:
            left = len(game.state.placements)
            parts.append(esc(_tr("Your turn: take your next Worker off the month track to an action space "
                                 "({n} left this half-year). Hover over a space to read what it does.")
                             .format(n=left)))
        else:
            parts.append(esc(_tr("Now: {prompt}").format(prompt=say(game.prompt()))))
        if self.suggestion is None:
            parts.append("<i>" + esc(_tr("Thinking of a good move…")) + "</i>")
        else:
            move, reason = self.suggestion
            parts.append("<b>" + esc(_tr("Suggested: {move}").format(move=move_label(game, move))) + "</b>")
            if isinstance(move, PlaceWorker):
                space = ACTION_SPACES[move.space]
                parts.append(esc(_tr("The {space} space: {text}").format(space=say(noun(space.name)),
                                                                         text=say(noun(space.text)))))
            parts.append(esc(_tr("Why: {reason}").format(reason=reason)))
            parts.append(esc(self._where(move)))
        card.body.setText("<br><br>".join(parts))
        section = "work-phase" if game.state.phase in (Phase.WORK, Phase.FINAL_TURNS) else "inventorying"
        card.more.setText(howto_link(section, _tr("How to play")))
        card.leave.setText(_tr("Leave the guide"))
        card.place()

    def _where(self, move: Move) -> str:
        if isinstance(move, PlaceWorker):
            return _tr("Drag your next Worker from the month track onto the space framed in orange "
                       "(or click that space).")
        for view, _pos in self.page.places_of(move)[:1]:
            index = self.page.views.indexOf(view)
            name = self.page.tab_names[index] if index >= 0 else ""
            return _tr("On the tab “{tab}”: drag or click where the orange ring is.").format(tab=name)
        return _tr("Use the button in the side panel.")

    def _finish(self) -> None:
        self.finished = True
        self.card.title.setText(_tr("Well done: your first half-year is over"))
        self.card.body.setText(html.escape(_tr(
            "Your farm produced and your family ate in the November inventorying. From here on you "
            "play alone: the game goes on for eight more half-years. Help ▸ How to play explains "
            "scoring.")))
        self.card.more.setText(howto_link("scoring", _tr("How scoring works")))
        self.card.leave.setText(_tr("Close the guide"))
        self.card.place()
        self._remember_done()

    def leave(self) -> None:
        """End the guide now: the card and the marks go, the game goes on."""
        self.active = False
        self._clear_marks()
        self.session.changed.disconnect(self.update)
        self.session.reset.disconnect(self.update)
        self.card.hide()
        self.card.deleteLater()
        self._remember_done()
        if self.shown.tutorial is self:
            self.shown.tutorial = None

    def _remember_done(self) -> None:
        self.window.set_tutorial_done()

    # -- marks on the boards ---------------------------------------------------------------------------

    def _mark(self, move: Move) -> None:
        """An orange frame round the space a Worker should go to, or a ring where the suggested
        move is dragged or clicked."""
        self._clear_marks()
        pen = QPen(MARK_COLOR, 6)
        board = self.page.board_scene
        if isinstance(move, PlaceWorker) and move.space in board.spaces:
            frame = QGraphicsRectItem(board.spaces[move.space].rect.adjusted(-5, -5, 5, 5))
            frame.setPen(pen)
            self._add(self.page.board_view, frame)
            return
        for view, pos in self.page.places_of(move):
            ring = QGraphicsEllipseItem(QRectF(pos - QPointF(28, 28), pos + QPointF(28, 28)))
            ring.setPen(pen)
            self._add(view, ring)

    def _add(self, view: BoardView, item: QGraphicsItem) -> None:
        self.marks.append((view.board, view.mark(item, 5000)))
        self.card.place(self._mark_rect())

    def _mark_rect(self) -> QRect | None:
        """Where the marks of the board shown lie, in the tab widget's coordinates."""
        views = self.page.views
        shown = views.currentWidget()
        for scene, item in self.marks:
            if isinstance(shown, QGraphicsView) and shown in scene.views():
                polygon = shown.mapFromScene(item.sceneBoundingRect())
                rect = polygon.boundingRect()
                return QRect(shown.viewport().mapTo(views, rect.topLeft()), rect.size())
        return None

    def _clear_marks(self) -> None:
        for scene, item in self.marks:
            try:
                if item.scene() is scene:
                    scene.removeItem(item)
            except RuntimeError:  # the scene went with its page
                pass
        self.marks = []


def start(window: GuidedWindow, name: str, install: Callable[[GameHistory], None]) -> Tutorial:
    """Start the guided game (a new solo game for ``name``, shown by ``install``) and its guide."""
    # a seat at its default name is said in the window's language ("Joueur 1")
    install(GameHistory(tutorial_setup(name or _tr("Player {n}").format(n=1))))
    guide = Tutorial(window)
    guide.shown.tutorial = guide
    return guide
