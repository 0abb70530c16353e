"""Helpers for the vehicle and travel tests: list and make Load moves (``helpers.give`` gives a
player vehicles)."""

from __future__ import annotations

from arle.engine import Game
from arle.engine.interpreter.events import Event
from arle.engine.interpreter.moves import Load
from arle.engine.interpreter.state import EquipmentPiece


def loads(game: Game, vehicle: int | None = None) -> list[Load]:
    """The legal Load moves now (on ``vehicle`` only, if given)."""
    return [
        m for m in game.legal_moves()
        if isinstance(m, Load) and (vehicle is None or m.vehicle == vehicle)
    ]


def load_items(game: Game, vehicle: int, start: int) -> set[str]:
    """The items that may be loaded on ``vehicle`` at loading space ``start``."""
    return {m.item for m in loads(game, vehicle) if m.start == start}


def load(game: Game, piece: EquipmentPiece, start: int, item: str) -> list[Event]:
    return game.apply(Load(piece.id, start, item))


def cargo(piece: EquipmentPiece) -> list[tuple[int, int, str]]:
    """The load of a vehicle as (start, size, item) triples, in loading order."""
    return [(it.start, it.size, it.item) for it in piece.load]
