"""Computer players for Arle, in pure Python: they play only through the engine's door
(``legal_moves()``, ``apply()``, copies of a game) and never import Qt.

Entry points:

- ``choose(game, level, should_stop=None) -> Move``: the move ``level`` ("easy", "normal",
  "hard", "expert" or "random") makes in this position. Deterministic: the same position and level give
  the same move. ``should_stop`` is called often; once it returns true, ``Cancelled`` is raised
  (run it on a worker thread and cancel on undo, quit or close).
- ``analyse(game, level="expert", lines=3, should_stop=None) -> list[Line]``: the best lines a
  level sees (moves, value in VP, a reason), for the Hint and the game review.
- ``appraise(end, player, level)``: what a level makes of the end of an action that was played,
  valued as ``analyse`` values its first line; ``action_over`` says where an action ends (the
  game review, issue 40, compares the two).
- ``LEVELS``: one ``Level`` record per level (name, solo and two-player search, label, what it
  is like); ``level(name)`` finds one.
- ``hint(game, should_stop=None, level=COACH_LEVEL) -> (move, reason)``: a level's move with why
  (the coach and the game review both ask ``COACH_LEVEL``, issue 50), as a message id and its
  parameters (``reason_text`` puts it in English words).
"""

from __future__ import annotations

from collections.abc import Callable

from arle.engine import Game, Move

from .analysis import Line, action_over, analyse, appraise
from .levels import COACH_LEVEL, LEVEL_NAMES, LEVELS, Level, level
from .levels import level as _find
from .players import effort, pick, random_move
from .players import plan as _plan
from .reasons import Reason, reason_text, reason_words
from .search import Cancelled, settle
from .value import evaluate


def choose(game: Game, level: str, should_stop: Callable[[], bool] | None = None) -> Move:
    """The move of ``level`` now. Raises ValueError for an unknown level or a finished game,
    ``Cancelled`` when ``should_stop()`` turned true."""
    if game.actor is None:
        raise ValueError("the game is over: there is no move to make")
    if _find(level).solo is None:  # the uniform random floor
        return random_move(game)
    how = effort(level, len(game.state.players))
    settled = _settle_first(game, how.value)
    if settled is not None:
        return settled
    leaves = _plan(game, level, should_stop)
    if leaves:
        return pick(game, leaves, how.spread).path[0]
    return game.decision_moves()[0]  # nothing searchable: every line repeated a position


def _settle_first(game: Game, value: Callable[[Game, int], float]) -> Move | None:
    """An anytime move that improves the position now (a load, a trade), if any."""
    me = game.actor
    assert me is not None
    if game.decision is not None and not game.decision.allows_anytime:
        return None
    _, moves = settle(game, me, None, value)
    return moves[0] if moves else None


def hint(
    game: Game, should_stop: Callable[[], bool] | None = None, level: str = COACH_LEVEL
) -> tuple[Move, Reason]:
    """The move of ``level`` (a searching one: Normal, Hard or Expert) now and a one-line
    reason: what the move itself brings (issue 30: the gain of a later step of the action is
    not claimed for it). The first line of ``analyse``."""
    best = analyse(game, level, 1, should_stop)[0]
    return best.moves[0], best.reason


__all__ = [
    "COACH_LEVEL", "LEVELS", "LEVEL_NAMES", "Cancelled", "Level", "Line", "Reason", "action_over", "analyse",
    "appraise",
    "choose", "evaluate",
    "hint", "level",
    "reason_text", "reason_words",
]
