"""A remote game as a window plays it: what it needs to go on later (``Plan``, kept in the journal
and in a save: the game's id, how to reach the friend and, for a folder, the secret) and, while it
is shown, its way to the friend (``Link``: the ``Remote`` seat, the shared folder's channel if any,
and, for an invitation, a thread that meets the friend through the mailbox with a new code).

No Qt: the window (``arle.gui.friend``) hears what the link says through ``report`` and ``code``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from arle.engine import Move, Setup

from . import folder as shared
from . import said, servers
from .said import N_, Said
from .seat import Ledger, Remote
from .wire import Message, Refused, key_for, setup_of, setup_to_dict

if TYPE_CHECKING:
    from .wormhole_link import WormholeChannel

#: The ways to the friend a window offers: invite (a code to read to the friend), join (with the
#: friend's code), folder (turn files in a folder both sync).
MODES = ("invite", "join", "folder")
#: The modes of issue 41's TCP link, read as today's.
_OLD_MODES = {"host": "invite"}
#: How long an invitation waits for the friend (s): as long as the game is shown.
INVITE_S = 24 * 3600.0


@attrs.frozen
class Plan:
    """What a remote game needs to continue: ``mode`` (invite, join or folder), the game's id,
    this computer's seat (``me``: 0 or 1), the folder's secret and the folder."""

    mode: str
    game: str
    me: int
    secret: str = ""
    folder: str = ""

    @property
    def friend(self) -> int:
        return 1 - self.me

    def to_dict(self) -> dict[str, Any]:
        return attrs.asdict(self)

    @classmethod
    def of(cls, raw: Any) -> Plan:
        """The plan a journal or a save holds. Raises ValueError (one sentence) when it is not one."""
        texts = {"mode": 10, "game": 64, "secret": 200, "address": 200, "folder": 4096}
        if not isinstance(raw, dict) or not set(raw) <= {*texts, "me", "port"}:
            raise ValueError("its remote game record is not valid")
        for name, limit in texts.items():
            value = raw.get(name, "")
            if not isinstance(value, str) or len(value) > limit:
                raise ValueError(f"its remote game record's {name} is not valid")
        me = raw.get("me")
        mode = _OLD_MODES.get(raw.get("mode", ""), raw.get("mode"))
        if mode not in MODES or me not in (0, 1) or isinstance(me, bool) or not raw.get("game"):
            raise ValueError("its remote game record is not valid")
        return cls(str(mode), raw["game"], me, raw.get("secret", ""), raw.get("folder", ""))


def _servers() -> dict[str, Any]:
    """The servers the window meets through, read when it meets (Settings may change them)."""
    return {"mailbox": servers.mailbox(), "relay": servers.relay(), "direct": servers.DIRECT}


def join_first(code: str) -> tuple[Setup, WormholeChannel, Message]:
    """Join a friend's invitation for a new game (off the GUI thread): the inviting side's setup,
    the connection and its hello, ready for ``Link(..., first=...)``. Raises ``Refused``."""
    from . import wormhole_link

    channel = wormhole_link.meet(code.strip(), **_servers())
    try:
        hello = wormhole_link.hello(channel, None, {})
        return setup_of(hello.body.get("setup")), channel, hello
    except Refused:
        channel.close()
        raise


def folder_game(directory: Path, secret: str, me: int, setup: Setup,
                game: str) -> tuple[Setup, str, list[Move]]:
    """The game of a shared folder for this seat: the one it holds (its setup, id and this side's
    moves, rebuilt), else a new one that seat 1 starts with ``setup``. Raises ``Refused``."""
    key = key_for(secret)
    if not (directory / shared.GAME_FILE).exists():
        if me != 0:
            raise Refused(N_("{folder} holds no game yet: the friend who plays seat 1 starts it there."),
                          folder=directory)
        try:
            shared.create_game(directory, key, setup, game)
        except OSError as exc:
            raise Refused(N_("A game cannot be started in {folder} ({error})."), folder=directory,
                          error=exc.strerror or exc) from None
    setup, game = shared.read_game(directory, key)
    moves, _movers = shared.rebuild(directory, key, me, setup, game)
    return setup, game, moves


class Link:
    """The way to the friend while the game is shown: the ``remote`` seat and, for an invitation,
    a thread that meets the friend with a new code (``code`` hears it) and resyncs by move count
    and hash (``Remote.connect``)."""

    def __init__(self, plan: Plan, setup: Setup, moves: Sequence[Move], movers: Sequence[int], *,
                 report: Callable[[Said], None], connected: Callable[[bool], None] = lambda _b: None,
                 code: Callable[[str], None] = lambda _c: None,
                 first: tuple[WormholeChannel, Message] | None = None) -> None:
        self.plan = plan
        self.setup = setup
        self.ledger = Ledger(plan.game, plan.me, moves, movers)
        self.report = report
        self.connected = connected
        self.code = code
        channels: list[Any] = []
        if plan.folder:
            channels.append(shared.FolderChannel(Path(plan.folder), self.ledger, key_for(plan.secret),
                                                 report))
        self.remote = Remote(self.ledger, channels, report=report)
        self._first = first
        self._stop = threading.Event()
        self._meeting: WormholeChannel | None = None
        self._thread: threading.Thread | None = None

    @property
    def live(self) -> bool:
        return any(getattr(c, "live", False) and c.open for c in self.remote.channels)

    def start(self) -> None:
        """Take the first connection (a join); an invitation meets the friend off this thread."""
        if self._first is not None:
            channel, hello = self._first
            self._first = None
            self._take(channel, hello)
        elif self.plan.mode == "invite":
            self._thread = threading.Thread(target=self._invite, name="arle-friend-invitation",
                                            daemon=True)
            self._thread.start()
        elif self.plan.mode == "join":
            self.report(said.said(said.INVITE_AGAIN))

    def close(self) -> None:
        """Stop inviting, close the connection (the game is kept by each side)."""
        self._stop.set()
        if self._meeting is not None:
            self._meeting.close()
        for channel in self.remote.channels:
            channel.close()
        self.remote.close()
        if self._thread is not None:
            self._thread.join(5.0)

    def _take(self, channel: WormholeChannel, hello: Message) -> None:
        channel.ledger = self.ledger
        self.remote.connect(channel, hello)
        self.connected(True)

    def _invite(self) -> None:
        from . import wormhole_link

        self._meeting = channel = wormhole_link.WormholeChannel()
        try:
            wormhole_link.meet(None, on_code=self.code, channel=channel, wait=INVITE_S, **_servers())
            hello = wormhole_link.hello(channel, self.ledger, {"setup": setup_to_dict(self.setup)})
            if not self._stop.is_set():
                self._take(channel, hello)
        except Refused as exc:
            channel.close()
            if not self._stop.is_set():
                self.report(exc.said)


__all__ = ["MODES", "Link", "Plan", "folder_game", "join_first"]
