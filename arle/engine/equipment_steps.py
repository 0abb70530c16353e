"""Building Equipment: Plows (Farmer), Peat Boats and Vehicles (Wainwright, Laborer), and plowing
Fields (Farmer: 1 Field per Plow). Costs from the rulebook's ↻1 and ↻3."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from . import animals, barn, homeboard
from .goods import Animal
from .moves import Choose, Done, ReturnEquipment
from .payments import cost, payment_options
from .state import PlayerState
from .steps import Decision, OneOfDecision, Option, PayCost, PlaceNewTile, Script, Step
from .supply import take_tile, tile_left
from .tiles import EQUIPMENT, VEHICLES, Equipment, Tile

if TYPE_CHECKING:
    from .game import Game
    from .moves import Move


def _obtainable(g: Game, p: PlayerState, kind: Equipment) -> bool:
    return tile_left(g, kind) and barn.can_house(p, kind)


@attrs.frozen
class GainEquipment(Step):
    """Put a new piece in the Barn, first returning one to make room if the Barn is full."""

    kind: Equipment

    def possible(self, g: Game, p: PlayerState) -> bool:
        return _obtainable(g, p, self.kind)

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        if not tile_left(g, self.kind):
            return None  # none left on the supply board: you receive nothing
        if barn.has_room(p, self.kind):
            take_tile(g, self.kind)
            barn.add(g, p, self.kind)
            return None
        return MakeRoomDecision(p.index, self.kind)


@attrs.define
class MakeRoomDecision(Decision):
    kind_: Equipment = Equipment.PLOW
    kind = "make_room"

    def prompt(self, g: Game) -> str:
        return f"The Barn is full: return a piece to make room for the {self.kind_.value}"

    def options(self, g: Game) -> list[Move]:
        return [ReturnEquipment(i) for i in barn.room_makers(g.state.players[self.player],
                                                            self.kind_)]

    def choose(self, g: Game, move: Move) -> None:
        assert isinstance(move, ReturnEquipment)
        p = g.state.players[self.player]
        barn.return_piece(g, p, move.equipment)
        take_tile(g, self.kind_)
        barn.add(g, p, self.kind_)
        self.finished = True

    auto_single = True


@attrs.frozen
class PayAnimals(Step):
    """Pay Animals (Horses for Vehicles; a Cattle or Horse for a Plow). They stop counting."""

    kinds: tuple[Animal, ...]
    n: int = 1

    def possible(self, g: Game, p: PlayerState) -> bool:
        return any(animals.count(p, a) >= self.n for a in self.kinds)

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        able = [a for a in self.kinds if animals.count(p, a) >= self.n]
        if len(able) == 1:
            animals.remove_animals(g, p, able[0], self.n)
            return None
        return OneOfDecision(
            p.index, tuple(Option(a.value, f"pay {self.n} {a.value}", (_Remove(a, self.n),))
                           for a in able)
        )


@attrs.frozen
class _Remove(Step):
    animal: Animal
    n: int

    def run(self, g: Game, p: PlayerState) -> None:
        animals.remove_animals(g, p, self.animal, self.n)


def _horses_needed(kind: Equipment) -> int:
    return EQUIPMENT[kind].horses


def equipment_cost_steps(kind: Equipment) -> list[Step]:
    info = EQUIPMENT[kind]
    steps: list[Step] = [PayCost(cost(wood=info.wood))]
    if kind is Equipment.PLOW:
        steps.append(PayAnimals((Animal.CATTLE, Animal.HORSE)))
    elif info.horses:
        steps.append(PayAnimals((Animal.HORSE,), info.horses))
    return [*steps, GainEquipment(kind)]


def affordable(p: PlayerState, kind: Equipment) -> bool:
    info = EQUIPMENT[kind]
    if not payment_options(cost(wood=info.wood), p.goods):
        return False
    if kind is Equipment.PLOW:
        return animals.count(p, Animal.CATTLE) + animals.count(p, Animal.HORSE) > 0
    return animals.count(p, Animal.HORSE) >= info.horses


def buildable(g: Game, p: PlayerState, kind: Equipment) -> bool:
    return affordable(p, kind) and _obtainable(g, p, kind)


@attrs.frozen
class BuildPlow(Step):
    def possible(self, g: Game, p: PlayerState) -> bool:
        return buildable(g, p, Equipment.PLOW)

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        if self.possible(g, p):
            g.push(Script(p.index, equipment_cost_steps(Equipment.PLOW)))
        return None


@attrs.frozen
class BuildPeatBoat(Step):
    def possible(self, g: Game, p: PlayerState) -> bool:
        return buildable(g, p, Equipment.PEAT_BOAT)

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        if self.possible(g, p):
            g.push(Script(p.index, equipment_cost_steps(Equipment.PEAT_BOAT)))
        return None


@attrs.frozen
class BuildVehicle(Step):
    """Build one Vehicle of the player's choice, paying its Wood and Horses."""

    def possible(self, g: Game, p: PlayerState) -> bool:
        return any(buildable(g, p, k) for k in VEHICLES)

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        return ChooseVehicleDecision(p.index) if self.possible(g, p) else None


@attrs.define
class ChooseVehicleDecision(Decision):
    kind = "choose_vehicle"

    def prompt(self, g: Game) -> str:
        return "Choose a Vehicle to build"

    def options(self, g: Game) -> list[Move]:
        p = g.state.players[self.player]
        return [Choose(k.value) for k in VEHICLES if buildable(g, p, k)]

    def choose(self, g: Game, move: Move) -> None:
        assert isinstance(move, Choose)
        self.finished = True
        g.push(Script(self.player, equipment_cost_steps(Equipment(move.option))))

    auto_single = True


@attrs.frozen
class PlowFields(Step):
    """Per Plow, you may plow 1 Field, Grain or Flax side up, on an empty land space."""

    def possible(self, g: Game, p: PlayerState) -> bool:
        return (
            barn.count(p, Equipment.PLOW) > 0
            and tile_left(g, Tile.GRAIN_FIELD)
            and bool(homeboard.empty_land_spaces(p))
        )

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        n = barn.count(p, Equipment.PLOW)
        return PlowFieldsDecision(p.index, n) if n else None


@attrs.define
class PlowFieldsDecision(Decision):
    remaining: int = 0
    kind = "plow_fields"

    def prompt(self, g: Game) -> str:
        return f"Plow Fields: up to {self.remaining} more"

    def options(self, g: Game) -> list[Move]:
        p = g.state.players[self.player]
        if self.remaining <= 0 or not PlowFields().possible(g, p):
            return []
        return [Choose(Tile.GRAIN_FIELD.value), Choose(Tile.FLAX_FIELD.value), Done()]

    def choose(self, g: Game, move: Move) -> None:
        if isinstance(move, Done):
            self.finished = True
            return
        assert isinstance(move, Choose)
        self.remaining -= 1
        self.finished = self.remaining <= 0
        g.push(Script(self.player, [PlaceNewTile(move.option)]))


