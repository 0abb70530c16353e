"""A gesture driver: plays a legal engine move through the real main window, the way a player
would, so that tests and the GUI monkey (``arle fuzz gui``) find moves a player cannot make.

For each move it finds where the move is done (a Worker dragged on the game board, a tile, Dike,
Peat or Animal dragged on the Home Board, goods or a destination dragged onto a vehicle on the
Storage board, a tool track or building clicked, a decision button, an entry of the "More
actions" popup menu), clicks the tab that shows that view, sends real mouse press/move/release
events to the view's viewport, and checks that the session's history grew by exactly that move.
A move that has no gesture where a player would look for it raises ``NoGesture``: a GUI bug,
named by the move. ``illegal_drop`` and ``random_click`` are the monkey's other gestures: a piece
dropped where no legal target is must snap back, change nothing and say why; a random click may
make at most one legal move.

Mouse events are sent with ``QApplication.sendEvent`` (no QtTest), so the driver also runs from
``python -m arle fuzz gui`` in an installed copy.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QMouseEvent
from PySide6.QtWidgets import QApplication, QGraphicsView, QMenu, QScrollArea, QWidget

from arle.engine import (
    AdvanceTool,
    Choose,
    CutPeat,
    Done,
    EndTurn,
    Flip,
    Load,
    Move,
    MoveAnimal,
    MoveDike,
    OptionKind,
    Pay,
    PlaceKind,
    PlaceTile,
    PlaceWorker,
    ReleaseAnimal,
    ReturnEquipment,
    SkipPlacement,
    describe,
    place,
)
from arle.gui.boards.board_view import BoardView
from arle.gui.boards.pieces import DRAG_THRESHOLD, ClickItem, DragPiece
from arle.gui.boards.scene import GameScene

if TYPE_CHECKING:
    from arle.gui.session import GameSession
    from arle.gui.shell.main_window import MainWindow
    from arle.gui.side.game_page import GamePage

#: Gesture kinds, as counted by ``GestureDriver.counts``.
DRAG, CLICK, BUTTON, MENU = "drag", "click", "button", "menu"

#: Moves made on a board scene: a driver that finds no place for one of them raises ``NoGesture``
#: (the "More actions" menu lists them too, but a player should not need it for these).
SCENE_MOVES = (
    PlaceWorker, PlaceTile, MoveDike, CutPeat, MoveAnimal, ReleaseAnimal,
    Load, ReturnEquipment, Flip, AdvanceTool,
)


class NoGesture(AssertionError):
    """A legal move that no gesture of the window makes (a GUI bug)."""


class GestureFailed(AssertionError):
    """A gesture was made but the history did not grow by exactly the intended move."""


# -- real mouse events --------------------------------------------------------------------------------


def _send(widget: QWidget, kind: QEvent.Type, point: QPoint, button: Qt.MouseButton,
          buttons: Qt.MouseButton) -> None:
    event = QMouseEvent(kind, QPointF(point), QPointF(widget.mapToGlobal(point)), button, buttons,
                        Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, event)


def press(widget: QWidget, point: QPoint) -> None:
    _send(widget, QEvent.Type.MouseButtonPress, point, Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton)


def move_held(widget: QWidget, point: QPoint) -> None:
    """A mouse move with the left button held."""
    _send(widget, QEvent.Type.MouseMove, point, Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton)


def release(widget: QWidget, point: QPoint) -> None:
    _send(widget, QEvent.Type.MouseButtonRelease, point, Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton)


def settle() -> None:
    """Let the window catch up as the running event loop would: pending events, redraws, and the
    widgets waiting for ``deleteLater`` (which ``processEvents`` alone never deletes outside
    ``exec``: old decision buttons would pile up, still visible)."""
    QApplication.processEvents()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    QApplication.processEvents()


def click_widget(widget: QWidget, point: QPoint | None = None) -> None:
    """Press and release the left button on ``widget`` (its centre by default)."""
    point = widget.rect().center() if point is None else point
    press(widget, point)
    release(widget, point)
    QApplication.processEvents()


def scroll_to(widget: QWidget) -> None:
    """Scroll every scroll area holding ``widget`` so that it shows (as a player would)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            parent.ensureWidgetVisible(widget)
        parent = parent.parentWidget()
    QApplication.processEvents()


def view_point(view: QGraphicsView, scene_pos: QPointF) -> QPoint:
    return view.mapFromScene(scene_pos)


