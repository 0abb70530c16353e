"""A plan per deal, and the seed that makes each game its own: a person looks at the buildings
dealt and picks one or two to aim for; Easy and Normal do the same, each seat with a favourite
drawn from the deal's variable sets (green, yellow, blue) by a seed made from the game's setup.
Nothing here reads global random state or the clock, so one seed always gives one game."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

from arle.engine import BLUE, BUILDINGS, DARK_GREEN, LIGHT_GREEN, YELLOW, Game, Good, Setup

from .value import covered_share, half_years_left, store_weight

#: The sets the deal draws from (orange and red are dealt in every game).
VARIABLE: frozenset[str] = frozenset((*DARK_GREEN, *LIGHT_GREEN,
                                      *YELLOW, *BLUE))
#: The favourites Easy may pick: what it can pay without vehicles (no Timber or Brick needed).
EASY_SETS: frozenset[str] = frozenset((*DARK_GREEN, *LIGHT_GREEN, *BLUE))
#: The favourites Normal may pick: those worth 3 VP or more (a green building's 1 VP and an ability
#: the search does not use cost Normal its games against Easy).
NORMAL_SETS: frozenset[str] = frozenset((*YELLOW, *BLUE))
#: What a favourite is worth beyond its VP once built (its ability or immediate goods, which the
#: evaluation does not see, and a player's liking): enough that gathering toward it pays.
LIKING = 2.5
#: Share of (VP + liking) credited for progress toward the favourite, times the share held squared.
PROGRESS = 0.6

_DEALT: dict[Setup, tuple[str, ...]] = {}
#: Each seat's order of favourites, by setup, seat and the sets allowed: asked at every evaluation.
_ORDERS: dict[tuple[Setup, int, frozenset[str]], tuple[str, ...]] = {}


def dealt(g: Game) -> tuple[str, ...]:
    """The buildings this game's setup deals, whatever has been built since."""
    setup = g.setup
    found = _DEALT.get(setup)
    if found is None:
        found = _DEALT[setup] = tuple(Game(setup).state.available_buildings)
    return found


def game_seed(g: Game, seat: int) -> int:
    """A seed from the setup (its seed and deal) and the seat, equal in every process."""
    setup = g.setup
    text = repr((setup.seed, setup.players, setup.building_set, dealt(g), seat))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def favourites(g: Game, seat: int, allowed: frozenset[str] = VARIABLE) -> tuple[str, ...]:
    """The deal's variable buildings in the order this seat prefers them (drawn once per game)."""
    key = (g.setup, seat, allowed)
    order = _ORDERS.get(key)
    if order is None:
        choices = sorted(b for b in dealt(g) if b in allowed)
        random.Random(game_seed(g, seat)).shuffle(choices)
        order = _ORDERS[key] = tuple(choices)
    return order


def favourite(g: Game, seat: int, allowed: frozenset[str] = VARIABLE) -> str | None:
    """The first favourite still to be had: built by this seat or still on the board."""
    p = g.state.players[seat]
    for b in favourites(g, seat, allowed):
        if b in p.buildings or b in g.state.available_buildings:
            return b
    return None


def favourite_credit(g: Game, seat: int, allowed: frozenset[str] = VARIABLE) -> float:
    """The liking once the favourite is built; before, a share of it for the goods gathered."""
    b = favourite(g, seat, allowed)
    if b is None:
        return 0.0
    p = g.state.players[seat]
    if b in p.buildings:
        return LIKING
    if half_years_left(g) <= 0:
        return 0.0
    goods: dict[Good, int] = dict(p.goods)
    share = covered_share(BUILDINGS[b].cost, goods)
    return store_weight(g) * PROGRESS * (BUILDINGS[b].vp + LIKING) * share**2


def with_favourite(value: Callable[[Game, int], float], allowed: frozenset[str] = VARIABLE
                   ) -> Callable[[Game, int], float]:
    """``value`` plus the favourite's credit for the player to move."""

    def planned(g: Game, player: int) -> float:
        return value(g, player) + favourite_credit(g, player, allowed)

    planned.__name__ = f"{value.__name__}_with_favourite"
    return planned
