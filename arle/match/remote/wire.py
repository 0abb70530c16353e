"""The remote protocol's messages: bounded JSON, signed with HMAC-SHA256 over a shared secret.

Only moves travel; each computer runs its own engine. A message is one JSON object (never pickle:
nothing received is ever executed) of at most ``MAX_BYTES``, holding the protocol ``VERSION``, the
game's id, the sender's seat, a sequence number (replays and messages out of order are refused),
the sender's move count and the hash of its move list (both sides hold the same game: compared at
every exchange), a kind and a body. ``mac`` signs all the rest with a key drawn from the secret.

Every check fails with ``Refused``, whose message is one sentence a player can read.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Sequence
from typing import Any

import attrs

from arle.engine import Move, Setup, move_from_dict, move_to_dict

from .said import N_, said

#: The protocol's version: a message of another version is refused (both must update).
VERSION = 1
#: The most bytes one message (a live frame or a turn file) may have.
MAX_BYTES = 1 << 20
#: The most bytes one move may take in JSON (a real move is about a hundred).
MAX_MOVE_BYTES = 2_000
#: What every message is a dictionary of.
FIELDS = frozenset({"arle", "v", "game", "from", "session", "seq", "kind", "count", "hash", "body", "mac"})
#: The kinds of message: hello (live, first), move (one of the sender's moves), turn (a turn file:
#: moves), sync (moves the friend lacks, after a reconnect), undo_ask / undo_answer, refuse (a move
#: not taken, and why), end (the game is over here).
KINDS = frozenset({"hello", "move", "turn", "sync", "undo_ask", "undo_answer", "refuse", "end"})
#: The hash of an empty move list: every chain starts there.
START = hashlib.sha256(b"arle remote moves").hexdigest()
_SALT = b"arle remote v1"


#: The deepest a message's JSON may nest (a real one: 5 levels).
MAX_DEPTH = 16


def _shallow(data: Any) -> bool:
    """Whether ``data`` nests at most ``MAX_DEPTH`` levels (looked at without recursion)."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                return False
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return True


def printable(text: str, limit: int = 300) -> str:
    """A text from elsewhere made safe to print: no control characters (a terminal's escape
    sequences), at most ``limit`` characters."""
    return "".join(c if c.isprintable() else "?" for c in text[:limit])


class Refused(Exception):
    """A message, file or move not taken: ``said`` says why in one sentence (a message id and
    its fields, for the window to say in the player's language); ``str()`` in English."""

    def __init__(self, id: str, **fields: object) -> None:
        self.said = said(id, **fields)
        super().__init__(str(self.said))


def key_for(secret: str) -> bytes:
    """The signing key drawn from the secret (slowly: a guessed secret costs a guesser time)."""
    return hashlib.pbkdf2_hmac("sha256", secret.encode("utf-8"), _SALT, 50_000)


def canonical(data: Any) -> bytes:
    """The one byte form of ``data`` that is signed and hashed."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def chain(before: str, move: Move) -> str:
    """The hash of a move list, one move further: equal on both sides exactly when the lists are."""
    return hashlib.sha256(before.encode("ascii") + canonical(move_to_dict(move))).hexdigest()


def chain_all(moves: Sequence[Move], start: str = START) -> list[str]:
    """The hashes of every prefix of ``moves`` (``[start, after 1, after 2, ...]``)."""
    hashes = [start]
    for move in moves:
        hashes.append(chain(hashes[-1], move))
    return hashes


def digest(moves: Sequence[Move]) -> str:
    """A short hash of the moves in order, as ``arle arena`` and ``arle remote`` print it: equal
    for two games exactly when they were played alike (a seed alone does not tell)."""
    text = json.dumps([move_to_dict(m) for m in moves], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@attrs.frozen
class Message:
    """One checked message: who sent it (``sender``: a seat index), its kind and body, and the
    sender's game when it was sent (``count`` moves, hashed ``hash``)."""

    game: str
    sender: int
    session: str
    seq: int
    kind: str
    count: int
    hash: str
    body: dict[str, Any]


def _fields(message: Message) -> dict[str, Any]:
    return {"arle": "remote", "v": VERSION, "game": message.game, "from": message.sender,
            "session": message.session, "seq": message.seq, "kind": message.kind,
            "count": message.count, "hash": message.hash, "body": message.body}


def _bounded(raw: bytes) -> bytes:
    if len(raw) > MAX_BYTES:
        raise Refused(N_("A message of {size} bytes is over the {limit} bytes limit."), size=len(raw),
                      limit=MAX_BYTES)
    return raw


def seal(message: Message, key: bytes) -> bytes:
    """The message as signed bytes, ready to write (a turn file)."""
    data = _fields(message)
    data["mac"] = hmac.new(key, canonical(data), hashlib.sha256).hexdigest()
    return _bounded(canonical(data))


