"""The mutable state of a game: plain attrs records, copied for undo snapshots and searches, never
saved (a save is the setup and the move list).

``copy()`` copies only what a move can change (dicts, lists, the mutable records) and shares the
immutable rest (enums, strings, tuples, frozen steps); ``key()`` is a hashable value that is equal
exactly when two states are equal, for a search to detect positions it has seen."""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import Any

import attrs

from ..content.goods import Animal, Good
from ..content.tiles import Equipment
from ..content.tools import Tool

Space = tuple[int, int]  # (row, col) on the Home Board, row 0 the top Tidal Flat row


class Phase(StrEnum):
    WORK = "work"  # placing Workers
    FINAL_TURNS = "final_turns"  # each player's last anytime turn before inventorying
    INVENTORY = "inventory"
    LAST_TRADE = "last_trade"  # after the last November: Peat Boat and anytime buildings
    OVER = "over"


#: The phases as plain names for the flow, which reads them at every move: on Python 3.11 a member
#: read through its Enum class (``Phase.WORK``) goes through ``EnumType.__getattr__``, some 80 ns.
WORK, FINAL_TURNS, INVENTORY, LAST_TRADE, OVER = (
    Phase.WORK, Phase.FINAL_TURNS, Phase.INVENTORY, Phase.LAST_TRADE, Phase.OVER
)


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

    def key(self) -> tuple[Any, ...]:
        return (self.start, self.size, self.item)


@attrs.define
class EquipmentPiece:
    id: int
    kind: Equipment
    load: list[LoadItem] = attrs.Factory(list)

    def copy(self) -> EquipmentPiece:
        return EquipmentPiece(self.id, self.kind, [LoadItem(x.start, x.size, x.item) for x in self.load])

    def key(self) -> tuple[Any, ...]:
        return (self.id, self.kind, tuple([x.key() for x in self.load]))


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

    def copy(self) -> PlayerState:
        return PlayerState(
            self.index,
            self.name,
            dict(self.goods),
            dict(self.tools),
            dict(self.tiles),
            [MoorTile(m.id, m.spaces, m.dehydrated, m.peat, m.small) for m in self.moors],
            list(self.dikes),
            {holder: dict(here) for holder, here in self.animals.items()},
            [e.copy() for e in self.barn],
            self.next_equipment_id,
            list(self.buildings),
            list(self.travel),
            list(self.destinations),
            self.bottleneck_vp,
        )

    def key(self) -> tuple[Any, ...]:
        """Dicts become frozensets of items: their order (which moves made them) is no part of the
        position, as for ``==``."""
        return (
            self.index,
            self.name,
            frozenset(self.goods.items()),
            frozenset(self.tools.items()),
            frozenset(self.tiles.items()),
            tuple([(m.id, m.spaces, m.dehydrated, m.peat, m.small) for m in self.moors]),
            tuple(self.dikes),
            frozenset([(holder, frozenset(here.items())) for holder, here in self.animals.items()]),
            tuple([e.key() for e in self.barn]),
            self.next_equipment_id,
            tuple(self.buildings),
            tuple(self.travel),
            tuple(self.destinations),
            self.bottleneck_vp,
        )


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

    def copy(self) -> GameState:
        return GameState(
            [p.copy() for p in self.players],
            self.half_year,
            self.start_player,
            self.phase,
            list(self.placements),
            dict(self.occupied),
            self.special_used_by,
            list(self.queue),
            [_copy_record(r) for r in self.stack],
            list(self.available_buildings),
            dict(self.supply),
            self.solo,
            self.winner,
        )

    def key(self) -> tuple[Any, ...]:
        return (
            tuple([p.key() for p in self.players]),
            self.half_year,
            self.start_player,
            self.phase,
            tuple(self.placements),
            frozenset(self.occupied.items()),
            self.special_used_by,
            tuple(self.queue),
            tuple([_record_key(r) for r in self.stack]),
            tuple(self.available_buildings),
            frozenset(self.supply.items()),
            self.solo,
            self.winner,
        )


# -- the stack's records (Scripts and Decisions of ``steps``, defined by the rules modules) --------


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in attrs.fields(cls))


@cache
def _is_mutable(cls: type) -> bool:
    """Mutable attrs records (Scripts, Decisions) are unhashable; frozen ones (steps, costs,
    options) never change, so copies share them."""
    return attrs.has(cls) and cls.__hash__ is None


def _copy_value(value: Any) -> Any:
    cls: type = type(value)
    if cls is list:
        return [_copy_value(v) for v in value]
    if cls is dict:
        return {k: _copy_value(v) for k, v in value.items()}
    if cls is set:
        return set(value)
    if _is_mutable(cls):
        return _copy_record(value)
    return value  # immutable: int, str, enum, None, tuple, frozen record


def _copy_record(record: Any) -> Any:
    """A copy of a mutable attrs record whose lists and dicts are copied, immutable values shared."""
    clone = object.__new__(type(record))
    kind: type = type(record)
    for name in _field_names(kind):
        object.__setattr__(clone, name, _copy_value(getattr(record, name)))
    extra = getattr(record, "__dict__", None)
    if extra:
        clone.__dict__.update({k: _copy_value(v) for k, v in extra.items()})
    return clone


def _value_key(value: Any) -> Any:
    cls: type = type(value)
    if cls is list:
        return tuple([_value_key(v) for v in value])
    if cls is dict:
        return frozenset([(k, _value_key(v)) for k, v in value.items()])
    if cls is set:
        return frozenset(value)
    if _is_mutable(cls):
        return _record_key(value)
    return value


def _record_key(record: Any) -> tuple[Any, ...]:
    kind: type = type(record)
    return (kind, *[_value_key(getattr(record, n)) for n in _field_names(kind)])
