"""Shared helpers for the rules tests: a game on an explicit setup (or in a chosen season),
direct edits of ``game.state`` followed by ``Game.refresh()`` (the engine's test API), and short
ways to play through ``legal_moves()`` / ``apply()`` and to answer the pending decision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from arle.engine import Game, Setup
from arle.engine.content.goods import Animal, Good
from arle.engine.content.tiles import Equipment
from arle.engine.content.tools import TOOL_TRACKS, Tool
from arle.engine.interpreter.events import Event
from arle.engine.interpreter.moves import Choose, Done, EndTurn, Move, Pay, PlaceWorker, SkipPlacement
from arle.engine.interpreter.state import EquipmentPiece, Phase, PlayerState
from arle.engine.interpreter.steps import Script
from arle.engine.rules import barn as barn_rules
from arle.engine.rules.supply import take_tile

S, C, H = Animal.SHEEP, Animal.CATTLE, Animal.HORSE


def new_game(players: int = 2, seed: int = 1, start_player: int = 0,
             buildings: tuple[str, ...] = ()) -> Game:
    """A game with a known starting player and an explicit (by default empty) building set."""
    return Game(Setup(players=players, seed=seed, start_player=start_player,
                      building_set="explicit", buildings=buildings))


def game_in(season: str = "summer", buildings: tuple[str, ...] = (), players: int = 2) -> Game:
    """A fresh game, player 0 to place first, in the first half-year of ``season``."""
    game = new_game(players=players, seed=3, buildings=buildings)
    if season == "winter":
        game.state.half_year = 2
    game.refresh()
    return game


def me(game: Game, index: int = 0) -> PlayerState:
    return game.state.players[index]


def set_goods(p: PlayerState, **goods: int) -> None:
    """Set goods to exact amounts; every good not named keeps its value."""
    for name, n in goods.items():
        p.goods[Good(name)] = n


def clear_goods(p: PlayerState) -> None:
    for good in p.goods:
        p.goods[good] = 0


def have(p: PlayerState, name: str) -> int:
    return p.goods[Good(name)]


def set_tool(p: PlayerState, tool: Tool, count: int) -> None:
    """Put the Tool indicator on the space that shows ``count`` tools."""
    p.tools[tool] = TOOL_TRACKS[tool].counts.index(count)


def give(game: Game, p: PlayerState, kind: Equipment) -> EquipmentPiece:
    """A piece of Equipment from the supply board straight into the player's Barn."""
    assert take_tile(game, kind), f"no {kind} left in the supply"
    piece = barn_rules.add(game, p, kind)
    game.refresh()
    return piece


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


# -- answering the pending decision ---------------------------------------------------------------


def place(game: Game, space: str) -> list[Event]:
    return game.apply(PlaceWorker(space))


def options(game: Game) -> list[Move]:
    """The moves of the pending decision (anytime moves left out); [] when none is pending."""
    d = game.decision
    return d.options(game) if d is not None else []


def keys(game: Game) -> list[str]:
    """The option names the pending decision offers as Choose moves."""
    return [m.option for m in options(game) if isinstance(m, Choose)]


def choose(game: Game, key: str) -> list[Event]:
    return game.apply(Choose(key))


def done(game: Game) -> list[Event]:
    return game.apply(Done())


def pay(game: Game, **amounts: int) -> list[Event]:
    """Answer a payment decision with exactly these goods."""
    bundle = tuple(sorted((Good(k), n) for k, n in amounts.items() if n))
    return game.apply(Pay(bundle))


def payments(game: Game) -> list[dict[str, int]]:
    """The ways to pay the pending decision offers, as {good: n}."""
    return [{g.value: n for g, n in m.goods} for m in options(game) if isinstance(m, Pay)]


def placeable(game: Game) -> set[str]:
    """The action spaces the player to act may place a Worker on now."""
    return {m.space for m in game.legal_moves() if isinstance(m, PlaceWorker)}


def my_turn_again(game: Game) -> None:
    """Let player 1 skip its placement so that player 0 places next."""
    assert game.actor == 1 and game.decision is None, game.prompt()
    game.apply(SkipPlacement())
    assert game.actor == 0


def idle(game: Game) -> bool:
    """The action is over: the next player is placing a Worker."""
    return game.decision is None
