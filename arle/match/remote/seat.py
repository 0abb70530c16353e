"""The friend on another computer as a seat: ``choose`` waits for their move, ``inform`` sends ours.

The seat keeps a ``Ledger`` of the game's moves (with the hash of every prefix) and talks through
channels (``arle.match.remote.wormhole_link``, ``arle.match.remote.folder``). A received move is taken only
if its message checks (``wire.unseal``), the hashes say both sides hold the same game, and the
engine finds it legal in the position; anything else is refused with one sentence (``problems``,
and a ``refuse`` message to the friend) and changes nothing.

Undo only by agreement: ``ask_undo`` asks the friend, who answers with ``agree_undo`` (headless
sides never agree unless told); an agreed undo is applied by the driver (``settle``).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from arle.ai import Cancelled
from arle.engine import Game, Move, move_to_dict, render

from ..history import REMOTE
from .said import N_, Said, said
from .wire import START, Message, Refused, chain, chain_all, moves_of, printable

if TYPE_CHECKING:
    from arle.match.change import Change
    from arle.match.loop import Match
    from arle.match.seats import ShouldStop

log = logging.getLogger(__name__)


class Ledger:
    """The moves as this side holds them, each prefix hashed, and who made each move."""

    def __init__(self, game: str, me: int, moves: Sequence[Move] = (), movers: Sequence[int] = ()) -> None:
        self.game = game
        self.me = me
        self.friend = 1 - me
        self.moves: list[Move] = list(moves)
        self.movers: list[int] = list(movers) or [-1] * len(self.moves)
        self.hashes: list[str] = chain_all(self.moves)
        self.lock = threading.RLock()

    @property
    def count(self) -> int:
        return len(self.moves)

    @property
    def hash(self) -> str:
        return self.hashes[-1]

    def add(self, move: Move, mover: int) -> None:
        with self.lock:
            self.moves.append(move)
            self.movers.append(mover)
            self.hashes.append(chain(self.hashes[-1], move))

    def cut(self, count: int) -> None:
        with self.lock:
            del self.moves[count:], self.movers[count:], self.hashes[count + 1:]

    def since_friend(self) -> int:
        """Where the moves the friend may lack begin: after the friend's last move."""
        for index in range(len(self.movers) - 1, -1, -1):
            if self.movers[index] == self.friend:
                return index + 1
        return 0


class Channel(Protocol):
    """A way to the friend: a live connection or a shared folder."""

    def changed(self, added: Sequence[tuple[int, Move, int]], cause: str) -> None:
        """The ledger changed: ``added`` are (index, move, mover) now in it."""
        ...

    def turn_over(self) -> None:
        """The friend is to move: our turn is over."""
        ...

    def send(self, kind: str, body: dict[str, Any]) -> bool:
        """Send a message now; False when this channel cannot (a folder, a closed connection)."""
        ...

    def receive(self, timeout: float) -> list[Message]:
        """The messages that came, checked (signature, game, order); waits up to ``timeout``."""
        ...

    #: Where the channel says what it refused (the seat sets it to ``Remote.refuse``).
    report: Callable[[Said], None]
    #: Whether a message wakes a waiting ``receive`` at once (a connection; a folder is looked at).
    live: bool

    @property
    def open(self) -> bool: ...

    def close(self) -> None: ...


#: The one queue the friend's messages reach the seat by (``None``: only wake the consumer).
Inbox = queue.Queue[tuple[Message, Channel] | None]


@runtime_checkable
class Delivering(Protocol):
    """A channel that puts what it receives, checked, into the seat's inbox as it comes (the
    wormhole's callback), rather than waiting to be asked (``receive``)."""

    def deliver_to(self, inbox: Inbox) -> None: ...


def _quiet(text: Said) -> None:
    """By default problems are only kept in ``Remote.problems``."""


