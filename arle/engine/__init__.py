"""The rules of Fields of Arle as pure Python: no Qt, no file I/O.

Play goes through one door: ``Game(setup).legal_moves()`` and ``Game.apply(move)``.
"""

from .events import Event
from .game import Game, IllegalMove
from .moves import Move, describe, move_from_dict, move_to_dict
from .scoring import ScoreBreakdown
from .setup import Setup
from .state import Phase

__all__ = [
    "Event",
    "Game",
    "IllegalMove",
    "Move",
    "Phase",
    "ScoreBreakdown",
    "Setup",
    "describe",
    "move_from_dict",
    "move_to_dict",
]
