"""Scoring (rulebook "The End of the Game and the Winner"): the scoring pad, category by
category. Available at any moment as a live score."""

from __future__ import annotations

import attrs

from ..content.buildings import BUILDINGS
from ..content.decisions import SOLO_TARGET, travel_vp
from ..content.destinations import DESTINATIONS
from ..content.goods import ANIMALS, FOOD_CAP, TRACK_CAP, TRACK_GOODS, Good
from ..content.text import Text, join, noun, t
from ..content.tiles import EQUIPMENT, TILE_VP, Tile
from ..content.tools import TOOL_TRACKS, tool_vp
from ..content.words import counted
from ..interpreter.state import PlayerState
from . import homeboard
from .animals import count

MATERIAL_VP: dict[Good, float] = {
    Good.TIMBER: 0.5,
    Good.BRICK: 1,
    Good.LINEN: 1,
    Good.WOOLEN: 1,
    Good.LEATHER: 1,
    Good.SUMMER_WEAR: 2,
    Good.WINTER_WEAR: 2,
    Good.LEATHER_WEAR: 2,
}
NO_LARGE_VEHICLE_VP = -3


@attrs.frozen
class ScoreBreakdown:
    clothing_and_materials: float
    equipment: int
    travel: int
    tools: int
    goods_track: int
    home_board: int
    animals: int
    bottlenecks: int

    @property
    def total(self) -> float:
        return (
            self.clothing_and_materials
            + self.equipment
            + self.travel
            + self.tools
            + self.goods_track
            + self.home_board
            + self.animals
            + self.bottlenecks
        )

    def as_dict(self) -> dict[str, float]:
        return {**attrs.asdict(self), "total": self.total}


def indicator_vp(value: int) -> int:
    """One Goods indicator: 3 VP on 15, 2 on 11-14, 1 on 7-10."""
    if value >= 15:
        return 3
    if value >= 11:
        return 2
    if value >= 7:
        return 1
    return 0


def food_vp(food: int) -> int:
    """Food is split between its two indicators in the best way (rulebook "Goods Track")."""
    food = min(food, FOOD_CAP)
    return max(
        indicator_vp(a) + indicator_vp(food - a)
        for a in range(max(0, food - TRACK_CAP), min(TRACK_CAP, food) + 1)
    )


def goods_track_vp(p: PlayerState) -> int:
    vp = food_vp(p.goods[Good.FOOD])
    vp += sum(indicator_vp(p.goods[g]) for g in TRACK_GOODS if g is not Good.FOOD)
    has_depot = any(t == Tile.DEPOT for t in p.tiles.values())
    return vp * 2 if has_depot else vp


def animals_vp(counts: list[int]) -> int:
    """The least numerous type scores 2 VP each, the second least 1 VP each, the most 0."""
    low, mid, _ = sorted(counts)
    return 2 * low + mid


def home_board_vp(p: PlayerState) -> int:
    vp = 0
    for tile in p.tiles.values():
        vp += BUILDINGS[tile].vp if tile in BUILDINGS else TILE_VP[Tile(tile)]
    return vp + homeboard.moor_penalty(p) - homeboard.tidal_penalty_spaces(p)


def score(p: PlayerState) -> ScoreBreakdown:
    materials = sum(MATERIAL_VP.get(g, 0) * n for g, n in p.goods.items())
    equipment = sum(EQUIPMENT[e.kind].vp for e in p.barn)
    if not any(EQUIPMENT[e.kind].large for e in p.barn):
        equipment += NO_LARGE_VEHICLE_VP
    covered = sum(DESTINATIONS[d].size for d in p.travel)
    tools = sum(tool_vp(t, pos) for t, pos in p.tools.items())
    return ScoreBreakdown(
        clothing_and_materials=materials,
        equipment=equipment,
        travel=travel_vp(covered),
        tools=tools,
        goods_track=goods_track_vp(p),
        home_board=home_board_vp(p),
        animals=animals_vp([count(p, a) for a in ANIMALS]),
        bottlenecks=p.bottleneck_vp,
    )


def _good_name(g: Good | str) -> Text:
    return noun(str(g).replace("_", " ").title())


