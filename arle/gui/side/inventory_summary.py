"""After each inventorying, what it did for each player (issue 13): harvest, milking, breeding,
shearing, what the Food and fuel were paid with and the bottleneck penalties, in a panel the
players dismiss. The numbers are the engine's ``inventory_report``; the log says the same."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from arle.engine import InventoryEnded, InventoryReport, Phase, PhaseStarted, PlaceWorker
from arle.gui.kit import style
from arle.gui.kit.texts import say
from arle.match.history import PERSON
from arle.match.words import inventory_of

if TYPE_CHECKING:
    from arle.gui.session import GameSession
    from arle.match import Change, LogEntry


def _tr(text: str) -> str:
    return QCoreApplication.translate("InventorySummary", text)


def report_of(session: GameSession, upto: int, ended: InventoryEnded) -> InventoryReport:
    """The report of the inventorying that ``ended`` in ``session.match.log[upto]``
    (``arle.match.words.inventory_of``)."""
    return inventory_of(session.match.log, upto, ended)


def index_of(session: GameSession, entry: LogEntry) -> int:
    """Where ``entry`` is in the session's log (the newest one when it is not there)."""
    for i in range(len(session.match.log) - 1, -1, -1):
        if session.match.log[i] is entry:
            return i
    return len(session.match.log) - 1