class Remote:
    """The friend's seat. ``me`` is this computer's seat index (the friend's is the other)."""

    kind = REMOTE

    def __init__(self, ledger: Ledger, channels: Sequence[Channel] = (), *,
                 agree_undo: Callable[[int], bool] | None = None,
                 report: Callable[[Said], None] = _quiet, poll_s: float = 0.05,
                 patience: float | None = None) -> None:
        self.ledger = ledger
        self.channels: list[Channel] = list(channels)
        self.agree_undo = agree_undo
        self.report = report
        #: How often channels that must be looked at (a folder) are looked at (s).
        self.poll_s = poll_s
        #: The longest ``choose`` waits on delivered messages alone before it asks ``should_stop``
        #: (None: until a message comes or ``wake``).
        self.patience = patience
        #: What delivering channels (``Inbox``) received, in order: (message, channel), or None
        #: (a channel closed); its one consumer is the thread that takes the friend's messages.
        self.inbox: Inbox = queue.Queue()
        #: The friend's moves received and checked against the hashes, not yet played (by index).
        self.pending: dict[int, Move] = {}
        #: Every refusal, in words (a message is said once).
        self.problems: list[Said] = []
        #: The friend's game as their last message said: (count, hash).
        self.friend_at: tuple[int, str] | None = None
        self.friend_ended = False
        self._answers: list[tuple[int, bool]] = []
        self._agreed: int | None = None
        self._lock = threading.RLock()
        #: Raised by each message taken (and by ``wake``): what a waiting ``choose`` waits on.
        self._heard = threading.Condition(self._lock)
        self._version = 0
        self._consumer: threading.Thread | None = None
        self._closing = False
        #: Called on the consumer's thread after each message taken: the window marshals it to
        #: its own thread, where ``settle`` applies an agreed undo (delivered, not polled).
        self.taken: Callable[[], None] = lambda: None
        for channel in self.channels:
            self._attach(channel)

    def _attach(self, channel: Channel) -> None:
        channel.report = self.refuse
        if isinstance(channel, Delivering):
            if self._consumer is None:
                self._consumer = threading.Thread(target=self._consume, name="arle-friend-messages",
                                                  daemon=True)
                self._consumer.start()
            channel.deliver_to(self.inbox)

    def _consume(self) -> None:
        """The inbox's one consumer: each message, as it comes, taken and checked; then whoever
        waits for the friend (``choose``, ``ask_undo``, ``finish``) is woken."""
        while True:
            item = self.inbox.get()
            if item is None:  # a channel closed (wake who waits), or ``close``
                if self._closing:
                    return
                self.wake()
                continue
            message, channel = item
            try:
                self.take(message, channel)
            except Refused as exc:
                self.refuse(exc.said, channel)
            except Exception as exc:  # a bug must not stop the friend's messages for good
                self.refuse(said(N_("A message could not be taken ({what})."), what=type(exc).__name__))
            self.wake()
            self.taken()

    def close(self) -> None:
        """Stop taking the friend's messages (the channels are closed by their owner), and wake a
        ``choose`` still waiting, to ask its ``should_stop``."""
        self._closing = True
        if self._consumer is not None:
            self.inbox.put(None)
            self._consumer.join(5.0)
        self.wake()

    def add(self, channel: Channel) -> None:
        """A new way to the friend (a reconnection): the old closed ones are dropped."""
        self._attach(channel)
        self.channels = [c for c in self.channels if c.open] + [channel]

    def wake(self) -> None:
        """Wake whoever waits for the friend (``choose`` then asks its ``should_stop``)."""
        with self._heard:
            self._version += 1
            self._heard.notify_all()

    def _await(self, seen: int, timeout: float | None) -> None:
        """Wait for the friend: look at a folder every ``poll_s``, else until woken."""
        if any(c.open and not isinstance(c, Delivering) for c in self.channels):
            self.poll(self.poll_s if timeout is None else min(self.poll_s, timeout))
        else:
            self._wait(seen, timeout)

    def _wait(self, seen: int, timeout: float | None) -> None:
        """Wait until something was heard since ``seen`` (a message taken, ``wake``), or
        ``timeout`` seconds (None: no limit)."""
        with self._heard:
            self._heard.wait_for(lambda: self._version != seen, timeout)

    # -- the seat ------------------------------------------------------------------------------------

    @property
    def local(self) -> bool:
        return False

    def choose(self, game: Game, should_stop: ShouldStop | None = None) -> Move:
        """Wait for the friend's move (raises ``Cancelled`` once ``should_stop()`` is true, or when
        an undo was agreed: ``settle`` then takes it back)."""
        for channel in self.channels:
            channel.turn_over()
        while True:
            seen = self._version
            self.poll(0.0)
            if self._agreed is not None:
                raise Cancelled()
            move = self._next(game)
            if move is not None:
                return move
            if should_stop is not None and should_stop():
                raise Cancelled()
            self._await(seen, self.patience)

    def inform(self, change: Change) -> None:
        """Keep the ledger; a move of ours goes to the friend (the folder keeps it first)."""
        ledger = self.ledger
        with ledger.lock:
            if change.cause == "undo" or change.at != ledger.count:
                ledger.cut(change.at)
                with self._lock:
                    self.pending.clear()
            added = []
            for offset, entry in enumerate(change.added):
                index = change.at + offset
                mover = entry.actor if entry.actor is not None else -1
                ledger.add(entry.move, mover)
                added.append((index, entry.move, mover))
                self._settled(index, entry.move)
        for channel in self.channels:
            channel.changed(added, change.cause)

    # -- receiving -------------------------------------------------------------------------------------

    def poll(self, timeout: float) -> None:
        """Take what the channels that must be looked at hold (waiting up to ``timeout`` for
        something); delivering channels' messages are taken as they come (``_consume``)."""
        channels = [c for c in self.channels if c.open and not isinstance(c, Delivering)]
        if not channels:
            if timeout:
                self._wait(self._version, timeout)
            return
        # One channel waits (a live one if any: it wakes as a message comes); the others only look.
        waiting = next((c for c in channels if c.live), channels[0])
        for channel in sorted(channels, key=lambda c: c is waiting):
            for message in channel.receive(timeout if channel is waiting else 0.0):
                try:
                    self.take(message, channel)
                except Refused as exc:
                    self.refuse(exc.said, channel)

    def refuse(self, text: Said, *tell: Channel) -> None:
        """Say a refusal once, and tell the friend through ``tell`` (live channels only: its Arle
        says a sentence of its own, never ours)."""
        if text not in self.problems:
            self.problems.append(text)
            self.report(text)
        for channel in tell:
            if channel.open:
                channel.send("refuse", {"reason": printable(str(text), 300)})

    def take(self, message: Message, channel: Channel) -> None:
        """One checked message: moves are matched against the ledger by their hashes."""
        self.friend_at = (message.count, message.hash)
        kind, body = message.kind, message.body
        if kind not in ("move", "turn", "sync"):
            self._compare(message)  # moves carry their own hashes, checked as they are taken
        if kind == "move":
            self._take_moves(body.get("at"), body.get("before"), [body.get("move")], message)
        elif kind in ("turn", "sync"):
            self._take_moves(body.get("at"), body.get("before"), body.get("moves"), message)
        elif kind == "undo_ask":
            self._undo_asked(message, channel)
        elif kind == "undo_answer":
            count, yes = body.get("count"), body.get("yes")
            if isinstance(count, int) and isinstance(yes, bool):
                self._answers.append((count, yes))
        elif kind == "refuse":
            # (their reason is theirs, in words this window cannot vouch for: not shown)
            log.info("the friend's Arle refused a message: %s", printable(str(body.get("reason", "")), 300))
            self.refuse(said(N_("The friend's Arle refused a message of this one.")))
        elif kind == "end":
            self.friend_ended = True

    def _known(self) -> tuple[list[Move], list[str]]:
        """The ledger's moves followed by the pending ones, with their hashes."""
        with self.ledger.lock, self._lock:
            moves = list(self.ledger.moves)
            hashes = list(self.ledger.hashes)
            index = len(moves)
            while index in self.pending:
                moves.append(self.pending[index])
                hashes.append(chain(hashes[-1], moves[-1]))
                index += 1
        return moves, hashes

    def _take_moves(self, at: Any, before: Any, raw: Any, message: Message) -> None:
        if not isinstance(at, int) or isinstance(at, bool) or at < 0 or not isinstance(before, str):
            raise Refused(N_("A message's moves do not say where they go."))
        moves = moves_of(raw)
        known, hashes = self._known()
        if at > len(known):
            raise Refused(N_("The friend's moves start at move {n} but this game has only {count}: "
                             "moves in between are missing."), n=at + 1, count=len(known))
        if hashes[at] != before:
            raise Refused(N_("The friend's game differs from this one before move {n}: their moves "
                             "are not taken."), n=at + 1)
        after = before
        for move in moves:
            after = chain(after, move)
        if after != message.hash or at + len(moves) != message.count:
            raise Refused(N_("The friend's moves do not match their hash: the message was tampered with."))
        with self._lock:
            for offset, move in enumerate(moves):
                index = at + offset
                if index < len(known):
                    if move_to_dict(known[index]) != move_to_dict(move):
                        raise Refused(N_("The friend's game differs from this one at move {n}."), n=index + 1)
                    continue
                self.pending[index] = move

    def _compare(self, message: Message) -> None:
        """The friend's game at ``message`` must be ours (when we have that many moves)."""
        known, hashes = self._known()
        if message.count <= len(known) and hashes[message.count] != message.hash:
            self.refuse(said(N_("The friend's game differs from this one (at {count} moves)."),
                             count=message.count))

    def _next(self, game: Game) -> Move | None:
        """The friend's next move, if it came and the engine finds it legal here."""
        with self.ledger.lock, self._lock:
            index = self.ledger.count
            move = self.pending.get(index)
            if move is None:
                return None
            refusal = game.why_not(move)
            if refusal is None and game.actor == self.ledger.friend:
                return move
            self.pending.clear()
        log.info("the friend's move %d refused: %s", index + 1,
                 render(refusal) if refusal is not None else "not the friend's turn")
        self.refuse(said(N_("The friend's move {n} is not legal here: it is refused."), n=index + 1),
                    *self.channels)
        return None

    def _settled(self, index: int, move: Move) -> None:
        """A move is now in the ledger: a pending one at its place is done, or was wrong."""
        with self._lock:
            waiting = self.pending.pop(index, None)
            if waiting is not None and move_to_dict(waiting) != move_to_dict(move):
                self.pending.clear()

    # -- a live friend: catch up ----------------------------------------------------------------------

    def connect(self, channel: Channel, hello: Message) -> None:
        """A (re)connection, after both hellos: if the friend holds fewer moves, send them the rest
        first (resync by move count and hash), then take the channel. Raises ``Refused`` (the
        channel is closed) when the two games differ."""
        with self.ledger.lock:
            known, hashes = self._known()
            if hello.count <= len(known):
                if hashes[hello.count] != hello.hash:
                    channel.close()
                    raise Refused(N_("The friend's game differs from this one: it cannot go on together."))
                if hello.count < len(known):
                    channel.send("sync", {"at": hello.count, "before": hashes[hello.count],
                                          "moves": [move_to_dict(m) for m in known[hello.count:]]})
            self.add(channel)

    # -- undo by agreement -----------------------------------------------------------------------------

    def ask_undo(self, count: int, timeout: float = 30.0) -> bool:
        """Ask the friend to take back ``count`` moves; True once they agreed (then take them back
        with ``match.undo(count)``). Refused, unanswered, or no live connection: False."""
        live = [c for c in self.channels if c.open]
        if count < 1 or count > self.ledger.count or not any(c.send("undo_ask", {"count": count})
                                                          for c in live):
            return False
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            seen = self._version
            self.poll(0.0)
            for answer in list(self._answers):
                self._answers.remove(answer)
                if answer[0] == count:
                    return answer[1]
            self._await(seen, max(0.001, deadline - time.monotonic()))
        return False

    @property
    def agreed(self) -> int | None:
        """The moves both sides agreed to take back, until ``settle`` takes them back."""
        return self._agreed

    def _undo_asked(self, message: Message, channel: Channel) -> None:
        count = message.body.get("count")
        same = (message.count, message.hash) == (self.ledger.count, self.ledger.hash)
        ok = (isinstance(count, int) and not isinstance(count, bool) and 0 < count <= self.ledger.count
              and same and self._agreed is None and self.agree_undo is not None
              and bool(self.agree_undo(count)))
        if ok:
            self._agreed = int(count)  # type: ignore[arg-type]
        channel.send("undo_answer", {"count": count if isinstance(count, int) else 0, "yes": ok})

    def settle(self, match: Match) -> None:
        """On the thread that drives ``match``: take back an agreed undo, and play our own moves
        the friend held that this side had lost (a restart without its journal)."""
        if self._agreed is not None:
            count, self._agreed = self._agreed, None
            match.undo(count)
        while True:
            with self.ledger.lock, self._lock:
                move = self.pending.get(self.ledger.count)
            game = match.game
            if move is None or game.actor != self.ledger.me or game.why_not(move) is not None:
                return
            match.apply(move)

    def finish(self, timeout: float = 5.0) -> None:
        """The game is over here: flush our last turn, tell the friend and wait a little for theirs."""
        told = []
        for channel in self.channels:
            channel.turn_over()
            if channel.open and channel.send("end", {}):
                told.append(channel)
        deadline = time.monotonic() + timeout
        while not self.friend_ended and time.monotonic() < deadline and any(c.open for c in told):
            seen = self._version
            self.poll(0.0)
            if not self.friend_ended:
                self._await(seen, max(0.001, deadline - time.monotonic()))


def new_game_id() -> str:
    import secrets

    return secrets.token_hex(8)


__all__ = ["REMOTE", "START", "Channel", "Ledger", "Remote", "new_game_id"]
