"""Building: Buildings from the game board (↻2), Stalls, and Stall-to-Stable upgrades."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..content.buildings import BUILDINGS
from ..content.text import Text, noun, t
from ..content.tiles import Tile
from ..interpreter.events import TileFlipped
from ..interpreter.moves import Choose, Flip
from ..interpreter.state import PlayerState
from ..interpreter.steps import (
    Decision,
    OptionKind,
    PayCost,
    PlaceNewTile,
    PlaceTileDecision,
    Script,
    Step,
    choice,
)
from . import homeboard
from .payments import Cost, can_pay, cost
from .prospects import PaidStep
from .supply import return_tile, take_tile, tile_left

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.moves import Move

STALL_COST = cost(clay=2, grain=1)
STABLE_COST = cost(brick=2)


def buildable_buildings(g: Game, p: PlayerState) -> list[str]:
    """Buildings still on the game board that the player can pay for and place."""
    if not homeboard.empty_land_spaces(p):
        return []
    return [b for b in g.state.available_buildings if can_pay(BUILDINGS[b].cost, p.goods)]


@attrs.frozen
class BuildBuilding(PaidStep):
    title = t("Build a Building")

    def possible(self, g: Game, p: PlayerState) -> bool:
        return bool(buildable_buildings(g, p))

    def start(self, g: Game, p: PlayerState) -> Decision | None:
        return ChooseBuildingDecision(p.index)


@attrs.define
class ChooseBuildingDecision(Decision):
    answers = (Choose,)
    option_kind = OptionKind.BUILDING
    shown_on = "board"

    def prompt(self, g: Game) -> Text:
        return t("Choose a Building to build")

    def options(self, g: Game) -> list[Move]:
        return [choice(b) for b in buildable_buildings(g, g.state.players[self.player])]

    def option_text(self, g: Game, option: str) -> Text:
        return noun(BUILDINGS[option].name)

    def choose(self, g: Game, move: Move) -> None:
        from .building_abilities import IMMEDIATE

        assert isinstance(move, Choose)
        self.finished = True
        b = BUILDINGS[move.option]
        g.state.available_buildings.remove(b.id)  # taken off the board at once: each exists once
        g.stats[f"building:{b.id}"] += 1
        steps = [PayCost(b.cost), PlaceBuilding(b.id), *IMMEDIATE.get(b.id, ())]
        g.push(Script(self.player, steps, source=b.id))


@attrs.frozen
class PlaceBuilding(Step):
    building: str

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        return PlaceTileDecision(p.index, self.building)


@attrs.frozen
class BuildStall(PaidStep):
    """A Stall for 2 Clay and 1 Grain on an empty land space."""

    title = t("Build a Stall")

    def possible(self, g: Game, p: PlayerState) -> bool:
        return (
            tile_left(g, Tile.STALL)
            and bool(homeboard.empty_land_spaces(p))
            and can_pay(STALL_COST, p.goods)
        )

    def start(self, g: Game, p: PlayerState) -> Decision | None:
        g.push(Script(p.index, [PayCost(STALL_COST), PlaceNewTile(Tile.STALL.value)]))
        return None


def stalls(p: PlayerState) -> list[tuple[int, int]]:
    return [s for s, t in p.tiles.items() if t == Tile.STALL]


def upgrade_stall(g: Game, p: PlayerState, space: tuple[int, int]) -> None:
    """Turn the Stall on ``space`` into a Stable (its Animals stay): the Stall goes back to the
    supply board, a Stable comes from it. The caller has checked a Stable is left and pays."""
    assert p.tiles.get(space) == Tile.STALL and tile_left(g, Tile.STABLE)
    return_tile(g, Tile.STALL)
    take_tile(g, Tile.STABLE)
    p.tiles[space] = Tile.STABLE.value
    g.emit(TileFlipped(p.index, Tile.STALL.value, Tile.STABLE.value, f"s{homeboard.space_id(space)}"))


@attrs.frozen
class StallToStable(PaidStep):
    """Carpenter (winter): exchange a Stall for a Stable for 2 Bricks; Stables are never built
    directly, and only 3 exist."""

    title = t("Upgrade a Stall to a Stable")

    def possible(self, g: Game, p: PlayerState) -> bool:
        return (
            tile_left(g, Tile.STABLE)
            and bool(stalls(p))
            and can_pay(STABLE_COST, p.goods)
        )

    def start(self, g: Game, p: PlayerState) -> Decision | None:
        return UpgradeStallDecision(p.index)


@attrs.define
class UpgradeStallDecision(Decision):
    answers = (Flip,)
    shown_on = "home"

    def prompt(self, g: Game) -> Text:
        return t("Choose the Stall to upgrade to a Stable")

    def options(self, g: Game) -> list[Move]:
        return [Flip(f"s{homeboard.space_id(s)}") for s in stalls(g.state.players[self.player])]

    def costs_ahead(self) -> list[Cost]:
        return [STABLE_COST]

    def choose(self, g: Game, move: Move) -> None:
        assert isinstance(move, Flip)
        p = g.state.players[self.player]
        upgrade_stall(g, p, homeboard.parse_space(move.target[1:]))
        g.push(Script(self.player, [PayCost(STABLE_COST)]))
        self.finished = True
