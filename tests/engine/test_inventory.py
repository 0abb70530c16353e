"""Phase 3: Inventorying (rulebook p. 8): November (empty vehicles, milking, harvest, sustenance
3 Food + 2 Peat) and May (empty vehicles, baby animals, shearing, sustenance 3 Food)."""

from __future__ import annotations

import pytest

from arle.engine import IllegalMove
from arle.engine.content.goods import Good
from arle.engine.content.tiles import Equipment, Tile
from arle.engine.interpreter.events import ActionUsed, GoodsChanged, SupplyBottleneck
from arle.engine.interpreter.moves import Choose, Pay, TradePeat
from arle.engine.rules import animals as ar
from arle.engine.rules import barn
from arle.engine.rules.inventory import (
    Harvest,
    Milking,
    PayAnimalsDecision,
    Shearing,
    Sustenance,
    SustenanceDecision,
    level,
    may,
    november,
)
from arle.engine.rules.scoring import score
from tests.engine.helpers import (
    C,
    H,
    S,
    clear_goods,
    finish_work_phase,
    me,
    new_game,
    of_type,
    run_steps,
    set_animals,
    set_goods,
)


def _with_animals(holders):
    g = new_game()
    p = me(g)
    p.tiles[(3, 2)] = Tile.STABLE.value
    p.tiles[(4, 1)] = Tile.STABLE.value
    set_animals(p, holders)
    return g, p


@pytest.mark.parametrize(("sheep", "food"), [(0, 0), (1, 0), (2, 1), (4, 1), (5, 2), (6, 2),
                                             (7, 3), (12, 3)])
def test_milking_sheep_gives_1_2_3_food_for_2_5_7(sheep, food):
    """November 2. Milking: "1/2/3 Food for 2/5/7 Sheep" (RULES-DECISIONS: 2/5/7, not the
    online version's 8)."""
    g, p = _with_animals({"s3,2": {S: min(sheep, 6)}, "s4,1": {S: max(0, sheep - 6)}})
    set_goods(p, food=0)
    Milking().run(g, p)
    assert p.goods[Good.FOOD] == food


@pytest.mark.parametrize(("cattle", "food"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (9, 3)])
def test_milking_cattle_gives_1_2_3_food_for_1_3_5(cattle, food):
    """November 2. Milking: "1/2/3 Food for 1/3/5 Cattle"."""
    g, p = _with_animals({"s3,2": {C: min(cattle, 6)}, "s4,1": {C: max(0, cattle - 6)}})
    set_goods(p, food=0)
    Milking().run(g, p)
    assert p.goods[Good.FOOD] == food


@pytest.mark.parametrize(("sheep", "cattle"), [(7, 5), (13, 5), (7, 12), (13, 12)])
def test_milking_gives_at_most_6_food(sheep, cattle):
    """November 2. Milking: "You cannot get more than 6 Food this way": herds far beyond the top
    thresholds (7 Sheep, 5 Cattle) give 6 Food, not more."""
    g, p = _with_animals({})
    p.tiles.update({(5, 0): Tile.STABLE.value, (5, 1): Tile.STABLE.value})
    herds = {"s3,2": {S: min(sheep, 6)}, "s4,1": {S: min(sheep - 6, 6)}, "d0": {S: sheep - 12},
             "s5,0": {C: min(cattle, 6)}, "s5,1": {C: cattle - 6}}
    set_animals(p, {h: {a: n for a, n in here.items() if n > 0} for h, here in herds.items()})
    assert (ar.count(p, S), ar.count(p, C)) == (sheep, cattle)
    set_goods(p, food=2)
    Milking().run(g, p)
    assert p.goods[Good.FOOD] == 8


def test_milking_counts_only_animals_on_the_home_board():
    g, p = _with_animals({"s3,2": {S: 1}, ar.WAITING: {S: 1}})
    set_goods(p, food=0)
    Milking().run(g, p)
    assert p.goods[Good.FOOD] == 0


def test_threshold_levels():
    assert [level(n, (2, 5, 7)) for n in range(9)] == [0, 0, 1, 1, 1, 2, 2, 3, 3]


def test_harvest_1_grain_per_grain_field_1_flax_per_flax_field_1_wood_per_forest_not_parks():
    """November 3. Harvest: "1 Grain per Grain Field and 1 Flax per Flax Field ... 1 Wood per
    Forest ... (You do not receive Wood for your Parks.)\""""
    g = new_game()
    p = me(g)
    p.tiles.update({(3, 2): Tile.GRAIN_FIELD.value, (4, 1): Tile.FOREST.value,
                    (5, 0): Tile.FOREST.value, (5, 1): Tile.PARK.value})
    set_goods(p, grain=0, flax=0, wood=0)
    Harvest().run(g, p)
    assert (p.goods[Good.GRAIN], p.goods[Good.FLAX], p.goods[Good.WOOD]) == (2, 1, 2)


