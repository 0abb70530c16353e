"""After each inventorying, what it did for each player (issue 13): harvest, milking, breeding,
shearing, what the Food and fuel were paid with and the bottleneck penalties, in a panel the
players dismiss. The numbers are the engine's ``inventory_report``; the log says the same."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QGroupBox, QLabel, QPushButton, QVBoxLayout, QWidget

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


class InventorySummary(QFrame):
    """In the side panel, under whose turn it is: one box per player with each sub-phase of the
    inventorying and what it gave or took, until a player clicks Continue. A panel of the window,
    not a window of its own, so that the keyboard (Ctrl+Z) and the game go on while it shows.

    It appears when a move ends an inventorying (the other player's, ended a move earlier and
    still shown, joins it); a new game or an undo hides it."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("inventorySummary")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.reports: list[InventoryReport] = []
        self._lay = QVBoxLayout(self)
        self._lay.setContentsMargins(8, 6, 8, 6)
        self.title = QLabel()
        self.title.setObjectName("sectionTitle")
        self.body = QWidget()
        self.button = QPushButton(_tr("Continue"))
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.button.clicked.connect(self.dismiss)
        self._lay.addWidget(self.title)
        self._lay.addWidget(self.body)
        self._lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignRight)
        self.hide()
        session.changed.connect(self._changed)
        session.reset.connect(self.dismiss)

    def _changed(self, events: list[Any]) -> None:
        ended = [e for e in events if isinstance(e, E.InventoryEnded)]
        if not ended:
            if not events:  # undo or redo: whatever was summed up may be gone
                self.dismiss()
            return
        upto = len(self.session.log) - 1
        reports = [report_of(self.session, upto, e) for e in ended]
        if not self.isHidden():  # shown and not dismissed yet
            players = {r.player for r in reports}
            reports += [r for r in self.reports if r.player not in players and r.season == reports[0].season]
        self.show_reports(sorted(reports, key=lambda r: r.player))

    def show_reports(self, reports: list[InventoryReport]) -> None:
        self.reports = reports
        month = _tr("November") if reports and reports[0].season == "november" else _tr("May")
        self.title.setText(_tr("{month} inventory").format(month=month))
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(0, 0, 0, 0)
        for report in reports:
            box = QGroupBox(self.session.player_name(report.player))
            grid = QGridLayout(box)
            grid.setHorizontalSpacing(10)
            grid.setVerticalSpacing(1)
            icon = QLabel()
            icon.setPixmap(style.piece_pixmap(style.player_shape(report.player),
                                              style.player_color(self.session, report.player), 16))
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
        self._lay.replaceWidget(self.body, body)
        self.body.deleteLater()
        self.body = body
        self.show()

    def dismiss(self, *_: Any) -> None:
        self.hide()

    def texts(self) -> list[str]:
        """Every label's text, top to bottom (for tests)."""
        return [w.text() for w in self.body.findChildren(QLabel) if w.text()]
