"""Search over whole actions: from the position where a player must decide, every way to finish
the current action (a Worker placement and the chain of small moves that completes it) up to the
next Worker placement, the next player or the next phase, each end scored by ``evaluate``.

Effort is counted in positions, not seconds, so the same position always gets the same answer.
Anytime moves are kept out of the tree: Animals are never rearranged (that only cycles), released
or Equipment returned; loads, Peat Boat trades and anytime buildings are played by ``settle``
while each one improves the position, before a search and at the best ends it finds. Positions
already seen (by ``Game.key()``) are dropped.

A thorough search (Normal, Hard and Expert in solo, Hard and Expert in two-player games: issues 30
and 38) never cuts the choice of a building (a building is paid before its tile is placed, so the
position right after the choice cannot rank buildings), and looks further at ends of different
first moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import attrs

from arle.engine import (
    BUILDINGS,
    Choose,
    Game,
    Move,
    MoveAnimal,
    Place,
    PlaceWorker,
    ReleaseAnimal,
    ReturnEquipment,
    SkipPlacement,
)

from .value import evaluate

#: Where gained Animals wait for a place (its code, made by the engine, compared at every node).
WAITING = Place.waiting().code
#: The longest line a search follows inside one action; its end is scored where it stands.
MAX_DEPTH = 60
#: Anytime moves a search never tries: rearranging can only go round in circles, releasing and
#: returning throw points away.
NEVER = (MoveAnimal, ReleaseAnimal, ReturnEquipment)


class Cancelled(Exception):
    """Raised when ``should_stop()`` said stop: the search's result is dropped."""


@attrs.frozen
class Effort:
    """How hard a level looks: ``width`` moves kept at each decision inside an action (0: all),
    ``nodes`` positions before the rest is completed greedily, ``settle`` best ends given
    the loads and trades that improve them, ``refine`` best action ends
    searched once more (the next action: the player's own in solo, the opponent's reply in two
    players) with ``reply`` effort; ``seconds``: a safety cap (beyond it the search completes
    greedily, so on an overloaded machine a move may differ); ``value``: how ends are scored;
    ``spread``: a person's variety, in VP: the move is drawn among the actions whose ends score
    within ``spread`` of the best, the better ones more often (0: always the best);
    ``thorough``: the choice of a building is searched in full and the ends looked at further
    are of different first moves (issue 30; False: the search as it was before, which Easy
    keeps); ``every_building``: the first half of ``thorough`` alone (None: as ``thorough``)."""

    width: int
    nodes: int
    refine: int = 0
    reply: Effort | None = None
    settle: int = 6
    seconds: float = 10.0
    value: Callable[[Game, int], float] = evaluate
    spread: float = 0.0
    thorough: bool = True
    every_building: bool | None = None

    @property
    def all_buildings(self) -> bool:
        """The choice of a building is searched in full (``every_building``, else ``thorough``)."""
        return self.thorough if self.every_building is None else self.every_building


@attrs.define
class Leaf:
    value: float
    path: list[Move]
    game: Game


@attrs.define
class _Run:
    me: int
    effort: Effort
    should_stop: Callable[[], bool] | None
    deadline: float
    nodes: int = 0
    seen: set[tuple[object, ...]] = attrs.Factory(set)
    leaves: list[Leaf] = attrs.Factory(list)

    def spent(self) -> bool:
        return self.nodes >= self.effort.nodes or time.monotonic() > self.deadline

    def tick(self) -> None:
        self.nodes += 1
        if self.should_stop is not None and self.should_stop():
            raise Cancelled


def candidates(g: Game) -> list[Move]:
    """The moves a search tries here: the decision's moves, but no skipped Worker while one can
    be placed."""
    moves = g.decision_moves()
    if any(type(m) is PlaceWorker for m in moves):
        moves = [m for m in moves if type(m) is not SkipPlacement]
    # housing Animals: place the waiting ones, but do not wander the board rearranging the rest
    settled = [m for m in moves if type(m) is not MoveAnimal or m.src == WAITING]
    if settled:
        moves = settled
    return moves


def useful_anytime(g: Game) -> list[Move]:
    """Anytime moves worth trying: loads, Peat Boat trades, anytime buildings."""
    return [m for m in g.anytime_moves() if not isinstance(m, NEVER)]


def settle(
    g: Game,
    me: int,
    tick: Callable[[], None] | None = None,
    evaluate: Callable[[Game, int], float] = evaluate,
) -> tuple[Game, list[Move]]:
    """Play the anytime moves that each raise ``evaluate`` (best first) until none does: loads
    and trades need no search, and a position only gets better, so this cannot cycle."""
    moves: list[Move] = []
    value = evaluate(g, me)
    while g.actor == me:
        best = None
        for m in useful_anytime(g):
            if tick is not None:
                tick()
            c = g.copy()
            c.apply(m)
            v = evaluate(c, me)
            if v > value + 1e-9:
                best, value = (m, c), v
        if best is None:
            break
        moves.append(best[0])
        g = best[1]
    return g, moves


