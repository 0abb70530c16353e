"""The game log's sentence for a move in the window's language: ``arle.match.words`` makes it
without Qt; the session's ``Match`` asks it here, where the window's language is known."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arle.gui.kit.texts import language
from arle.match.words import log_label as _log_label

if TYPE_CHECKING:
    from arle.engine import Game, Move


def log_label(game: Game, move: Move) -> str:
    """What ``move`` does, as the log says it after the player's name, in the situation before
    it is applied (when the pending decision still knows its options)."""
    return _log_label(game, move, language())
