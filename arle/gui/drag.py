"""Shared drag-and-drop for the board scenes: pieces that follow the mouse, light up the legal
targets while dragged, and end in exactly one engine move.

Drags are handled with plain item mouse press/move/release events (not QDrag, which blocks a
test run): a ``DragPiece`` asks its ``candidates`` callback which moves it could make and where
each one's target lies; while it is dragged those targets light up (with a label such as the
capacity "1/3"); on release the target under the cursor decides the move, which goes to
``session.try_apply``. A drop anywhere else snaps the piece back and ``session.refuse`` says why.
A press and release without moving is a click (``click_move``).

``SessionScene`` is the base of the board scenes: it redraws from ``session.game.state`` after
``session.changed`` (deferred to the event loop, never inside an item's own mouse handler, and
done at once before the next mouse press or position query so it is never stale). A scene in a
tab behind another waits until it is shown; a redraw keeps the texts and boxes that did not
change, so a move costs what it changed, not the whole board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs
from PySide6.QtCore import QCoreApplication, QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from arle.gui.art import draw_svg

if TYPE_CHECKING:
    from arle.engine import Move
    from arle.gui.session import GameSession

#: Pixels the mouse must travel before a press becomes a drag (below: a click).
DRAG_THRESHOLD = 6.0
GLOW = QColor("#2e9d5b")
HOVER = QColor("#f0b429")


def tr(text: str, context: str = "Scenes") -> str:
    return QCoreApplication.translate(context, text)


def font(size: float, bold: bool = False) -> QFont:
    f = QFont()
    f.setPointSizeF(size)
    f.setBold(bold)
    return f


# -- drag data ----------------------------------------------------------------------------------------


@attrs.frozen
class Candidate:
    """One move a dragged piece can make: dropped inside ``rect`` (scene coordinates) it is played.
    ``label`` is shown on the target while dragging (e.g. the capacity "1/3")."""

    move: Any
    rect: QRectF
    label: str = ""


@attrs.define
class DragSpec:
    """How a piece behaves under the mouse (all callbacks read the current session state)."""

    candidates: Callable[[], list[Candidate]] = list
    click_move: Callable[[], Any] | None = None
    #: A move played when dropped anywhere outside ``home`` and outside every candidate
    #: (cut Peat by dragging a token off its Moor).
    drop_anywhere: Callable[[], Any] | None = None
    home: QRectF | None = None
    #: Why a drop at a scene position is refused; None: the scene's generic reason.
    refusal: Callable[[QPointF], str | None] | None = None


# -- items ----------------------------------------------------------------------------------------------


class PieceItem(QGraphicsItem):
    """A picture from ``resources/`` (or a painted fallback) inside ``rect``, with an optional
    badge text and an optional glow when it is a legal thing to use now."""

    def __init__(
        self,
        art: str | None,
        rect: QRectF,
        *,
        text: str = "",
        fill: QColor | None = None,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        self.art = art
        self.rect = QRectF(rect)
        self.text = text
        self.fill = fill
        self.glow = False
        self.outline: QColor | None = None
        self.round = 4.0
        #: What the texts and boxes drawn on this piece (``parent=``) show: a piece that carries
        #: some is kept by a rebuild only if it names its face, and then only for the same face.
        self.face: Any = None
        # Painted once into a pixmap, then blitted: a scaled SVG picture costs a smooth
        # transform on every repaint, and a board repaints its pieces on every move.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-4, -4, 4, 4)

    def look(self) -> tuple[Any, ...]:
        """Everything the picture shows: a rebuild reuses a piece that looks the same (and its
        cached picture) instead of painting a new one."""
        return (type(self), self.art, self.rect.getRect(), self.text, _rgba(self.fill),
                _rgba(self.outline), self.glow, self.round, self.face)

    def take_over(self, new: PieceItem) -> None:
        """Behave as ``new`` (made by this build, looking the same) from now on."""
        self.setToolTip(new.toolTip())
        self.setOpacity(new.opacity())
        self.setAcceptedMouseButtons(new.acceptedMouseButtons())
        if new.hasCursor():
            self.setCursor(new.cursor())
        else:
            self.unsetCursor()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.fill is not None:
            painter.setPen(QPen(self.fill.darker(160), 1.2))
            painter.setBrush(self.fill)
            painter.drawRoundedRect(self.rect, self.round, self.round)
        if self.art:
            draw_svg(painter, self.art, self.rect)
        if self.outline is not None:
            painter.setPen(QPen(self.outline, 1.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(self.rect, self.round, self.round)
        if self.text:
            paint_badge(painter, self.rect, self.text)
        if self.glow:
            painter.setPen(QPen(GLOW, 3.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(self.rect.adjusted(-2, -2, 2, 2), self.round + 2, self.round + 2)


def _rgba(color: QColor | None) -> int | None:
    return None if color is None else color.rgba()


def paint_badge(painter: QPainter, rect: QRectF, text: str) -> None:
    """A small dark pill with white text at the bottom right of ``rect``."""
    painter.save()
    f = font(7.5, True)
    painter.setFont(f)
    w = max(16.0, painter.fontMetrics().horizontalAdvance(text) + 8.0)
    badge = QRectF(rect.right() - w + 2, rect.bottom() - 14, w, 15)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(30, 30, 30, 210))
    painter.drawRoundedRect(badge, 7, 7)
    painter.setPen(QColor("white"))
    painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


class DragPiece(PieceItem):
    """A piece the player drags (or clicks) to make a move; see the module docstring."""

    def __init__(self, scene: SessionScene, art: str | None, rect: QRectF, spec: DragSpec, **kw: Any) -> None:
        super().__init__(art, rect, **kw)
        self._scene = scene
        self.spec = spec
        self._press: QPointF | None = None
        self._dragging = False
        self._z = 0.0
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        if self.usable():
            self.setCursor(Qt.CursorShape.OpenHandCursor)

    def take_over(self, new: PieceItem) -> None:
        super().take_over(new)
        assert isinstance(new, DragPiece)
        self.spec = new.spec
        self._press, self._dragging = None, False
        self.setPos(QPointF(0, 0))

    def usable(self) -> bool:
        return bool(
            self.spec.candidates()
            or (self.spec.click_move and self.spec.click_move())
            or (self.spec.drop_anywhere and self.spec.drop_anywhere())
        )

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        self._press = event.scenePos()
        self._dragging = False
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None:
            return
        pos = event.scenePos()
        if not self._dragging:
            if (pos - self._press).manhattanLength() < DRAG_THRESHOLD:
                return
            self._dragging = True
            self._scene.drag.begin(self, self.spec.candidates())
            self._z = self.zValue()
            self.setZValue(1000)
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
        self.setPos(pos - self._press)
        self._scene.drag.hover(pos)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None:
            return
        pos = event.scenePos()
        dragging, self._press, self._dragging = self._dragging, None, False
        if not dragging:
            move = self.spec.click_move() if self.spec.click_move else None
            if move is not None:
                self._scene.play(move)
            return
        target = self._scene.drag.target_at(pos)
        self._scene.drag.end()
        self.setPos(QPointF(0, 0))  # snap back; a legal move redraws the board anyway
        self.setZValue(self._z)
        if target is not None:
            self._scene.play(target.move)
            return
        home = self.spec.home if self.spec.home is not None else self.rect
        anywhere = self.spec.drop_anywhere() if self.spec.drop_anywhere else None
        if anywhere is not None and not home.contains(pos):
            self._scene.play(anywhere)
            return
        reason = self.spec.refusal(pos) if self.spec.refusal else None
        self._scene.session.refuse(reason or self._scene.generic_refusal())


class ClickItem(PieceItem):
    """A button drawn in the scene (sale panel): a click plays ``move``."""

    def __init__(
        self, scene: SessionScene, rect: QRectF, label: str, move: Any, fill: QColor | None = None
    ) -> None:
        super().__init__(None, rect, fill=fill or QColor("#e8f1e0"))
        self._scene = scene
        self.label = label
        self.move = move
        self.round = 6.0
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)

    def look(self) -> tuple[Any, ...]:
        return (*super().look(), self.label)

    def take_over(self, new: PieceItem) -> None:
        super().take_over(new)
        assert isinstance(new, ClickItem)
        self.move = new.move

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        super().paint(painter, option, widget)
        painter.setPen(QColor("#1e2e22"))
        painter.setFont(font(8.5, True))
        painter.drawText(
            self.rect.adjusted(6, 0, -6, 0),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap,
            self.label,
        )

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.rect.contains(event.pos()):
            self._scene.play(self.move)


class TargetItem(QGraphicsItem):
    """The light on a legal drop target while a piece is dragged (strong when hovered)."""

    def __init__(self, candidate: Candidate) -> None:
        super().__init__()
        self.candidate = candidate
        self.hovered = False
        self.setZValue(900)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self.candidate.rect.adjusted(-3, -3, 3, 3)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.candidate.rect.adjusted(1, 1, -1, -1)
        color = HOVER if self.hovered else GLOW
        fill = QColor(color)
        fill.setAlpha(110 if self.hovered else 45)
        painter.setPen(QPen(color, 3.0 if self.hovered else 2.0))
        painter.setBrush(QBrush(fill))
        painter.drawRoundedRect(rect, 6, 6)
        if self.candidate.label:
            painter.setFont(font(9, True))
            w = painter.fontMetrics().horizontalAdvance(self.candidate.label) + 10
            tag = QRectF(rect.center().x() - w / 2, rect.top() + 2, w, 17)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(20, 60, 35, 220))
            painter.drawRoundedRect(tag, 8, 8)
            painter.setPen(QColor("white"))
            painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, self.candidate.label)


class DragHelper:
    """Shows the targets of the piece being dragged and finds the one under the cursor."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.items: list[TargetItem] = []
        self.active = False

    def begin(self, piece: QGraphicsItem, candidates: list[Candidate]) -> None:
        self.end()
        self.active = True
        for c in candidates:
            item = TargetItem(c)
            self.scene.addItem(item)
            self.items.append(item)

    def target_at(self, pos: QPointF) -> Candidate | None:
        """The candidate under ``pos``; where targets overlap (a Large Vehicle's combined
        spaces), the one whose centre is nearest."""
        best: tuple[float, Candidate] | None = None
        for item in self.items:
            rect = item.candidate.rect
            if rect.contains(pos):
                d = (rect.center() - pos).manhattanLength()
                if best is None or d < best[0]:
                    best = (d, item.candidate)
        return best[1] if best else None

    def hover(self, pos: QPointF) -> None:
        target = self.target_at(pos)
        for item in self.items:
            on = target is not None and item.candidate is target
            if on != item.hovered:
                item.hovered = on
                item.setZValue(901 if on else 900)
                item.update()

    def end(self) -> None:
        for item in self.items:
            if item.scene() is self.scene:
                self.scene.removeItem(item)
        self.items = []
        self.active = False


