"""Conversions limited by a Tool ("brown arrows", rulebook p. 12): per Tool you have, you may
convert once; the player chooses how many and, where there are variants, which."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..content.goods import Animal, Good
from ..content.text import Text, noun, t, tn
from ..interpreter.moves import Choose, Done
from ..interpreter.state import PlayerState
from ..interpreter.steps import CountedDecision, Decision, OptionKind, Step, choice, counter
from . import animals
from .payments import Bundle, can_afford
from .supply import gain, pay

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.moves import Move


@attrs.frozen
class Variant:
    key: str
    label: str
    pay: Bundle = ()
    pay_animal: Animal | None = None
    gain: Bundle = ()


def _v(key: str, label: str, pay: dict[str, int], gain: dict[str, int],
       animal: Animal | None = None) -> Variant:
    return Variant(
        key,
        label,
        tuple((Good(k), n) for k, n in pay.items()),
        animal,
        tuple((Good(k), n) for k, n in gain.items()),
    )


#: Every conversion's variants; the label is a content msgid (shown as ``noun(label)``).
VARIANTS: dict[str, tuple[Variant, ...]] = {
    "wool_to_woolen": (_v("wool", "1 Wool → 1 Woolen", {"wool": 1}, {"woolen": 1}),),
    "hide_to_leather": (_v("hide", "1 Hide → 1 Leather", {"hide": 1}, {"leather": 1}),),
    "flax_to_linen": (_v("flax", "1 Flax → 1 Linen", {"flax": 1}, {"linen": 1}),),
    # Brick may always pay for Clay (rulebook p. 6).
    "clay_to_food": (
        _v("clay", "1 Clay → 3 Food, 1 Peat", {"clay": 1}, {"food": 3, "peat": 1}),
        _v("brick", "1 Brick → 3 Food, 1 Peat", {"brick": 1}, {"food": 3, "peat": 1}),
    ),
    "slaughter": (
        _v("sheep", "1 Sheep → 3 Food, 2 Hides", {}, {"food": 3, "hide": 2}, Animal.SHEEP),
        _v("cattle", "1 Cattle → 4 Food, 2 Hides", {}, {"food": 4, "hide": 2}, Animal.CATTLE),
        _v("horse", "1 Horse → 3 Food, 2 Hides", {}, {"food": 3, "hide": 2}, Animal.HORSE),
    ),
    "bake": (
        _v("grain+peat", "1 Grain + 1 Peat → 6 Food", {"grain": 1, "peat": 1}, {"food": 6}),
        _v("grain+wood", "1 Grain + 1 Wood → 6 Food", {"grain": 1, "wood": 1}, {"food": 6}),
        _v("grain+timber", "1 Grain + 1 Timber → 6 Food", {"grain": 1, "timber": 1}, {"food": 6}),
        _v("flax+peat", "1 Flax + 1 Peat → 6 Food", {"flax": 1, "peat": 1}, {"food": 6}),
        _v("flax+wood", "1 Flax + 1 Wood → 6 Food", {"flax": 1, "wood": 1}, {"food": 6}),
        _v("flax+timber", "1 Flax + 1 Timber → 6 Food", {"flax": 1, "timber": 1}, {"food": 6}),
    ),
}


def variants(conversion: str, p: PlayerState) -> list[Variant]:
    """The ways one conversion unit may be made now (the rulebook's substitutions included)."""
    if conversion not in VARIANTS:
        raise ValueError(f"unknown conversion {conversion!r}")
    if conversion != "bake":
        return list(VARIANTS[conversion])
    # Flax only when out of Grain; Wood (or Timber for Wood) only when out of Peat.
    g = p.goods
    grain = "grain" if g[Good.GRAIN] else "flax"
    fuels = ("peat",) if g[Good.PEAT] else ("wood", "timber")
    return [v for v in VARIANTS["bake"] if v.key.partition("+")[::2] in {(grain, f) for f in fuels}]


def affordable(v: Variant, p: PlayerState) -> bool:
    if v.pay_animal is not None and animals.count(p, v.pay_animal) < 1:
        return False
    return can_afford(v.pay, p.goods)


def convert_once(g: Game, p: PlayerState, v: Variant) -> None:
    pay(g, p, v.pay)
    if v.pay_animal is not None:
        animals.remove_animals(g, p, v.pay_animal, 1)
    for good, n in v.gain:
        gain(g, p, good, n)


@attrs.frozen
class Convert(Step):
    """Up to ``key`` times (a Tool count), convert one unit of ``conversion``."""

    conversion: str
    key: str

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        n = counter(g, p, self.key)
        return ConvertDecision(p.index, conversion=self.conversion, remaining=n) if n > 0 else None


@attrs.define
class ConvertDecision(CountedDecision):
    conversion: str = ""
    answers = (Choose, Done)
    option_kind = OptionKind.CONVERSION

    def prompt(self, g: Game) -> Text:
        return self.up_to(tn("Convert: up to {n}", "Convert: up to {n}", self.remaining),
                          tn("Convert: up to {n} more", "Convert: up to {n} more", self.remaining))

    def lapsed_text(self, g: Game) -> Text:
        return tn("{n} conversion not made: no longer possible",
                  "{n} conversions not made: no longer possible", self.remaining)

    def _targets(self, g: Game, p: PlayerState) -> list[Move]:
        return [choice(v.key) for v in variants(self.conversion, p) if affordable(v, p)]

    def _none_now(self, g: Game) -> list[Move]:
        from .prospects import open_options

        return open_options(g, self.player, [], lambda g2, p2: bool(self._targets(g2, p2)))

    def option_text(self, g: Game, option: str) -> Text:
        p = g.state.players[self.player]
        label = next((v.label for v in variants(self.conversion, p) if v.key == option), None)
        return noun(label) if label is not None else t("{option}", option=option)

    def _take(self, g: Game, p: PlayerState, move: Move) -> None:
        assert isinstance(move, Choose)
        v = next(v for v in variants(self.conversion, p) if v.key == move.option)
        convert_once(g, p, v)
        self._count_one()
