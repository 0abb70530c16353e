"""Animal Husbandry (rulebook p. 9 "Animal Husbandry Rules", p. 8 "Baby Animals") and the
RULES-DECISIONS notes "New Animals" and "Paying Animals"."""

from __future__ import annotations

import pytest

from arle.engine import IllegalMove
from arle.engine.content.tiles import Tile
from arle.engine.interpreter.events import AnimalsChanged
from arle.engine.interpreter.moves import MoveAnimal, ReleaseAnimal
from arle.engine.interpreter.steps import Gain, HouseAnimalsDecision, PayDecision
from arle.engine.rules import animals as ar
from arle.engine.rules import homeboard as hb
from arle.engine.rules.equipment_steps import ChooseVehicleDecision
from arle.engine.rules.inventory import PayAnimalsDecision
from tests.engine.helpers import (
    C,
    H,
    S,
    clear_goods,
    finish_work_phase,
    game_in,
    me,
    new_game,
    of_type,
    run_steps,
    set_animals,
    set_goods,
)


def _board_with_every_holder(g):
    """Dike twice (rows 1-2 become land) and put one of every tile on the Home Board."""
    p = me(g)
    for _ in range(4):
        movers, targets = hb.dike_targets(p)
        hb.move_dike(g, p, movers[0], targets[0])
    p.tiles.update({
        (1, 0): Tile.STABLE.value, (1, 1): Tile.DOUBLE_STALL.value, (1, 2): Tile.PARK.value,
        (2, 0): Tile.DEPOT.value, (2, 1): Tile.FOREST.value, (2, 2): "farmers_house",
    })
    g.refresh()
    return p


def test_capacities_of_every_kind_of_holder():
    """Animal Husbandry Rules ①-⑥: Dike 1 of any type; empty Land Space 2 of one type; Stall 3 of
    one type; Double Stall two separate Stalls; Stable 6 of one type; Park 2 of any types."""
    g = new_game()
    p = _board_with_every_holder(g)
    info = {hid: (cap, mixed) for hid, cap, mixed, _ in ar.holders(p)}
    assert {info[f"d{i}"] for i in range(5)} == {(1, True)}
    assert info["s3,2"] == (2, False) and info["s4,1"] == (2, False)  # empty land = pasture
    assert info["s4,0"] == (3, False)  # the starting Stall
    assert info["s1,1"] == (3, False) and info["s1,1b"] == (3, False)  # Double Stall
    assert info["s1,0"] == (6, False)  # Stable
    assert info["s1,2"] == (2, True)  # Park
    # Depots, Forests, Fields, Buildings and Moors hold no Animals.
    for none in ("s2,0", "s2,1", "s2,2", "s3,0", "s3,1", "s4,2", "s5,0", "s6,1"):
        assert none not in info
    assert len(info) == 5 + 2 + 1 + 2 + 1 + 1


@pytest.mark.parametrize(("holder", "here", "animal", "ok"), [
    ("d0", {}, S, True), ("d0", {C: 1}, S, False),
    ("s3,2", {S: 1}, S, True), ("s3,2", {S: 2}, S, False), ("s3,2", {S: 1}, C, False),
    ("s4,0", {H: 2}, H, True), ("s4,0", {H: 3}, H, False), ("s4,0", {H: 1}, S, False),
    ("s1,0", {C: 5}, C, True), ("s1,0", {C: 6}, C, False), ("s1,0", {C: 1}, H, False),
    ("s1,1b", {S: 2}, S, True), ("s1,1b", {S: 3}, S, False),
    ("s1,2", {S: 1}, C, True), ("s1,2", {S: 1, H: 1}, C, False),
    ("s2,0", {}, S, False), ("s2,1", {}, S, False), ("s3,0", {}, S, False),
])
def test_accepts_one_more_animal_only_within_capacity_and_type(holder, here, animal, ok):
    """Animal Husbandry Rules ①-⑥ (same type where required)."""
    g = new_game()
    p = _board_with_every_holder(g)
    set_animals(p, {holder: here} if here else {})
    assert ar.accepts(p, holder, animal) is ok


def test_double_stall_halves_hold_different_types():
    """Rule ④: "Double Stalls ... are considered two separate Stalls"."""
    g = new_game()
    p = _board_with_every_holder(g)
    set_animals(p, {"s1,1": {S: 3}, "s1,1b": {C: 3}})
    assert ar.housing_valid(p)


