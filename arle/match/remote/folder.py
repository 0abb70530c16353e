"""Play by turn files in a folder both players sync (Dropbox, OneDrive, Syncthing, a network share),
with no server: like Yucata, a move at a time, for days.

The folder holds ``game.json`` (the setup, signed, written by seat 1), one small turn file per turn
(``turn-S-NNNNN.json``: seat S's NNNNN-th turn, the moves since the friend's last one, signed) and
each side's journal (``seatS.journal.json``: every move it holds, written before a move of its own
leaves). A side notices the friend's next turn file by looking every ``POLL_S``; a file out of
order waits for the one before it, a duplicate or a foreign file is refused with a message. A side
that restarts rebuilds its game from its journal (or, without one, from the turn files).
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import os
import re
import stat
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from arle.engine import Game, IllegalMove, Move, Setup, move_to_dict

from .said import N_, Said, said
from .seat import Ledger
from .wire import (
    MAX_BYTES,
    NOT_JSON,
    START,
    Message,
    Refused,
    chain,
    chain_all,
    moves_of,
    seal,
    setup_of,
    unseal,
)

#: How often the folder is looked at (s).
POLL_S = 0.1
#: The most turn files one look reads.
MAX_FILES = 200
#: How long a file that is not whole JSON may stay so, unchanged, before it is reported: a sync
#: program or a network share may show a file half written for a while.
SETTLE_S = 10.0
GAME_FILE = "game.json"
_TURN = re.compile(r"turn-([12])-(\d{5})\.json")


def turn_name(seat: int, seq: int) -> str:
    """The file name of seat ``seat``'s (0 or 1) turn number ``seq``."""
    return f"turn-{seat + 1}-{seq:05d}.json"


def journal_name(seat: int) -> str:
    return f"seat{seat + 1}.journal.json"


def _write(path: Path, raw: bytes) -> None:
    """All or nothing: a reader (or the sync program) never sees half a file. Whoever can write to
    the folder may have put a link or a FIFO under the name: it is never written through nor
    replaced (``Refused``); a full disk or a read-only folder leaves no ``.part`` behind (OSError)."""
    with contextlib.suppress(FileNotFoundError):
        if not stat.S_ISREG(os.lstat(path).st_mode):
            raise Refused(N_("{file} in the shared folder is not a regular file: it was left as it is."),
                          file=path.name)
    part = path.with_name(f".{path.name}.{os.urandom(6).hex()}.part")
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_BINARY", 0), 0o600)
    try:
        try:
            view = memoryview(raw)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        os.replace(part, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(part)
        raise


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class Incomplete(Refused):
    """Not valid JSON (yet): a file still being written or synced, reported only once it stays so."""


def _raw(path: Path) -> bytes:
    """The bytes of the regular file ``path``, at most ``MAX_BYTES``: never through a link, never
    blocking on a FIFO, never reading a device. Raises ``Refused`` (OSError: it went away)."""
    if not _NOFOLLOW and os.path.islink(path):  # (Windows: no O_NOFOLLOW)
        raise Refused(N_("{file} is a link: only regular files are read."), file=path.name)
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0)  # a FIFO: no wait
                     | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise Refused(N_("{file} is a link: only regular files are read."), file=path.name) from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Refused(N_("{file} is not a regular file: only regular files are read."), file=path.name)
        chunks: list[bytes] = []
        left = MAX_BYTES + 1
        while left > 0 and (chunk := os.read(fd, left)):
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > MAX_BYTES:
        raise Refused(N_("{file} is over the {limit} bytes limit."), file=path.name, limit=MAX_BYTES)
    return raw


def _read(path: Path, key: bytes) -> Message:
    try:
        raw = _raw(path)
    except OSError as exc:
        raise Refused(N_("{file} cannot be read ({error})."), file=path.name,
                      error=exc.strerror or exc) from None
    try:
        return unseal(raw, key)
    except Refused as exc:
        kind = Incomplete if exc.said.id == NOT_JSON else Refused
        raise kind(N_("{file}: {reason}"), file=path.name, reason=exc.said) from None


# -- the game file ---------------------------------------------------------------------------------

