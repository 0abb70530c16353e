"""The view every board is shown in: its scene scaled to fit, never so small that its text is hard
to read (the board scrolls instead), zoomed by the player (Ctrl+Plus/Minus/0, Ctrl+wheel), crisp
at any size, redrawn when its tab comes forward."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QResizeEvent, QShowEvent, QTransform, QWheelEvent
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QWidget

from arle.gui.kit import style

if TYPE_CHECKING:
    from arle.gui.boards.scene import GameScene

#: The smallest text size worth reading, in logical pixels: 9 pt at 96 dpi (issue 13).
READABLE_PX = 12.0
#: The size (scene units) of the smallest text a player needs on each board: the action space
#: names on the game board (their descriptions are repeated in the tooltips), the 9 pt names of
#: tiles, goods and destinations on the others.
READING_PX = {"BoardScene": 15.0}
DEFAULT_READING_PX = 12.0
#: The zoom the player may choose (1.0: the board fits its view, or is as large as its text needs).
MIN_ZOOM, MAX_ZOOM = 0.5, 3.0
ZOOM_STEP = 1.25
#: Pixels of a board's blank margin (the game board's is 8 px a side at its readable size) that
#: may be cut rather than scrolled to: on a 1600 px wide screen the game board shows whole.
SLACK = 12
#: Pixels from the view's edge where a dragged piece scrolls a board that scrolls, and the most
#: pixels it scrolls a tick (one every EDGE_TICK ms): a Worker dragged from the month track
#: reaches the other season's action spaces at the foot of a narrow game board.
EDGE, EDGE_STEP, EDGE_TICK = 40, 24, 30
#: Pixels from the view's edge where a dragged piece scrolls the board even over a lit target:
#: in the rest of the edge band a piece held on a target keeps the board still (issue 50 item 6).
PUSH = 12
#: Scene units shown around a place the decision needs when it is scrolled into view: half a
#: Home Board space, so that the whole space (and the piece on it) shows.
PLACE_MARGIN = 48.0


def clamp_zoom(zoom: float) -> float:
    return min(MAX_ZOOM, max(MIN_ZOOM, zoom))


class BoardView(QGraphicsView):
    """Shows a scene scaled to fit, keeping its proportions; scrolls where the fit would make its
    text smaller than ``READABLE_PX`` or the player zoomed in."""

    #: Ctrl+wheel: zoom in (+1) or out (-1) by one step; the window zooms every board alike.
    zoomAsked = Signal(int)

    def __init__(self, scene: GameScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.board = scene
        self.zoom = 1.0
        #: Where (global) and when the mouse was last pressed or released here: a refusal's
        #: bubble is shown there.
        self.pointer: tuple[QPoint, float] | None = None
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Only what changed is repainted (every item paints from a cached pixmap and stays in its
        # bounding box). The backdrop is not cached: a picture of the viewport would cost 4 MB a
        # board, and drawn for a changed piece's box only it costs a fifth of a millisecond.
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setMouseTracking(True)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setBackgroundBrush(style.BOARD_BG)
        # A board wider than the window's shape sits at the top, like a sheet on a table, not
        # in the middle of an empty band.
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        #: Scrolls the board while a dragged piece is held near the view's edge (``_edge_tick``).
        self._edge = QTimer(self)
        self._edge.setInterval(EDGE_TICK)
        self._edge.timeout.connect(self._edge_tick)
        self._edge_at = QPoint()

    def readable_scale(self) -> float:
        """The smallest scale at which this board's text is ``READABLE_PX`` high."""
        return READABLE_PX / READING_PX.get(type(self.board).__name__, DEFAULT_READING_PX)

    def scale_factor(self) -> float:
        """The scale the board is shown at now."""
        return self.transform().m11()

    def room(self) -> QSize:
        """The viewport's size without scroll bars: the fit does not depend on them.
        (``maximumViewportSize`` takes off a bar that is always on: a board whose bars went away
        was fitted to the room it had with them, until fitted again.)"""
        room = self.maximumViewportSize()
        on, bar = Qt.ScrollBarPolicy.ScrollBarAlwaysOn, self._bar()
        return room + QSize(bar if self.verticalScrollBarPolicy() == on else 0,
                            bar if self.horizontalScrollBarPolicy() == on else 0)

    def _bar(self) -> int:
        """A scroll bar's thickness."""
        return self.style().pixelMetric(self.style().PixelMetric.PM_ScrollBarExtent)

    def wanted_scale(self, size: tuple[float, float] | None = None) -> float:
        """The scale to show the board at (or a board of ``size``): fitted, but readable."""
        width, height = size or (self.sceneRect().width(), self.sceneRect().height())
        room = self.room()
        if width <= 0 or height <= 0 or room.width() <= 0 or room.height() <= 0:
            return self.readable_scale() * self.zoom
        # Two pixels to spare, as fitInView keeps: a board that fits to the last pixel would
        # round up to a one-pixel scroll bar.
        fit = min((room.width() - 4) / width, (room.height() - 4) / height)
        return max(fit, self.readable_scale()) * self.zoom

    def lay_out(self) -> None:
        """A board with a narrow layout (the game board) takes it where the full one would
        scroll sideways, as wide as the view leaves room for beside a vertical scroll bar
        (issue 31: at 1280x720 the game board scrolled 328 px sideways)."""
        full = self.board.FULL_SIZE
        if full is None:
            return
        room = self.room().width()
        if full[0] * self.wanted_scale(full) - SLACK <= room:
            self.board.lay_out(None)
        else:
            self.board.lay_out((room - self._bar()) / (self.readable_scale() * self.zoom))

    def fit(self) -> None:
        self.lay_out()
        scale = self.wanted_scale()
        self._scroll_bars(scale)
        if abs(scale - self.scale_factor()) > 1e-6:
            first = self.transform().isIdentity()
            self.setTransform(QTransform.fromScale(scale, scale))
            if first:  # a board that scrolls opens at its top left, where its reading starts
                self.horizontalScrollBar().setValue(self.horizontalScrollBar().minimum())
                self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())
        self.board.zoomed(self.scale_factor(), self.viewport().devicePixelRatioF())

    def _scroll_bars(self, scale: float) -> None:
        """Scroll bars where the board at ``scale`` is larger than the view, decided here: left
        to Qt (as needed) they came and went while a board was hidden, and a board brought
        forward was painted twice."""
        rect, room, bar = self.sceneRect(), self.room(), self._bar()
        width, height = rect.width() * scale - SLACK, rect.height() * scale - SLACK
        wide, tall = width > room.width(), height > room.height()
        wide = wide or (tall and width > room.width() - bar)
        tall = tall or (wide and height > room.height() - bar)
        on, off = Qt.ScrollBarPolicy.ScrollBarAlwaysOn, Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        if self.horizontalScrollBarPolicy() != (on if wide else off):
            self.setHorizontalScrollBarPolicy(on if wide else off)
        if self.verticalScrollBarPolicy() != (on if tall else off):
            self.setVerticalScrollBarPolicy(on if tall else off)

    def set_zoom(self, zoom: float) -> None:
        self.zoom = clamp_zoom(zoom)
        self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = 1 if event.angleDelta().y() > 0 else -1 if event.angleDelta().y() < 0 else 0
            if steps:  # the spot under the mouse stays there
                self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
                self.zoomAsked.emit(steps)
                self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
            event.accept()
            return
        super().wheelEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.pointer = (event.globalPosition().toPoint(), time.monotonic())
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self.pointer = (event.globalPosition().toPoint(), time.monotonic())
        self._edge.stop()
        super().mouseReleaseEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        self._edge_at = event.position().toPoint()
        if self.board.drag.active and self.edge_step() != (0, 0) and not self._edge.isActive():
            self._edge.start()

    def edge_step(self) -> tuple[int, int]:
        """How far a tick scrolls the board (x, y) with the mouse where it was last seen: the
        closer to the edge, the faster."""
        def step(at: int, size: int) -> int:
            if at < EDGE:
                return -round(EDGE_STEP * min(EDGE, EDGE - at) / EDGE) or -1
            if at > size - EDGE:
                return round(EDGE_STEP * min(EDGE, at - size + EDGE) / EDGE) or 1
            return 0
        room = self.viewport().size()
        at = self._edge_at
        steps = step(at.x(), room.width()), step(at.y(), room.height())
        if steps != (0, 0) and self._aiming():
            return 0, 0
        return steps

    def _aiming(self) -> bool:
        """Whether the pointer is on a lit target and not pressed against the very edge: the
        player is aiming, and the target must stay under the pointer (issue 50 item 6: the board
        scrolled under a Worker held on a space near its foot, and the drop landed elsewhere)."""
        at, room = self._edge_at, self.viewport().size()
        pushed = min(at.x(), at.y(), room.width() - at.x(), room.height() - at.y()) < PUSH
        return not pushed and self.board.drag.target_at(self.mapToScene(at)) is not None

    def _edge_tick(self) -> None:
        """One scroll of the board under a dragged piece near the edge; the piece stays under
        the mouse (the view replays the mouse's last move after a scroll)."""
        dx, dy = self.edge_step()
        if not self.board.drag.active or (dx, dy) == (0, 0):
            self._edge.stop()
            return
        for bar, d in ((self.horizontalScrollBar(), dx), (self.verticalScrollBar(), dy)):
            if d and bar.isVisible():
                bar.setValue(bar.value() + d)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        """A board scrolled while a piece is dragged is painted whole: the view moves what it
        showed and paints only what changed, and the dragged piece's old place, marked before the
        scroll, was painted at the wrong spot (issue 43: part of a tile dragged out of "Tile to
        place" stayed painted in that box when the board scrolled under it)."""
        super().scrollContentsBy(dx, dy)
        if self.board.drag.active:
            self.viewport().update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QShowEvent) -> None:
        # A scene behind another tab is redrawn when it comes forward.
        self.board.ensure_fresh()
        super().showEvent(event)
        self.fit()

    def bring_into_view(self, places: list[QPointF]) -> bool:
        """Scroll a board that scrolls so that the scene points ``places`` show, each with a
        margin, the first ones first: as many of them, in their order, as the view can show at
        once (issue 43: at 1280x720 the Moors, a Dike's gap or the tile to place could be off
        screen while the decision needed them). Whether it scrolled."""
        bars = (self.horizontalScrollBar(), self.verticalScrollBar())
        if not places or not any(bar.isVisible() for bar in bars):
            return False
        shown = self.mapToScene(self.viewport().rect()).boundingRect()
        width, height = shown.width() - 2 * PLACE_MARGIN, shown.height() - 2 * PLACE_MARGIN
        def spot(point: QPointF) -> QRectF:  # (an empty rectangle is left out of a union)
            return QRectF(point.x() - 0.5, point.y() - 0.5, 1.0, 1.0)

        wanted = spot(places[0])
        for point in places[1:]:
            more = wanted.united(spot(point))
            if more.width() <= width and more.height() <= height:
                wanted = more
        wanted = wanted.adjusted(-PLACE_MARGIN, -PLACE_MARGIN, PLACE_MARGIN, PLACE_MARGIN)
        if shown.contains(wanted):
            return False
        before = tuple(bar.value() for bar in bars)
        self.ensureVisible(wanted, 0, 0)
        return tuple(bar.value() for bar in bars) != before

    def mark(self, item: QGraphicsItem, z: float) -> QGraphicsItem:
        """Show ``item`` (the coach's ring, the guide's frame) on this board above its pieces;
        drops and clicks go through it to what lies beneath."""
        item.setZValue(z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.board.addItem(item)
        return item

    def view_point(self, scene_point: QPointF) -> QPoint:
        """Viewport coordinates of a scene point (for tests and tooltips)."""
        return self.mapFromScene(scene_point)
