"""The game-over screen (issue 13): the final scoring per category and player, each category
explained as the rulebook scores it, the winner marked, New game and Rematch; in solo the
rulebook's yardstick and the player's personal best. Also the Statistics dialog (Game menu).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, Signal, SignalInstance
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from arle.engine import SOLO_TARGET, noun, solo_rating
from arle.files.catalogues import N_
from arle.gui.kit import style
from arle.gui.kit.charts import half_year_chart
from arle.gui.kit.level_words import seat_words
from arle.gui.kit.texts import say
from arle.match.scores import scores_by_half_year

if TYPE_CHECKING:
    from arle.files.stats import Summary
    from arle.gui.session import GameSession


def _tr(text: str) -> str:
    return QCoreApplication.translate("GameOver", text)


#: How each category of the scoring pad scores (rulebook "The End of the Game and the Winner").
EXPLANATIONS: dict[str, str] = {
    "clothing_and_materials": N_("Brick, Linen, Woolen, Leather 1 VP each; each Wear 2 VP; Timber ½ VP."),
    "equipment": N_("Plows, Peat Boats and Vehicles in the Barn; −3 VP without a Large Vehicle."),
    "travel": N_("The first empty space of the Travel Experience Track (up to 10 VP)."),
    "tools": N_("The VP of your Tools on the 10 Tool Tracks."),
    "goods_track": N_("Each Goods Indicator: 3 VP on 15, 2 VP on 11–14, 1 VP on 7–10; doubled by a Depot."),
    "home_board": N_("Buildings, Stalls, Stables, Forests, Parks; −4 VP per Moor, −1 VP per dehydrated Moor "
                     "section and per Tidal Flat space left."),
    "animals": N_("The type you have least of: 2 VP each; the second least: 1 VP each; the most: 0."),
    "bottlenecks": N_("VP lost during the game for missing Food and Fuel."),
}


def explanation(key: str) -> str:
    return say(noun(EXPLANATIONS[key]))


def winner_text(session: GameSession) -> str:
    """Who won, and why when the totals tie (rulebook p. 16: the Starting Player of a
    hypothetical 10th half-year breaks a tie)."""
    g = session.match.game
    totals = g.scores()
    if g.state.solo:
        return _tr("{name} scores {vp} VP.").format(name=session.match.player_name(0), vp=say(totals[0]))
    winner = g.state.winner if g.state.winner is not None else max(range(2), key=lambda i: totals[i])
    name = session.match.player_name(winner)
    if totals[0] == totals[1]:
        return _tr("{name} wins the tie at {vp} VP: the Starting Player of a 10th half-year breaks a "
                   "tie (rulebook, “The End of the Game and the Winner”).").format(
                       name=name, vp=say(totals[0]))
    return _tr("{name} wins with {vp} VP to {other} VP.").format(
        name=name, vp=say(totals[winner]), other=say(totals[1 - winner]))


def yardstick_text(total: float, best_before: float | None) -> str:
    """The solo verdict (rulebook: "We consider 110 Victory Points a remarkable score") and how
    the game compares with the player's best before it."""
    lines = [say(solo_rating(total))]
    if best_before is None:
        lines.append(_tr("Your first solo game in the statistics."))
    elif total > best_before:
        lines.append(_tr("A new personal best! (before: {vp} VP)").format(vp=say(best_before)))
    else:
        lines.append(_tr("Your personal best: {vp} VP.").format(vp=say(best_before)))
    return "\n".join(lines)


