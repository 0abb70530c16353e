"""Who plays each seat: a person at this computer, the computer at a level, and (issue 41) a friend
on another computer. As OpenSpiel's bots are, a seat is asked for a move (``choose``) and told of
every move made (``inform``); ``Match`` holds one seat per player and is the one loop that asks
them (``Match.turn``/``Match.answer``, and ``play`` for a whole game without a window).

A person at this computer is never asked: the window sends their moves, and the loop stops there.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Protocol

from arle.ai import choose, level
from arle.engine import Game, Move

from .change import Change
from .history import PERSON, REMOTE

#: Asked now and then during a long think: True means stop (``arle.ai.Cancelled`` is raised).
ShouldStop = Callable[[], bool]


class Seat(Protocol):
    """One player's seat. ``kind`` is what a save records: ``PERSON`` or a computer level."""

    @property
    def kind(self) -> str: ...

    @property
    def local(self) -> bool:
        """A person at this computer: their moves come from the window, the loop never asks."""
        ...

    def choose(self, game: Game, should_stop: ShouldStop | None = None) -> Move:
        """The seat's move in ``game`` (a copy: the seat may keep it); may take long, and may be
        run off the window's thread. Raises ``arle.ai.Cancelled`` once ``should_stop()`` is true."""
        ...

    def inform(self, change: Change) -> None:
        """Told of every change of the game (apply, undo, redo), whoever made it."""
        ...


class Person:
    """A person at this computer. Headless (tests, commands) it may be given ``ask``, which is
    then called for its moves; in the window nobody asks it."""

    kind = PERSON

    def __init__(self, ask: Callable[[Game], Move] | None = None) -> None:
        self.ask = ask

    @property
    def local(self) -> bool:
        return self.ask is None

    def choose(self, game: Game, should_stop: ShouldStop | None = None) -> Move:
        if self.ask is None:
            raise ValueError("a person at this computer plays through the window")
        return self.ask(game)

    def inform(self, change: Change) -> None:
        """A person sees the board."""


class Computer:
    """The computer at ``level`` (``arle.ai``): the one place outside ``arle.ai`` that calls
    ``choose``. ``thinks`` keeps the CPU seconds of each of its moves (``arle arena``)."""

    def __init__(self, name: str) -> None:
        self.level = level(name).name  # (ValueError for an unknown level, in one sentence)
        self.thinks: list[float] = []

    @property
    def kind(self) -> str:
        return self.level

    @property
    def local(self) -> bool:
        return False

    def choose(self, game: Game, should_stop: ShouldStop | None = None) -> Move:
        start = time.process_time()
        move = choose(game, self.level, should_stop)
        self.thinks.append(time.process_time() - start)
        return move

    def inform(self, change: Change) -> None:
        """The computer reads the position afresh at each move."""


def seat_for(kind: str) -> Seat:
    """The seat a save's kind names: a person, or the computer at that level (a friend on another
    computer needs its connection: ``arle.match.remote.Remote``)."""
    if kind == REMOTE:
        raise ValueError("a friend's seat is made with its connection (arle.match.remote)")
    return Person() if kind == PERSON else Computer(kind)


def seats_of(kinds: Sequence[str]) -> list[Seat]:
    return [seat_for(kind) for kind in kinds]
