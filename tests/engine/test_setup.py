"""Setup (rulebook "Setup" and "Overall Layout"; RULES-DECISIONS.md "Facts the text gives only in
pictures": Home Board landscape, Dikes, Goods Track start, Buildings in play, Supply limits)."""

from __future__ import annotations

import pytest

from arle.engine import Game, Phase, Setup
from arle.engine.content import buildings as B
from arle.engine.content.goods import Animal, Good
from arle.engine.content.tiles import SUPPLY_LIMITS, Tile
from arle.engine.content.tools import Tool, tool_count
from arle.engine.interpreter.steps import PlaceNewTile
from arle.engine.rules import animals as animal_rules
from arle.engine.rules import homeboard as hb
from arle.engine.rules import supply
from tests.engine.helpers import me, new_game


def test_personal_supply_starts_with_4_wood_4_clay_3_peat():
    """Overall Layout: "You each take 4 Wood, 4 Clay and 3 Peat" (RULES-DECISIONS "Starting
    supply": not the expansion's 3/3/3 + Tea)."""
    for p in new_game().state.players:
        assert p.goods[Good.WOOD] == 4
        assert p.goods[Good.CLAY] == 4
        assert p.goods[Good.PEAT] == 3


def test_goods_track_starts_food5_grain1_hide2_flax3_wool4_and_nothing_else():
    """RULES-DECISIONS "Goods Track start": Grain 1, Hide 2, Flax 3, Wool 4, Food 5."""
    p = me(new_game())
    assert p.goods[Good.FOOD] == 5
    assert p.goods[Good.GRAIN] == 1
    assert p.goods[Good.HIDE] == 2
    assert p.goods[Good.FLAX] == 3
    assert p.goods[Good.WOOL] == 4
    named = {Good.FOOD, Good.GRAIN, Good.HIDE, Good.FLAX, Good.WOOL, Good.WOOD, Good.CLAY, Good.PEAT}
    assert all(n == 0 for g, n in p.goods.items() if g not in named)


def test_home_board_mainland_holds_grain_field_flax_field_stall_with_a_horse_and_small_boardwalk():
    """RULES-DECISIONS "Home Board landscape": the Mainland (rows 3-4) holds a Grain Field, a
    Flax Field, a Stall with 1 Horse and the Small Boardwalk; 2 Mainland spaces are empty."""
    p = me(new_game())
    tiles = sorted(p.tiles.values())
    assert tiles == sorted([Tile.GRAIN_FIELD, Tile.FLAX_FIELD, Tile.STALL])
    assert all(r in (3, 4) for r, _ in p.tiles)
    (stall,) = [s for s, t in p.tiles.items() if t == Tile.STALL]
    assert p.animals == {f"s{hb.space_id(stall)}": {Animal.HORSE: 1}}
    (small,) = [m for m in p.moors if m.small]
    assert small.dehydrated and small.peat == 4 and len(small.spaces) == 1
    assert small.spaces[0][0] in (3, 4)
    mainland_empty = [s for s in hb.empty_land_spaces(p) if s[0] in (3, 4)]
    assert len(mainland_empty) == 2
    # "At the beginning of the game, you have access to 2 empty Land Spaces."
    assert len(hb.empty_land_spaces(p)) == 2


def test_home_board_has_three_hydrated_two_space_moors_in_the_bottom_rows():
    """RULES-DECISIONS "Home Board landscape": 2 rows of Moor, 3 Moor tiles each covering 2
    spaces of one column; rulebook p. 9 "At the bottom of your Home Board, there are 3 Moor
    Tiles"."""
    p = me(new_game())
    big = [m for m in p.moors if not m.small]
    assert len(big) == 3
    assert all(not m.dehydrated and m.peat == 0 for m in big)
    assert sorted(s for m in big for s in m.spaces) == sorted((r, c) for r in (5, 6) for c in range(3))
    assert all(len({c for _, c in m.spaces}) == 1 for m in big)


