"""Helpers for the action space tests: a game in the right season, direct state edits, and short
ways to answer the pending decision through ``legal_moves()`` / ``apply()``."""

from __future__ import annotations

from arle.engine import Game, Setup
from arle.engine import barn as barn_rules
from arle.engine.events import Event
from arle.engine.goods import Animal, Good
from arle.engine.moves import Choose, Done, Move, Pay, PlaceWorker
from arle.engine.state import EquipmentPiece, PlayerState
from arle.engine.supply import take_tile
from arle.engine.tiles import Equipment
from arle.engine.tools import TOOL_TRACKS, Tool

S, C, H = Animal.SHEEP, Animal.CATTLE, Animal.HORSE


def game_in(season: str = "summer", buildings: tuple[str, ...] = (), players: int = 2) -> Game:
    """A fresh game, player 0 to place first, in the first half-year of ``season``."""
    game = Game(Setup(players=players, seed=3, start_player=0, building_set="explicit",
                      buildings=buildings))
    if season == "winter":
        game.state.half_year = 2
    game.refresh()
    return game


def player(game: Game, index: int = 0) -> PlayerState:
    return game.state.players[index]


def goods(p: PlayerState, **amounts: int) -> None:
    """Set goods to exact amounts; the goods not named keep their values."""
    for name, n in amounts.items():
        p.goods[Good(name)] = n


def no_goods(p: PlayerState) -> None:
    for good in p.goods:
        p.goods[good] = 0


def have(p: PlayerState, name: str) -> int:
    return p.goods[Good(name)]


def set_tool(p: PlayerState, tool: Tool, count: int) -> None:
    """Put the Tool indicator on the space that shows ``count`` tools."""
    p.tools[tool] = TOOL_TRACKS[tool].counts.index(count)


def give(game: Game, p: PlayerState, kind: Equipment) -> EquipmentPiece:
    """A piece of Equipment from the supply board straight into the Barn."""
    assert take_tile(game, kind), f"no {kind} left in the supply"
    piece = barn_rules.add(game, p, kind)
    game.refresh()
    return piece


def animals_on(p: PlayerState, holders: dict[str, dict[Animal, int]]) -> None:
    """Replace all of the player's Animals: {holder id: {animal: n}}."""
    p.animals = {h: dict(here) for h, here in holders.items() if sum(here.values())}


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
    from arle.engine.moves import SkipPlacement

    assert game.actor == 1 and game.decision is None, game.prompt()
    game.apply(SkipPlacement())
    assert game.actor == 0


def idle(game: Game) -> bool:
    """The action is over: the next player is placing a Worker."""
    return game.decision is None
