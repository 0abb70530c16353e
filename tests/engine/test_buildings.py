"""The 31 buildings (rulebook "Index of Building Tiles" and ↻2, amended by RULES-DECISIONS.md):
costs, VP, each exists once, and every ability with the rulebook's numbers."""

from __future__ import annotations

import pytest

from arle.engine import Phase, say
from arle.engine.content.buildings import BUILDINGS, DARK_GREEN, Color, When
from arle.engine.content.decisions import RULES_NOTES
from arle.engine.content.goods import Good
from arle.engine.content.tiles import Equipment, Tile
from arle.engine.content.tools import Tool, tool_count
from arle.engine.interpreter.events import ActionUsed, DikeMoved, GoodsChanged
from arle.engine.interpreter.moves import (
    AdvanceTool,
    Choose,
    CutPeat,
    Done,
    EndTurn,
    Flip,
    MoveDike,
    Pay,
    PlaceTile,
    PlaceWorker,
    UseBuilding,
)
from arle.engine.interpreter.state import MoorTile
from arle.engine.interpreter.steps import CutPeatDecision, DikeDecision, MasterDecision, PayDecision
from arle.engine.rules import barn as barn_rules
from arle.engine.rules import homeboard
from arle.engine.rules.build import ChooseBuildingDecision, buildable_buildings
from arle.engine.rules.building_abilities import BEFORE_NOVEMBER, IMMEDIATE
from arle.engine.rules.building_steps import ExchangeDecision, ReplaceFieldsDecision, SmithyDecision
from arle.engine.rules.inventory import BeforeNovemberDecision, SustenanceDecision
from arle.engine.rules.payments import payment_options
from arle.engine.rules.supply import take_tile
from arle.engine.rules.warden import UpgradeDecision
from tests.engine.building_helpers import build, game_with, rich
from tests.engine.helpers import (
    C,
    H,
    S,
    clear_goods,
    finish_work_phase,
    give,
    me,
    of_type,
    set_animals,
    set_goods,
)

# -- helpers of this file ----------------------------------------------------------------------------


def more_land(p) -> None:
    """Dikes at gaps 2 and 3: rows 1-6 are land (6 more empty land spaces than at setup)."""
    p.dikes = [(2, 0), (2, 1), (2, 2), (3, 0), (3, 1)]


def put(game, p, tile: Tile, space: tuple[int, int]) -> None:
    """Put a tile from the supply board on a Home Board space."""
    assert take_tile(game, tile)
    p.tiles[space] = tile.value


def own(game, p, building: str, space: tuple[int, int]) -> None:
    """Give the player a building as if built earlier (it leaves the game board)."""
    game.state.available_buildings.remove(building)
    p.buildings.append(building)
    p.tiles[space] = building
    game.refresh()


def uses(game, building: str | None = None) -> list[UseBuilding]:
    return [m for m in game.legal_moves() if isinstance(m, UseBuilding)
            and (building is None or m.building == building)]


def cut_all(game) -> None:
    """Answer the pending Cut Peat decision by cutting as often as it allows."""
    while isinstance(game.decision, CutPeatDecision):
        game.apply(next(m for m in game.legal_moves() if isinstance(m, CutPeat)))


def boardwalk(p) -> MoorTile:
    return next(m for m in p.moors if m.small)


def tool(p, t: Tool) -> int:
    return tool_count(t, p.tools[t])


# -- the table: costs and VP ---------------------------------------------------------------------------

RULEBOOK_VP = {
    "farmers_house": 1, "plow_makers_workshop": 1, "novices_hut": 1, "workshop": 1,
    "weaving_parlor": 1, "colonists_house": 1, "carpenters_workshop": 1, "schnapps_distillery": 1,
    "loading_station": 1, "litter_storage": 1, "wood_trader": 1,
    "turnery": 5, "smokehouse": 5, "smithy": 3, "cooperage": 4, "bakehouse": 4,
    "mill": 6, "weaving_mill": 7, "textile_house": 9, "saddlery": 8, "joinery": 6,
    "waterfront_house": 10,
    "potters_inn": 5, "farmers_inn": 3, "junk_dealers_inn": 4, "gulf_house_inn": 5,
    "milk_house_inn": 5, "sluice_yard_inn": 4,
    "village_church": 15, "lutetsburg_castle": 15, "berum_castle": 15,
}


def test_31_buildings_with_the_rulebook_vp():
    """Index of Building Tiles: "Worth n VP" of each of the 31 buildings."""
    assert {b: x.vp for b, x in BUILDINGS.items()} == RULEBOOK_VP


def test_every_building_has_its_ability_in_the_right_table():
    """Light green act before November, dark green at any time, the others once when built."""
    for b, x in BUILDINGS.items():
        if x.color is Color.LIGHT_GREEN:
            assert x.when is When.BEFORE_NOVEMBER and b in BEFORE_NOVEMBER
        elif x.color is Color.DARK_GREEN:
            assert x.when is When.ANYTIME and b not in IMMEDIATE and b not in BEFORE_NOVEMBER
        else:
            assert x.when is When.IMMEDIATE and b in IMMEDIATE


def _ways(building: str, **goods: int) -> list:
    have = {g: 0 for g in Good}
    for k, n in goods.items():
        have[Good(k)] = n
    return [dict(b) for b in payment_options(BUILDINGS[building].cost, have)]


def test_small_house_costs_any_1_building_material_and_1_grain():
    """↻2: "the first four Buildings at the top each cost any 1 Building Material and 1 Grain"."""
    assert _ways("workshop", grain=1, brick=1) == [{Good.GRAIN: 1, Good.BRICK: 1}]
    assert len(_ways("weaving_parlor", grain=1, wood=1, clay=1, timber=1, brick=1)) == 4
    assert _ways("novices_hut", wood=5, clay=5) == []  # no Grain
    assert _ways("novices_hut", grain=5) == []  # no Building Material


def test_inn_costs_2_different_building_materials_and_9_food():
    """↻2: Inns "cost 2 different Building Materials (e.g. 1 Wood and 1 Timber) and 9 Food"."""
    assert {Good.FOOD: 9, Good.WOOD: 1, Good.TIMBER: 1} in _ways("potters_inn", wood=1, timber=1,
                                                                 food=9)
    assert _ways("potters_inn", wood=1, clay=1, food=8) == []
    assert _ways("potters_inn", wood=5, food=9) == []  # the same material twice