def test_dikes_start_three_in_gap_0_and_two_in_gap_1_nine_tidal_flats():
    """Rulebook p. 9 "Dike Building": 5 Dike tiles, 9 potential Land Spaces in the Tidal Flat
    Area; RULES-DECISIONS "Dikes": gap 0 holds 3 Dikes (the Dike Line) and gap 1 holds 2."""
    p = me(new_game())
    assert len(p.dikes) == 5
    assert hb.dikes_in_gap(p, 0) == 3
    assert hb.dikes_in_gap(p, 1) == 2
    assert hb.dike_line(p) == 0
    tidal = [(r, c) for r in range(hb.ROWS) for c in range(hb.COLS) if not hb.is_land(p, (r, c))]
    assert len(tidal) == 9
    assert hb.tidal_penalty_spaces(p) == 3


def test_tool_indicators_start_on_the_leftmost_space():
    """Setup: Tool Indicators on the leftmost space of each of the 10 tracks (appendix: 2 Fish
    Traps, 3 Fleshing Beams, 2 Looms, 2 Tables, 3 Spades, 3 Shovels, 2 Wheels, 1 Oven, 3 Axes,
    2 Workbenches)."""
    p = me(new_game())
    assert len(p.tools) == 10 and all(pos == 0 for pos in p.tools.values())
    counts = {t: tool_count(t, 0) for t in Tool}
    assert counts == {Tool.FISH_TRAP: 2, Tool.FLESHING_BEAM: 3, Tool.WEAVING_LOOM: 2,
                      Tool.SLAUGHTERING_TABLE: 2, Tool.SPADE: 3, Tool.SHOVEL: 3,
                      Tool.POTTERY_WHEEL: 2, Tool.OVEN: 1, Tool.AXE: 3, Tool.WORKBENCH: 2}


def test_barn_and_travel_track_start_empty_with_nine_destinations():
    """Overall Layout: the Barn starts empty; 9 Travel Destinations per player on the board."""
    for p in new_game().state.players:
        assert p.barn == [] and p.travel == []
        assert len(p.destinations) == 9 and len(set(p.destinations)) == 9


def _colours(chosen: list[str]) -> dict[B.Color, int]:
    result: dict[B.Color, int] = {}
    for b in chosen:
        result[B.BUILDINGS[b].color] = result.get(B.BUILDINGS[b].color, 0) + 1
    return result


def test_first_game_uses_the_4_light_green_houses_and_18_buildings():
    """Setup: "For your first play, use the 4 light green ones"; RULES-DECISIONS "Buildings in
    play": 2 of 5 yellow, all 6 orange, 3 of 6 blue, all 3 red: 18 of the 31."""
    chosen = Game(Setup(seed=5, building_set="first_game")).state.available_buildings
    assert len(B.BUILDINGS) == 31
    assert len(chosen) == 18 and len(set(chosen)) == 18
    assert set(B.LIGHT_GREEN) <= set(chosen)
    assert _colours(chosen) == {B.Color.LIGHT_GREEN: 4, B.Color.YELLOW: 2, B.Color.ORANGE: 6,
                                B.Color.BLUE: 3, B.Color.RED: 3}


def test_random_set_uses_4_of_7_dark_green_2_of_5_yellow_3_of_6_blue():
    """Setup: "use 4 of the 7 dark green Buildings"; RULES-DECISIONS "Buildings in play"."""
    assert (len(B.DARK_GREEN), len(B.YELLOW), len(B.ORANGE), len(B.BLUE), len(B.RED)) == (7, 5, 6, 6, 3)
    for seed in range(10):
        chosen = Game(Setup(seed=seed, building_set="random")).state.available_buildings
        assert len(chosen) == 18 and len(set(chosen)) == 18
        assert _colours(chosen) == {B.Color.DARK_GREEN: 4, B.Color.YELLOW: 2, B.Color.ORANGE: 6,
                                    B.Color.BLUE: 3, B.Color.RED: 3}
        assert set(B.ORANGE) | set(B.RED) <= set(chosen)


def test_building_selection_and_starting_player_are_reproducible_from_the_seed():
    """Setup: "randomly determine which Buildings to place" and "Randomly determine the Starting
    Player" - chance comes only from the seed, so a save (setup + moves) replays exactly."""
    selections = set()
    starters = set()
    for seed in range(12):
        a = Game(Setup(seed=seed)).state
        b = Game(Setup(seed=seed)).state
        assert a.available_buildings == b.available_buildings
        assert a.start_player == b.start_player
        selections.add(tuple(a.available_buildings))
        starters.add(a.start_player)
    assert len(selections) > 1, "different seeds should deal different buildings"
    assert starters == {0, 1}, "either player can be chosen to start"


