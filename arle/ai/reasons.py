"""Why the coach suggests a move, in words: what the move itself brings, read from the position
right after it (points, goods or Animals, a building it makes affordable), never what a later
step of the action brings. A message id with parameters, put into words by ``reason_words`` (a
``Text`` any language renders) or ``reason_text`` (English)."""

from __future__ import annotations

from typing import Any

import attrs

from arle.engine import (
    ANIMALS,
    BUILDINGS,
    Animal,
    Game,
    Good,
    Move,
    PlayerState,
    Text,
    buildable_buildings,
    counted,
    join,
    noun,
    score,
)
from arle.engine import t as _t  # ``_t``: the translations extractor collects these texts


@attrs.frozen
class Reason:
    id: str
    params: dict[str, Any]


#: The score categories as a reason names them, in the middle of a sentence.
CATEGORY_WORDS: dict[str, Text] = {
    "clothing and materials": _t("clothing and building materials"),
    "equipment": _t("equipment"),
    "travel": _t("travel experience"),
    "tools": _t("tools"),
    "goods track": _t("goods track"),
    "home board": _t("home board"),
    "animals": _t("animals"),
    "bottlenecks": _t("supply bottlenecks"),
}


def reason_text(reason: Reason) -> str:
    """The reason in English."""
    return str(reason_words(reason))


def reason_words(reason: Reason) -> Text:
    """The reason as a ``Text``: the window says it in the player's language."""
    p = reason.params
    if reason.id == "ai.reason.points":
        category = str(p["category"])
        return _t("Scores {points} VP now ({category}).", points=float(p["points"]),
                  category=CATEGORY_WORDS.get(category, category))
    if reason.id == "ai.reason.goods":
        gained = p.get("gained") or ()
        return _t("Gains {goods} for later.", goods=join([counted(_item(g), int(n)) for g, n in gained]))
    if reason.id == "ai.reason.building":
        return _t("Makes {building} affordable.", building=noun(BUILDINGS[str(p["building"])].name))
    if reason.id == "ai.reason.later":
        return _t("Its gain comes in the next steps of this action.")
    if reason.id == "ai.reason.only":
        return _t("The only sensible move here.")
    return _t("Keeps the best position for the rest of the game.")


def _item(value: str) -> Good | Animal:
    return Animal(value) if value in {a.value for a in ANIMALS} else Good(value)


def _holdings(p: PlayerState) -> dict[str, int]:
    """Goods and Animals held (Animals waiting for a place included), by name."""
    held = {g.value: n for g, n in p.goods.items()}
    for here in p.animals.values():
        for animal, n in here.items():
            held[animal.value] = held.get(animal.value, 0) + n
    return held


def move_reason(before: Game, move: Move, player: int, later: bool = False) -> Reason:
    """What ``move`` itself brings ``player``, read from the position right after it; with
    ``later`` (the action goes on and gains in its next steps) said so when the move brings
    nothing by itself."""
    after = before.copy()
    after.apply(move)
    reason = reason_for(before, after, player)
    if reason.id == "ai.reason.position" and later:
        return Reason("ai.reason.later", {})
    return reason


def reason_for(before: Game, after: Game, player: int) -> Reason:
    """The clearest gain from ``before`` to ``after``: points in a scoring category first, then
    a building that became affordable, then goods or Animals gained."""
    was = score(before.state.players[player]).as_dict()
    now = score(after.state.players[player]).as_dict()
    gained = now["total"] - was["total"]
    if gained > 0:
        category = max((k for k in now if k != "total"), key=lambda k: now[k] - was[k])
        return Reason("ai.reason.points", {"points": f"{gained:g}", "category": category.replace("_", " ")})
    could = set(buildable_buildings(before, before.state.players[player]))
    can = [b for b in buildable_buildings(after, after.state.players[player]) if b not in could]
    if can:
        best = max(can, key=lambda b: BUILDINGS[b].vp)
        return Reason("ai.reason.building", {"building": best})
    old, new = _holdings(before.state.players[player]), _holdings(after.state.players[player])
    more = [(g, new[g] - old.get(g, 0)) for g in new if new[g] > old.get(g, 0)]
    if more:
        return Reason("ai.reason.goods", {
            "goods": ", ".join(f"{n} {g.replace('_', ' ').title()}" for g, n in more),
            "gained": tuple(more)})
    return Reason("ai.reason.position", {})
