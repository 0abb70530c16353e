"""A player's panel in the side panel: personal supply, Goods Track, Animals and the live score
by category, each category's reasons in its tooltip.

The goods and the score are each one widget that paints its cells itself. The panel was some
seventy labels, each painted through the window's style sheet: when the player to act changed
and their tab came forward, painting them all was a large part of the move, and filling the
twenty score tooltips made work for tooltips nobody hovered. The tooltips are now made when asked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QColor, QHelpEvent, QPainter, QPaintEvent, QPixmap, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QSizePolicy,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from arle.engine import ANIMALS, SOLO_TARGET, animal_count, noun, score_reasons
from arle.gui.kit import style
from arle.gui.kit.looks import font_key
from arle.gui.kit.texts import say
from arle.gui.side.panels import SUPPLY_GOODS, TRACK_GOODS, frame_ring, goods_icon, paint_frame

if TYPE_CHECKING:
    from arle.gui.session import GameSession


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class CellPictures:
    """A widget's cells (a good and its count, a score row) each drawn once into a picture per
    what it shows, its size, the font and the colours, and blitted: a move changes a few values,
    and the other player's panel coming forward shows what it showed before (laying out the
    texts of every cell cost a millisecond a paint). At most ``keep`` pictures are kept."""

    def __init__(self, widget: QWidget, keep: int) -> None:
        self.widget = widget
        self.keep = keep
        self._pictures: dict[tuple[Any, ...], QPixmap] = {}

    def look(self) -> tuple[float, str, int]:
        """What every picture depends on besides its cell (asked once a paint)."""
        w = self.widget
        return w.devicePixelRatioF(), font_key(w), w.palette().windowText().color().rgba()

    def get(self, key: tuple[Any, ...], size: QSize, look: tuple[float, str, int],
            draw: Callable[..., None], *args: Any) -> QPixmap:
        """The picture of ``key`` at ``size``; ``draw(painter, *args)`` paints it, in the widget's
        font and ink."""
        found = (*key, size.width(), size.height(), *look)
        picture = self._pictures.get(found)
        if picture is None:
            if len(self._pictures) > self.keep:
                self._pictures.clear()
            picture = self._pictures[found] = QPixmap(size * look[0])
            picture.setDevicePixelRatio(look[0])
            picture.fill(Qt.GlobalColor.transparent)
            painter = QPainter(picture)
            painter.setFont(self.widget.font())
            painter.setPen(self.widget.palette().windowText().color())
            draw(painter, *args)
            painter.end()
        return picture


class GoodsGrid(QWidget):
    """Icon, count and name of each good and animal, in columns; the name under the mouse is
    its tooltip (a long name may be cut short in a narrow panel)."""

    ICON, SPACING, ROW_GAP, COL_GAP = 18, 3, 1, 4

    def __init__(self, goods: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.goods = list(goods)
        self.names = {g: style.name_of(g) for g in self.goods}
        #: (good, count) -> its name in that number (``name``).
        self._counted_names: dict[tuple[str, str], str] = {}
        self.counts = {g: "0" for g in self.goods}
        metrics = self.fontMetrics()
        # 4 columns cut "Summer Wear", "Leather Wear" short in the side panel's width; 3 cut the
        # longer names of other languages ("Vêtements de cuir") and push the scores out of view
        longest = max(metrics.horizontalAdvance(style.count_name(g, n)) for g in self.goods for n in (1, 2))
        self.cols = 3 if longest <= 1.1 * metrics.horizontalAdvance("Summer Wear") else 2
        #: (font and counts, natural column widths): see ``_natural``.
        self._measured: tuple[Any, list[int]] = ("", [])
        #: (width, font and counts, every cell's rectangle): see ``_cells``.
        self._laid_out: tuple[Any, list[QRect]] = ((), [])
        self._pictures = CellPictures(self, keep=4 * len(self.goods))
        #: Each cell's width by font, name and count: a move changes a count or two, and the
        #: columns were measured again from every name and count (50 text widths a move).
        self._widths: dict[tuple[str, str, str], int] = {}
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._describe()

    @property
    def rows(self) -> int:
        return -(-len(self.goods) // self.cols)

    def _row_height(self) -> int:
        return max(self.ICON, self.fontMetrics().height()) + self.ROW_GAP

    def _natural(self) -> list[int]:
        """Each column's width with no name cut short, as a grid of labels sizes its columns to
        what they show (measured again when the font or a count changes)."""
        font = font_key(self)
        key = (font, tuple(self.counts.values()))
        if self._measured[0] != key:
            counts, cols = self.counts, self.cols
            widths = [max(self._cell_width(self.name(g), counts[g], font) for g in self.goods[c::cols])
                      for c in range(cols)]
            self._measured = (key, widths)
        return self._measured[1]

    def _columns(self) -> list[tuple[int, int]]:
        """(left, width) of each column: as wide as its longest name, the room left shared out
        alike, or all narrowed alike (names cut short) in a narrow panel; as a grid lays out."""
        natural = self._natural()
        room = self.width() - (self.cols - 1) * self.COL_GAP
        total = sum(natural)
        widths = ([n + (room - total) // self.cols for n in natural] if room >= total
                  else [n * room // total for n in natural])
        out, x = [], 0
        for w in widths:
            out.append((x, w))
            x += w + self.COL_GAP
        return out

    def _cell(self, i: int) -> QRect:
        return self._cells()[i]

    def _cells(self) -> list[QRect]:
        """Every cell's rectangle (laid out again when the width, the font or a count changes)."""
        key = (self.width(), font_key(self), tuple(self.counts.values()))
        if self._laid_out[0] != key:
            columns, height = self._columns(), self._row_height()
            cells = [QRect(columns[c][0], r * height, columns[c][1], height)
                     for r, c in (divmod(i, self.cols) for i in range(len(self.goods)))]
            self._laid_out = (key, cells)
        return self._laid_out[1]

    def _cell_width(self, name: str, count_text: str = "0", font: str | None = None) -> int:
        key = (font or font_key(self), name, count_text)
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) > 2000:  # (after many fonts and counts: start again)
                self._widths.clear()
            metrics = self.fontMetrics()
            count, text = metrics.horizontalAdvance(count_text), metrics.horizontalAdvance(name)
            width = self._widths[key] = self.ICON + count + text + 2 * self.SPACING
        return width

    def sizeHint(self) -> QSize:
        return QSize(sum(self._natural()) + (self.cols - 1) * self.COL_GAP, self.rows * self._row_height())

    def minimumSizeHint(self) -> QSize:
        narrow = self._cell_width("Wool…")
        return QSize(self.cols * narrow + (self.cols - 1) * self.COL_GAP, self.rows * self._row_height())

    def set_counts(self, counts: dict[str, str]) -> None:
        """Show ``counts`` (good -> text); only the cells whose count changed are repainted."""
        changed = [i for i, good in enumerate(self.goods) if self.counts[good] != counts.get(good, "0")]
        if not changed:
            return
        before = self._columns()
        for i in changed:
            self.counts[self.goods[i]] = counts.get(self.goods[i], "0")
        if self._columns() != before:  # a wider count moved the columns
            self.update()
        for i in changed:
            self.update(self._cell(i))
        self._describe()

    def name(self, good: str) -> str:
        """The good's name in the number its count asks for ("Chevaux" beside a 2, in French);
        kept by good and count, since every change of a count describes the whole grid again."""
        count = self.counts[good]
        if not count.isdigit():
            return self.names[good]
        name = self._counted_names.get((good, count))
        if name is None:
            name = self._counted_names[(good, count)] = style.count_name(good, int(count))
        return name

    def _describe(self) -> None:
        self.setAccessibleDescription(", ".join(f"{self.counts[g]} {self.name(g)}" for g in self.goods))

    def paintEvent(self, event: QPaintEvent) -> None:
        """Blit the cells the paint needs, each drawn once per count, width and font: a move
        changes a few counts, and the other player's panel coming forward shows the counts it
        showed before (laying out two texts a cell, 27 cells, cost a millisecond a paint)."""
        painter = QPainter(self)
        region = event.region()
        look = self._pictures.look()
        for i, cell in enumerate(self._cells()):
            if region.intersects(cell):
                good = self.goods[i]
                # a name a rounding pixel too long is drawn whole, over the gap to the next column
                size = QSize(cell.width() + self.COL_GAP // 2, cell.height())
                picture = self._pictures.get((good, self.counts[good]), size, look, self._draw_cell, i, size)
                painter.drawPixmap(cell.topLeft(), picture)
        painter.end()

    def _draw_cell(self, painter: QPainter, i: int, size: QSize) -> None:
        metrics = self.fontMetrics()
        good = self.goods[i]
        text_h = size.height() - self.ROW_GAP
        icon = goods_icon(good)
        if icon is not None:
            painter.drawPixmap(QPoint(0, (text_h - self.ICON) // 2), icon)
        x, end = self.ICON + self.SPACING, size.width() - self.COL_GAP // 2
        count = self.counts[good]
        painter.drawText(QRect(x, 0, end - x, text_h), int(Qt.AlignmentFlag.AlignVCenter), count)
        x += metrics.horizontalAdvance(count) + self.SPACING
        name = self.name(good)
        if metrics.horizontalAdvance(name) > end - x + self.COL_GAP // 2:  # (rounding: a pixel)
            name = metrics.elidedText(name, Qt.TextElideMode.ElideRight, max(0, end - x))
        painter.drawText(QRect(x, 0, size.width() - x, text_h), int(Qt.AlignmentFlag.AlignVCenter), name)

    def good_at(self, pos: QPoint) -> str | None:
        for i, good in enumerate(self.goods):
            if self._cell(i).contains(pos):
                return good
        return None

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            good = self.good_at(event.pos())
            if good is None:
                QToolTip.hideText()
            else:
                cell = self._cell(self.goods.index(good))
                QToolTip.showText(event.globalPos(), self.name(good), self, cell)
            return True
        return super().event(event)


class ScoreTable(QWidget):
    """The live score, one row per category: its name (wrapped in a narrow panel) and its
    points; the reasons of the row under the mouse are its tooltip, made when asked."""

    def __init__(self, categories: Sequence[tuple[str, str]], tip: Callable[[str], str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.keys = [key for key, _ in categories]
        self.names = {key: say(noun(label)) for key, label in categories}
        self.values = {key: "" for key in self.keys}
        self.tip = tip
        self._heights: dict[tuple[int, str], list[int]] = {}
        self._pictures = CellPictures(self, keep=4 * len(self.keys))
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def _value_width(self) -> int:
        return self.fontMetrics().horizontalAdvance("-888.8") + 6

    def _row_heights(self, width: int) -> list[int]:
        """Each row's height at ``width`` (measured once per width and font)."""
        key = (width, font_key(self))
        heights = self._heights.get(key)
        if heights is None:
            if len(self._heights) > 64:
                self._heights.clear()
            heights = self._heights[key] = self._measure(width)
        return heights

    def _measure(self, width: int) -> list[int]:
        metrics, name_w = self.fontMetrics(), max(20, width - self._value_width())
        wrap, room = int(Qt.TextFlag.TextWordWrap), QRect(0, 0, name_w, 1 << 16)
        return [max(metrics.height(), metrics.boundingRect(room, wrap, self.names[k]).height())
                for k in self.keys]

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return sum(self._row_heights(width))

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        width = max(metrics.horizontalAdvance(n) for n in self.names.values()) + self._value_width()
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        """Narrow, each name on one line: the layout asks ``heightForWidth`` for the real height."""
        return QSize(160, len(self.keys) * self.fontMetrics().height())

    def set_values(self, values: dict[str, str]) -> None:
        """Show ``values`` (category -> points); only the rows that changed are repainted."""
        heights = None
        for i, key in enumerate(self.keys):
            if self.values[key] != values[key]:
                self.values[key] = values[key]
                heights = heights or self._row_heights(self.width())
                top = sum(heights[:i])
                self.update(QRect(0, top, self.width(), heights[i]))
        self.setAccessibleDescription("; ".join(f"{self.names[k]} {self.values[k]}" for k in self.keys))

    def _rows(self) -> list[tuple[str, QRect]]:
        out, y = [], 0
        for key, h in zip(self.keys, self._row_heights(self.width()), strict=True):
            out.append((key, QRect(0, y, self.width(), h)))
            y += h
        return out

    def paintEvent(self, event: QPaintEvent) -> None:
        """Blit the rows the paint needs, each drawn once per value, size and font."""
        painter = QPainter(self)
        region = event.region()
        look = self._pictures.look()
        for key, row in self._rows():
            if region.intersects(row):
                size = row.size()
                picture = self._pictures.get((key, self.values[key]), size, look, self._draw_row, key, size)
                painter.drawPixmap(row.topLeft(), picture)
        painter.end()

    def _draw_row(self, painter: QPainter, key: str, size: QSize) -> None:
        row = QRect(QPoint(0, 0), size)
        painter.drawText(row.adjusted(0, 0, -self._value_width(), 0), int(Qt.TextFlag.TextWordWrap),
                         self.names[key])
        painter.drawText(row, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop), self.values[key])

    def key_at(self, pos: QPoint) -> str | None:
        return next((key for key, row in self._rows() if row.contains(pos)), None)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            key = self.key_at(event.pos())
            if key is None:
                QToolTip.hideText()
            else:
                row = dict(self._rows())[key]
                QToolTip.showText(event.globalPos(), self.tip(key), self, row)
            return True
        return super().event(event)


class PlayerPanel(QFrame):
    """One player's personal supply, Goods Track, Animals and live score by category."""

    #: The border's width (px) and its colour while another player acts.
    BORDER, GREY = 2, "#c9c2ad"

    def __init__(self, session: GameSession, player: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.player = player
        self._border = ""
        self._acting = False
        self._stale = False
        #: What the panel last showed (``refresh``).
        self._shown: tuple[Any, ...] | None = None
        self.setObjectName("playerPanel")
        self.setContentsMargins(*[self.BORDER] * 4)  # (the border's room)
        self.header = QLabel()
        self.header.setObjectName("playerName")
        self.piece = QLabel()
        self.total = QLabel()
        self.total.setObjectName("scoreTotal")
        head = QHBoxLayout()
        head.addWidget(self.piece)
        head.addWidget(self.header, 1)
        head.addWidget(self.total)
        self.goods = GoodsGrid([str(g) for g in (*TRACK_GOODS, *SUPPLY_GOODS, *ANIMALS)])
        self.scores = ScoreTable(style.SCORE_CATEGORIES, self.score_tip)
        self.solo = QProgressBar()
        self.solo.setRange(0, SOLO_TARGET)
        self.solo.setFormat(_tr("%v of {target} VP").format(target=SOLO_TARGET))
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        lay.setSpacing(4)
        lay.addLayout(head)
        lay.addWidget(self.goods)
        lay.addWidget(self.scores)
        lay.addWidget(self.solo)
        session.changed.connect(self.refresh)
        session.reset.connect(self.refresh)
        self.refresh()

    def show_scores(self, shown: bool) -> None:
        """Show the score breakdown under the goods, or only the total (a short window: the total's
        tooltip and the Scoring tab give the breakdown, and the game log keeps its rows)."""
        if self.scores.isHidden() == shown:
            self.scores.setVisible(shown)

    # -- what it shows (tests, tools) -------------------------------------------------------------------

    def count_text(self, good: str) -> str:
        return self.goods.counts[good]

    def score_text(self, key: str) -> str:
        return self.scores.values[key]

    def score_tip(self, key: str) -> str:
        """Why the category ``key`` scores what it does now: one reason a line."""
        label = dict(style.SCORE_CATEGORIES)[key]
        points = self.session.match.game.score(self.player).as_dict()[key]
        signed = ("+" if points > 0 else "") + style.number(points)
        reasons = score_reasons(self.session.match.game.state.players[self.player])
        # one reason a line ("; " joins them in the engine's one-line text)
        return _tr("{category} {vp}:").format(category=say(noun(label)), vp=signed) + "\n" + \
            say(reasons[key]).replace("; ", "\n")

    # -- refreshing ---------------------------------------------------------------------------------

    def _frame(self, color: str, acting: bool) -> None:
        """The border in the player's colour while they act, grey otherwise (``paintEvent``): a
        property flipped in a style sheet re-polished the panel each time the turn passed."""
        if (color, acting) != (self._border, self._acting):
            self._border, self._acting = color, acting
            self.update(frame_ring(self.rect(), 3))

    def acting(self) -> bool:
        """Whether the panel shows its player as the one to act (its border in their colour)."""
        return self._acting

    def paintEvent(self, event: QPaintEvent) -> None:
        """The border, grey, or in the player's colour while they act: painted, not a style
        sheet's (its rounded corners drawn arc by arc cost a fifth of the panel's paint)."""
        acting = self._acting and self._border
        paint_frame(self, QColor(self._border if acting else self.GREY), self.BORDER)

    def showEvent(self, event: QShowEvent) -> None:
        if self._stale:  # moves were made while another player's tab was in front
            self.refresh()
        super().showEvent(event)

    def refresh(self, *_: Any) -> None:
        # Behind another player's tab (a page the tab widget hid) the panel is filled when shown.
        self._stale = self.parentWidget() is not None and self.isHidden()
        if self._stale:
            return
        g = self.session.match.game
        if self.player >= len(g.state.players):
            return
        p = g.state.players[self.player]
        color = style.player_color(self.session, self.player)
        acting = g.actor == self.player
        # Everything the panel shows comes from these: a move by the other player (and the
        # second refresh of a move) changes none of it. Filling the panel again cost 0.3 ms.
        shown = (p.key(), acting, color.name(), g.state.solo, _tr("{vp} VP"))
        if shown == self._shown:
            return
        self._shown = shown
        key = (style.player_shape(self.player), color.name())
        if self.piece.property("look") != key:
            self.piece.setProperty("look", key)
            self.piece.setPixmap(style.piece_pixmap(style.player_shape(self.player), color, 22))
        _set_text(self.header, p.name + (_tr("  (to act)") if acting else ""))
        self._frame(color.name(), acting)
        counts = {str(good): str(p.goods[good]) for good in (*TRACK_GOODS, *SUPPLY_GOODS)}
        counts.update({str(a): str(animal_count(p, a)) for a in ANIMALS})
        self.goods.set_counts(counts)
        data = g.score(self.player).as_dict()
        _set_text(self.total, _tr("{vp} VP").format(vp=style.number(data["total"])))
        self.scores.set_values({key: style.number(data[key]) for key, _ in style.SCORE_CATEGORIES})
        names = self.scores.names
        breakdown = "\n".join(f"{names[key]}: {style.number(data[key])}" for key, _ in style.SCORE_CATEGORIES)
        if self.total.toolTip() != breakdown:  # (the breakdown, where a short window hides it)
            self.total.setToolTip(breakdown)
        self.solo.setVisible(g.state.solo)
        if g.state.solo:
            self.solo.setValue(max(0, min(SOLO_TARGET, int(data["total"]))))
            self.solo.setFormat(_tr("Running total {vp} of {target} VP").format(
                vp=style.number(data["total"]), target=SOLO_TARGET))


def _set_text(label: QLabel, text: str) -> None:
    if label.text() != text:  # a label given the same text still lays out and repaints
        label.setText(text)
