"""Which board the player to act needs to see: the views bring it forward and mark its tab."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from arle.engine import (
    CutPeat,
    Flip,
    Game,
    Load,
    Move,
    MoveAnimal,
    MoveDike,
    Phase,
    PlaceKind,
    PlaceTile,
    ReleaseAnimal,
    place,
)

#: The boards a decision is made on: the game board, the actor's Home Board or Storage board
#: (Barn and travel), the scoring; None keeps the board shown.
Board = Literal["board", "home", "storage", "scoring"] | None

_HOME_MOVES = (PlaceTile, MoveDike, CutPeat, MoveAnimal, ReleaseAnimal)


def board_for(game: Game, legal: Sequence[Move]) -> Board:
    """The board the pending decision needs (``legal``: the actor's legal moves now)."""
    if game.over:
        return "scoring"
    d = game.decision
    if d is None:
        if game.state.phase is Phase.FINAL_TURNS and any(isinstance(m, Load) for m in legal):
            return "storage"
        return "board"
    if d.shown_on == "board":
        return "board"
    if d.shown_on == "storage":
        return "storage"
    asked = game.decision_moves()  # what the decision asks, not the anytime moves
    if any(isinstance(m, _HOME_MOVES) for m in asked):
        return "home"
    if any(isinstance(m, Flip) for m in asked):
        targets = [m.target for m in legal if isinstance(m, Flip)]
        on_vehicles = all(place(t).kind is PlaceKind.EQUIPMENT for t in targets)
        return "storage" if on_vehicles else "home"
    return None
