"""The one art cache of the GUI: SVG renderers of ``resources/`` by file name, and their pixmaps
at the sizes the boards ask for, so that a redraw costs a blit, not an SVG render."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QPixmapCache
from PySide6.QtSvg import QSvgRenderer

from arle.resources import resource_path

_renderers: dict[str, QSvgRenderer] = {}


def renderer(name: str) -> QSvgRenderer | None:
    """The SVG renderer of ``resources/<name>`` (cached), None if the file is missing."""
    if name not in _renderers:
        path = resource_path(name)
        r = QSvgRenderer(str(path)) if path.is_file() else None
        if r is None or not r.isValid():
            return None
        _renderers[name] = r
    return _renderers.get(name)


def svg_pixmap(name: str, width: float, height: float, scale: float = 1.0) -> QPixmap | None:
    """``resources/<name>`` rendered at ``width`` x ``height`` device-independent pixels times
    ``scale``; cached so that a redraw costs a blit, not an SVG render."""
    scale = max(1.0, round(scale * 2) / 2)
    w, h = max(1, int(width * scale)), max(1, int(height * scale))
    key = f"arle:{name}:{w}x{h}"
    pix = QPixmap()
    if QPixmapCache.find(key, pix):
        return pix
    r = renderer(name)
    if r is None:
        return None
    pix = QPixmap(w, h)
    pix.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pix)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    r.render(painter, QRectF(0, 0, w, h))
    painter.end()
    QPixmapCache.insert(key, pix)
    return pix


def draw_svg(painter: QPainter, name: str, rect: QRectF) -> bool:
    """Draw ``resources/<name>`` into ``rect`` (sharp at the painter's zoom). False if missing."""
    t = painter.deviceTransform()
    scale = math.hypot(t.m11(), t.m12())
    pix = svg_pixmap(name, rect.width(), rect.height(), scale)
    if pix is None:
        return False
    painter.drawPixmap(rect, pix, QRectF(pix.rect()))
    return True


def render(painter: QPainter, name: str, rect: QRectF) -> None:
    """Render ``resources/<name>`` as vectors into ``rect`` (for items that cache their own
    picture); nothing if the file is missing."""
    r = renderer(name)
    if r is not None:
        r.render(painter, rect)
