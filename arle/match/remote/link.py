"""A remote game as a window plays it: what it needs to go on later (``Plan``, kept in the journal
and in a save: the game's id, how to reach the friend and the secret) and, while it is shown, its
way to the friend (``Link``: the ``Remote`` seat, the shared folder's channel if any, and a thread
that hosts or joins again whenever no live connection is open).

No Qt: the window (``arle.gui.friend``) hears what the link says through ``report``.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from arle.engine import Move, Setup

from . import folder as shared
from . import live
from .seat import Ledger, Remote
from .wire import Message, Refused, key_for, setup_of, setup_to_dict

#: The ways to the friend a window offers.
MODES = ("host", "join", "folder")
#: The port a host listens on unless the player picks another.
DEFAULT_PORT = 7788


@attrs.frozen
class Plan:
    """What a remote game needs to continue: ``mode`` (host, join or folder), the game's id, this
    computer's seat (``me``: 0 or 1), the secret (kept in plain text with the game), and the
    address and port (live) or the folder (by turn files)."""

    mode: str
    game: str
    me: int
    secret: str
    address: str = ""
    port: int = 0
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
        me, port = raw.get("me"), raw.get("port", 0)
        if (raw.get("mode") not in MODES or me not in (0, 1) or isinstance(me, bool)
                or not isinstance(port, int) or isinstance(port, bool) or not 0 <= port < 65536
                or not raw.get("game")):
            raise ValueError("its remote game record is not valid")
        return cls(raw["mode"], raw["game"], me, raw.get("secret", ""), raw.get("address", ""),
                   port, raw.get("folder", ""))


def join_first(address: str, port: int, secret: str, timeout: float = 10.0,
               should_stop: Callable[[], bool] = lambda: False) -> tuple[Setup, socket.socket, Message, str]:
    """Join a host for a new game (off the GUI thread): the host's setup and the connection, ready
    for ``Link(..., first=...)``. Raises ``Refused`` (one sentence)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            sock = live.connect(address, port, timeout=min(5.0, timeout))
            break
        except Refused:
            if time.monotonic() > deadline or should_stop():
                raise
            time.sleep(0.3)
    try:
        hello, session = live.handshake(sock, key_for(secret), 1, None)
        setup = setup_of(hello.body.get("setup"))
    except Refused:
        sock.close()
        raise
    return setup, sock, hello, session


def folder_game(directory: Path, secret: str, me: int, setup: Setup,
                game: str) -> tuple[Setup, str, list[Move]]:
    """The game of a shared folder for this seat: the one it holds (its setup, id and this side's
    moves, rebuilt), else a new one that seat 1 starts with ``setup``. Raises ``Refused``."""
    key = key_for(secret)
    if not (directory / shared.GAME_FILE).exists():
        if me != 0:
            raise Refused(f"{directory} holds no game yet: the friend who plays seat 1 starts it there")
        try:
            shared.create_game(directory, key, setup, game)
        except OSError as exc:
            raise Refused(f"a game cannot be started in {directory} ({exc.strerror or exc})") from None
    setup, game = shared.read_game(directory, key)
    moves, _movers = shared.rebuild(directory, key, me, setup, game)
    return setup, game, moves


class Link:
    """The way to the friend while the game is shown: the ``remote`` seat and, live, a thread that
    hosts (listening only while the game is shown) or joins again when no connection is open."""

    def __init__(self, plan: Plan, setup: Setup, moves: Sequence[Move], movers: Sequence[int], *,
                 report: Callable[[str], None], connected: Callable[[bool], None] = lambda _b: None,
                 server: live.Host | None = None,
                 first: tuple[socket.socket, Message, str] | None = None) -> None:
        self.plan = plan
        self.setup = setup
        self.key = key_for(plan.secret)
        self.ledger = Ledger(plan.game, plan.me, moves, movers)
        self.report = report
        self.connected = connected
        channels: list[Any] = []
        if plan.folder:
            channels.append(shared.FolderChannel(Path(plan.folder), self.ledger, self.key, report))
        self.remote = Remote(self.ledger, channels, report=report)
        self._server = server
        self._first = first
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._said: set[str] = set()

    @property
    def live(self) -> bool:
        return any(isinstance(c, live.LiveChannel) and c.open for c in self.remote.channels)

    def start(self) -> None:
        """Take the first connection (a join), then keep one open while the game is shown."""
        if self._first is not None:
            sock, hello, session = self._first
            self._first = None
            self._take(sock, hello, session)
        if self.plan.mode in ("host", "join"):
            self._thread = threading.Thread(target=self._run, name="arle-friend-link", daemon=True)
            self._thread.start()

    def close(self) -> None:
        """Stop hosting and joining, close the connection (the game is kept by each side)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2.0)
        if self._server is not None:
            self._server.close()
            self._server = None
        for channel in self.remote.channels:
            channel.close()

    def _say(self, text: str) -> None:
        if text not in self._said:  # each reason once, however often it is tried again
            self._said.add(text)
            self.report(text)

    def _take(self, sock: socket.socket, hello: Message, session: str) -> None:
        channel = live.LiveChannel(sock, self.ledger, self.key, session, report=self.report)
        self.remote.connect(channel, hello)
        self._said.clear()
        self.connected(True)

    def _run(self) -> None:
        was = self.live
        while not self._stop.is_set():
            now = self.live
            if was and not now:
                self.connected(False)
            was = now
            if now:
                self._stop.wait(0.2)
                continue
            try:
                self._host_once() if self.plan.mode == "host" else self._join_once()
            except Refused as exc:
                self._say(str(exc))
                self._stop.wait(1.0)
            was = self.live

    def _host_once(self) -> None:
        if self._server is None:
            self._server = live.Host(self.plan.address, self.plan.port)
        sock = self._server.accept(0.5, self._stop.is_set)
        if sock is None:
            return
        try:
            hello, session = live.handshake(sock, self.key, self.plan.me, self.ledger,
                                            setup_to_dict(self.setup))
            self._take(sock, hello, session)
        except Refused as exc:
            sock.close()
            raise Refused(f"a connection was refused: {exc}") from None

    def _join_once(self) -> None:
        sock = live.connect(self.plan.address, self.plan.port, timeout=2.0)
        try:
            hello, session = live.handshake(sock, self.key, self.plan.me, self.ledger)
            self._take(sock, hello, session)
        except Refused:
            sock.close()
            raise


__all__ = ["DEFAULT_PORT", "MODES", "Link", "Plan", "folder_game", "join_first"]
