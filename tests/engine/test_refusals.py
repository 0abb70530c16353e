"""``Game.why_not``: the reason the engine gives for each refused gesture (issue 17), at least the
reasons the views gave by re-deriving the rules (``board_scene.why_not``,
``home_scene._animal_refusal``, ``storage_scene._load_refusal``)."""

from __future__ import annotations

from arle.engine import Refusal, render
from arle.engine.content.tiles import Equipment
from arle.engine.interpreter.moves import (
    CutPeat,
    EndTurn,
    Flip,
    Load,
    MoveAnimal,
    MoveDike,
    PlaceTile,
    PlaceWorker,
    ReleaseAnimal,
    ReturnEquipment,
)
from arle.engine.interpreter.state import Phase
from arle.engine.interpreter.steps import CutPeatStep, DikeStep, HouseAnimalsDecision, PayCost, PayDecision
from arle.engine.rules.payments import cost
from arle.engine.rules.warden import UpgradeTile
from tests.engine.helpers import (
    C,
    S,
    choose,
    clear_goods,
    game_in,
    give,
    me,
    passive,
    place,
    play,
    run_steps,
    set_animals,
    set_goods,
)


def why(game, move, player=None) -> Refusal:
    reason = game.why_not(move, player)
    assert reason is not None, f"{move} is legal"
    return reason


# -- the game board (rulebook pp. 6-7) ------------------------------------------------------------


def test_a_legal_move_has_no_refusal_and_another_players_move_is_not_their_turn():
    g = game_in()
    move = PlaceWorker("summer.grocer")
    assert g.why_not(move) is None and g.why_not(move, player=0) is None
    r = why(g, move, player=1)
    assert r.id == "turn.other" and r.get("seat") == 0
    assert str(render(r)) == f"It is {me(g).name}'s turn."


def test_an_occupied_space_names_who_took_it():
    """Rulebook p. 6: each action space holds one Worker."""
    g = game_in()
    g.state.occupied["summer.grocer"] = 1
    g.refresh()
    r = why(g, PlaceWorker("summer.grocer"))
    assert (r.id, r.get("seat")) == ("space.occupied", 1)
    assert str(render(r)) == f"Summer: Grocer is already taken by {me(g, 1).name}."


def test_the_other_season_in_solo_and_once_used_in_two_player():
    """Rulebook p. 6 and the solo rules: one other-season action per half-year, none in solo."""
    solo = game_in(players=1)
    assert why(solo, PlaceWorker("winter.grocer")).id == "space.season_solo"
    g = game_in()
    assert g.why_not(PlaceWorker("winter.grocer")) is None
    g.state.special_used_by = 1
    g.refresh()
    r = why(g, PlaceWorker("winter.grocer"))
    assert (r.id, r.get("seat")) == ("space.other_season_used", 1)


def test_a_space_whose_up_front_cost_cannot_be_paid():
    """Forester: "Pay 1 Food, then ..." (rulebook ↻9): no Food, no Worker there."""
    g = game_in()
    clear_goods(me(g))
    g.refresh()
    r = why(g, PlaceWorker("summer.forester"))
    assert (r.id, str(r.get("cost"))) == ("space.cannot_pay", "1 Food")


def test_no_worker_while_an_action_runs_after_the_last_and_for_a_bad_space():
    g = game_in()
    place(g, "summer.grocer")  # its choice of good is pending
    assert why(g, PlaceWorker("summer.fisherman")).id == "worker.finish_first"
    assert why(g, PlaceWorker("nowhere")).id == "worker.finish_first"
    play(g, passive, lambda g: g.state.phase is Phase.FINAL_TURNS)
    assert why(g, PlaceWorker("summer.fisherman")).id == "worker.none_left"
    assert why(game_in(), PlaceWorker("nowhere")).id == "space.unknown"


