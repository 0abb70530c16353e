"""Seeded random games through ``arle.simulate.play_one``: every game must reach the end with the
invariants (goods caps, legal housing, Barn space, conserved tiles, a legal move until the end)
checked after every move."""

from __future__ import annotations

import pytest

from arle.simulate import play_one


def _failures(players: int, seeds: range) -> list[str]:
    failed = []
    for seed in seeds:
        result = play_one(seed, players)
        game = result["_game"]
        if not result["ok"]:
            failed.append(f"seed {seed}: {result['error']}\n{result['trace']}")
            continue
        if not game.over or result["winner"] not in range(players):
            failed.append(f"seed {seed}: ended without a winner")
        if len(result["scores"]) != players:
            failed.append(f"seed {seed}: {len(result['scores'])} scores")
    return failed


@pytest.mark.parametrize("batch", range(4))
def test_200_random_two_player_games_end_cleanly(batch):
    failed = _failures(2, range(1000 + 50 * batch, 1050 + 50 * batch))
    assert not failed, "\n".join(failed[:3])


def test_50_random_solo_games_end_cleanly():
    failed = _failures(1, range(5000, 5050))
    assert not failed, "\n".join(failed[:3])