class GameOverDialog(QDialog):
    """The final scoring pad with explanations; New game, Rematch, Close."""

    newGame = Signal()
    rematch = Signal()
    #: "Review this game" (issue 40): the window opens the review (``arle.gui.shell.review_window``).
    reviewAsked = Signal()

    def __init__(self, session: GameSession, best_before: float | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        g = session.match.game
        n = len(g.state.players)
        self.setWindowTitle(_tr("Game over"))
        lay = QVBoxLayout(self)
        title = QLabel(_tr("Final scoring"))
        title.setObjectName("scoringTitle")
        lay.addWidget(title)
        pad = QFrame()
        pad.setObjectName("scoringPad")
        pad.setStyleSheet("#scoringPad { background: #fffdf5; border: 1px solid #c9bf9f;"
                          " border-radius: 6px; }"
                          " QLabel[role=\"explain\"] { color: #6b6552; font-size: 11px; }"
                          " QLabel[role=\"winner\"] { background: #d6efd9; border-radius: 4px; }")
        grid = QGridLayout(pad)
        grid.setHorizontalSpacing(18)
        winner = g.state.winner if n == 2 else None
        #: (row, player) -> the label of that number, for tests.
        self.cells: dict[tuple[str, int], QLabel] = {}
        for i in range(n):
            head = QLabel()
            head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            head.setPixmap(style.piece_pixmap(style.player_shape(i), style.player_color(session, i), 22))
            grid.addWidget(head, 0, 1 + i)
            name = QLabel(session.match.player_name(i) + (" ★" if i == winner else ""))
            name.setObjectName("playerName")
            name.setAlignment(Qt.AlignmentFlag.AlignCenter)
            if i == winner:
                name.setToolTip(_tr("Winner"))
            grid.addWidget(name, 1, 1 + i)
        scores = [g.score(i).as_dict() for i in range(n)]
        row = 2
        for key, label in style.SCORE_CATEGORIES:
            text = QLabel(f"<b>{say(noun(label))}</b>")
            explain = QLabel(explanation(key))
            explain.setProperty("role", "explain")
            explain.setWordWrap(True)
            cell = QVBoxLayout()
            cell.setSpacing(0)
            cell.addWidget(text)
            cell.addWidget(explain)
            grid.addLayout(cell, row, 0)
            for i in range(n):
                value = QLabel(say(float(scores[i][key])))
                value.setAlignment(Qt.AlignmentFlag.AlignCenter)
                grid.addWidget(value, row, 1 + i)
                self.cells[(key, i)] = value
            row += 1
        grid.addWidget(QLabel("<b>" + _tr("Total") + "</b>"), row, 0)
        for i in range(n):
            total = QLabel(f"<b>{say(float(scores[i]['total']))}</b>")
            total.setObjectName("scoreTotal")
            total.setAlignment(Qt.AlignmentFlag.AlignCenter)
            if i == winner:
                total.setProperty("role", "winner")
            grid.addWidget(total, row, 1 + i)
            self.cells[("total", i)] = total
        self.total_values = [float(s["total"]) for s in scores]
        grid.setColumnStretch(0, 1)
        for i in range(n):
            grid.setColumnMinimumWidth(1 + i, 90)
        lay.addLayout(_with_chart(pad, session))
        self.result_label = QLabel(winner_text(session))
        self.result_label.setObjectName("scoringResult")
        self.result_label.setWordWrap(True)
        lay.addWidget(self.result_label)
        self.yardstick = QLabel()
        self.yardstick.setStyleSheet("font-size: 14px; color: #35523f;")
        self.yardstick.setWordWrap(True)
        if g.state.solo:
            self.yardstick.setText(yardstick_text(g.scores()[0], best_before))
            self.yardstick.setToolTip(_tr("The solo rules: “We consider {vp} Victory Points a remarkable "
                                          "score.”").format(vp=SOLO_TARGET))
        self.yardstick.setVisible(g.state.solo)
        lay.addWidget(self.yardstick)
        buttons = QDialogButtonBox()
        self.new_button = QPushButton(_tr("New game…"))
        self.rematch_button = QPushButton(_tr("Rematch"))
        self.rematch_button.setToolTip(_tr("The same players and colours, a new deal."))
        self.close_button = QPushButton(_tr("Close"))
        self.review_button = QPushButton(_tr("Review this game"))
        self.review_button.setToolTip(_tr("The moments that cost the most, replayed on the board."))
        buttons.addButton(self.review_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.review_button.clicked.connect(lambda: self._leave(self.reviewAsked))
        buttons.addButton(self.new_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.rematch_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.close_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.new_button.clicked.connect(lambda: self._leave(self.newGame))
        self.rematch_button.clicked.connect(lambda: self._leave(self.rematch))
        self.close_button.clicked.connect(self.reject)
        lay.addWidget(buttons)
        self.rematch_button.setDefault(True)
        self.resize(max(720, self.sizeHint().width()), self.sizeHint().height())

    def _leave(self, signal: SignalInstance) -> None:
        self.accept()
        signal.emit()

    def totals(self) -> list[float]:
        """The totals shown, in seat order."""
        return list(self.total_values)


def _with_chart(pad: QWidget, session: GameSession) -> QHBoxLayout:
    """The scoring pad, and beside it each player's score through the half-years (issue 40)."""
    row = QHBoxLayout()
    row.addWidget(pad, 3)
    history = session.match.history
    names = [session.match.player_name(i) for i in range(len(session.match.game.state.players))]
    colors = [style.player_color(session, i) for i in range(len(names))]
    row.addWidget(half_year_chart(names, colors, scores_by_half_year(history.setup, history.moves)), 2)
    return row


# -- statistics ---------------------------------------------------------------------------------------------


class StatisticsDialog(QDialog):
    """Games played, wins per player name, best and average solo scores (``arle.files.stats``)."""

    def __init__(self, summary: Summary, warning: str | None = None, parent: QWidget | None = None,
                 solo_scores: Sequence[float] = ()) -> None:
        super().__init__(parent)
        self.setWindowTitle(_tr("Statistics"))
        self.setMinimumWidth(380)
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.played = QLabel(str(summary.played))
        form.addRow(_tr("Games played"), self.played)
        wins = [_tr("{name}: {n}").format(name=seat_words(name, seat), n=n)
                for (name, seat), n in summary.wins.items()]
        self.wins = QLabel("\n".join(wins) or _tr("No two-player game yet."))
        form.addRow(_tr("Wins (two players)"), self.wins)
        form.addRow(_tr("Solo games"), QLabel(str(summary.solo_played)))
        none = _tr("No solo game yet.")
        self.solo_best = QLabel(none if summary.solo_best is None else _tr("{vp} VP").format(
            vp=say(float(summary.solo_best))))
        self.solo_average = QLabel(none if summary.solo_average is None else _tr("{vp} VP").format(
            vp=say(round(float(summary.solo_average), 1))))
        form.addRow(_tr("Best solo score"), self.solo_best)
        form.addRow(_tr("Average solo score"), self.solo_average)
        lay.addLayout(form)
        if solo_scores:  # issue 40: the solo scores over time, the best and the rulebook's 110 marked
            from arle.gui.kit.charts import solo_chart

            self.chart = solo_chart(solo_scores, SOLO_TARGET)
            lay.addWidget(self.chart)
            self.setMinimumWidth(560)
        if warning:
            note = QLabel(warning[:1].upper() + warning[1:] + ".")
            note.setObjectName("warning")
            note.setWordWrap(True)
            lay.addWidget(note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
