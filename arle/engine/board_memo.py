"""Remembering what a player's board allows, for as long as the board stays the same.

Listing every single-Animal move is the dearest part of ``legal_moves()`` (``holders`` walks the
whole Home Board), yet most moves change neither the Animals nor the land. ``per_board`` keeps, for
each player, the last result with the board it was computed on, and computes afresh whenever any of
it differs. Pure: no state of its own that a game could see.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from .state import PlayerState

T = TypeVar("T")


def board(p: PlayerState) -> tuple:
    """Everything of the Home Board an Animal's place depends on, in order (the order of the
    holders decides the order of the moves): the Animals, the tiles, the Dikes and the Moors."""
    return (
        [(holder, list(here.items())) for holder, here in p.animals.items()],
        list(p.tiles.items()),
        list(p.dikes),
        [m.spaces for m in p.moors],
    )


def per_board(fn: Callable[[PlayerState], tuple[T, ...]]) -> Callable[[PlayerState], tuple[T, ...]]:
    """Memoise ``fn(p)``, a function of ``board(p)`` only, per player. Comparing boards (``==``,
    identical items first) costs far less than hashing them."""
    last: dict[int, tuple[tuple, tuple[T, ...]]] = {}

    @wraps(fn)
    def cached(p: PlayerState) -> tuple[T, ...]:
        now = board(p)
        hit = last.get(p.index)
        if hit is not None and hit[0] == now:
            return hit[1]
        result = fn(p)
        last[p.index] = (now, result)
        return result

    cached.uncached = fn  # type: ignore[attr-defined]
    return cached