def score_reasons(p: PlayerState) -> dict[str, Text]:
    """Why each category of ``score(p)`` scores what it does, for the live score's tooltips
    (rulebook "The End of the Game and the Winner"): "Equipment -3: no Large Vehicle"."""
    sb = score(p)
    none = t("nothing yet")

    def vp(n: float) -> Text | float:
        """A signed number, with the language's decimal comma ("+0,5" in French)."""
        return t("+{n}", n=n) if n > 0 else n

    def line(parts: list[Text]) -> Text:
        return join(parts, "; ") if parts else none

    materials = [t("{goods}: {vp} VP", goods=counted(g, n), vp=vp(MATERIAL_VP[g] * n))
                 for g, n in p.goods.items() if n and g in MATERIAL_VP]
    equipment = [t("{name}: {vp} VP", name=noun(EQUIPMENT[e.kind].name), vp=vp(EQUIPMENT[e.kind].vp))
                 for e in p.barn if EQUIPMENT[e.kind].vp]
    if not any(EQUIPMENT[e.kind].large for e in p.barn):
        equipment.append(t("no Large Vehicle: {vp} VP", vp=vp(NO_LARGE_VEHICLE_VP)))
    covered = sum(DESTINATIONS[d].size for d in p.travel)
    tools = [t("{tool}: {vp} VP", tool=noun(TOOL_TRACKS[tool].name), vp=vp(tool_vp(tool, pos)))
             for tool, pos in p.tools.items() if tool_vp(tool, pos)]
    track = [t("{good} {n}: {vp} VP", good=_good_name(g), n=p.goods[g],
               vp=vp(food_vp(p.goods[g]) if g is Good.FOOD else indicator_vp(p.goods[g])))
             for g in TRACK_GOODS
             if (food_vp(p.goods[g]) if g is Good.FOOD else indicator_vp(p.goods[g]))]
    if any(tile == Tile.DEPOT for tile in p.tiles.values()) and track:
        track.append(t("doubled by the Depot"))
    tiles = sum(BUILDINGS[x].vp if x in BUILDINGS else TILE_VP[Tile(x)] for x in p.tiles.values())
    home = [t("tiles and buildings: {vp} VP", vp=vp(tiles))]
    if p.moors:
        wet = sum(1 for m in p.moors if not m.dehydrated)
        home.append(t("Moors left: {wet} wet (-4 VP each), {dry} dehydrated (-1 VP each): {vp} VP",
                      wet=wet, dry=len(p.moors) - wet, vp=vp(homeboard.moor_penalty(p))))
    tidal = homeboard.tidal_penalty_spaces(p)
    if tidal:
        home.append(t("{n} Tidal Flat spaces open to the sea: {vp} VP", n=tidal, vp=vp(-tidal)))
    counts = sorted(((count(p, a), a) for a in ANIMALS), key=lambda x: x[0])
    animals = t("{low}: 2 VP each, {mid}: 1 VP each, the most numerous: 0",
                low=counted(counts[0][1], counts[0][0]), mid=counted(counts[1][1], counts[1][0]))
    return {
        "clothing_and_materials": line(materials),
        "equipment": line(equipment),
        "travel": t("{n} Travel Experience spaces covered: {vp} VP (1 VP per 2 spaces, rounded up)",
                    n=covered, vp=vp(sb.travel)),
        "tools": line(tools),
        "goods_track": line(track),
        "home_board": line(home),
        "animals": animals,
        "bottlenecks": t("missing Food and fuel at inventorying: {vp} VP", vp=vp(sb.bottlenecks))
        if sb.bottlenecks else t("no supply bottleneck"),
    }


def solo_rating(total: float) -> Text:
    """The solo verdict (rulebook "The Solo Game Variant": "We consider 110 Victory Points a
    remarkable score")."""
    if total >= SOLO_TARGET:
        return t("{vp} VP: a remarkable score ({target} or more)", vp=total, target=SOLO_TARGET)
    return t("{vp} VP: {short} short of a remarkable score ({target})", vp=total,
             short=SOLO_TARGET - total, target=SOLO_TARGET)
