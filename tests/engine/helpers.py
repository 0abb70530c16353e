"""Shared helpers for the rules tests of flow, Home Board, animals, inventorying and scoring.

Situations are built the way the brief asks: a ``Game`` from an explicit ``Setup``, then direct
edits of ``game.state``, then play through ``legal_moves()`` / ``apply()``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from arle.engine import Game, Setup
from arle.engine.events import Event
from arle.engine.goods import Animal, Good
from arle.engine.moves import EndTurn, Move, SkipPlacement
from arle.engine.state import Phase, PlayerState
from arle.engine.steps import Script

S, C, H = Animal.SHEEP, Animal.CATTLE, Animal.HORSE


def new_game(players: int = 2, seed: int = 1, start_player: int = 0,
             buildings: tuple[str, ...] = ()) -> Game:
    """A game with a known starting player and an explicit (by default empty) building set."""
    return Game(Setup(players=players, seed=seed, start_player=start_player,
                      building_set="explicit", buildings=buildings))


def me(game: Game, index: int = 0) -> PlayerState:
    return game.state.players[index]


def set_goods(p: PlayerState, **goods: int) -> None:
    """Set goods to exact amounts; every good not named keeps its value."""
    for name, n in goods.items():
        p.goods[Good(name)] = n


def clear_goods(p: PlayerState) -> None:
    for good in p.goods:
        p.goods[good] = 0


def set_animals(p: PlayerState, holders: dict[str, dict[Animal, int]]) -> None:
    """Replace every Animal of the player: {holder id: {animal: n}}."""
    p.animals = {h: dict(here) for h, here in holders.items() if sum(here.values())}


def run_steps(game: Game, player: int, steps: Iterable[Any]) -> list[Event]:
    """Run rule steps for ``player`` as the game would run an action's script, up to the first
    decision that needs a move; returns the events produced so far."""
    game.push(Script(player, list(steps), source="test"))
    return game.refresh()


def play(game: Game, choose: Callable[[list[Move]], Move], until: Callable[[Game], bool],
         limit: int = 5000) -> list[Event]:
    """Apply ``choose(legal_moves)`` until ``until(game)``; returns every event."""
    events: list[Event] = []
    for _ in range(limit):
        if until(game):
            return events
        events += game.apply(choose(game.legal_moves()))
    raise AssertionError("the situation was not reached")


def passive(moves: list[Move]) -> Move:
    """A player who does nothing: skip every placement, end every turn, take the first option."""
    for cls in (SkipPlacement, EndTurn):
        for m in moves:
            if isinstance(m, cls):
                return m
    return moves[0]


def finish_work_phase(game: Game) -> list[Event]:
    """Skip the remaining placements and end both final turns: inventorying runs next."""
    half = game.state.half_year
    return play(game, passive, lambda g: g.state.half_year != half or g.state.phase not in (
        Phase.WORK, Phase.FINAL_TURNS))


def of_type(events: Iterable[Event], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]
