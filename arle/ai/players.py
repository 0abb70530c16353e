"""The levels: how much each one searches, and the uniform random floor."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

from arle.engine import Game, Move, MoveAnimal

from .deal import EASY_SETS, NORMAL_SETS, game_seed, with_favourite
from .evaluate import evaluate, short_sighted
from .search import Cancelled, Effort, Leaf, search

#: Easy completes each placement greedily (one line per action space), looks no further and
#: sees only the points it can count now (``short_sighted``) and its favourite building.
#: Normal keeps the 3 best moves at each step of an action and looks one action further at its 4
#: best ends; Hard keeps 6 and looks further at 10 (measured with ``arle arena``: README).
#: Expert searches like Hard with more positions and a wider, longer look further (issue 30).
#: Wider searches scored less, not more, on the tuning seeds 101-110: 8 wide looking further at
#: 16 ends, 104.4 VP; 6 wide looking further at 16, 103.9; Hard, 114.35 (README).
#: Easy and Normal each aim for a favourite building of the deal and vary among near-best
#: actions (``spread``), so that no two deals play alike (``deal``).
EASY_VALUE = with_favourite(short_sighted, EASY_SETS)
NORMAL_VALUE = with_favourite(evaluate, NORMAL_SETS)
EFFORT: dict[str, Effort] = {
    "easy": Effort(width=1, nodes=0, seconds=1.0, value=EASY_VALUE, spread=0.5, thorough=False),
    "normal": Effort(
        width=3, nodes=600, refine=4, reply=Effort(width=2, nodes=100, settle=4, value=NORMAL_VALUE),
        settle=4, seconds=2.0, value=NORMAL_VALUE, spread=0.25,
    ),
    "hard": Effort(
        width=6, nodes=4000, refine=10, reply=Effort(width=3, nodes=400), seconds=8.0
    ),
    "expert": Effort(
        width=6, nodes=6000, refine=10, reply=Effort(width=4, nodes=800), seconds=20.0
    ),
}
#: In two-player games the further look is the opponent's reply, which costs more (both
#: players' values): Hard looks at fewer ends there to keep within 2 s a decision (README).
#: Every level searches there as before issue 30 (not ``thorough``): the thorough search, worth
#: 11 VP in solo, lost Hard the first seat of seed 1 against Normal twice (64 to 71, 68 to 104.5),
#: and two-player games were too slow to measure more in that session (README).
#: Normal plays there as before issue 30, with neither a favourite nor draws: with its favourite it
#: beat Hard in 9 of 10 games (seeds 1-5, seats swapped), and its draws lost it both seats of
#: seed 1 against Easy; Easy's draws and the deal vary those games. Nor does it search as Hard
#: does since issue 30 (``thorough``): with every building searched it beat Hard on seed 1,
#: 104.5 to 68, with the Village Church (README).
TWO_PLAYER: dict[str, Effort] = {
    "hard": Effort(
        width=6, nodes=3000, refine=8, reply=Effort(width=3, nodes=250, thorough=False), seconds=8.0,
        thorough=False,
    ),
    "expert": Effort(
        width=8, nodes=6000, refine=12, reply=Effort(width=3, nodes=500, thorough=False), seconds=20.0,
        thorough=False,
    ),
    "normal": Effort(
        width=3, nodes=600, refine=4,
        reply=Effort(width=2, nodes=100, settle=4, thorough=False), settle=4, seconds=2.0,
        thorough=False,
    ),
}
LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert", "random")


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
    if level not in EFFORT:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    if players == 2 and level in TWO_PLAYER:
        return TWO_PLAYER[level]
    return EFFORT[level]


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


__all__ = [
    "EFFORT", "LEVELS", "TWO_PLAYER", "Cancelled", "effort", "pick", "plan", "random_move", "stable_seed"
]
