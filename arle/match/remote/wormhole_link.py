"""Live play through magic-wormhole (issue 47): both sides dial out to a mailbox server, a short
code becomes a strong shared key (SPAKE2), and a Dilated connection (direct, or through a transit
relay, resumed by itself after a cut) carries the moves, encrypted (SecretBox).

Twisted runs here only, its reactor in a thread of its own (crochet); this module is imported only
when live play starts. Messages are ``wire.pack`` JSON, one a line; every one is checked
(``wire.unpack``, game, sender, order) on the reactor's thread and put into the seat's one inbox.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable
from typing import Any

import crochet
import wormhole  # type: ignore[import-untyped]
from twisted.internet import defer
from twisted.internet.protocol import Factory, Protocol
from twisted.python.failure import Failure
from wormhole import errors

from . import said
from .said import N_, UNREACHABLE, WRONG_CODE, Said
from .seat import Inbox, Ledger
from .servers import APPID, MAILBOX, RELAY
from .wire import MAX_BYTES, START, Message, Refused, pack, unpack

#: The Dilation subchannel that carries the moves.
SUBPROTOCOL = "arle-moves"
#: How long to wait for the mailbox server's welcome (s).
MEET_S = 20.0

_started = threading.Lock()


def _no_delay() -> None:
    """Send and acknowledge each move at once on Dilation's TCP connections (issue 47 item 5).

    A small record otherwise waits in Nagle's buffer for the previous one's acknowledgement, and
    the other end delays that acknowledgement, hoping to send it with data. Our side turns
    Nagle off; a transit relay's own sockets keep it, so where the system allows it (Linux:
    ``TCP_QUICKACK``, which lapses, hence set at every receive) we also acknowledge at once, and
    the relay never waits. The library leaves its sockets as the OS makes them; its connection
    protocol is told here, once. A transport without these options is left as it is."""
    from wormhole._dilation.connection import DilatedConnectionProtocol  # type: ignore[import-untyped]

    made = DilatedConnectionProtocol.connectionMade
    if getattr(made, "arle_no_delay", False):
        return
    received = DilatedConnectionProtocol.dataReceived
    quick_ack = getattr(socket, "TCP_QUICKACK", None)

    def ack_at_once(transport: Any) -> None:
        if quick_ack is not None:
            with contextlib.suppress(AttributeError, OSError):
                transport.getHandle().setsockopt(socket.IPPROTO_TCP, quick_ack, 1)

    def connection_made(self: Any) -> None:
        with contextlib.suppress(AttributeError, OSError):
            self.transport.setTcpNoDelay(True)
        ack_at_once(self.transport)
        made(self)

    def data_received(self: Any, data: bytes) -> None:
        ack_at_once(self.transport)
        received(self, data)

    connection_made.arle_no_delay = True  # type: ignore[attr-defined]
    DilatedConnectionProtocol.connectionMade = connection_made
    DilatedConnectionProtocol.dataReceived = data_received


_no_delay()


def _reactor() -> Any:
    """Twisted's reactor, running in its own thread (started once, stopped at exit)."""
    with _started:
        crochet.setup()
    from twisted.internet import reactor

    return reactor


class _Lines(Protocol):
    """The subchannel's bytes cut into lines; a line over ``MAX_BYTES`` is refused and skipped."""

    channel: WormholeChannel

    def connectionMade(self) -> None:
        self._buffer = b""
        self._skipping = False
        self.channel._made(self)

    def dataReceived(self, data: bytes) -> None:
        self._buffer += data
        while True:
            line, found, rest = self._buffer.partition(b"\n")
            if not found:
                if len(self._buffer) > MAX_BYTES and not self._skipping:
                    self._skipping = True
                    self.channel._refuse(said.said(N_("The friend sent a message over the {limit} bytes "
                                                      "limit: it was not taken."), limit=MAX_BYTES))
                if self._skipping:
                    self._buffer = b""
                return
            self._buffer = rest
            if self._skipping:
                self._skipping = False
                continue
            self.channel._line(line)

    def connectionLost(self, reason: Failure | None = None) -> None:
        self.channel._lost()


