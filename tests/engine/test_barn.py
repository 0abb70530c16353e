"""The Barn (rulebook "Space is limited in the Barn", ↻1 and ↻3; RULES-DECISIONS "Barn"): 4
spaces for small Equipment (Plow, Peat Boat, Handcart, Wagon) and 3 for Large Vehicles, the
lowest of which may hold a small piece instead. A new piece that does not fit needs another piece
of equal size returned to the supply board first."""

from __future__ import annotations

import pytest

from arle.engine.content.tiles import EQUIPMENT, Equipment, barn_fits
from arle.engine.interpreter.moves import ReturnEquipment
from arle.engine.rules import animals
from arle.engine.rules import barn as barn_rules
from tests.engine.helpers import (
    C,
    H,
    choose,
    game_in,
    give,
    have,
    keys,
    me,
    options,
    place,
    set_animals,
    set_goods,
)

SMALL = (Equipment.PLOW, Equipment.PEAT_BOAT, Equipment.HANDCART, Equipment.WAGON)
LARGE = (Equipment.CART, Equipment.HORSE_CART, Equipment.CARRIAGE, Equipment.DROSHKY)


def test_small_and_large_equipment():
    assert all(not EQUIPMENT[k].large for k in SMALL)
    assert all(EQUIPMENT[k].large for k in LARGE)


@pytest.mark.parametrize(
    ("small", "large", "fits"),
    [
        (4, 3, True),
        (5, 2, True),  # the lowest large space holds a small piece
        (5, 3, False),
        (6, 1, False),  # only the lowest large space may
        (0, 4, False),
        (4, 0, True),
        (5, 0, True),
    ],
)
def test_barn_capacity(small, large, fits):
    assert barn_fits(small, large) is fits


def test_full_barn_large_vehicle_replaces_a_large_vehicle():
    """↻3: "you must first get rid of another piece of Equipment of equal size" - a Handcart does
    not make room for a Cart."""
    g = game_in("winter")
    p = me(g)
    set_goods(p, wood=5)
    set_animals(p, {"s4,0": {H: 2}})
    smalls = [give(g, p, k) for k in (Equipment.PLOW, Equipment.PLOW, Equipment.HANDCART,
                                      Equipment.PEAT_BOAT)]
    larges = [give(g, p, k) for k in (Equipment.CART, Equipment.CART, Equipment.CARRIAGE)]
    assert barn_rules.room_makers(p, Equipment.CART) == [e.id for e in larges]
    carts = g.state.supply["cart_horse_cart"]
    place(g, "winter.wainwright")
    choose(g, "vehicle")
    assert keys(g) == ["handcart", "wagon", "cart", "carriage"]  # 5 Wood, 2 Horses
    choose(g, "cart")
    assert options(g) == [ReturnEquipment(e.id) for e in larges]
    g.apply(ReturnEquipment(larges[2].id))
    assert sorted(e.kind for e in p.barn if EQUIPMENT[e.kind].large) == [Equipment.CART] * 3
    assert all(e in p.barn for e in smalls)
    assert g.state.supply["carriage_droshky"] == 3
    assert g.state.supply["cart_horse_cart"] == carts - 1
    assert have(p, "wood") == 0 and animals.count(p, H) == 1


def test_full_barn_plow_replaces_a_small_piece():
    """↻1: "If you have no space left in your Barn, you have to get rid of another piece of
    Equipment before you get the Plow. Return the old piece of Equipment to the Supply Board." -
    5 small pieces (one in the lowest large space) and 2 Large Vehicles."""
    g = game_in()
    p = me(g)
    set_animals(p, {"s4,0": {C: 1}})
    smalls = [give(g, p, k) for k in (Equipment.PEAT_BOAT,) * 3 + (Equipment.HANDCART,
                                                                   Equipment.WAGON)]
    give(g, p, Equipment.CART)
    give(g, p, Equipment.DROSHKY)
    assert barn_rules.room_makers(p, Equipment.PLOW) == [e.id for e in smalls]
    place(g, "summer.farmer")
    choose(g, "plow")  # the Cattle, the only Animal, is paid at once
    g.apply(ReturnEquipment(smalls[3].id))  # the Handcart goes back
    assert [e.kind for e in p.barn].count(Equipment.PLOW) == 1
    assert Equipment.HANDCART not in [e.kind for e in p.barn]
    assert len(p.barn) == 7
    assert animals.count(p, C) == 0 and have(p, "wood") == 3


def test_equal_size_only_even_where_a_small_piece_would_free_a_large_space():
    """↻3 "of equal size": the Wagon in the lowest large space is not offered for a Carriage."""
    g = game_in("winter")
    p = me(g)
    for _ in range(4):
        give(g, p, Equipment.PLOW)
    give(g, p, Equipment.CART)
    give(g, p, Equipment.CART)
    wagon = give(g, p, Equipment.WAGON)  # in the lowest large space
    assert barn_rules.sizes(p) == (5, 2)
    set_goods(p, wood=10)
    set_animals(p, {"s4,0": {H: 3}})
    place(g, "winter.wainwright")
    choose(g, "vehicle")
    choose(g, "carriage")
    # returning a Cart is the equal-size way; there are two of them to choose from
    assert {m.equipment for m in options(g)} == {e.id for e in p.barn if e.kind is Equipment.CART}
    assert wagon in p.barn


def test_returning_equipment_is_an_anytime_move():
    """RULES-DECISIONS "Barn": "Equipment may be returned to the supply at any time"."""
    g = game_in()
    p = me(g)
    piece = give(g, p, Equipment.PEAT_BOAT)
    stock = g.state.supply["peat_boat_plow"]
    assert ReturnEquipment(piece.id) in g.legal_moves()
    g.apply(ReturnEquipment(piece.id))
    assert p.barn == [] and g.state.supply["peat_boat_plow"] == stock + 1


def test_a_large_vehicle_never_makes_room_for_a_small_piece():
    """4 small pieces and 3 Large Vehicles: returning a Cart would free the lowest large space for a
    Peat Boat, but only a small piece is of equal size."""
    g = game_in("winter")
    p = me(g)
    plows = [give(g, p, Equipment.PLOW) for _ in range(4)]
    for k in (Equipment.CART, Equipment.CART, Equipment.CARRIAGE):
        give(g, p, k)
    assert barn_rules.room_makers(p, Equipment.PEAT_BOAT) == [e.id for e in plows]
    assert not barn_rules.has_room(p, Equipment.PEAT_BOAT)
    assert barn_rules.can_house(p, Equipment.PEAT_BOAT)


def test_room_made_meanwhile_stores_the_new_piece_at_once():
    """Equipment may be returned at any time (RULES-DECISIONS "Barn"): returning a Large Vehicle
    while asked to make room for a Peat Boat frees the lowest large space, so the Peat Boat is
    stored without returning a small piece too."""
    g = game_in("winter")
    p = me(g)
    plows = [give(g, p, Equipment.PLOW) for _ in range(4)]
    cart = give(g, p, Equipment.CART)
    give(g, p, Equipment.CART)
    give(g, p, Equipment.CARRIAGE)
    place(g, "winter.wainwright")
    choose(g, "peat_boat")
    assert options(g) == [ReturnEquipment(e.id) for e in plows]
    g.apply(ReturnEquipment(cart.id))  # an anytime move: not one the decision offered
    assert all(e in p.barn for e in plows)
    assert [e.kind for e in p.barn].count(Equipment.PEAT_BOAT) == 1
    assert barn_rules.sizes(p) == (5, 2)
    assert keys(g) == ["vehicle"]
