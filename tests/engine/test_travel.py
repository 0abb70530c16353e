"""Travel Destinations (rulebook "Loading Vehicles": "you must use it immediately: sell at least
one of the depicted items ... Each item can only be sold once per Travel Destination";
"Details on Vehicles"; "Index of Travel Destination Tiles", p. 19)."""

from __future__ import annotations

import pytest

from arle.engine.content.goods import Animal, Good
from arle.engine.content.tiles import Equipment, Tile
from arle.engine.interpreter.events import DestinationSold
from arle.engine.interpreter.moves import Choose, Done, ReleaseAnimal, TradePeat
from arle.engine.rules.travel import SaleDecision, option_label
from tests.engine.helpers import clear_goods, give, me, new_game, of_type, set_animals, set_goods
from tests.engine.vehicle_helpers import cargo, load, loads

E = Equipment
S, C, H = Animal.SHEEP, Animal.CATTLE, Animal.HORSE


def poor_game(kind: Equipment = E.DROSHKY, **goods: int):
    """Player 0 with one vehicle, no goods but ``goods``, no Animals, no Fields, no Moors."""
    g = new_game()
    p = me(g)
    piece = give(g, p, kind)
    clear_goods(p)
    set_goods(p, **goods)
    set_animals(p, {})
    p.tiles = {s: t for s, t in p.tiles.items() if t not in (Tile.GRAIN_FIELD, Tile.FLAX_FIELD)}
    p.moors = []
    return g, p, piece


def options(g) -> list[str]:
    return [m.option for m in g.legal_moves() if isinstance(m, Choose)]


def sell(g, *opts: str) -> list:
    events = []
    for o in opts:
        events += g.apply(Choose(o))
    return events


def finish(g) -> list:
    return g.apply(Done()) if g.decision is not None else []


def test_nothing_to_sell_nothing_to_load():
    """Index: "you may only place a Travel Destination Tile on one of your Vehicles if you
    immediately sell at least one of the depicted items"."""
    g, p, _ = poor_game(grain=1, food=5)
    assert loads(g) == []
    p.destinations = ["esens"]
    set_goods(p, grain=2)
    g.refresh()
    assert {m.item for m in loads(g)} == {"dest:esens"}


def test_hage_removes_a_field_for_1_food():
    """Hage (1): "Immediately remove a Field from your Home Board and receive 1 Food"; the Field
    goes back to the supply."""
    g = new_game()
    p = me(g)
    cart = give(g, p, E.HANDCART)
    fields_left = g.state.supply["field"]
    load(g, cart, 0, "dest:hage")
    assert options(g) == ["field:3,0", "field:3,1"]
    assert [m for m in g.legal_moves() if isinstance(m, Done)] == []  # at least one sale
    events = sell(g, "field:3,1")
    assert (3, 1) not in p.tiles and p.tiles[(3, 0)] == Tile.GRAIN_FIELD
    assert g.state.supply["field"] == fields_left + 1
    assert p.goods[Good.FOOD] == 6
    assert of_type(events, DestinationSold) == [DestinationSold(0, "hage", "field:3,1", 1)]
    assert g.decision is None  # a one-item destination is done after its sale
    assert cargo(cart) == [(0, 1, "dest:hage")]
    assert g.stats["destination:hage"] == 1
    assert "hage" not in p.destinations


def test_beemoor_sells_1_peat_for_2_food():
    """Beemoor (1): "Remove 1 Peat from your supply ... and receive 2 Food"."""
    g, p, cart = poor_game(E.HANDCART, peat=2, food=5)
    load(g, cart, 0, "dest:beemoor")  # the only sale is made at once
    assert (p.goods[Good.PEAT], p.goods[Good.FOOD]) == (1, 7)
    assert g.decision is None and g.stats["destination:beemoor"] == 1


def test_dornum_returns_a_plow_for_8_food():
    """Dornum (1): "Return a Plow from your Barn to the Supply Board and receive 8 Food"."""
    g, p, cart = poor_game(E.HANDCART, food=5)
    assert loads(g) == []
    give(g, p, E.PLOW)
    left = g.state.supply["peat_boat_plow"]
    load(g, cart, 0, "dest:dornum")
    assert [e.kind for e in p.barn] == [E.HANDCART]
    assert g.state.supply["peat_boat_plow"] == left + 1
    assert p.goods[Good.FOOD] == 13


