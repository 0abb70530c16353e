"""After each inventorying, what it did for each player (issue 13): harvest, milking, breeding,
shearing, what the Food and fuel were paid with and the bottleneck penalties, in a window the
players dismiss. The numbers are the engine's ``inventory_report``; the log says the same."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QGridLayout, QGroupBox, QLabel, QVBoxLayout, QWidget

from arle.engine import InventoryReport, inventory_report
from arle.engine import events as E
from arle.gui import style
from arle.gui.texts import say

if TYPE_CHECKING:
    from arle.gui.session import GameSession, LogEntry


def _tr(text: str) -> str:
    return QCoreApplication.translate("InventorySummary", text)


def report_of(session: GameSession, upto: int, ended: E.InventoryEnded) -> InventoryReport:
    """The report of the inventorying that ``ended`` in ``session.log[upto]``: the events since
    the inventory phase began (it may have taken several moves: a payment, a trade)."""
    events: list[E.Event] = []
    for entry in reversed(session.log[: upto + 1]):
        events[:0] = entry.events
        if any(isinstance(e, E.PhaseStarted) for e in entry.events):
            break
    return inventory_report(events, ended.player, ended.season)


def index_of(session: GameSession, entry: LogEntry) -> int:
    """Where ``entry`` is in the session's log (the newest one when it is not there)."""
    for i in range(len(session.log) - 1, -1, -1):
        if session.log[i] is entry:
            return i
    return len(session.log) - 1


class InventorySummaryDialog(QDialog):
    """One box per player: each sub-phase of the inventorying and what it gave or took."""

    def __init__(self, session: GameSession, reports: list[InventoryReport],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inventorySummary")
        self.reports = reports
        month = _tr("November") if reports and reports[0].season == "november" else _tr("May")
        self.setWindowTitle(_tr("{month} inventory").format(month=month))
        lay = QVBoxLayout(self)
        for report in reports:
            box = QGroupBox(session.player_name(report.player))
            grid = QGridLayout(box)
            grid.setHorizontalSpacing(12)
            piece = style.piece_pixmap(style.player_shape(report.player),
                                       style.player_color(session, report.player), 16)
            icon = QLabel()
            icon.setPixmap(piece)
            grid.addWidget(icon, 0, 0, Qt.AlignmentFlag.AlignTop)
            for r, (part, what) in enumerate(report.lines()):
                name = QLabel(f"<b>{say(part)}</b>")
                text = QLabel(say(what))
                text.setWordWrap(True)
                if str(part) == "Bottleneck":
                    text.setStyleSheet("color: #a1330f; font-weight: bold;")
                grid.addWidget(name, r, 1, Qt.AlignmentFlag.AlignTop)
                grid.addWidget(text, r, 2)
            grid.setColumnStretch(2, 1)
            lay.addWidget(box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_tr("Continue"))
        buttons.accepted.connect(self.accept)
        lay.addWidget(buttons)
        self.setMinimumWidth(420)

    def texts(self) -> list[str]:
        """Every label's text, top to bottom (for tests)."""
        return [w.text() for w in self.findChildren(QLabel) if w.text()]


class InventorySummaries(QObject):
    """Shows the summary when a move ends an inventorying (the other player's, ended a move
    earlier and still open, joins it); a new game or an undo closes it. It does not block the
    game: a window the players close with Continue."""

    def __init__(self, session: GameSession, parent: QWidget) -> None:
        super().__init__(parent)
        self.session = session
        self.window = parent
        self.dialog: InventorySummaryDialog | None = None
        session.changed.connect(self._changed)
        session.reset.connect(self.close)

    def _changed(self, events: list[Any]) -> None:
        ended = [e for e in events if isinstance(e, E.InventoryEnded)]
        if not ended:
            if not events:  # undo or redo: whatever was summed up may be gone
                self.close()
            return
        upto = len(self.session.log) - 1
        reports = [report_of(self.session, upto, e) for e in ended]
        if self.dialog is not None:  # the other player's, a move earlier (one paid in between)
            players = {r.player for r in reports}
            season = reports[0].season
            reports += [r for r in self.dialog.reports if r.player not in players and r.season == season]
        reports.sort(key=lambda r: r.player)
        self.close()
        self.dialog = InventorySummaryDialog(self.session, reports, self.window)
        self.dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog.finished.connect(self._gone)
        self.dialog.show()

    def _gone(self, *_: Any) -> None:
        self.dialog = None

    def close(self, *_: Any) -> None:
        if self.dialog is not None:
            self.dialog.close()
            self.dialog = None
