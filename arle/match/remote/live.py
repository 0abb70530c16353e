"""Live play over TCP, for a LAN or a VPN: one side hosts, the other joins with an invitation code
(the address and the secret).

The host's socket listens only while it hosts, on the address it chose. Each message is a frame:
4 bytes of length (at most ``wire.MAX_BYTES``, refused before it is read) and the signed JSON.
Both sides open with ``hello`` (a fresh nonce each: the session, in every later message, so that
nothing of an earlier connection can be replayed), then number their messages 1, 2, 3...; the
side with more moves sends the rest (``Remote`` resyncs by move count and hash). A dropped
connection loses nothing: the moves are kept by each side (and its folder), and a reconnection
or the folder goes on from there.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import json
import queue
import secrets
import socket
import struct
import threading
import time
from collections.abc import Callable
from typing import Any

from .seat import Ledger
from .wire import MAX_BYTES, START, Message, Refused, canonical, seal, setup_to_dict, unseal

#: How long a side waits for the other's hello, and for the rest of a frame once it began (s).
HELLO_S = 10.0
FRAME_S = 10.0
#: The most messages a friend may send per second (sustained), and at once.
RATE, BURST = 100.0, 400.0
_HEADER = struct.Struct(">I")
_CODE_PREFIX = "arle1-"


# -- invitations -----------------------------------------------------------------------------------

def invitation(address: str, port: int, secret: str) -> str:
    """The code a host gives its friend: where to connect and the secret (keep it private)."""
    data = canonical({"a": address, "p": port, "s": secret})
    check = hashlib.sha256(data).hexdigest()[:6]
    return _CODE_PREFIX + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=") + "-" + check


def read_invitation(code: str) -> tuple[str, int, str]:
    """(address, port, secret) from an invitation code. Raises ``Refused``."""
    code = code.strip()
    body, _, check = code[len(_CODE_PREFIX):].rpartition("-")
    try:
        if not code.startswith(_CODE_PREFIX) or len(code) > 1000:
            raise ValueError
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        if hashlib.sha256(data).hexdigest()[:6] != check:
            raise ValueError
        fields = json.loads(data)
        address, port, secret = fields["a"], fields["p"], fields["s"]
        if not (isinstance(address, str) and isinstance(port, int) and isinstance(secret, str)
                and 0 < port < 65536):
            raise ValueError
    except (ValueError, KeyError, TypeError, binascii.Error):
        raise Refused("this is not an Arle invitation code (or it was mistyped)") from None
    return address, port, secret


def split_address(text: str) -> tuple[str, int]:
    """HOST:PORT (``[::1]:PORT`` for IPv6) as (host, port). Raises ``Refused``."""
    host, _, port = text.strip().rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise Refused(f"{text[:80]!r} is not an address like 192.168.1.20:7788 or [::1]:7788")
    return host, int(port)


# -- frames ----------------------------------------------------------------------------------------

def write_frame(sock: socket.socket, raw: bytes) -> None:
    sock.sendall(_HEADER.pack(len(raw)) + raw)


def _read_exactly(sock: socket.socket, size: int, started: bool, idle: float | None = None) -> bytes | None:
    """``size`` bytes; None at a clean end before any byte of a frame. Before a frame begins it
    waits ``idle`` seconds (None: as long as it takes), inside one ``FRAME_S``."""
    chunks: list[bytes] = []
    got = 0
    deadline = time.monotonic() + FRAME_S
    idle_deadline = None if idle is None else time.monotonic() + idle
    while got < size:
        try:
            chunk = sock.recv(min(size - got, 65536))
        except TimeoutError:
            if (started or got) and time.monotonic() > deadline:
                raise Refused("the friend stopped in the middle of a message: "
                              "nothing of it was taken") from None
            if not (started or got) and idle_deadline is not None and time.monotonic() > idle_deadline:
                raise Refused("the friend did not answer in time") from None
            continue
        if not chunk:
            if not (started or got):
                return None
            raise Refused("the connection closed in the middle of a message: nothing of it was taken")
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def read_frame(sock: socket.socket, idle: float | None = None) -> bytes | None:
    """The next frame's bytes; None when the friend closed the connection between messages.
    Raises ``Refused`` for an oversized frame or a connection cut inside one."""
    header = _read_exactly(sock, _HEADER.size, False, idle)
    if header is None:
        return None
    (size,) = _HEADER.unpack(header)
    if size > MAX_BYTES:
        raise Refused(f"the friend sent a message of {size} bytes, over the {MAX_BYTES} bytes limit")
    body = _read_exactly(sock, size, True)
    return body if body is not None else b""


# -- a connection ----------------------------------------------------------------------------------

def handshake(sock: socket.socket, key: bytes, me: int, ledger: Ledger | None,
              setup: dict[str, Any] | None = None) -> tuple[Message, str]:
    """Send our hello and read the friend's: (their hello, the session). ``ledger`` None: a join
    that has no game yet (the host's hello brings it). Raises ``Refused``."""
    nonce = secrets.token_hex(16)
    body: dict[str, Any] = {"nonce": nonce}
    if setup is not None:
        body["setup"] = setup
    game, count, at = "", 0, START
    if ledger is not None:
        with ledger.lock:
            game, count, at = ledger.game, ledger.count, ledger.hash
    sock.settimeout(0.5)
    try:
        write_frame(sock, seal(Message(game, me, "", 0, "hello", count, at, body), key))
        raw = read_frame(sock, HELLO_S)
    except OSError as exc:
        raise Refused(f"the connection failed before the game began ({exc.strerror or exc})") from None
    if raw is None:
        raise Refused("the friend closed the connection before the game began (a wrong secret?)")
    hello = unseal(raw, key)
    if hello.kind != "hello" or hello.seq != 0 or hello.sender != 1 - me:
        raise Refused("the friend's first message is not a hello from the other seat")
    if ledger is not None and hello.game not in ("", ledger.game):
        raise Refused("the friend is playing another game")
    theirs = hello.body.get("nonce")
    if not isinstance(theirs, str) or len(theirs) != 32:
        raise Refused("the friend's hello has no valid nonce")
    host_nonce, join_nonce = (nonce, theirs) if me == 0 else (theirs, nonce)
    session = hashlib.sha256((host_nonce + join_nonce).encode("ascii")).hexdigest()[:32]
    return hello, session


class LiveChannel:
    """A connection to the friend, after the handshake: a thread reads and checks its messages."""

    live = True

    def __init__(self, sock: socket.socket, ledger: Ledger, key: bytes, session: str, *,
                 report: Callable[[str], None] | None = None) -> None:
        self.sock = sock
        self.ledger = ledger
        self.key = key
        self.session = session
        self.report: Callable[[str], None] = report or (lambda text: None)
        self._seq = 0
        self._their_seq = 0
        self._send_lock = threading.Lock()
        self._inbox: queue.Queue[Message] = queue.Queue()
        self._open = True
        self._tokens, self._filled = BURST, time.monotonic()
        sock.settimeout(5.0)  # a send stuck that long (a friend who stopped reading) closes it
        self._reader = threading.Thread(target=self._read, name="arle-remote-live", daemon=True)
        self._reader.start()

    @property
    def open(self) -> bool:
        return self._open

    def _read(self) -> None:
        try:
            while self._open:
                raw = read_frame(self.sock)
                if raw is None:
                    break
                self._rate()
                message = unseal(raw, self.key)
                self._check(message)
                self._inbox.put(message)
        except Refused as exc:
            if self._open:
                self.report(str(exc))
        except OSError as exc:
            if self._open:
                self.report(f"the connection to the friend was lost ({exc.strerror or exc})")
        except Exception as exc:  # a bug here must not leave a connection open that nobody reads
            self.report(f"the connection was closed after an error ({type(exc).__name__})")
        self._shut()

    def _rate(self) -> None:
        now = time.monotonic()
        self._tokens = min(BURST, self._tokens + (now - self._filled) * RATE)
        self._filled = now
        if self._tokens < 1:
            raise Refused("the friend sent messages too fast: the connection was closed")
        self._tokens -= 1

    def _check(self, message: Message) -> None:
        if message.game != self.ledger.game or message.session != self.session:
            raise Refused("a message is from another game or an earlier connection: refused")
        if message.sender != self.ledger.friend:
            raise Refused("a message claims to come from this side: refused")
        if message.seq <= self._their_seq:
            raise Refused(f"a message was replayed (number {message.seq} came already): refused")
        if message.seq != self._their_seq + 1:
            raise Refused(f"a message came out of order (number {message.seq}, "
                          f"{self._their_seq + 1} expected): refused")
        self._their_seq = message.seq

    def _shut(self) -> None:
        self._open = False
        with contextlib.suppress(OSError):
            self.sock.close()

    # -- the channel -------------------------------------------------------------------------------

    def send(self, kind: str, body: dict[str, Any], count: int | None = None,
             hash: str | None = None) -> bool:
        if not self._open:
            return False
        with self._send_lock:
            self._seq += 1
            ledger = self.ledger
            message = Message(ledger.game, ledger.me, self.session, self._seq, kind,
                              ledger.count if count is None else count,
                              ledger.hash if hash is None else hash, body)
            try:
                write_frame(self.sock, seal(message, self.key))
            except OSError:
                self._shut()
                return False
        return True

    def changed(self, added: Any, cause: str) -> None:
        from arle.engine import move_to_dict

        ledger = self.ledger
        for index, move, mover in added:
            if mover == ledger.me:
                self.send("move", {"at": index, "before": ledger.hashes[index], "move": move_to_dict(move)},
                          index + 1, ledger.hashes[index + 1])

    def turn_over(self) -> None:
        """Live, each move went as it was made."""

    def receive(self, timeout: float) -> list[Message]:
        got = []
        try:
            got.append(self._inbox.get(timeout=timeout) if timeout > 0 else self._inbox.get_nowait())
            while True:
                got.append(self._inbox.get_nowait())
        except queue.Empty:
            pass
        return got

    def close(self) -> None:
        if self._open:
            self._open = False
            with contextlib.suppress(OSError):
                self.sock.shutdown(socket.SHUT_RDWR)
            self._shut()


class Host:
    """A listening socket on the address the host chose, open only while it hosts."""

    def __init__(self, address: str, port: int) -> None:
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        try:
            self.server = socket.create_server((address, port), family=family)
        except OSError as exc:
            raise Refused(f"cannot host on {address} port {port} ({exc.strerror or exc})") from None
        self.server.settimeout(0.2)

    @property
    def port(self) -> int:
        return int(self.server.getsockname()[1])

    def accept(self, timeout: float, should_stop: Callable[[], bool] | None = None) -> socket.socket | None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not (should_stop and should_stop()):
            try:
                sock, _ = self.server.accept()
            except TimeoutError:
                continue
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return sock
        return None

    def close(self) -> None:
        self.server.close()


def connect(host: str, port: int, timeout: float = 5.0) -> socket.socket:
    """A connection to a host. Raises ``Refused`` when nobody answers."""
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except OSError as exc:
        raise Refused(f"cannot reach {host} port {port} ({exc.strerror or exc})") from None
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


__all__ = ["Host", "LiveChannel", "connect", "handshake", "invitation", "read_invitation",
           "setup_to_dict", "split_address"]
