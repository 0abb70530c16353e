"""A short bubble next to the mouse: why a drop or a click was refused, said where the player is
looking (the status bar says it too, for the record)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

#: How long a bubble stays (ms); the next move, undo or redo hides it earlier.
SHOWN_MS = 4500
#: The bubble's top-left corner from the mouse: below right of the pointer, clear of it.
OFFSET = QPoint(14, 18)


class Bubble(QLabel):
    """A child of the window (not a popup: it never takes focus or a click), kept inside it."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("bubble")
        self.setWordWrap(True)
        self.setMaximumWidth(340)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.hide()
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.hide)

    def show_at(self, text: str, global_pos: QPoint) -> None:
        """Show ``text`` beside ``global_pos`` (screen coordinates), inside the window."""
        self.setText(text)
        self.adjustSize()
        window = self.parentWidget()
        if window is None:  # (a bubble is always made with its window)
            return
        spot = window.mapFromGlobal(global_pos) + OFFSET
        if spot.x() + self.width() > window.width():  # flip to the pointer's left / above
            spot.setX(spot.x() - self.width() - 2 * OFFSET.x())
        if spot.y() + self.height() > window.height():
            spot.setY(spot.y() - self.height() - 2 * OFFSET.y())
        self.move(max(0, spot.x()), max(0, spot.y()))
        self.show()
        self.raise_()
        self.timer.start(SHOWN_MS)
