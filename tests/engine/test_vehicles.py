"""Vehicles and loading (rulebook "Loading Vehicles", "Details on Vehicles", inventorying step 1
"Empty Vehicles", "Travel Experience"; RULES-DECISIONS.md "Vehicle spaces" and "Barn")."""

from __future__ import annotations

import pytest

from arle.engine.content.decisions import travel_vp
from arle.engine.content.goods import Good
from arle.engine.content.tiles import Equipment
from arle.engine.interpreter.game import IllegalMove
from arle.engine.interpreter.moves import Choose, Load, ReturnEquipment
from arle.engine.interpreter.state import Phase
from arle.engine.rules import barn as barn_rules
from arle.engine.rules import vehicles, warden
from tests.engine.helpers import clear_goods, finish_work_phase, give, me, new_game, set_goods
from tests.engine.vehicle_helpers import cargo, load, load_items, loads

E = Equipment


def test_wood_is_loaded_as_timber_and_reaches_the_supply_only_when_emptied():
    """p. 10 "Single Spaces can be loaded with Wood and Clay tiles ... turn them to their reverse
    side, Timber"; p. 11 "you cannot access them until ... you empty your Vehicles"."""
    g = new_game()
    p = me(g)
    cart = give(g, p, E.HANDCART)
    load(g, cart, 0, "wood")
    assert p.goods[Good.WOOD] == 3
    assert p.goods[Good.TIMBER] == 0
    assert cargo(cart) == [(0, 1, "timber")]
    vehicles.empty_vehicles(g, p)
    assert p.goods[Good.TIMBER] == 1
    assert p.goods[Good.WOOD] == 3
    assert cart.load == []


def test_clay_is_loaded_as_brick_and_costs_1_peat():
    """p. 10 "When placing Clay on a Vehicle, you must also pay 1 Peat"."""
    g = new_game()
    p = me(g)
    cart = give(g, p, E.HANDCART)
    load(g, cart, 0, "clay")
    assert (p.goods[Good.CLAY], p.goods[Good.PEAT], p.goods[Good.BRICK]) == (3, 2, 0)
    assert cargo(cart) == [(0, 1, "brick")]
    vehicles.empty_vehicles(g, p)
    assert (p.goods[Good.CLAY], p.goods[Good.PEAT], p.goods[Good.BRICK]) == (3, 2, 1)


def test_clay_cannot_be_loaded_without_peat_and_timber_is_not_wood():
    """p. 10: Clay needs 1 Peat; only Wood and Clay tiles are loaded (not Timber or Bricks)."""
    g = new_game()
    p = me(g)
    cart = give(g, p, E.HANDCART)
    clear_goods(p)
    set_goods(p, clay=2, timber=3, brick=3)
    assert load_items(g, cart.id, 0) == {"dest:hage"}  # Hage sells a Field: no goods needed
    set_goods(p, peat=1)
    g.refresh()
    assert load_items(g, cart.id, 0) == {"clay", "dest:hage", "dest:beemoor"}


def test_fabric_takes_two_combined_single_spaces_of_a_large_vehicle():
    """p. 10 "Combining spaces on Large Vehicles ... to upgrade Fabrics (Linen, Woolen and
    Leather): this is how you make Summer, Winter and Leather Wear" (2 spaces each)."""
    g = new_game()
    p = me(g)
    cart = give(g, p, E.CART)  # [S][S][S]
    set_goods(p, linen=1, woolen=1)
    assert {"linen", "woolen"} <= load_items(g, cart.id, 0)
    assert {"linen", "woolen"} <= load_items(g, cart.id, 1)
    assert "linen" not in load_items(g, cart.id, 2)  # only one space left after it
    load(g, cart, 1, "linen")
    assert cargo(cart) == [(1, 2, "summer_wear")]
    assert p.goods[Good.LINEN] == 0
    # Spaces 0 and 2 are free but not adjacent: no room for the Woolen any more.
    assert load_items(g, cart.id, 0) == {"wood", "clay", "dest:hage", "dest:beemoor"}
    assert "woolen" not in {m.item for m in loads(g, cart.id)}
    vehicles.empty_vehicles(g, p)
    assert p.goods[Good.SUMMER_WEAR] == 1


