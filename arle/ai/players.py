"""How a level plays: its search (``levels``), its draws among near-best moves, the uniform
random floor."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

from arle.engine import Game, Move, MoveAnimal

from .deal import game_seed
from .levels import level as _level
from .search import Cancelled, Effort, Leaf, search


def stable_seed(g: Game) -> int:
    """A seed from the position alone, equal in every process (Python's own ``hash`` of strings
    changes from run to run, so the key is written out with its sets sorted)."""
    return int.from_bytes(hashlib.sha256(_canonical(g.key()).encode()).digest()[:8], "big")


def _canonical(value: object) -> str:
    if isinstance(value, frozenset | set):
        return "{" + ",".join(sorted(_canonical(v) for v in value)) + "}"
    if isinstance(value, tuple | list):
        return "(" + ",".join(_canonical(v) for v in value) + ")"
    if isinstance(value, type):
        return value.__qualname__
    return repr(value)


def random_move(g: Game) -> Move:
    """Uniform among the legal moves, but never rearranging Animals: a player that always picks
    the same move in the same position would move an Animal there and back for ever."""
    moves = [m for m in g.legal_moves() if type(m) is not MoveAnimal]
    return random.Random(stable_seed(g)).choice(moves)


def effort(level: str, players: int = 1) -> Effort:
    """How ``level`` searches in a game of ``players``; ValueError in one sentence for an
    unknown level."""
    found = _level(level)
    how = found.two_player if players == 2 else found.solo
    if how is None:
        raise ValueError(f"the level {level!r} does not search")
    return how


#: Variety is for the opening (a person tries another start, then plays on as well as they can):
#: near-best choices made all game long add up to a much weaker player.
VARIED_HALF_YEARS = 3


def pick(g: Game, leaves: list[Leaf], spread: float) -> Leaf:
    """The best end, or in the opening with ``spread`` one drawn among the first moves whose best
    ends score within ``spread`` of the best, weighted toward the better (a person's near-best
    choices). Seeded by the game's setup and the position: one game per seed, replayed alike."""
    if spread <= 0 or len(leaves) < 2 or g.state.half_year > VARIED_HALF_YEARS:
        return leaves[0]
    best_per_move: dict[Move, Leaf] = {}
    for leaf in leaves:  # best first: the first leaf of each first move is its best
        best_per_move.setdefault(leaf.path[0], leaf)
    top = leaves[0].value
    near = [leaf for leaf in best_per_move.values() if leaf.value >= top - spread]
    if len(near) < 2:
        return leaves[0]
    actor = g.actor
    assert actor is not None
    rng = random.Random(game_seed(g, actor) ^ stable_seed(g))
    weights = [1.0 - 0.5 * (top - leaf.value) / spread for leaf in near]
    return rng.choices(near, weights=weights)[0]


def plan(g: Game, level: str, should_stop: Callable[[], bool] | None = None) -> list[Leaf]:
    """The action ends ``level`` found, best first."""
    return search(g, effort(level, len(g.state.players)), should_stop)


__all__ = ["Cancelled", "effort", "pick", "plan", "random_move", "stable_seed"]
