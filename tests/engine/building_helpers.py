"""Helpers for the building tests: a game with chosen buildings, and building one of them through
the Builder action space exactly as a player would (choose, pay, place)."""

from __future__ import annotations

from arle.engine import Game
from arle.engine.interpreter.events import Event
from arle.engine.interpreter.moves import Choose, Pay, PlaceTile, PlaceWorker
from arle.engine.interpreter.state import PlayerState
from arle.engine.interpreter.steps import PayDecision, PlaceTileDecision
from arle.engine.rules.payments import Bundle
from tests.engine.helpers import me, new_game

#: A full deal of 18 buildings (4 light green, 2 yellow, 6 orange, 3 blue, 3 red) for tests that
#: only need "some" buildings on the board.
FIRST_GAME = (
    "farmers_house", "plow_makers_workshop", "novices_hut", "workshop",
    "turnery", "smokehouse",
    "mill", "weaving_mill", "textile_house", "saddlery", "joinery", "waterfront_house",
    "potters_inn", "farmers_inn", "junk_dealers_inn",
    "village_church", "lutetsburg_castle", "berum_castle",
)


def game_with(*buildings: str, seed: int = 1) -> Game:
    """A 2-player game (player 0 starts, summer half-year 1) with exactly these buildings."""
    return new_game(buildings=tuple(buildings), seed=seed)


def build(game: Game, building: str, payment: Bundle | None = None,
          space: str | None = None) -> list[Event]:
    """Player to act places a Worker on the Builder (summer), chooses ``building``, pays it
    (``payment`` if several ways are offered) and places it (on ``space`` or the first empty land
    space). Returns every event; the ability's own decisions, if any, are left pending."""
    game.refresh()
    who = game.actor
    assert who is not None
    events = game.apply(PlaceWorker("summer.builder"))
    events += game.apply(Choose(building))
    d = game.decision
    if isinstance(d, PayDecision):
        options = game.legal_moves()
        events += game.apply(Pay(payment) if payment is not None else next(
            m for m in options if isinstance(m, Pay)))
    d = game.decision
    if isinstance(d, PlaceTileDecision) and d.tile == building:
        tiles = [m for m in game.legal_moves() if isinstance(m, PlaceTile)]
        events += game.apply(PlaceTile(space) if space else tiles[0])
    assert building in me(game, who).buildings, f"{building} was not built"
    return events


def rich(p: PlayerState, **extra: int) -> None:
    """Enough Timber, Brick, Food and Grain for any building cost; ``extra`` sets more goods."""
    from arle.engine.content.goods import Good

    for name, n in {"timber": 5, "brick": 5, "food": 30, "grain": 8, **extra}.items():
        p.goods[Good(name)] = n
