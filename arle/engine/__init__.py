"""The rules of Fields of Arle as pure Python: no Qt, no file I/O.

Play goes through one door: ``Game(setup).legal_moves()`` and ``Game.apply(move)``. For a search:
``Game.copy()`` (cheap and independent), ``Game.key()`` (a hashable position key),
``decision_moves()`` / ``anytime_moves()`` (the two parts of the legal moves) and ``MAX_MOVES``.
Why a move is refused: ``Game.why_not(move)``, a ``Refusal`` that ``render`` puts in words.
"""

from .events import Event
from .game import MAX_MOVES, Game, IllegalMove
from .messages import render
from .moves import Move, describe, move_from_dict, move_to_dict
from .refusals import Refusal
from .scoring import ScoreBreakdown
from .setup import Setup
from .state import Phase

__all__ = [
    "MAX_MOVES",
    "Event",
    "Game",
    "IllegalMove",
    "Move",
    "Phase",
    "Refusal",
    "ScoreBreakdown",
    "Setup",
    "describe",
    "move_from_dict",
    "move_to_dict",
    "render",
]
