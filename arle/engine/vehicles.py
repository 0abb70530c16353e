"""Loading vehicles (rulebook pp. 10-11) and emptying them at inventorying."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import PlayerState

if TYPE_CHECKING:
    from .game import Game
    from .moves import Move


def load_moves(g: Game, p: PlayerState) -> list[Move]:
    """Every Load move the player may make now."""
    return []


def apply_load(g: Game, p: PlayerState, move: Move) -> None:
    raise ValueError(f"cannot load {move}")


def empty_vehicles(g: Game, p: PlayerState) -> None:
    """Inventorying step 1: goods to the supply, destinations onto the Travel Experience Track."""
