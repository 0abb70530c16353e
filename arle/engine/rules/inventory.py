"""Inventorying (rulebook p. 8): November after a summer, May after a winter."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..content.decisions import (
    BOTTLENECK_VP,
    MILKING_CATTLE,
    MILKING_SHEEP,
    SHEARING_SHEEP,
    SUSTENANCE_FOOD,
    SUSTENANCE_PEAT_NOVEMBER,
)
from ..content.goods import ANIMALS, Animal, Good
from ..content.text import Text, t, tn
from ..content.tiles import Tile
from ..content.words import counted
from ..interpreter.events import ActionUsed, InventoryEnded, InventoryPart, SupplyBottleneck
from ..interpreter.moves import Choose, Done, UseBuilding
from ..interpreter.state import PlayerState
from ..interpreter.steps import CountedDecision, Decision, OptionKind, PayCost, Script, Step
from . import animals
from .anytime import peat_trades
from .payments import cost
from .supply import gain, pay

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.moves import Move


def level(n: int, thresholds: tuple[int, ...]) -> int:
    """How many thresholds ``n`` reaches: 1/2/3 for 2/5/7 Sheep when milking, and so on."""
    return sum(1 for t in thresholds if n >= t)


def _log(g: Game, p: PlayerState, source: str, text: Text) -> None:
    g.emit(ActionUsed(p.index, source, text))


@attrs.frozen
class EmptyVehicles(Step):
    def run(self, g: Game, p: PlayerState) -> None:
        from .vehicles import empty_vehicles

        before = dict(p.goods)
        travel = len(p.travel)
        empty_vehicles(g, p)
        unloaded = [(str(good), n - before.get(good, 0)) for good, n in p.goods.items()
                    if n > before.get(good, 0)]
        unloaded += [(f"dest:{d}", 1) for d in p.travel[travel:]]
        if unloaded:
            g.emit(InventoryPart(p.index, "vehicles", tuple(unloaded)))


@attrs.frozen
class Milking(Step):
    """1/2/3 Food for 2/5/7 Sheep and 1/2/3 Food for 1/3/5 Cattle (at most 6)."""

    def run(self, g: Game, p: PlayerState) -> None:
        food = level(animals.count(p, Animal.SHEEP), MILKING_SHEEP) + level(
            animals.count(p, Animal.CATTLE), MILKING_CATTLE
        )
        if food:
            gain(g, p, Good.FOOD, food)
            _log(g, p, "milking", t("milking gives {food}", food=counted(Good.FOOD, food)))
            g.emit(InventoryPart(p.index, "milking", (("food", food),)))


@attrs.frozen
class Harvest(Step):
    """1 Grain per Grain Field, 1 Flax per Flax Field, 1 Wood per Forest (not per Park)."""

    def run(self, g: Game, p: PlayerState) -> None:
        tiles = list(p.tiles.values())
        harvested: list[tuple[str, int]] = []
        for tile, good in (
            (Tile.GRAIN_FIELD, Good.GRAIN),
            (Tile.FLAX_FIELD, Good.FLAX),
            (Tile.FOREST, Good.WOOD),
        ):
            n = tiles.count(tile.value)
            if n:
                gain(g, p, good, n)
                harvested.append((good.value, n))
        _log(g, p, "harvest", t("harvest"))
        if harvested:
            g.emit(InventoryPart(p.index, "harvest", tuple(harvested)))


@attrs.frozen
class Breeding(Step):
    def run(self, g: Game, p: PlayerState) -> None:
        before = {a: animals.count(p, a) for a in ANIMALS}
        born = animals.breed(g, p)
        if born:
            g.emit(InventoryPart(p.index, "breeding", tuple(
                (a.value, animals.count(p, a) - n) for a, n in before.items()
                if animals.count(p, a) > n)))
            _log(g, p, "breeding", tn("{n} Animals are born", "{n} Animals are born", born))


@attrs.frozen
class Shearing(Step):
    """1/2/3 Wool for 1/4/6 Sheep; newborn Sheep count."""

    def run(self, g: Game, p: PlayerState) -> None:
        wool = level(animals.count(p, Animal.SHEEP), SHEARING_SHEEP)
        if wool:
            gain(g, p, Good.WOOL, wool)
            _log(g, p, "shearing", t("shearing gives {wool}", wool=counted(Good.WOOL, wool)))
            g.emit(InventoryPart(p.index, "shearing", (("wool", wool),)))


def has_anytime_options(g: Game, p: PlayerState) -> bool:
    from .building_abilities import anytime_building_moves

    return bool(peat_trades(p) or anytime_building_moves(g, p))


@attrs.frozen
class Sustenance(Step):
    """Pay 3 Food (and 2 Peat in November). Missing Food: Grain, then Animals of your choice;
    missing Peat: Wood or Timber. Whatever is still missing costs 2 VP each."""

    food: int = SUSTENANCE_FOOD
    fuel: int = 0

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        if has_anytime_options(g, p):
            return SustenanceDecision(p.index, self.food, self.fuel)
        pay_sustenance(g, p, self.food, self.fuel)
        return None


@attrs.define
class SustenanceDecision(Decision):
    """Lets the player use the Peat Boat or anytime buildings before paying."""

    food: int = SUSTENANCE_FOOD
    fuel: int = 0
    answers = (Choose,)
    option_kind = OptionKind.PAY

    def prompt(self, g: Game) -> Text:
        food = counted(Good.FOOD, self.food)
        if self.fuel:
            return t("Sustenance: pay {food} and {peat} (trade first if you like)", food=food,
                     peat=counted(Good.PEAT, self.fuel))
        return t("Sustenance: pay {food} (trade first if you like)", food=food)

    def options(self, g: Game) -> list[Move]:
        return [Choose("pay")]

    def choose(self, g: Game, move: Move) -> None:
        self.finished = True
        pay_sustenance(g, g.state.players[self.player], self.food, self.fuel)


def pay_sustenance(g: Game, p: PlayerState, food: int, fuel: int) -> None:
    paid_food = min(food, p.goods[Good.FOOD])
    pay(g, p, ((Good.FOOD, paid_food),))
    missing = food - paid_food
    grain = min(missing, p.goods[Good.GRAIN])
    pay(g, p, ((Good.GRAIN, grain),))
    missing -= grain
    by_animals = min(missing, animals.total(p))
    missing_food = missing - by_animals

    paid_peat = min(fuel, p.goods[Good.PEAT])
    pay(g, p, ((Good.PEAT, paid_peat),))
    missing_fuel = fuel - paid_peat
    by_wood = min(missing_fuel, p.goods[Good.WOOD] + p.goods[Good.TIMBER])
    missing_fuel -= by_wood

    paid = (("food", paid_food), ("grain", grain), ("animals", by_animals))
    g.emit(InventoryPart(p.index, "food", tuple((k, n) for k, n in paid if n)))
    steps: list[Step] = []
    if by_animals:
        steps.append(PayAnimalsStep(by_animals))
    if by_wood:  # Wood or Timber, as the player pays: the fuel is told once it is paid
        steps.append(PayCost(cost(wood=by_wood)))
        steps.append(FuelPaid(paid_peat, p.goods[Good.WOOD], p.goods[Good.TIMBER]))
    elif fuel:
        FuelPaid(paid_peat, 0, 0).run(g, p)
    if steps:
        g.push(Script(p.index, steps, source="sustenance"))
    if missing_food or missing_fuel:
        vp = -BOTTLENECK_VP * (missing_food + missing_fuel)
        p.bottleneck_vp += vp
        g.emit(SupplyBottleneck(p.index, missing_food, missing_fuel, vp))


@attrs.frozen
class PayAnimalsStep(Step):
    n: int

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        return PayAnimalsDecision(p.index, self.n)


@attrs.frozen
class FuelPaid(Step):
    """The November fuel as it was paid: ``peat``, then the Wood and Timber spent since the
    player held ``wood`` and ``timber`` (issue 50 item 7: 1 Timber and 1 Wood paid were summed
    up as "Fuel paid: 2 Wood")."""

    peat: int
    wood: int
    timber: int

    def run(self, g: Game, p: PlayerState) -> None:
        burnt = (("peat", self.peat), ("wood", self.wood - p.goods[Good.WOOD]),
                 ("timber", self.timber - p.goods[Good.TIMBER]))
        g.emit(InventoryPart(p.index, "fuel", tuple((k, n) for k, n in burnt if n > 0)))


@attrs.define
class PayAnimalsDecision(CountedDecision):
    """Missing Food paid with Animals: the player picks each one's type."""

    optional = False
    answers = (Choose,)
    option_kind = OptionKind.ANIMAL

    def prompt(self, g: Game) -> Text:
        return tn("Pay {n} Animals for missing Food", "Pay {n} Animals for missing Food",
                  self.remaining)

    def _targets(self, g: Game, p: PlayerState) -> list[Move]:
        return [Choose(a.value) for a in ANIMALS if animals.count(p, a)]

    def _take(self, g: Game, p: PlayerState, move: Move) -> None:
        assert isinstance(move, Choose)
        animals.remove_animals(g, p, Animal(move.option), 1)
        self._count_one()

    auto_single = True