@pytest.mark.parametrize(
    ("building", "goods", "payable"),
    [
        ("turnery", {"timber": 1, "brick": 1}, True),  # Minor Craft: 1 Timber and 1 Brick
        ("turnery", {"wood": 1, "clay": 1}, False),  # Wood/Clay never pay for Timber/Brick
        ("mill", {"timber": 1, "grain": 8}, True),
        ("mill", {"timber": 1, "flax": 8}, True),
        ("mill", {"timber": 1, "flax": 4, "grain": 4}, False),
        ("weaving_mill", {"brick": 2, "wool": 10}, True),  # RULES-DECISIONS: Wool, not Woolen
        ("weaving_mill", {"brick": 2, "woolen": 10}, False),
        ("weaving_mill", {"brick": 2, "flax": 10}, True),
        ("textile_house", {"brick": 1, "summer_wear": 1, "leather_wear": 1}, True),
        ("textile_house", {"brick": 1, "winter_wear": 2}, False),  # 2 *different* pieces
        ("saddlery", {"timber": 2, "leather": 3}, True),
        ("joinery", {"timber": 2, "grain": 5}, True),
        ("waterfront_house", {"brick": 2, "food": 25}, True),
        ("waterfront_house", {"brick": 2, "food": 24}, False),
        ("village_church", {"timber": 3, "brick": 3, "food": 15}, True),
        ("berum_castle", {"timber": 3, "brick": 2, "clay": 1, "food": 15}, False),
    ],
)
def test_individual_costs_from_the_index(building, goods, payable):
    """Index of Building Tiles: the "Costs" line of each Major Craft Building, the Minor Craft
    Buildings (1 Timber, 1 Brick) and the Large Buildings (3 Timber, 3 Bricks, 15 Food)."""
    assert bool(_ways(building, **goods)) is payable


def test_the_player_chooses_how_to_pay_among_every_way():
    """↻2 and rulebook p. 6: the player pays; Weaving Mill with 10 Flax or 10 Wool."""
    g = game_with("weaving_mill")
    p = me(g)
    set_goods(p, brick=2, flax=10, wool=10)
    g.refresh()
    g.apply(PlaceWorker("summer.builder"))
    g.apply(Choose("weaving_mill"))
    pays = [m for m in g.legal_moves() if isinstance(m, Pay)]
    assert sorted(dict(m.goods)[Good.BRICK] for m in pays) == [2, 2]
    assert sorted(next(k for k in dict(m.goods) if k != Good.BRICK) for m in pays) == [
        Good.FLAX, Good.WOOL]
    g.apply(next(m for m in pays if Good.WOOL in dict(m.goods)))
    assert (p.goods[Good.WOOL], p.goods[Good.FLAX], p.goods[Good.BRICK]) == (0, 10, 0)


def test_each_building_exists_once():
    """RULES-DECISIONS "Each building exists once": once built it is not offered again."""
    g = game_with("mill", "joinery")
    rich(me(g, 0))
    rich(me(g, 1))
    build(g, "mill")
    assert g.state.available_buildings == ["joinery"]
    assert g.actor == 1
    g.apply(PlaceWorker("summer.carpenter"))
    g.apply(Choose("building"))
    assert [m.option for m in g.legal_moves() if isinstance(m, Choose)] == ["joinery"]
    assert buildable_buildings(g, me(g, 1)) == ["joinery"]


def test_a_building_needs_an_empty_land_space():
    """↻2: Buildings go on empty Land Spaces of the Home Board."""
    g = game_with("mill")
    p = me(g)
    rich(p)
    p.tiles[(3, 2)] = Tile.FOREST.value
    p.tiles[(4, 1)] = Tile.FOREST.value
    assert buildable_buildings(g, p) == []


# -- Light green: before November ----------------------------------------------------------------------


def test_farmers_house_gives_1_clay_and_may_cut_1_peat_off_a_moor():
    """Farmer's House: "Before November ... you receive 1 Clay. Additionally, you may cut 1 Peat"
    ("you must take it off one of your Moor Tiles")."""
    g = game_with("farmers_house")
    p = me(g)
    own(g, p, "farmers_house", (3, 2))
    clay, peat = p.goods[Good.CLAY], p.goods[Good.PEAT]
    finish_work_phase(g)
    assert isinstance(g.decision, CutPeatDecision) and g.actor == 0
    assert p.goods[Good.CLAY] == clay + 1
    assert set(g.legal_moves()) >= {CutPeat(boardwalk(p).id), Done()}
    events = g.apply(CutPeat(boardwalk(p).id))
    assert boardwalk(p).peat == 3
    assert next(e.delta for e in events if isinstance(e, GoodsChanged) and e.good == "peat") == 1
    assert peat == 3


def test_farmers_house_cut_is_optional():
    """Farmer's House: "you *may* cut 1 Peat"."""
    g = game_with("farmers_house")
    p = me(g)
    own(g, p, "farmers_house", (3, 2))
    finish_work_phase(g)
    g.apply(Done())
    assert boardwalk(p).peat == 4


def test_plow_makers_workshop_may_place_a_field_of_either_kind():
    """Plow Maker's Workshop: "you may place 1 Field of your choice on an empty Land Space"."""
    g = game_with("plow_makers_workshop")
    p = me(g)
    own(g, p, "plow_makers_workshop", (3, 2))
    fields_left = g.state.supply["field"]
    finish_work_phase(g)
    assert set(g.legal_moves()) >= {Choose("grain_field"), Choose("flax_field"), Done()}
    g.apply(Choose("flax_field"))  # the one empty land space (4,1) is taken at once
    assert p.tiles[(4, 1)] == Tile.FLAX_FIELD.value
    assert g.state.supply["field"] == fields_left - 1


def test_plow_makers_workshop_field_is_not_required():
    g = game_with("plow_makers_workshop")
    p = me(g)
    own(g, p, "plow_makers_workshop", (3, 2))
    finish_work_phase(g)
    g.apply(Done())
    assert (4, 1) not in p.tiles


def test_novices_hut_gives_1_grain_and_1_dike():
    """Novice's Hut: "you receive 1 Grain and 1 Dike"."""
    g = game_with("novices_hut")
    p = me(g)
    own(g, p, "novices_hut", (3, 2))
    grain = p.goods[Good.GRAIN]
    finish_work_phase(g)
    assert isinstance(g.decision, DikeDecision)
    assert p.goods[Good.GRAIN] == grain + 1  # before the Harvest
    events = g.apply(next(m for m in g.legal_moves() if isinstance(m, MoveDike)))
    assert len(of_type(events, DikeMoved)) == 1
    assert homeboard.dike_line(p) == 1  # the 3rd Dike of gap 1: 3 more land spaces


