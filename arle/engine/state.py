"""The mutable state of a game: plain attrs records, copied for undo snapshots, never saved
(a save is the setup and the move list)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import attrs

from .goods import Animal, Good
from .tiles import Equipment
from .tools import Tool

Space = tuple[int, int]  # (row, col) on the Home Board, row 0 the top Tidal Flat row


class Phase(StrEnum):
    WORK = "work"  # placing Workers
    FINAL_TURNS = "final_turns"  # each player's last anytime turn before inventorying
    INVENTORY = "inventory"
    LAST_TRADE = "last_trade"  # after the last November: Peat Boat and anytime buildings
    OVER = "over"


@attrs.define
class MoorTile:
    id: int
    spaces: tuple[Space, ...]
    dehydrated: bool
    peat: int
    small: bool = False


@attrs.define
class LoadItem:
    """Something on a vehicle: "timber", "brick", "peat", a wear, or "dest:<id>"."""

    start: int
    size: int
    item: str


@attrs.define
class EquipmentPiece:
    id: int
    kind: Equipment
    load: list[LoadItem] = attrs.Factory(list)


@attrs.define
class PlayerState:
    index: int
    name: str
    goods: dict[Good, int]
    tools: dict[Tool, int]  # indicator position on each track, 0 = leftmost
    #: Tiles on land spaces: a Tile value or a building id.
    tiles: dict[Space, str]
    moors: list[MoorTile]
    #: Position (gap, col) of each of the 5 Dikes; gap 0 lies just above the Mainland.
    dikes: list[tuple[int, int]]
    #: Animals by holder id: "d<i>" Dike i, "s<r>,<c>" a space, "s<r>,<c>b" 2nd half of a
    #: Double Stall, "x" Animals waiting for a place.
    animals: dict[str, dict[Animal, int]]
    barn: list[EquipmentPiece]
    next_equipment_id: int
    buildings: list[str]
    travel: list[str]  # destinations on the Travel Experience Track, bottom first
    destinations: list[str]  # destinations still on the storage board
    bottleneck_vp: int = 0


@attrs.define
class GameState:
    players: list[PlayerState]
    half_year: int
    start_player: int
    phase: Phase
    #: Players still to place a Worker this half-year, in order.
    placements: list[int]
    occupied: dict[str, int]  # action space id -> player
    special_used_by: int | None
    #: Players still to take their final turn (FINAL_TURNS / LAST_TRADE), in order.
    queue: list[int]
    #: Pending decisions and scripts, innermost last (see ``steps``).
    stack: list[Any]
    available_buildings: list[str]
    supply: dict[str, int]  # tiles left per stack (see tiles.SUPPLY_LIMITS)
    solo: bool
    winner: int | None = None

    @property
    def season(self) -> str:
        return "summer" if self.half_year % 2 else "winter"
