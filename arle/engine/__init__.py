"""The rules of Fields of Arle as pure Python: no Qt, no file I/O.

Play goes through one door: ``Game(setup).legal_moves()`` and ``Game.apply(move)``. For a search:
``Game.copy()`` (cheap and independent), ``Game.key()`` (a hashable position key),
``decision_moves()`` / ``anytime_moves()`` (the two parts of the legal moves) and ``MAX_MOVES``.
Why a move is refused: ``Game.why_not(move)``, a ``Refusal`` that ``render`` puts in words.
For tests: edit ``Game.state`` directly, then ``Game.refresh()`` re-derives what follows.

This module is the engine's whole public API: the GUI and the commands import from here only,
never from a submodule (``tests/test_boundaries.py``). The list below is deliberate:

- play: the game, its setup, moves and events, the pending ``Decision`` with what it declares
  (``OptionKind``, ``answers``, ``shown_on``, ``allows_anytime``, ``allows_loading``,
  ``option_text``);
- game content the views draw: action spaces, buildings, destinations, goods, tiles, tools;
- numbers and notes RULES-DECISIONS.md decides;
- ``does_nothing(game, move)``: why a legal Worker placement would give nothing (views ask first);
- a few rules queries the views ask while the player drags, namespaced (``animals``, ``barn``,
  ``homeboard``, ``vehicles``) until the engine explains refusals itself.
"""

from .content import buildings
from .content.action_spaces import ACTION_SPACES, SUMMER, WINTER
from .content.buildings import BUILDINGS, RED, YELLOW
from .content.decisions import (
    HALF_YEARS,
    RULES_NOTES,
    SOLO_TARGET,
    TRAVEL_TRACK_SPACES,
    WORKERS,
    travel_vp,
)
from .content.destinations import DESTINATION_ORDER, DESTINATIONS
from .content.goods import ANIMALS, FOOD_CAP, TRACK_CAP, TRACK_GOODS, Animal, Good, cap_of
from .content.messages import render
from .content.text import ENGLISH, Language, Text, join, noun, say, t, tn
from .content.tiles import (
    BARN_LARGE,
    BARN_SMALL,
    EQUIPMENT,
    STACK_OF,
    SUPPLY_LIMITS,
    TILE_VP,
    Equipment,
    Tile,
    barn_fits,
)
from .content.tools import TOOL_TRACKS, Tool
from .content.words import counted
from .interpreter import events, moves
from .interpreter.events import Event
from .interpreter.game import FREE_MOVES, MAX_MOVES, Game, IllegalMove
from .interpreter.moves import (
    AdvanceTool,
    Choose,
    CutPeat,
    Done,
    EndTurn,
    Flip,
    Load,
    Move,
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
    describe,
    move_from_dict,
    move_to_dict,
)
from .interpreter.setup import Setup
from .interpreter.state import EquipmentPiece, MoorTile, Phase, PlayerState
from .interpreter.steps import Decision, HouseAnimalsDecision, OptionKind
from .rules import animals, barn, homeboard, vehicles
from .rules.animals import count as animal_count
from .rules.build import STABLE_COST, STALL_COST, buildable_buildings
from .rules.homeboard import START_DIKES
from .rules.inventory_report import InventoryReport, inventory_report
from .rules.refusals import Refusal
from .rules.scoring import ScoreBreakdown, score_reasons, solo_rating
from .rules.travel import sale_key
from .rules.useless import does_nothing

#: Sorted; the docstring above groups them.
__all__ = [
    "ACTION_SPACES",
    "ANIMALS",
    "BARN_LARGE",
    "BARN_SMALL",
    "BUILDINGS",
    "DESTINATIONS",
    "DESTINATION_ORDER",
    "ENGLISH",
    "EQUIPMENT",
    "FOOD_CAP",
    "FREE_MOVES",
    "HALF_YEARS",
    "MAX_MOVES",
    "RED",
    "RULES_NOTES",
    "SOLO_TARGET",
    "STABLE_COST",
    "STACK_OF",
    "STALL_COST",
    "START_DIKES",
    "SUMMER",
    "SUPPLY_LIMITS",
    "TILE_VP",
    "TOOL_TRACKS",
    "TRACK_CAP",
    "TRACK_GOODS",
    "TRAVEL_TRACK_SPACES",
    "WINTER",
    "WORKERS",
    "YELLOW",
    "AdvanceTool",
    "Animal",
    "Choose",
    "CutPeat",
    "Decision",
    "Done",
    "EndTurn",
    "Equipment",
    "EquipmentPiece",
    "Event",
    "Flip",
    "Game",
    "Good",
    "HouseAnimalsDecision",
    "IllegalMove",
    "InventoryReport",
    "Language",
    "Load",
    "MoorTile",
    "Move",
    "MoveAnimal",
    "MoveDike",
    "OptionKind",
    "Pay",
    "Phase",
    "PlaceTile",
    "PlaceWorker",
    "PlayerState",
    "Refusal",
    "ReleaseAnimal",
    "ReturnEquipment",
    "ScoreBreakdown",
    "Setup",
    "SkipPlacement",
    "Text",
    "Tile",
    "Tool",
    "TradePeat",
    "UseBuilding",
    "animal_count",
    "animals",
    "barn",
    "barn_fits",
    "buildable_buildings",
    "buildings",
    "cap_of",
    "counted",
    "describe",
    "does_nothing",
    "events",
    "homeboard",
    "inventory_report",
    "join",
    "move_from_dict",
    "move_to_dict",
    "moves",
    "noun",
    "render",
    "sale_key",
    "say",
    "score_reasons",
    "solo_rating",
    "t",
    "tn",
    "travel_vp",
    "vehicles",
]