def test_workshop_gives_1_wood_and_exactly_one_paid_master_move():
    """Workshop: "you receive 1 Wood and 1 'Master' action (i.e. you pay the costs and move
    exactly one Tool Indicator 1 space to the right)"."""
    g = game_with("workshop")
    p = me(g)
    own(g, p, "workshop", (3, 2))
    set_goods(p, brick=1, food=10)
    wood = p.goods[Good.WOOD]
    finish_work_phase(g)
    assert isinstance(g.decision, MasterDecision)
    assert p.goods[Good.WOOD] == wood + 1
    g.apply(AdvanceTool(Tool.OVEN))  # costs 1 Brick
    assert tool(p, Tool.OVEN) == 2 and p.goods[Good.BRICK] == 0
    assert not any(isinstance(m, AdvanceTool) for m in g.legal_moves())


def _november_buildings(game):
    p = me(game)
    for b, space in (("farmers_house", (3, 2)), ("novices_hut", (4, 1)), ("workshop", (2, 0))):
        own(game, p, b, space)
    return p


@pytest.mark.parametrize("half_year", [1, 9])
def test_before_november_the_owner_chooses_the_order(half_year):
    """Starter Houses: "If you build more than one of these Houses, you may decide in which order
    you use them right before the November Inventorying" -- also before the last November
    (Farmer's House: "including the one before final scoring")."""
    g = game_with("farmers_house", "novices_hut", "workshop")
    more_land(me(g))
    p = _november_buildings(g)
    g.state.half_year = half_year
    finish_work_phase(g)
    assert isinstance(g.decision, BeforeNovemberDecision) and g.actor == 0
    assert set(g.legal_moves()) >= {UseBuilding("farmers_house"), UseBuilding("novices_hut"),
                                    UseBuilding("workshop")}
    clay = p.goods[Good.CLAY]
    events = g.apply(UseBuilding("workshop"))
    events += g.apply(Done())  # no Master move
    events += g.apply(UseBuilding("novices_hut"))
    events += g.apply(next(m for m in g.legal_moves() if isinstance(m, MoveDike)))
    # each building once per November: only the Farmer's House is left
    assert [m for m in g.legal_moves() if isinstance(m, UseBuilding) and m.building in
            BEFORE_NOVEMBER] == [UseBuilding("farmers_house")]
    events += g.apply(UseBuilding("farmers_house"))
    gains = [e.good for e in events if isinstance(e, GoodsChanged) and e.delta > 0]
    assert gains == ["wood", "grain", "clay"]
    assert len(of_type(events, DikeMoved)) == 1 and p.goods[Good.CLAY] == clay + 1


def test_before_november_done_cannot_skip_income_you_receive():
    """Farmer's House "you receive 1 Clay", Novice's Hut "you receive 1 Grain and 1 Dike",
    Workshop "you receive 1 Wood": with several light green buildings, Done is not offered while
    one of them is still unused (the order stays the player's)."""
    g = game_with("farmers_house", "novices_hut", "workshop")
    more_land(me(g))
    p = _november_buildings(g)
    wood, grain, clay = p.goods[Good.WOOD], p.goods[Good.GRAIN], p.goods[Good.CLAY]
    finish_work_phase(g)
    for building in ("novices_hut", "workshop", "farmers_house"):
        assert isinstance(g.decision, BeforeNovemberDecision)
        assert Done() not in g.legal_moves()
        g.apply(UseBuilding(building))
        while isinstance(g.decision, (DikeDecision, MasterDecision, CutPeatDecision)):
            g.apply(Done() if Done() in g.legal_moves() else g.legal_moves()[0])
    assert p.goods[Good.WOOD] == wood + 1 and p.goods[Good.CLAY] == clay + 1
    assert p.goods[Good.GRAIN] >= grain + 1 and homeboard.dike_line(p) == 3  # was 2


def test_before_november_done_may_leave_out_only_the_optional_plow_makers_workshop():
    """Plow Maker's Workshop: "You are not required to place a Field": once every building with
    income is used, Done may leave the Workshop out; the Farmer's House cut stays a "may"."""
    g = game_with("farmers_house", "plow_makers_workshop")
    p = me(g)
    more_land(p)
    own(g, p, "farmers_house", (3, 2))
    own(g, p, "plow_makers_workshop", (2, 0))
    clay, fields = p.goods[Good.CLAY], g.state.supply["field"]
    finish_work_phase(g)
    assert isinstance(g.decision, BeforeNovemberDecision)
    assert Done() not in g.legal_moves()
    g.apply(UseBuilding("farmers_house"))
    g.apply(Done())  # the optional cut
    assert p.goods[Good.CLAY] == clay + 1 and boardwalk(p).peat == 4
    assert isinstance(g.decision, BeforeNovemberDecision)
    assert set(g.legal_moves()) >= {UseBuilding("plow_makers_workshop"), Done()}
    g.apply(Done())
    assert g.state.supply["field"] == fields
    assert not isinstance(g.decision, BeforeNovemberDecision)


# -- Dark green: any time ------------------------------------------------------------------------------


def test_weaving_parlor_3_flax_for_1_linen_and_1_cut_peat():
    """Weaving Parlor: "pay 3 Flax to receive 1 Linen and to cut 1 Peat (take 1 Peat off one of
    your Moor Tiles; you may not take the Peat from the general supply)", any number of times."""
    g = game_with("weaving_parlor")
    p = me(g)
    own(g, p, "weaving_parlor", (3, 2))
    set_goods(p, flax=6, linen=0, peat=0)
    g.refresh()
    g.apply(UseBuilding("weaving_parlor"))
    g.apply(UseBuilding("weaving_parlor"))
    assert (p.goods[Good.FLAX], p.goods[Good.LINEN], p.goods[Good.PEAT]) == (0, 2, 2)
    assert boardwalk(p).peat == 2
    assert uses(g) == []  # 0 Flax


