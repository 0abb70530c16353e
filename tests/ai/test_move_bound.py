"""Issue 42, item 1: a computer seat past ``FREE_MOVES`` moves trapped the game (Hard and Expert
chose a ``Load`` at move 2,532, the random level a ``ReleaseAnimal`` at 2,509: the history refused
them and the window waited forever). The bound now lives in the game itself, so every level picks
from the list the history accepts."""

from __future__ import annotations

import random

import pytest

from arle.ai import LEVEL_NAMES, choose
from arle.engine import FREE_MOVES, MoveAnimal, Setup
from arle.match import GameHistory


def _history_past_the_bound(seed: int, players: int, past: int) -> GameHistory:
    """A game whose players moved Animals back and forth until ``FREE_MOVES + past`` moves."""
    h = GameHistory(Setup(players=players, seed=seed))
    rng = random.Random(seed)
    while len(h.moves) < FREE_MOVES + past:
        shuffles = [m for m in h.game.anytime_moves() if isinstance(m, MoveAnimal)]
        h.apply(rng.choice(shuffles) if shuffles else rng.choice(h.game.decision_moves()))
    return h


@pytest.fixture(scope="module")
def long_game() -> GameHistory:
    return _history_past_the_bound(6, 2, 9)


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_every_level_past_the_free_moves_bound_chooses_a_move_the_history_accepts(
    long_game: GameHistory, level: str
) -> None:
    h = GameHistory(long_game.setup, long_game.moves)
    assert len(h.moves) > FREE_MOVES
    for _ in range(3):  # a few moves in a row: the plans past the bound hold too
        move = choose(h.game.copy(), level)
        assert move in h.legal_moves() and move in h.game.decision_moves()
        h.apply(move)
