"""A game in words, without Qt: the moves as buttons say them, the log's sentences, what each move
did, names and numbers, in a gettext ``Language`` (``arle.files.catalogues.load_language``).

As python-chess keeps ``san()`` in its core, the words live beside the game, not in the window:
the log, a command (``arle simulate --log --lang fr``), a review or a remote message are put into
words without a window, and the window only lays them out. Every function takes the ``Language``
last; ``Wording`` holds one for callers that speak one language throughout:

- ``Wording(lang).log_label``: a ``(game, move) -> str`` for ``Match``'s log;
- ``move_label``: a button's words; ``entry_text``: a log entry with what it did;
- ``names``: goods, places, costs and numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from arle.engine import ENGLISH, Event, Game, Language, Move

from .buttons import move_label
from .log import entry_text, event_words, inventory_of, log_label, summed
from .names import count_text, name_of, number

if TYPE_CHECKING:
    from ..change import LogEntry


@attrs.frozen
class Wording:
    """The words of one language: ``Wording(lang).log_label(game, move)``."""

    lang: Language = ENGLISH

    def log_label(self, game: Game, move: Move) -> str:
        """What ``move`` does, as the log says it after the player's name (before it is applied)."""
        return log_label(game, move, self.lang)

    def move_label(self, game: Game, move: Move) -> str:
        """``move`` as its button says it (before it is applied)."""
        return move_label(game, move, self.lang)

    def entry_text(self, log: Sequence[LogEntry], upto: int, names: Sequence[str]) -> str:
        """``log[upto]`` with what it did, one line per player it touched."""
        return entry_text(log, upto, names, self.lang)

    def event_words(self, event: Event) -> str | None:
        return event_words(event, self.lang)

    def number(self, x: float) -> str:
        return number(x, self.lang)


def log_lines(log: Sequence[LogEntry], names: Sequence[str], lang: Language = ENGLISH) -> list[str]:
    """The whole game log in words, oldest line first (``arle simulate --log``)."""
    return [line for i in range(len(log)) for line in entry_text(log, i, names, lang).split("\n")]


__all__ = [
    "Wording",
    "count_text",
    "entry_text",
    "event_words",
    "inventory_of",
    "log_label",
    "log_lines",
    "move_label",
    "name_of",
    "number",
    "summed",
]