def test_explicit_setup_uses_exactly_the_given_buildings_and_starting_player():
    chosen = ("farmers_house", "mill", "village_church")
    g = Game(Setup(seed=3, building_set="explicit", buildings=chosen, start_player=1))
    assert g.state.available_buildings == list(chosen)
    assert g.state.start_player == 1


def test_supply_after_two_player_setup_lacks_4_fields_and_2_stalls():
    """RULES-DECISIONS "Supply limits": 14 Fields, 7 Stalls...; setup uses 2 Fields and 1 Stall
    per Home Board."""
    s = new_game().state
    expected = dict(SUPPLY_LIMITS, field=14 - 4, stall_depot=7 - 2)
    assert s.supply == expected
    assert SUPPLY_LIMITS == {"forest_park": 5, "stall_depot": 7, "stable_double_stall": 3,
                             "field": 14, "cart_horse_cart": 3, "carriage_droshky": 3,
                             "handcart_wagon": 2, "peat_boat_plow": 6}


def test_supply_after_solo_setup_lacks_2_fields_and_1_stall():
    s = new_game(players=1).state
    assert s.supply == dict(SUPPLY_LIMITS, field=12, stall_depot=6)


def test_game_starts_in_half_year_1_summer_with_the_starting_player_to_place():
    """Setup: the Half Year Counter on space 1; Workers on July-October with the Starting
    Player's on top."""
    for start in (0, 1):
        g = new_game(start_player=start)
        s = g.state
        assert s.half_year == 1 and s.season == "summer" and s.phase is Phase.WORK
        assert g.actor == start
        assert s.placements == [start, 1 - start] * 4


@pytest.mark.parametrize("kwargs", [
    {"players": 3}, {"players": 0}, {"building_set": "all"}, {"building_set": "explicit",
                                                              "buildings": ("castle",)},
    {"start_player": 2}, {"players": 1, "start_player": 1},
    {"building_set": "explicit", "buildings": ("mill", "mill")},  # each building exists once
    {"players": 1, "names": ("Ada", "Bo")},
])
def test_bad_setup_is_rejected_with_a_clear_message(kwargs):
    with pytest.raises(ValueError, match=r"\w+"):
        Setup(**kwargs)


def test_each_player_starts_with_one_animal_housed_legally():
    for p in new_game().state.players:
        assert animal_rules.total(p) == 1 and animal_rules.count(p, Animal.HORSE) == 1
        assert animal_rules.housing_valid(p)


def test_limited_tiles_run_out_and_come_back_when_returned():
    """Limited Components: "Every other type of tile is limited by the provided supply. (If it runs
    out, you cannot get more.) ... when a player returns one of these tiles to the supply, it
    becomes available again." Stalls and Depots share one stack of 7."""
    g = new_game()
    p = me(g)
    assert g.state.supply["stall_depot"] == 5
    for _ in range(5):
        assert supply.take_tile(g, Tile.DEPOT)
    assert not supply.tile_left(g, Tile.STALL)
    assert not supply.take_tile(g, Tile.STALL)
    assert not PlaceNewTile(Tile.STALL.value).possible(g, p)
    supply.return_tile(g, Tile.STALL)
    assert supply.tile_left(g, Tile.DEPOT)
    assert PlaceNewTile(Tile.STALL.value).possible(g, p)
    assert supply.take_tile(g, "farmers_house")  # buildings are not tiles of the supply board


def test_goods_track_caps_15_and_food_30_excess_is_lost():
    """The Goods Track: "The Goods Indicators cannot go above 15 or below 0"; Food has two
    indicators, "so you can have up to 30 Food"; the personal supply is unlimited."""
    g = new_game()
    p = me(g)
    assert supply.gain(g, p, Good.WOOL, 20) == 11 and p.goods[Good.WOOL] == 15
    assert supply.gain(g, p, Good.FOOD, 40) == 25 and p.goods[Good.FOOD] == 30
    assert supply.gain(g, p, Good.WOOD, 40) == 40 and p.goods[Good.WOOD] == 44
    assert supply.gain(g, p, Good.GRAIN, 0) == 0
