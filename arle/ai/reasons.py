"""Why the coach suggests a move, in words: what the action it starts gains, as a message id
with parameters (for translation) and its English text."""

from __future__ import annotations

import attrs

from arle.engine import Game
from arle.engine.rules.scoring import score

MESSAGES: dict[str, str] = {
    "ai.reason.only": "The only sensible move here.",
    "ai.reason.points": "Scores {points} VP now ({category}).",
    "ai.reason.goods": "Gains {goods} for later.",
    "ai.reason.position": "Keeps the best position for the rest of the game.",
}


@attrs.frozen
class Reason:
    id: str
    params: dict[str, str | float]


def reason_text(reason: Reason) -> str:
    return MESSAGES[reason.id].format(**reason.params)


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
    more = [f"{new[g] - old[g]} {g.value.replace('_', ' ').title()}" for g in new if new[g] > old[g]]
    if more:
        return Reason("ai.reason.goods", {"goods": ", ".join(more)})
    return Reason("ai.reason.position", {})
