"""Why a move is not legal now: ``Game.why_not(move)`` answers with a ``Refusal``.

A refusal is a stable message id ("space.occupied") with plain parameters, like the reason an
``IllegalMoveError`` carries in python-chess: the views show it without re-deriving the rules, and
a translation renders the id itself (``messages.render`` is the English one). ``Game.why_not``
asks ``legal_moves()`` first, so a refusal is given exactly for the moves that are not legal; the
explainers here only pick the words, and any move they cannot explain gets "not.now" with what
the player is deciding.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from ..content.action_spaces import ACTION_SPACES
from ..content.text import Text, listed, t, tn
from ..interpreter.bounds import FREE_MOVES, MAX_MOVES
from ..interpreter.moves import (
    MOVE_TYPES,
    CutPeat,
    Flip,
    Move,
    MoveDike,
    PlaceTile,
    PlaceWorker,
)
from ..interpreter.state import Phase
from ..interpreter.steps import PayCost, PayDecision
from . import homeboard

if TYPE_CHECKING:
    from ..interpreter.game import Game

Param = str | int | float | Text


@attrs.frozen
class Refusal:
    """Why a move is refused: a stable message id and its parameters as (name, value) pairs."""

    id: str
    params: tuple[tuple[str, Param], ...] = ()

    def get(self, name: str) -> Param | None:
        return dict(self.params).get(name)


def refusal(id: str, **params: Param) -> Refusal:
    return Refusal(id, tuple(params.items()))


def not_now(g: Game) -> Refusal:
    """The fallback: the move does not fit what the player is deciding now."""
    return refusal("not.now", prompt=g.prompt())


def explain(g: Game, move: object, player: int | None = None) -> Refusal:
    """Why ``move`` (known to be illegal, or played by ``player`` out of turn) is refused."""
    actor = g.actor
    if actor is None:
        return refusal("game.over")
    if player is not None and player != actor:
        return refusal("turn.other", player=g.state.players[actor].name, seat=actor)
    if type(move).__name__ not in MOVE_TYPES:
        return refusal("move.unknown")
    if g.played >= MAX_MOVES:
        return refusal("game.full", moves=MAX_MOVES)
    if g.played >= FREE_MOVES and move not in g.decision_moves():
        return refusal("game.bound", moves=FREE_MOVES)
    from .refusals_pieces import PIECE_EXPLAINERS  # animals, loads, equipment

    explainer = _EXPLAINERS.get(type(move)) or PIECE_EXPLAINERS.get(type(move))
    reason = explainer(g, move) if explainer is not None else None
    return reason or not_now(g)


def paying(g: Game) -> bool:
    """A payment waits: only releases that keep what it asks for are allowed meanwhile."""
    return isinstance(g.decision, PayDecision)


def _offered(g: Game, cls: type) -> list[Move]:
    return [m for m in g.decision_moves() if isinstance(m, cls)]


# -- the game board --------------------------------------------------------------------------------


def _place_worker(g: Game, move: PlaceWorker) -> Refusal | None:
    s = g.state
    if s.phase is Phase.WORK and s.stack:
        return refusal("worker.finish_first", prompt=g.prompt())
    if s.phase is Phase.FINAL_TURNS:
        return refusal("worker.none_left")
    if s.phase is not Phase.WORK:
        return refusal("worker.not_work_phase")
    space = ACTION_SPACES.get(move.space)
    if space is None:
        return refusal("space.unknown", space=move.space)
    if move.space in s.occupied:
        owner = s.occupied[move.space]
        return refusal("space.occupied", space=move.space, player=s.players[owner].name, seat=owner)
    if space.season != s.season:
        if s.solo:
            return refusal("space.season_solo", space=move.space, season=s.season)
        if s.special_used_by is not None:
            user = s.special_used_by
            return refusal("space.other_season_used", space=move.space,
                           player=s.players[user].name, seat=user)
    first = space.steps[0]
    if not space.placeable(g, s.players[s.placements[0]]):
        cost = first.cost.text() if isinstance(first, PayCost) else t("1 Food or 1 Grain")
        return refusal("space.cannot_pay", space=move.space, cost=cost)
    return None


# -- the Home Board: tiles, Dikes, Moors, flips --------------------------------------------------


def _place_tile(g: Game, move: PlaceTile) -> Refusal | None:
    if not _offered(g, PlaceTile):
        return refusal("tile.none_to_place", prompt=g.prompt())
    p = g.state.players[g.actor or 0]
    try:
        space = homeboard.parse_space(move.space)
    except ValueError:
        return refusal("tile.no_such_space", space=move.space)
    if not (0 <= space[0] < homeboard.ROWS and 0 <= space[1] < homeboard.COLS):
        return refusal("tile.no_such_space", space=move.space)
    if not homeboard.is_land(p, space):
        return refusal("tile.tidal_flat", space=move.space)
    if homeboard.moor_at(p, space) is not None:
        return refusal("tile.on_moor", space=move.space)
    if space in p.tiles:
        return refusal("tile.space_taken", space=move.space, tile=p.tiles[space])
    return refusal("tile.not_there", space=move.space, prompt=g.prompt())


def _move_dike(g: Game, move: MoveDike) -> Refusal | None:
    if not _offered(g, MoveDike):
        return refusal("dike.none_to_move", prompt=g.prompt())
    p = g.state.players[g.actor or 0]
    movers, targets = homeboard.dike_targets(p)
    if move.dike not in movers:  # (named by their columns, as the board and the log do: issue 50)
        columns = sorted({p.dikes[d][1] + 1 for d in movers})
        where = tn("the one in column {columns}", "those in columns {columns}", len(columns),
                   columns=listed([t("{n}", n=c) for c in columns], t("{items} or {last}")))
        return refusal("dike.not_bottom", dike=move.dike, columns=where)
    if move.to not in {homeboard.space_id(t) for t in targets}:
        gap = targets[0][0] if targets else 0
        return refusal("dike.not_next_gap", to=move.to, gap=gap)
    return None


def _cut_peat(g: Game, move: CutPeat) -> Refusal | None:
    if not _offered(g, CutPeat):
        return refusal("peat.not_now", prompt=g.prompt())
    moor = next((m for m in g.state.players[g.actor or 0].moors if m.id == move.moor), None)
    if moor is None:
        return refusal("moor.unknown", moor=move.moor)
    if not moor.dehydrated:
        return refusal("moor.not_dehydrated", moor=move.moor)
    if moor.peat <= 0:
        return refusal("moor.no_peat", moor=move.moor)
    return None


def _flip(g: Game, move: Flip) -> Refusal | None:
    if not _offered(g, Flip):
        return refusal("flip.not_now", prompt=g.prompt())
    return refusal("flip.not_that", target=move.target, prompt=g.prompt())


_EXPLAINERS: dict[type, Callable[[Game, object], Refusal | None]] = {
    PlaceWorker: _place_worker,  # type: ignore[dict-item]
    PlaceTile: _place_tile,  # type: ignore[dict-item]
    MoveDike: _move_dike,  # type: ignore[dict-item]
    CutPeat: _cut_peat,  # type: ignore[dict-item]
    Flip: _flip,  # type: ignore[dict-item]
}
