"""Features of Your Home Board (rulebook p. 9): the Mainland, Dike Building, Cutting Peat in the
Moor Area; RULES-DECISIONS.md "Home Board landscape" and "Dikes"."""

from __future__ import annotations

import pytest

from arle.engine import IllegalMove
from arle.engine.content.goods import Good
from arle.engine.content.tiles import Tile
from arle.engine.interpreter.events import DikeMoved, MoorChanged, TilePlaced
from arle.engine.interpreter.moves import CutPeat, Done, Flip, MoveDike, PlaceTile
from arle.engine.interpreter.steps import CutPeatStep, Dehydrate, DikeStep, HouseAnimalsDecision, PlaceNewTile
from arle.engine.rules import animals as animal_rules
from arle.engine.rules import homeboard as hb
from arle.engine.rules.scoring import score
from tests.engine.helpers import C, S, me, new_game, of_type, run_steps, set_animals


def _move_one_dike(g, choice=0):
    """One "+1 Dike" through the game's decision; returns the DikeMoved event."""
    run_steps(g, 0, [DikeStep("fixed:1")])
    options = [m for m in g.legal_moves() if isinstance(m, MoveDike)]
    assert options, "a +1 Dike should be possible"
    (moved,) = of_type(g.apply(options[choice]), DikeMoved)
    return moved


def test_dike_sequence_matches_the_rulebook_illustrations():
    """Dike Building: the 1st Dike frees 3 Land Spaces, the 2nd and 3rd none, the 4th 3 more, the
    5th-7th each prevent the loss of 1 VP (top-row Tidal Flat) and the 7th frees the last 3."""
    g = new_game()
    p = me(g)
    gained, penalty, land = [], [hb.tidal_penalty_spaces(p)], [len(hb.land_spaces(p))]
    for _ in range(7):
        gained.append(_move_one_dike(g).land_gained)
        penalty.append(hb.tidal_penalty_spaces(p))
        land.append(len(hb.land_spaces(p)))
    assert gained == [3, 0, 0, 3, 0, 0, 3]
    assert penalty == [3, 3, 3, 3, 3, 2, 1, 0]
    assert land == [12, 15, 15, 15, 18, 18, 18, 21]
    assert hb.first_land_row(p) == 0


def test_there_is_no_8th_dike_move():
    """Dike Building: 5 Dikes and 9 Tidal Flat spaces - after the 7th Dike all are diked."""
    g = new_game()
    p = me(g)
    for _ in range(7):
        _move_one_dike(g)
    assert hb.dike_targets(p) == ([], [])
    assert not hb.can_move_dike(p)
    assert not DikeStep().possible(g, p)
    run_steps(g, 0, [DikeStep("fixed:1")])
    assert not any(isinstance(m, MoveDike) for m in g.legal_moves())
    assert g.decision is None


def test_only_a_bottom_dike_moves_into_the_lowest_gap_above_the_dike_line():
    """Dike Building: "you move one of the bottom Dikes up into the next gap"."""
    g = new_game()
    run_steps(g, 0, [DikeStep("fixed:1")])
    options = {m for m in g.legal_moves() if isinstance(m, MoveDike)}
    # Dikes 0-2 lie in gap 0 (the bottom); gap 1 has its third position (column 2) free.
    assert options == {MoveDike(d, "1,2") for d in (0, 1, 2)}
    with pytest.raises(IllegalMove):
        g.apply(MoveDike(3, "2,0"))  # a Dike of gap 1 is not a bottom Dike
    with pytest.raises(IllegalMove):
        g.apply(MoveDike(0, "2,0"))  # gap 2 is not the lowest gap with room
    assert me(g).dikes == list(hb.START_DIKES)


def test_dike_builder_with_two_shovel_pairs_moves_two_dikes_in_one_decision():
    """Dike Builder: 1 Dike per pair of Shovels (6 Shovels = 3 pairs)."""
    g = new_game()
    run_steps(g, 0, [DikeStep("fixed:2")])
    g.apply(next(m for m in g.legal_moves() if isinstance(m, MoveDike)))
    assert any(isinstance(m, MoveDike) for m in g.legal_moves()), "a second move is due"
    g.apply(next(m for m in g.legal_moves() if isinstance(m, MoveDike)))
    assert not any(isinstance(m, MoveDike) for m in g.legal_moves())
    assert hb.dikes_in_gap(me(g), 2) == 1


def test_an_animal_on_a_moved_dike_moves_with_it():
    """RULES-DECISIONS "Dikes": "Each Dike holds 1 Animal of any type; an Animal on a moved Dike
    moves with it"."""
    g = new_game()
    p = me(g)
    set_animals(p, {"d1": {S: 1}, "d4": {C: 1}})
    run_steps(g, 0, [DikeStep("fixed:1")])
    g.apply(MoveDike(1, "1,2"))
    assert p.dikes[1] == (1, 2)
    assert p.animals == {"d1": {S: 1}, "d4": {C: 1}}
    assert animal_rules.housing_valid(p)