def test_double_space_refuses_timber_and_bricks():
    """p. 10 "Double Spaces ... You may not place Timber, Bricks, or small Travel Destinations on
    them" (Carriage [S][DD])."""
    g = new_game()
    p = me(g)
    carriage = give(g, p, E.CARRIAGE)
    set_goods(p, leather=1)
    assert load_items(g, carriage.id, 1) == {"leather", "dest:aurich", "dest:esens"}
    assert "wood" in load_items(g, carriage.id, 0)
    with pytest.raises(IllegalMove):
        load(g, carriage, 1, "wood")
    assert p.goods[Good.WOOD] == 4 and carriage.load == []


def test_wagon_spaces_never_combine_for_a_size_2_item():
    """Details on Vehicles: "You cannot combine the Single Spaces of the Wagon to fit bigger
    tiles"."""
    g = new_game()
    p = me(g)
    wagon = give(g, p, E.WAGON)
    set_goods(p, linen=1, woolen=1, leather=1)
    items = {m.item for m in loads(g, wagon.id)}
    assert items == {"wood", "clay", "dest:hage", "dest:beemoor"}
    assert {m.start for m in loads(g, wagon.id)} == {0, 1}


def test_droshky_cannot_carry_two_pieces_of_clothing():
    """p. 10: a Droshky cannot take two Summer Wear tiles, "you cannot split the Double Space in
    the middle" (RULES-DECISIONS: Droshky [S][DD][S])."""
    g = new_game()
    p = me(g)
    droshky = give(g, p, E.DROSHKY)
    set_goods(p, linen=2, woolen=1)
    assert {m.start for m in loads(g, droshky.id) if m.item == "linen"} == {1}
    load(g, droshky, 1, "linen")
    assert not [m for m in loads(g, droshky.id) if m.item in ("linen", "woolen", "leather")]
    # The two Single Spaces still take Wood or Clay.
    assert load_items(g, droshky.id, 0) >= {"wood", "clay"}
    assert load_items(g, droshky.id, 2) >= {"wood", "clay"}


def test_droshky_combines_its_double_space_with_a_single_one():
    """p. 10 "You may, however, combine Double Spaces with adjacent Single Spaces to fit even
    bigger tiles": Emden (3) fits on [S][DD] or [DD][S] of a Droshky."""
    g = new_game()
    p = me(g)
    droshky = give(g, p, E.DROSHKY)
    set_goods(p, summer_wear=1)
    assert {m.start for m in loads(g, droshky.id) if m.item == "dest:emden"} == {0, 1}


def test_bremen_needs_a_horse_cart_or_a_droshky():
    """Details on Vehicles: "Bremen can only be accessed by Horse Cart or Droshky due to its size
    of 4. It requires 4 Single Spaces, or 2 Single Spaces and 1 Double Space"."""
    g = new_game()
    p = me(g)
    set_goods(p, timber=1)
    for kind in (E.HANDCART, E.WAGON, E.CART, E.CARRIAGE):
        piece = give(g, p, kind)
        assert not [m for m in loads(g, piece.id) if m.item == "dest:bremen"], kind
        barn_rules.return_piece(g, p, piece.id)
    horse_cart = give(g, p, E.HORSE_CART)
    droshky = give(g, p, E.DROSHKY)
    bremen = [(m.vehicle, m.start) for m in loads(g) if m.item == "dest:bremen"]
    assert bremen == [(horse_cart.id, 0), (droshky.id, 0)]


def test_plows_and_peat_boats_carry_nothing():
    """Details on Vehicles: "Plows and Peat Boats are not considered Vehicles"."""
    g = new_game()
    p = me(g)
    give(g, p, E.PLOW)
    give(g, p, E.PEAT_BOAT)
    assert loads(g) == []


