"""Counted goods and Animals as texts ("1 Wood", "2 Sheep"), so French plurals come out right.

Each count is a ``tn()`` call with literal words (the extractor reads them), one per good: a
sentence never glues a count to an English name. English capitalizes them everywhere, as the
buttons and the boards do (issue 50 item 13: a prompt said "1 wood" beside a "1 Wood" button);
French writes them in lower case (its catalogue).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .goods import Animal, Good
from .text import Text, join, noun, t, tn

_Count = Callable[[int], Text]

#: Capitalized, as the buttons, prompts, costs and logs all read them ("1 Sheep", "3 Food").
_COUNTED: dict[str, _Count] = {
    "food": lambda n: tn("{n} Food", "{n} Food", n),
    "grain": lambda n: tn("{n} Grain", "{n} Grain", n),
    "flax": lambda n: tn("{n} Flax", "{n} Flax", n),
    "wool": lambda n: tn("{n} Wool", "{n} Wool", n),
    "hide": lambda n: tn("{n} Hide", "{n} Hides", n),
    "wood": lambda n: tn("{n} Wood", "{n} Wood", n),
    "clay": lambda n: tn("{n} Clay", "{n} Clay", n),
    "timber": lambda n: tn("{n} Timber", "{n} Timber", n),
    "brick": lambda n: tn("{n} Brick", "{n} Bricks", n),
    "peat": lambda n: tn("{n} Peat", "{n} Peat", n),
    "linen": lambda n: tn("{n} Linen", "{n} Linen", n),
    "woolen": lambda n: tn("{n} Woolen", "{n} Woolen", n),
    "leather": lambda n: tn("{n} Leather", "{n} Leather", n),
    "summer_wear": lambda n: tn("{n} Summer Wear", "{n} Summer Wear", n),
    "winter_wear": lambda n: tn("{n} Winter Wear", "{n} Winter Wear", n),
    "leather_wear": lambda n: tn("{n} Leather Wear", "{n} Leather Wear", n),
    "sheep": lambda n: tn("{n} Sheep", "{n} Sheep", n),
    "cattle": lambda n: tn("{n} Cattle", "{n} Cattle", n),
    "horse": lambda n: tn("{n} Horse", "{n} Horses", n),
}

#: The names of goods and Animals alone, as the content tables and the views write them.
NAMES: dict[str, str] = {
    "food": "Food", "grain": "Grain", "flax": "Flax", "wool": "Wool", "hide": "Hide",
    "wood": "Wood", "clay": "Clay", "timber": "Timber", "brick": "Brick", "peat": "Peat",
    "linen": "Linen", "woolen": "Woolen", "leather": "Leather", "summer_wear": "Summer Wear",
    "winter_wear": "Winter Wear", "leather_wear": "Leather Wear", "sheep": "Sheep",
    "cattle": "Cattle", "horse": "Horse",
}

#: The names of the Home Board tiles (``tiles.Tile`` values).
TILE_NAMES: dict[str, str] = {
    "grain_field": "Grain Field", "flax_field": "Flax Field", "forest": "Forest", "park": "Park",
    "stall": "Stall", "depot": "Depot", "stable": "Stable", "double_stall": "Double Stall",
}


def counted(what: Good | Animal | str, n: int) -> Text:
    """``n`` of a good or Animal, capitalized: "2 Sheep"."""
    return _COUNTED[str(what)](n)


def name(what: Good | Animal | str) -> Text:
    """The name of a good or Animal ("Leather Wear"), translated."""
    return noun(NAMES.get(str(what), str(what)))


def amounts(bundle: Iterable[tuple[Good | Animal, int]], empty: Text | None = None) -> Text:
    """A bundle in words: "1 Wood, 2 Clay" (``empty`` when there is nothing)."""
    parts = [counted(g, n) for g, n in bundle]
    if not parts and empty is not None:
        return empty
    return join(parts)


NOTHING = t("nothing")