def test_a_finished_game_refuses_everything():
    g = game_in()
    g.state.phase = Phase.OVER
    g.refresh()
    assert why(g, EndTurn()).id == "game.over"
    assert why(g, "not a move").id == "game.over"
    assert why(game_in(), "not a move").id == "move.unknown"


# -- Animals (rulebook p. 9) ------------------------------------------------------------------------


def test_a_full_place_and_animals_of_two_types():
    """A Dike holds 1 Animal; a pasture 2 of one type."""
    g = game_in()
    set_animals(me(g), {"d0": {S: 1}, "d1": {S: 1}, "d2": {C: 1}, "s3,2": {S: 1}})
    g.refresh()
    full = why(g, MoveAnimal(S, "d0", "d1"))
    assert (full.id, full.get("capacity"), full.get("kind")) == ("holder.full", 1, "dike")
    assert str(render(full)) == "That Dike is full: it holds 1."
    mixed = why(g, MoveAnimal(C, "d2", "s3,2"))
    assert (mixed.id, mixed.get("kind")) == ("holder.mixed", "pasture")
    assert why(g, MoveAnimal(C, "d0", "d3")).id == "animal.not_there"
    assert why(g, MoveAnimal(S, "d0", "d0")).id == "animal.same_place"
    assert why(g, MoveAnimal(S, "d0", "s0,0")).id == "animal.no_such_place"
    assert g.why_not(MoveAnimal(S, "d0", "d3")) is None


def test_animals_move_only_in_the_work_phase_but_are_released_any_time():
    """Rulebook p. 7 (rearranging in the Work Phase) and p. 9 (release at any time)."""
    g = game_in()
    p = me(g)
    set_animals(p, {"d0": {S: 1}})
    give(g, p, Equipment.PEAT_BOAT)  # something to trade: the last-trade turn is given
    set_goods(p, peat=2)
    g.state.phase, g.state.queue = Phase.LAST_TRADE, [0]
    g.refresh()
    assert g.state.phase is Phase.LAST_TRADE and g.actor == 0
    assert why(g, MoveAnimal(S, "d0", "d1")).id == "animal.not_work_phase"
    assert why(g, Load(0, 0, "wood")).id == "load.not_work_phase"
    assert g.why_not(ReleaseAnimal(S, "d0")) is None


def test_a_waiting_animal_waits_for_its_own_decision():
    """RULES_NOTES "New Animals": an Animal with no place is placed or released by the decision
    that houses it, not in the middle of a later step (a defect: "not.now" was the answer)."""
    g = game_in()
    set_animals(me(g), {"x": {S: 1}})
    g.state.stack.append(HouseAnimalsDecision(0))
    run_steps(g, 0, [CutPeatStep("fixed:1")])  # a step started on top of the housing
    assert why(g, ReleaseAnimal(S, "x")).id == "animal.waiting"
    assert why(g, MoveAnimal(S, "x", "d0")).id == "animal.waiting"
    g.apply(CutPeat(3))
    assert g.why_not(ReleaseAnimal(S, "x")) is None


def _paying(**have: int):
    """Player 0 owes 1 Wood and 1 Sheep, and may pay the Wood with Timber: a choice waits."""
    g = game_in()
    p = me(g)
    set_goods(p, wood=1, timber=1)
    set_animals(p, {"d0": {S: 1}, "d1": {C: 1}})
    give(g, p, Equipment.HANDCART)
    run_steps(g, 0, [PayCost(cost(wood=1), animals=((S, 1),))])
    assert isinstance(g.decision, PayDecision), g.prompt()
    return g


def test_while_paying_nothing_moves_and_the_animals_paid_for_stay():
    """RULES_NOTES "New Animals" and "Loading vehicles": while choosing how to pay, Animals may
    be released (keeping those the payment asks for), nothing else."""
    g = _paying()
    assert why(g, MoveAnimal(C, "d1", "d2")).id == "animal.not_while_paying"
    need = why(g, ReleaseAnimal(S, "d0"))
    assert (need.id, need.get("need")) == ("animal.needed_for_payment", 1)
    assert g.why_not(ReleaseAnimal(C, "d1")) is None
    assert why(g, Load(me(g).barn[0].id, 0, "wood")).id == "load.not_while_paying"
    assert why(g, ReturnEquipment(me(g).barn[0].id)).id == "equipment.not_while_paying"


