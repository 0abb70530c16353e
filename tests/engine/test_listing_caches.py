"""The engine's listings keep a few things from call to call for speed: the Dike Line per Dike
layout, a vehicle's free starts per load layout, the placement table with each space's up-front
payment, shared move records, and ``can_pay`` (the first affordable way). Along random games each
must equal the plain rule computed afresh, here written out the simple way."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from arle.commands.simulate import choose_move, setup_for
from arle.engine import Game
from arle.engine.content.action_spaces import ACTION_SPACES, PayFoodOrGrain
from arle.engine.content.buildings import BUILDINGS
from arle.engine.content.tiles import EQUIPMENT
from arle.engine.content.tools import TOOL_TRACKS
from arle.engine.interpreter import flow
from arle.engine.interpreter.moves import (
    MoveAnimal,
    PlaceWorker,
    ReleaseAnimal,
    ReturnEquipment,
    SkipPlacement,
)
from arle.engine.interpreter.state import Phase, PlayerState
from arle.engine.interpreter.steps import PayCost
from arle.engine.rules import animals, homeboard, vehicles
from arle.engine.rules.anytime import board_animal_moves, release_moves
from arle.engine.rules.build import STABLE_COST, STALL_COST
from arle.engine.rules.payments import Cost, can_pay, payment_options


def _positions(seed: int, players: int) -> Iterator[Game]:
    """Every position of a random game whose player moves Animals about a third of the time."""
    rng = random.Random(seed)
    g = Game(setup_for(seed, players))
    while not g.over:
        yield g
        moves = g.legal_moves()
        shuffles = [m for m in moves if isinstance(m, MoveAnimal)]
        move = rng.choice(shuffles) if shuffles and rng.random() < 0.3 else choose_move(rng, moves, g)
        g.apply(move)


GAMES = [(31, 2), (32, 1), (33, 2)]


def _dike_line(p: PlayerState) -> int:
    counts = [0] * homeboard.GAPS
    for gap, _ in p.dikes:
        counts[gap] += 1
    return max(gap for gap in range(homeboard.GAPS) if counts[gap] == homeboard.COLS)


def _empty_land(p: PlayerState) -> list[tuple[int, int]]:
    top = 3 - _dike_line(p)
    covered = {s for m in p.moors for s in m.spaces}
    return [(r, c) for r in range(top, homeboard.ROWS) for c in range(homeboard.COLS)
            if (r, c) not in p.tiles and (r, c) not in covered]


def _rearrange(p: PlayerState, waiting: bool) -> list[MoveAnimal]:
    """Single-Animal moves (rulebook p. 9): to every holder with room that mixes types or holds
    none but this type; from every holder (the waiting area too when ``waiting``)."""
    moves = []
    for src, here in p.animals.items():
        if not waiting and src == animals.WAITING:
            continue
        for animal in here:
            for hid, cap, mixed, _ in animals.holders(p):
                there = p.animals.get(hid, {})
                kinds = {a for a, n in there.items() if n}
                if hid != src and sum(there.values()) < cap and (mixed or kinds <= {animal}):
                    moves.append(MoveAnimal(animal, src, hid))
    return moves


def _free_starts(piece) -> list[tuple[int, frozenset[int]]]:
    """Where an item of each size fits on a vehicle: on spaces summing to its size, none taken."""
    taken = vehicles.occupied(piece)
    result = []
    for start in range(len(EQUIPMENT[piece.kind].spaces)):
        ok = frozenset(n for n in vehicles.ITEM_SIZES
                       if (c := vehicles.span(piece, start, n)) and not taken.intersection(c))
        if ok:
            result.append((start, ok))
    return result


def _placements(g: Game) -> list:
    """Rulebook p. 6: a free space of the season (the other season's too while nobody used it,
    with two players) whose up-front payment the player can make."""
    s = g.state
    p = s.players[s.placements[0]]
    other_ok = not s.solo and s.special_used_by is None
    moves = [PlaceWorker(a.id) for a in ACTION_SPACES.values()
             if a.id not in s.occupied and (a.season == s.season or other_ok)
             and (not isinstance(a.steps[0], PayCost | PayFoodOrGrain) or a.steps[0].possible(g, p))]
    return [*moves, SkipPlacement()]


COSTS = [b.cost for b in BUILDINGS.values()] + [STALL_COST, STABLE_COST] + [
    Cost(track.cost) for track in TOOL_TRACKS.values()
]


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_the_kept_listings_equal_the_rules_computed_afresh(seed, players):
    for g in _positions(seed, players):
        for p in g.state.players:
            assert homeboard.dike_line(p) == _dike_line(p)
            assert homeboard.empty_land_spaces(p) == _empty_land(p)
            assert animals.rearrange_moves(p) == _rearrange(p, True)
            moves, releases = board_animal_moves(p)
            assert list(moves) == _rearrange(p, False)
            assert list(releases) == release_moves(p) == [
                ReleaseAnimal(a, h) for h, here in p.animals.items() if h != animals.WAITING
                for a in here
            ]
            for piece in p.barn:
                layout = tuple((x.start, x.size) for x in piece.load)
                assert list(vehicles._free_starts(piece.kind, layout)) == _free_starts(piece)
            for c in COSTS:
                assert can_pay(c, p.goods) == bool(payment_options(c, p.goods))
        if g.state.phase is Phase.WORK and not g.state.stack:
            assert flow.phase_moves(g) == _placements(g)
        actor = g.actor
        if actor is not None and g.decision is None:
            returns = [m for m in g.anytime_moves() if isinstance(m, ReturnEquipment)]
            assert returns == [ReturnEquipment(e.id) for e in g.state.players[actor].barn]