class _Factory(Factory):
    """Builds the subchannel's protocol for one channel."""

    def __init__(self, channel: WormholeChannel) -> None:
        self.channel = channel

    def buildProtocol(self, addr: Any) -> _Lines:
        proto = _Lines()
        proto.factory = self
        proto.channel = self.channel
        return proto


class WormholeChannel:
    """The Dilated connection to the friend, as the ``Remote`` seat's channel (``Delivering``)."""

    live = True

    def __init__(self, ledger: Ledger | None = None) -> None:
        self.ledger = ledger
        self.report: Callable[[Said], None] = lambda _said: None
        self.wormhole: Any = None
        self.code = ""
        self._proto: _Lines | None = None
        self._open = False
        self._ended = False
        self._seq = 0
        self._their_seq = 0
        self._inbox: Inbox | None = None
        self._early: list[Message] = []
        self._lock = threading.Lock()
        self._made_d: defer.Deferred[None] = defer.Deferred()
        self.first: defer.Deferred[Message] = defer.Deferred()

    @property
    def open(self) -> bool:
        return self._open

    # -- on the reactor's thread --------------------------------------------------------------------

    def _made(self, proto: _Lines) -> None:
        self._proto, self._open = proto, True
        if not self._made_d.called:
            self._made_d.callback(None)

    def _lost(self) -> None:
        if self._open and not self._ended:  # not after the game's end, nor when we closed it
            self.report(said.said(said.CLOSED))
        self._open = False
        self._put(None)

    def _refuse(self, text: Said) -> None:
        self.report(text)

    def _line(self, raw: bytes) -> None:
        try:
            message = unpack(raw)
            self._check(message)
        except Refused as exc:
            self.report(exc.said)
            return
        self._ended = self._ended or message.kind == "end"
        if not self.first.called:
            self.first.callback(message)
            return
        self._put((message, self))

    def _put(self, item: tuple[Message, Any] | None) -> None:
        with self._lock:
            if self._inbox is not None:
                self._inbox.put(item)
            elif item is not None:
                self._early.append(item[0])

    def _check(self, message: Message) -> None:
        ledger = self.ledger
        if ledger is not None and message.game not in ("", ledger.game):
            raise Refused(N_("A message is from another game: refused."))
        if ledger is not None and message.sender != ledger.friend:
            raise Refused(N_("A message claims to come from this side: refused."))
        if message.seq <= self._their_seq:
            raise Refused(N_("A message was replayed (number {n} came already): refused."), n=message.seq)
        if message.seq != self._their_seq + 1:
            raise Refused(N_("A message came out of order (number {n}, {expected} expected): refused."),
                          n=message.seq, expected=self._their_seq + 1)
        self._their_seq = message.seq

    # -- the channel (any thread) -------------------------------------------------------------------

    def deliver_to(self, inbox: Inbox) -> None:
        with self._lock:
            self._inbox = inbox
            for message in self._early:
                inbox.put((message, self))
            self._early.clear()

    def send(self, kind: str, body: dict[str, Any], count: int | None = None,
             hash: str | None = None) -> bool:
        transport: Any = self._proto.transport if self._proto is not None else None
        if not self._open or transport is None:
            return False
        ledger = self.ledger
        with self._lock:
            self._seq += 1
            game, me = (ledger.game, ledger.me) if ledger is not None else ("", 1)
            at = (ledger.count, ledger.hash) if ledger is not None else (0, START)
            raw = pack(Message(game, me, "", self._seq, kind, at[0] if count is None else count,
                               at[1] if hash is None else hash, body))
            _reactor().callFromThread(transport.write, raw + b"\n")
        return True

    def changed(self, added: Any, cause: str) -> None:
        from arle.engine import move_to_dict

        ledger = self.ledger
        assert ledger is not None
        for index, move, mover in added:
            if mover == ledger.me:
                self.send("move", {"at": index, "before": ledger.hashes[index], "move": move_to_dict(move)},
                          index + 1, ledger.hashes[index + 1])

    def turn_over(self) -> None:
        """Each move went as it was made."""

    def receive(self, timeout: float) -> list[Message]:
        return []  # delivered into the seat's inbox instead

    def close(self) -> None:
        self._open = False
        with contextlib.suppress(Exception):
            _close(self).wait(5.0)


