"""Moves: the only way to change a game. Small frozen records that round-trip through cattrs.

Every move the player to act may make is listed by ``Game.legal_moves()``; ``Game.apply()``
accepts exactly those. A multi-step action is a chain of these moves answering the pending
decision, closed by ``Done`` where the rest of the action is optional.
"""

from __future__ import annotations

import enum
import functools
from typing import Any, cast

import attrs

from ..content.goods import Animal, Good
from ..content.tools import Tool


@attrs.frozen
class PlaceWorker:
    """Take the next Worker off the month track and place it on an action space."""

    space: str


@attrs.frozen
class SkipPlacement:
    """Take the next Worker off the month track without placing it (rulebook p. 6)."""


@attrs.frozen
class EndTurn:
    """End your Work Phase (final anytime turn), or your last turn after the final scoring trade."""


@attrs.frozen
class Choose:
    """Pick one of the options the pending decision offers (an action part, a good, a building)."""

    option: str


@attrs.frozen
class Pay:
    """Pay a cost with this exact combination of goods (Timber for Wood, Brick for Clay...)."""

    goods: tuple[tuple[Good, int], ...]


@attrs.frozen
class Done:
    """Finish the pending decision: the rest of it is optional and is not done."""


@attrs.frozen
class PlaceTile:
    """Put the pending tile (field, forest, stall, building) on an empty land space "row,col"."""

    space: str


@attrs.frozen
class MoveDike:
    """One "+1 Dike": move Dike number ``dike`` (a bottom one) to free position ``to`` "gap,col"."""

    dike: int
    to: str


@attrs.frozen
class CutPeat:
    """Take one Peat off Moor tile number ``moor``."""

    moor: int


@attrs.frozen
class MoveAnimal:
    """Move one Animal between holders ("d0" a Dike, "s3,1" a space, "s3,1b" the second half of
    a Double Stall, "x" the waiting area for Animals that have no place yet)."""

    animal: Animal
    src: str
    dst: str


@attrs.frozen
class ReleaseAnimal:
    """Return one Animal to the general supply."""

    animal: Animal
    src: str


@attrs.frozen
class ReturnEquipment:
    """Return a piece of Equipment from the Barn to the supply board (any time)."""

    equipment: int


@attrs.frozen
class TradePeat:
    """Peat Boat: pay 1 Peat for 1 good of the Goods Track (any time)."""

    good: Good


@attrs.frozen
class UseBuilding:
    """Use the ability of one of your buildings (anytime buildings, or one before November)."""

    building: str
    option: str = ""


@attrs.frozen
class Load:
    """Load ``item`` onto vehicle ``vehicle`` starting at loading space ``start``."""

    vehicle: int
    start: int
    item: str


@attrs.frozen
class Flip:
    """Tile upgrade: flip a tile (``target`` "e<id>" equipment, "s<row,col>" tile, "m<id>" moor)."""

    target: str


@attrs.frozen
class AdvanceTool:
    """Master: move the Tool indicator of ``tool`` one space to the right, paying its cost."""

    tool: Tool


Move = (
    PlaceWorker
    | SkipPlacement
    | EndTurn
    | Choose
    | Pay
    | Done
    | PlaceTile
    | MoveDike
    | CutPeat
    | MoveAnimal
    | ReleaseAnimal
    | ReturnEquipment
    | TradePeat
    | UseBuilding
    | Load
    | Flip
    | AdvanceTool
)

MOVE_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        PlaceWorker,
        SkipPlacement,
        EndTurn,
        Choose,
        Pay,
        Done,
        PlaceTile,
        MoveDike,
        CutPeat,
        MoveAnimal,
        ReleaseAnimal,
        ReturnEquipment,
        TradePeat,
        UseBuilding,
        Load,
        Flip,
        AdvanceTool,
    )
}


@functools.cache
def _converter() -> Any:
    """cattrs, loaded when a move is first read from a file: a game played without opening
    one never needs it (its imports are heavy)."""
    import cattrs

    return cattrs.Converter()


def move_to_dict(move: Move) -> dict[str, Any]:
    """Plain data for a file: fields in order, enums as their values, a payment as pairs."""
    data: dict[str, Any] = {"type": type(move).__name__}
    for field in attrs.fields(type(move)):
        value = getattr(move, field.name)
        if field.name == "goods":
            value = [[str(g), n] for g, n in value]
        elif isinstance(value, enum.Enum):
            value = value.value
        data[field.name] = value
    return data


def move_from_dict(data: dict[str, Any]) -> Move:
    """Rebuild a move; raises ValueError with a clear message for anything malformed."""
    if not isinstance(data, dict):
        raise ValueError(f"a move must be an object, not {type(data).__name__}")
    fields = dict(data)
    name = fields.pop("type", None)
    cls = MOVE_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown move type {name!r}")
    if "goods" in fields:
        goods = fields["goods"]
        if not isinstance(goods, list) or not all(
            isinstance(p, list | tuple) and len(p) == 2 for p in goods
        ):
            raise ValueError("a payment must be a list of [good, amount] pairs")
        fields["goods"] = tuple((Good(g), int(n)) for g, n in goods)
    try:
        return cast(Move, _converter().structure(fields, cls))
    except Exception as exc:  # cattrs raises several kinds; the caller only needs one sentence
        raise ValueError(f"malformed {name} move: {fields}") from exc


def describe(move: Move) -> str:
    """A compact text form, like a chess move's UCI string."""
    fields = attrs.asdict(move, recurse=False)
    args = ",".join(f"{k}={_short(v)}" for k, v in fields.items())
    return f"{type(move).__name__}({args})"


def _short(value: object) -> str:
    """Plain strings quoted and escaped (a move read from a file may hold anything), long ones cut."""
    text = repr(value) if type(value) is str else str(value)
    return text if len(text) <= 40 else text[:37] + "..."