@attrs.frozen
class BeforeNovember(Step):
    """Light green buildings act before each November, in the order their owner chooses."""

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        from .building_abilities import BEFORE_NOVEMBER

        owned = [b for b in p.buildings if b in BEFORE_NOVEMBER]
        if len(owned) == 1:
            g.push(Script(p.index, list(BEFORE_NOVEMBER[owned[0]]), source=owned[0]))
            return None
        return BeforeNovemberDecision(p.index) if owned else None


@attrs.define
class BeforeNovemberDecision(Decision):
    used: list[str] = attrs.Factory(list)
    answers = (UseBuilding, Done)

    def prompt(self, g: Game) -> Text:
        return t("Before November: use your buildings in the order you like")

    def options(self, g: Game) -> list[Move]:
        """Each building left, in any order; Done only once what is left is all optional (the
        income a building says you receive may not be skipped)."""
        from .building_abilities import BEFORE_NOVEMBER, BEFORE_NOVEMBER_OPTIONAL

        p = g.state.players[self.player]
        left = [b for b in p.buildings if b in BEFORE_NOVEMBER and b not in self.used]
        moves: list[Move] = [UseBuilding(b) for b in left]
        if left and all(b in BEFORE_NOVEMBER_OPTIONAL for b in left):
            moves.append(Done())
        return moves

    def choose(self, g: Game, move: Move) -> None:
        from .building_abilities import BEFORE_NOVEMBER

        if isinstance(move, Done):
            self.finished = True
            return
        assert isinstance(move, UseBuilding)
        self.used.append(move.building)
        g.push(Script(self.player, list(BEFORE_NOVEMBER[move.building]), source=move.building))


@attrs.frozen
class InventoryOver(Step):
    """The end of a player's inventorying, after its payments (a summary may be shown)."""

    season: str

    def run(self, g: Game, p: PlayerState) -> None:
        g.emit(InventoryEnded(p.index, self.season))


def november(player: int) -> Script:
    return Script(
        player,
        [BeforeNovember(), EmptyVehicles(), Milking(), Harvest(),
         Sustenance(SUSTENANCE_FOOD, SUSTENANCE_PEAT_NOVEMBER), InventoryOver("november")],
        source="november",
    )


def may(player: int) -> Script:
    return Script(
        player,
        [EmptyVehicles(), Breeding(), Shearing(), Sustenance(SUSTENANCE_FOOD, 0), InventoryOver("may")],
        source="may",
    )
