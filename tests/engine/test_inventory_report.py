"""The inventory summary's numbers (issue 13): ``inventory_report`` gathers a player's
inventorying from its ``InventoryPart`` events; the numbers are the rulebook's (p. 8, "Phase 3:
Inventoring": milking 1/2/3 Food for 2/5/7 Sheep and 1/2/3 for 1/3/5 Cattle, 1 Grain per Grain
Field, Sustenance 3 Food and 2 Peat, Grain for missing Food, 2 VP per missing item; May: a Stall
with exactly 2 Animals gets a third, shearing 1/2/3 Wool for 1/4/6 Sheep, newborns included)."""

from __future__ import annotations

from arle.engine import inventory_report, say
from arle.engine.content.tiles import Tile
from arle.engine.interpreter.events import InventoryEnded, PhaseStarted
from tests.engine.helpers import (
    C,
    S,
    clear_goods,
    finish_work_phase,
    game_in,
    me,
    of_type,
    passive,
    set_animals,
    set_goods,
)


def test_november_two_sheep_one_cattle_milk_harvest_food_and_fuel_with_a_bottleneck():
    """2 Sheep -> 1 Food, 1 Cattle -> 1 Food (milking); 1 Grain Field -> 1 Grain; Sustenance 3
    Food: the 2 Food from milking and 1 Grain; 2 Peat: 1 Peat, the second missing: -2 VP."""
    g = game_in("summer")
    p = me(g)
    clear_goods(p)
    set_goods(p, peat=1)
    p.tiles = {(3, 2): Tile.GRAIN_FIELD.value}  # (the starting Fields taken away)
    set_animals(p, {"d0": {S: 1}, "d1": {S: 1}, "d2": {C: 1}})
    g.refresh()
    events = finish_work_phase(g)
    report = inventory_report(events, 0, "november")
    assert report.milking == (("food", 2),)
    assert report.harvest == (("grain", 1),)
    assert report.food == (("food", 2), ("grain", 1))
    assert report.fuel == (("peat", 1),)
    assert (report.missing_food, report.missing_fuel, report.vp) == (0, 1, -2)
    assert sorted(e.player for e in of_type(events, InventoryEnded)) == [0, 1]
    text = say(report.text())
    assert "Milking: 2 Food" in text and "Harvest: 1 Grain" in text and "-2 VP" in text


def test_may_a_stall_with_2_sheep_breeds_and_the_newborn_is_shorn():
    """May: a Stall with exactly 2 Sheep gets a third; 3 Sheep give 1 Wool; 3 Food paid."""
    g = game_in("winter")
    p = me(g)
    clear_goods(p)
    set_goods(p, food=3)
    p.tiles[(3, 2)] = Tile.STALL.value
    set_animals(p, {"s3,2": {S: 2}, "d2": {C: 1}})
    g.refresh()
    report = inventory_report(finish_work_phase(g), 0, "may")
    assert report.breeding == (("sheep", 1),)
    assert report.shearing == (("wool", 1),)
    assert report.food == (("food", 3),)
    assert report.vp == 0 and "Bottleneck" not in say(report.text())


def test_the_last_november_is_reported_as_it_happened_not_as_nothing():
    """Issue 31: the last inventorying's report said "nothing" for Milking, Harvest, Food and
    Fuel, because the trade phase that follows it in the same move started the report over.
    Rulebook p. 8: 2 Sheep give 1 Food, 1 Cattle 1 Food; 1 Grain Field 1 Grain."""
    g = game_in("summer")
    g.state.half_year = 9
    p = me(g)
    clear_goods(p)
    set_goods(p, peat=2, food=1)
    p.tiles = {(3, 2): Tile.GRAIN_FIELD.value}
    set_animals(p, {"d0": {S: 1}, "d1": {S: 1}, "d2": {C: 1}})
    g.refresh()
    events = finish_work_phase(g)
    assert [e.phase for e in of_type(events, PhaseStarted)][-2:] == ["inventory", "last_trade"]
    report = inventory_report(events, 0, "november")
    assert report.milking == (("food", 2),)
    assert report.harvest == (("grain", 1),)
    assert report.food == (("food", 3),)
    assert report.fuel == (("peat", 2),)
    assert "nothing" not in say(report.text())


def test_a_report_holds_its_own_inventorying_only():
    """Events of a May and then a November: the November report has no May part."""
    g = game_in("winter")
    p = me(g)
    set_goods(p, food=9, peat=9)
    events = finish_work_phase(g)  # May (half-year 2)
    events += finish_work_phase(g)  # November (half-year 3)
    report = inventory_report(events, 0, "november")
    assert report.season == "november" and report.breeding == () and report.shearing == ()
    assert report.food == (("food", 3),) and report.fuel == (("peat", 2),)


def test_the_fuel_paid_is_the_wood_and_timber_the_player_chose():
    """Issue 50 item 7: "Pay 1 Timber, 1 Wood" was played, and the summary said "Fuel paid:
    2 Wood". Rulebook (rules/000, Phase 3, Sustenance): "For each missing Peat, pay 1 Wood (or
    Timber) instead": the summary says which were paid."""
    from arle.engine import Good, Pay

    g = game_in("summer")
    p = me(g)
    clear_goods(p)
    set_goods(p, food=9, wood=2, timber=2)
    g.refresh()
    events = finish_work_phase(g)
    for _ in range(200):
        if any(isinstance(e, InventoryEnded) and e.player == 0 for e in events):
            break
        moves = g.legal_moves()
        mixed = [m for m in moves if isinstance(m, Pay) and dict(m.goods) == {Good.WOOD: 1, Good.TIMBER: 1}]
        events += g.apply(mixed[0] if mixed else passive(moves))
    report = inventory_report(events, 0, "november")
    assert sorted(report.fuel) == [("timber", 1), ("wood", 1)]
    assert "Fuel paid: 1 Wood, 1 Timber" in say(report.text())
