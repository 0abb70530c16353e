"""Remembering what a player's board allows, for as long as the board stays the same.

Listing every single-Animal move is the dearest part of ``legal_moves()`` (``holders`` walks the
whole Home Board), yet most moves change neither the Animals nor the land. ``per_board`` keeps, for
each player, the last result with the board it was computed on, and computes afresh whenever any of
it differs; ``per_land`` the same for what depends on the landscape alone. Results are tuples,
shared by every caller. Pure: no state of its own that a game could see.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from .state import PlayerState

T = TypeVar("T")


def land(p: PlayerState) -> tuple[Any, ...]:
    """The Home Board's landscape, in order: the tiles, the Dikes and the Moors."""
    return (list(p.tiles.items()), list(p.dikes), [m.spaces for m in p.moors])


def board(p: PlayerState) -> tuple[Any, ...]:
    """Everything of the Home Board an Animal's place depends on, in order (the order of the
    holders decides the order of the moves): the Animals and the landscape."""
    return ([(holder, list(here.items())) for holder, here in p.animals.items()], *land(p))


def per_land(fn: Callable[[PlayerState], tuple[T, ...]]) -> Callable[[PlayerState], tuple[T, ...]]:
    """``per_board`` for a function of the landscape alone, not of the Animals (``holders``)."""
    return per_board(fn, land)


def per_board(
    fn: Callable[[PlayerState], tuple[T, ...]], of: Callable[[PlayerState], tuple[Any, ...]] = board
) -> Callable[[PlayerState], tuple[T, ...]]:
    """Memoise ``fn(p)``, a function of ``of(p)`` only (``board`` or ``land``), per player.
    Comparing boards (``==``, identical items first) costs far less than hashing them."""
    last: dict[int, tuple[tuple[Any, ...], tuple[T, ...]]] = {}

    @wraps(fn)
    def cached(p: PlayerState) -> tuple[T, ...]:
        now = of(p)
        hit = last.get(p.index)
        if hit is not None and hit[0] == now:
            return hit[1]
        result = fn(p)
        last[p.index] = (now, result)
        return result

    cached.uncached = fn  # type: ignore[attr-defined]
    return cached
