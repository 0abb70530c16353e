"""Shared helpers for the save, autosave, undo and settings tests: seeded random games."""

from __future__ import annotations

import functools

from arle.commands.simulate import play_one
from arle.engine import Game, Move, Setup


@functools.cache
def full_game(seed: int, players: int) -> tuple[Setup, tuple[Move, ...]]:
    """A complete game by the seeded random player of ``arle simulate`` (the longest histories)."""
    result = play_one(seed, players, check=False)
    assert result["ok"], result.get("error")
    game: Game = result["_game"]
    return game.setup, tuple(result["_moves"])


def replayed(setup: Setup, moves: tuple[Move, ...] | list[Move]) -> Game:
    """A fresh game with ``moves`` applied: the reference every undo and load is compared with."""
    game = Game(setup)
    for move in moves:
        game.apply(move)
    return game


def assert_same_game(a: Game, b: Game) -> None:
    """Same state, same legal moves, same live scores, same prompt."""
    assert a.state == b.state
    assert a.legal_moves() == b.legal_moves()
    assert [a.score(i).as_dict() for i in range(len(a.state.players))] == [
        b.score(i).as_dict() for i in range(len(b.state.players))
    ]
    assert a.prompt() == b.prompt()
