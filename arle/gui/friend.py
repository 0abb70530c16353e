"""A friend on another computer in the window (issue 41): the game's ``Remote`` seat with its way
to the friend (``arle.match.remote.link.Link``), and what the window adds to it.

The friend's moves come through the ``SeatDriver`` like the computer's. Here: what the link says
(a refused message, the connection lost or back), undo by agreement ("Ask to take back": the
friend's window asks "allow?", and an agreed undo is taken back on both sides), and, after each
message the seat's consumer took (marshalled to the GUI thread by a signal), ``Remote.settle``
(an agreed undo applied): delivered, not polled.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import attrs
from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from arle.gui.kit.background import Worker
from arle.match.remote import Refused
from arle.match.remote.link import Link, Plan
from arle.match.remote.said import FAILED, Said, said

if TYPE_CHECKING:
    from arle.gui.seat_driver import SeatDriver
    from arle.gui.session import GameSession
    from arle.match import GameHistory, Match
    from arle.match.remote.wire import Message
    from arle.match.remote.wormhole_link import WormholeChannel
    from arle.match.seats import Seat

#: How long the friend has to answer "Ask to take back" (s).
ASK_S = 30.0


def _tr(text: str) -> str:
    return QCoreApplication.translate("Remote", text)


@attrs.frozen
class Connection:
    """A new remote game's way to the friend, made by New Game: the joining side's ``first``
    exchange (the wormhole connection and the inviting side's hello)."""

    first: tuple[WormholeChannel, Message] | None = None


def remote_sentence(text: Said) -> str:
    """A sentence of the remote layer in the window's language: its message id translated, its
    fields put in (a refusal said inside another in the window's language too)."""
    fields = {name: remote_sentence(value) if isinstance(value, Said) else value
              for name, value in text.fields}
    in_language = QCoreApplication.translate  # (an id of arle.match.remote: no extraction here)
    return in_language("Remote", text.id).format(**fields)


def failure_sentence(error: BaseException) -> str:
    """Why a remote game could not start: a refusal's own sentence, else what failed."""
    text = error.said if isinstance(error, Refused) else said(FAILED, what=type(error).__name__)
    return remote_sentence(text)


def ask_allow(parent: QWidget | None, count: int) -> bool:
    """The question to the player when the friend asks to take back moves (tests replace it)."""
    from PySide6.QtWidgets import QMessageBox

    text = (_tr("Your friend asks to take back 1 move: allow?") if count == 1 else
            _tr("Your friend asks to take back {n} moves: allow?").format(n=count))
    buttons = QMessageBox.StandardButton
    answer = QMessageBox.question(parent, _tr("Take back"), text, buttons.Yes | buttons.No, buttons.No)
    return bool(answer == buttons.Yes)


class InviteDialog(QDialog):
    """An invitation's code in large type, to read to the friend (or copy); it closes by itself
    when the friend joins, and Cancel ends the invitation."""

    def __init__(self, code: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_tr("Invite your friend"))
        lay = QVBoxLayout(self)
        intro = QLabel(_tr("Read it to your friend, who chooses New Game, then Join:"))
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.code = QLabel(code)
        self.code.setObjectName("invite_code")
        font = self.code.font()
        font.setPointSize(max(font.pointSize(), 9) * 2 + 6)
        font.setBold(True)
        self.code.setFont(font)
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.code.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.code)
        wait = QLabel(_tr("This window closes by itself when your friend joins. Everything "
                          "between you is encrypted."))
        wait.setWordWrap(True)
        lay.addWidget(wait)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.copy = buttons.addButton(_tr("Copy"), QDialogButtonBox.ButtonRole.ActionRole)
        self.copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(code))
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)


