"""The Barn (rulebook "Space is limited in the Barn"): 4 spaces for small Equipment and 3 for
Large Vehicles, the lowest of which may hold a small piece instead. Equipment may be returned to
the supply board at any time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..content.tiles import EQUIPMENT, Equipment, barn_fits
from ..interpreter.events import EquipmentChanged
from ..interpreter.state import EquipmentPiece, PlayerState
from .supply import return_tile

if TYPE_CHECKING:
    from ..interpreter.game import Game


def sizes(p: PlayerState) -> tuple[int, int]:
    large = sum(1 for e in p.barn if EQUIPMENT[e.kind].large)
    return len(p.barn) - large, large


def has_room(p: PlayerState, kind: Equipment, removed: int | None = None) -> bool:
    small, large = sizes(p)
    if removed is not None:
        piece = piece_by_id(p, removed)
        if EQUIPMENT[piece.kind].large:
            large -= 1
        else:
            small -= 1
    if EQUIPMENT[kind].large:
        large += 1
    else:
        small += 1
    return barn_fits(small, large)


def room_makers(p: PlayerState, kind: Equipment) -> list[int]:
    """Pieces whose return would make room for a new ``kind``: "you must first get rid of another
    piece of Equipment of equal size" (rulebook ↻3), so a Large Vehicle never makes room for a
    small piece (a full Barn always holds a piece of equal size that does)."""
    large = EQUIPMENT[kind].large
    return [
        e.id for e in p.barn if EQUIPMENT[e.kind].large == large and has_room(p, kind, removed=e.id)
    ]


def can_house(p: PlayerState, kind: Equipment) -> bool:
    return has_room(p, kind) or bool(room_makers(p, kind))


def piece_by_id(p: PlayerState, equipment_id: int) -> EquipmentPiece:
    return next(e for e in p.barn if e.id == equipment_id)


def add(g: Game, p: PlayerState, kind: Equipment) -> EquipmentPiece:
    assert has_room(p, kind), "no room in the Barn"
    piece = EquipmentPiece(p.next_equipment_id, kind)
    p.next_equipment_id += 1
    p.barn.append(piece)
    g.emit(EquipmentChanged(p.index, piece.id, kind.value, True))
    return piece


def return_piece(g: Game, p: PlayerState, equipment_id: int) -> None:
    """Return a piece to the supply board; whatever it carries is lost with it."""
    piece = piece_by_id(p, equipment_id)
    p.barn.remove(piece)
    return_tile(g, piece.kind)
    g.emit(EquipmentChanged(p.index, piece.id, piece.kind.value, False))


def count(p: PlayerState, kind: Equipment) -> int:
    return sum(1 for e in p.barn if e.kind == kind)


def has_large_vehicle(p: PlayerState) -> bool:
    return any(EQUIPMENT[e.kind].large for e in p.barn)
