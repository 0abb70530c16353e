"""Steps and decisions that only building abilities need (rulebook "Index of Building Tiles").

The generic steps (Gain, GainPer, ToolUp, CutPeatStep, DikeStep, PlaceNewTile...) live in
``steps``; what is here counts something special (Fields for the Mill, Dairy Animals for the
Cooperage, Stalls for the Gulf House Inn) or asks a question no action space asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from ..content import words
from ..content.goods import Animal, Good
from ..content.text import Text, noun, t, tn
from ..content.tiles import EQUIPMENT, FIELDS, Equipment, Tile
from ..interpreter.events import ActionUsed
from ..interpreter.moves import Choose, Done, PlaceTile
from ..interpreter.places import place
from ..interpreter.state import PlayerState
from ..interpreter.steps import (
    CountedDecision,
    CutPeatDecision,
    Decision,
    OptionKind,
    PlaceNewTile,
    Script,
    Step,
    counter,
)
from . import animals, barn, homeboard
from .payments import Bundle, bundle_text, can_afford
from .supply import gain, pay, return_tile, take_tile, tile_left

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.moves import Move


def _log(g: Game, p: PlayerState, source: str, text: Text) -> None:
    g.emit(ActionUsed(p.index, source, text))


def level(n: int, thresholds: tuple[int, ...]) -> int:
    """How many of ``thresholds`` ``n`` reaches (3/5/6 Fields for the Mill...)."""
    return sum(1 for t in thresholds if n >= t)


# -- Repeating and counting ------------------------------------------------------------------------


@attrs.frozen
class Repeat(Step):
    """Run ``steps`` once per ``key`` (Potter's Inn: 1 Animal per Pottery Wheel)."""

    key: str
    steps: tuple[Any, ...]

    def run(self, g: Game, p: PlayerState) -> None:
        n = counter(g, p, self.key)
        if n > 0:  # each step that can say so is told it is the i-th of n ("1 of 2")
            g.push(Script(p.index, [_numbered(step, i, n) for i in range(1, n + 1) for step in self.steps]))


def _numbered(step: Any, i: int, n: int) -> Any:
    if n > 1 and attrs.has(type(step)) and "nth" in attrs.fields_dict(type(step)):
        return attrs.evolve(step, nth=(i, n))
    return step


@attrs.frozen
class GainAnimalsPer(Step):
    """``per_unit`` Animals of one type per ``key`` (Joinery: 1 Horse per Plow)."""

    animal: Animal
    key: str
    per_unit: int = 1

    def run(self, g: Game, p: PlayerState) -> None:
        n = self.per_unit * counter(g, p, self.key)
        if n:
            animals.gain_animals(g, p, self.animal, n)


@attrs.frozen
class CutPeatPer(Step):
    """``per_unit`` "Cut Peat" actions per ``key``, off the player's own Moors (Turnery: 2 per
    Forest). The player may stop early, like at the Peat Cutter."""

    key: str
    per_unit: int = 1
    source: str = ""  # the building, named in the prompt

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        n = self.per_unit * counter(g, p, self.key)
        if n <= 0 or not homeboard.moors_with_peat(p):
            return None
        return CutPeatDecision(p.index, n, True, source=self.source)


@attrs.frozen
class GainByLevel(Step):
    """Food by thresholds of a count (Mill: 8/10/12 Food for 3/5/6 Fields)."""

    source: str  # the building
    good: Good
    what: str  # "fields"
    thresholds: tuple[int, ...]
    amounts: tuple[int, ...]

    def run(self, g: Game, p: PlayerState) -> None:
        n = count_of(p, self.what)
        lv = level(n, self.thresholds)
        amount = self.amounts[lv - 1] if lv else 0
        gain(g, p, self.good, amount)
        _log(g, p, self.source, t("{count}: {gain}", count=_COUNT_WORDS[self.what](n),
                                  gain=words.counted(self.good, amount)))


#: The things ``count_of`` counts, in words ("3 Fields", "1 Stall").
_COUNT_WORDS = {
    "fields": lambda n: tn("{n} Field", "{n} Fields", n),
    "dairy": lambda n: tn("{n} Dairy Animal", "{n} Dairy Animals", n),
    "stalls": lambda n: tn("{n} Stall", "{n} Stalls", n),
    "stables": lambda n: tn("{n} Stable", "{n} Stables", n),
}


def count_of(p: PlayerState, what: str) -> int:
    tiles = list(p.tiles.values())
    if what == "fields":
        return sum(tiles.count(f.value) for f in FIELDS)
    if what == "dairy":
        return animals.count(p, Animal.SHEEP) + animals.count(p, Animal.CATTLE)
    if what == "stalls":
        # "Double Stalls are considered 2 separate Stalls" (Gulf House Inn).
        return tiles.count(Tile.STALL.value) + 2 * tiles.count(Tile.DOUBLE_STALL.value)
    if what == "stables":
        return tiles.count(Tile.STABLE.value)
    raise ValueError(f"unknown count {what!r}")


@attrs.frozen
class GainPerCount(Step):
    """``good`` per counted thing (Gulf House Inn: 1 Timber per Stall, 1 Brick per Stable)."""

    good: Good
    what: str

    def run(self, g: Game, p: PlayerState) -> None:
        gain(g, p, self.good, count_of(p, self.what))


@attrs.frozen
class GoodsIndicatorsUp(Step):
    """Cooperage: for 5/10/15 Dairy Animals each of the six Goods indicators moves up 1/2/3.
    Food has two indicators, so Food rises twice as much; the track caps still hold."""

    thresholds: tuple[int, ...]

    def run(self, g: Game, p: PlayerState) -> None:
        n = count_of(p, "dairy")
        spaces = level(n, self.thresholds)
        _log(g, p, "cooperage", t("{count}: each Goods indicator moves up {spaces}",
                                  count=_COUNT_WORDS["dairy"](n), spaces=spaces))
        if not spaces:
            return
        for good in (Good.GRAIN, Good.FLAX, Good.WOOL, Good.HIDE):
            gain(g, p, good, spaces)
        gain(g, p, Good.FOOD, 2 * spaces)


# -- Optional exchanges ----------------------------------------------------------------------------


@attrs.frozen
class ExchangeUpTo(Step):
    """Up to ``key`` times, you may pay ``pay`` for ``get`` (Bakehouse: per Oven, 2 Grain and
    1 Flax for 8 Food)."""

    key: str
    pay: Bundle
    get: Bundle

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        n = counter(g, p, self.key)
        return ExchangeDecision(p.index, n, self.pay, self.get) if n > 0 else None


@attrs.define
class ExchangeDecision(CountedDecision):
    pay: Bundle = ()
    get: Bundle = ()
    answers = (Choose, Done)
    option_kind = OptionKind.CONFIRM

    def label(self) -> Text:
        return t("{pay} → {get}", pay=bundle_text(self.pay), get=bundle_text(self.get))

    def prompt(self, g: Game) -> Text:
        return tn("You may exchange {exchange} ({n} more times at most)",
                  "You may exchange {exchange} ({n} more times at most)", self.remaining,
                  exchange=self.label())

    def _targets(self, g: Game, p: PlayerState) -> list[Move]:
        return [Choose("exchange")] if can_afford(self.pay, p.goods) else []

    def _none_now(self, g: Game) -> list[Move]:
        from .prospects import open_options

        return open_options(g, self.player, [], lambda g2, p2: can_afford(self.pay, p2.goods))

    def _take(self, g: Game, p: PlayerState, move: Move) -> None:
        pay(g, p, self.pay)
        for good, n in self.get:
            gain(g, p, good, n)
        self._count_one()


# -- Fields and Forests ----------------------------------------------------------------------------


@attrs.frozen
class MayPlaceField(Step):
    """Plow Maker's Workshop: you may place 1 Field, Grain or Flax side up, on an empty land
    space."""

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        return FieldChoiceDecision(p.index)


@attrs.define
class FieldChoiceDecision(Decision):
    answers = (Choose, Done)
    option_kind = OptionKind.FIELD

    def prompt(self, g: Game) -> Text:
        return t("You may place 1 Field: Grain or Flax side up")

    def options(self, g: Game) -> list[Move]:
        p = g.state.players[self.player]
        if not PlaceNewTile(Tile.GRAIN_FIELD.value).possible(g, p):
            return []
        return [Choose(Tile.GRAIN_FIELD.value), Choose(Tile.FLAX_FIELD.value), Done()]

    def choose(self, g: Game, move: Move) -> None:
        self.finished = True
        if isinstance(move, Choose):
            g.push(Script(self.player, [PlaceNewTile(move.option)]))


def field_spaces(p: PlayerState) -> list[tuple[int, int]]:
    return sorted(s for s, t in p.tiles.items() if t in {f.value for f in FIELDS})


@attrs.frozen
class ReplaceFields(Step):
    """Farmer's Inn: replace up to ``n`` Fields with Forests (the Fields go back to the supply
    board; Forests are limited)."""

    n: int = 3

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        return ReplaceFieldsDecision(p.index, self.n)


@attrs.define
class ReplaceFieldsDecision(CountedDecision):
    answers = (PlaceTile, Done)
    shown_on = "home"
    #: The tile each move puts in a Field's place (the window shows it to drag; the log says it).
    tile: ClassVar[str] = Tile.FOREST.value

    def prompt(self, g: Game) -> Text:
        return self.up_to(tn("You may replace up to {n} Field with a Forest",
                             "You may replace up to {n} Fields with Forests", self.remaining),
                          tn("You may replace up to {n} more Fields with Forests",
                             "You may replace up to {n} more Fields with Forests", self.remaining))

    def _targets(self, g: Game, p: PlayerState) -> list[Move]:
        if not tile_left(g, Tile.FOREST):
            return []
        return [PlaceTile(homeboard.space_id(s)) for s in field_spaces(p)]

    def _take(self, g: Game, p: PlayerState, move: Move) -> None:
        assert isinstance(move, PlaceTile)
        space = homeboard.parse_space(move.space)
        old = homeboard.remove_tile(g, p, space)
        return_tile(g, Tile(old))
        take_tile(g, Tile.FOREST)
        homeboard.place_tile(g, p, Tile.FOREST.value, space)
        self._count_one()


# -- Equipment -------------------------------------------------------------------------------------

SMITHY_EXCHANGEABLE = (Equipment.PEAT_BOAT, Equipment.HANDCART, Equipment.WAGON)


def smithy_pieces(g: Game, p: PlayerState) -> list[int]:
    """Small pieces the Smithy may turn into Plows now. A Peat Boat and a Plow are two sides of
    one stack, so a Peat Boat can always become a Plow; a Handcart or Wagon needs a Plow left."""
    plows_left = tile_left(g, Equipment.PLOW)
    return [
        e.id
        for e in p.barn
        if e.kind is Equipment.PEAT_BOAT or (e.kind in SMITHY_EXCHANGEABLE and plows_left)
    ]


@attrs.frozen
class SmithyExchange(Step):
    """Smithy: exchange Peat Boats, Handcarts and Wagons for Plows, 1:1, any number."""

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        return SmithyDecision(p.index)


@attrs.define
class SmithyDecision(Decision):
    answers = (Choose, Done)
    option_kind = OptionKind.EQUIPMENT

    def prompt(self, g: Game) -> Text:
        return t("Smithy: you may exchange Peat Boats, Handcarts and Wagons for Plows")

    def option_text(self, g: Game, option: str) -> Text:
        """"exchange the Wagon for a Plow": the piece by its name (a button said "E0")."""
        piece = barn.piece_by_id(g.state.players[self.player], place(option).number)
        return t("exchange the {piece} for a Plow", piece=noun(EQUIPMENT[piece.kind].name))

    def options(self, g: Game) -> list[Move]:
        moves: list[Move] = [Choose(f"e{i}") for i in smithy_pieces(g, g.state.players[self.player])]
        return [*moves, Done()] if moves else []

    def choose(self, g: Game, move: Move) -> None:
        if isinstance(move, Done):
            self.finished = True
            return
        assert isinstance(move, Choose)
        p = g.state.players[self.player]
        old = barn.piece_by_id(p, int(move.option[1:]))
        barn.return_piece(g, p, old.id)  # a load on a returned vehicle is lost with it
        take_tile(g, Equipment.PLOW)
        barn.add(g, p, Equipment.PLOW)