def test_diked_land_becomes_buildable_and_a_pasture():
    """Dike Building: "you immediately gain 3 new Land Spaces" - tiles may go there and empty land
    holds 2 Animals."""
    g = new_game()
    p = me(g)
    before = set(hb.empty_land_spaces(p))
    _move_one_dike(g)
    assert set(hb.empty_land_spaces(p)) - before == {(2, 0), (2, 1), (2, 2)}
    run_steps(g, 0, [PlaceNewTile(Tile.FOREST.value)])
    spaces = {m.space for m in g.legal_moves() if isinstance(m, PlaceTile)}
    assert spaces == {"2,0", "2,1", "2,2", "3,2", "4,1"}
    assert "1,0" not in spaces and "0,0" not in spaces  # still Tidal Flat


def test_dehydrating_a_moor_puts_exactly_4_peat_on_it():
    """Cutting Peat: "turn the Moor Tile to its reverse side and immediately place 4 Peat Tokens
    on it"."""
    g = new_game()
    p = me(g)
    run_steps(g, 0, [Dehydrate()])
    assert {m for m in g.legal_moves() if isinstance(m, Flip)} == {Flip("m0"), Flip("m1"), Flip("m2")}
    events = g.apply(Flip("m1"))
    moor = hb.get_moor(p, 1)
    assert moor.dehydrated and moor.peat == 4
    assert MoorChanged(0, 1, 4, True, False) in events
    assert p.goods[Good.PEAT] == 3, "dehydrating takes no Peat into the supply"


def test_only_dehydrated_moors_with_peat_can_be_cut():
    """Cutting Peat: Peat is cut from dehydrated Moor tiles only."""
    g = new_game()
    run_steps(g, 0, [CutPeatStep("fixed:1", optional=False)])
    # Only the Small Boardwalk (moor 3) is dehydrated at the start: a mandatory cut (winter
    # Grocer) takes the single choice for the player.
    assert me(g).goods[Good.PEAT] == 4
    assert hb.get_moor(me(g), 3).peat == 3
    g = new_game()
    run_steps(g, 0, [Dehydrate()])
    g.apply(Flip("m0"))
    run_steps(g, 0, [CutPeatStep("fixed:3")])
    assert set(g.legal_moves()) >= {CutPeat(0), CutPeat(3), Done()}
    with pytest.raises(IllegalMove):
        g.apply(CutPeat(1))  # still hydrated


def test_cutting_the_last_peat_removes_the_moor_and_frees_2_land_spaces():
    """Cutting Peat: "As soon as you remove the last Peat Token from a Moor Tile, immediately
    remove that Moor Tile from play"; "you will have access to (1 or) 2 new Land Spaces"."""
    g = new_game()
    p = me(g)
    run_steps(g, 0, [Dehydrate()])
    g.apply(Flip("m2"))
    empty = set(hb.empty_land_spaces(p))
    run_steps(g, 0, [CutPeatStep("fixed:4")])
    events = []
    for _ in range(4):
        events += g.apply(CutPeat(2))
    assert p.goods[Good.PEAT] == 3 + 4
    assert all(m.id != 2 for m in p.moors)
    assert MoorChanged(0, 2, 0, True, True) in events
    assert set(hb.empty_land_spaces(p)) - empty == {(5, 2), (6, 2)}


def test_cutting_the_small_boardwalk_frees_1_land_space():
    """Cutting Peat: "(1 or) 2 new Land Spaces" - the Small Boardwalk covers 1 space."""
    g = new_game()
    p = me(g)
    empty = set(hb.empty_land_spaces(p))
    run_steps(g, 0, [CutPeatStep("fixed:4")])
    for _ in range(4):
        g.apply(CutPeat(3))
    assert p.goods[Good.PEAT] == 3 + 4
    assert all(not m.small for m in p.moors)
    assert set(hb.empty_land_spaces(p)) - empty == {hb.SMALL_BOARDWALK_SPACE}


def test_cut_peat_is_optional_and_done_stops_it():
    """Peat Cutter: "you may cut 1 Peat" per Spade."""
    g = new_game()
    run_steps(g, 0, [Dehydrate()])
    g.apply(Flip("m0"))
    run_steps(g, 0, [CutPeatStep("fixed:3")])
    g.apply(CutPeat(0))
    g.apply(Done())
    assert me(g).goods[Good.PEAT] == 4 and g.decision is None