def test_loading_station_puts_supply_peat_on_single_spaces_only():
    """Loading Station: "place 1 Peat on an empty Single Space (but not Double Space) ... The Peat
    ... comes from the general supply"; you receive it when emptying the vehicles."""
    g = new_game(buildings=("loading_station",))
    p = me(g)
    carriage = give(g, p, E.CARRIAGE)
    assert "peat" not in {m.item for m in loads(g)}  # not without the building
    p.buildings.append("loading_station")
    g.refresh()
    assert [m.start for m in loads(g, carriage.id) if m.item == "peat"] == [0]
    load(g, carriage, 0, "peat")
    assert p.goods[Good.PEAT] == 3
    assert cargo(carriage) == [(0, 1, "peat")]
    vehicles.empty_vehicles(g, p)
    assert p.goods[Good.PEAT] == 4


def test_loads_wait_between_actions_and_only_in_the_work_phase():
    """p. 10 "At any time during the Work Phase, you can load your Vehicles" (between actions:
    never while an action waits for a decision); no loading during inventorying or scoring."""
    g = new_game()
    p = me(g)
    cart = give(g, p, E.HANDCART)
    assert loads(g)
    g.state.phase = Phase.LAST_TRADE
    g.state.queue = [0]
    g.refresh()
    assert g.state.phase is Phase.LAST_TRADE and g.actor == 0
    assert vehicles.load_moves(g, p) == []
    assert loads(g) == []
    g.state.phase = Phase.WORK
    set_goods(p, summer_wear=1, winter_wear=1)
    load(g, give(g, p, E.CART), 0, "dest:emden")  # two sale options: the sale waits
    assert g.decision is not None
    assert loads(g) == []
    assert load_items(g, cart.id, 0) == set()


def test_illegal_load_raises_and_changes_nothing():
    """Bad input gets a clear message and changes nothing (brief), e.g. Wood on a full Handcart."""
    g = new_game()
    p = me(g)
    cart = give(g, p, E.HANDCART)
    load(g, cart, 0, "wood")
    with pytest.raises(IllegalMove):
        g.apply(Load(cart.id, 0, "wood"))
    with pytest.raises(ValueError):
        vehicles.apply_load(g, p, Load(cart.id, 0, "wood"))
    assert p.goods[Good.WOOD] == 3 and cargo(cart) == [(0, 1, "timber")]


def test_vehicles_empty_at_inventorying_through_the_game_flow():
    """Inventorying step 1 (p. 8): "Place the Timber, Bricks, and Clothing from your Vehicles into
    your personal supply. Place the Travel Destination Tiles ... on your Travel Experience Track"."""
    g = new_game()
    p = me(g)
    cart = give(g, p, E.CART)
    set_goods(p, leather=1)
    load(g, cart, 0, "leather")
    load(g, cart, 2, "wood")
    handcart = give(g, p, E.HANDCART)
    load(g, handcart, 0, "dest:hage")
    g.apply(Choose("field:3,1"))
    finish_work_phase(g)
    assert cart.load == [] and handcart.load == []
    assert p.travel == ["hage"]
    assert p.goods[Good.LEATHER_WEAR] == 1
    # 1 Timber from the cart; November Sustenance paid 2 Peat of the 3 at the start.
    assert p.goods[Good.TIMBER] == 1
    assert p.goods[Good.PEAT] == 1


def test_travel_track_fills_in_unloading_order_and_scores():
    """Travel Experience (p. 8): emptied destination tiles go on the track bottom first, above the
    previous ones; the first empty space gives the VP (RULES-DECISIONS: covered/2 rounded up)."""
    g = new_game()
    p = me(g)
    horse_cart = give(g, p, E.HORSE_CART)
    droshky = give(g, p, E.DROSHKY)
    set_goods(p, peat=3, hide=1, summer_wear=1)
    load(g, horse_cart, 3, "dest:beemoor")  # 1 Peat: a single sale, made at once
    load(g, droshky, 0, "dest:emden")  # Summer Wear and Peat: choose
    g.apply(g.legal_moves()[0])
    g.apply(next(m for m in g.legal_moves() if type(m).__name__ == "Done"))
    load(g, horse_cart, 1, "dest:esens")  # 1 Hide: a single sale
    assert "beemoor" not in p.destinations and p.travel == []
    vehicles.empty_vehicles(g, p)
    # Unloading order: the Barn in order, each vehicle left to right.
    assert p.travel == ["esens", "beemoor", "emden"]
    assert not {"esens", "beemoor", "emden"} & set(p.destinations)
    assert len(p.destinations) == 6
    assert g.score(0).travel == travel_vp(2 + 1 + 3) == 3
    assert horse_cart.load == [] and droshky.load == []


