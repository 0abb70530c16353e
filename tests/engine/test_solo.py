"""The Solo Game Variant (rulebook): "there is no Special Action ... simply place your Workers one
by one and try to score as many points as you can. We consider 110 Victory Points a remarkable
score."""

from __future__ import annotations

import random
from collections import Counter

from arle.commands.simulate import choose_move
from arle.engine import Game, Phase, Setup
from arle.engine.content.action_spaces import ACTION_SPACES
from arle.engine.interpreter.moves import EndTurn, PlaceWorker, SkipPlacement
from arle.engine.rules.scoring import solo_rating
from tests.engine.helpers import new_game


def _random_solo_game(seed: int):
    """A seeded random solo game; yields (half-year, season, legal moves, chosen move)."""
    rng = random.Random(seed)
    g = Game(Setup(players=1, seed=seed))
    seen = []
    while not g.over:
        legal = g.legal_moves()
        move = choose_move(rng, legal)
        seen.append((g.state.half_year, g.state.season, g.state.phase, legal, move))
        g.apply(move)
    return g, seen


def test_solo_never_offers_an_other_season_space_and_places_4_workers_per_half_year():
    """Solo: no Special Action; 4 Workers per half-year, one by one."""
    for seed in (3, 11):
        g, seen = _random_solo_game(seed)
        placements: Counter[int] = Counter()
        for half_year, season, _phase, legal, move in seen:
            for m in legal:
                if isinstance(m, PlaceWorker):
                    assert ACTION_SPACES[m.space].season == season, (half_year, m)
            if isinstance(move, PlaceWorker | SkipPlacement):
                placements[half_year] += 1
        assert placements == {n: 4 for n in range(1, 10)}
        assert g.state.special_used_by is None


def test_solo_player_always_starts_and_takes_the_only_final_turn():
    g = new_game(players=1)
    for _ in range(3):
        assert g.state.start_player == 0
        for _ in range(4):
            assert g.actor == 0
            g.apply(SkipPlacement())
        assert g.state.phase is Phase.FINAL_TURNS and g.state.queue == [0]
        g.apply(EndTurn())
        while g.decision is not None:
            g.apply(g.legal_moves()[0])
    assert g.state.half_year == 4


def test_solo_game_ends_after_9_half_years_with_the_player_as_winner_and_a_rating():
    g, _ = _random_solo_game(7)
    assert g.over and g.state.half_year == 9
    assert g.state.winner == 0
    total = g.scores()[0]
    assert str(solo_rating(total)).startswith(f"{total:g} VP")


def test_solo_with_no_starting_player_given_is_player_0():
    assert Game(Setup(players=1, seed=12345)).state.start_player == 0
