"""What each building does, as steps (rulebook "Index of Building Tiles").

IMMEDIATE: run once right after the building is placed. BEFORE_NOVEMBER: offered to the owner
before each November inventorying, in the order the owner chooses. Anytime buildings are moves
offered by ``anytime``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .moves import Move
    from .state import PlayerState

IMMEDIATE: dict[str, tuple[Any, ...]] = {}
BEFORE_NOVEMBER: dict[str, tuple[Any, ...]] = {}


def anytime_building_moves(g: Game, p: PlayerState) -> list[Move]:
    """Moves offered by the owner's anytime (dark green) buildings right now."""
    return []


def use_anytime_building(g: Game, p: PlayerState, move: Move) -> None:
    raise ValueError(f"no anytime building handles {move}")