# -- the scene base ------------------------------------------------------------------------------------


class SessionScene(QGraphicsScene):
    """A scene drawn from ``session.game.state``; subclasses implement ``build``."""

    def __init__(self, session: GameSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.drag = DragHelper(self)
        self._dirty = True
        self._scheduled = False
        #: Texts and boxes of the last build by what they show, for the next build to reuse.
        self._kept: dict[tuple[Any, ...], list[QGraphicsItem]] = {}
        self._made: dict[tuple[Any, ...], list[QGraphicsItem]] = {}
        self._order = 0
        self._building = False
        #: Every top-level item of the last build (``build`` adds them with the ``add_`` helpers).
        self._top: list[QGraphicsItem] = []
        session.changed.connect(self._on_changed)
        session.reset.connect(self._on_changed)
        self.setBackgroundBrush(QColor("#f3eedd"))

    # -- redrawing -------------------------------------------------------------------------------------

    def _on_changed(self, *args: Any) -> None:
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
        unbuilt (dirty) until its view is shown (``BoardView.showEvent``) or it is asked where
        something lies: a move then redraws only what is on screen. A scene without a view
        (tests) counts as shown."""
        views = self.views()
        return not views or any(v.isVisible() for v in views)

    def ensure_fresh(self) -> None:
        """Rebuild now if the state changed since the last build (not while dragging).

        A rebuild keeps the texts and boxes that show the same as before (most of a board) and
        makes the rest anew: making a text item costs a text document, and a kept one repaints
        from its cached picture. ``build`` draws in order: each item made or kept is stacked
        above the ones before it, as if everything had been made afresh."""
        if self._dirty and not self.drag.active:
            self._dirty = False
            self.drag.end()
            # a piece carrying texts or boxes that are not part of its look is made anew
            made = {key: [i for i in items if i.face is not None or not getattr(i, "has_children", False)]
                    if key[0] == "piece" else items for key, items in self._made.items()}
            kept = {id(item) for items in made.values() for item in items}
            for item in self._top:  # (with their children)
                if id(item) not in kept:
                    self.removeItem(item)
            self._kept, self._made, self._top, self._order = made, {}, [], 0
            self._building = True
            try:
                self.build()
            finally:
                self._building = False
                for items in self._kept.values():  # what the new picture no longer shows
                    for item in items:
                        self.removeItem(item)
                self._kept = {}

    def _stack_next(self, item: QGraphicsItem) -> None:
        """Stack ``item`` above everything added before it in this build (drag lights added
        outside a build keep their own height) and remember it for the next rebuild."""
        if self._building:
            self._order += 1
            item.setZValue(self._order * 1e-4)
            self._top.append(item)

    def add_item(self, item: QGraphicsItem) -> Any:
        """``addItem`` for ``build``: stacked in build order, removed by the next rebuild.

        A piece that looks like one of the last build is not added: that one takes over its
        behaviour (tooltip, cursor, what a drag or click plays) and is returned instead, so a
        move repaints only the pieces that changed. Use the returned item; one with a ``face``
        that already carries it (``has_children``) needs no texts or boxes drawn on it again.
        (``item.parentItem()`` must not be asked here: with PySide6 6.12 that call hands a
        Python-made item back to Python, which then collects it.)"""
        key = ("piece", *item.look()) if isinstance(item, PieceItem) and self._building else None
        if key is not None:
            old = self._reuse(key)
            if old is not None:
                old.take_over(item)
                return old
        self.addItem(item)
        self._stack_next(item)
        if key is not None:
            self._made.setdefault(key, []).append(item)
        return item

    def addPath(self, *args: Any, **kwargs: Any) -> Any:
        item = super().addPath(*args, **kwargs)
        self._stack_next(item)
        return item

    def addLine(self, *args: Any, **kwargs: Any) -> Any:
        item = super().addLine(*args, **kwargs)
        self._stack_next(item)
        return item

    def _reuse(self, key: tuple[Any, ...]) -> Any:
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

    def items(self, *args: Any, **kwargs: Any) -> list[QGraphicsItem]:
        """The scene's items, rebuilt first if stale (a hidden scene is built lazily)."""
        self.ensure_fresh()
        return super().items(*args, **kwargs)

    def build(self) -> None:
        raise NotImplementedError

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.ensure_fresh()
        super().mousePressEvent(event)

    # -- moves ----------------------------------------------------------------------------------------

    def play(self, move: Move) -> bool:
        return bool(self.session.try_apply(move))

    def legal(self) -> list[Move]:
        return list(self.session.legal_moves())

    def generic_refusal(self) -> str:
        return tr("That is not possible there: drop it on a highlighted place.")

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
        parent: QGraphicsItem | None = None,
    ) -> Any:
        """A text at (``x``, ``y``) (scene coordinates even with a ``parent``: it is put on a
        piece at origin 0,0 to move with it while dragged)."""
        key = ("text", text, x, y, size, bold, QColor(color).name(QColor.NameFormat.HexArgb), width)
        item = self._reuse(key) if parent is None else None
        if item is not None:
            return item
        item = super().addText(text, font(size, bold))
        item.setDefaultTextColor(QColor(color))
        if width is not None:
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
        parent: QGraphicsItem | None = None,
    ) -> Any:
        """A rounded box (on ``parent`` if given, see ``add_text``)."""
        key = ("box", rect.getRect(), QColor(fill).name(QColor.NameFormat.HexArgb),
               QColor(pen).name(QColor.NameFormat.HexArgb) if pen else None, radius, width, dash)
        item = self._reuse(key) if parent is None else None
        if item is not None:
            return item
        path = QPainterPath()
        path.addRoundedRect(rect, radius, radius)
        p = QPen(QColor(pen)) if pen else QPen(Qt.PenStyle.NoPen)
        if pen:
            p.setWidthF(width)
            if dash:
                p.setStyle(Qt.PenStyle.DashLine)
        if parent is not None:
            item = super().addPath(path, p, QBrush(QColor(fill)))
            self._order += 1
            item.setZValue(self._order * 1e-4)
            item.setParentItem(parent)
            parent.has_children = True
            return item
        item = self.addPath(path, p, QBrush(QColor(fill)))
        self._made.setdefault(key, []).append(item)
        return item


def view_pos(view: Any, scene_pos: QPointF) -> Any:
    """A scene position in the view's viewport coordinates (for tests driving real mice)."""
    return view.mapFromScene(scene_pos)
