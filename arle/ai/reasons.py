"""Why the coach suggests a move, in words: the gain its line reaches (issue 50 item 3: what is
built, scored, made or gained, and whether now or by the end of the action), read from the
position before the move and the end of the line the search found; for the game review, what
the suggested line ends with that the move played does not (issue 50 item 5). A message id with
parameters, put into words by ``reason_words`` (a ``Text`` any language renders) or
``reason_text`` (English).

"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from arle.engine import (
    ANIMALS,
    BUILDINGS,
    DESTINATIONS,
    TOOL_TRACKS,
    Animal,
    EndTurn,
    Game,
    Good,
    Move,
    PlayerState,
    Text,
    Tool,
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


def _goods(items: Any) -> Text:
    return join([counted(_item(str(g)), int(n)) for g, n in items or ()])


def reason_words(reason: Reason) -> Text:
    """The reason as a ``Text``: the window says it in the player's language. "Now": the move
    itself brings it; otherwise the steps that complete its action do."""
    p = reason.params
    now = p.get("when") == "now"
    if reason.id == "ai.reason.builds":
        building = noun(BUILDINGS[str(p["building"])].name)
        return (_t("Builds the {building} now.", building=building) if now
                else _t("This action builds the {building}.", building=building))
    if reason.id == "ai.reason.points":
        category = str(p["category"])
        words = dict(points=float(p["points"]), category=CATEGORY_WORDS.get(category, category))
        return (_t("Scores {points} VP now ({category}).", **words) if now
                else _t("This action scores {points} VP ({category}).", **words))
    if reason.id == "ai.reason.bottleneck":
        return _t("Spares you a {points} VP penalty for supply bottlenecks.", points=float(p["points"]))
    if reason.id == "ai.reason.tool":
        return _t("Raises your {tool} to {count}.", tool=noun(TOOL_TRACKS[Tool(str(p["tool"]))].name),
                  count=int(p["count"]))
    if reason.id == "ai.reason.travel":
        return _t("Travels to {destination}.", destination=noun(DESTINATIONS[str(p["destination"])].name))
    if reason.id == "ai.reason.building":
        return _t("Leaves you able to pay for the {building}.",
                  building=noun(BUILDINGS[str(p["building"])].name))
    if reason.id == "ai.reason.trade":
        words = dict(paid=_goods(p["paid"]), gained=_goods(p["gained"]))
        return (_t("Turns {paid} into {gained} now.", **words) if now
                else _t("This action turns {paid} into {gained}.", **words))
    if reason.id == "ai.reason.goods":
        return (_t("Gains {goods} now.", goods=_goods(p["gained"])) if now
                else _t("This action gains {goods}.", goods=_goods(p["gained"])))
    if reason.id == "ai.reason.end":
        return _t("Nothing else this turn gains more than it costs.")
    if reason.id == "ai.reason.only":
        return _t("The only sensible move here.")
    if reason.id == "ai.reason.differs.built":
        return _t("The suggestion builds the {building}; your move does not.",
                  building=noun(BUILDINGS[str(p["building"])].name))
    if reason.id == "ai.reason.differs.goods":
        more, less = p.get("more") or (), p.get("less") or ()
        if more and less:
            return _t("After the suggestion you would have {more} more and {less} less than after your move.",
                      more=_goods(more), less=_goods(less))
        if more:
            return _t("After the suggestion you would have {more} more than after your move.",
                      more=_goods(more))
        return _t("The suggestion spends {less} more than your move, for a better position.",
                  less=_goods(less))
    if reason.id == "ai.reason.differs.score":
        category = str(p["category"])
        return _t("After the suggestion your {category} would count {points} VP more.",
                  category=CATEGORY_WORDS.get(category, category), points=float(p["points"]))
    margin = float(p.get("margin") or 0.0)
    if margin >= 0.05:
        return _t("By the computer's estimate it is worth {margin} VP more than the next best move.",
                  margin=margin)
    return _t("Several moves are worth about the same here; this is the first of them.")


def _item(value: str) -> Good | Animal:
    return Animal(value) if value in {a.value for a in ANIMALS} else Good(value)


def _holdings(p: PlayerState) -> dict[str, int]:
    """Goods and Animals held (Animals waiting for a place included), by name."""
    held = {g.value: n for g, n in p.goods.items()}
    for here in p.animals.values():
        for animal, n in here.items():
            held[animal.value] = held.get(animal.value, 0) + n
    return held


Counts = tuple[tuple[str, int], ...]


def _changes(a: PlayerState, b: PlayerState) -> tuple[Counts, Counts]:
    """The goods and Animals ``b`` has more of than ``a``, and those it has fewer of."""
    old, new = _holdings(a), _holdings(b)
    more = tuple((g, new[g] - old.get(g, 0)) for g in new if new[g] > old.get(g, 0))
    less = tuple((g, old[g] - new.get(g, 0)) for g in old if old[g] > new.get(g, 0))
    return more, less


def line_reason(before: Game, end: Game, player: int, moves: Sequence[Move], margin: float = 0.0) -> Reason:
    """What the line ``moves`` from ``before`` reaches for ``player`` at ``end`` (where its
    action ended): that it ends the turn, a building built, points scored, a tool or a journey,
    a building it leaves affordable, goods made or gained; for a line that changes none of these,
    its lead over the next best move (``margin``, in VP)."""
    if type(moves[0]) is EndTurn:  # what follows is the game's (the next phase), not the move's
        return Reason("ai.reason.end", {})
    when = "now" if len(moves) == 1 else "action"
    a, b = before.state.players[player], end.state.players[player]
    built = [x for x in b.buildings if x not in a.buildings]
    if built:
        return Reason("ai.reason.builds", {"building": built[0], "when": when})
    was, now = score(a).as_dict(), score(b).as_dict()
    gained = now["total"] - was["total"]
    if gained > 0:
        category = max((k for k in now if k != "total"), key=lambda k: now[k] - was[k])
        if category == "bottlenecks":
            return Reason("ai.reason.bottleneck", {"points": f"{gained:g}"})
        return Reason("ai.reason.points", {"points": f"{gained:g}", "category": category.replace("_", " "),
                                           "when": when})
    for tool, at in b.tools.items():
        if at > a.tools.get(tool, 0):
            return Reason("ai.reason.tool", {"tool": tool.value, "count": TOOL_TRACKS[tool].counts[at]})
    went = [d for d in b.travel if d not in a.travel]
    if went:
        return Reason("ai.reason.travel", {"destination": went[0]})
    could = set(buildable_buildings(before, a))
    can = [x for x in buildable_buildings(end, b) if x not in could]
    if can:
        return Reason("ai.reason.building", {"building": max(can, key=lambda x: BUILDINGS[x].vp)})
    more, less = _changes(a, b)
    if more and less:
        return Reason("ai.reason.trade", {"paid": less, "gained": more, "when": when})
    if more:
        return Reason("ai.reason.goods", {"gained": more, "when": when})
    return Reason("ai.reason.position", {"margin": round(max(0.0, margin), 1)})


def difference(suggested: Game, played: Game, player: int) -> Reason | None:
    """What the end of the suggested line has that the end of the action played does not: a
    building, goods or Animals (Food for the feeding among them), points in a score category;
    None when the two ends hold the same."""
    a, b = played.state.players[player], suggested.state.players[player]
    built = [x for x in b.buildings if x not in a.buildings]
    if built:
        return Reason("ai.reason.differs.built", {"building": built[0]})
    more, less = _changes(a, b)
    if more or less:
        return Reason("ai.reason.differs.goods", {"more": more, "less": less})
    was, now = score(a).as_dict(), score(b).as_dict()
    category = max((k for k in now if k != "total"), key=lambda k: now[k] - was[k])
    if now[category] > was[category]:
        return Reason("ai.reason.differs.score", {"category": category.replace("_", " "),
                                                  "points": f"{now[category] - was[category]:g}"})
    return None
