"""The course of a half-year (rulebook pp. 6-8): month order, the other-season action and who
starts next, the final turns, inventorying and the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..content.action_spaces import ACTION_SPACES
from ..content.decisions import HALF_YEARS, WORKERS
from ..content.text import Text, join, t
from ..rules.inventory import may, november
from .moves import EndTurn, Move, PlaceWorker, SkipPlacement
from .state import FINAL_TURNS, LAST_TRADE, WORK, GameState, Phase
from .steps import Script

if TYPE_CHECKING:
    from .game import Game

__all__ = ["HALF_YEARS"]


SKIP_PLACEMENT = SkipPlacement()
END_TURN = EndTurn()
#: The placement move of each action space, made once (moves are frozen, so they can be shared).
PLACE_WORKER = {space: PlaceWorker(space) for space in ACTION_SPACES}
#: Every action space with its placement move and its up-front payment (``ActionSpace.gate``),
#: in board order; and those of each season alone.
_ALL_SPACES = tuple((a.id, PLACE_WORKER[a.id], a.gate, a.season) for a in ACTION_SPACES.values())
_SEASON_SPACES = {
    season: tuple(x for x in _ALL_SPACES if x[3] == season) for season in ("summer", "winter")
}


def order_from(s: GameState, first: int) -> list[int]:
    return [first] if s.solo else [first, 1 - first]


def placement_order(s: GameState) -> list[int]:
    """Each month the Starting Player places first, then the other (4 months, 4 Workers each)."""
    return order_from(s, s.start_player) * WORKERS


def next_start_player(s: GameState) -> int:
    """Whoever used the other-season action hands the marker to the opponent; if nobody did,
    the marker changes hands anyway."""
    if s.solo:
        return 0
    if s.special_used_by is not None:
        return 1 - s.special_used_by
    return 1 - s.start_player


def next_order(s: GameState) -> list[int]:
    return order_from(s, next_start_player(s))


def inventory_script(s: GameState, player: int) -> Script:
    return november(player) if s.season == "summer" else may(player)


def phase_moves(g: Game) -> list[Move]:
    s = g.state
    if s.phase is WORK:
        actor = s.placements[0]
        p = s.players[actor]
        other_ok = not s.solo and s.special_used_by is None
        occupied = s.occupied
        moves: list[Move] = [
            move
            for sid, move, gate, _ in (_ALL_SPACES if other_ok else _SEASON_SPACES[s.season])
            if sid not in occupied and (gate is None or gate.possible(g, p))  # a.placeable(g, p)
        ]
        moves.append(SKIP_PLACEMENT)
        return moves
    if s.phase in (FINAL_TURNS, LAST_TRADE):
        return [END_TURN]
    return []


def phase_prompt(g: Game) -> Text:
    s = g.state
    if s.phase is Phase.WORK:
        return t("{player}: place a Worker", player=s.players[s.placements[0]].name)
    if s.phase is Phase.FINAL_TURNS:
        return t("{player}: load vehicles and end your Work Phase", player=s.players[s.queue[0]].name)
    if s.phase is Phase.LAST_TRADE:
        return t("{player}: last trades before scoring", player=s.players[s.queue[0]].name)
    if s.phase is Phase.OVER:
        return t("The game is over")
    return join([])


def winner(g: Game) -> int:
    """Most VP wins; a tie goes to the Starting Player of a hypothetical 10th half-year."""
    scores = g.scores()
    best = max(scores)
    tied = [i for i, v in enumerate(scores) if v == best]
    return tied[0] if len(tied) == 1 else g.state.start_player
