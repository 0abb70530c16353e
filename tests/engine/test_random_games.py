"""Seeded random games through ``arle.commands.simulate.play_one``: every game must reach the end with the
invariants (goods caps, legal housing, Barn space, conserved tiles, a legal move until the end)
checked after every move."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from arle.commands.simulate import choose_move, play_one, setup_for
from arle.engine import Game
from arle.engine.interpreter.moves import PlaceWorker, SkipPlacement
from arle.engine.rules import homeboard as hb


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


#: Dikes per gap (gap 0..3) after 0..7 "+1 Dike" moves: the only reachable layouts (rulebook p. 9).
DIKE_LAYOUTS = [(3, 2, 0, 0), (2, 3, 0, 0), (1, 3, 1, 0), (0, 3, 2, 0), (0, 2, 3, 0), (0, 1, 3, 1),
                (0, 0, 3, 2), (0, 0, 2, 3)]


def _check_home_board(game) -> None:
    """Home Board invariants of "Features of Your Home Board" after every move."""
    for p in game.state.players:
        layout = tuple(hb.dikes_in_gap(p, gap) for gap in range(hb.GAPS))
        assert layout in DIKE_LAYOUTS, f"{p.name}: unreachable dike layout {layout}"
        land = set(hb.land_spaces(p))
        assert len(land) == 12 + 3 * hb.dike_line(p)
        covered = {s for m in p.moors for s in m.spaces}
        for space in p.tiles:
            assert space in land, f"{p.name}: a tile on Tidal Flat {space}"
            assert space not in covered, f"{p.name}: a tile on a Moor {space}"
        for m in p.moors:
            if m.dehydrated:
                assert 1 <= m.peat <= hb.MOOR_PEAT, f"{p.name}: Moor {m.id} with {m.peat} Peat"
            else:
                assert m.peat == 0
        assert 0 <= hb.tidal_penalty_spaces(p) <= 3


def test_home_board_invariants_hold_in_random_games():
    for seed, players in [(s, 2) for s in range(700, 715)] + [(s, 1) for s in range(800, 805)]:
        rng = random.Random(seed)
        game = Game(setup_for(seed, players))
        placements = Counter()
        while not game.over:
            move = choose_move(rng, game.legal_moves())
            if isinstance(move, PlaceWorker | SkipPlacement):
                placements[game.state.half_year] += 1
            before = (game.state.half_year, game.state.start_player, game.state.special_used_by)
            game.apply(move)
            _check_home_board(game)
            half_year, start, special = before
            if game.state.half_year == half_year + 1:
                expected = 0 if players == 1 else (1 - special if special is not None else 1 - start)
                assert game.state.start_player == expected, f"seed {seed}: wrong Starting Player"
        per_half_year = 4 * players
        assert placements == {n: per_half_year for n in range(1, 10)}, f"seed {seed}"