def test_new_animals_join_their_own_kind_then_the_best_free_place():
    """RULES-DECISIONS notes "New Animals": gained Animals go to a fitting place automatically."""
    g = new_game()
    p = me(g)
    run_steps(g, 0, [Gain(animals=((H, 1),))])
    assert p.animals["s4,0"] == {H: 2}, "the new Horse joins the Horse in the Stall"
    run_steps(g, 0, [Gain(animals=((S, 3),))])
    assert p.animals["s3,2"] == {S: 2} and p.animals["s4,1"] == {S: 1}
    run_steps(g, 0, [Gain(animals=((C, 1),))])
    assert ar.count(p, C) == 1 and ar.waiting(p) == 0 and ar.housing_valid(p)
    assert any(h.startswith("d") for h, here in p.animals.items() if C in here)


def test_house_animals_decision_place_after_rearranging():
    """Animal Husbandry: "You can only keep your newly gained Animals if you can accommodate
    them"; "you can rearrange the Animals on your Home Board at any time" - a Cattle with no
    place waits while the player moves a Sheep to free a pasture."""
    g = new_game()
    p = me(g)
    set_animals(p, {"s4,0": {H: 1}, "s3,2": {S: 1}, "s4,1": {S: 1},
                    **{f"d{i}": {H: 1} for i in range(5)}})
    events = run_steps(g, 0, [Gain(animals=((C, 1),))])
    assert AnimalsChanged(0, "cattle", ar.WAITING, 1) in events
    assert isinstance(g.decision, HouseAnimalsDecision)
    moves = g.legal_moves()
    assert ReleaseAnimal(C, ar.WAITING) in moves
    assert MoveAnimal(S, "s4,1", "s3,2") in moves
    assert MoveAnimal(C, ar.WAITING, "s3,2") not in moves  # a pasture holds one type
    g.apply(MoveAnimal(S, "s4,1", "s3,2"))
    assert g.decision is not None, "the Cattle still waits"
    g.apply(MoveAnimal(C, ar.WAITING, "s4,1"))
    assert g.decision is None
    assert p.animals["s4,1"] == {C: 1} and p.animals["s3,2"] == {S: 2}
    assert ar.count(p, C) == 1 and ar.housing_valid(p)


def test_house_animals_decision_release():
    """Animal Husbandry: "You can return Animals to the general supply (without substitution)"."""
    g = new_game()
    p = me(g)
    full = {"s4,0": {H: 3}, "s3,2": {S: 2}, "s4,1": {S: 2}, **{f"d{i}": {H: 1} for i in range(5)}}
    set_animals(p, full)
    run_steps(g, 0, [Gain(animals=((C, 2),))])
    assert ar.waiting(p) == 2
    g.apply(ReleaseAnimal(C, ar.WAITING))
    assert isinstance(g.decision, HouseAnimalsDecision)
    g.apply(ReleaseAnimal(C, ar.WAITING))
    assert g.decision is None and ar.count(p, C) == 0
    assert p.animals == full


def test_waiting_animals_do_not_count_until_housed():
    p = me(new_game())
    set_animals(p, {ar.WAITING: {S: 2}})
    assert ar.count(p, S) == 0 and ar.waiting(p) == 2


def test_rearranging_is_an_anytime_move_and_illegal_moves_are_refused():
    """Anytime Actions: "you can rearrange the Animals on your Home Board" by the husbandry
    rules; a move that breaks them is refused and changes nothing."""
    g = new_game()
    p = me(g)
    set_animals(p, {"s4,0": {H: 1}, "s3,2": {S: 2}})
    assert MoveAnimal(H, "s4,0", "s4,1") in g.legal_moves()
    g.apply(MoveAnimal(H, "s4,0", "s4,1"))
    assert p.animals == {"s4,1": {H: 1}, "s3,2": {S: 2}}
    with pytest.raises(IllegalMove):
        g.apply(MoveAnimal(S, "s3,2", "s4,1"))  # a pasture holds one type
    with pytest.raises(IllegalMove):
        g.apply(MoveAnimal(H, "s4,1", "s3,0"))  # a Grain Field is no pasture
    assert p.animals == {"s4,1": {H: 1}, "s3,2": {S: 2}}
    g.apply(ReleaseAnimal(S, "s3,2"))
    assert ar.count(p, S) == 1


@pytest.mark.parametrize(("n", "born"), [(0, 0), (1, 0), (2, 1), (3, 0)])
def test_stall_breeds_only_with_exactly_2(n, born):
    """Baby Animals: "In each of your Stalls with exactly 2 Animals of the same type, you receive
    a third Animal"."""
    g = new_game()
    p = me(g)
    set_animals(p, {"s4,0": {S: n}})
    assert ar.breed(g, p) == born
    assert ar.count(p, S) == n + born