def test_a_tile_on_a_pasture_displaces_its_animals():
    """Animal Husbandry: only *empty* Land Spaces are pastures; "You can only keep your newly
    gained Animals if you can accommodate them" - Animals on a newly covered space move on."""
    g = new_game()
    p = me(g)
    set_animals(p, {"s3,2": {S: 2}})
    run_steps(g, 0, [PlaceNewTile(Tile.GRAIN_FIELD.value)])
    events = g.apply(PlaceTile("3,2"))
    assert TilePlaced(0, Tile.GRAIN_FIELD.value, "3,2") in events
    assert "s3,2" not in p.animals
    assert animal_rules.count(p, S) == 2 and animal_rules.waiting(p) == 0
    assert animal_rules.housing_valid(p)


def test_a_stall_placed_on_a_pasture_keeps_its_two_animals():
    """Animal Husbandry ③: a Stall holds up to 3 Animals of one type - the 2 grazing there stay."""
    g = new_game()
    p = me(g)
    set_animals(p, {"s3,2": {S: 2}})
    run_steps(g, 0, [PlaceNewTile(Tile.STALL.value)])
    g.apply(PlaceTile("3,2"))
    assert p.animals["s3,2"] == {S: 2}


def test_displaced_animals_without_a_place_wait_for_the_players_decision():
    """RULES-DECISIONS notes "New Animals": if no place fits, the player decides what to release."""
    g = new_game()
    p = me(g)
    set_animals(p, {"s3,2": {S: 2}, "s4,1": {C: 2}, "s4,0": {C: 3},
                    **{f"d{i}": {C: 1} for i in range(5)}})
    run_steps(g, 0, [PlaceNewTile(Tile.FOREST.value)])
    g.apply(PlaceTile("3,2"))
    assert animal_rules.waiting(p) == 2
    assert isinstance(g.decision, HouseAnimalsDecision)
    assert g.actor == 0


def test_tiles_cannot_be_placed_on_moors_or_tidal_flats():
    """Mainland: tiles go on Land Spaces; a Moor covers its spaces until it is removed."""
    p = me(new_game())
    empty = set(hb.empty_land_spaces(p))
    assert empty == {(3, 2), (4, 1)}
    assert not empty & {s for m in p.moors for s in m.spaces}


def test_tidal_flats_and_moors_cost_points_at_the_end():
    """Scoring "VP on Home Board": -4 VP per hydrated Moor, -1 per dehydrated Moor (the Small
    Boardwalk too, RULES-DECISIONS), -1 per top-row Tidal Flat: -16 if all are ignored."""
    g = new_game()
    p = me(g)
    assert hb.moor_penalty(p) == -13
    assert score(p).home_board == 2 - 13 - 3  # the Stall is worth 2
    run_steps(g, 0, [Dehydrate()])
    g.apply(Flip("m0"))
    assert hb.moor_penalty(p) == -10


def test_removing_a_double_stall_leaves_a_pasture_and_rehouses_the_rest():
    """Moving Components: tiles are "placed, turned, or removed via certain actions"; an emptied
    Land Space is a pasture for 2 Animals of one type and the others must find a place."""
    g = new_game()
    p = me(g)
    p.tiles[(3, 2)] = Tile.DOUBLE_STALL.value
    set_animals(p, {"s3,2": {S: 3}, "s3,2b": {C: 3}})
    assert hb.remove_tile(g, p, (3, 2)) == Tile.DOUBLE_STALL.value
    assert p.animals["s3,2"] == {S: 2}
    assert (animal_rules.count(p, S), animal_rules.count(p, C)) == (3, 3)
    assert animal_rules.waiting(p) == 0 and animal_rules.housing_valid(p)


def test_removing_a_moor_with_peat_loses_its_peat_and_its_penalty():
    """Bremen: "remove a Moor Tile from your Home Board (regardless of which side is facing up and
    whether there is still Peat left on it ...) ... The Peat from the tile, if any, is lost"."""
    g = new_game()
    p = me(g)
    hb.remove_moor(g, p, 3)  # the Small Boardwalk with its 4 Peat
    hb.remove_moor(g, p, 0)  # a hydrated Moor
    assert p.goods[Good.PEAT] == 3
    assert hb.moor_penalty(p) == -8
    assert {(4, 2), (5, 0), (6, 0)} <= set(hb.empty_land_spaces(p))


def test_default_dike_move_is_the_leftmost_bottom_dike_to_the_leftmost_free_position():
    g = new_game()
    p = me(g)
    assert hb.auto_dike(p) == (0, (1, 2))
    for _ in range(7):
        dike, to = hb.auto_dike(p)
        hb.move_dike(g, p, dike, to)
    assert hb.auto_dike(p) is None
