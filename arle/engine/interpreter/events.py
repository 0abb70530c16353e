"""Events: what ``Game.apply`` reports as changed, for views, logs and tests.

Each event is a frozen record. Views refresh from the state; events say what to animate and log.
"""

from __future__ import annotations

import attrs

from ..content.text import Text


@attrs.frozen
class Event:
    """Base class; ``player`` is -1 for events that belong to no player."""

    player: int


@attrs.frozen
class HalfYearStarted(Event):
    half_year: int
    season: str


@attrs.frozen
class PhaseStarted(Event):
    phase: str


@attrs.frozen
class WorkerPlaced(Event):
    space: str


@attrs.frozen
class PlacementSkipped(Event):
    pass


@attrs.frozen
class TurnEnded(Event):
    pass


@attrs.frozen
class GoodsChanged(Event):
    good: str
    delta: int
    total: int


@attrs.frozen
class AnimalsChanged(Event):
    """Animals gained (delta > 0) or lost (delta < 0) at holder ``holder``."""

    animal: str
    holder: str
    delta: int


@attrs.frozen
class AnimalMoved(Event):
    animal: str
    src: str
    dst: str


@attrs.frozen
class DikeMoved(Event):
    dike: int
    to: str
    land_gained: int


@attrs.frozen
class TilePlaced(Event):
    tile: str
    space: str


@attrs.frozen
class TileRemoved(Event):
    tile: str
    space: str


@attrs.frozen
class TileFlipped(Event):
    before: str
    after: str
    target: str


@attrs.frozen
class MoorChanged(Event):
    moor: int
    peat: int
    dehydrated: bool
    removed: bool


@attrs.frozen
class ToolAdvanced(Event):
    tool: str
    count: int


@attrs.frozen
class EquipmentChanged(Event):
    equipment: int
    kind: str
    gained: bool


@attrs.frozen
class VehicleLoaded(Event):
    vehicle: int
    start: int
    item: str


@attrs.frozen
class DestinationSold(Event):
    destination: str
    item: str
    food: int


@attrs.frozen
class BuildingBuilt(Event):
    building: str
    space: str


@attrs.frozen
class ActionUsed(Event):
    """An action space's, building's or inventory step's effect, for the game log."""

    source: str
    text: Text


@attrs.frozen
class ActionResumed(Event):
    """The Animals that waited for a place are housed: the action that gave them (``source``,
    an action space or a building) goes on, and what it does next is its own, not the move that
    housed them (issue 50 item 9: "releases a Sheep — -1 Sheep, 5 Fish Traps now, +5 Food")."""

    source: str


@attrs.frozen
class OptionsLapsed(Event):
    """An anytime move (loading, a trade) took what the decision waiting under it needed: it ended
    with its options not taken, and the log says so instead of leaving it silent."""

    text: Text


@attrs.frozen
class SupplyBottleneck(Event):
    missing_food: int
    missing_fuel: int
    vp: int


@attrs.frozen
class GameEnded(Event):
    scores: tuple[float, ...]
    winner: int


@attrs.frozen
class InventoryPart(Event):
    """One sub-phase of a player's inventorying (rulebook p. 8) and what it gave or took:
    ``part`` is "vehicles" (what emptying them gave; "dest:<id>" for a destination), "harvest",
    "milking", "breeding", "shearing", "food" (the Sustenance Food, paid with "food", "grain",
    "animals") or "fuel" (the November Peat, paid with "peat", "wood"); ``goods`` are (good,
    animal or payment, count) pairs, counts > 0."""

    part: str
    goods: tuple[tuple[str, int], ...]


@attrs.frozen
class InventoryEnded(Event):
    """A player's inventorying is over (after its payments): the time for its summary."""

    season: str