def test_weaving_parlor_asks_which_moor_when_there_is_a_choice():
    g = game_with("weaving_parlor")
    p = me(g)
    own(g, p, "weaving_parlor", (3, 2))
    homeboard.dehydrate(g, p, 0)
    g.refresh()
    g.apply(UseBuilding("weaving_parlor"))
    assert isinstance(g.decision, CutPeatDecision)
    assert set(g.legal_moves()) >= {CutPeat(0), CutPeat(3)}
    assert Done() not in g.legal_moves()  # the Peat is part of the reward, not a choice to skip
    g.apply(CutPeat(0))
    assert p.moors[0].peat == 3 and boardwalk(p).peat == 4


def test_weaving_parlor_works_without_peat_to_cut():
    """RULES_NOTES "Weaving Parlor and Colonist's House": the Peat is a bonus."""
    g = game_with("weaving_parlor")
    p = me(g)
    own(g, p, "weaving_parlor", (3, 2))
    p.moors = [m for m in p.moors if not m.dehydrated]
    set_goods(p, flax=3, peat=0)
    g.refresh()
    g.apply(UseBuilding("weaving_parlor"))
    assert (p.goods[Good.LINEN], p.goods[Good.PEAT]) == (1, 0)
    assert any(n.topic.startswith("Weaving Parlor") for n in RULES_NOTES)


def test_colonists_house_2_wool_for_1_clay_and_1_cut_peat():
    """Colonist's House (RULES-DECISIONS: 2 Wool, not Woolen) → 1 Clay and cut 1 Peat."""
    g = game_with("colonists_house")
    p = me(g)
    own(g, p, "colonists_house", (3, 2))
    set_goods(p, wool=3, woolen=5, clay=0, peat=0)
    g.refresh()
    g.apply(UseBuilding("colonists_house"))
    assert (p.goods[Good.WOOL], p.goods[Good.WOOLEN], p.goods[Good.CLAY], p.goods[Good.PEAT]) == (
        1, 5, 1, 1)
    assert uses(g) == []  # 1 Wool left


def test_carpenters_workshop_4_food_1_brick_stall_to_stable():
    """Carpenter's Workshop: "pay 4 Food and 1 Brick to upgrade one of your Stalls to a Stable"
    (no 2 Bricks on top); its Animals stay."""
    g = game_with("carpenters_workshop")
    p = me(g)
    own(g, p, "carpenters_workshop", (3, 2))
    set_goods(p, food=5, brick=1)
    stables = g.state.supply["stable_double_stall"]
    g.refresh()
    assert uses(g) == [UseBuilding("carpenters_workshop", "4,0")]
    g.apply(UseBuilding("carpenters_workshop", "4,0"))
    assert p.tiles[(4, 0)] == Tile.STABLE.value
    assert (p.goods[Good.FOOD], p.goods[Good.BRICK]) == (1, 0)
    assert p.animals["s4,0"] == {H: 1}
    assert g.state.supply["stable_double_stall"] == stables - 1


def test_carpenters_workshop_needs_a_stable_left_in_the_supply():
    """Carpenter's Workshop: "Keep in mind, there are only 3 Stables available"."""
    g = game_with("carpenters_workshop")
    p = me(g)
    own(g, p, "carpenters_workshop", (3, 2))
    set_goods(p, food=10, brick=3)
    g.state.supply["stable_double_stall"] = 0
    g.refresh()
    assert uses(g) == []


def test_schnapps_distillery_1_grain_1_peat_for_3_food():
    """Schnapps Distillery: "exchange 1 Grain plus 1 Peat for 3 Food"."""
    g = game_with("schnapps_distillery")
    p = me(g)
    own(g, p, "schnapps_distillery", (3, 2))
    set_goods(p, grain=2, peat=1, food=5)
    g.refresh()
    g.apply(UseBuilding("schnapps_distillery"))
    assert (p.goods[Good.GRAIN], p.goods[Good.PEAT], p.goods[Good.FOOD]) == (1, 0, 8)
    assert uses(g) == []  # no Peat left


def test_schnapps_distillery_during_sustenance():
    """Schnapps Distillery: "any number of times (even in-between Harvest and Sustenance)"."""
    g = game_with("schnapps_distillery")
    p = me(g)
    own(g, p, "schnapps_distillery", (3, 2))
    set_goods(p, food=0, grain=0, peat=3)
    finish_work_phase(g)
    while g.decision.player != 0:  # the other player's inventorying may come first
        g.apply(g.legal_moves()[0])
    assert isinstance(g.decision, SustenanceDecision)
    # the Harvest gave 1 Grain (1 Grain Field)
    assert p.goods[Good.GRAIN] == 1
    g.apply(UseBuilding("schnapps_distillery"))
    assert (p.goods[Good.FOOD], p.goods[Good.PEAT]) == (3, 2)
    g.apply(Choose("pay"))
    assert (p.goods[Good.FOOD], p.goods[Good.PEAT], p.bottleneck_vp) == (0, 0, 0)


def test_loading_station_offers_no_building_move():
    """Loading Station: loading Peat onto vehicles is a Load move (vehicles), not a UseBuilding."""
    g = game_with("loading_station")
    p = me(g)
    own(g, p, "loading_station", (3, 2))
    rich(p, peat=5)
    g.refresh()
    assert uses(g) == []


def test_litter_storage_needs_2_horses():
    """Litter Storage: "exchange 3 Flax for 1 Horse if you already have at least 2 Horses"."""
    g = game_with("litter_storage")
    p = me(g)
    own(g, p, "litter_storage", (3, 2))
    set_goods(p, flax=6)
    g.refresh()
    assert uses(g) == []  # 1 Horse
    set_animals(p, {"s4,0": {H: 2}})
    g.refresh()
    g.apply(UseBuilding("litter_storage"))
    assert p.animals["s4,0"] == {H: 3} and p.goods[Good.FLAX] == 3


def test_wood_trader_building_1_timber_1_food_for_2_wood():
    """Wood Trader (building): "exchange 1 Timber plus 1 Food for 2 Wood"."""
    g = game_with("wood_trader")
    p = me(g)
    own(g, p, "wood_trader", (3, 2))
    set_goods(p, timber=1, food=1, wood=0)
    g.refresh()
    g.apply(UseBuilding("wood_trader"))
    assert (p.goods[Good.TIMBER], p.goods[Good.FOOD], p.goods[Good.WOOD]) == (0, 0, 2)


