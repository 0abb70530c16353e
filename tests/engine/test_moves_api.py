"""The one door (brief "Engine architecture"): ``apply`` accepts exactly the legal moves and
refuses anything else with a clear error and no change; moves serialize; events are frozen."""

from __future__ import annotations

import copy
import json
import random

import attrs
import pytest

from arle.commands.simulate import choose_move, play_one
from arle.engine import IllegalMove, Phase, describe, move_from_dict, move_to_dict
from arle.engine.content.goods import Animal, Good
from arle.engine.content.tiles import Equipment
from arle.engine.content.tools import Tool
from arle.engine.interpreter.events import EquipmentChanged, Event, PhaseStarted
from arle.engine.interpreter.moves import (
    MOVE_TYPES,
    AdvanceTool,
    Choose,
    CutPeat,
    Done,
    EndTurn,
    Flip,
    Load,
    MoveAnimal,
    MoveDike,
    Pay,
    PlaceTile,
    PlaceWorker,
    ReleaseAnimal,
    ReturnEquipment,
    SkipPlacement,
    TradePeat,
    UseBuilding,
)
from arle.engine.rules import barn
from tests.engine.helpers import new_game

EXAMPLES = [
    PlaceWorker("summer.fisherman"), SkipPlacement(), EndTurn(), Choose("timber"),
    Pay(((Good.TIMBER, 1), (Good.WOOD, 2))), Done(), PlaceTile("3,2"), MoveDike(4, "2,1"),
    CutPeat(3), MoveAnimal(Animal.SHEEP, "x", "s3,2"), ReleaseAnimal(Animal.HORSE, "d0"),
    ReturnEquipment(7), TradePeat(Good.FLAX), UseBuilding("wood_trader", "2"),
    Load(0, 1, "dest:bremen"), Flip("s4,0"), AdvanceTool(Tool.OVEN),
]


def _round_trip(move):
    return move_from_dict(json.loads(json.dumps(move_to_dict(move))))


def test_examples_cover_every_move_type():
    assert {type(m).__name__ for m in EXAMPLES} == set(MOVE_TYPES)


@pytest.mark.parametrize("move", EXAMPLES, ids=lambda m: type(m).__name__)
def test_every_move_type_round_trips_through_json(move):
    data = move_to_dict(move)
    assert data["type"] == type(move).__name__
    assert _round_trip(move) == move
    assert json.loads(json.dumps(data)) == data


def test_every_move_offered_in_random_games_round_trips():
    """A save is the setup and the move list: every legal move must survive JSON."""
    seen = set()
    for seed, players in ((21, 2), (22, 2), (23, 1)):
        rng = random.Random(seed)
        from arle.commands.simulate import setup_for
        from arle.engine import Game

        g = Game(setup_for(seed, players))
        while not g.over:
            legal = g.legal_moves()
            seen.update(legal)
            g.apply(choose_move(rng, legal))
    assert len({type(m) for m in seen}) >= 8
    for move in seen:
        assert _round_trip(move) == move, move


@pytest.mark.parametrize("data", [
    "PlaceWorker", None, [], {"type": "Teleport"}, {"space": "summer.grocer"},
    {"type": "PlaceWorker"}, {"type": "CutPeat", "moor": "north"},
    {"type": "Pay", "goods": "3 wood"}, {"type": "Pay", "goods": [["gold", 1]]},
    {"type": "Pay", "goods": [["wood"]]}, {"type": "AdvanceTool", "tool": "hammer"},
    {"type": "MoveAnimal", "animal": "goat", "src": "x", "dst": "d0"},
])
def test_malformed_move_data_raises_a_clear_value_error(data):
    with pytest.raises(ValueError, match=r"\w"):
        move_from_dict(data)


def _state_snapshot(g):
    return copy.deepcopy(g.state)


@pytest.mark.parametrize("move", [
    PlaceWorker("winter.nowhere"), EndTurn(), Done(), CutPeat(99), Choose("timber"),
    Pay(((Good.FOOD, 1),)), MoveDike(0, "1,2"), PlaceTile("0,0"), TradePeat(Good.WOOL),
    ReleaseAnimal(Animal.SHEEP, "s4,0"), MoveAnimal(Animal.HORSE, "s4,0", "s3,0"),
    ReturnEquipment(0), Flip("s4,0"), AdvanceTool(Tool.OVEN),
], ids=lambda m: type(m).__name__)
def test_illegal_move_is_refused_with_a_clear_error_and_no_change(move):
    g = new_game()
    before = _state_snapshot(g)
    legal = g.legal_moves()
    with pytest.raises(IllegalMove) as err:
        g.apply(move)
    assert describe(move) in str(err.value)
    assert "not a legal move" in str(err.value)
    assert g.state == before
    assert g.legal_moves() == legal


@pytest.mark.parametrize("junk", ["PlaceWorker", None, 42, {"type": "EndTurn"}])
def test_something_that_is_not_a_move_is_refused_as_illegal(junk):
    g = new_game()
    before = _state_snapshot(g)
    with pytest.raises(IllegalMove, match="not a legal move"):
        g.apply(junk)
    assert g.state == before


def test_illegal_move_mid_decision_changes_nothing():
    g = new_game()
    g.apply(PlaceWorker("summer.grocer"))  # Timber, Brick, Sheep, Cattle or Horse?
    assert g.decision is not None
    before = _state_snapshot(g)
    with pytest.raises(IllegalMove):
        g.apply(Choose("gold"))
    with pytest.raises(IllegalMove):
        g.apply(SkipPlacement())
    assert g.state == before
    g.apply(Choose("timber"))
    assert g.decision is None


def test_no_move_is_legal_after_the_end():
    g = play_one(5, 1)["_game"]
    assert g.over and g.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        g.apply(EndTurn())


def test_events_are_frozen_records():
    result = play_one(9, 2, check=False)
    assert result["ok"]
    g = new_game()
    events = list(g.setup_events)
    rng = random.Random(9)
    for _ in range(300):
        if g.over:
            break
        events += g.apply(choose_move(rng, g.legal_moves()))
    assert events and all(isinstance(e, Event) for e in events)
    kinds = set()
    for e in events:
        kinds.add(type(e))
        assert attrs.has(type(e))
        field = attrs.fields(type(e))[0].name
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(e, field, None)
        hash(e)
    assert len(kinds) >= 5



def test_refresh_rederives_the_moves_returns_pending_events_once_and_runs_the_flow():
    """The test API (issue 17 "a small public test API"): after a direct edit ``refresh()`` offers
    what the new state allows, returns the events rule functions raised (once) and moves the flow
    on: with no placement left the Work Phase ends (rulebook p. 7) and the final turns begin."""
    g = new_game()
    p = g.state.players[0]
    assert not [m for m in g.legal_moves() if isinstance(m, Load)]
    piece = barn.add(g, p, Equipment.HANDCART)
    events = g.refresh()
    assert [e for e in events if isinstance(e, EquipmentChanged)] == [
        EquipmentChanged(0, piece.id, Equipment.HANDCART.value, True)]
    assert g.refresh() == []
    assert [m for m in g.legal_moves() if isinstance(m, Load) and m.vehicle == piece.id]
    g.state.placements = []
    assert [e for e in g.refresh() if isinstance(e, PhaseStarted)] == [
        PhaseStarted(-1, Phase.FINAL_TURNS.value)]
    assert g.state.phase is Phase.FINAL_TURNS and g.legal_moves()[0] == EndTurn()
