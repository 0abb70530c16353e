"""The evaluation's weights: the hand-set numbers, or those ``arle tune`` fitted from games
(issue 38), read from ``resources/ai/weights.json`` when that file is there and sound.

A position's value for a player is its live score (with what the loads become) plus the sum of
``weight x feature`` over ``FEATURES`` (``arle.ai.value.features``). The file holds a part
for solo games and one for two-player games, each with what produced its numbers (seeds, level,
commit, games, figures); the game only reads their ``weights``. Anything wrong with the file or
a part (absent, not JSON, another format or version, a missing or non-finite number) gives the
built-in numbers for it: a damaged data file never stops the game.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

#: The features of a position, in order (what each measures: ``arle.ai.value.features``).
FEATURES: tuple[str, ...] = (
    # raw materials and textiles held, as they become tools, vehicles, buildings and clothing
    "wood", "clay", "timber", "brick", "flax", "wool", "hide", "linen", "woolen", "leather",
    # progress toward the best building still on the board, and toward the second best
    "plan", "plan_second",
    # Food and Peat toward the next two inventories, and beyond them
    "food_need", "peat_need", "food_spare", "peat_spare",
    # tools, Animals, fields and forests, the loading spaces of vehicles: their future yield
    "tools", "animals", "fields", "load_spaces",
    # buildings built (their abilities to come) and vehicles held (two-player play)
    "buildings", "vehicles",
)

#: The numbers set by hand (issues 11 and 30): what the game plays with when no tuned file is
#: there. ``plan_second``, ``buildings`` and ``vehicles`` were not part of the hand-set
#: evaluation (0).
HAND_SET: dict[str, float] = {
    "wood": 0.5, "clay": 0.45, "timber": 0.5, "brick": 0.4, "flax": 0.35, "wool": 0.35,
    "hide": 0.35, "linen": 0.5, "woolen": 0.5, "leather": 0.5,
    "plan": 0.75, "plan_second": 0.0,
    "food_need": 1.6, "peat_need": 0.9, "food_spare": 0.25, "peat_spare": 0.3,
    "tools": 1.2, "animals": 0.9, "fields": 1.0, "load_spaces": 0.6,
    "buildings": 0.0, "vehicles": 0.0,
}
assert tuple(HAND_SET) == FEATURES

FORMAT = "arle-ai-weights"
VERSION = 1
#: Where the game looks for tuned numbers (under ``resources/``).
RESOURCE = "ai/weights.json"
#: A weight outside this range is not a number the evaluation was built for: the file is damaged.
LIMIT = 100.0


def vector(weights: dict[str, float]) -> tuple[float, ...]:
    """The weights in ``FEATURES`` order."""
    return tuple(weights[name] for name in FEATURES)


#: The parts of a weights file: one set of weights for solo games, one for two-player games
#: (where the same goods are worth less: both players compete for the action spaces).
PARTS: dict[int, str] = {1: "solo", 2: "two_player"}


def _weights(raw: Any) -> dict[str, float] | None:
    if not isinstance(raw, dict):
        return None
    out: dict[str, float] = {}
    for name in FEATURES:
        value = raw.get(name)
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None
        if not math.isfinite(value) or abs(value) > LIMIT:
            return None
        out[name] = float(value)
    return out


def parse(data: Any) -> dict[int, dict[str, float]] | None:
    """The sound parts of a weights file's JSON by number of players (a damaged part is left
    out), or None when it is not a weights file of this version."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        return None
    out = {}
    for players, name in PARTS.items():
        part = data.get(name)
        found = _weights(part.get("weights")) if isinstance(part, dict) else None
        if found is not None:
            out[players] = found
    return out


def load(path: Path) -> Any:
    """The JSON in the file at ``path``, or None when it is absent or not JSON."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None


def read(path: Path) -> dict[int, dict[str, float]]:
    """The sound parts of the weights file at ``path`` (none when it is absent or damaged)."""
    return parse(load(path)) or {}


def document(old: Any, players: int, weights: dict[str, float], provenance: dict[str, Any]) -> dict[str, Any]:
    """A weights file's JSON with the part for ``players`` set to ``weights`` and what produced
    them; the other part is kept from ``old`` (the file's JSON before) when it is sound."""
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    kept = parse(old) or {}
    for n, name in PARTS.items():
        if n == players:
            data[name] = {"weights": {k: weights[k] for k in FEATURES}, "provenance": provenance}
        elif n in kept:
            data[name] = old[name]
    return data


def shipped() -> dict[int, tuple[dict[str, float], str]]:
    """By number of players: the weights the game plays with and where they come from ("tuned"
    or "hand-set")."""
    from arle.resources import resource_path

    found = read(resource_path(RESOURCE))
    return {n: (found[n], "tuned") if n in found else (dict(HAND_SET), "hand-set") for n in PARTS}