@crochet.run_in_reactor
def _close(channel: WormholeChannel) -> defer.Deferred[None]:
    transport: Any = channel._proto.transport if channel._proto is not None else None
    if transport is not None:
        transport.loseConnection()
    if channel.wormhole is None:
        return defer.succeed(None)
    d: defer.Deferred[None] = channel.wormhole.close()
    d.addErrback(lambda _f: None)
    return d


async def _meet(channel: WormholeChannel, code: str | None, mailbox: str, relay: str | None,
                direct: bool, wait: float, on_code: Callable[[str], None]) -> None:
    from twisted.internet import reactor

    w = wormhole.create(APPID, mailbox, reactor, dilation=True)
    channel.wormhole = w
    try:
        await w.get_welcome().addTimeout(MEET_S, reactor)
    except (defer.TimeoutError, errors.ServerConnectionError, errors.WormholeClosed):
        raise Refused(UNREACHABLE, url=mailbox) from None
    if code is None:
        w.allocate_code()
        channel.code = await w.get_code()
        on_code(channel.code)
    else:
        w.set_code(code)
        channel.code = code
    try:
        await w.get_versions().addTimeout(wait, reactor)
    except errors.WrongPasswordError:
        raise Refused(WRONG_CODE) from None
    except defer.TimeoutError:
        raise Refused(said.NOT_CAME, seconds=f"{wait:g}") from None
    except (errors.ServerConnectionError, errors.WormholeClosed, errors.LonelyError):
        raise Refused(UNREACHABLE, url=mailbox) from None
    dilated = w.dilate(transit_relay_location=relay, no_listen=not direct)
    factory = _Factory(channel)
    if code is None:
        dilated.listener_for(SUBPROTOCOL).listen(factory)
    else:
        await dilated.connector_for(SUBPROTOCOL).connect(factory)
    await channel._made_d.addTimeout(wait, reactor)


@crochet.run_in_reactor
def _start(channel: WormholeChannel, code: str | None, mailbox: str, relay: str | None,
           direct: bool, wait: float, on_code: Callable[[str], None]) -> defer.Deferred[None]:
    return defer.ensureDeferred(_meet(channel, code, mailbox, relay, direct, wait, on_code))


@crochet.run_in_reactor
def _first(channel: WormholeChannel) -> defer.Deferred[Message]:
    from twisted.internet import reactor

    return channel.first.addTimeout(MEET_S, reactor)


def meet(code: str | None, *, mailbox: str = MAILBOX, relay: str | None = RELAY, direct: bool = True,
         wait: float = 600.0, on_code: Callable[[str], None] = lambda _code: None,
         channel: WormholeChannel | None = None) -> WormholeChannel:
    """Meet the friend (blocking; off the GUI thread): ``code`` None invites (``on_code`` hears the
    new code as soon as it exists), else joins with it. ``direct`` False: every byte through the
    relay. ``channel``: one another thread may ``close`` to give up. Raises ``Refused`` (one
    sentence)."""
    _reactor()
    channel = channel if channel is not None else WormholeChannel()
    try:
        _start(channel, code, mailbox, relay, direct, wait, on_code).wait(wait + MEET_S + 10.0)
    except Refused:
        channel.close()
        raise
    except Exception as exc:
        channel.close()
        raise Refused(said.FAILED, what=type(exc).__name__) from None
    return channel


def hello(channel: WormholeChannel, ledger: Ledger | None, body: dict[str, Any]) -> Message:
    """Send our hello (our move count and hash) and take the friend's: the first message each
    way. Raises ``Refused``."""
    channel.ledger = ledger
    channel.send("hello", body)
    try:
        theirs: Any = _first(channel).wait(MEET_S + 5.0)
    except Exception:
        raise Refused(said.NO_HELLO) from None
    if not isinstance(theirs, Message) or theirs.kind != "hello" or theirs.seq != 1:
        raise Refused(said.NOT_HELLO)
    if ledger is not None and theirs.game not in ("", ledger.game):
        raise Refused(said.OTHER_GAME)
    return theirs


__all__ = ["APPID", "MAILBOX", "RELAY", "WormholeChannel", "hello", "meet"]