def test_norden_sheep_winter_wear_and_peat_boat_give_16_food():
    """Norden (2): 4 Food for a Sheep, 7 for Winter Wear, 5 for returning a Peat Boat."""
    g, p, cart = poor_game(E.CART, winter_wear=1, food=0)
    set_animals(p, {"d0": {S: 1}})
    give(g, p, E.PEAT_BOAT)
    load(g, cart, 0, "dest:norden")
    assert options(g) == ["sheep", "winter_wear", "peat_boat"]
    sell(g, "sheep")
    assert p.goods[Good.FOOD] == 4
    assert options(g) == ["winter_wear", "peat_boat"]
    sell(g, "winter_wear", "peat_boat")
    assert p.goods[Good.FOOD] == 16
    assert p.goods[Good.WINTER_WEAR] == 0 and p.animals == {}
    assert [e.kind for e in p.barn] == [E.CART]
    finish(g)
    assert g.decision is None


def test_aurich_leather_horse_and_any_animal_give_13_food():
    """Aurich (2): 4 Food for Leather ("which you cannot replace with Leather Wear"), 5 for a
    Horse, 4 for an Animal of any type ("which may be another Horse")."""
    g, p, cart = poor_game(E.CART, leather_wear=3, food=0)
    set_animals(p, {"d0": {H: 1}})
    load(g, cart, 0, "dest:aurich")
    assert options(g) == ["horse", "animal:horse"]
    sell(g, "horse")
    assert g.decision is None  # nothing left: the Leather Wear is no Leather
    assert p.goods[Good.FOOD] == 5 and p.goods[Good.LEATHER_WEAR] == 3

    g, p, cart = poor_game(E.CART, leather=1, food=0)
    set_animals(p, {"d0": {H: 1}, "d1": {H: 1}, "d2": {C: 1}})
    load(g, cart, 0, "dest:aurich")
    assert options(g) == ["leather", "horse", "animal:cattle", "animal:horse"]
    sell(g, "leather", "horse", "animal:horse")
    assert p.goods[Good.FOOD] == 13
    assert p.animals == {"d2": {C: 1}}


def test_esens_exactly_2_grain_hide_and_woolen_give_10_food():
    """Esens (2): 4 Food for 2 Grain ("you cannot sell a single Grain"), 2 for a Hide, 4 for
    Woolen."""
    g, p, cart = poor_game(E.CART, grain=3, hide=2, woolen=1, food=5)
    load(g, cart, 1, "dest:esens")
    assert options(g) == ["grain2", "hide", "woolen"]
    sell(g, "grain2", "hide", "woolen")
    assert g.decision is None  # every item sold once
    assert (p.goods[Good.GRAIN], p.goods[Good.HIDE], p.goods[Good.WOOLEN]) == (1, 1, 0)
    assert p.goods[Good.FOOD] == 15


def test_emden_wears_and_peat_give_23_food_each_once():
    """Emden (3): 7 Food each for Winter and Leather Wear, 6 for Summer Wear, 3 for 1 Peat; each
    item only once even with more of it."""
    g, p, cart = poor_game(E.CART, winter_wear=2, leather_wear=2, summer_wear=2, peat=2, food=0)
    load(g, cart, 0, "dest:emden")
    sell(g, "peat")
    assert p.goods[Good.FOOD] == 3
    assert options(g) == ["winter_wear", "leather_wear", "summer_wear"]
    sell(g, "winter_wear", "leather_wear", "summer_wear")
    assert p.goods[Good.FOOD] == 23
    assert {x: p.goods[x] for x in (Good.WINTER_WEAR, Good.LEATHER_WEAR, Good.SUMMER_WEAR,
                                    Good.PEAT)} == dict.fromkeys(
        (Good.WINTER_WEAR, Good.LEATHER_WEAR, Good.SUMMER_WEAR, Good.PEAT), 1)