def test_anytime_buildings_mid_action_and_after_the_last_november():
    """Dark green: "can be used at any time during the game": in the middle of an action (here
    while choosing a building) and in the last trade after the final November."""
    g = game_with("wood_trader", "mill")
    p = me(g)
    own(g, p, "wood_trader", (3, 2))
    set_goods(p, timber=3, food=3, grain=8)
    g.refresh()
    g.apply(PlaceWorker("summer.builder"))
    assert isinstance(g.decision, ChooseBuildingDecision)
    g.apply(UseBuilding("wood_trader"))
    assert isinstance(g.decision, ChooseBuildingDecision) and p.goods[Good.WOOD] == 6
    g2 = game_with("wood_trader")
    p2 = me(g2)
    own(g2, p2, "wood_trader", (3, 2))
    set_goods(p2, timber=2, food=20)
    g2.state.half_year = 9
    finish_work_phase(g2)
    while g2.state.phase is not Phase.LAST_TRADE:
        g2.apply(g2.legal_moves()[0] if g2.actor == 1 else next(
            m for m in g2.legal_moves() if not isinstance(m, UseBuilding)))
    while g2.actor != 0:
        g2.apply(EndTurn())
    assert UseBuilding("wood_trader") in g2.legal_moves()
    g2.apply(UseBuilding("wood_trader"))
    assert p2.goods[Good.TIMBER] == 1


def test_an_anytime_use_cannot_leave_a_payment_under_way_unpaid():
    """A building being paid for must be paid: a use that would take the last Grain of a Small
    House payment is not offered until the payment is made."""
    g = game_with("schnapps_distillery", "workshop")
    p = me(g)
    own(g, p, "schnapps_distillery", (4, 1))
    clear_goods(p)
    set_goods(p, grain=1, peat=1, wood=1, clay=1)
    g.refresh()
    assert uses(g) == [UseBuilding("schnapps_distillery")]
    g.apply(PlaceWorker("summer.builder"))
    g.apply(Choose("workshop"))
    assert isinstance(g.decision, PayDecision)
    assert uses(g) == []
    g.apply(next(m for m in g.legal_moves() if isinstance(m, Pay) and Good.WOOD in dict(m.goods)))
    assert "workshop" in p.buildings


# -- Yellow: Minor Craft Buildings ---------------------------------------------------------------------


def test_turnery_per_forest_1_wood_and_2_cut_peat():
    """Turnery: "per Forest you have, receive 1 Wood and 2 'Cut Peat' actions"."""
    g = game_with("turnery")
    p = me(g)
    more_land(p)
    put(g, p, Tile.FOREST, (2, 0))
    put(g, p, Tile.FOREST, (2, 1))
    set_goods(p, timber=1, brick=1, wood=0, peat=0)
    build(g, "turnery", space="3,2")
    assert p.goods[Good.WOOD] == 2
    assert isinstance(g.decision, CutPeatDecision) and g.decision.remaining == 4
    cut_all(g)
    assert p.goods[Good.PEAT] == 4 and all(m.small is False for m in p.moors)  # boardwalk gone


def test_smokehouse_1_cut_peat_per_fish_trap():
    """Smokehouse: "receive 1 'Cut Peat' action per Fish Trap you have" (2 at the start)."""
    g = game_with("smokehouse")
    p = me(g)
    set_goods(p, timber=1, brick=1, peat=0)
    build(g, "smokehouse")
    assert g.decision.remaining == 2
    cut_all(g)
    assert p.goods[Good.PEAT] == 2 and boardwalk(p).peat == 2


def test_smithy_exchanges_small_equipment_for_plows():
    """Smithy: "exchange Peat Boats, Handcarts, and Wagons for Plows ... at a 1:1 ratio and any
    number of times. (Return the exchanged pieces of Equipment to the Supply Board.)" A Plow is
    the back of a Peat Boat, so Plows are limited by that stack."""
    g = game_with("smithy")
    p = me(g)
    boat = give(g, p, Equipment.PEAT_BOAT)
    cart = give(g, p, Equipment.HANDCART)
    wagon = give(g, p, Equipment.WAGON)
    set_goods(p, timber=1, brick=1)
    build(g, "smithy")
    assert isinstance(g.decision, SmithyDecision)
    assert set(g.legal_moves()) >= {Choose(f"e{boat.id}"), Choose(f"e{cart.id}"),
                                    Choose(f"e{wagon.id}"), Done()}
    g.apply(Choose(f"e{cart.id}"))
    assert g.state.supply["handcart_wagon"] == 1 and g.state.supply["peat_boat_plow"] == 4
    g.state.supply["peat_boat_plow"] = 0  # every other Peat Boat/Plow is in play
    g.refresh()
    # the Wagon would need a Plow from the empty stack; the Peat Boat turns over
    assert Choose(f"e{wagon.id}") not in g.legal_moves()
    g.apply(Choose(f"e{boat.id}"))
    assert g.state.supply["peat_boat_plow"] == 0
    assert sorted(e.kind for e in p.barn) == [Equipment.PLOW, Equipment.PLOW, Equipment.WAGON]
    assert barn_rules.count(p, Equipment.PEAT_BOAT) == 0


def _dairy(p, n_sheep: int, n_cattle: int) -> None:
    """Sheep on the 5 Dikes and pastures, Cattle in the Stall and pastures (rows 1-2 land)."""
    more_land(p)
    holders: dict = {}
    free = [f"d{i}" for i in range(5)]
    pastures = ["s1,0", "s1,1", "s1,2", "s2,0", "s2,1", "s2,2"]
    for _ in range(n_sheep):
        if free:
            holders[free.pop(0)] = {S: 1}
        else:
            h = pastures[0]
            holders.setdefault(h, {S: 0})[S] += 1
            if holders[h][S] == 2:
                pastures.pop(0)
    stall = min(3, n_cattle)
    if stall:
        holders["s4,0"] = {C: stall}
    left = n_cattle - stall
    while left:
        h = pastures.pop(-1)
        holders[h] = {C: min(2, left)}
        left -= holders[h][C]
    set_animals(p, holders)


@pytest.mark.parametrize(("sheep", "cattle", "up"), [(2, 2, 0), (3, 2, 1), (7, 3, 2), (9, 6, 3)])
def test_cooperage_5_10_15_dairy_animals_move_each_goods_indicator_1_2_3(sheep, cattle, up):
    """Cooperage: "For 5/10/15 Dairy Animals [Sheep and Cattle], you may move each of your six
    Goods Indicators up by 1/2/3 spaces" -- Food has two indicators, so Food rises 2/4/6."""
    g = game_with("cooperage")
    p = me(g)
    _dairy(p, sheep, cattle)
    set_goods(p, timber=1, brick=1, grain=1, flax=3, wool=4, hide=2, food=5)
    build(g, "cooperage", space="3,2")
    assert [p.goods[x] for x in (Good.GRAIN, Good.FLAX, Good.WOOL, Good.HIDE, Good.FOOD)] == [
        1 + up, 3 + up, 4 + up, 2 + up, 5 + 2 * up]