@pytest.mark.parametrize(("n", "born"), [(1, 0), (2, 1), (3, 1), (4, 2), (5, 1), (6, 0)])
def test_stable_breeds_1_for_2_3_5_and_2_for_exactly_4(n, born):
    """Baby Animals: "In each of your Stables with 2, 3 or 5 Animals of the same type, you also
    receive another Animal ... with exactly 4 Animals ... 2 Animals"."""
    g = new_game()
    p = me(g)
    p.tiles[(3, 2)] = Tile.STABLE.value
    set_animals(p, {"s3,2": {C: n}})
    assert ar.breed(g, p) == born
    assert p.animals["s3,2"] == {C: n + born}


def test_double_stall_breeds_as_two_stalls():
    """Baby Animals: "Double Stalls (upgrades to Stables) are considered two separate Stalls"."""
    g = new_game()
    p = me(g)
    p.tiles[(3, 2)] = Tile.DOUBLE_STALL.value
    set_animals(p, {"s3,2": {S: 2}, "s3,2b": {H: 2}})
    assert ar.breed(g, p) == 2
    assert p.animals == {"s3,2": {S: 3}, "s3,2b": {H: 3}}
    set_animals(p, {"s3,2": {S: 2}, "s3,2b": {S: 1}})
    assert ar.breed(g, p) == 1


def test_parks_pastures_and_dikes_do_not_breed():
    """Baby Animals: "Animals outside of your Stalls and Stables, e.g. those in your Parks, do not
    breed"."""
    g = new_game()
    p = me(g)
    p.tiles[(3, 2)] = Tile.PARK.value
    set_animals(p, {"s3,2": {S: 2}, "s4,1": {C: 2}, "d0": {H: 1}, "d1": {H: 1}})
    assert ar.breed(g, p) == 0


def test_breeding_happens_in_may_only():
    """Inventorying: Baby Animals is a sub-phase of May only (End: "Your Animals will not breed
    anymore, because they only do so in May")."""
    g = new_game()
    for q in g.state.players:
        q.goods.update({k: 10 for k in q.goods})  # no sustenance trouble
        set_animals(q, {"s4,0": {S: 2}})
    finish_work_phase(g)  # November
    assert g.state.half_year == 2
    assert ar.count(me(g), S) == 2
    finish_work_phase(g)  # May
    assert g.state.half_year == 3
    assert me(g).animals["s4,0"] == {S: 3}
    assert me(g, 1).animals["s4,0"] == {S: 3}


def test_paid_animals_leave_dikes_and_pastures_before_stalls_and_stables():
    """RULES-DECISIONS notes "Paying Animals": Animals paid leave Dikes and pastures before Stalls
    and Stables (so breeding pairs stay together)."""
    g = new_game()
    p = me(g)
    p.tiles[(3, 2)] = Tile.STALL.value  # "s3,2" sorts before the pasture "s4,1"
    set_animals(p, {"s3,2": {S: 2}, "s4,1": {S: 1}, "s4,0": {H: 1}})
    ar.remove_animals(g, p, S, 1)
    assert p.animals == {"s3,2": {S: 2}, "s4,0": {H: 1}}
    p.tiles[(4, 1)] = Tile.STABLE.value
    set_animals(p, {"s3,2": {S: 2}, "s4,1": {S: 3}, "d2": {S: 1}})
    ar.remove_animals(g, p, S, 2)
    assert ar.count(p, S) == 4 and "d2" not in p.animals
    assert sum(p.animals[h][S] for h in ("s3,2", "s4,1")) == 4
    assert of_type(g.refresh(), AnimalsChanged)


def test_remove_animals_takes_from_a_park_before_a_stall():
    g = new_game()
    p = me(g)
    p.tiles[(3, 2)] = Tile.PARK.value
    p.tiles[(4, 1)] = Tile.STALL.value
    set_animals(p, {"s3,2": {C: 1}, "s4,1": {C: 2}})
    ar.remove_animals(g, p, C, 1)
    assert p.animals == {"s4,1": {C: 2}}


def test_house_animals_decision_release_an_old_animal_to_keep_the_new_one():
    """Animal Husbandry: Animals may be returned "at any time" - during the Work Phase the player
    may free a place for the newcomer by releasing an Animal already on the board."""
    g = new_game()
    p = me(g)
    set_animals(p, {"s4,0": {H: 3}, "s3,2": {S: 1}, "s4,1": {S: 2},
                    **{f"d{i}": {H: 1} for i in range(5)}})
    run_steps(g, 0, [Gain(animals=((C, 1),))])
    assert ReleaseAnimal(S, "s3,2") in g.legal_moves()
    g.apply(ReleaseAnimal(S, "s3,2"))
    g.apply(MoveAnimal(C, ar.WAITING, "s3,2"))
    assert g.decision is None
    assert (ar.count(p, S), ar.count(p, C), ar.count(p, H)) == (2, 1, 8)