class InventorySummary(QFrame):
    """Over a top corner of the boards (the side of the season that is not next): one box per
    player with each sub-phase of the inventorying and what it gave or took, until a player
    clicks Continue or a person here places a Worker. A panel of the window, not a window of its
    own, so that the keyboard (Ctrl+Z) and the game go on while it shows; it floats over the
    boards (in no layout), so that its showing moves and resizes nothing. It appears when the
    last player's inventorying is over, for every player; a new game or an undo of that move
    hides it."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("inventorySummary")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        # opaque (it paints every pixel itself): the board under it is not painted again when
        # it changes
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._upto = -1  # the log entry whose move ended the inventorying shown
        #: A summary shown and not dismissed (hidden while another board than the game board
        #: is in front).
        self._pending = False
        self.reports: list[InventoryReport] = []
        #: Where over the boards the summary may lie, after November (True) or May (``GamePage``
        #: says): the full game board's column of the season not next; None: a top corner.
        self.room: Callable[[bool], QRect | None] = lambda _november: None
        self._lay = QVBoxLayout(self)
        self._lay.setContentsMargins(8, 6, 8, 6)
        self.title = QLabel()
        self.title.setObjectName("sectionTitle")
        self.body = QWidget()
        self._body_lay = QVBoxLayout(self.body)
        self._body_lay.setContentsMargins(0, 0, 0, 0)
        #: One box a player, kept from one inventory to the next (``ReportBox``).
        self._boxes: list[ReportBox] = []
        self.button = QPushButton(_tr("Continue"))
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.button.clicked.connect(self.dismiss)
        self._lay.addWidget(self.title)
        self._lay.addWidget(self.body)
        self._lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignRight)
        self.hide()
        session.changed.connect(self._changed)
        session.reset.connect(self.dismiss)

    def _changed(self, change: Change) -> None:
        log = self.session.match.log
        if not any(isinstance(e, InventoryEnded) for e in change.events) or \
                self.session.match.game.state.phase is Phase.INVENTORY:
            if len(log) <= self._upto or self._placed_here(change):
                self.dismiss()
            return
        # the last inventory of this phase is over: every player's, each to the move it ended in
        ended: list[tuple[int, InventoryEnded]] = []
        for i in range(len(log) - 1, -1, -1):
            ended += [(i, e) for e in log[i].events if isinstance(e, InventoryEnded)]
            if any(isinstance(e, PhaseStarted) and e.phase == "inventory" for e in log[i].events):
                break  # (not the last November's trade phase, which starts in the same move)
        self._upto = len(log) - 1
        self.show_reports(sorted((report_of(self.session, i, e) for i, e in ended), key=lambda r: r.player))

    def _placed_here(self, change: Change) -> bool:
        """Whether a person at this computer placed a Worker after the summary came: it has been
        read, and on a narrow game board it lies over the next Workers (months 2 to 4), whose
        drags it took without a word."""
        seats = self.session.match.history.seats
        return self._pending and change.cause == "apply" and any(
            isinstance(entry.move, PlaceWorker) and entry.actor is not None and seats[entry.actor] == PERSON
            for entry in change.added)

    def show_reports(self, reports: list[InventoryReport]) -> None:
        self.reports = reports
        month = _tr("November") if reports and reports[0].season == "november" else _tr("May")
        self.title.setText(_tr("{month} inventory").format(month=month))
        for i, report in enumerate(reports):
            if i == len(self._boxes):
                self._boxes.append(ReportBox())
                self._body_lay.addWidget(self._boxes[i])
            box = self._boxes[i]
            box.fill(self.session.match.player_name(report.player),
                     style.piece_pixmap(style.player_shape(report.player),
                                        style.player_color(self.session, report.player), 16),
                     [(say(part), say(what), str(part) == "Bottleneck") for part, what in report.lines()])
            box.show()  # (shown now, not when the event loop comes to it: ``place`` measures it)
        for box in self._boxes[len(reports):]:
            box.hide()
        self.body.updateGeometry()  # (its height too: see ``ReportBox.fill``)
        self._pending = True
        self.place()
        self.raise_()
        self.setVisible(self._over_game_board())

    def _over_game_board(self) -> bool:
        """Whether the boards show the game board, the one whose corner the summary is placed
        in (issue 43: over the Storage board it covered the sale's choices until Continue)."""
        host = self.parentWidget()
        return not isinstance(host, QTabWidget) or host.currentIndex() == 0

    def _board_shown(self, _index: int) -> None:
        """Another board in front hides the summary; the game board brings it back until it is
        dismissed."""
        if self._pending:
            if self._over_game_board():
                self.place()
                self.raise_()
            self.setVisible(self._over_game_board())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#fbf7ea"))
        painter.setPen(QPen(QColor("#8a7b5a"), 2))
        painter.drawRect(self.rect().adjusted(1, 1, -1, -1))

    def attach(self, host: QWidget) -> None:
        """Float over ``host`` (the boards), kept in its corner as it resizes."""
        self.setParent(host)
        host.installEventFilter(self)
        self.hide()
        if isinstance(host, QTabWidget):
            host.currentChanged.connect(self._board_shown)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and not self.isHidden():
            self.place()
        return False

    def place(self) -> None:
        host = self.parentWidget()
        if host is None:
            return
        # Over the season that is not next, its column whole (after November the summer spaces,
        # after May the winter ones): 400 px from its corner covered the next Worker too, in
        # month 1 (issue 50, played at 1600x1000). On the narrow board (issue 43, at 1280x720)
        # the season now's spaces and the next Worker are on the left: on the right, over the
        # later months and the tools, until a person places a Worker (``_placed_here``).
        november = bool(self.reports) and self.reports[0].season == "november"
        room = self.room(november)
        if room is None:
            w = min(400, max(260, host.width() - 24))
            room = QRect(host.width() - 12 - w, 36, w, host.height() - 48)
        self._lay.activate()  # the new boxes' sizes, now rather than after the next paint
        w = room.width()
        h = min(self._lay.totalHeightForWidth(w) if self._lay.hasHeightForWidth() else
                self._lay.totalSizeHint().height(), max(120, room.height()))
        self.setGeometry(room.x(), room.y(), w, h)

    def dismiss(self, *_: Any) -> None:
        self.hide()
        self._upto = -1
        self._pending = False

    def texts(self) -> list[str]:
        """Every label's text, top to bottom (for tests)."""
        return [w.text() for w in self.body.findChildren(QLabel) if w.text() and w.isVisibleTo(self.body)]


class ReportBox(QGroupBox):
    """One player's part of the summary: a row a sub-phase, its name in bold and what it gave
    or took. Kept from one inventory to the next, its labels given new words: twenty labels
    made and styled anew at each inventory slowed the move that ended it."""

    #: How a bottleneck's words stand out.
    BOTTLENECK = "color: #a1330f; font-weight: bold;"

    def __init__(self) -> None:
        super().__init__()
        self._grid = QGridLayout(self)
        self._grid.setHorizontalSpacing(10)
        self._grid.setVerticalSpacing(1)
        self._grid.setColumnStretch(2, 1)
        self._icon = QLabel()
        self._grid.addWidget(self._icon, 0, 0, Qt.AlignmentFlag.AlignTop)
        self._bold = QFont(self.font())
        self._bold.setBold(True)
        self._rows: list[tuple[QLabel, QLabel]] = []

    def fill(self, player: str, icon: QPixmap, lines: list[tuple[str, str, bool]]) -> None:
        """Show ``lines`` (part, what it did, whether it is a bottleneck) for ``player``."""
        self.setTitle(player)
        self._icon.setPixmap(icon)
        for r, (part, what, bottleneck) in enumerate(lines):
            if r == len(self._rows):
                # plain texts, the part's name in a bold font: a label in rich text lays out a
                # text document of its own
                name, text = QLabel(), QLabel()
                name.setTextFormat(Qt.TextFormat.PlainText)
                name.setFont(self._bold)
                text.setTextFormat(Qt.TextFormat.PlainText)
                text.setWordWrap(True)
                self._grid.addWidget(name, r, 1, Qt.AlignmentFlag.AlignTop)
                self._grid.addWidget(text, r, 2)
                self._rows.append((name, text))
            name, text = self._rows[r]
            name.setText(part)
            text.setText(what)
            look = self.BOTTLENECK if bottleneck else ""
            if text.styleSheet() != look:
                text.setStyleSheet(look)
            name.show()
            text.show()
        for name, text in self._rows[len(lines):]:
            name.hide()
            text.hide()
        # The box's height for its width has changed with its words: the layout it is in keeps
        # the last one until told (its own layout would tell it only in the next event loop
        # pass, after the summary has been sized).
        self.updateGeometry()
