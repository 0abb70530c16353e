"""The scenes of the boards: one design for all of them.

A ``GameScene`` shows ``session.match.game.state`` and turns gestures into moves. Its pieces handle the
mouse themselves (``arle.gui.boards.pieces``: a ``DragPiece`` is dragged or clicked, a ``ClickItem``
clicked), each ending in ``play`` (``session.try_apply``: a refused move says the engine's
reason). It redraws after ``session.changed``, deferred to the event loop (never inside a piece's
own mouse handler) and done at once before the next mouse press or position query, so it is
never stale; a scene in a tab behind another waits until it is shown (``ensure_fresh``). It says
where a move is made (``source_pos``, ``target_pos``) for tests and the gesture driver.

How it redraws is the subclass's: ``BoardScene`` (the game board) keeps its items and repaints
those whose look changed; a ``SessionScene`` (Home Board, Storage, supply) rebuilds from
``build``, keeping the texts, boxes and pieces that show the same as before, so a move costs
what it changed, not the whole board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
)

from arle.gui.boards.boxes import BoxItem, ZoomedPicture, box_path, box_pen
from arle.gui.boards.motion import Motions, Snapshot
from arle.gui.boards.pieces import DragHelper, Lights, PieceItem, font, tr, word_font
from arle.gui.kit.pictures import PictureItem

if TYPE_CHECKING:
    from collections.abc import Callable

    from arle.engine import Move, PlayerState
    from arle.gui.session import GameSession

#: An item ``add_item`` hands back: the one given, or one of the last build that looks the same.
_Item = TypeVar("_Item", bound=QGraphicsItem)


class SceneText(QGraphicsSimpleTextItem):
    """A one-line text of a board. Boards rebuild what changed, and a rich text item costs a text
    document made and laid out: about five times this one. Placed where a rich text item at the
    same point shows its text (inside its document margin)."""

    MARGIN = 4.0

    def __init__(self, text: str, font: QFont, color: QColor) -> None:
        super().__init__(text)
        self.setFont(font)
        self.setBrush(color)

    def toPlainText(self) -> str:
        """The text, as a rich text item says it (tests and tools read both alike)."""
        return self.text()


class GameScene(QGraphicsScene):
    """A board drawn from ``session.match.game.state``; subclasses implement ``redraw``."""

    def __init__(self, session: GameSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.drag: Lights = DragHelper(self)
        #: The view's zoom (logical pixels a scene unit, and the device's ratio): the pictures of
        #: boxes and grounds are made for it (``boxes.ZoomedPicture``).
        self.zoom = (1.0, 1.0)
        self._dirty = True
        self._scheduled = False
        #: Pieces gliding to their new places (``arle.gui.boards.motion``); only after a move is played,
        #: never after undo, redo or a new game.
        self.motions = Motions(self)
        self._animate = False
        #: (old centre, drop point) of the piece the player just dropped on this scene.
        self.dropped: tuple[QPointF, QPointF] | None = None
        session.changed.connect(self._on_changed)
        session.reset.connect(self._on_changed)

    # -- redrawing -------------------------------------------------------------------------------------

    def _note_change(self, args: tuple[Any, ...]) -> None:
        """A move played (events) may animate; undo, redo and a new game (none) may not."""
        self.motions.finish()
        self._animate = bool(args and args[0].events)  # (``reset`` carries no change)
        if not self._animate:
            self.dropped = None

    def _on_changed(self, *args: Any) -> None:
        self._note_change(args)
        self._dirty = True
        if not self._scheduled:
            self._scheduled = True
            QTimer.singleShot(0, self._deferred)

    def _deferred(self) -> None:
        self._scheduled = False
        if self.shown():
            self.ensure_fresh()

    def shown(self) -> bool:
        """Whether a player can see this scene now. A scene in a tab behind another stays
        stale (dirty) until its view is shown (``BoardView.showEvent``) or it is asked where
        something lies: a move then redraws only what is on screen. A scene without a view
        (tests) counts as shown."""
        views = self.views()
        return not views or any(v.isVisible() for v in views)

    #: The full board's size, for a scene that also has a narrow layout (``BoardScene.lay_out``).
    FULL_SIZE: tuple[float, float] | None = None

    def lay_out(self, width: float | None) -> None:
        """Take the layout for a view ``width`` scene units wide, or the full one (None); only
        for a scene with ``FULL_SIZE``."""

    def zoomed(self, scale: float, ratio: float) -> None:
        """The view now shows the board at ``scale`` on a device of ``ratio`` (``BoardView.fit``):
        every picture made for the zoom (``boxes.ZoomedPicture``) is shown at the new one, before
        the view paints at it."""
        if (scale, ratio) == self.zoom:
            return
        self.zoom = (scale, ratio)
        for item in self.items():  # (as they are: not redrawn, no glide cut short)
            if isinstance(item, ZoomedPicture):
                item.zoom(scale, ratio)

    def ensure_fresh(self) -> None:
        """Redraw now if the state changed since the last redraw (not while dragging)."""
        if self._dirty and not self.drag.active:
            self._dirty = False
            self.drag.end()
            self.motions.finish()
            self.redraw()
            self._animate, self.dropped = False, None

    def prepare(self) -> bool:
        """Redraw now, though no view shows this scene (``game_page.GamePage`` makes a board
        behind another tab ready while the player thinks): no piece glides where nobody sees
        it. False if there was nothing to redraw."""
        if not self._dirty or self.drag.active:
            return False
        self._animate, self.dropped = False, None
        self.ensure_fresh()
        return True

    def redraw(self) -> None:
        raise NotImplementedError

    def items_now(self, *args: Any) -> list[QGraphicsItem]:
        """The scene's items as the state shows them now: redrawn first if stale (a hidden scene
        is drawn lazily), every piece in its place (a glide is cut short). Qt's ``items()`` is
        left as Qt has it: it changes nothing."""
        self.ensure_fresh()
        self.motions.finish()
        return self.items(*args)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.ensure_fresh()
        self.motions.finish()  # a press acts on the picture the state shows
        super().mousePressEvent(event)

    # -- moves ----------------------------------------------------------------------------------------

    def play(self, move: Move) -> bool:
        return bool(self.session.try_apply(move))

    def legal(self) -> list[Move]:
        return list(self.session.match.legal_moves())

    def generic_refusal(self) -> str:
        return tr("That is not possible there: drop it on a highlighted place.")

    def source_pos(self, move: Move) -> QPointF | None:
        """Where the piece that makes ``move`` is grabbed (None: nothing to grab, or not here)."""
        return None

    def target_pos(self, move: Move) -> QPointF | None:
        """Where ``move`` is dropped or clicked (None: not on this board)."""
        return None

    def decision_frame(self) -> QRectF | None:
        """The panel the decision in progress is drawn in on this board, shown whole with its
        title when the board scrolls to the decision (None: no such panel here)."""
        return None


class Part:
    """What one part of a board drew in the last build: its items, and what they showed."""

    __slots__ = ("band", "key", "made", "top")

    def __init__(self, key: tuple[Any, ...] | None, band: int) -> None:
        #: What the part shows (None: drawn anew at every build).
        self.key = key
        #: The part's place in the build: its items are stacked in a band of their own.
        self.band = band
        #: Its texts, boxes and pieces by what they show, for the next build to reuse.
        self.made: dict[tuple[Any, ...], list[QGraphicsItem]] = {}
        #: Every top-level item it drew (with the ``add_`` helpers).
        self.top: list[QGraphicsItem] = []


class SessionScene(GameScene):
    """A scene rebuilt from ``build`` after each change, keeping what shows the same."""

    #: How many items a part of a board may stack (its band of heights).
    BAND = 1000
    #: Boxes up to this size (scene units²) are blitted from a picture shared by every box of their
    #: look (``arle.gui.boards.boxes``): an antialiased rounded box costs about 50 µs to fill and outline,
    #: a blit a tenth of that, and a Home Board has sixty (its whole repaint went from about 3.7 to
    #: 1.5 ms). A dashed outline (7x dearer than a solid one) is shared at any size. A board's frame
    #: is drawn as it is: a picture of it would hold 3 MB, and it is painted only where something
    #: over it changed.
    CACHED_BOX_AREA = 250_000.0

    def __init__(self, session: GameSession, parent: QObject | None = None) -> None:
        super().__init__(session, parent)
        #: The parts of the last build by name ("": what ``build`` draws outside a ``part``).
        self._parts: dict[str, Part] = {}
        #: While building: the last build's parts not drawn yet; the part being drawn's pool of
        #: reusable items, what it made and its top-level items.
        self._old: dict[str, Part] = {}
        self._kept: dict[tuple[Any, ...], list[QGraphicsItem]] = {}
        self._made: dict[tuple[Any, ...], list[QGraphicsItem]] = {}
        self._top: list[QGraphicsItem] = []
        self._order = 0
        self._bands = 0
        self._building = False
        self.setBackgroundBrush(QColor("#f3eedd"))

    # -- redrawing -------------------------------------------------------------------------------------

    def redraw(self) -> None:
        """Rebuild from ``build``.

        A rebuild keeps the texts and boxes that show the same as before (most of a board) and
        makes the rest anew: making a text item costs a text document, and a kept one repaints
        from its cached picture. ``build`` draws in order: each item made or kept is stacked
        above the ones before it, as if everything had been made afresh. A part of the board
        that shows the same as before (``part``) is not drawn at all."""
        before = Snapshot(self._pieces()) if self._animate else None
        self._old, self._parts, self._bands = self._parts, {}, 0
        self._building = True
        try:
            self.part("", None, self.build)
        finally:
            self._building = False
            for part in self._old.values():  # parts the new picture no longer has
                for item in part.top:
                    self.removeItem(item)
            self._old = {}
        if before is not None:
            for item, start in before.pairs(self._pieces(), self.dropped):
                self.motions.glide(item, start)

    def part(self, name: str, key: tuple[Any, ...] | None, draw: Callable[[], None]) -> None:
        """Draw a part of the board with ``draw``, unless the last build drew it with an equal
        ``key`` (what the part shows, made of values only: a dict of the state changes under
        it): then its items stay as they are, not even looked at. Most moves change one or two
        parts of a Home Board, and going over its 170 texts and boxes to find that cost more
        than painting it. A board drawn in parts draws everything in parts: the parts are
        stacked in the order they are drawn."""
        outer = (self._kept, self._made, self._top, self._order)
        band = self._bands
        self._bands += 1
        old = self._old.pop(name, None)
        if old is not None and key is not None and old.key == key and old.band == band:
            self._parts[name] = old
            return
        part = self._parts[name] = Part(key, band)
        # a piece carrying texts or boxes that are not part of its look is made anew
        kept: dict[tuple[Any, ...], list[QGraphicsItem]] = {}
        if old is not None:
            kept = {look: [i for i in items if not isinstance(i, PieceItem) or i.face is not None
                           or not i.has_children]
                    if look[0] == "piece" else items for look, items in old.made.items()}
            reused = {id(item) for items in kept.values() for item in items}
            for item in old.top:  # (with their children)
                if id(item) not in reused:
                    self.removeItem(item)
        self._kept, self._made, self._top = kept, part.made, part.top
        self._order = band * self.BAND
        try:
            draw()
        finally:
            for items in self._kept.values():  # what the new picture no longer shows
                for item in items:
                    self.removeItem(item)
            self._kept, self._made, self._top, self._order = outer

    def raise_part(self, height: float) -> None:
        """Lift what the part being drawn has drawn so far by ``height``, in the same order: a
        panel over the board (a height set on an item while it is drawn is the build's)."""
        for item in self._top:
            item.setZValue(item.zValue() + height)

    def _pieces(self) -> list[tuple[Any, QGraphicsItem]]:
        """The top-level pieces of the last build, keyed by their identity (``PieceItem.identity``)."""
        return [(item.identity(), item) for part in self._parts.values() for item in part.top
                if isinstance(item, PieceItem)]

    def _stack_next(self, item: QGraphicsItem) -> None:
        """Stack ``item`` above everything added before it in this build (drag lights added
        outside a build keep their own height) and remember it for the next rebuild."""
        if self._building:
            self._order += 1
            item.setZValue(self._order * 1e-4)
            self._top.append(item)

    def add_item(self, item: _Item) -> _Item:
        """``addItem`` for ``build``: stacked in build order, removed by the next rebuild.

        A piece that looks like one of the last build is not added: that one takes over its
        behaviour (tooltip, cursor, what a drag or click plays) and is returned instead, so a
        move repaints only the pieces that changed. Use the returned item; one with a ``face``
        that already carries it (``has_children``) needs no texts or boxes drawn on it again.
        (``item.parentItem()`` must not be asked here: with PySide6 6.12 that call hands a
        Python-made item back to Python, which then collects it.)"""
        key = None
        if self._building and isinstance(item, PieceItem):
            key = ("piece", *item.look())
        elif self._building and isinstance(item, PictureItem):  # (a picture has no behaviour)
            key = ("picture", *item.look())
        if key is not None:
            old = self._reuse(key)
            if isinstance(old, type(item)):  # (always, when not None: the look holds the type)
                if isinstance(old, PieceItem) and isinstance(item, PieceItem):
                    old.take_over(item)
                return old
        self.addItem(item)
        self._stack_next(item)
        if key is not None:
            self._made.setdefault(key, []).append(item)
        return item

    def add_path(self, path: QPainterPath, pen: QPen, brush: QBrush | None = None) -> QGraphicsPathItem:
        """Qt's ``addPath``, stacked in drawing order like every item of a build."""
        item = self.addPath(path, pen, brush if brush is not None else QBrush())
        self._stack_next(item)
        return item

    def _reuse(self, key: tuple[Any, ...]) -> QGraphicsItem | None:
        """An item of the last build made with the same ``key``, restacked; None if there is none."""
        items = self._kept.get(key)
        if not items:
            return None
        item = items.pop()
        self._made.setdefault(key, []).append(item)
        self._stack_next(item)
        # as good as new: whatever the last build set after making it is set again if still wanted
        item.setToolTip("")
        item.setOpacity(1.0)
        item.setAcceptedMouseButtons(Qt.MouseButton.AllButtons)
        return item

    def build(self) -> None:
        raise NotImplementedError

    # -- helpers for subclasses --------------------------------------------------------------------------

    def add_text(
        self,
        text: str,
        x: float,
        y: float,
        size: float = 9,
        bold: bool = False,
        color: QColor | str = "#2b3a2f",
        width: float | None = None,
        parent: PieceItem | None = None,
    ) -> Any:
        """A text at (``x``, ``y``) (scene coordinates even with a ``parent``: it is put on a
        piece at origin 0,0 to move with it while dragged)."""
        key = ("text", text, x, y, size, bold, QColor(color).name(QColor.NameFormat.HexArgb), width)
        item = self._reuse(key) if parent is None else None
        if item is not None:
            return item
        if width is None:  # one line: no text document to make and lay out
            item = SceneText(text, font(size, bold), QColor(color))
            super().addItem(item)
            item.setPos(x + SceneText.MARGIN, y + SceneText.MARGIN)
        else:
            item = super().addText(text, word_font(text, size, bold, width))
            item.setDefaultTextColor(QColor(color))
            item.setTextWidth(width)
            item.setPos(x, y)
        # Painted once into a pixmap: laying out a text document on every repaint is the
        # dearest part of a board's picture.
        item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        if parent is not None:
            self._order += 1
            item.setZValue(self._order * 1e-4)
            item.setParentItem(parent)
            parent.has_children = True
            return item
        self._stack_next(item)
        self._made.setdefault(key, []).append(item)
        return item

    def add_box(
        self,
        rect: QRectF,
        fill: QColor | str,
        pen: QColor | str | None = None,
        radius: float = 6,
        width: float = 1.2,
        dash: bool = False,
        parent: PieceItem | None = None,
    ) -> Any:
        """A rounded box (on ``parent`` if given, see ``add_text``)."""
        key = ("box", rect.getRect(), QColor(fill).name(QColor.NameFormat.HexArgb),
               QColor(pen).name(QColor.NameFormat.HexArgb) if pen else None, radius, width, dash)
        item = self._reuse(key) if parent is None else None
        if item is not None:
            return item
        if parent is None and (dash or rect.width() * rect.height() <= self.CACHED_BOX_AREA):
            item = BoxItem(rect, QColor(fill), QColor(pen) if pen else None, radius, width, dash,
                           *self.zoom)
            self.addItem(item)
            self._stack_next(item)
            self._made.setdefault(key, []).append(item)
            return item
        p = box_pen(QColor(pen) if pen else None, width, dash)
        if parent is not None:  # (part of its piece's picture)
            item = self.addPath(box_path(rect, radius), p, QBrush(QColor(fill)))
            self._order += 1
            item.setZValue(self._order * 1e-4)
            item.setParentItem(parent)
            parent.has_children = True
            return item
        item = self.add_path(box_path(rect, radius), p, QBrush(QColor(fill)))  # (a frame: drawn as it is)
        self._made.setdefault(key, []).append(item)
        return item

    def add_frame(self, color: QColor, title: str) -> None:
        """A player's board: its edge in the player's colour, and its title."""
        self.add_box(self.sceneRect().adjusted(4, 4, -4, -4), "#efe8d2", color.darker(120), 12, 3)
        self.add_text(title, 14, 6, 11, True)

    def add_lines(self, key: tuple[Any, ...], path: QPainterPath, pen: QPen) -> Any:
        """Lines drawn along ``path`` (waves, a rule), kept from the last build when ``key`` (what
        they show) is the same: made anew, they were taken away and painted again each build."""
        item = self._reuse(("lines", *key))
        if item is not None:
            return item
        item = self.add_path(path, pen)
        # Painted once into a picture: stroking curves anew at each repaint (a Home Board's
        # nine waves) was two thirds of the board's whole repaint (3.4 -> 1.3 ms).
        item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._made.setdefault(("lines", *key), []).append(item)
        return item


class PlayerBoardScene(SessionScene):
    """A board of one player (the Home Board, the Storage board): the player's state, and the
    moves that are theirs to make now. Built when first shown (or asked where something lies)."""

    def __init__(self, session: GameSession, player: int, size: tuple[float, float],
                 parent: QObject | None = None) -> None:
        super().__init__(session, parent)
        self.player = player
        self.setSceneRect(QRectF(0, 0, *size))
        self._on_changed()

    @property
    def p(self) -> PlayerState:
        return self.session.match.game.state.players[self.player]

    def mine_to_act(self) -> bool:
        return self.session.match.game.actor == self.player

    def my_legal(self) -> list[Any]:
        return self.legal() if self.mine_to_act() else []