class Friend(QObject):
    """The friend's seat of the game shown, and its link (see the module)."""

    #: A sentence for the status bar (a refusal, an undo agreed or not), on the GUI thread.
    said = Signal(str)
    #: What stays in view about the link (None: nothing to say, connected or by the folder).
    state = Signal(object)
    _heard = Signal(str)
    _linked = Signal(bool)
    _code = Signal(str)
    _asked = Signal(int, object)
    _taken = Signal()

    def __init__(self, history: GameHistory, *, first: tuple[WormholeChannel, Message] | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        assert history.remote is not None
        self.plan = Plan.of(history.remote)
        self.names = tuple(history.setup.names)
        self._heard.connect(self.said)
        self._linked.connect(self._connected)
        self._code.connect(self._show_code)
        self._asked.connect(self._ask_here)
        self.link = Link(self.plan, history.setup, history.moves, history.movers,
                         report=self._report, connected=self._linked.emit, code=self._code.emit,
                         first=first)
        self.link.remote.agree_undo = self._agree
        self._taken.connect(self._settle)
        self.link.remote.taken = self._taken.emit
        self.asker = Worker(self, name="arle-friend-undo")
        self.match: Match | None = None
        self.driver: SeatDriver | None = None
        self._questioning = False
        #: The last thing said about the link that stays in view.
        self.status: str | None = None
        self.code = ""
        #: The dialog that shows an invitation's code, until the friend joins.
        self.invitation: InviteDialog | None = None

    @property
    def friend_name(self) -> str:
        friend = self.plan.friend
        return self.names[friend] if friend < len(self.names) else ""

    def seats(self) -> list[Seat]:
        """The match's seats: the person at this computer and the friend's ``Remote`` seat."""
        from arle.match.seats import Person

        seats: list[Seat] = [Person(), Person()]
        seats[self.plan.friend] = self.link.remote
        return seats

    def start(self, session: GameSession, driver: SeatDriver) -> None:
        """Begin: connect (or host), look for the friend's messages."""
        self.match, self.driver = session.match, driver
        if self.plan.mode == "invite" and not self.link.live:
            self._set_state(_tr("Asking the meeting server for a code…"))
        self.link.start()

    def close(self) -> None:
        """Stop: the link closes (the game is kept by both sides, and can go on later)."""
        if self.invitation is not None:
            self.invitation.rejected.disconnect(self._cancel_invitation)
            self._close_invitation()
        self.asker.cancel()
        self.link.close()
        self.match = self.driver = None

    # -- what the link says (any thread) ------------------------------------------------------------

    def _report(self, text: Said) -> None:
        """One sentence (the remote layer's), said once per problem."""
        self._heard.emit(remote_sentence(text))

    def _connected(self, yes: bool) -> None:
        if yes:
            self._close_invitation()
            self._set_state(None)
            self.said.emit(_tr("Connected to your friend."))
        else:
            self._set_state(_tr("The connection to your friend was lost: Arle keeps trying (nothing "
                                "is lost)."))

    def _show_code(self, code: str) -> None:
        #: The code to read to the friend (tests and the window read it).
        self.code = code
        self._set_state(_tr("Read this code to your friend: {code}").format(code=code))
        parent = self.parent()
        self.invitation = InviteDialog(code, parent.window() if isinstance(parent, QWidget) else None)
        self.invitation.rejected.connect(self._cancel_invitation)
        self.invitation.show()

    def _cancel_invitation(self) -> None:
        """Cancel in the code's dialog: the invitation ends (the game stays, to go on later)."""
        if self.link.live:
            return
        self.link.close()
        self._set_state(_tr("The invitation was cancelled: start a new game to invite your friend "
                            "again."))

    def _close_invitation(self) -> None:
        if self.invitation is not None:
            self.invitation.done(QDialog.DialogCode.Accepted)
            self.invitation = None

    def _set_state(self, text: str | None) -> None:
        self.status = text
        self.state.emit(text)

    # -- undo by agreement ------------------------------------------------------------------------------

    def ask_count(self) -> int | None:
        """How many moves "Ask to take back" asks for: back to and with this side's last move."""
        match = self.match
        if match is None:
            return None
        movers = match.history.movers
        for index in range(len(movers) - 1, -1, -1):
            if movers[index] == self.plan.me:
                return len(movers) - index
        return None

    def can_ask(self) -> bool:
        return (self.ask_count() is not None and not self.asker.busy
                and self.match is not None and not self.match.game.over)

    def ask_undo(self) -> None:
        """Ask the friend to take back our last move (and theirs after it); said when they answer."""
        count = self.ask_count()
        if count is None or self.match is None:
            self.said.emit(_tr("There is no move of yours to take back."))
            return
        if not self.link.live:
            self.said.emit(_tr("Taking back needs a live connection to your friend: ask them when "
                               "you play live."))
            return
        at = len(self.match.history.moves)
        remote = self.link.remote
        if not self.asker.run(lambda _stop: remote.ask_undo(count, ASK_S),
                              lambda yes: self._answered(count, at, bool(yes))):
            return
        self.said.emit(_tr("Asking your friend to take back…"))

    def _answered(self, count: int, at: int, yes: bool) -> None:
        match = self.match
        if match is None:
            return
        if not yes or len(match.history.moves) != at:
            self.said.emit(_tr("Your friend did not agree: nothing was taken back."))
            return
        match.undo(agreed=count)
        self.said.emit(self._taken_back(count))

    @staticmethod
    def _taken_back(count: int) -> str:
        return (_tr("1 move taken back, as you both agreed.") if count == 1 else
                _tr("{n} moves taken back, as you both agreed.").format(n=count))

    def _agree(self, count: int) -> bool:
        """The friend asks to take back ``count`` moves (on whichever thread looked): the player
        answers on the GUI thread; no answer within the time the friend waits is a no."""
        if QThread.currentThread() is self.thread():
            return self._question(count)
        box: dict[str, bool] = {}
        done = threading.Event()
        self._asked.emit(count, (box, done))
        done.wait(ASK_S - 2.0)
        return box.get("yes", False)

    def _ask_here(self, count: int, reply: tuple[dict[str, bool], threading.Event]) -> None:
        box, done = reply
        try:
            box["yes"] = self._question(count)
        finally:
            done.set()

    def _question(self, count: int) -> bool:
        self._questioning = True
        try:
            parent = self.parent()
            widget = parent.window() if isinstance(parent, QWidget) else None
            return ask_allow(widget, count)
        finally:
            self._questioning = False

    def _settle(self) -> None:
        """A message of the friend's was taken (on the GUI thread): an agreed undo is taken back
        here (``Remote.settle``)."""
        match = self.match
        if match is None or self._questioning:
            return
        remote = self.link.remote
        agreed = remote.agreed
        try:
            remote.settle(match)
        except ValueError:  # nothing to take back any more
            return
        if agreed is not None and remote.agreed is None:
            self.said.emit(self._taken_back(agreed))