def test_cooperage_stops_at_the_end_of_the_goods_track():
    """Goods Track: at most 15 of each good and 30 Food."""
    g = game_with("cooperage")
    p = me(g)
    _dairy(p, 7, 3)
    set_goods(p, timber=1, brick=1, grain=14, food=28)
    build(g, "cooperage", space="3,2")
    assert (p.goods[Good.GRAIN], p.goods[Good.FOOD]) == (15, 30)


def test_bakehouse_per_oven_2_grain_1_flax_for_8_food():
    """Bakehouse: "per Oven you have, you may exchange 2 Grain and 1 Flax for 8 Food"."""
    g = game_with("bakehouse")
    p = me(g)
    p.tools[Tool.OVEN] = 1  # 2 Ovens
    set_goods(p, timber=1, brick=1, grain=6, flax=3, food=0)
    build(g, "bakehouse")
    g.apply(Choose("exchange"))
    g.apply(Choose("exchange"))
    assert not isinstance(g.decision, ExchangeDecision)  # 2 Ovens: 2 exchanges at most
    assert (p.goods[Good.GRAIN], p.goods[Good.FLAX], p.goods[Good.FOOD]) == (2, 1, 16)


def test_bakehouse_exchange_is_optional():
    g = game_with("bakehouse")
    p = me(g)
    set_goods(p, timber=1, brick=1, grain=2, flax=1, food=0)
    build(g, "bakehouse")
    g.apply(Done())
    assert (p.goods[Good.GRAIN], p.goods[Good.FOOD]) == (2, 0)


# -- Orange: Major Craft Buildings ---------------------------------------------------------------------