def drag(view: QGraphicsView, src: QPointF, dst: QPointF, steps: int = 6) -> None:
    """Press at scene position ``src``, move in steps, release at ``dst``; then let the scene redraw."""
    a, b = view_point(view, src), view_point(view, dst)
    vp = view.viewport()
    press(vp, a)
    for i in range(1, steps + 1):
        t = i / steps
        move_held(vp, QPoint(round(a.x() + (b.x() - a.x()) * t), round(a.y() + (b.y() - a.y()) * t)))
    release(vp, b)
    QApplication.processEvents()


def click(view: QGraphicsView, pos: QPointF) -> None:
    """A click at scene position ``pos``."""
    click_widget(view.viewport(), view_point(view, pos))


# -- the driver ---------------------------------------------------------------------------------------------


class GestureDriver:
    """Plays moves through ``window`` (a ``MainWindow`` with a game installed).

    ``rng``: when given, a move that can be made in several ways (a Worker dragged or its space
    clicked, Peat dragged or clicked) is made in a random one of them; without it the drag is used.
    ``counts`` tells how many moves were made by each kind of gesture."""

    def __init__(self, window: MainWindow, rng: random.Random | None = None) -> None:
        self.window = window
        self.rng = rng
        self.counts: Counter[str] = Counter()
        self.by_type: Counter[str] = Counter()
        #: (move type name, gesture kind) -> count, e.g. ("PlaceWorker", "drag").
        self.by_gesture: Counter[tuple[str, str]] = Counter()
        self.refused_drops = 0
        #: "Place here anyway?" (a Worker where it gives nothing): a player who made the gesture
        #: means it, so the driver clicks "Place anyway" while the dialog waits.
        self.confirmations = 0
        self._answerer = QTimer(window)
        self._answerer.setInterval(10)
        self._answerer.timeout.connect(self._answer_confirmation)
        self._answerer.start()

    def _answer_confirmation(self) -> None:
        from arle.gui.boards.confirm import answer

        if answer(True):
            self.confirmations += 1

    # -- where things are ---------------------------------------------------------------------------------

    @property
    def page(self) -> GamePage:
        assert self.window.shown is not None, "no game installed"
        return self.window.shown.page

    @property
    def session(self) -> GameSession:
        assert self.window.shown is not None, "no game installed"
        return self.window.shown.session

    def show_tab(self, widget: QWidget) -> None:
        """Click the tab of ``widget`` (a player switches views with the tab bar)."""
        tabs = self.page.views
        index = tabs.indexOf(widget)
        if index < 0:
            raise NoGesture(f"no tab shows {widget!r}")
        if tabs.currentIndex() != index:
            bar = tabs.tabBar()
            click_widget(bar, bar.tabRect(index).center())
            if tabs.currentIndex() != index:
                raise GestureFailed(f"clicking tab {tabs.tabText(index)!r} did not show it")
        QApplication.processEvents()

    def board(self) -> tuple[BoardView, GameScene]:
        return self._shown(self.page.board_view)

    def home(self, player: int) -> tuple[BoardView, GameScene]:
        return self._shown(self.page.home_views[player])

    def storage(self, player: int) -> tuple[BoardView, GameScene]:
        return self._shown(self.page.storage_views[player])

    def _shown(self, view: BoardView) -> tuple[BoardView, GameScene]:
        self.show_tab(view)
        return view, view.board

    def where(self, move: Move, actor: int) -> tuple[BoardView, GameScene] | None:
        """The board a player makes ``move`` on, brought forward; None: no board (a button or
        the "More actions" menu)."""
        if isinstance(move, PlaceWorker | AdvanceTool):
            return self.board()
        if isinstance(move, PlaceTile | MoveDike | MoveAnimal | ReleaseAnimal | CutPeat):
            return self.home(actor)
        if isinstance(move, Load | ReturnEquipment):
            return self.storage(actor)
        if isinstance(move, Flip):
            return self.storage(actor) if place(move.target).kind is PlaceKind.EQUIPMENT else self.home(actor)
        if isinstance(move, Choose) and self.page.board_scene.target_pos(move) is not None:
            return self.board()
        d = self.session.match.game.decision
        if isinstance(move, Choose | Done) and d is not None and d.option_kind is OptionKind.SALE:
            return self.storage(actor)  # the sale panel of the Storage board
        return None

    # -- playing ---------------------------------------------------------------------------------------------

    def play(self, move: Any) -> str:
        """Make ``move`` (legal now) by a gesture; returns the gesture kind. Raises ``NoGesture``
        when the window offers no way to make it, ``GestureFailed`` when the gesture did not end
        in exactly this move."""
        settle()  # a player acts on what the window shows after the last change
        session = self.session
        if move not in session.match.legal_moves():
            raise ValueError(f"not legal now: {describe(move)}")
        before = len(session.match.history.moves)
        kind = self._gesture(move)
        settle()
        moves = session.match.history.moves
        if len(moves) != before + 1 or moves[-1] != move:
            got = [describe(m) for m in moves[before:]]
            raise GestureFailed(f"{kind} for {describe(move)} made {got or 'no move'}; "
                                f"status: {self.window.statusBar().currentMessage()!r}")
        self.counts[kind] += 1
        self.by_type[type(move).__name__] += 1
        self.by_gesture[type(move).__name__, kind] += 1
        return kind

    def _gesture(self, move: Any) -> str:
        actor = self.session.match.game.actor
        actor = 0 if actor is None else actor
        board = self.where(move, actor)
        if board is not None:
            return self._on_board(*board, move)
        if isinstance(move, Choose | Pay | Done | EndTurn | SkipPlacement):
            return self._button(move)
        if isinstance(move, SCENE_MOVES):
            raise NoGesture(f"no scene gesture for {describe(move)}")
        return self._menu(move)

    def _on_board(self, view: BoardView, scene: GameScene, move: Any) -> str:
        """Drag the piece that makes ``move`` from where the board says it lies to where it says
        it goes; a move with no piece to grab is a click on its place. Where a player could click
        instead (a Worker's space, a Peat token) ``rng`` picks one or the other."""
        src, dst = scene.source_pos(move), scene.target_pos(move)
        name = type(scene).__name__
        if dst is None:
            raise NoGesture(f"the {name} has no place for {describe(move)}")
        if src is None:
            if isinstance(move, PlaceTile | MoveDike | MoveAnimal | ReleaseAnimal | CutPeat
                          | Load | ReturnEquipment):
                raise NoGesture(f"the {name} has no piece for {describe(move)}")
            click(view, grab_point(view, dst, move))
            return CLICK
        if isinstance(move, PlaceWorker) and self.rng is not None and self.rng.random() < 0.25:
            click(view, dst)
            return CLICK
        if handed_down(scene, src, move):  # (the decision's piece beneath takes the press)
            return self._menu(move)
        src = grab_point(view, src, move)
        if isinstance(move, CutPeat) and self.rng is not None and self.rng.random() < 0.5:
            click(view, src)
            return CLICK
        drag(view, src, dst)
        return DRAG

    def _button(self, move: Any) -> str:
        panel = self.page.decision
        button = panel.button_for(move)
        if button is None:
            raise NoGesture(f"the decision panel has no button for {describe(move)}")
        scroll_to(button)
        if not (button.isVisible() and button.isEnabled()) or button.visibleRegion().isEmpty():
            raise NoGesture(f"the button for {describe(move)} is hidden or disabled")
        click_widget(button)
        return BUTTON

    def _menu(self, move: Any) -> str:
        """Open "More actions" with a click, open the submenu holding the move if it is grouped,
        and click the entry whose text names the move (as a player reads it)."""
        from arle.gui.kit.style import move_label

        panel = self.page.decision
        scroll_to(panel.more)
        if not panel.more.isEnabled() or not panel.more.isVisible():
            raise NoGesture(f'"More actions" is not available for {describe(move)}')
        label = move_label(self.session.match.game, move)
        picker = _MenuPicker(label)
        picker.start()
        try:
            click_widget(panel.more)
            settle()
        finally:
            picker.stop()
        if not self.window.isActiveWindow():
            # A window system gives the activation back when a popup closes; the offscreen
            # platform leaves it on the closed menu, and Ctrl+Z would go nowhere.
            self.window.activateWindow()
            settle()
        if picker.error:
            raise NoGesture(f'"More actions" {picker.error} for {describe(move)} ({label!r})')
        return MENU

    # -- undo, redo ------------------------------------------------------------------------------------------

    def undo(self) -> bool:
        """Edit > Undo (when enabled); True if a move was taken back."""
        return self._edit(self.window.menus.undo, -1)

    def redo(self) -> bool:
        return self._edit(self.window.menus.redo, +1)

    def _edit(self, action: QAction, delta: int) -> bool:
        if not action.isEnabled():
            return False
        before = len(self.session.match.history.moves)
        action.trigger()
        settle()
        after = len(self.session.match.history.moves)
        if after != before + delta:
            raise GestureFailed(f"{action.text()} changed the move count from {before} to {after}")
        self.counts["undo" if delta < 0 else "redo"] += 1
        return True

    # -- refused drops ---------------------------------------------------------------------------------------

    def _random_board_view(self, rng: random.Random) -> BoardView:
        """One of the board views, chosen by ``rng`` and brought forward."""
        page = self.page
        view = rng.choice([page.board_view, *page.home_views, *page.storage_views])
        self.show_tab(view)
        return view

    def illegal_drop(self, rng: random.Random) -> str | None:
        """Drag a random piece of a random view to a place that is no legal target; check that it
        snaps back, changes nothing and that the status bar says why. Returns what was dragged
        (None if the chosen view had no piece)."""
        session = self.session
        view = self._random_board_view(rng)
        scene = view.board
        pieces = [i for i in scene.items_now() if isinstance(i, DragPiece)
                  and not (i.spec.drop_anywhere and i.spec.drop_anywhere())]
        if not pieces:
            return None
        piece = rng.choice(pieces)
        src = visible_point(view, piece, piece.mapToScene(piece.rect.center()))
        if src is None:  # covered (by the sale panel): no player can grab it
            return None
        # (let go on its own place, a piece snaps back and nothing is said: no refusal to check)
        home = piece.spec.home if piece.spec.home is not None else piece.mapRectToScene(piece.rect)
        forbidden = [c.rect for c in piece.spec.candidates()] + [home]
        what = f"{type(scene).__name__} piece at ({src.x():.0f},{src.y():.0f})"
        dst = _free_point(rng, scene.sceneRect(), src, forbidden)
        if dst is None:
            return None
        before_moves = list(session.match.history.moves)
        before_game = session.match.game
        messages: list[str] = []
        session.message.connect(messages.append)
        try:
            drag(view, src, dst)
        finally:
            session.message.disconnect(messages.append)
        if session.match.history.moves != before_moves or session.match.game is not before_game:
            raise GestureFailed(f"a drop of the {what} at ({dst.x():.0f},{dst.y():.0f}), no legal target, "
                                f"made {[describe(m) for m in session.match.history.moves[len(before_moves):]]}")  # noqa: E501
        if not messages:
            raise GestureFailed(f"a refused drop of the {what} at ({dst.x():.0f},{dst.y():.0f}) "
                                "said nothing in the status bar")
        if piece.scene() is scene and piece.pos() != piece.rest:  # not rebuilt: it must be back
                raise GestureFailed(f"the {what} did not snap back (at {piece.pos()})")
        self.refused_drops += 1
        return what

    def random_click(self, rng: random.Random) -> Any:
        """Click a random point of a random board view (mostly inside one of its items). A click
        may make a move (a glowing space, tool track, tile or sale button); it must then be exactly
        one move that was legal. Returns that move, or None when the click changed nothing."""
        session = self.session
        view = self._random_board_view(rng)
        legal = list(session.match.legal_moves())
        before = list(session.match.history.moves)
        scene = view.scene()
        items = scene.items_now()
        area = rng.choice(items).sceneBoundingRect() if items and rng.random() < 0.7 else scene.sceneRect()
        pos = _random_point(rng, area.intersected(scene.sceneRect()).adjusted(-2, -2, 2, 2))
        click(view, pos)
        settle()
        self.counts["random_click"] += 1
        moves = session.match.history.moves
        if moves == before:
            return None
        made = moves[len(before):]
        if moves[:len(before)] != before or len(made) != 1 or made[0] not in legal:
            raise GestureFailed(f"a click at ({pos.x():.0f},{pos.y():.0f}) of {type(view.scene()).__name__} "
                                f"made {[describe(m) for m in made]}")
        self.counts["random_click_move"] += 1
        return made[0]


