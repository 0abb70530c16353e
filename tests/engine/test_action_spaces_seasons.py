"""Action spaces that come as a Summer and a Winter pair, each rule written once for both seasons
(rulebook pp. 12-14 "Action Spaces"; Special Action p. 7)."""

from __future__ import annotations

import pytest

from arle.engine.content.tiles import Tile
from arle.engine.interpreter.moves import PlaceTile
from tests.engine.helpers import (
    done,
    game_in,
    have,
    idle,
    keys,
    me,
    my_turn_again,
    place,
    placeable,
)

SPACES = {
    "summer": {
        "summer.fisherman", "summer.grocer", "summer.woolen_weaver", "summer.colonist",
        "summer.peat_cutter", "summer.dike_builder", "summer.clay_worker", "summer.farmer",
        "summer.forester", "summer.woodcutter", "summer.master", "summer.carpenter",
        "summer.builder", "summer.warden", "summer.laborer",
    },
    "winter": {
        "winter.peat_boatman", "winter.tanner", "winter.linen_weaver", "winter.butcher",
        "winter.cattle_trader", "winter.grocer", "winter.builders_merchant", "winter.potter",
        "winter.baker", "winter.wood_trader", "winter.master", "winter.wainwright",
        "winter.carpenter", "winter.dike_warden", "winter.laborer",
    },
}


@pytest.mark.parametrize("season", ["summer", "winter"])
def test_every_space_of_the_season_is_placeable_at_the_start(season):
    """With the starting goods every up-front payment can be made."""
    g = game_in(season)
    assert {s for s in placeable(g) if s.startswith(f"{season}.")} == SPACES[season]


@pytest.mark.parametrize("season", ["summer", "winter"])
def test_carpenter_stall_for_2_clay_and_1_grain(season):
    """Summer Carpenter: "build a Stall (↻2) for 2 Clay and 1 Grain" on an empty Land Space;
    Winter Carpenter: "Either build a Stall (↻2) for 2 Clay and 1 Grain, or exchange a Stall for a
    Stable by paying 2 Bricks". No building in the game and no Brick: the Stall is the only option,
    paid at once from 4 Clay."""
    g = game_in(season)
    p = me(g)
    stalls = g.state.supply["stall_depot"]
    place(g, f"{season}.carpenter")
    g.apply(PlaceTile("3,2"))
    assert idle(g)
    assert have(p, "clay") == 2 and have(p, "grain") == 0
    assert p.tiles[(3, 2)] == Tile.STALL.value
    assert g.state.supply["stall_depot"] == stalls - 1
    assert p.buildings == []


@pytest.mark.parametrize(("season", "offered"), [
    ("summer", ["handcart", "wagon"]),  # 4 Wood and 1 Horse: no Cart (5 Wood)
    ("winter", ["farmers_house"]),
])
def test_laborer_pays_2_food_then_builds_when_nothing_is_occupied(season, offered):
    """Summer Laborer: "Pay 2 Food and either build a Vehicle (↻3) by paying its costs, or
    imitate"; Winter Laborer: "Pay 2 Food and either build a Building (↻2) ..., or imitate an
    occupied Winter Action Space" - nothing occupied yet, so only what it builds is offered."""
    g = game_in(season, buildings=("farmers_house",))
    p = me(g)
    place(g, f"{season}.laborer")
    assert have(p, "food") == 5 - 2
    assert keys(g) == offered


@pytest.mark.parametrize(("season", "first", "laborer", "offered"), [
    ("summer", "summer.clay_worker", "winter.laborer", ["farmers_house"]),
    ("winter", "winter.potter", "summer.laborer", ["handcart", "wagon"]),
])
def test_the_other_seasons_laborer_as_the_special_action_only_builds(season, first, laborer,
                                                                     offered):
    """Special Action (p. 7) + Laborer: a Laborer imitates an occupied space of its own season;
    Workers leave at the end of each Work Phase, so as the Special Action it only builds (the
    Winter Laborer a Building, the Summer Laborer a Vehicle), though this season's spaces are
    occupied."""
    g = game_in(season, buildings=("farmers_house",))
    place(g, first)
    while not idle(g):
        done(g)
    my_turn_again(g)
    place(g, laborer)
    assert keys(g) == offered
