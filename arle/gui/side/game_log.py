"""The game log: every move in words, newest first, beside the boards.

A move adds one row at the top and an undo takes the top rows away. A list view over a model
laid out every row again after each insert (each word-wrapped row measured: about 140 rows a move
in mid-game, more and more as the game went on) and repainted its viewport through the item
machinery. Here a row's height is measured once per text and width, a move costs the rows it
adds, and a paint draws only the rows in view, each from a cached picture.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QPen, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollBar,
    QStyle,
    QStyleOptionSlider,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from arle.gui.kit import style
from arle.gui.kit.looks import keep_picture, used_picture
from arle.gui.side.panels import entry_text

if TYPE_CHECKING:
    from arle.gui.session import GameSession
    from arle.match import Change, LogEntry


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class RowsScrollBar(QScrollBar):
    """The log's scroll bar, repainted only when its handle moves or changes size, and painted
    flat. A move adds a row, which changes the range, and in the first half of a game the
    handle's length changes with nearly every row: the style's bar (gradients, bevelled arrows)
    was a twentieth of a plain move at each paint. The groove, the handle and the arrows
    are where the style puts them: clicks and drags work as on any scroll bar."""

    def __init__(self) -> None:
        super().__init__(Qt.Orientation.Vertical)
        self._shown: tuple[Any, ...] = ()

    def _part(self, option: QStyleOptionSlider, part: QStyle.SubControl) -> QRect:
        return self.style().subControlRect(QStyle.ComplexControl.CC_ScrollBar, option, part, self)

    def sliderChange(self, change: QAbstractSlider.SliderChange) -> None:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        handle = self._part(option, QStyle.SubControl.SC_ScrollBarSlider)
        shown = (handle.getRect(), self.minimum() < self.maximum(), self.isEnabled())
        if shown != self._shown or change == QAbstractSlider.SliderChange.SliderOrientationChange:
            self._shown = shown
            super().sliderChange(change)

    #: The arrows' corners, as shares of their box: up in the top box, down in the bottom one.
    ARROWS = ((QStyle.SubControl.SC_ScrollBarSubLine, ((0.5, 0.3), (0.15, 0.7), (0.85, 0.7))),
              (QStyle.SubControl.SC_ScrollBarAddLine, ((0.5, 0.7), (0.15, 0.3), (0.85, 0.3))))

    def paintEvent(self, event: QPaintEvent) -> None:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        palette, active = self.palette(), self.isEnabled() and self.minimum() < self.maximum()
        pressed = option.activeSubControls if option.state & QStyle.StateFlag.State_Sunken \
            else QStyle.SubControl.SC_None
        painter = QPainter(self)
        painter.fillRect(self.rect(), palette.window().color().darker(110))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        for part, corners in self.ARROWS:
            box = self._part(option, part)
            if box.isEmpty():
                continue
            painter.fillRect(box, palette.button().color().darker(125 if pressed & part else 105))
            side = min(box.width(), box.height()) * 0.7
            left, top = box.center().x() - side / 2, box.center().y() - side / 2
            painter.setBrush(palette.buttonText().color() if active else palette.mid().color())
            painter.drawPolygon([QPointF(left + x * side, top + y * side) for x, y in corners])
        if active:
            handle = QRectF(self._part(option, QStyle.SubControl.SC_ScrollBarSlider))
            painter.setPen(QPen(palette.mid().color().darker(115), 1))
            painter.setBrush(palette.button().color().darker(135 if self.isSliderDown() else 120))
            painter.drawRoundedRect(handle.adjusted(1.5, 1.5, -1.5, -1.5), 3, 3)
        painter.end()


class LogView(QAbstractScrollArea):
    """The rows, newest at the top. A player who scrolled down keeps the rows they look at in
    view when a move adds rows above them; at the top, the newest row shows."""

    #: Row pictures kept: more than a tall window shows, few enough to cost about a megabyte.
    KEEP = 64
    PAD, ICON, GAP = 1, 14, 4

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        #: The entries shown and their rows (text, acting player or -1), oldest first.
        self._entries: list[LogEntry] = []
        self._rows: list[tuple[str, int]] = []
        #: Each row's height at ``_width`` (oldest first) and their sum.
        self._heights: list[int] = []
        self._width = self._text_width()
        self._sizes: dict[tuple[str, int], int] = {}
        self._pictures: dict[Hashable, QPixmap] = {}
        #: How many times a row's wrapped text was measured (tests: a move measures its rows only).
        self.measured = 0
        self.setObjectName("gameLog")
        self.setVerticalScrollBar(RowsScrollBar())
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # (always there: a bar that appears when the rows first overflow narrows the rows, which
        # are wrapped and painted again: a second paint for that move)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.viewport().setBackgroundRole(QPalette.ColorRole.Base)
        self.viewport().setAutoFillBackground(True)
        self.setAccessibleName(_tr("Game log (newest first)"))
        self.sync()

    # -- rows --------------------------------------------------------------------------------------

    def sync(self, *_: Any) -> None:
        """Show ``session.match.log`` afresh (a game installed): keep the rows of the entries shown."""
        log = self.session.match.log
        same = min(len(self._entries), len(log))
        while same and self._entries[same - 1] is not log[same - 1]:
            same -= 1
        self._follow(same, log[same:])

    def heard(self, change: Change) -> None:
        """Follow the match's ``Change``: drop the rows of the moves taken back, add those of
        the new moves (nothing compared: the change says which)."""
        self._follow(len(self._entries) - len(change.removed), list(change.added))

    def _follow(self, same: int, added: list[LogEntry]) -> None:
        """Keep the first ``same`` rows, then add ``added``; the view stays where the reader is."""
        bar = self.verticalScrollBar()
        removed = len(self._entries) - same
        shift = -sum(self._heights[same:])
        del self._entries[same:], self._rows[same:], self._heights[same:]
        for entry in added:
            text = entry_text(self.session, entry, len(self._entries))  # (its place in the log)
            actor = entry.actor if entry.actor is not None else -1
            self._entries.append(entry)
            self._rows.append((text, actor))
            self._heights.append(self._height(text))
            shift += self._heights[-1]
        keep = bar.value() > 0  # looking at older rows: they stay where they are
        if keep and not removed and self._own_move(added):
            keep = False  # the player moved: back to the newest rows, theirs among them
            bar.setValue(0)
        self._set_range()
        if keep and shift:
            bar.setValue(bar.value() + shift)
        if not keep and not removed and 0 < shift < self.viewport().height():
            # rows added at the top: the others move down as they are, the new ones are painted
            self.viewport().scroll(0, shift)
        elif removed or shift:
            self.viewport().update()

    def _own_move(self, added: list[LogEntry]) -> bool:
        """Whether a person at this window made one of the ``added`` moves (not the computer)."""
        seats = self.session.match.seats
        return any(e.actor is not None and seats[e.actor].local for e in added)

    def reading_back(self) -> bool:
        """Whether the player scrolled down to older rows (the newest are out of view)."""
        return self.verticalScrollBar().value() > 0

    def lines_height(self, lines: int) -> int:
        """The height that shows ``lines`` one-line rows."""
        return lines * (max(self.fontMetrics().height(), self.ICON) + 2 * self.PAD) + 2 * self.frameWidth()

    def texts(self) -> list[str]:
        """The rows' texts, top (newest) first."""
        return [text for text, _ in reversed(self._rows)]

    def _text_width(self) -> int:
        return max(40, self.viewport().width() - 2 * self.PAD - 2 - self.ICON - self.GAP)

    def _height(self, text: str) -> int:
        key = (text, self._width)
        height = self._sizes.get(key)
        if height is None:
            if len(self._sizes) > 4000:  # after many window sizes: start again
                self._sizes.clear()
            self.measured += 1
            bounds = self.fontMetrics().boundingRect(QRect(0, 0, self._width, 1 << 20),
                                                     Qt.TextFlag.TextWordWrap, text)
            height = self._sizes[key] = max(bounds.height(), self.ICON) + 2 * self.PAD
        return height

    def _set_range(self) -> None:
        bar, page = self.verticalScrollBar(), self.viewport().height()
        bar.setPageStep(page)
        bar.setSingleStep(self.fontMetrics().height())
        bar.setRange(0, max(0, sum(self._heights) - page))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        width = self._text_width()
        if width != self._width:  # wrapped anew: every row measured at the new width
            self._width = width
            self._heights = [self._height(text) for text, _ in self._rows]
        self._set_range()

    # -- painting ----------------------------------------------------------------------------------

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self.viewport().scroll(dx, dy)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self.viewport())
        top, bottom = event.rect().top(), event.rect().bottom()
        y = -self.verticalScrollBar().value()
        look = self._look()
        for i in range(len(self._rows) - 1, -1, -1):
            h = self._heights[i]
            if y >= bottom + 1:
                break
            if y + h > top:
                painter.drawPixmap(QPoint(0, y), self._picture(i, h, look))
            y += h
        painter.end()

    def _look(self) -> tuple[Any, ...]:
        """What every row's picture depends on besides its text and height (asked once a paint:
        a whole log repainted asks it for every row shown)."""
        palette = self.palette()
        colors = tuple(style.player_color(self.session, i).name()
                       for i in range(len(self.session.match.game.state.players)))
        return (self.viewport().width(), self.devicePixelRatioF(), palette.base().color(),
                palette.text().color(), colors)

    def _picture(self, i: int, h: int, look: tuple[Any, ...]) -> QPixmap:
        """Row ``i`` painted once per text, size and colours: laying out wrapped text is the dear
        part of painting it, a cached picture is a blit."""
        text, actor = self._rows[i]
        width, ratio, base, ink, colors = look
        color = colors[actor] if 0 <= actor < len(colors) else ""
        key = (text, color, width, h, ratio, base.rgba(), ink.rgba())
        pix = used_picture(self._pictures, key)
        if pix is None:
            pix = QPixmap(round(width * ratio), round(h * ratio))
            pix.setDevicePixelRatio(ratio)
            pix.fill(base)  # opaque, so text keeps its usual smoothing
            inner = QPainter(pix)
            if color:
                piece = style.piece_pixmap(style.player_shape(actor), style.player_color(self.session, actor),
                                           self.ICON)
                line = self.fontMetrics().height()
                inner.drawPixmap(self.PAD + 2, self.PAD + max(0, (line - self.ICON) // 2), piece)
            inner.setFont(self.font())
            inner.setPen(ink)
            left = self.PAD + 2 + self.ICON + self.GAP
            inner.drawText(QRect(left, self.PAD, self._width, h - 2 * self.PAD),
                           int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft), text)
            inner.end()
            keep_picture(self._pictures, key, pix, self.KEEP)  # (the one painted longest ago goes)
        return pix


class GameLog(QFrame):
    """Every move in words, newest first, under its title."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.view = LogView(session)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        head = QHBoxLayout()
        title = QLabel(_tr("Game log (newest first)"))
        title.setObjectName("sectionTitle")
        head.addWidget(title, 1)
        #: Back to the newest rows, shown while the player reads older ones.
        self.newest = QToolButton()
        self.newest.setText(_tr("Newest ↑"))
        self.newest.setToolTip(_tr("Show the newest moves (the log comes back to them at your next move)"))
        self.newest.setAutoRaise(True)
        self.newest.clicked.connect(lambda: self.view.verticalScrollBar().setValue(0))
        self.newest.hide()
        head.addWidget(self.newest)
        lay.addLayout(head)
        lay.addWidget(self.view)
        session.changed.connect(self.view.heard)
        session.reset.connect(self.view.sync)
        self.view.verticalScrollBar().valueChanged.connect(
            lambda value: self.newest.setVisible(value > 0))

    def floor(self, lines: int) -> int:
        """The height that shows the title and ``lines`` one-line rows."""
        layout = self.layout()
        assert layout is not None
        margins = layout.contentsMargins()
        head = max(self.newest.sizeHint().height(), self.fontMetrics().height())
        return (margins.top() + margins.bottom() + head + layout.spacing()
                + self.view.lines_height(lines) + 2 * self.frameWidth())

    def refresh(self, *_: Any) -> None:
        self.view.sync()

    def texts(self) -> list[str]:
        return self.view.texts()
