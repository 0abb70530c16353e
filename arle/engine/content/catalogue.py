"""Every translatable string of the content tables, for the message extractor (issue 14).

The tables keep their names and texts as plain English strings: they are msgids, and whoever
shows one translates it with ``say(noun(x))``. The extractor finds the ``t()``/``tn()``/``noun()``
calls with a literal first argument in the code; the strings that live in tables it finds here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from ..interpreter.steps import Option
from ..rules.building_abilities import BEFORE_NOVEMBER, IMMEDIATE
from ..rules.conversions import VARIANTS
from .action_spaces import ACTION_SPACES, SEASON_NAMES
from .buildings import BUILDINGS
from .decisions import RULES_NOTES
from .destinations import DESTINATIONS
from .messages import MESSAGES
from .tiles import EQUIPMENT
from .tools import TOOL_TRACKS
from .words import NAMES, TILE_NAMES


def _option_labels(value: Any) -> Iterator[str]:
    """The labels of the ``Option`` records inside steps, however deeply nested."""
    if isinstance(value, Option) and isinstance(value.label, str):
        yield value.label
    if isinstance(value, tuple | list):
        for item in value:
            yield from _option_labels(item)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from _option_labels(getattr(value, field.name))


def msgids() -> list[str | tuple[str, str]]:
    """Every content string a player may read, once each, in a stable order (plain strings; the
    content tables hold no plural forms)."""
    found: list[str] = []
    for space in ACTION_SPACES.values():
        found += [space.name, space.text, *_option_labels(space.steps)]
    found += SEASON_NAMES.values()
    for building in BUILDINGS.values():
        found += [building.name, building.text]
    for steps in (*IMMEDIATE.values(), *BEFORE_NOVEMBER.values()):
        found += _option_labels(steps)
    for destination in DESTINATIONS.values():
        found += [destination.name, *(sale.label for sale in destination.sales)]
    found += [track.name for track in TOOL_TRACKS.values()]
    found += [info.name for info in EQUIPMENT.values()]
    found += [*NAMES.values(), *TILE_NAMES.values()]
    found += [v.label for variants in VARIANTS.values() for v in variants]
    for note in RULES_NOTES:
        found += [note.topic, note.text]
    found += MESSAGES.values()
    return list(dict.fromkeys(found))