@pytest.mark.parametrize(("fields", "food"), [(2, 0), (3, 8), (4, 8), (5, 10), (6, 12)])
def test_mill_8_10_12_food_for_3_5_6_fields(fields, food):
    """Mill: "receive 8/10/12 Food if you have 3/5/6 Fields ... (If you have 2 or fewer Fields,
    you do not receive any Food.)" Both kinds count."""
    g = game_with("mill")
    p = me(g)
    more_land(p)
    for i in range(fields - 2):
        put(g, p, Tile.GRAIN_FIELD if i % 2 else Tile.FLAX_FIELD, (1 + i // 3, i % 3))
    set_goods(p, timber=1, grain=8, food=0)
    build(g, "mill", space="3,2")
    assert p.goods[Good.FOOD] == food


def test_weaving_mill_winter_wear_and_loom_up_2():
    """Weaving Mill: "receive 1 Winter Wear and move your Weaving Loom Tool Indicator (up to) 2
    spaces to the right for free"; paid here with Wool (RULES-DECISIONS)."""
    g = game_with("weaving_mill")
    p = me(g)
    set_goods(p, brick=2, wool=10, flax=0, wood=0)
    build(g, "weaving_mill")
    assert (p.goods[Good.WINTER_WEAR], tool(p, Tool.WEAVING_LOOM), p.goods[Good.WOOL]) == (1, 4, 0)
    assert p.goods[Good.WOOD] == 0  # for free


def test_weaving_mill_loom_stops_at_the_end_of_its_track():
    g = game_with("weaving_mill")
    p = me(g)
    p.tools[Tool.WEAVING_LOOM] = 2
    set_goods(p, brick=2, flax=10)
    build(g, "weaving_mill")
    assert tool(p, Tool.WEAVING_LOOM) == 5


def test_textile_house_1_linen_1_woolen_1_leather():
    """Textile House: costs 1 Brick and 2 different pieces of Clothing; "receive 1 Linen, 1
    Woolen, and 1 Leather"."""
    g = game_with("textile_house")
    p = me(g)
    set_goods(p, brick=1, summer_wear=1, leather_wear=1)
    build(g, "textile_house")
    assert [p.goods[x] for x in (Good.LINEN, Good.WOOLEN, Good.LEATHER, Good.SUMMER_WEAR)] == [
        1, 1, 1, 0]


def test_saddlery_cut_peat_per_horse_then_fleshing_beam_up_1():
    """Saddlery: "receive 1 'Cut Peat' action per Horse you have ... Afterwards, move your
    Fleshing Beam Tool Indicator 1 space to the right for free"."""
    g = game_with("saddlery")
    p = me(g)
    set_animals(p, {"s4,0": {H: 3}})
    set_goods(p, timber=2, leather=3, peat=0)
    build(g, "saddlery")
    assert isinstance(g.decision, CutPeatDecision) and g.decision.remaining == 3
    cut_all(g)
    assert p.goods[Good.PEAT] == 3 and tool(p, Tool.FLESHING_BEAM) == 5


def test_joinery_2_peat_per_peat_boat_1_horse_per_plow():
    """Joinery: "receive 2 Peat per Peat Boat you have, and 1 Horse per Plow you have" (Peat from
    the general supply)."""
    g = game_with("joinery")
    p = me(g)
    give(g, p, Equipment.PEAT_BOAT)
    give(g, p, Equipment.PEAT_BOAT)
    give(g, p, Equipment.PLOW)
    set_goods(p, timber=2, grain=5, peat=0)
    build(g, "joinery")
    assert p.goods[Good.PEAT] == 4 and boardwalk(p).peat == 4
    assert p.animals["s4,0"] == {H: 2}


def test_waterfront_house_25_food_paid_10_back_2_dikes_fish_trap_up_3():
    """Waterfront House: costs 2 Bricks and 25 Food; "receive 10 Food (back from the 25 Food you
    paid), 2 Dikes ... and move your Fish Trap Tool Indicator (up to) 3 spaces"."""
    g = game_with("waterfront_house")
    p = me(g)
    set_goods(p, brick=2, food=25)
    events = build(g, "waterfront_house")
    food = [e.delta for e in events if isinstance(e, GoodsChanged) and e.good == "food"]
    assert food == [-25, 10] and p.goods[Good.FOOD] == 10
    for _ in range(2):
        assert isinstance(g.decision, DikeDecision)
        g.apply(next(m for m in g.legal_moves() if isinstance(m, MoveDike)))
    assert sum(1 for gap, _ in p.dikes if gap > 0) == 4
    assert tool(p, Tool.FISH_TRAP) == 5  # 2 → 5 Fish Traps (3 spaces)


# -- Blue: Inns ----------------------------------------------------------------------------------------


def _inn_goods(p) -> None:
    clear_goods(p)
    set_goods(p, wood=1, clay=1, food=9)


def test_potters_inn_1_animal_of_any_type_per_pottery_wheel():
    """Potter's Inn: "receive 1 Animal of any type per Pottery Wheel you have ... You may choose
    the same or different Animals" (2 Pottery Wheels at the start)."""
    g = game_with("potters_inn")
    p = me(g)
    _inn_goods(p)
    build(g, "potters_inn", space="3,2")
    assert set(g.legal_moves()) >= {Choose("sheep"), Choose("cattle"), Choose("horse")}
    assert say(g.prompt()) == "Choose one (1 of 2): 1 Sheep, 1 Cattle or 1 Horse"  # issue 31
    g.apply(Choose("sheep"))
    assert say(g.prompt()) == "Choose one (2 of 2): 1 Sheep, 1 Cattle or 1 Horse"
    g.apply(Choose("cattle"))
    assert (sum(h.get(S, 0) for h in p.animals.values()),
            sum(h.get(C, 0) for h in p.animals.values())) == (1, 1)
    assert p.goods[Good.FOOD] == 0


def test_farmers_inn_replaces_up_to_3_fields_with_forests():
    """Farmer's Inn: "replace up to 3 of your Fields with Forests. (Return the Fields to the
    Supply Board. Keep in mind there is only a limited supply of Forest Tiles.)"."""
    g = game_with("farmers_inn")
    p = me(g)
    more_land(p)
    put(g, p, Tile.GRAIN_FIELD, (2, 0))
    put(g, p, Tile.FLAX_FIELD, (2, 1))
    _inn_goods(p)
    fields, forests = g.state.supply["field"], g.state.supply["forest_park"]
    build(g, "farmers_inn", space="3,2")
    for space in ("2,0", "2,1", "3,0"):
        g.apply(PlaceTile(space))
    assert not isinstance(g.decision, ReplaceFieldsDecision)  # 3 at most
    assert [p.tiles[s] for s in ((2, 0), (2, 1), (3, 0), (3, 1))] == [
        "forest", "forest", "forest", "flax_field"]
    assert (g.state.supply["field"], g.state.supply["forest_park"]) == (fields + 3, forests - 3)


def test_farmers_inn_limited_by_the_forest_supply():
    g = game_with("farmers_inn")
    p = me(g)
    _inn_goods(p)
    g.state.supply["forest_park"] = 1
    build(g, "farmers_inn", space="3,2")
    g.apply(PlaceTile("3,1"))
    assert not isinstance(g.decision, ReplaceFieldsDecision)
    assert p.tiles[(3, 0)] == "grain_field" and p.tiles[(3, 1)] == "forest"


def test_junk_dealers_inn_handcart_or_peat_boat_and_or_clothes():
    """Junk Dealer's Inn: "either receive 1 Handcart or 1 Peat Boat for free ... Additionally or
    alternatively, receive 1 Leather Wear and 1 Woolen"."""
    g = game_with("junk_dealers_inn")
    p = me(g)
    _inn_goods(p)
    build(g, "junk_dealers_inn")
    assert set(g.legal_moves()) >= {Choose("equipment"), Choose("clothes"), Done()}
    g.apply(Choose("equipment"))
    assert set(g.legal_moves()) >= {Choose("handcart"), Choose("peat_boat")}
    g.apply(Choose("peat_boat"))
    g.apply(Choose("clothes"))
    assert [e.kind for e in p.barn] == [Equipment.PEAT_BOAT]
    assert (p.goods[Good.LEATHER_WEAR], p.goods[Good.WOOLEN]) == (1, 1)


def test_junk_dealers_inn_without_equipment_left_gives_only_the_clothes():
    """"If there are no more Handcarts or Peat Boats left on the Supply Board, you do not receive
    any"."""
    g = game_with("junk_dealers_inn")
    p = me(g)
    _inn_goods(p)
    g.state.supply["handcart_wagon"] = 0
    g.state.supply["peat_boat_plow"] = 0
    build(g, "junk_dealers_inn")
    assert Choose("equipment") not in g.legal_moves()
    g.apply(Choose("clothes"))
    assert p.barn == [] and p.goods[Good.LEATHER_WEAR] == 1


def test_gulf_house_inn_double_stall_counts_as_2_stalls():
    """Gulf House Inn: "receive 1 Timber per Stall you have, and 1 Brick per Stable you have ...
    Double Stalls are considered 2 separate Stalls, so you receive 2 Timber per Double Stall"."""
    g = game_with("gulf_house_inn")
    p = me(g)
    g.state.supply["stall_depot"] += 1  # the Stall leaves; a Double Stall comes
    put(g, p, Tile.DOUBLE_STALL, (4, 0))
    _inn_goods(p)
    build(g, "gulf_house_inn")
    assert (p.goods[Good.TIMBER], p.goods[Good.BRICK]) == (2, 0)


def test_gulf_house_inn_stall_and_stable():
    g = game_with("gulf_house_inn")
    p = me(g)
    more_land(p)
    put(g, p, Tile.STALL, (2, 0))
    put(g, p, Tile.STABLE, (2, 1))
    _inn_goods(p)
    build(g, "gulf_house_inn", space="3,2")
    assert (p.goods[Good.TIMBER], p.goods[Good.BRICK]) == (2, 1)


@pytest.mark.parametrize(("cattle", "cuts"), [(0, 1), (2, 3)])
def test_milk_house_inn_1_cattle_then_cut_peat_per_cattle(cattle, cuts):
    """Milk House Inn: "receive 1 Cattle, and afterwards, 1 'Cut Peat' action per Cattle"."""
    g = game_with("milk_house_inn")
    p = me(g)
    if cattle:
        set_animals(p, {"s4,0": {C: cattle}})
    _inn_goods(p)
    build(g, "milk_house_inn", space="3,2")
    assert isinstance(g.decision, CutPeatDecision) and g.decision.remaining == cuts
    cut_all(g)
    assert p.goods[Good.PEAT] == cuts


@pytest.mark.parametrize(("position", "wood"), [(0, 4), (3, 6)])
def test_sluice_yard_inn_fish_trap_2_spaces_then_wood_per_fish_trap(position, wood):
    """Sluice Yard Inn (RULES-DECISIONS: 2 spaces, not the English 1): the Fish Trap indicator
    moves 2 spaces for free, then 1 Wood per Fish Trap (2 → 4 Fish Traps: 4 Wood; the track ends
    at 6)."""
    g = game_with("sluice_yard_inn")
    p = me(g)
    p.tools[Tool.FISH_TRAP] = position
    _inn_goods(p)
    build(g, "sluice_yard_inn")
    assert (tool(p, Tool.FISH_TRAP), p.goods[Good.WOOD]) == (wood, wood)


# -- Red: Large Buildings ------------------------------------------------------------------------------


def _large_goods(p) -> None:
    clear_goods(p)
    set_goods(p, timber=3, brick=3, food=15)


def test_village_church_gives_a_carriage_if_one_is_left():
    """Village Church: "receive 1 (Wedding) Carriage for free ... (provided there is still a
    Carriage left on the Supply Board)"."""
    g = game_with("village_church")
    p = me(g)
    _large_goods(p)
    left = g.state.supply["carriage_droshky"]
    build(g, "village_church")
    assert [e.kind for e in p.barn] == [Equipment.CARRIAGE]
    assert g.state.supply["carriage_droshky"] == left - 1
    g2 = game_with("village_church")
    p2 = me(g2)
    _large_goods(p2)
    g2.state.supply["carriage_droshky"] = 0
    build(g2, "village_church")
    assert p2.barn == []


def test_lutetsburg_castle_forest_and_three_tools_up_1():
    """Lütetsburg Castle: "receive 1 Forest Tile and place it on an empty Land Space (if
    available) and move each of your Tool Indicators for Spades, Pottery Wheels, and Workbenches
    1 space to the right for free"."""
    g = game_with("lutetsburg_castle")
    p = me(g)
    _large_goods(p)
    build(g, "lutetsburg_castle", space="3,2")
    assert p.tiles[(4, 1)] == Tile.FOREST.value
    assert (tool(p, Tool.SPADE), tool(p, Tool.POTTERY_WHEEL), tool(p, Tool.WORKBENCH)) == (5, 3, 3)


def test_lutetsburg_castle_without_room_for_the_forest():
    g = game_with("lutetsburg_castle")
    p = me(g)
    _large_goods(p)
    put(g, p, Tile.FOREST, (4, 1))
    forests = g.state.supply["forest_park"]
    build(g, "lutetsburg_castle", space="3,2")
    assert g.state.supply["forest_park"] == forests and tool(p, Tool.SPADE) == 5


def test_berum_castle_oven_and_loom_up_1_and_a_tile_upgrade():
    """Berum Castle: "move each of your Tool Indicators for Ovens and Weaving Looms 1 space ...
    Additionally, you receive 1 'Tile Upgrade' action"."""
    g = game_with("berum_castle")
    p = me(g)
    _large_goods(p)
    build(g, "berum_castle")
    assert (tool(p, Tool.OVEN), tool(p, Tool.WEAVING_LOOM)) == (2, 3)
    assert isinstance(g.decision, UpgradeDecision)
    g.apply(Flip("m0"))
    assert p.moors[0].dehydrated and p.moors[0].peat == 4


def test_immediate_abilities_act_once_when_built():
    """Immediate buildings: "you receive a one-time reward as soon as you build them. After you
    have received your reward, you can ignore them": the Mill gives nothing at later inventories."""
    g = game_with("mill")
    p = me(g)
    more_land(p)
    put(g, p, Tile.GRAIN_FIELD, (2, 0))
    set_goods(p, timber=1, grain=8, food=0)
    events = build(g, "mill", space="3,2")
    assert [str(e.text) for e in events if isinstance(e, ActionUsed) and e.source == "mill"] == [
        "3 Fields: 8 Food"]
    later = finish_work_phase(g)
    later += finish_work_phase(g)
    assert not [e for e in later if isinstance(e, ActionUsed) and e.source == "mill"]


def test_dark_green_are_the_seven_anytime_buildings():
    assert len(DARK_GREEN) == 7


def test_an_anytime_use_cannot_spend_what_a_waiting_payment_needs():
    """A cost still to be paid later in the same action (here 1 Grain after a Cut Peat choice)
    keeps the goods it needs: Schnapps Distillery is not offered while it would take that Grain."""
    from arle.engine.interpreter.steps import CutPeatStep, PayCost
    from arle.engine.rules.payments import cost
    from tests.engine.helpers import run_steps

    g = game_with("schnapps_distillery")
    p = me(g)
    own(g, p, "schnapps_distillery", (3, 2))
    homeboard.dehydrate(g, p, 0)
    set_goods(p, grain=1, peat=2)
    run_steps(g, 0, [CutPeatStep("fixed:1", optional=False), PayCost(cost(grain=1))])
    assert isinstance(g.decision, CutPeatDecision)
    assert uses(g) == []
    set_goods(p, grain=2)
    g.refresh()
    assert uses(g) == [UseBuilding("schnapps_distillery")]


def test_carpenters_workshop_cannot_spend_the_bricks_of_a_stable_being_chosen():
    """Anytime buildings (RULES-DECISIONS notes "Anytime buildings"): not while something under
    way would lose what it must pay. Winter Carpenter "exchange a Stall for a Stable by paying 2
    Bricks": while the Stall is being chosen, the Workshop (4 Food, 1 Brick) is not offered with
    only 2 Bricks; with 3 it is, and the Stable is still paid. (Found by `arle fuzz games`.)"""
    from arle.engine.interpreter.moves import Flip
    from arle.engine.rules.build import UpgradeStallDecision

    g = game_with("carpenters_workshop")
    p = me(g)
    own(g, p, "carpenters_workshop", (3, 2))
    p.tiles[(3, 1)] = Tile.STALL.value
    set_goods(p, food=5, brick=2)
    g.state.stack.append(UpgradeStallDecision(p.index))
    g.refresh()
    assert uses(g, "carpenters_workshop") == []
    set_goods(p, food=5, brick=3)
    g.refresh()
    assert UseBuilding("carpenters_workshop", "3,1") in uses(g)
    g.apply(UseBuilding("carpenters_workshop", "3,1"))
    g.apply(Flip("s4,0"))
    assert p.tiles[(3, 1)] == p.tiles[(4, 0)] == Tile.STABLE.value
    assert (p.goods[Good.FOOD], p.goods[Good.BRICK]) == (1, 0)