# -- vehicles (rulebook pp. 10-11) -----------------------------------------------------------------


def test_loading_needs_a_vehicle_room_of_the_right_size_and_the_goods():
    g = game_in()
    p = me(g)
    assert why(g, Load(0, 0, "wood")).id == "load.need_vehicle"
    plow = give(g, p, Equipment.PLOW)
    cart = give(g, p, Equipment.HANDCART)
    assert why(g, Load(plow.id, 0, "wood")).id == "load.not_a_vehicle"
    assert why(g, Load(cart.id, 1, "wood")).id == "load.no_such_space"
    assert why(g, Load(cart.id, 0, "linen")).id == "load.does_not_fit"  # a Fabric takes 2
    assert why(g, Load(cart.id, 0, "peat")).id == "load.peat_needs_station"
    assert why(g, Load(cart.id, 0, "gold")).id == "load.unknown_item"
    clear_goods(p)
    g.refresh()
    short = why(g, Load(cart.id, 0, "clay"))
    assert (short.id, str(short.get("cost"))) == ("load.cannot_afford", "1 Clay, 1 Peat")
    assert why(g, Load(cart.id, 0, "dest:beemoor")).id == "load.nothing_to_sell"
    set_goods(p, wood=2)
    g.refresh()
    g.apply(Load(cart.id, 0, "wood"))
    assert why(g, Load(cart.id, 0, "wood")).id == "load.space_taken"


def test_no_loading_while_selling_and_a_used_destination_is_gone():
    """RULES_NOTES "Loading vehicles": not while selling at a destination."""
    g = game_in()
    p = me(g)
    clear_goods(p)
    set_goods(p, peat=1, summer_wear=1, wood=1)
    cart = give(g, p, Equipment.HORSE_CART)
    g.apply(Load(cart.id, 0, "dest:emden"))
    r = why(g, Load(cart.id, 3, "wood"))
    assert r.id == "load.not_while_selling" and "sell" in str(render(r))
    choose(g, "peat")
    choose(g, "summer_wear")
    assert why(g, Load(cart.id, 3, "dest:emden")).id == "load.destination_gone"


def test_returning_equipment_you_do_not_have():
    g = game_in()
    assert why(g, ReturnEquipment(7)).id == "equipment.not_yours"


# -- the Home Board ---------------------------------------------------------------------------------


def test_a_tile_goes_on_empty_land_only():
    """Rulebook p. 8: tiles go on land spaces that hold no tile and no Moor."""
    g = game_in()
    assert why(g, PlaceTile("3,2")).id == "tile.none_to_place"
    place(g, "summer.forester")  # no Building affordable: the Forest is the only choice
    assert g.why_not(PlaceTile("3,2")) is None
    assert why(g, PlaceTile("0,0")).id == "tile.tidal_flat"
    assert why(g, PlaceTile("5,0")).id == "tile.on_moor"
    taken = why(g, PlaceTile("3,0"))
    assert (taken.id, taken.get("tile")) == ("tile.space_taken", "grain_field")
    assert str(render(taken)) == "That space already holds a Grain Field."
    assert why(g, PlaceTile("x")).id == "tile.no_such_space"


def test_only_a_bottom_dike_moves_to_the_next_gap():
    """Rulebook p. 9, "+1 Dike": a bottom Dike moves to the lowest gap above the Dike Line."""
    g = game_in()
    assert why(g, MoveDike(0, "1,2")).id == "dike.none_to_move"
    run_steps(g, 0, [DikeStep("fixed:1")])
    assert g.why_not(MoveDike(0, "1,2")) is None
    assert why(g, MoveDike(3, "1,2")).id == "dike.not_bottom"
    assert why(g, MoveDike(0, "2,0")).id == "dike.not_next_gap"


