"""The view every board is shown in: its scene scaled to fit, crisp at any size, redrawn when its
tab comes forward."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from arle.gui import style

if TYPE_CHECKING:
    from arle.gui.scene import GameScene


class BoardView(QGraphicsView):
    """Shows a scene scaled to fit, keeping its proportions, crisp at any size."""

    def __init__(self, scene: GameScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.board = scene
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

    def fit(self) -> None:
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QShowEvent) -> None:
        # A scene behind another tab is redrawn when it comes forward.
        self.board.ensure_fresh()
        super().showEvent(event)
        self.fit()

    def view_point(self, scene_point: QPointF) -> QPoint:
        """Viewport coordinates of a scene point (for tests and tooltips)."""
        return self.mapFromScene(scene_point)
