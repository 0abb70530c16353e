"""Starting a game: a new one, a rematch, one continued from a file or a journal."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from arle.engine import Setup

from .change import LogEntry, Words, plain_words
from .history import GameHistory
from .loop import Match
from .seats import Seat


@attrs.frozen
class NewGameChoice:
    """Everything a new game is made of: the setup (players, names, building set, starting
    player, seed), friendly undo, the colours and who plays each seat."""

    setup: Setup
    friendly_undo: bool
    colors: tuple[str, str]
    #: Who plays each seat: ``PERSON`` or a computer level (``SEAT_KINDS``); None: every seat a person.
    seats: tuple[str, ...] | None = None


def new_history(choice: NewGameChoice) -> GameHistory:
    """The history of a new game as chosen (raises ValueError for seats that do not fit)."""
    return GameHistory(choice.setup, friendly_undo=choice.friendly_undo, seats=choice.seats)


def rematch(match: Match, seed: int | None = None, *, fill: Sequence[str] = ()) -> NewGameChoice:
    """The same game with a new deal: the same players, seats and computer levels, names,
    colours, building set and friendly undo; only the seed changes (``seed``, else a random one).
    ``fill``: colours for the players the match has none for."""
    setup = attrs.evolve(match.setup, seed=random.randrange(1 << 31) if seed is None else seed)
    colors = (list(match.colors) + list(fill))[:2]
    while len(colors) < 2:
        colors.append("")
    return NewGameChoice(setup, match.history.friendly_undo, (colors[0], colors[1]), match.history.seats)


def continued(history: GameHistory, colors: Sequence[str], words: Words = plain_words,
              log: Sequence[LogEntry] | None = None, seats: Sequence[Seat] | None = None) -> Match:
    """A game read from a file or a journal, to be played on. Its log in words is ``log`` when the
    reading made it (``arle.files``' readers take the words: the game is replayed once), else
    the moves are replayed again here to put them in words."""
    return Match(history, colors=colors, words=words, log=log, seats=seats)