def test_harvest_is_capped_by_the_goods_track():
    """The Goods Track: indicators "cannot go above 15"."""
    g = new_game()
    p = me(g)
    set_goods(p, grain=15, flax=14)
    Harvest().run(g, p)
    assert (p.goods[Good.GRAIN], p.goods[Good.FLAX]) == (15, 15)


@pytest.mark.parametrize(("script", "peat_paid"), [(november, 2), (may, 0)])
def test_sustenance_pays_3_food_and_2_peat_in_november_3_food_in_may(script, peat_paid):
    """November 4. Sustenance: "Pay 3 Food and 2 Peat"; May 4. Sustenance: "Pay 3 Food" (the
    step of each Inventorying script, paid from enough goods: nothing else is touched)."""
    g = new_game()
    p = me(g)
    set_goods(p, food=5, peat=3, grain=4, wood=4)
    sustenance = [step for step in script(0).steps if isinstance(step, Sustenance)]
    events = run_steps(g, 0, sustenance)
    assert len(sustenance) == 1
    assert (p.goods[Good.FOOD], p.goods[Good.PEAT], p.goods[Good.GRAIN], p.goods[Good.WOOD]) == (
        2, 3 - peat_paid, 4, 4)
    assert not of_type(events, SupplyBottleneck)


def test_missing_food_is_paid_with_grain_first():
    """Sustenance: "For each missing Food, pay 1 Grain instead"."""
    g = new_game()
    p = me(g)
    set_goods(p, food=1, grain=5, peat=2)
    run_steps(g, 0, [Sustenance(3, 2)])
    assert (p.goods[Good.FOOD], p.goods[Good.GRAIN]) == (0, 3)
    assert ar.total(p) == 1


def test_then_with_animals_of_the_players_choice():
    """Sustenance: "If you run out of Grain, pay 1 Animal per missing Food instead";
    RULES-DECISIONS notes "Paying Animals": of the type you choose."""
    g = new_game()
    p = me(g)
    set_animals(p, {"s4,0": {H: 2}, "s3,2": {S: 2}, "d0": {C: 1}})
    set_goods(p, food=0, grain=1, peat=2)
    run_steps(g, 0, [Sustenance(3, 2)])
    assert p.goods[Good.GRAIN] == 0
    assert isinstance(g.decision, PayAnimalsDecision)
    assert set(g.legal_moves()) >= {Choose("sheep"), Choose("cattle"), Choose("horse")}
    g.apply(Choose("horse"))
    g.apply(Choose("sheep"))
    assert g.decision is None
    assert (ar.count(p, H), ar.count(p, S), ar.count(p, C)) == (1, 1, 1)
    assert p.bottleneck_vp == 0


def test_missing_peat_is_paid_with_wood_or_timber_as_the_player_chooses():
    """Sustenance: "For each missing Peat, pay 1 Wood (or Timber) instead"."""
    g = new_game()
    p = me(g)
    set_goods(p, food=3, peat=0, wood=2, timber=2)
    run_steps(g, 0, [Sustenance(3, 2)])
    options = {m for m in g.legal_moves() if isinstance(m, Pay)}
    assert options == {Pay(((Good.WOOD, 2),)), Pay(((Good.TIMBER, 1), (Good.WOOD, 1))),
                       Pay(((Good.TIMBER, 2),))}
    g.apply(Pay(((Good.TIMBER, 1), (Good.WOOD, 1))))
    assert (p.goods[Good.WOOD], p.goods[Good.TIMBER], p.goods[Good.PEAT]) == (1, 1, 0)
    assert p.bottleneck_vp == 0


def test_each_item_still_missing_costs_2_vp():
    """Sustenance: "you lose 2 Victory Points per missing item" (Supply Bottlenecks)."""
    g = new_game()
    p = me(g)
    clear_goods(p)
    set_animals(p, {})
    set_goods(p, food=1, peat=1)
    events = run_steps(g, 0, [Sustenance(3, 2)])
    assert of_type(events, SupplyBottleneck) == [SupplyBottleneck(0, 2, 1, -6)]
    assert p.bottleneck_vp == -6
    assert score(p).bottlenecks == -6
    run_steps(g, 0, [Sustenance(3, 0)])
    assert p.bottleneck_vp == -12


def test_animals_cover_only_as_much_food_as_there_are_animals():
    g = new_game()
    p = me(g)
    clear_goods(p)
    set_goods(p, peat=2)
    run_steps(g, 0, [Sustenance(3, 2)])  # the starting Horse pays 1 Food
    assert ar.total(p) == 0
    assert p.bottleneck_vp == -4


@pytest.mark.parametrize(("sheep", "wool"), [(0, 0), (1, 1), (3, 1), (4, 2), (5, 2), (6, 3), (11, 3)])
def test_shearing_gives_1_2_3_wool_for_1_4_6_sheep(sheep, wool):
    """May 3. Shearing: "1/2/3 Wool for 1/4/6 Sheep ... (You cannot get more than 3 Wool)"."""
    g, p = _with_animals({"s3,2": {S: min(6, sheep)}, "s4,1": {S: max(0, sheep - 6)}})
    set_goods(p, wool=0)
    Shearing().run(g, p)
    assert p.goods[Good.WOOL] == wool


