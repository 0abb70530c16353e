"""A player's inventorying in one record (rulebook p. 8), gathered from its ``InventoryPart``
events, for the summary a player reads after it and for the game log."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ..content.destinations import DESTINATIONS
from ..content.text import Text, join, noun, t, tn
from ..content.words import counted
from ..interpreter.events import Event, InventoryEnded, InventoryPart, PhaseStarted, SupplyBottleneck

Counts = tuple[tuple[str, int], ...]


@attrs.frozen
class InventoryReport:
    """What one inventorying gave and took: each part's (good or animal, count) pairs; ``food``
    and ``fuel`` say what the Sustenance was paid with ("food", "grain", "animals"; "peat",
    "wood"); the Food and fuel still missing cost ``vp`` (rulebook p. 8: 2 VP each)."""

    player: int
    season: str
    vehicles: Counts = ()
    harvest: Counts = ()
    milking: Counts = ()
    breeding: Counts = ()
    shearing: Counts = ()
    food: Counts = ()
    fuel: Counts = ()
    missing_food: int = 0
    missing_fuel: int = 0
    vp: int = 0

    def lines(self) -> list[tuple[Text, Text]]:
        """(sub-phase, what happened) in the rulebook's order, for the summary and the log."""
        rows: list[tuple[Text, Text]] = []
        nothing = t("nothing")
        if self.vehicles:
            rows.append((t("Vehicles emptied"), _counts(self.vehicles) or nothing))
        if self.season == "november":
            rows.append((t("Milking"), _counts(self.milking) or nothing))
            rows.append((t("Harvest"), _counts(self.harvest) or nothing))
        else:
            rows.append((t("Breeding"), _counts(self.breeding) or nothing))
            rows.append((t("Shearing"), _counts(self.shearing) or nothing))
        rows.append((t("Food paid"), _counts(self.food) or nothing))
        if self.season == "november":
            rows.append((t("Fuel paid"), _counts(self.fuel) or nothing))
        if self.missing_food or self.missing_fuel:
            missing = []
            if self.missing_food:
                missing.append(counted("food", self.missing_food))
            if self.missing_fuel:
                missing.append(counted("peat", self.missing_fuel))
            rows.append((t("Bottleneck"), t("{missing} missing: {vp} VP", missing=join(missing, " + "),
                                             vp=self.vp)))
        return rows

    def text(self) -> Text:
        """The whole report on one line ("Milking: 2 Food; Harvest: 1 Grain; ...")."""
        return join([t("{part}: {what}", part=part, what=what) for part, what in self.lines()], t("; "))


def _counts(counts: Counts) -> Text | None:
    if not counts:
        return None
    parts: list[Text] = []
    journeys = [noun(DESTINATIONS[key[5:]].name) for key, _ in counts if key.startswith("dest:")]
    for key, n in counts:
        if key == "animals":
            parts.append(tn("{n} Animal", "{n} Animals", n))
        elif key.startswith("dest:"):
            if journeys:  # (the track said once for all of them, issue 50 item 28)
                parts.append(t("{destinations} to the Travel Experience Track", destinations=join(journeys)))
                journeys = []
        else:
            parts.append(counted(key, n))  # "2 Sheep", "2 moutons": the plural is the language's
    return join(parts)


def inventory_report(events: Iterable[Event], player: int, season: str) -> InventoryReport:
    """The report of ``player``'s last inventorying in ``events`` (oldest first): its parts from
    the start of the inventory phase to its ``InventoryEnded``. What follows in the same move (the
    last November's trade phase, the next half-year) is not part of it."""
    parts: dict[str, Counts] = {}
    missing_food = missing_fuel = vp = 0
    report: InventoryReport | None = None
    ended = False
    for e in events:
        if isinstance(e, PhaseStarted):
            if e.phase == "inventory":  # a new inventorying: what came before is another's
                parts, missing_food, missing_fuel, vp, ended = {}, 0, 0, 0, False
        elif e.player != player or ended:
            continue
        elif isinstance(e, InventoryPart):
            parts[e.part] = _merge(parts.get(e.part, ()), e.goods)
        elif isinstance(e, SupplyBottleneck):
            missing_food += e.missing_food
            missing_fuel += e.missing_fuel
            vp += e.vp
        elif isinstance(e, InventoryEnded):
            ended = True
            report = InventoryReport(player, e.season, missing_food=missing_food, missing_fuel=missing_fuel,
                                     vp=vp, **dict(parts))
    if ended and report is not None:
        return report
    return InventoryReport(player, season, missing_food=missing_food, missing_fuel=missing_fuel, vp=vp,
                           **dict(parts))


def _merge(a: Counts, b: Counts) -> Counts:
    total = dict(a)
    for k, n in b:
        total[k] = total.get(k, 0) + n
    return tuple(total.items())
