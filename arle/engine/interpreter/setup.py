"""Game setup (rulebook "Setup"): the only place where chance enters a game."""

from __future__ import annotations

import random

import attrs

from ..content import buildings as B
from ..content.decisions import START_GOODS, START_TRACK
from ..content.destinations import DESTINATION_ORDER
from ..content.goods import Animal, Good
from ..content.tiles import SUPPLY_LIMITS, Tile
from ..content.tools import Tool
from ..rules.homeboard import SMALL_BOARDWALK_SPACE, START_DIKES
from .state import GameState, MoorTile, Phase, PlayerState


@attrs.frozen
class Setup:
    """Everything needed to recreate a game: with the move list, a whole save file."""

    players: int = 2
    seed: int = 0
    names: tuple[str, ...] = ()
    #: "first_game" (the 4 light green), "random" (4 of the 7 dark green), or "explicit".
    building_set: str = "random"
    #: With building_set "explicit": the 18 buildings in play.
    buildings: tuple[str, ...] = ()
    #: None: chosen at random from the seed.
    start_player: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.players not in (1, 2):
            raise ValueError("Fields of Arle is a game for 1 or 2 players")
        if self.building_set not in ("first_game", "random", "explicit"):
            raise ValueError(f"unknown building set {self.building_set!r}")
        unknown = [b for b in self.buildings if b not in B.BUILDINGS]
        if unknown:
            raise ValueError(f"unknown buildings: {', '.join(unknown)}")
        if len(set(self.buildings)) != len(self.buildings):
            raise ValueError("each building exists once: a building is listed twice")
        if len(self.names) > self.players:
            raise ValueError(f"{len(self.names)} names for {self.players} player(s)")
        if self.start_player is not None and not 0 <= self.start_player < self.players:
            raise ValueError("the starting player must be one of the players")


def choose_buildings(setup: Setup, rng: random.Random) -> list[str]:
    """4 green (light in a first game), 2 of 5 yellow, all orange, 3 of 6 blue, all red."""
    if setup.building_set == "explicit":
        return list(setup.buildings)
    green = list(B.LIGHT_GREEN) if setup.building_set == "first_game" else rng.sample(
        B.DARK_GREEN, 4
    )
    yellow = rng.sample(B.YELLOW, 2)
    blue = rng.sample(B.BLUE, 3)
    ordered = [*green, *yellow, *B.ORANGE, *blue, *B.RED]
    return sorted(ordered, key=list(B.BUILDINGS).index)


def new_player(index: int, name: str) -> PlayerState:
    goods = {g: 0 for g in Good}
    for k, v in {**START_GOODS, **START_TRACK}.items():
        goods[Good(k)] = v
    moors = [MoorTile(i, ((5, i), (6, i)), dehydrated=False, peat=0) for i in range(3)]
    moors.append(MoorTile(3, (SMALL_BOARDWALK_SPACE,), dehydrated=True, peat=4, small=True))
    return PlayerState(
        index=index,
        name=name,
        goods=goods,
        tools={t: 0 for t in Tool},
        tiles={(3, 0): Tile.GRAIN_FIELD.value, (3, 1): Tile.FLAX_FIELD.value,
               (4, 0): Tile.STALL.value},
        moors=moors,
        dikes=list(START_DIKES),
        animals={"s4,0": {Animal.HORSE: 1}},
        barn=[],
        next_equipment_id=0,
        buildings=[],
        travel=[],
        destinations=list(DESTINATION_ORDER),
    )


def initial_state(setup: Setup) -> GameState:
    rng = random.Random(setup.seed)
    chosen = choose_buildings(setup, rng)
    start = setup.start_player if setup.start_player is not None else rng.randrange(setup.players)
    names = list(setup.names) + [f"Player {i + 1}" for i in range(len(setup.names), setup.players)]
    supply = dict(SUPPLY_LIMITS)
    # Each Home Board starts with a Grain Field, a Flax Field and a Stall from the supply.
    supply["field"] -= 2 * setup.players
    supply["stall_depot"] -= setup.players
    return GameState(
        players=[new_player(i, names[i]) for i in range(setup.players)],
        half_year=1,
        start_player=start,
        phase=Phase.WORK,
        placements=[],
        occupied={},
        special_used_by=None,
        queue=[],
        stack=[],
        available_buildings=chosen,
        supply=supply,
        solo=setup.players == 1,
    )
