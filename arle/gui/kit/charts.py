"""Small line charts drawn with Qt's own ``QPainter`` (issue 40): each player's score through the
half-years on the game-over screen, the solo scores over time in Statistics.

Why ``QPainter`` and no plotting library: Arle depends on PySide6-Essentials, which has no
QtCharts, and matplotlib or pyqtgraph would add tens of megabytes to the installers and
their own start-up for two simple line charts; ``QPainter`` draws in the window's fonts and
language (French decimal commas through ``style.number``), sharp at any device pixel ratio, and
is tested headless like every other widget.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import attrs
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from arle.gui.kit import style


@attrs.frozen
class Series:
    """One line: its ``name`` (the legend), ``color`` (hex) and ``values`` (one per x tick)."""

    name: str
    color: str
    values: tuple[float, ...]


@attrs.frozen
class Level:
    """A horizontal line across the chart: ``label`` at its right end, ``value``, ``color``."""

    label: str
    value: float
    color: str
    dashed: bool = True


def spread(ys: Sequence[float], gap: float) -> list[float]:
    """``ys`` moved apart (the lower ones down) so that no two are closer than ``gap``; same order."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    out = list(ys)
    for before, i in itertools.pairwise(order):
        out[i] = max(out[i], out[before] + gap)
    return out


class LineChart(QWidget):
    """Lines over labelled x ticks (``ticks``), with levels marked across and a legend; the y
    axis goes from 0 (or the lowest value) to a round number above the highest."""

    MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 40.0, 16.0, 24.0, 34.0

    def __init__(self, title: str, ticks: Sequence[str], series: Sequence[Series],
                 levels: Sequence[Level] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.ticks = tuple(ticks)
        self.series = tuple(series)
        self.levels = tuple(levels)
        self.setMinimumSize(320, 210)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName(title)

    def sizeHint(self) -> QSize:
        return QSize(560, 220)

    def y_scale(self) -> tuple[float, float, float]:
        """From 0 (or below, for a negative score) to a multiple of the step above every value and
        level, and the step of the grid lines (10, or 20 for a wide range)."""
        values = [v for s in self.series for v in s.values] + [lv.value for lv in self.levels]
        low = min([0.0, *values])
        high = max([10.0, *values])
        step = 10.0 if high - low <= 80 else 20.0
        return step * (low // step), step * (high // step + 1), step

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#fffdf5"))
        metrics = QFontMetricsF(self.font())
        plot = QRectF(self.MARGIN_LEFT, self.MARGIN_TOP, self.width() - self.MARGIN_LEFT - self.MARGIN_RIGHT,
                      self.height() - self.MARGIN_TOP - self.MARGIN_BOTTOM)
        right_room = max((metrics.horizontalAdvance(lv.label) for lv in self.levels), default=0.0)
        plot.setRight(plot.right() - right_room - 4)
        painter.setPen(QColor("#35523f"))
        title_font = self.font()
        title_font.setBold(True)
        painter.setFont(title_font)
        painter.drawText(QRectF(0, 2, self.width(), self.MARGIN_TOP - 4), Qt.AlignmentFlag.AlignHCenter,
                         self.title)
        painter.setFont(self.font())
        low, high, step = self.y_scale()

        def y_of(v: float) -> float:
            return plot.bottom() - (v - low) / (high - low) * plot.height()

        n = max(1, len(self.ticks))

        def x_of(i: int) -> float:
            return plot.left() + (i + 0.5) * plot.width() / n

        # the grid and the y axis' numbers
        v = low
        while v <= high + 1e-9:
            y = y_of(v)
            painter.setPen(QPen(QColor("#e4dcc3"), 1))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(QColor("#6b6552"))
            painter.drawText(QRectF(0, y - 8, self.MARGIN_LEFT - 6, 16),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, style.number(v))
            v += step
        # the x ticks (every one while they fit, else every other)
        widest = max((metrics.horizontalAdvance(t) for t in self.ticks), default=0.0)
        every = 1 if widest + 6 <= plot.width() / n else 2 if 2 * widest + 6 <= 2 * plot.width() / n else 5
        for i, tick in enumerate(self.ticks):
            if i % every and i != len(self.ticks) - 1:
                continue
            painter.drawText(QRectF(x_of(i) - 40, plot.bottom() + 4, 80, 16), Qt.AlignmentFlag.AlignHCenter,
                             tick)
        # the levels across, their labels kept apart when the levels are close
        label_ys = spread([y_of(lv.value) for lv in self.levels], metrics.height() + 1)
        for lv, label_y in zip(self.levels, label_ys, strict=True):
            pen = QPen(QColor(lv.color), 1.5)
            if lv.dashed:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            y = y_of(lv.value)
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(QColor(lv.color))
            painter.drawText(QRectF(plot.right() + 4, label_y - 9, right_room + 4, 18),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, lv.label)
        # the lines, each point a dot
        for s in self.series:
            color = QColor(s.color)
            path = QPainterPath()
            for i, value in enumerate(s.values):
                point = QPointF(x_of(i), y_of(value))
                path.moveTo(point) if i == 0 else path.lineTo(point)
            painter.setPen(QPen(color, 2.5))
            painter.drawPath(path)
            painter.setBrush(color)
            for i, value in enumerate(s.values):
                painter.drawEllipse(QPointF(x_of(i), y_of(value)), 3.5, 3.5)
            painter.setBrush(Qt.BrushStyle.NoBrush)
        # the legend, when there are several lines
        if len(self.series) > 1:
            x = plot.left() + 6
            for s in self.series:
                painter.setPen(QPen(QColor(s.color), 3))
                painter.drawLine(QPointF(x, plot.top() + 8), QPointF(x + 16, plot.top() + 8))
                painter.setPen(QColor("#35523f"))
                painter.drawText(QPointF(x + 20, plot.top() + 12), s.name)
                x += 28 + metrics.horizontalAdvance(s.name)
        painter.end()


def _tr(text: str) -> str:
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.translate("Charts", text)


def half_year_chart(names: Sequence[str], colors: Sequence[str | QColor],
                    scores: Sequence[Sequence[float]]) -> LineChart:
    """Each player's total at the end of each half-year (``arle.match.scores``)."""
    series = [Series(name, QColor(colors[i % len(colors)]).name(), tuple(s[i] for s in scores))
              for i, name in enumerate(names)]
    ticks = [str(n) for n in range(1, len(scores) + 1)]
    chart = LineChart(_tr("Score at the end of each half-year"), ticks, series)
    chart.setObjectName("halfYearChart")
    return chart


def solo_chart(scores: Sequence[float], target: float) -> LineChart:
    """The solo scores in the order played, the personal best and the rulebook's mark across."""
    levels = [Level(_tr("{vp} VP: remarkable").format(vp=style.number(target)), target, "#1e8449")]
    if scores:
        levels.append(Level(_tr("Best: {vp}").format(vp=style.number(max(scores))), max(scores), "#b9770e",
                            dashed=False))
    ticks = [str(n) for n in range(1, len(scores) + 1)]
    line = Series(_tr("Solo"), "#0072B2", tuple(scores))
    chart = LineChart(_tr("Solo scores, game by game"), ticks, [line], levels)
    chart.setObjectName("soloChart")
    return chart
