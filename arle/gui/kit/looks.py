"""Widgets that Qt paints once for each look they show, and that blit a picture of that look
after: the tab bars (a paint styles and lays out every title) and the decision's buttons (a
style-sheet button is dear to paint, and in most moves it is painted again, whenever the panel
around it changes).

A look is everything a widget's picture depends on (its text, size, state, font, colours). A
look not seen before is painted as Qt paints it, and its picture is taken a moment after: a
widget cannot be drawn into a picture while it paints, and taken at once it would cost the move
that first showed the look one more paint. A picture is only ever used for the look it was taken
with; a look that changed in between is painted by Qt again, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from PySide6.QtCore import QObject, QPoint, Qt, QTimer
from PySide6.QtGui import QFont, QPainter, QPaintEvent, QPixmap, QRegion
from PySide6.QtWidgets import QAbstractButton, QPushButton, QToolButton, QWidget

#: How long after a new look its picture is taken (ms): while the player looks at the move.
KEEP_AFTER_MS = 50


def used_picture(pictures: dict[Hashable, QPixmap], key: Hashable) -> QPixmap | None:
    """The picture kept for ``key``, now the one used last (None if there is none)."""
    picture = pictures.pop(key, None)
    if picture is not None:
        pictures[key] = picture  # (last: the one used most recently goes last)
    return picture


def keep_picture(pictures: dict[Hashable, QPixmap], key: Hashable, picture: QPixmap, most: int) -> QPixmap:
    """Keep ``picture`` for ``key``, dropping the ones used longest ago beyond ``most``."""
    while len(pictures) >= most:
        del pictures[next(iter(pictures))]
    pictures[key] = picture
    return picture


#: Each font's key (a few fonts: the window's, the titles', the panels'), by the font.
_FONT_KEYS: dict[QFont, str] = {}


def font_key(w: QWidget) -> str:
    """``w``'s font as a key, for the looks and measures that depend on it. ``QFont.key`` makes
    a string at each call, and a move measures a panel's cells with some fifty calls: made once
    a font, and found by the font."""
    font = w.font()
    key = _FONT_KEYS.get(font)
    if key is None:
        if len(_FONT_KEYS) >= 64:  # (after many zooms: start again)
            _FONT_KEYS.clear()
        key = _FONT_KEYS[font] = font.key()
    return key


def widget_look(w: QWidget) -> tuple[Any, ...]:
    """What any widget's picture depends on: its size, state, font, pixel ratio and style."""
    return (w.width(), w.height(), w.isEnabled(), w.isActiveWindow(), font_key(w),
            w.devicePixelRatioF(), id(w.style()))


class LookPictures(QObject):
    """The pictures of a widget's looks, the one used longest ago dropped first.

    ``look()`` says what the widget shows now. ``store`` may be shared by widgets whose looks
    say everything they show (two buttons with one text, size and role look the same)."""

    def __init__(self, widget: QWidget, look: Callable[[], Hashable], kept: int,
                 store: dict[Hashable, QPixmap] | None = None) -> None:
        super().__init__(widget)
        self.widget = widget
        self.look = look
        self.kept = kept
        self.pictures: dict[Hashable, QPixmap] = {} if store is None else store
        self.rendering = False
        self._keep_soon = QTimer(self)
        self._keep_soon.setSingleShot(True)
        self._keep_soon.setInterval(KEEP_AFTER_MS)
        self._keep_soon.timeout.connect(self.keep)

    def blit(self) -> bool:
        """Draw the picture of the look shown now (True); without one, ask for it to be taken
        and leave the painting to Qt (False)."""
        if self.rendering:  # (taking the picture: Qt's own painting)
            return False
        picture = used_picture(self.pictures, self.look())
        if picture is None:
            self._keep_soon.start()
            return False
        painter = QPainter(self.widget)
        painter.drawPixmap(0, 0, picture)
        painter.end()
        return True

    def keep(self) -> None:
        """Take the picture of the look shown now, if it has none."""
        w = self.widget
        look = self.look()
        if look in self.pictures or not w.isVisible() or w.width() <= 0 or w.height() <= 0:
            return
        ratio = w.devicePixelRatioF()
        picture = QPixmap(w.size() * ratio)
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        self.rendering = True
        try:  # the widget only: what is behind it shows through, its children paint themselves
            w.render(picture, QPoint(), QRegion(), QWidget.RenderFlag(0))
        finally:
            self.rendering = False
        keep_picture(self.pictures, look, picture, self.kept)


def button_look(b: QAbstractButton) -> tuple[Any, ...]:
    """Everything a button's picture depends on: its words and icon, size, role in the style
    sheet (its object name), state, font and colours."""
    palette = b.palette()
    tool = (b.popupMode(), b.toolButtonStyle(), b.arrowType()) if isinstance(b, QToolButton) else ()
    return (type(b).__name__, b.objectName(), b.text(), b.icon().cacheKey(), *widget_look(b),
            b.isDown(), b.isChecked(), b.hasFocus(), b.underMouse(),
            isinstance(b, QPushButton) and b.isDefault(), *tool,
            palette.button().color().rgba(), palette.buttonText().color().rgba(),
            palette.window().color().rgba(), palette.highlight().color().rgba())


#: The decision's buttons' pictures, shared: the same words come back on another button
#: ("Done", "Skip this Worker", "End turn"). Enough for a few decisions' buttons in each state.
BUTTON_PICTURES: dict[Hashable, QPixmap] = {}
BUTTONS_KEPT = 48


class PicturedButton(QPushButton):
    """A push button painted from the pictures of its looks (``LookPictures``)."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.looks = LookPictures(self, lambda: button_look(self), BUTTONS_KEPT, BUTTON_PICTURES)

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.looks.blit():
            super().paintEvent(event)


class PicturedToolButton(QToolButton):
    """A tool button painted from the pictures of its looks (``LookPictures``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.looks = LookPictures(self, lambda: button_look(self), 8)

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.looks.blit():
            super().paintEvent(event)
