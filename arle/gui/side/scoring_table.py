"""The scoring pad (the game page's last tab, and the game-over screen's table): one row per
category, one column per player, the totals and the result in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor, QFont, QIcon
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from arle.engine import noun
from arle.gui.kit import style
from arle.gui.kit.texts import say

if TYPE_CHECKING:
    from arle.gui.session import GameSession


def _tr(text: str) -> str:
    return QCoreApplication.translate("Dialogs", text)  # (the context it had in shell/dialogs)


def result_text(session: GameSession) -> str:
    """The winner, and the tie-break if it decided; in solo the rating against 110 VP."""
    g = session.match.game
    s = g.state
    totals = [g.score(i).total for i in range(len(s.players))]
    if s.solo:
        from arle.engine import solo_rating

        return _tr("Solo result: {rating}").format(rating=say(solo_rating(totals[0])))
    if not g.over:
        leader = max(range(len(totals)), key=lambda i: totals[i])
        if totals[0] == totals[1]:
            return _tr("Tied at {vp} VP so far.").format(vp=style.number(totals[0]))
        return _tr("{name} leads so far.").format(name=session.match.player_name(leader))
    winner = s.winner if s.winner is not None else max(range(2), key=lambda i: totals[i])
    name = session.match.player_name(winner)
    if totals[0] == totals[1]:
        return _tr("Tie at {vp} VP. Tie-break: {name} would be the starting player of a 10th "
                   "half-year, and wins.").format(vp=style.number(totals[0]), name=name)
    return _tr("{name} wins with {vp} VP to {other} VP.").format(
        name=name, vp=style.number(totals[winner]), other=style.number(totals[1 - winner]))


class ScoringTable(QWidget):
    """The scoring pad: one row per category, one column per player, totals, winner."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        outer = QHBoxLayout(self)
        pad = QWidget()  # the pad keeps a paper's proportions instead of filling a wide window
        pad.setMaximumWidth(880)
        outer.addWidget(pad)
        lay = QVBoxLayout(pad)
        self.title = QLabel(_tr("Final scoring"))
        self.title.setObjectName("scoringTitle")
        self.table = QTableWidget()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setAlternatingRowColors(True)
        font = self.table.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.table.setFont(font)
        self.table.verticalHeader().setFont(font)
        self.table.horizontalHeader().setFont(font)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(int(font.pointSizeF() * 3))
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.result = QLabel()
        self.result.setObjectName("scoringResult")
        self.result.setWordWrap(True)
        lay.addWidget(self.title)
        lay.addWidget(self.table)
        lay.addWidget(self.result)
        lay.addStretch(1)
        session.changed.connect(self.refresh)
        session.reset.connect(self.refresh)
        self.refresh()

    def refresh(self, *_: object) -> None:
        g = self.session.match.game
        n = len(g.state.players)
        cats = style.SCORE_CATEGORIES
        self.title.setText(_tr("Final scoring") if g.over else _tr("Scoring so far (live)"))
        self.table.setRowCount(len(cats) + 1)
        self.table.setColumnCount(n)
        self.table.setVerticalHeaderLabels([say(noun(label)) for _k, label in cats] + [_tr("Total")])
        bold = QFont()
        bold.setBold(True)
        for i in range(n):
            header = QTableWidgetItem(self.session.match.player_name(i))
            color = style.player_color(self.session, i)
            header.setIcon(QIcon(style.piece_pixmap(style.player_shape(i), color, 20)))
            self.table.setHorizontalHeaderItem(i, header)
            data = g.score(i).as_dict()
            for r, (key, _label) in enumerate(cats):
                item = QTableWidgetItem(style.number(data[key]))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(r, i, item)
            total = QTableWidgetItem(style.number(data["total"]))
            total.setFont(bold)
            total.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if g.over and n == 2 and g.state.winner == i:
                total.setBackground(QColor("#d6efd9"))  # the winner's total, as one circles it on the pad
                total.setToolTip(_tr("Winner"))
            self.table.setItem(len(cats), i, total)
        self.result.setText(result_text(self.session))
        rows = self.table.verticalHeader().defaultSectionSize() * self.table.rowCount()
        self.table.setFixedHeight(rows + self.table.horizontalHeader().sizeHint().height()
                                  + 2 * self.table.frameWidth())

    def totals(self) -> list[float]:
        last = self.table.rowCount() - 1
        cells = [self.table.item(last, c) for c in range(self.table.columnCount())]
        assert all(cell is not None for cell in cells), "every player has a total"
        return [float(cell.text()) for cell in cells if cell is not None]