def _is_end(c: Game, root: Game, me: int) -> bool:
    """The action is over: the next placement or turn, the other player, the next phase."""
    s, r = c.state, root.state
    return (
        c.decision is None
        or c.over
        or c.actor != me
        or s.phase is not r.phase
        or s.half_year != r.half_year
    )


def search(
    root: Game,
    effort: Effort,
    should_stop: Callable[[], bool] | None = None,
) -> list[Leaf]:
    """Every action end found from ``root`` for the player to act, best first (ties: the order
    the moves are listed in). Raises ``Cancelled`` when ``should_stop()`` returns true."""
    me = root.actor
    assert me is not None
    run = _Run(me, effort, should_stop, time.monotonic() + effort.seconds)
    run.seen.add(root.key())
    _expand(run, root, root, [])
    leaves = _ranked(run.leaves)
    for leaf in leaves[: effort.settle]:  # loads and trades after the action, best ends only
        if leaf.game.actor == me:
            leaf.game, _ = settle(leaf.game, me, run.tick, effort.value)
            leaf.value = effort.value(leaf.game, me)
    leaves = _ranked(leaves)
    if effort.refine and effort.reply is not None:
        leaves = _refine(run, leaves)
    return leaves


def _ranked(leaves: list[Leaf]) -> list[Leaf]:
    """Best first; equal values keep their order (the order the moves are listed in)."""
    order = sorted(range(len(leaves)), key=lambda i: (-leaves[i].value, i))
    return [leaves[i] for i in order]


def _children(run: _Run, g: Game) -> list[tuple[Move, Game]]:
    """Each candidate move played on a copy, positions seen before left out."""
    out = []
    for m in candidates(g):
        run.tick()
        c = g.copy()
        c.apply(m)
        k = c.key()
        if k in run.seen:
            continue
        run.seen.add(k)
        out.append((m, c))
    return out


def _expand(run: _Run, root: Game, g: Game, path: list[Move]) -> None:
    inner = []
    for m, c in _children(run, g):
        if _is_end(c, root, run.me) or len(path) >= MAX_DEPTH:
            run.leaves.append(Leaf(run.effort.value(c, run.me), [*path, m], c))
        else:
            inner.append((m, c))
    if not inner:
        return
    width = run.effort.width
    if path and (width or run.spent()) and not (run.effort.all_buildings and _building_choice(inner)):
        # the first decision is always searched in full, and so is the choice of a building
        keep = 1 if run.spent() else width
        scored = sorted(
            range(len(inner)), key=lambda i: (-run.effort.value(inner[i][1], run.me), i)
        )
        inner = [inner[i] for i in scored[:keep]]
    for m, c in inner:
        _expand(run, root, c, [*path, m])


#: At most this many of the ends looked at further share their first move: ends that differ
#: only in a later step (where a tile goes, which goods pay) would otherwise fill the look
#: further, and the first move is all that is played (the rest is searched again next time).
PER_FIRST_MOVE = 2


def _varied(leaves: list[Leaf], n: int) -> tuple[list[Leaf], list[Leaf]]:
    """The ``n`` best ends with at most ``PER_FIRST_MOVE`` per first move, and the others (in
    their order)."""
    top: list[Leaf] = []
    rest: list[Leaf] = []
    per_move: dict[Move, int] = {}
    for leaf in leaves:
        first = leaf.path[0]
        if len(top) < n and per_move.get(first, 0) < PER_FIRST_MOVE:
            per_move[first] = per_move.get(first, 0) + 1
            top.append(leaf)
        else:
            rest.append(leaf)
    return top, rest


def _building_choice(inner: list[tuple[Move, Game]]) -> bool:
    """The decision is which building to build: its moves cannot be ranked by the position right
    after (a building is paid before it is placed, so the better the building, the worse it looks
    until its tile is down), and they are few, so each one is searched."""
    return any(type(m) is Choose and m.option in BUILDINGS for m, _ in inner)


def _refine(run: _Run, leaves: list[Leaf]) -> list[Leaf]:
    """Look one action further at the best few ends: in solo the player's next action, in two
    players the opponent's best reply (zero-sum on ``evaluate``)."""
    effort = run.effort
    assert effort.reply is not None
    if effort.thorough:
        top, rest = _varied(leaves, effort.refine)
    else:
        top, rest = leaves[: effort.refine], leaves[effort.refine :]
    refined = [Leaf(look_further(leaf.game, run.me, effort.reply, run.should_stop, leaf.value),
                    leaf.path, leaf.game) for leaf in top]
    return _ranked(refined) + rest


def look_further(g: Game, me: int, reply: Effort, should_stop: Callable[[], bool] | None,
                 value: float) -> float:
    """``value`` of ``g`` for ``me`` after one action further: the best line of whoever acts next
    (``reply``'s search), the opponent's negated (zero-sum); ``value`` itself at the end of the
    game or when nothing can be searched. The search and the game review (``appraise``) share it."""
    actor = g.actor
    if g.over or actor is None:
        return value
    replies = search(g, reply, should_stop)
    if not replies:
        return value
    return replies[0].value if actor == me else -replies[0].value