def test_emden_rulebook_example_winter_wear_and_peat_give_10_food():
    """p. 11 example: on "Emden" you "could sell 1 Winter Wear and 1 Peat for a total of 10
    Food" and stop there."""
    g, p, cart = poor_game(E.CART, winter_wear=1, summer_wear=1, peat=1, food=0)
    load(g, cart, 0, "dest:emden")
    sell(g, "winter_wear", "peat")
    assert options(g) == ["summer_wear"]
    finish(g)
    assert p.goods[Good.FOOD] == 10 and p.goods[Good.SUMMER_WEAR] == 1
    assert g.decision is None


def test_leer_flax_linen_cattle_and_a_wear_give_16_food():
    """Leer (3): 2 Food for Flax, 3 for Linen ("which you cannot replace with Summer Wear"), 5 for
    Cattle, 6 for either Summer, Winter or Leather Wear."""
    g, p, cart = poor_game(E.CART, flax=1, summer_wear=1, leather_wear=1, food=0)
    set_animals(p, {"d0": {C: 1}})
    load(g, cart, 0, "dest:leer")
    assert options(g) == ["flax", "cattle", "wear:summer_wear", "wear:leather_wear"]
    sell(g, "wear:leather_wear", "flax", "cattle")
    assert g.decision is None  # no Linen: the Summer Wear can't stand in for it
    assert p.goods[Good.FOOD] == 13
    assert (p.goods[Good.SUMMER_WEAR], p.goods[Good.LEATHER_WEAR]) == (1, 0)

    g, p, cart = poor_game(E.CART, flax=1, linen=1, summer_wear=1, food=0)
    set_animals(p, {"d0": {C: 1}})
    load(g, cart, 0, "dest:leer")
    sell(g, "flax", "linen", "cattle", "wear:summer_wear")
    assert p.goods[Good.FOOD] == 16


def test_bremen_all_four_sets_give_56_food_capped_at_30():
    """Bremen (4): 5 Food for Timber, 9 for 2 Animals of the same type, 12 for Linen+Woolen+
    Leather, 30 for Summer+Winter+Leather Wear ("any excess Food is lost"): 5+9+12+30 from 0 Food
    ends at 30."""
    g, p, cart = poor_game(E.HORSE_CART, timber=1, linen=1, woolen=1, leather=1, summer_wear=1,
                           winter_wear=1, leather_wear=1, food=0)
    set_animals(p, {"d0": {C: 1}, "d1": {C: 1}, "d2": {S: 1}})
    load(g, cart, 0, "dest:bremen")
    assert options(g) == ["timber", "animals2:cattle", "fabrics", "wears"]
    events = sell(g, "timber")
    assert p.goods[Good.FOOD] == 5
    events += sell(g, "animals2:cattle")
    assert p.goods[Good.FOOD] == 14
    events += sell(g, "fabrics")
    assert p.goods[Good.FOOD] == 26
    events += sell(g, "wears")
    assert p.goods[Good.FOOD] == 30
    assert [e.food for e in of_type(events, DestinationSold)] == [5, 9, 12, 4]
    assert g.decision is None
    assert p.animals == {"d2": {S: 1}}
    assert all(p.goods[x] == 0 for x in Good if x is not Good.FOOD)
    assert g.stats["destination:bremen"] == 1


def test_bremen_removes_a_moor_tile_with_its_peat_for_no_food():
    """Bremen: "remove a Moor Tile from your Home Board (regardless of which side is facing up and
    whether there is still Peat left on it ... including the small Moor Tile) ... The Peat from
    the tile, if any, is lost. You do not receive any Food"."""
    g = new_game()
    p = me(g)
    droshky = give(g, p, E.DROSHKY)
    clear_goods(p)
    set_animals(p, {})
    load(g, droshky, 0, "dest:bremen")
    assert options(g) == ["moor:0", "moor:1", "moor:2", "moor:3"]
    sell(g, "moor:3")  # the Small Boardwalk with its 4 Peat
    assert [m.id for m in p.moors] == [0, 1, 2]
    assert p.goods[Good.PEAT] == 0 and p.goods[Good.FOOD] == 0
    assert g.decision is None  # the moor was the only item
    assert g.score(0).home_board == new_game().score(0).home_board + 1  # the -1 VP tile is gone


