"""Building Equipment: Plows (Farmer), Peat Boats and Vehicles (Wainwright, Laborer), and plowing
Fields (Farmer: 1 Field per Plow). Costs from the rulebook's ↻1 and ↻3."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import attrs

from ..content.goods import Animal
from ..content.text import Text, noun, t, tn
from ..content.tiles import EQUIPMENT, VEHICLES, Equipment, Tile
from ..content.words import counted
from ..interpreter.moves import Choose, Done, ReturnEquipment
from ..interpreter.state import PlayerState
from ..interpreter.steps import (
    CountedDecision,
    Decision,
    OneOf,
    Option,
    OptionKind,
    PayCost,
    PlaceNewTile,
    Script,
    Step,
)
from . import barn, homeboard
from .payments import cost
from .prospects import PaidStep
from .supply import take_tile, tile_left

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.moves import Move


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
    """The Barn is full: return a piece of equal size (↻1, ↻3). Should room appear meanwhile
    (a piece returned as an anytime move), the new piece is simply stored."""

    kind_: Equipment = Equipment.PLOW
    answers = (Choose, ReturnEquipment)
    option_kind = OptionKind.CONFIRM
    shown_on = "storage"

    def prompt(self, g: Game) -> Text:
        return t("The Barn is full: return a piece to make room for the {piece}",
                 piece=noun(EQUIPMENT[self.kind_].name))

    def options(self, g: Game) -> list[Move]:
        p = g.state.players[self.player]
        if barn.has_room(p, self.kind_):
            return [Choose(STORE)]
        return [ReturnEquipment(i) for i in barn.room_makers(p, self.kind_)]

    def choose(self, g: Game, move: Move) -> None:
        p = g.state.players[self.player]
        if isinstance(move, ReturnEquipment):
            barn.return_piece(g, p, move.equipment)
        take_tile(g, self.kind_)
        barn.add(g, p, self.kind_)
        self.finished = True

    auto_single = True


STORE = "store"


def equipment_cost_steps(kind: Equipment) -> list[Step]:
    """Pay the piece's Wood and Animals together, then put it in the Barn (↻1, ↻3). A Plow takes a
    Cattle or a Horse: the player picks the Animal first when both are possible. A fresh list
    (a Script runs it down) of the steps made once per kind (they are frozen)."""
    return list(_equipment_cost_steps(kind))


@functools.cache
def _equipment_cost_steps(kind: Equipment) -> tuple[Step, ...]:
    return tuple(_cost_steps(kind))


def _cost_steps(kind: Equipment) -> list[Step]:
    info = EQUIPMENT[kind]
    if kind is Equipment.PLOW:
        return [
            OneOf(tuple(
                Option(a.value, t("pay 1 Wood and {animal}", animal=counted(a, 1)),
                       (PayCost(cost(wood=info.wood), animals=((a, 1),)), GainEquipment(kind)))
                for a in (Animal.CATTLE, Animal.HORSE)
            ))
        ]
    horses = ((Animal.HORSE, info.horses),) if info.horses else ()
    return [PayCost(cost(wood=info.wood), animals=horses), GainEquipment(kind)]


def affordable(g: Game, p: PlayerState, kind: Equipment) -> bool:
    first = _equipment_cost_steps(kind)[0]
    return first.possible(g, p)


def buildable(g: Game, p: PlayerState, kind: Equipment) -> bool:
    return affordable(g, p, kind) and _obtainable(g, p, kind)


@attrs.frozen
class BuildPlow(PaidStep):
    title = t("Build a Plow")

    def possible(self, g: Game, p: PlayerState) -> bool:
        return buildable(g, p, Equipment.PLOW)

    def start(self, g: Game, p: PlayerState) -> Decision | None:
        g.push(Script(p.index, equipment_cost_steps(Equipment.PLOW)))
        return None


@attrs.frozen
class BuildPeatBoat(PaidStep):
    title = t("Build a Peat Boat")

    def possible(self, g: Game, p: PlayerState) -> bool:
        return buildable(g, p, Equipment.PEAT_BOAT)

    def start(self, g: Game, p: PlayerState) -> Decision | None:
        g.push(Script(p.index, equipment_cost_steps(Equipment.PEAT_BOAT)))
        return None


@attrs.frozen
class BuildVehicle(PaidStep):
    """Build one Vehicle of the player's choice, paying its Wood and Horses."""

    title = t("Build a Vehicle")

    def possible(self, g: Game, p: PlayerState) -> bool:
        return any(buildable(g, p, k) for k in VEHICLES)

    def start(self, g: Game, p: PlayerState) -> Decision | None:
        return ChooseVehicleDecision(p.index)


@attrs.define
class ChooseVehicleDecision(Decision):
    answers = (Choose,)
    option_kind = OptionKind.VEHICLE
    shown_on = "storage"

    def prompt(self, g: Game) -> Text:
        return t("Choose a Vehicle to build")

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
class PlowFieldsDecision(CountedDecision):
    answers = (Choose, Done)
    option_kind = OptionKind.PLOW

    def prompt(self, g: Game) -> Text:
        return self.up_to(tn("Plow Fields: up to {n}", "Plow Fields: up to {n}", self.remaining),
                          tn("Plow Fields: up to {n} more", "Plow Fields: up to {n} more", self.remaining))

    def lapsed_text(self, g: Game) -> Text:
        return tn("{n} Field not plowed: no longer possible",
                  "{n} Fields not plowed: no longer possible", self.remaining)

    def _targets(self, g: Game, p: PlayerState) -> list[Move]:
        if not PlowFields().possible(g, p):
            return []
        return [Choose(Tile.GRAIN_FIELD.value), Choose(Tile.FLAX_FIELD.value)]

    def _take(self, g: Game, p: PlayerState, move: Move) -> None:
        assert isinstance(move, Choose)
        self._count_one()
        g.push(Script(self.player, [PlaceNewTile(move.option)]))


