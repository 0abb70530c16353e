"""Why the coach suggests a move, in words: what the action it starts gains, as a message id
with parameters, put into words by ``reason_words`` (a ``Text`` any language renders) or
``reason_text`` (English)."""

from __future__ import annotations

import attrs

from arle.engine import Game, Good, Text, join
from arle.engine import t as _t  # ``_t``: the translations extractor collects these texts
from arle.engine.content.words import counted
from arle.engine.rules.scoring import score


@attrs.frozen
class Reason:
    id: str
    params: dict[str, object]


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
        return _t("Gains {goods} for later.", goods=join([counted(Good(g), int(n)) for g, n in gained]))
    if reason.id == "ai.reason.only":
        return _t("The only sensible move here.")
    return _t("Keeps the best position for the rest of the game.")


def reason_for(before: Game, after: Game, player: int) -> Reason:
    """The clearest gain from ``before`` to ``after``: points in a scoring category first, then
    goods gained."""
    was = score(before.state.players[player]).as_dict()
    now = score(after.state.players[player]).as_dict()
    gained = now["total"] - was["total"]
    if gained > 0:
        category = max((k for k in now if k != "total"), key=lambda k: now[k] - was[k])
        return Reason("ai.reason.points", {"points": f"{gained:g}", "category": category.replace("_", " ")})
    old, new = before.state.players[player].goods, after.state.players[player].goods
    more = [(g, new[g] - old[g]) for g in new if new[g] > old[g]]
    if more:
        return Reason("ai.reason.goods", {
            "goods": ", ".join(f"{n} {g.value.replace('_', ' ').title()}" for g, n in more),
            "gained": tuple((g.value, n) for g, n in more)})
    return Reason("ai.reason.position", {})
