"""Variety (issue 30, item 4): Easy and Normal play a game of their own for each deal, the same
game again for the same seed, and use the buildings the deal offers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from arle.ai.deal import VARIABLE, dealt, favourite, favourites, game_seed
from arle.commands.arena import play
from arle.engine import Game, Setup

REPO = Path(__file__).resolve().parents[2]


def test_the_favourites_come_from_the_deal_and_depend_on_seed_and_seat():
    g = Game(Setup(players=2, seed=3))
    mine, theirs = favourites(g, 0), favourites(g, 1)
    assert sorted(mine) == sorted(theirs) == sorted(b for b in dealt(g) if b in VARIABLE)
    assert len(mine) == 9  # 4 green, 2 yellow, 3 blue
    assert mine != theirs
    assert game_seed(g, 0) == game_seed(Game(Setup(players=2, seed=3)), 0)
    assert game_seed(g, 0) != game_seed(Game(Setup(players=2, seed=4)), 0)


def test_a_favourite_taken_by_the_other_player_gives_way_to_the_next():
    g = Game(Setup(players=2, seed=3))
    first, second = favourites(g, 0)[:2]
    assert favourite(g, 0) == first
    g.state.available_buildings.remove(first)
    g.state.players[1].buildings.append(first)
    assert favourite(g, 0) == second
    g.state.players[0].buildings.append(second)
    g.state.available_buildings.remove(second)
    assert favourite(g, 0) == second  # built: still the favourite, and it is credited as built


def test_easy_replays_the_same_game_for_a_seed_and_another_for_each_other_seed():
    records = [play(seed, ["easy"])[0] for seed in (1, 2, 3, 1)]
    digests = [r["digest"] for r in records]
    assert digests[0] == digests[3]
    assert len(set(digests[:3])) == 3


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_ten_seeds_give_at_least_eight_games_and_some_buildings_of_the_deal(level):
    records = [play(seed, [level])[0] for seed in range(1, 11)]
    assert len({r["digest"] for r in records}) >= 8
    built = {b for r in records for b in r["built"][0]}
    assert built & VARIABLE
    assert play(4, [level])[0]["digest"] == records[3]["digest"]


def test_easy_varies_alike_in_every_process():
    """The favourite and the near-best draws are seeded from the setup and the position (sha256),
    not from Python's per-process string hash, global random state or the clock."""
    code = (
        "from arle.engine import Game, Setup, describe\n"
        "from arle.ai import choose\n"
        "g = Game(Setup(players=1, seed=7))\n"
        "out = []\n"
        "for _ in range(60):\n"
        "    m = choose(g, 'easy'); out.append(describe(m)); g.apply(m)\n"
        "print('|'.join(out))\n"
    )
    runs = [
        subprocess.run([sys.executable, "-c", code], cwd=REPO,
                       env={"PYTHONPATH": str(REPO), "PYTHONHASHSEED": seed},
                       capture_output=True, text=True, timeout=120, check=True).stdout
        for seed in ("1", "2")
    ]
    assert runs[0] == runs[1] and runs[0].count("|") == 59


def test_normal_varies_in_solo_only():
    """In two-player games Normal plays its best action on the plain evaluation (README: with its
    favourite it beat Hard, with its draws it lost to Easy); Easy varies in both."""
    from arle.ai.players import effort
    from arle.ai.value import evaluate

    assert effort("normal", 1).spread == 0.25 and effort("normal", 1).value is not evaluate
    assert effort("normal", 2).spread == 0.0 and effort("normal", 2).value is evaluate
    assert effort("easy", 2).spread == effort("easy", 1).spread == 0.5