class _MenuPicker:
    """Clicks through the popup menus opened by a click on "More actions": while the menu runs
    its own event loop, a timer finds the entry ``label`` (first in the open menu, else in the
    submenu that holds it), hovers and clicks it. A guard closes the menus if nothing is found."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.error = ""
        self.tries = 0
        self.guard = QTimer()
        self.guard.setSingleShot(True)
        self.guard.setInterval(5000)
        self.guard.timeout.connect(self._give_up)

    def start(self) -> None:
        self.guard.start()
        QTimer.singleShot(0, self._step)

    def stop(self) -> None:
        self.guard.stop()
        if not self.error and self.tries == 0:
            self.error = "did not open"

    def _step(self) -> None:
        if not self.guard.isActive():
            return
        self.tries += 1
        popup = QApplication.activePopupWidget()
        if not isinstance(popup, QMenu):
            if self.tries < 50:
                QTimer.singleShot(10, self._step)
            else:
                self._give_up("did not open")
            return
        for action in popup.actions():
            if action.text() == self.label and action.menu() is None and action.isEnabled():
                self._click(popup, action)
                return
        for action in popup.actions():
            sub = action.menu()
            if sub is not None and any(a.text() == self.label for a in sub.actions()):
                self._click(popup, action)  # opens the submenu
                QTimer.singleShot(0, self._step)
                return
        self._give_up("has no entry")

    @staticmethod
    def _click(menu: QMenu, action: QAction) -> None:
        point = menu.actionGeometry(action).center()
        _send(menu, QEvent.Type.MouseMove, point, Qt.MouseButton.NoButton, Qt.MouseButton.NoButton)
        press(menu, point)
        release(menu, point)

    def _give_up(self, why: str = "did not close") -> None:
        self.error = self.error or why
        popup = QApplication.activePopupWidget()
        while popup is not None:
            popup.close()
            popup = QApplication.activePopupWidget()


def makes(piece: Any, move: Any) -> bool:
    """Whether dragging or clicking ``piece`` (a ``DragPiece``) can make ``move``."""
    spec = piece.spec
    return (any(c.move == move for c in spec.candidates())
            or (spec.click_move is not None and spec.click_move() == move)
            or (spec.drop_anywhere is not None and spec.drop_anywhere() == move))


def _top_piece(scene: Any, pos: QPointF) -> Any:
    """The piece a press at ``pos`` would grab (the topmost one that takes mouse presses and does
    not hand them to the piece beneath)."""
    return next((i for i in scene.items_now(pos) if isinstance(i, DragPiece | ClickItem)
                 and not (isinstance(i, DragPiece) and i.spec.beneath and i.spec.beneath())), None)


def handed_down(scene: Any, pos: QPointF, move: Any) -> bool:
    """Whether the piece at ``pos`` that makes ``move`` hands its presses to the piece beneath
    (an Animal on a Dike the decision asks to move): it cannot be dragged now."""
    owner = next((i for i in scene.items_now(pos) if isinstance(i, DragPiece) and makes(i, move)), None)
    return owner is not None and bool(owner.spec.beneath and owner.spec.beneath())


def grab_point(view: QGraphicsView, pos: QPointF, move: Any) -> QPointF:
    """Where to press to grab the piece under ``pos`` that makes ``move``: ``pos`` itself unless
    another piece lies on top there (an Animal standing on a Dike), then the visible point of the
    piece nearest to ``pos``, as a player would grab it."""
    scene = view.scene()
    owner = next((i for i in scene.items_now(pos) if isinstance(i, DragPiece) and makes(i, move)), None)
    if owner is None:
        return pos
    return visible_point(view, owner, pos) or pos


def visible_point(view: QGraphicsView, piece: Any, near: QPointF) -> QPointF | None:
    """The point of ``piece`` nearest to ``near`` where a press grabs it and no other piece lying
    on top (clear by a few pixels: a press hits everything under its pixel); None if it is covered."""
    scene = view.scene()
    d = 3.0 / max(view.transform().m11(), 1e-3)

    def clear(p: QPointF) -> bool:
        return all(_top_piece(scene, p + QPointF(dx, dy)) is piece for dx in (-d, 0, d) for dy in (-d, 0, d))

    if clear(near):
        return near
    rect = piece.mapRectToScene(piece.rect)
    points = [QPointF(rect.left() + rect.width() * (i + 0.5) / 16,
                      rect.top() + rect.height() * (j + 0.5) / 12)
              for i in range(16) for j in range(12)]
    points.sort(key=lambda p: (p - near).manhattanLength())
    return next((p for p in points if clear(p)), None)


def _random_point(rng: random.Random, area: QRectF) -> QPointF:
    return QPointF(rng.uniform(area.left() + 2, area.right() - 2),
                   rng.uniform(area.top() + 2, area.bottom() - 2))


def _free_point(rng: random.Random, area: QRectF, src: QPointF, forbidden: list[QRectF],
                tries: int = 60) -> QPointF | None:
    """A random point of ``area`` outside every rectangle of ``forbidden`` (with a margin), far
    enough from ``src`` to be a drag and not a click."""
    margin = [r.adjusted(-4, -4, 4, 4) for r in forbidden]
    for _ in range(tries):
        p = _random_point(rng, area)
        if (p - src).manhattanLength() < 4 * DRAG_THRESHOLD:
            continue
        if not any(r.contains(p) for r in margin):
            return p
    return None