def test_may_newborn_sheep_are_shorn_and_food_is_due():
    """May: Baby Animals before Shearing - "Your newborn Sheep can be shorn right away"; 3 Food
    and no Peat for sustenance."""
    g = new_game()
    for q in g.state.players:
        set_goods(q, food=10, wool=0, peat=3)
        set_animals(q, {"s4,0": {S: 2}, "s3,2": {S: 1}})  # 3 Sheep: 1 Wool; +1 newborn: 2 Wool
    finish_work_phase(g)  # November: no breeding, no shearing; 3 Food + 2 Peat
    p = me(g)
    assert (p.goods[Good.WOOL], p.goods[Good.FOOD], p.goods[Good.PEAT]) == (0, 10 + 1 - 3, 1)
    finish_work_phase(g)  # May
    assert ar.count(p, S) == 4
    assert (p.goods[Good.WOOL], p.goods[Good.FOOD], p.goods[Good.PEAT]) == (2, 8 - 3, 1)


def test_november_runs_milking_and_harvest_before_sustenance():
    """November sub-phases "one by one in the given order": the Food from milking and the Grain
    from the harvest can feed the family the same November."""
    g = new_game()
    for q in g.state.players:
        clear_goods(q)
        set_goods(q, peat=2)
        set_animals(q, {"s4,0": {C: 1}})
    events = finish_work_phase(g)
    p = me(g)
    # Milking: 1 Food; harvest: 1 Grain, 1 Flax. Sustenance: 1 Food + 1 Grain, then the Cattle.
    assert (p.goods[Good.FOOD], p.goods[Good.GRAIN], p.goods[Good.FLAX]) == (0, 0, 1)
    assert ar.total(p) == 0 and p.bottleneck_vp == 0
    mine = [e for e in events if e.player == 0 and isinstance(e, ActionUsed | GoodsChanged)]
    order = [e.source for e in mine if isinstance(e, ActionUsed)]
    assert order.index("milking") < order.index("harvest")


def test_inventory_moves_cannot_be_skipped():
    """A pending sustenance payment must be answered; other moves are illegal."""
    g = new_game()
    p = me(g)
    set_animals(p, {"s4,0": {H: 1}, "s3,2": {S: 1}})
    set_goods(p, food=0, grain=0, peat=2)
    run_steps(g, 0, [Sustenance(3, 2)])
    with pytest.raises(IllegalMove):
        g.apply(Choose("cattle"))


def test_a_peat_boat_owner_may_trade_peat_before_paying_sustenance():
    """Anytime Actions: "If you own a Peat Boat, you can exchange Peat for goods of the Goods Track
    at a 1:1 ratio - at any time during the game" - also right before Sustenance."""
    g = new_game()
    p = me(g)
    barn.add(g, p, Equipment.PEAT_BOAT)
    clear_goods(p)
    set_goods(p, peat=5)
    run_steps(g, 0, [Sustenance(3, 2)])
    assert isinstance(g.decision, SustenanceDecision)
    assert Choose("pay") in g.legal_moves() and TradePeat(Good.FOOD) in g.legal_moves()
    for _ in range(3):
        g.apply(TradePeat(Good.FOOD))
    g.apply(Choose("pay"))
    assert (p.goods[Good.FOOD], p.goods[Good.PEAT], p.bottleneck_vp) == (0, 0, 0)
    assert ar.total(p) == 1, "the Horse was not needed"


def test_november_fuel_short_of_wood_is_paid_with_timber():
    """Sustenance: "For each missing Peat, pay 1 Wood (or Timber) instead": with 1 Wood and
    2 Timber for 2 missing Peat, Timber makes up what the Wood does not (no bottleneck)."""
    g = new_game()
    p = me(g)
    set_goods(p, food=3, peat=0, wood=1, timber=2)
    run_steps(g, 0, [Sustenance(3, 2)])
    options = {m for m in g.legal_moves() if isinstance(m, Pay)}
    assert options == {Pay(((Good.TIMBER, 1), (Good.WOOD, 1))), Pay(((Good.TIMBER, 2),))}
    g.apply(Pay(((Good.TIMBER, 1), (Good.WOOD, 1))))
    assert (p.goods[Good.WOOD], p.goods[Good.TIMBER]) == (0, 1)
    assert p.bottleneck_vp == 0


def test_november_fuel_with_no_wood_takes_the_one_timber_and_the_rest_costs_2_vp():
    g = new_game()
    p = me(g)
    clear_goods(p)
    set_goods(p, food=3, timber=1)
    events = run_steps(g, 0, [Sustenance(3, 2)])
    assert p.goods[Good.TIMBER] == 0
    assert of_type(events, SupplyBottleneck) == [SupplyBottleneck(0, 0, 1, -2)]
    assert p.bottleneck_vp == -2