# -- Releasing at any time (rulebook p. 9) -------------------------------------------------------------


def test_release_is_an_anytime_move_while_paying_sustenance_in_november():
    """p. 9: "You can return Animals to the general supply (without substitution) at any time";
    only rearranging is kept to the Work Phase. Paying November's Food with Animals, the player
    may also release any Animal, but not move one."""
    from arle.engine.interpreter.state import Phase
    from arle.engine.rules.inventory import Sustenance
    from tests.engine.helpers import clear_goods

    g = new_game()
    p = me(g)
    set_animals(p, {"s4,0": {H: 1}, "s3,2": {S: 2}, "d0": {C: 1}})
    clear_goods(p)
    g.state.phase = Phase.INVENTORY
    run_steps(g, 0, [Sustenance(3, 2)])
    assert isinstance(g.decision, PayAnimalsDecision)
    moves = g.legal_moves()
    assert {ReleaseAnimal(H, "s4,0"), ReleaseAnimal(S, "s3,2"), ReleaseAnimal(C, "d0")} <= set(moves)
    assert not any(isinstance(m, MoveAnimal) for m in moves), "no rearranging outside the Work Phase"
    g.apply(ReleaseAnimal(C, "d0"))
    assert ar.count(p, C) == 0 and isinstance(g.decision, PayAnimalsDecision)


def test_release_is_offered_for_a_board_animal_when_a_new_one_has_no_room_outside_the_work_phase():
    """p. 9: Animals may be returned "at any time": also while a newcomer waits for a place after
    the Work Phase (here in inventorying), an Animal already on the board may make room for it."""
    from arle.engine.interpreter.state import Phase

    g = new_game()
    p = me(g)
    set_animals(p, {"s4,0": {H: 3}, "s3,2": {S: 2}, "s4,1": {S: 2}, **{f"d{i}": {H: 1} for i in range(5)}})
    g.state.phase = Phase.INVENTORY
    run_steps(g, 0, [Gain(animals=((C, 1),))])
    assert isinstance(g.decision, HouseAnimalsDecision)
    assert ReleaseAnimal(S, "s3,2") in g.legal_moves() and ReleaseAnimal(H, "d2") in g.legal_moves()
    g.apply(ReleaseAnimal(H, "d2"))
    g.apply(MoveAnimal(C, ar.WAITING, "d2"))
    assert g.decision is None and ar.count(p, C) == 1 and ar.count(p, H) == 7


def test_the_last_trade_turn_is_not_given_for_releasing_alone():
    """Releasing Animals never gains anything after the last Harvest: a player whose only anytime
    move would be a release gets no extra last-trade click (the game ends)."""
    from arle.engine.interpreter.state import Phase

    g = new_game(players=1)
    p = me(g)
    set_animals(p, {"s4,0": {H: 1}})
    p.barn.clear()
    g.state.phase = Phase.INVENTORY
    g.state.half_year = 9
    g.state.stack.clear()
    g.refresh()
    assert g.over


def test_release_while_a_payment_waits_keeps_the_animals_it_asks_for():
    """p. 9: Animals may be returned "at any time", also while the player chooses how to pay a
    Cart (5 Wood, here Wood or Timber, and 1 Horse): a Sheep may go, the one Horse may not."""
    from arle.engine.content.goods import Good
    from arle.engine.interpreter.moves import Choose, Pay, PlaceWorker
    from arle.engine.interpreter.state import Phase

    g = game_in("winter")
    p = me(g)
    clear_goods(p)
    set_goods(p, wood=4, timber=2)
    set_animals(p, {"s4,0": {H: 1}, "s3,2": {S: 1}})
    assert g.state.phase is Phase.WORK
    g.apply(PlaceWorker("winter.wainwright"))
    g.apply(Choose("vehicle"))
    if isinstance(g.decision, ChooseVehicleDecision):
        g.apply(Choose("cart"))
    assert isinstance(g.decision, PayDecision)
    moves = g.legal_moves()
    assert ReleaseAnimal(S, "s3,2") in moves and ReleaseAnimal(H, "s4,0") not in moves
    g.apply(ReleaseAnimal(S, "s3,2"))
    assert isinstance(g.decision, PayDecision) and ar.count(p, S) == 0
    g.apply(next(m for m in g.legal_moves() if isinstance(m, Pay)))
    assert ar.count(p, H) == 0 and p.goods[Good.WOOD] + p.goods[Good.TIMBER] == 1
