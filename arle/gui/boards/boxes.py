"""Pictures made for the zoom of a board's view (``ZoomedPicture``), and the boards' boxes (a field's
space, a stall's place, a stack of tiles): rounded boxes that share one picture per look.

A Home Board shows sixty boxes of a dozen looks, the supply board sixteen of one. Painted each into
a picture of its own (Qt's item cache) they held four times the memory of one picture per look,
size and zoom. A box is a pixmap item: Qt blits its picture without calling Python (a Python
``paint`` a box cost instructions in every move that brings a board forward). The
action spaces' grounds are shown the same way (``board_items.SpaceGround``)."""

from __future__ import annotations

import math
from collections.abc import Hashable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPixmap, QPixmapCache, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem


def box_path(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


def box_pen(pen: QColor | None, width: float, dash: bool) -> QPen:
    if pen is None:
        return QPen(Qt.PenStyle.NoPen)
    p = QPen(pen)
    p.setWidthF(width)
    if dash:
        p.setStyle(Qt.PenStyle.DashLine)
    return p


class ZoomedPicture(QGraphicsPixmapItem):
    """A picture made for the zoom of its board's view, one device pixel a pixel of it, and shown on
    the device pixel nearest to its corner: Qt blits it, with no Python ``paint``. A subclass says
    what it shows (``look``) and makes its picture (``picture``); ``GameScene.zoomed`` shows every
    one's picture for a new zoom, and ``zoom`` at the board's zoom shows a new look."""

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        # The mouse finds it by its bounds, not by its picture's pixels (Qt's default reads the
        # picture's mask), and the picture is blitted, never smoothed.
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setTransformationMode(Qt.TransformationMode.FastTransformation)
        #: What the picture shown shows, at which zoom.
        self._shown: tuple[Hashable, float, float] | None = None

    def look(self) -> Hashable:
        """What the picture shows, apart from the zoom."""
        raise NotImplementedError

    def picture(self, look: Hashable, scale: float, ratio: float) -> QPixmap:
        """The picture of ``look`` at ``scale`` (logical pixels a scene unit) for a device of
        ``ratio`` device pixels a logical one, its device pixel ratio set."""
        raise NotImplementedError

    def zoom(self, scale: float, ratio: float) -> None:
        """Show the picture of the look now at ``scale`` and ``ratio`` (a no-op if shown)."""
        look = self.look()
        shown = (look, scale, ratio)
        if scale <= 0 or shown == self._shown:
            return
        self._shown = shown
        self.setPixmap(self.picture(look, scale, ratio))
        self.setTransform(QTransform.fromScale(1 / scale, 1 / scale))


class BoxItem(ZoomedPicture):
    """A rounded box: ``rect`` filled with ``fill`` and outlined with ``pen`` (none if None), a
    dashed outline if ``dash``, shown from the picture shared by every box of its look at the
    zoom ``scale`` (logical pixels a scene unit) on a device of ``ratio``."""

    def __init__(self, rect: QRectF, fill: QColor, pen: QColor | None, radius: float, width: float,
                 dash: bool, scale: float, ratio: float) -> None:
        super().__init__()
        self._rect, self._fill, self._radius = QRectF(rect), QColor(fill), radius
        self._pen = box_pen(pen, width, dash)
        half = width / 2 if pen is not None else 0.0
        self._bounds = rect.adjusted(-half, -half, half, half)
        self._look = (f"arle:box:{rect.width():g}x{rect.height():g}:{fill.rgba():x}:"
                      f"{pen.rgba() if pen is not None else 0:x}:{width:g}:{radius:g}:{int(dash)}")
        self.setPos(self._bounds.topLeft())
        self.zoom(scale, ratio)

    def bounds(self) -> QRectF:
        """The box with its outline, in scene coordinates (its picture takes up to a device pixel
        more, at the zoom it was made for)."""
        return QRectF(self._bounds)

    def look(self) -> Hashable:
        return self._look

    def picture(self, look: Hashable, scale: float, ratio: float) -> QPixmap:
        """The picture shared by every box of this look (found in Qt's pixmap cache)."""
        key = f"{look}:{scale:.4f}:{ratio:g}"
        found: QPixmap | None = QPixmapCache.find(key)  # type: ignore[call-overload]  # (PySide6's stubs lack find(str))
        if found is not None:
            return found
        b, device = self._bounds, scale * ratio
        picture = QPixmap(max(1, math.ceil(b.width() * device)) + 1,
                          max(1, math.ceil(b.height() * device)) + 1)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setTransform(QTransform(device, 0, 0, device, -b.left() * device, -b.top() * device))
        painter.setPen(self._pen)
        painter.setBrush(QBrush(self._fill))
        painter.drawPath(box_path(self._rect, self._radius))
        painter.end()
        picture.setDevicePixelRatio(ratio)
        QPixmapCache.insert(key, picture)
        return picture
