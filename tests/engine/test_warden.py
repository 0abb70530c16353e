"""Warden and Dike Warden: "Flip over a tile with the arrow Symbol for free (↻4)" (rulebook pp. 12-13),
limited to the eight flips of RULES-DECISIONS.md "Which tiles the Warden ... may flip"."""

from __future__ import annotations

import pytest

from arle.engine.content.tiles import Equipment, Tile
from arle.engine.interpreter.moves import Done, Flip, MoveDike
from arle.engine.interpreter.state import LoadItem
from arle.engine.rules import animals, homeboard
from tests.engine.helpers import (
    H,
    S,
    game_in,
    give,
    have,
    idle,
    me,
    options,
    place,
    placeable,
    set_animals,
)


def _warden_with_only(setup) -> tuple:
    """A game whose player 0 has nothing flippable but what ``setup(g, p)`` adds."""
    g = game_in()
    p = me(g)
    for m in p.moors:
        m.dehydrated, m.peat = True, 4  # no hydrated Moor to flip
    del p.tiles[(4, 0)]  # the starting Stall goes (its Horse with it)
    p.animals = {}
    target = setup(g, p)
    g.refresh()
    return g, p, target


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (Equipment.PEAT_BOAT, Equipment.PLOW),
        (Equipment.HANDCART, Equipment.WAGON),
        (Equipment.CART, Equipment.HORSE_CART),
        (Equipment.CARRIAGE, Equipment.DROSHKY),
    ],
)
def test_warden_flips_equipment_for_free(before, after):
    """↻4: "There is no cost for flipping over these tiles. (For instance, when you upgrade a Cart
    to a Horse Cart, you do not need to pay any Wood or Horses.)"."""
    g, p, piece = _warden_with_only(lambda g, p: give(g, p, before))
    wood, supply = have(p, "wood"), dict(g.state.supply)
    place(g, "summer.warden")
    g.apply(Flip(f"e{piece.id}"))  # (the only flip, chosen: issue 50 item 8)
    assert idle(g)
    assert piece.kind is after and len(p.barn) == 1
    assert have(p, "wood") == wood
    assert g.state.supply == supply  # both sides of one tile: nothing taken or returned
    assert g.stats[f"flip:{before.value}->{after.value}"] == 1


@pytest.mark.parametrize(("before", "after"), [(Tile.FOREST, Tile.PARK)])
def test_warden_flips_forest_to_park(before, after):
    def setup(g, p):
        p.tiles[(3, 2)] = before.value
        return (3, 2)

    g, p, space = _warden_with_only(setup)
    place(g, "summer.warden")
    g.apply(Flip("s3,2"))
    assert p.tiles[space] == after.value
    assert g.stats["flip:forest->park"] == 1


def test_warden_dehydrates_a_moor_with_4_peat():
    """RULES-DECISIONS: "Moor→Dehydrated Moor (with 4 Peat from the general supply)"."""
    g = game_in()
    p = me(g)
    place(g, "summer.warden")
    assert options(g) == [Flip("s4,0"), Flip("m0"), Flip("m1"), Flip("m2"), Done()]
    g.apply(Flip("m1"))
    assert idle(g)
    m = homeboard.get_moor(p, 1)
    assert m.dehydrated and m.peat == 4 and have(p, "peat") == 3
    assert g.stats["flip:moor->dehydrated_moor"] == 1


def test_warden_stall_to_depot_the_animals_leave():
    """A Depot holds no Animals (RULES-DECISIONS flips): the Stall's 3 Horses look for another
    place - here the two empty pastures (2 + 1)."""
    g = game_in()
    p = me(g)
    for m in p.moors:
        m.dehydrated, m.peat = True, 4
    set_animals(p, {"s4,0": {H: 3}})
    g.refresh()
    place(g, "summer.warden")
    g.apply(Flip("s4,0"))
    assert idle(g)
    assert p.tiles[(4, 0)] == Tile.DEPOT.value
    assert "s4,0" not in p.animals
    assert animals.count(p, H) == 3 and animals.housing_valid(p)
    assert g.stats["flip:stall->depot"] == 1


def test_warden_stable_to_double_stall_splits_into_two_stalls():
    """A Double Stall is two Stalls of 3 (RULES-DECISIONS: Stable→Double Stall): 6 Sheep stay,
    3 in each half."""
    def setup(g, p):
        p.tiles[(3, 2)] = Tile.STABLE.value
        p.tiles[(4, 0)] = Tile.DEPOT.value
        p.tiles[(4, 1)] = Tile.STALL.value  # a Stall with room for 2 more Sheep
        p.animals = {"s3,2": {S: 6}, "s4,1": {S: 1}}
        return (3, 2)

    g, p, space = _warden_with_only(setup)
    place(g, "summer.warden")
    g.apply(Flip("s3,2"))
    assert idle(g)
    assert p.tiles[space] == Tile.DOUBLE_STALL.value
    assert p.animals["s3,2"] == {S: 3} and p.animals["s3,2b"] == {S: 3}
    assert p.animals["s4,1"] == {S: 1}
    assert g.stats["flip:stable->double_stall"] == 1


def test_warden_flipped_vehicle_keeps_its_load():
    """RULES-DECISIONS: flipping a Cart to a Horse Cart keeps what it carries."""
    load = [LoadItem(0, 1, "timber"), LoadItem(1, 2, "summer_wear")]

    def setup(g, p):
        cart = give(g, p, Equipment.CART)
        cart.load = list(load)
        return cart

    g, _, cart = _warden_with_only(setup)
    place(g, "summer.warden")
    g.apply(Flip(f"e{cart.id}"))
    assert cart.kind is Equipment.HORSE_CART
    assert cart.load == load


