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
- numbers and notes RULES-DECISIONS.md decides (and the few the computer players weigh);
- ``does_nothing(game, move)``: why a legal Worker placement would give nothing (views ask first);
- places as values (``Place``, ``PlaceKind``, ``place(code)``): moves and the state hold a place as
  its code, views read and make them through these names only, never by picking a code apart;
- a few rules queries the views ask while the player drags (``animal_holders``, ``land_spaces``,
  ``load_span``...), by name: ``__all__`` lists names, never a module.
"""

from .content.action_spaces import ACTION_SPACES, SUMMER, WINTER
from .content.buildings import BLUE, BUILDINGS, DARK_GREEN, LIGHT_GREEN, ORANGE, RED, YELLOW
from .content.decisions import (
    HALF_YEARS,
    RULES_NOTES,
    SOLO_TARGET,
    SUSTENANCE_FOOD,
    SUSTENANCE_PEAT_NOVEMBER,
    TRAVEL_TRACK_SPACES,
    WORKERS,
    travel_vp,
)
from .content.destinations import DESTINATION_ORDER, DESTINATIONS
from .content.goods import ANIMALS, FOOD_CAP, SUBSTITUTE, TRACK_CAP, TRACK_GOODS, Animal, Good, cap_of
from .content.grammar import PLAIN, Features, Word
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
from .interpreter.bounds import FREE_MOVES, MAX_MOVES
from .interpreter.events import (
    ActionResumed,
    ActionUsed,
    AnimalMoved,
    AnimalsChanged,
    BuildingBuilt,
    DestinationSold,
    DikeMoved,
    EquipmentChanged,
    Event,
    GameEnded,
    GoodsChanged,
    HalfYearStarted,
    InventoryEnded,
    InventoryPart,
    MoorChanged,
    OptionsLapsed,
    PhaseStarted,
    PlacementSkipped,
    SupplyBottleneck,
    TileFlipped,
    TilePlaced,
    TileRemoved,
    ToolAdvanced,
    TurnEnded,
    VehicleLoaded,
    WorkerPlaced,
)
from .interpreter.game import Game, IllegalMove
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
from .interpreter.places import Place, PlaceKind, destination_of, place
from .interpreter.setup import Setup
from .interpreter.state import EquipmentPiece, MoorTile, Phase, PlayerState
from .interpreter.steps import Decision, HouseAnimalsDecision, OptionKind
from .rules.animals import count as animal_count
from .rules.animals import holders as animal_holders
from .rules.animals import housing_valid as animal_housing_valid
from .rules.animals import total as animal_total
from .rules.animals import waiting as animals_waiting
from .rules.barn import sizes as barn_sizes
from .rules.build import STABLE_COST, STALL_COST, buildable_buildings
from .rules.building_steps import ReplaceFieldsDecision
from .rules.homeboard import COLS as HOME_COLS
from .rules.homeboard import GAPS as DIKE_GAPS
from .rules.homeboard import ROWS as HOME_ROWS
from .rules.homeboard import (
    START_DIKES,
    dike_line,
    empty_land_spaces,
    first_land_row,
    land_spaces,
    tidal_penalty_spaces,
)
from .rules.inventory_report import InventoryReport, inventory_report
from .rules.payments import Cost
from .rules.refusals import Refusal
from .rules.scoring import MATERIAL_VP, ScoreBreakdown, score, score_reasons, solo_rating
from .rules.travel import sale_key
from .rules.useless import does_nothing
from .rules.vehicles import GOOD_LOADS, LOADING_STATION, item_size
from .rules.vehicles import span as load_span
from .rules.warden import implied_flip

#: Sorted; the docstring above groups them.
__all__ = [
    "ACTION_SPACES",
    "ANIMALS",
    "BARN_LARGE",
    "BARN_SMALL",
    "BLUE",
    "BUILDINGS",
    "DARK_GREEN",
    "DESTINATIONS",
    "DESTINATION_ORDER",
    "DIKE_GAPS",
    "ENGLISH",
    "EQUIPMENT",
    "FOOD_CAP",
    "FREE_MOVES",
    "GOOD_LOADS",
    "HALF_YEARS",
    "HOME_COLS",
    "HOME_ROWS",
    "LIGHT_GREEN",
    "LOADING_STATION",
    "MATERIAL_VP",
    "MAX_MOVES",
    "ORANGE",
    "PLAIN",
    "RED",
    "RULES_NOTES",
    "SOLO_TARGET",
    "STABLE_COST",
    "STACK_OF",
    "STALL_COST",
    "START_DIKES",
    "SUBSTITUTE",
    "SUMMER",
    "SUPPLY_LIMITS",
    "SUSTENANCE_FOOD",
    "SUSTENANCE_PEAT_NOVEMBER",
    "TILE_VP",
    "TOOL_TRACKS",
    "TRACK_CAP",
    "TRACK_GOODS",
    "TRAVEL_TRACK_SPACES",
    "WINTER",
    "WORKERS",
    "YELLOW",
    "ActionResumed",
    "ActionUsed",
    "AdvanceTool",
    "Animal",
    "AnimalMoved",
    "AnimalsChanged",
    "BuildingBuilt",
    "Choose",
    "Cost",
    "CutPeat",
    "Decision",
    "DestinationSold",
    "DikeMoved",
    "Done",
    "EndTurn",
    "Equipment",
    "EquipmentChanged",
    "EquipmentPiece",
    "Event",
    "Features",
    "Flip",
    "Game",
    "GameEnded",
    "Good",
    "GoodsChanged",
    "HalfYearStarted",
    "HouseAnimalsDecision",
    "IllegalMove",
    "InventoryEnded",
    "InventoryPart",
    "InventoryReport",
    "Language",
    "Load",
    "MoorChanged",
    "MoorTile",
    "Move",
    "MoveAnimal",
    "MoveDike",
    "OptionKind",
    "OptionsLapsed",
    "Pay",
    "Phase",
    "PhaseStarted",
    "Place",
    "PlaceKind",
    "PlaceTile",
    "PlaceWorker",
    "PlacementSkipped",
    "PlayerState",
    "Refusal",
    "ReleaseAnimal",
    "ReplaceFieldsDecision",
    "ReturnEquipment",
    "ScoreBreakdown",
    "Setup",
    "SkipPlacement",
    "SupplyBottleneck",
    "Text",
    "Tile",
    "TileFlipped",
    "TilePlaced",
    "TileRemoved",
    "Tool",
    "ToolAdvanced",
    "TradePeat",
    "TurnEnded",
    "UseBuilding",
    "VehicleLoaded",
    "Word",
    "WorkerPlaced",
    "animal_count",
    "animal_holders",
    "animal_housing_valid",
    "animal_total",
    "animals_waiting",
    "barn_fits",
    "barn_sizes",
    "buildable_buildings",
    "cap_of",
    "counted",
    "describe",
    "destination_of",
    "dike_line",
    "does_nothing",
    "empty_land_spaces",
    "first_land_row",
    "implied_flip",
    "inventory_report",
    "item_size",
    "join",
    "land_spaces",
    "load_span",
    "move_from_dict",
    "move_to_dict",
    "noun",
    "place",
    "render",
    "sale_key",
    "say",
    "score",
    "score_reasons",
    "solo_rating",
    "t",
    "tidal_penalty_spaces",
    "tn",
    "travel_vp",
]