def test_a_returned_vehicle_loses_its_load():
    """Returning a piece of Equipment to the Supply Board (p. 9, any time): what it carries goes
    with it (RULES-DECISIONS "Barn")."""
    g = new_game()
    p = me(g)
    cart = give(g, p, E.CART)
    set_goods(p, woolen=1)
    load(g, cart, 0, "woolen")
    load(g, cart, 2, "wood")
    g.apply(ReturnEquipment(cart.id))
    vehicles.empty_vehicles(g, p)
    assert (p.goods[Good.WINTER_WEAR], p.goods[Good.TIMBER], p.goods[Good.WOOD]) == (0, 0, 3)


def test_a_flipped_vehicle_keeps_its_load_and_gains_its_new_space():
    """Warden flips (RULES-DECISIONS "Tile upgrades"): Cart -> Horse Cart keeps the load, and the
    fourth space is free at once; Handcart -> Wagon and Carriage -> Droshky likewise."""
    g = new_game()
    p = me(g)
    cart = give(g, p, E.CART)
    handcart = give(g, p, E.HANDCART)
    carriage = give(g, p, E.CARRIAGE)
    set_goods(p, linen=2, woolen=1)
    load(g, cart, 1, "linen")
    load(g, handcart, 0, "wood")
    load(g, carriage, 1, "woolen")
    for piece in (cart, handcart, carriage):
        warden.flip(g, p, f"e{piece.id}")
    g.refresh()
    assert (cart.kind, handcart.kind, carriage.kind) == (E.HORSE_CART, E.WAGON, E.DROSHKY)
    assert cargo(cart) == [(1, 2, "summer_wear")]
    assert cargo(handcart) == [(0, 1, "timber")]
    assert cargo(carriage) == [(1, 2, "winter_wear")]
    assert all(vehicles.layout_valid(e) for e in p.barn)
    assert "linen" not in load_items(g, cart.id, 2)  # spaces 2-3 were 1 space before the flip
    assert load_items(g, cart.id, 3) >= {"wood"}
    assert load_items(g, handcart.id, 1) >= {"wood"}
    assert load_items(g, handcart.id, 0) == set()
    assert load_items(g, carriage.id, 2) >= {"wood"}
    load(g, cart, 3, "wood")
    vehicles.empty_vehicles(g, p)
    assert (p.goods[Good.SUMMER_WEAR], p.goods[Good.WINTER_WEAR], p.goods[Good.TIMBER]) == (1, 1, 2)


def test_horse_cart_space_2_3_take_fabric_after_a_cart_flip():
    """A Horse Cart [S][S][S][S] made from a Cart with Linen on spaces 0-1 takes a second Fabric on
    spaces 2-3 ("two Summer Wear per season", p. 21 strategy tips)."""
    g = new_game()
    p = me(g)
    cart = give(g, p, E.CART)
    set_goods(p, linen=2)
    load(g, cart, 0, "linen")
    assert "linen" not in load_items(g, cart.id, 2)
    warden.flip(g, p, f"e{cart.id}")
    g.refresh()
    load(g, cart, 2, "linen")
    assert cargo(cart) == [(0, 2, "summer_wear"), (2, 2, "summer_wear")]


def test_clothing_made_on_a_vehicle_cannot_be_sold_in_the_same_work_phase():
    """p. 11 "It is not allowed to make a piece of Clothing with one Vehicle ... and then sell it
    for Food via another Vehicle ... during the same Work Phase"."""
    g = new_game()
    p = me(g)
    cart = give(g, p, E.CART)
    carriage = give(g, p, E.CARRIAGE)
    clear_goods(p)
    set_goods(p, leather=1)
    load(g, cart, 0, "leather")
    assert p.goods[Good.LEATHER_WEAR] == 0
    assert "dest:emden" not in {m.item for m in loads(g)}
    vehicles.empty_vehicles(g, p)
    g.refresh()
    assert p.goods[Good.LEATHER_WEAR] == 1
    assert (carriage.id, 0, "dest:emden") in {(m.vehicle, m.start, m.item) for m in loads(g)}