@pytest.mark.parametrize(
    "kind", [Equipment.PLOW, Equipment.WAGON, Equipment.HORSE_CART, Equipment.DROSHKY]
)
def test_warden_nothing_else_flips_equipment(kind):
    """RULES-DECISIONS: "Nothing else" - the upgraded sides do not flip back."""
    g, p, _ = _warden_with_only(lambda g, p: give(g, p, kind))
    place(g, "summer.warden")
    assert idle(g)
    assert p.barn[0].kind is kind
    assert not [k for k in g.stats if k.startswith("flip:")]


def test_warden_nothing_else_flips_tiles_fields_buildings_or_dehydrated_moors():
    """"Fields are placed with either side up but not flipped later"; Depot, Park, Double Stall
    and buildings have no arrow."""
    def setup(g, p):
        p.tiles[(3, 2)] = Tile.DEPOT.value
        p.tiles[(4, 1)] = Tile.PARK.value
        p.tiles[(4, 0)] = Tile.DOUBLE_STALL.value
        return None

    g, p, _ = _warden_with_only(setup)
    assert "summer.warden" in placeable(g)  # no up-front cost: allowed, does nothing
    before = dict(p.tiles)
    place(g, "summer.warden")
    assert idle(g)
    assert p.tiles == before


def test_warden_the_player_chooses_among_all_eight_kinds_of_flip():
    g = game_in()
    p = me(g)
    pieces = [give(g, p, k) for k in (Equipment.PEAT_BOAT, Equipment.HANDCART, Equipment.CART,
                                      Equipment.CARRIAGE)]
    p.tiles[(3, 2)] = Tile.STABLE.value
    p.tiles[(4, 1)] = Tile.FOREST.value
    g.refresh()
    place(g, "summer.warden")
    assert set(options(g)) == {
        *(Flip(f"e{e.id}") for e in pieces),
        Flip("s3,2"), Flip("s4,1"), Flip("s4,0"), Flip("m0"), Flip("m1"), Flip("m2"), Done(),
    }
    g.apply(Flip(f"e{pieces[3].id}"))
    assert idle(g)  # exactly one flip
    assert pieces[3].kind is Equipment.DROSHKY and g.stats["flip:carriage->droshky"] == 1


def test_dike_warden_a_flip_and_1_dike():
    """Dike Warden: "Flip over a tile ... Additionally, build 1 Dike"."""
    g, p, piece = _warden_with_only(lambda g, p: give(g, p, Equipment.HANDCART))
    g.state.half_year = 2
    g.refresh()
    dikes = list(p.dikes)
    place(g, "winter.dike_warden")
    g.apply(Flip(f"e{piece.id}"))  # (the only flip, chosen: issue 50 item 8)
    assert piece.kind is Equipment.WAGON
    moves = [m for m in options(g) if isinstance(m, MoveDike)]
    assert moves
    g.apply(moves[0])
    assert idle(g)
    assert sum(1 for a, b in zip(dikes, p.dikes, strict=True) if a != b) == 1


def test_dike_warden_without_a_flip_still_builds_the_dike():
    g, p, _ = _warden_with_only(lambda g, p: None)
    g.state.half_year = 2
    g.refresh()
    dikes = list(p.dikes)
    place(g, "winter.dike_warden")
    g.apply(next(m for m in options(g) if isinstance(m, MoveDike)))
    assert idle(g)
    assert p.dikes != dikes


def test_the_warden_may_leave_the_only_stall_a_stall():
    """Issue 50 item 8: the Warden flipped the only Stall at once, no choice, not even Done, and
    its Horses moved out. The flip is one the Warden "may" make (RULES-DECISIONS.md, "Which tiles
    the Warden (and Dike Warden, Berum Castle) may flip"; rulebook ↻4 "Flip over a tile"), so
    even a single tile is offered with Done, which flips nothing and moves no Animal."""
    g, p, _ = _warden_with_only(lambda g, p: None)
    p.tiles[(4, 0)] = Tile.STALL.value
    set_animals(p, {"s4,0": {H: 3}})
    g.refresh()
    place(g, "summer.warden")
    assert options(g) == [Flip("s4,0"), Done()]
    g.apply(Done())
    assert idle(g)
    assert p.tiles[(4, 0)] == Tile.STALL.value and p.animals["s4,0"] == {H: 3}
    assert not any(k.startswith("flip:") for k in g.stats)


def test_a_game_of_an_older_arle_that_flipped_without_asking_still_replays():
    """Issue 50 item 8 changed the rules' flow: an Arle before it flipped a single tile without a
    move, so its saves and journals go on with the next move at the flip's decision (the review's
    game ``hard_own``, saved by such an Arle, did at move 80). Replaying plays that flip first
    (``implied_flip``); a move that a flip would not make legal is still refused."""
    import json
    from pathlib import Path

    from arle.engine import PlaceWorker, implied_flip, move_from_dict
    from arle.files.saves import load_history

    g, p, _ = _warden_with_only(lambda g, p: None)
    p.tiles[(4, 0)] = Tile.STALL.value
    g.refresh()
    place(g, "summer.warden")
    after = g.copy()
    after.apply(Flip("s4,0"))
    assert implied_flip(g, after.legal_moves()[0]) == Flip("s4,0")
    assert implied_flip(g, Done()) is None and implied_flip(g, PlaceWorker("nowhere")) is None

    path = Path(__file__).parents[1] / "match" / "data" / "hard_own.arle.json"
    saved = [move_from_dict(m) for m in json.loads(path.read_text())["moves"]]
    replayed = load_history(path).moves
    assert len(replayed) == len(saved) + 1
    assert [m for m in replayed if m not in saved] == [replayed[80]] and isinstance(replayed[80], Flip)
