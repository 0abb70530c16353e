"""The turn banner's and the player panels' rounded frames (``panels.paint_frame``), painted
from a picture of a small frame, its corners as they are and its edges stretched, look exactly
as the rounded rectangle stroked whole (issue 15: stroking it anew at each paint of the banner
was a few percent of a move)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from arle.gui.side import panels
from tests.gui.scene_helpers import channels_apart

FRAMES = [  # (border colour, width, fill): the panels' grey, the banner's, a fractional width
    (QColor("#c9c2ad"), 2.0, None),
    (QColor("#1f77b4"), 3.0, QColor("#1f77b4").lighter(185)),
    (QColor(200, 80, 20), 2.5, QColor(250, 240, 200)),
]


class Framed(QWidget):
    def __init__(self, pictured: bool, frame: tuple[QColor, float, QColor | None]) -> None:
        super().__init__()
        self.pictured, self.frame = pictured, frame
        self.paints = 0

    def paintEvent(self, event: QPaintEvent) -> None:
        self.paints += 1
        color, width, fill = self.frame
        if self.pictured:
            panels.paint_frame(self, color, width, fill)
        else:  # the rounded rectangle stroked whole, as paint_frame did
            painter = QPainter(self)
            panels._draw_frame(painter, QRectF(self.rect()), color, width, fill, 8)
            painter.end()


@pytest.mark.parametrize("size", [(300, 120), (377, 411), (41, 33), (18, 60), (1000, 77)])
def test_a_frame_painted_from_its_picture_is_the_frame_stroked_whole(qtbot, size) -> None:
    """Every pixel of five sizes (one too narrow for the corners: stroked whole) in three
    frames. (A fractional screen scale strokes the frame whole: its edges' antialiasing depends
    on where the widget lies on the screen's pixels.)"""
    for frame in FRAMES:
        images = []
        for pictured in (False, True):
            widget = Framed(pictured, frame)
            qtbot.addWidget(widget)
            widget.resize(*size)
            images.append(widget.grab().toImage())
            assert widget.paints == 1
        assert channels_apart(images[0], images[1]) == 0, (size, frame[0].name(), frame[1])


def test_a_frame_picture_is_made_once_for_its_colour_width_and_fill(qtbot) -> None:
    panels._FRAMES.clear()
    for size in [(300, 120), (200, 90), (300, 120)]:
        for frame in FRAMES[:2]:
            widget = Framed(True, frame)
            qtbot.addWidget(widget)
            widget.resize(*size)
            widget.grab()
    assert len(panels._FRAMES) == 2
