"""Words wrapped to the width they are given, for the side panel's texts that change with every
move (the turn banner's title and prompt, the decision's hint).

A word-wrapped ``QLabel`` measures its words again, in two or three widths, whenever its text
changes, and asks the side panel to be laid out again even when its height stays the same:
the largest part of a plain move's work in the side panel. This widget
measures a text once for a width, keeps what it measured, and asks for a new layout only when
its height changes; it draws its words as a word-wrapped label does, from a picture of them
once drawn (the same prompts come back move after move).
"""

from __future__ import annotations

from collections.abc import Hashable

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from arle.gui.kit.looks import keep_picture, used_picture, widget_look

#: How the words are measured and placed, as a word-wrapped QLabel measures and places them.
MEASURE = Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap
FLAGS = MEASURE | Qt.AlignmentFlag.AlignVCenter

#: Heights kept (text, width) -> px: the texts of a few turns, in the widths of a resize.
KEPT = 64

#: Pictures of words kept a widget: the texts of the last few turns.
PICTURES_KEPT = 6

#: A height no text in the side panel reaches: the room a text is measured in.
_ROOM = 100_000


class WrappedText(QWidget):
    """Plain text wrapped at word boundaries (``setText``/``text`` as a ``QLabel``'s). ``lines``:
    the room it keeps however short its text, so that a text wrapping onto that many lines moves
    nothing under it."""

    def __init__(self, text: str = "", parent: QWidget | None = None, lines: int = 1) -> None:
        super().__init__(parent)
        self._text = text
        self._lines = lines
        self._heights: dict[tuple[str, int], int] = {}
        self._pictures: dict[Hashable, QPixmap] = {}
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setAccessibleName(text)

    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:
        if text == self._text:
            return
        height = self.heightForWidth(self.width())
        self._text = text
        self.setAccessibleName(text)
        if self.heightForWidth(self.width()) != height:
            self.updateGeometry()
        self.update()

    # -- size -------------------------------------------------------------------------------------------

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        """The height of the words wrapped at ``width``, at least ``lines`` lines' (a label keeps
        its line when it has no words)."""
        key = (self._text, width)
        height = self._heights.get(key)
        if height is None:
            self.ensurePolished()  # (the style sheet's font)
            metrics = self.fontMetrics()
            room = QRect(0, 0, max(width, 1), _ROOM)
            kept = metrics.boundingRect(room, MEASURE, "\n".join("X" * self._lines)).height()
            height = max(metrics.boundingRect(room, MEASURE, self._text).height(), kept)
            if len(self._heights) >= KEPT:
                del self._heights[next(iter(self._heights))]
            self._heights[key] = height
        return height

    def sizeHint(self) -> QSize:
        """A width that wraps a sentence in the narrowest side panel; the layout gives the panel's."""
        width = self.fontMetrics().averageCharWidth() * 40
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        """A few letters wide, a line high, as a word-wrapped label's (a layout asks the height
        for the width it gives)."""
        metrics = self.fontMetrics()
        return QSize(metrics.averageCharWidth() * 10, metrics.height())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._heights.clear()
            self.updateGeometry()
        super().changeEvent(event)

    # -- painting ---------------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        """Blit the picture of the words as shown now, drawn once: the prompts and hints come
        back move after move ("Player 1: place a Worker"), and laying out a text to draw it
        cost as much as the rest of the banner's paint."""
        if not self._text:
            return
        key = (self._text, *widget_look(self), self.palette().color(self.foregroundRole()).rgba())
        picture = used_picture(self._pictures, key)
        if picture is None:
            ratio = self.devicePixelRatioF()
            picture = QPixmap(self.size() * ratio)
            picture.setDevicePixelRatio(ratio)
            picture.fill(Qt.GlobalColor.transparent)
            painter = QPainter(picture)
            painter.setFont(self.font())
            self.style().drawItemText(painter, self.rect(), int(FLAGS), self.palette(), self.isEnabled(),
                                      self._text, self.foregroundRole())
            painter.end()
            keep_picture(self._pictures, key, picture, PICTURES_KEPT)
        painter = QPainter(self)
        painter.drawPixmap(0, 0, picture)
        painter.end()