def test_done_needs_a_sale_and_each_destination_counts_once():
    """"sell at least one of the depicted items": Done is offered only after a sale; a loaded
    destination is counted once in the statistics whatever it sells."""
    g, p, cart = poor_game(E.CART, peat=1, summer_wear=1, food=0)
    load(g, cart, 0, "dest:emden")
    assert Done() not in g.legal_moves()
    assert isinstance(g.decision, SaleDecision)
    sell(g, "summer_wear")
    assert Done() in g.legal_moves()
    sell(g, "peat")
    assert g.decision is None and p.goods[Good.FOOD] == 9
    assert g.stats["destination:emden"] == 1


def test_food_from_a_sale_stops_at_30():
    """Index: "Keep in mind that you cannot store more than 30 Food"."""
    g, p, cart = poor_game(E.CART, winter_wear=1, food=27)
    load(g, cart, 0, "dest:norden")
    assert p.goods[Good.FOOD] == 30


def test_goods_on_vehicles_cannot_be_sold():
    """Details on Vehicles: "you cannot sell goods from your Vehicles": Timber loaded this Work
    Phase doesn't make Bremen loadable."""
    g, p, cart = poor_game(E.HORSE_CART, wood=1)
    droshky = give(g, p, E.DROSHKY)
    load(g, cart, 0, "wood")
    assert "dest:bremen" not in {m.item for m in loads(g, droshky.id)}


def test_a_sale_made_impossible_before_the_first_item_gives_the_tile_back():
    """Our rule (no rulebook case): if anytime moves during the sale (releasing the Horse, a Peat
    Boat trade) leave nothing to sell before the first sale, the tile goes back to the storage
    board and nothing is counted."""
    g, p, cart = poor_game(E.CART, food=0)
    set_animals(p, {"d0": {H: 1}})
    load(g, cart, 0, "dest:aurich")
    assert options(g) == ["horse", "animal:horse"]
    g.apply(ReleaseAnimal(H, "d0"))
    assert g.decision is None
    assert cart.load == [] and "aurich" in p.destinations
    assert p.destinations == ["hage", "beemoor", "dornum", "norden", "aurich", "esens", "emden",
                              "leer", "bremen"]
    assert g.stats["destination:aurich"] == 0


def test_anytime_trades_may_feed_a_sale_in_progress():
    """Anytime actions stay open while selling (rulebook p. 7): a Peat Boat trade for a Hide adds
    Esens' Hide sale after its 2 Grain."""
    g, p, cart = poor_game(E.CART, grain=2, peat=1, woolen=1, food=0)
    give(g, p, E.PEAT_BOAT)
    load(g, cart, 0, "dest:esens")
    assert options(g) == ["grain2", "woolen"]
    g.apply(TradePeat(Good.HIDE))
    assert options(g) == ["grain2", "hide", "woolen"]
    sell(g, "grain2", "hide", "woolen")
    assert p.goods[Good.FOOD] == 10


@pytest.mark.parametrize(("dest", "option", "label"), [
    ("hage", "field:3,0", "remove the Field at row 4, column 1 (1 Food)"),  # as the board says
    ("bremen", "animals2:sheep", "2 Sheep (9 Food)"),
    ("leer", "wear:winter_wear", "1 Winter Wear (6 Food)"),
    ("bremen", "moor:2", "remove Moor 3"),  # (numbered from 1, as the Home Board shows)
    ("esens", "grain2", "2 Grain (4 Food)"),
])
def test_sale_options_have_labels_with_their_food(dest, option, label):
    """The index's Food per item, shown with each option."""
    assert str(option_label(dest, option)) == label


def test_bremen_names_the_small_moor_as_the_home_board_does():
    """Rulebook, travel destinations (Bremen): any Moor Tile may be removed, "including the small Moor Tile
    that had Peat since the beginning of the game": its option names it as the Home Board
    does (issue 31: one name per thing), the others by their number from 1."""
    from arle.engine import Game, Setup

    p = Game(Setup(players=1, seed=1)).state.players[0]
    small = next(m.id for m in p.moors if m.small)
    other = next(m.id for m in p.moors if not m.small)
    small_ids = frozenset({small})
    assert str(option_label("bremen", f"moor:{small}", small_ids)) == "remove the Small Boardwalk"
    assert str(option_label("bremen", f"moor:{other}", small_ids)) == f"remove Moor {other + 1}"