def pack(message: Message) -> bytes:
    """The message as bytes, unsigned: for a channel that authenticates and encrypts itself
    (magic-wormhole's SPAKE2 and SecretBox)."""
    return _bounded(canonical(_fields(message)))


#: What a message that is not (yet) whole JSON is refused with.
NOT_JSON = N_("A message is not valid JSON text.")


def _load(raw: bytes) -> dict[str, Any]:
    """The JSON object ``raw`` holds, checked for size, depth, origin and version."""
    _bounded(raw)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused(NOT_JSON) from None
    if not _shallow(data):
        raise Refused(N_("A message is nested deeper than {depth} levels."), depth=MAX_DEPTH)
    if not isinstance(data, dict) or data.get("arle") != "remote":
        raise Refused(N_("A message is not an Arle remote message."))
    version = data.get("v")
    if version != VERSION:
        known = isinstance(version, int) and not isinstance(version, bool) and 0 < version < 10_000
        theirs = said(N_("remote protocol version {n}"), n=version) if known else \
            said(N_("no remote protocol version Arle knows"))
        raise Refused(N_("The friend's Arle speaks {theirs} and this one version {ours}: both players "
                         "need the same version of Arle."), theirs=theirs, ours=VERSION)
    return data


#: A field's kind in words (not Python's: "a int").
_KIND_WORDS = {int: said(N_("a whole number")), str: said(N_("a text")), dict: said(N_("a table"))}


def _message(data: dict[str, Any]) -> Message:
    kinds = {"game": str, "from": int, "session": str, "seq": int, "kind": str, "count": int,
             "hash": str, "body": dict}
    for name, kind in kinds.items():
        if not isinstance(data[name], kind) or isinstance(data[name], bool):
            raise Refused(N_("A message's {field} is not {kind}."), field=name, kind=_KIND_WORDS[kind])
    if data["kind"] not in KINDS:
        raise Refused(N_("A message is of a kind this Arle does not know."))
    return Message(data["game"], data["from"], data["session"], data["seq"], data["kind"],
                   data["count"], data["hash"], data["body"])


def unseal(raw: bytes, key: bytes) -> Message:
    """The message ``raw`` holds, checked: size, JSON, version, fields, signature. Raises
    ``Refused``; the game, sender, session and sequence are the caller's to check."""
    data = _load(raw)
    if set(data) != FIELDS:
        raise Refused(N_("A message has missing or unknown fields."))
    mac = data.pop("mac")
    expected = hmac.new(key, canonical(data), hashlib.sha256).hexdigest()
    if not isinstance(mac, str) or not hmac.compare_digest(mac, expected):
        raise Refused(N_("A message is not signed with this game's secret: tampered with, from "
                         "another game, or the secret is wrong."))
    return _message(data)


def unpack(raw: bytes) -> Message:
    """The unsigned message ``raw`` holds (``pack``), checked as ``unseal`` checks, but for the
    signature. Raises ``Refused``."""
    data = _load(raw)
    if set(data) != FIELDS - {"mac"}:
        raise Refused(N_("A message has missing or unknown fields."))
    return _message(data)


def move_of(data: Any) -> Move:
    """A received move, rebuilt (not yet checked against the game). Raises ``Refused``."""
    if len(canonical(data)) > MAX_MOVE_BYTES:
        raise Refused(N_("A received move is absurdly long."))
    try:
        return move_from_dict(data)
    except (ValueError, TypeError, KeyError):
        raise Refused(N_("A received move is malformed.")) from None


def moves_of(data: Any) -> list[Move]:
    if not isinstance(data, list):
        raise Refused(N_("A message's moves are not a list."))
    return [move_of(item) for item in data]


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    return {"players": setup.players, "seed": setup.seed, "names": list(setup.names),
            "building_set": setup.building_set, "buildings": list(setup.buildings),
            "start_player": setup.start_player}


def setup_of(data: Any) -> Setup:
    """The setup a friend sent (a two-player game). Raises ``Refused``."""
    try:
        if not isinstance(data, dict) or set(data) != {"players", "seed", "names", "building_set",
                                                       "buildings", "start_player"}:
            raise ValueError("fields")
        names, buildings = data["names"], data["buildings"]
        if not (isinstance(names, list) and isinstance(buildings, list)
                and all(isinstance(n, str) and len(n) <= 60 for n in [*names, *buildings])
                and len(buildings) <= 40):
            raise ValueError("texts")
        for name in ("players", "seed"):
            if not isinstance(data[name], int) or isinstance(data[name], bool):
                raise ValueError(name)
        start = data["start_player"]
        if start is not None and (not isinstance(start, int) or isinstance(start, bool)):
            raise ValueError("start_player")
        if data["players"] != 2:
            raise ValueError("players")
        return Setup(players=2, seed=data["seed"], names=tuple(names),
                     building_set=str(data["building_set"]), buildings=tuple(buildings),
                     start_player=start)
    except (ValueError, TypeError):
        raise Refused(N_("The friend's game setup is not valid.")) from None
