"""``does_nothing``: a legal Worker placement whose action gives its player nothing (rulebook
pp. 12-13: every part of an action is optional, so such a placement is legal; issue 13 asks the
GUI to confirm it). One case per action space where it can happen, each with the smallest change
that makes the space give something again."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from arle.engine import Done, Game, PlaceWorker, Setup, SkipPlacement, Text, does_nothing
from arle.engine.content.goods import Good
from arle.engine.content.tiles import Equipment, Tile
from arle.engine.rules import homeboard
from arle.engine.rules.useless import WHY
from tests.engine.helpers import S, clear_goods, game_in, give, me, set_animals, set_goods

BUILDING = "farmers_house"  # 1 Grain and 1 building material (rulebook appendix)


def bare(season: str) -> Game:
    """Player 0 to place, owning nothing: no goods, no Peat on the Moors, no hydrated Moor, no
    Stall, no Animals; one Building (a Farmer's House) is on the board."""
    g = game_in(season, buildings=(BUILDING,))
    p = me(g)
    clear_goods(p)
    for m in p.moors:
        m.dehydrated, m.peat = True, 0
    p.tiles = {s: t for s, t in p.tiles.items() if t != Tile.STALL.value}
    p.animals = {}
    g.refresh()
    return g


def _fill_land(g: Game) -> None:
    p = me(g)
    for space in homeboard.empty_land_spaces(p):
        p.tiles[space] = Tile.GRAIN_FIELD.value


def _free_one_space(g: Game) -> None:
    p = me(g)
    del p.tiles[next(s for s, t in p.tiles.items() if t == Tile.GRAIN_FIELD.value)]


def _dikes_all_up(g: Game) -> None:
    """The Dike Line at the top: no Dike can be built any more."""
    me(g).dikes = [(3, 0), (3, 1), (3, 2), (2, 0), (2, 1)]


def _goods(**n: int) -> Callable[[Game], None]:
    return lambda g: set_goods(me(g), **n)


def _both(*edits: Callable[[Game], None]) -> Callable[[Game], None]:
    def run(g: Game) -> None:
        for edit in edits:
            edit(g)
    return run


def _nothing(g: Game) -> None:
    pass


def _hydrated_moor(g: Game) -> None:
    me(g).moors[0].dehydrated = False


def _peat_on_moor(g: Game) -> None:
    me(g).moors[0].peat = 2


def _occupy(space: str) -> Callable[[Game], None]:
    def run(g: Game) -> None:
        g.state.occupied[space] = 1
    return run


def _plow(g: Game) -> None:
    give(g, me(g), Equipment.PLOW)


def _sheep(g: Game) -> None:
    set_animals(me(g), {"s4,0": {S: 1}})


#: (space, what makes it useless on top of ``bare``, what then makes it useful, rulebook page)
CASES = [
    ("summer.woolen_weaver", _nothing, _goods(wool=1), "p. 12: Wool into Woolen"),
    ("summer.peat_cutter", _nothing, _peat_on_moor, "p. 12: Peat off dehydrated Moors"),
    ("summer.farmer", _nothing, _plow, "p. 12: build a Plow and/or plow Fields"),
    ("summer.forester", _both(_goods(food=1), _fill_land), _free_one_space,
     "p. 12: a Forest or a Building"),
    ("summer.master", _nothing, _goods(wood=1), "p. 12: Tool indicators, paying their cost"),
    ("summer.carpenter", _nothing, _goods(clay=2, grain=1), "p. 12: a Building or a Stall"),
    ("summer.builder", _nothing, _goods(wood=1, grain=1), "p. 12: a Building"),
    ("summer.warden", _nothing, _hydrated_moor, "p. 12: flip a tile with the arrow"),
    ("summer.laborer", _goods(food=2), _occupy("summer.woodcutter"), "p. 12 and ↻7: imitate"),
    ("summer.laborer", _both(_goods(food=2), _occupy("summer.woolen_weaver")),
     _occupy("summer.woodcutter"), "↻7: imitating a space that gives nothing gives nothing"),
    ("winter.tanner", _nothing, _goods(hide=1), "p. 13: Hide into Leather"),
    ("winter.linen_weaver", _nothing, _goods(flax=1), "p. 13: Flax into Linen"),
    ("winter.butcher", _nothing, _sheep, "p. 13: slaughter Animals"),
    ("winter.potter", _nothing, _goods(clay=1), "p. 13: Clay into Food and Peat"),
    ("winter.baker", _nothing, _goods(grain=1, peat=1), "p. 13: Grain and Peat into Food"),
    ("winter.master", _nothing, _goods(clay=1), "p. 13: Tool indicators, paying their cost"),
    ("winter.wainwright", _nothing, _goods(wood=1), "p. 13: a Vehicle and/or a Peat Boat"),
    ("winter.carpenter", _nothing, _goods(clay=2, grain=1), "p. 13: a Stall, or Stall to Stable"),
    ("winter.dike_warden", _dikes_all_up, _hydrated_moor, "p. 13: flip a tile and build a Dike"),
    ("winter.laborer", _goods(food=2), _goods(wood=1, grain=1), "p. 13: a Building or imitate"),
]


@pytest.mark.parametrize(("space", "useless", "useful", "rule"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_a_placement_that_gives_nothing_says_why_and_one_that_gives_does_not(space, useless, useful, rule):
    g = bare(space.split(".")[0])
    useless(g)
    g.refresh()
    move = PlaceWorker(space)
    assert move in g.legal_moves(), rule  # legal: every part of an action is optional
    why = does_nothing(g, move)
    assert isinstance(why, Text) and why == WHY[space], rule
    useful(g)
    g.refresh()
    assert does_nothing(g, move) is None, rule


@pytest.mark.parametrize("season", ["summer", "winter"])
def test_spaces_that_always_give_are_never_flagged_even_with_nothing(season):
    """p. 12-13: the Fisherman, the Grocers, the Colonist, the Dike Builder, the Clay Worker, the
    Woodcutter, the Peat Boatman, the Cattle Trader, the Builder's Merchant and the Wood Trader
    always give goods or Animals; on the bare board only the listed spaces give nothing."""
    g = bare(season)
    flagged = {m.space for m in g.legal_moves()
               if isinstance(m, PlaceWorker) and m.space.startswith(season) and does_nothing(g, m)}
    expected = {"summer": {"summer.woolen_weaver", "summer.peat_cutter", "summer.farmer",
                           "summer.master", "summer.carpenter", "summer.builder", "summer.warden"},
                "winter": {"winter.tanner", "winter.linen_weaver", "winter.butcher", "winter.potter",
                           "winter.baker", "winter.master", "winter.wainwright", "winter.carpenter"}}
    assert flagged == expected[season]


def test_not_a_placement_or_not_legal_is_none():
    g = bare("summer")
    assert does_nothing(g, SkipPlacement()) is None
    assert does_nothing(g, PlaceWorker("summer.forester")) is None  # illegal: no Food (why_not says so)


def _finish_action(g: Game, player: int) -> None:
    """Play the rest of the action passively: Done where it is offered, else the first option."""
    while g.actor == player and g.decision is not None:
        moves = g.decision.options(g)
        g.apply(Done() if Done() in moves else moves[0])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_flagged_placements_really_give_nothing_in_random_games(seed):
    """Whatever ``does_nothing`` flags in random games, played, leaves the player with no more of
    any good, no new tile, Equipment, Animal or Tool: the warning is never a false alarm."""
    rng = random.Random(seed)
    g = Game(Setup(players=2, seed=seed, names=("A", "B")))
    flagged = 0
    for _ in range(2500):
        if g.over:
            break
        if g.decision is None and g.actor is not None:
            for m in g.legal_moves():
                if isinstance(m, PlaceWorker) and does_nothing(g, m) is not None:
                    flagged += 1
                    trial, who = g.copy(), g.actor
                    p0 = g.state.players[who]
                    goods, tiles = dict(p0.goods), dict(p0.tiles)
                    barn, tools = len(p0.barn), dict(p0.tools)
                    trial.apply(m)
                    _finish_action(trial, who)
                    p1 = trial.state.players[who]
                    assert all(p1.goods[x] <= goods[x] for x in Good), m
                    assert dict(p1.tiles) == tiles and len(p1.barn) == barn and dict(p1.tools) == tools, m
        g.apply(rng.choice(g.legal_moves()))
    assert flagged > 0
