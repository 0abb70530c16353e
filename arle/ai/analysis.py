"""The analysis door (issue 38): the best few lines a level sees from a position, each with
its value and a reason in words, for the coach's Hint and the game review.

Deterministic (the search counts positions, not seconds, below its safety cap) and cancellable
(``should_stop``, as for ``choose``).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from arle.engine import Game, Move

from .players import effort, plan
from .reasons import Reason, line_reason
from .search import Cancelled, Leaf, _is_end, look_further, settle


@attrs.frozen
class Line:
    """One line: ``moves``, the action it plays (its first move, then the steps that complete
    it, as the search saw them: only the first is certain, the rest is searched again at each
    step); ``value``, what the level makes of the position it reaches, in VP (in a two-player
    game, the lead over the opponent); ``reason``, what the first move itself brings, as a
    message id with parameters (``reason_text`` / ``reason_words`` put it into words)."""

    moves: tuple[Move, ...]
    value: float
    reason: Reason
    #: Where the line's action ends (the review compares it with the end of the action played).
    end: Game = attrs.field(eq=False, repr=False)


def analyse(
    game: Game, level: str = "expert", lines: int = 3, should_stop: Callable[[], bool] | None = None
) -> list[Line]:
    """The ``lines`` best lines of ``level`` (a searching level) for the player to move, best
    first, each with another first move. The first line's first move is the move the Hint
    suggests; ``choose`` plays it too, except where a level varies its opening or first plays a
    load or a trade. ValueError for a finished game, an unknown level or one that does not
    search; ``Cancelled`` once ``should_stop()`` is true."""
    if game.actor is None:
        raise ValueError("the game is over: there is no move to make")
    if lines < 1:
        raise ValueError("ask for at least one line")
    me = game.actor
    leaves = plan(game, level, should_stop)
    if not leaves:  # every line repeated a position: the decision's first move, said so
        only = game.decision_moves()[0]
        after = game.copy()
        after.apply(only)
        return [Line((only,), 0.0, Reason("ai.reason.only", {}), after)]
    best: list[Leaf] = []
    seen: set[Move] = set()
    for leaf in leaves:  # best first: the first leaf of each first move is its best
        if leaf.path[0] not in seen:
            seen.add(leaf.path[0])
            best.append(leaf)
    out: list[Line] = []
    for i, leaf in enumerate(best[:lines]):
        margin = leaf.value - best[i + 1].value if i + 1 < len(best) else 0.0
        end = game.copy()  # (the leaf's own game has the loads after it played: not the action's)
        for m in leaf.path:
            end.apply(m)
        reason = line_reason(game, end, me, leaf.path, margin)
        out.append(Line(tuple(leaf.path), round(leaf.value, 3), reason, end))
    return out


def action_over(root: Game, game: Game, player: int) -> bool:
    """Whether ``game``, reached from ``root`` by ``player``'s moves, ends the action begun at
    ``root`` as ``analyse`` sees one (the next placement, another player, the next phase): the
    unit the game review compares (issue 40)."""
    return _is_end(game, root, player)


def appraise(end: Game, player: int, level: str = "expert",
             should_stop: Callable[[], bool] | None = None) -> float:
    """What ``level`` makes of ``end``, the position where an action of ``player`` ended, valued
    as ``analyse`` values its first line: the loads and trades that improve it played, then one
    action further (the player's next in solo, the opponent's best reply in two players). The
    game review (issue 40) compares it with the first line's value: the difference is the
    action's estimated cost in VP. ``Cancelled`` once ``should_stop()`` is true."""
    how = effort(level, len(end.state.players))

    def tick() -> None:
        if should_stop is not None and should_stop():
            raise Cancelled

    g = end
    if g.actor == player and not g.over:
        g, _ = settle(g, player, tick, how.value)
    value = how.value(g, player)
    if how.refine and how.reply is not None:
        value = look_further(g, player, how.reply, should_stop, value)
    return round(value, 3)
