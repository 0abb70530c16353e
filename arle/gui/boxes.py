"""The boxes of the boards (a field's space, a stall's place, a stack of tiles): rounded boxes that
share one picture per look.

A Home Board shows sixty boxes of a dozen looks, the supply board sixteen of one. Painted each into
a picture of its own (Qt's item cache) they held 10 MB for the six boards; one picture per look,
size and zoom holds 2.5 MB. A box is a pixmap item: Qt blits its picture without calling Python
(a Python ``paint`` a box cost 2.6% more instructions a move that brings a board forward). Its
picture is made at the zoom of the board's view, one device pixel a pixel, and drawn on the device
pixel nearest to the box's corner: ``SessionScene.zoomed`` gives every box the picture of a new
zoom."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPixmap, QPixmapCache, QTransform
from PySide6.QtWidgets import QGraphicsPixmapItem


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


class BoxItem(QGraphicsPixmapItem):
    """A rounded box: ``rect`` filled with ``fill`` and outlined with ``pen`` (none if None), a
    dashed outline if ``dash``, shown from the picture shared by every box of its look at the
    zoom ``scale`` (device pixels a scene unit over ``ratio``, the device's pixels a logical one)."""

    def __init__(self, rect: QRectF, fill: QColor, pen: QColor | None, radius: float, width: float,
                 dash: bool, scale: float, ratio: float) -> None:
        super().__init__()
        self._rect, self._fill, self._radius = QRectF(rect), QColor(fill), radius
        self._pen = box_pen(pen, width, dash)
        half = width / 2 if pen is not None else 0.0
        self._bounds = rect.adjusted(-half, -half, half, half)
        #: What the picture shows, apart from the zoom.
        self._look = (f"arle:box:{rect.width():g}x{rect.height():g}:{fill.rgba():x}:"
                      f"{pen.rgba() if pen is not None else 0:x}:{width:g}:{radius:g}:{int(dash)}")
        # The mouse finds the box by its bounds, not by its picture's pixels (Qt's default reads
        # the picture's mask), and the picture is blitted, never smoothed.
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setTransformationMode(Qt.TransformationMode.FastTransformation)
        self.setPos(self._bounds.topLeft())
        self._scale = 0.0
        self.zoom(scale, ratio)

    def bounds(self) -> QRectF:
        """The box with its outline, in scene coordinates (its picture takes up to a device pixel
        more, at the zoom it was made for)."""
        return QRectF(self._bounds)

    def zoom(self, scale: float, ratio: float) -> None:
        """Show the picture made for ``scale`` (a no-op at the zoom it has)."""
        if scale <= 0 or (scale == self._scale and ratio == self.pixmap().devicePixelRatio()):
            return
        self._scale = scale
        self.setPixmap(self.picture(scale * ratio, ratio))
        self.setTransform(QTransform.fromScale(1 / scale, 1 / scale))

    def picture(self, scale: float, ratio: float) -> QPixmap:
        """The shared picture of this look at ``scale`` device pixels a scene unit, for a device of
        ``ratio`` device pixels a logical one."""
        key = f"{self._look}:{scale:.4f}:{ratio:g}"
        found = QPixmapCache.find(key)
        if found is not None:
            return found
        b = self._bounds
        picture = QPixmap(max(1, math.ceil(b.width() * scale)) + 1, max(1, math.ceil(b.height() * scale)) + 1)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setTransform(QTransform(scale, 0, 0, scale, -b.left() * scale, -b.top() * scale))
        painter.setPen(self._pen)
        painter.setBrush(QBrush(self._fill))
        painter.drawPath(box_path(self._rect, self._radius))
        painter.end()
        picture.setDevicePixelRatio(ratio)
        QPixmapCache.insert(key, picture)
        return picture
