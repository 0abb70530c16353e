"""Issue 51, items 13-18: the remote checks that stay whatever carries the messages (the wire's
message checks, the ``Ledger``'s hash chain, the undo agreement), tested through ``wire`` and
``seat``'s public functions with a fake channel, never through a live connection."""

from __future__ import annotations

from typing import Any

import pytest

from arle.engine import Game, Move, Setup
from arle.match.remote import Ledger, Message, Refused, Remote, key_for
from arle.match.remote.wire import MAX_DEPTH, START, chain, chain_all, seal, unseal

KEY = key_for("s")
SETUP = Setup(players=2, seed=3, start_player=0)


class Outbox:
    """A channel that keeps what the seat sends (nothing arrives through it)."""

    open = True
    live = False
    report = None

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def changed(self, added: Any, cause: str) -> None:
        pass

    def turn_over(self) -> None:
        pass

    def send(self, kind: str, body: dict[str, Any]) -> bool:
        self.sent.append((kind, body))
        return True

    def receive(self, timeout: float) -> list[Message]:
        return []

    def close(self) -> None:
        pass


def _moves(n: int) -> list[Move]:
    g = Game(SETUP)
    out = []
    for _ in range(n):
        out.append(g.legal_moves()[0])
        g.apply(out[-1])
    return out


def _message(**changes: Any) -> Message:
    fields: dict[str, Any] = dict(game="g", sender=0, session="sess", seq=1, kind="end", count=0,
                                  hash=START, body={})
    fields.update(changes)
    return Message(**fields)


@pytest.mark.parametrize("field", ["sender", "seq", "count"])
def test_a_json_true_or_false_is_not_an_integer_field(field: str) -> None:
    """Issue 51, item 13: ``true == 1`` in Python; a signed message whose sequence number, sender
    or count is a JSON boolean is refused in a sentence, as any other wrong type."""
    name = {"sender": "from"}.get(field, field)
    assert unseal(seal(_message(**{field: 1}), KEY), KEY) == _message(**{field: 1})
    for value in (True, False):
        with pytest.raises(Refused, match=f"message's {name} is not a whole number"):
            unseal(seal(_message(**{field: value}), KEY), KEY)


def _nested(depth: int) -> dict[str, Any]:
    """A body that makes the message nest ``depth`` levels (the message 1, its body 2, ...)."""
    inner: Any = 1
    for _ in range(depth - 2):
        inner = [inner]
    return {"x": inner}


def test_the_nesting_bound_is_exact():
    """Issue 51, item 14: a message nesting ``MAX_DEPTH`` levels is read, one level more is
    refused."""
    assert unseal(seal(_message(body=_nested(MAX_DEPTH)), KEY), KEY).body == _nested(MAX_DEPTH)
    with pytest.raises(Refused, match="nested deeper"):
        unseal(seal(_message(body=_nested(MAX_DEPTH + 1)), KEY), KEY)


def test_the_move_lists_hash_chains_every_move_before():
    """Issue 51, item 15: each hash chains the one before it: two games ending with the same
    move but differing earlier have different hashes, and the ledger holds the chain."""
    moves = _moves(3)
    hashes = chain_all(moves)
    assert hashes[0] == START and hashes[3] == chain(chain(chain(START, moves[0]), moves[1]), moves[2])
    assert chain(START, moves[2]) != hashes[3] and chain(hashes[1], moves[2]) != hashes[3]
    assert len(set(hashes)) == 4
    ledger = Ledger("g", 0)
    for i, move in enumerate(moves):
        ledger.add(move, i % 2)
    assert ledger.hashes == hashes and ledger.hash == hashes[-1]


def test_a_json_true_is_not_a_seat_number():
    """Issue 51, item 16: the seat a remote game's record gives this computer is 0 or 1, never
    ``true`` (which Python takes for 1)."""
    from arle.match.remote.link import Plan

    record = {"mode": "host", "game": "g", "me": 1, "secret": "s", "address": "::1", "port": 7788}
    assert Plan.of(record).me == 1
    for seat in (True, False, 2, -1, "1"):
        with pytest.raises(ValueError, match="not valid"):
            Plan.of({**record, "me": seat})


def test_after_an_undo_the_ledgers_hashes_are_those_of_the_moves_kept():
    """Issue 51, item 17: cutting the ledger back to ``count`` moves keeps ``count + 1`` hashes
    (the empty list's and one per move), so the next move chains from the right one."""
    moves = _moves(5)
    ledger = Ledger("g", 0, moves, [0, 0, 1, 1, 0])
    ledger.cut(3)
    kept = chain_all(moves[:3])
    assert ledger.count == 3 and ledger.hashes == kept and ledger.hash == kept[-1]
    ledger.add(moves[3], 1)
    assert ledger.hash == chain_all(moves[:4])[-1]


def _asked(remote: Remote, count: int, at: int, hash_: str) -> tuple[dict[str, Any], int | None]:
    channel = Outbox()
    remote.take(_message(kind="undo_ask", count=at, hash=hash_, body={"count": count}), channel)
    (answer,) = [body for kind, body in channel.sent if kind == "undo_answer"]
    return answer, remote.agreed


def test_an_undo_is_agreed_only_when_asked_of_this_position():
    """Issue 51, item 18: an undo asked of another position (the friend's move count or hash not
    this side's) is refused, even by a side that agrees to every undo."""
    moves = _moves(4)
    ledger = Ledger("g", 1, moves, [0, 0, 1, 0])
    hashes = chain_all(moves)
    other = chain(hashes[3], moves[0])  # four moves, but not these
    remote = Remote(ledger, agree_undo=lambda count: True)
    assert _asked(remote, 1, 3, hashes[3]) == ({"count": 1, "yes": False}, None)  # one move behind
    assert _asked(remote, 1, 4, other) == ({"count": 1, "yes": False}, None)  # same count, other game
    assert _asked(remote, 1, 4, hashes[4]) == ({"count": 1, "yes": True}, 1)  # this position