def create_game(folder: Path, key: bytes, setup: Setup, game: str) -> None:
    """Seat 1 starts a game in the folder. Raises ``Refused`` when it holds one already.

    The game gets a random salt (in ``game.json``, signed) and every file of it is signed with
    ``salted_key(key, salt)``: a memory-hard key of this game alone (issue 47 item 8)."""
    from .wire import setup_to_dict

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / GAME_FILE
    if path.exists() or path.is_symlink():
        raise Refused(N_("{folder} holds a game already: continue it, or choose an empty folder."),
                      folder=folder)
    salt = os.urandom(SALT_BYTES).hex()
    body = {"setup": setup_to_dict(setup), "salt": salt}
    _write(path, seal(Message(game, 0, "", 0, "hello", 0, START, body), salted_key(key, salt)))


def read_game(folder: Path, key: bytes) -> tuple[Setup, str]:
    """(setup, game id) of the folder's game. Raises ``Refused``."""
    path = folder / GAME_FILE
    if not (path.exists() or path.is_symlink()):
        raise Refused(N_("{folder} holds no game yet."), folder=folder)
    message = _read(path, game_key(folder, key))
    if message.kind != "hello" or message.seq != 0:
        raise Refused(N_("{file} is not an Arle game file."), file=path.name)
    return setup_of(message.body.get("setup")), message.game


#: The salt of a folder game, in bytes (Argon2id's).
SALT_BYTES = 16