def test_the_dikes_that_may_move_are_named_by_their_columns():
    """Issue 50 item 27: "Seule une des digues les plus basses (dans l'espace 1)": the board
    numbers no gap; the Dikes are named by their columns, as the log names them."""
    from arle.engine import render, say
    from arle.files.catalogues import load_language

    g = game_in()
    run_steps(g, 0, [DikeStep("fixed:1")])
    refused = render(why(g, MoveDike(3, "1,2")))
    assert say(refused) == "Only one of the lowest Dikes may move up: those in columns 1, 2 or 3."
    french = say(refused, load_language("fr"))
    assert "colonnes 1, 2 ou 3" in french and "espace" not in french


def test_peat_is_cut_off_dehydrated_moors_that_have_peat():
    """Rulebook p. 9: Peat lies on dehydrated Moors only."""
    g = game_in()
    assert why(g, CutPeat(3)).id == "peat.not_now"
    p = me(g)
    p.moors[1].dehydrated = True  # with no Peat left on it
    run_steps(g, 0, [CutPeatStep("fixed:2")])
    assert g.why_not(CutPeat(3)) is None
    assert why(g, CutPeat(0)).id == "moor.not_dehydrated"
    assert why(g, CutPeat(1)).id == "moor.no_peat"
    assert why(g, CutPeat(9)).id == "moor.unknown"


def test_the_dike_refusals_name_the_action_and_the_gap():
    """Rulebook p. 9, "+1 Dike" (RULES-DECISIONS "Dikes"): the refusal says a Dike action is
    needed, and which gap the movable Dikes lie in and which gap takes them, counted from 1 as the
    board's Dike Line label (the words ``home_scene._dike_refusal`` worked out before)."""
    g = game_in()
    assert '"+1 Dike"' in str(render(why(g, MoveDike(0, "1,2"))))
    run_steps(g, 0, [DikeStep("fixed:1")])
    bottom = why(g, MoveDike(3, "1,2"))  # (the movable Dikes by their columns: issue 50 item 27)
    assert str(render(bottom)) == "Only one of the lowest Dikes may move up: those in columns 1, 2 or 3."
    gap = why(g, MoveDike(0, "2,0"))
    assert gap.get("gap") == 1  # the free place "1,2" is in gap 1 (0-based)
    assert str(render(gap)).startswith("A Dike moves into a free place above row 3: the lowest")


def test_the_peat_refusal_names_the_actions_that_cut_peat():
    """Rulebook p. 9: Peat is cut only by an action that says so (Peat Cutter, Grocer, ...); the
    refusal names them in one sentence (issue 43: not the prompt pasted after a colon)."""
    g = game_in()
    text = str(render(why(g, CutPeat(3))))
    assert "Peat Cutter" in text and str(g.prompt()) not in text and ": " not in text


def test_a_tile_dropped_off_the_board_or_on_a_moor_says_where_tiles_go():
    """Rulebook p. 8: a tile goes on an empty land space; the refusal says so for a space that is
    no land space and for a Moor (the hint ``home_scene`` gave for every refused tile drop)."""
    g = game_in()
    place(g, "summer.forester")
    assert "empty land space" in str(render(why(g, PlaceTile(""))))
    assert "empty land space" in str(render(why(g, PlaceTile("5,0"))))


def test_a_flip_needs_a_flip_action_and_a_tile_with_the_arrow():
    """Warden (rulebook ↻14): flip a tile with the arrow symbol."""
    g = game_in()
    assert why(g, Flip("m0")).id == "flip.not_now"
    run_steps(g, 0, [UpgradeTile()])
    assert g.why_not(Flip("m0")) is None
    assert why(g, Flip("e9")).id == "flip.not_that"
