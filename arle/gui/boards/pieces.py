"""The pieces of every board: pictures that follow the mouse, light up the legal targets while
dragged, and end in exactly one engine move.

Drags are handled with plain item mouse press/move/release events (not QDrag, which blocks a
test run): a ``DragPiece`` asks its ``candidates`` callback which moves it could make and where
each one's target lies; while it is dragged those targets light up (with a label such as the
capacity "1/3"); on release the target under the cursor decides the move, which goes to
``session.try_apply``. A drop anywhere else snaps the piece back and ``session.refuse`` says why.
A press and release without moving is a click (``click_move``). The scenes they live on are in
``arle.gui.boards.scene``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import attrs
from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from arle.gui.kit.art import draw_svg

if TYPE_CHECKING:
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


#: A text document's margin on each side (Qt's default), inside a wrapped text's width.
DOCUMENT_MARGIN = 4.0


def word_font(text: str, size: float, bold: bool, width: float) -> QFont:
    """The font for ``text`` wrapped in ``width`` scene units: ``size``, or smaller where its
    widest word would not fit on a line, so that lines break between words only (issue 50: a
    travel destination's card on the Travel Track read "Beemoo/r")."""
    f = font(size, bold)
    room, words = width - 2 * DOCUMENT_MARGIN, text.split()

    def widest() -> float:
        metrics = QFontMetricsF(f)
        return max((metrics.horizontalAdvance(word) for word in words), default=0.0)

    wide = widest()
    # (the metrics round per size: a few steps down until the word fits)
    for _ in range(8 if wide > room > 0 else 0):
        f.setPointSizeF(f.pointSizeF() * room / wide * 0.98)
        wide = widest()
        if wide <= room:
            break
    return f


# -- drag data ----------------------------------------------------------------------------------------


class Lights(Protocol):
    """What lights up the targets of a dragged piece (``DragHelper`` draws boxes)."""

    active: bool

    def begin(self, piece: QGraphicsItem, candidates: list[Candidate]) -> None: ...
    def target_at(self, pos: QPointF) -> Candidate | None: ...
    def hover(self, pos: QPointF) -> None: ...
    def end(self) -> None: ...


class PieceScene(Protocol):
    """What a piece asks of the scene it lies in (a ``scene.GameScene``, which imports this
    module: the protocol keeps the import one way)."""

    drag: Lights
    #: (old centre, drop point) of the piece the player just dropped on this scene.
    dropped: tuple[QPointF, QPointF] | None
    session: GameSession

    def play(self, move: Any) -> bool: ...
    def generic_refusal(self) -> str: ...


class PieceIdentity(NamedTuple):
    """A piece's identity for its glides (``PieceItem.identity``)."""

    kind: type
    art: str | None
    width: float
    height: float
    text: str
    fill: int | None
    outline: int | None
    round: float
    face: Any
    label: str = ""


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
    #: The piece's own place (None: its picture): let go there outside every candidate, it
    #: snaps back and nothing is made or said.
    home: QRectF | None = None
    #: Why a drop at a scene position is refused; None: the scene's generic reason.
    refusal: Callable[[QPointF], str | None] | None = None
    #: Whether a press goes to the piece beneath instead (the one the decision asks for: an
    #: Animal on a Dike while Dikes are moved).
    beneath: Callable[[], bool] | None = None


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
        self._bounds = self.rect.adjusted(-4, -4, 4, 4)  # (asked several times a paint)
        self.text = text
        self.fill = fill
        self.glow = False
        self.outline: QColor | None = None
        self.round = 4.0
        #: What the texts and boxes drawn on this piece (``parent=``) show: a piece that carries
        #: some is kept by a rebuild only if it names its face, and then only for the same face.
        self.face: Any = None
        #: Whether texts or boxes were drawn on this piece (``SessionScene.add_text(parent=)``).
        self.has_children = False
        # Painted once into a pixmap, then blitted: a scaled SVG picture costs a smooth
        # transform on every repaint, and a board repaints its pieces on every move.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def look(self) -> tuple[Any, ...]:
        """Everything the picture shows: a rebuild reuses a piece that looks the same (and its
        cached picture) instead of painting a new one."""
        return (type(self), self.art, self.rect.getRect(), self.text, _rgba(self.fill),
                _rgba(self.outline), self.glow, self.round, self.face)

    def identity(self) -> PieceIdentity:
        """What the piece is, apart from where it lies and whether it glows: after a rebuild, a
        piece that left one place and one of the same identity that appeared at another are the
        same piece moved (``motion.Snapshot``), and it glides."""
        return PieceIdentity(type(self), self.art, self.rect.width(), self.rect.height(), self.text,
                             _rgba(self.fill), _rgba(self.outline), self.round, self.face)

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
    """A piece the player drags (or clicks) to make a move; see the module docstring. It rests at
    ``rest`` (its position; a dragged piece that makes no move snaps back there)."""

    def __init__(self, scene: PieceScene, art: str | None, rect: QRectF, spec: DragSpec, **kw: Any) -> None:
        super().__init__(art, rect, **kw)
        self._scene = scene
        self.spec = spec
        self._press: QPointF | None = None
        self._dragging = False
        self._z = 0.0
        self.rest = QPointF(0, 0)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        if self.usable():
            self.setCursor(Qt.CursorShape.OpenHandCursor)

    def take_over(self, new: PieceItem) -> None:
        super().take_over(new)
        assert isinstance(new, DragPiece)
        self.spec = new.spec
        self._press, self._dragging = None, False
        self.setPos(self.rest)

    def usable(self) -> bool:
        return bool(
            self.spec.candidates()
            or (self.spec.click_move and self.spec.click_move())
            or (self.spec.drop_anywhere and self.spec.drop_anywhere())
        )

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or (self.spec.beneath and self.spec.beneath()):
            event.ignore()  # (the scene hands the press to the item beneath)
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
        self.setPos(self.rest + pos - self._press)
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
        let_go = self.mapToScene(self.boundingRect().center())
        self.setPos(self.rest)  # snap back; a legal move redraws the board anyway
        self.setZValue(self._z)
        home = self.spec.home if self.spec.home is not None else self.rect
        if target is None and home.contains(pos):
            return  # let go on its own place (issue 44): it is back, nothing made, nothing to say
        anywhere = self.spec.drop_anywhere() if self.spec.drop_anywhere else None
        move = target.move if target is not None else anywhere
        if move is not None:
            # the new picture glides from where the piece was let go, not from where it rested
            self._scene.dropped = (self.mapToScene(self.boundingRect().center()), let_go)
            if not self._scene.play(move):
                self._scene.dropped = None
            return
        reason = self.spec.refusal(pos) if self.spec.refusal else None
        self._scene.session.refuse(reason or self._scene.generic_refusal())


class ClickItem(PieceItem):
    """A button drawn in the scene (sale panel): a click plays ``move``."""

    def __init__(
        self, scene: PieceScene, rect: QRectF, label: str, move: Any, fill: QColor | None = None
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

    def identity(self) -> PieceIdentity:
        return super().identity()._replace(label=self.label)

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
        self._bounds = candidate.rect.adjusted(-3, -3, 3, 3)
        self.hovered = False
        self.setZValue(900)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self._bounds

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