def game_key(folder: Path, key: bytes) -> bytes:
    """The key the files of the folder's game are signed with: ``key`` (drawn from the typed
    secret) made memory-hard with the game's own salt, which ``game.json`` holds; ``key`` itself
    for a game made before salts (those still open). Raises ``Refused`` when ``game.json`` cannot
    be read. A forged salt only makes ``game.json``'s signature fail."""
    try:
        data = json.loads(_raw(folder / GAME_FILE).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return key  # read again, and refused in words, by the caller
    body = data.get("body") if isinstance(data, dict) else None
    salt = body.get("salt") if isinstance(body, dict) else None
    return salted_key(key, salt) if isinstance(salt, str) else key


@functools.lru_cache(maxsize=8)
def salted_key(key: bytes, salt: str) -> bytes:
    """Argon2id of ``key`` with the game's ``salt`` (hex): 64 MiB and about 0.1 s a guess, once per
    game and side (cached). Raises ``Refused`` for a salt that is not one."""
    from nacl import pwhash

    try:
        raw = bytes.fromhex(salt)
    except ValueError:
        raw = b""
    if len(raw) != SALT_BYTES:
        raise Refused(N_("{file} holds a salt that is not {size} bytes of hex."), file=GAME_FILE,
                      size=SALT_BYTES)
    return pwhash.argon2id.kdf(32, key, raw, opslimit=pwhash.argon2id.OPSLIMIT_INTERACTIVE,
                               memlimit=pwhash.argon2id.MEMLIMIT_INTERACTIVE)


def wait_game(folder: Path, key: bytes, timeout: float,
              should_stop: Callable[[], bool] | None = None) -> tuple[Setup, str]:
    """The folder's game once seat 1 has written it. A ``game.json`` still being written or synced
    (not valid JSON yet, or still changing) is waited for; one that stays bad ``SETTLE_S`` is refused."""
    deadline = time.monotonic() + timeout
    bad: tuple[tuple[int, int], float] | None = None
    while True:
        try:
            return read_game(folder, key)
        except Refused as exc:
            stop = should_stop is not None and should_stop()
            mark = _mark(folder / GAME_FILE)
            if time.monotonic() > deadline or stop or (mark is not None and not isinstance(exc, Incomplete)):
                raise
            if mark is not None:
                if bad is None or bad[0] != mark:
                    bad = (mark, time.monotonic())
                elif time.monotonic() - bad[1] >= SETTLE_S:
                    raise
        time.sleep(POLL_S)


def _mark(path: Path) -> tuple[int, int] | None:
    """(size, time) of ``path`` as it is now (not following a link); None when it is not there."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


# -- rebuilding a side -----------------------------------------------------------------------------

def _replay(setup: Setup, moves: Sequence[Move]) -> list[int]:
    """Who made each move, as far as the engine finds them legal."""
    game = Game(setup)
    movers = []
    for move in moves:
        actor = game.actor
        try:
            game.apply(move)
        except IllegalMove:
            break
        movers.append(actor if actor is not None else -1)
    return movers


def rebuild(folder: Path, key: bytes, me: int, setup: Setup, game: str,
            report: Callable[[Said], None] = lambda _said: None) -> tuple[list[Move], list[int]]:
    """This side's moves after a restart: its journal, else the turn files of both seats put in
    order by where they start; then the engine replays them (an illegal one stops the list)."""
    key = game_key(folder, key)
    moves: list[Move] = []
    path = folder / journal_name(me)
    if path.exists():
        try:
            message = _read(path, key)
            if message.game != game or message.sender != me:
                raise Refused(N_("{file} is another game's journal."), file=path.name)
            moves = moves_of(message.body.get("moves"))
            if message.count != len(moves) or message.hash != chain_all(moves)[-1]:
                raise Refused(N_("{file} does not match its hash."), file=path.name)
        except Refused as exc:
            report(said(N_("{reason} The game is rebuilt from the turn files."), reason=exc.said))
            moves = []
    files: dict[int, list[Message]] = {0: [], 1: []}
    for seat in (0, 1):
        seq = 1
        while (folder / turn_name(seat, seq)).exists():
            try:
                message = _read(folder / turn_name(seat, seq), key)
            except Refused:
                break
            if message.game != game or message.sender != seat or message.seq != seq:
                break
            files[seat].append(message)
            seq += 1
    hashes = chain_all(moves)
    progress = True
    while progress:
        progress = False
        for seat in (0, 1):
            while files[seat]:
                body = files[seat][0].body
                at = body.get("at")
                if not isinstance(at, int) or at > len(moves):
                    break
                files[seat].pop(0)
                try:
                    taken = moves_of(body.get("moves"))
                except Refused:
                    continue
                if at < 0 or hashes[at] != body.get("before"):
                    continue
                for offset, move in enumerate(taken):
                    if at + offset >= len(moves):
                        moves.append(move)
                        hashes.append(chain(hashes[-1], move))
                progress = True
    movers = _replay(setup, moves)
    if len(movers) < len(moves):
        report(said(N_("Move {n} of the kept game is not legal: the game goes on before it."),
                    n=len(movers) + 1))
    return moves[:len(movers)], movers


class FolderChannel:
    """The shared folder as a way to the friend: our turn files out, theirs in."""

    live = False

    def __init__(self, folder: Path, ledger: Ledger, key: bytes,
                 report: Callable[[Said], None] | None = None) -> None:
        self.folder = folder
        self.ledger = ledger
        self.key = key = game_key(folder, key)
        self.report: Callable[[Said], None] = report or (lambda _said: None)
        me = ledger.me
        self._seq = 0
        self._written = 0  # how many moves our files cover
        while (folder / turn_name(me, self._seq + 1)).exists():
            self._seq += 1
            try:
                message = _read(folder / turn_name(me, self._seq), key)
                self._written = max(self._written, message.count)
            except Refused:
                pass
        self._their_seq = 0
        self._seen: dict[str, tuple[int, int]] = {}
        self._said: set[str] = set()
        self._ignored: set[str] = set()  # names that are no turn file of the friend
        self._pending: dict[str, tuple[tuple[int, int], float]] = {}  # not whole yet: (mark, since)
        self._looked = 0.0
        self._unsent = False  # a turn over that the folder did not take: written again at each look

    @property
    def open(self) -> bool:
        return True

    def close(self) -> None:
        """A folder stays."""

    def send(self, kind: str, body: dict[str, Any]) -> bool:
        """Only turns travel by the folder."""
        return False

    def changed(self, added: Any, cause: str) -> None:
        """Keep the journal: every move this side holds, before a move of ours leaves."""
        ledger = self.ledger
        with ledger.lock:
            body = {"moves": [move_to_dict(m) for m in ledger.moves]}
            message = Message(ledger.game, ledger.me, "", 0, "sync", ledger.count, ledger.hash, body)
        self._write(self.folder / journal_name(ledger.me), seal(message, self.key))

    def turn_over(self) -> None:
        """Write our turn file: the moves since the friend's last one, if a file lacks them."""
        ledger = self.ledger
        with ledger.lock:
            if ledger.count <= self._written:
                return
            at = ledger.since_friend()
            if at >= ledger.count:
                return
            body = {"at": at, "before": ledger.hashes[at],
                    "moves": [move_to_dict(m) for m in ledger.moves[at:]]}
            message = Message(ledger.game, ledger.me, "", self._seq + 1, "turn", ledger.count,
                              ledger.hash, body)
        raw = seal(message, self.key)
        self._unsent = not self._write(self.folder / turn_name(ledger.me, message.seq), raw)
        if self._unsent:
            return
        self._seq = message.seq
        self._written = message.count

    def _say(self, text: Said, kind: str | None = None) -> None:
        """Say ``text`` once per kind of problem (10,000 junk files are one line, not 10,000)."""
        kind = str(text) if kind is None else kind
        if kind not in self._said:
            self._said.add(kind)
            self.report(text)

    def _write(self, path: Path, raw: bytes) -> bool:
        """Write a file of ours into the folder; on a full disk or a read-only folder one sentence,
        nothing left behind, and False (the turn is written again at the next look)."""
        try:
            _write(path, raw)
        except Refused as exc:
            self._say(exc.said, "not regular")
            return False
        except OSError as exc:
            self._say(said(N_("{file} cannot be written to the shared folder ({error}): it is written "
                              "once the folder takes it again."), file=path.name,
                           error=exc.strerror or exc), "cannot write")
            return False
        return True

    def receive(self, timeout: float) -> list[Message]:
        """The friend's next turn files, in order."""
        wait = self._looked + POLL_S - time.monotonic()
        if wait > 0:
            if wait > timeout:
                time.sleep(timeout)
                return []
            time.sleep(wait)
        if self._unsent:
            self.turn_over()  # a turn file the folder did not take last time
        self._looked = time.monotonic()
        got: list[Message] = []
        try:
            names = os.listdir(self.folder)
        except OSError as exc:
            self._say(said(N_("The shared folder cannot be read ({error})."), error=exc.strerror or exc),
                      "folder")
            return got
        candidates: list[tuple[int, str, Message]] = []
        for name in names:
            if name in self._ignored or not self._friends(name):
                continue
            message = self._look(name, len(candidates) >= MAX_FILES)
            if message is not None:
                candidates.append((message.seq, name, message))
        for seq, name, message in sorted(candidates):
            if seq <= self._their_seq:
                self._say(said(N_("Refused {file}: turn {n} of the friend came already (a duplicate)."),
                               file=_shown(name), n=seq), "duplicate")
            elif seq == self._their_seq + 1:
                self._their_seq = seq
                got.append(message)
            else:
                del self._seen[name]  # read again once the turns before it came
                self._say(said(N_("{file} came before the friend's turn {n}: it waits for it (out of "
                                  "order)."), file=_shown(name), n=self._their_seq + 1), "out of order")
        return got

    def _friends(self, name: str) -> bool:
        """Whether ``name`` may be a turn file of the friend; any other name is looked at once."""
        match = _TURN.fullmatch(name)
        if match is not None and int(match[1]) - 1 == self.ledger.friend:
            return True
        self._ignored.add(name)
        if match is None and not (name == GAME_FILE or name.startswith(".") or not name.endswith(".json")
                                  or name in (journal_name(0), journal_name(1))):
            self._say(said(N_("Refused {file}: it is not a turn file of this game under its own name "
                              "(a copy or a duplicate); the file changes nothing."), file=_shown(name)),
                      "name")
        return False

    def _look(self, name: str, full: bool) -> Message | None:
        """The friend's turn file ``name`` when it is new or changed since the last look; a file not
        yet whole is waited for silently, and reported once it stays so ``SETTLE_S``."""
        path = self.folder / name
        mark = _mark(path)
        if mark is None or self._seen.get(name) == mark or full:
            return None
        pending = self._pending.get(name)
        now = time.monotonic()
        if pending is not None and pending[0] == mark and now - pending[1] < SETTLE_S:
            return None
        try:
            message = _read(path, self.key)
        except Incomplete as exc:
            if pending is None or pending[0] != mark:
                self._pending[name] = (mark, now)
                return None
            self._say(said(N_("Refused {reason}"), reason=exc.said),
                      str(exc).replace(name, ""))
            self._seen[name] = mark
            return None
        except Refused as exc:
            self._seen[name] = mark
            self._say(said(N_("Refused {reason}"), reason=exc.said),
                      str(exc).replace(name, ""))
            return None
        self._seen[name] = mark
        self._pending.pop(name, None)
        if message.game != self.ledger.game:
            self._say(said(N_("Refused {file}: it belongs to another game."), file=_shown(name)),
                      "another game")
            return None
        if message.kind != "turn" or name != turn_name(message.sender, message.seq):
            self._say(said(N_("Refused {file}: it is not a turn file of this game under its own name "
                              "(a copy or a duplicate)."), file=_shown(name)), "name")
            return None
        return message


def _shown(name: str) -> str:
    """A file name someone else chose, as one short line."""
    clean = "".join(c if c.isprintable() else "?" for c in name)
    return clean if len(clean) <= 60 else clean[:57] + "..."


__all__ = ["FolderChannel", "create_game", "journal_name", "read_game", "rebuild", "turn_name", "wait_game"]
