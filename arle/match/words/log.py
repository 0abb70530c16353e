"""The game log's sentences: what a player did, said in the third person after the player's name
("Anna places a Worker on Woodcutter (Summer)", "Anna place un ouvrier sur la case Bûcheron
(été)"), and what it did ("+3 Peat"). The buttons keep their own, shorter words (``buttons``);
the log is read as prose, so each move has a whole sentence whose nouns carry their grammar
(``Word``: "{piece:le}" says "la Charrue" in French).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from arle.engine import (
    ACTION_SPACES,
    BUILDINGS,
    DESTINATIONS,
    ActionResumed,
    AdvanceTool,
    AnimalMoved,
    AnimalsChanged,
    BuildingBuilt,
    Choose,
    CutPeat,
    DestinationSold,
    DikeMoved,
    Done,
    EndTurn,
    EquipmentChanged,
    Event,
    Flip,
    GameEnded,
    Good,
    GoodsChanged,
    HalfYearStarted,
    InventoryEnded,
    InventoryReport,
    Load,
    MoveAnimal,
    MoveDike,
    OptionKind,
    OptionsLapsed,
    Pay,
    PhaseStarted,
    PlaceKind,
    PlaceTile,
    PlaceWorker,
    ReleaseAnimal,
    ReturnEquipment,
    SkipPlacement,
    SupplyBottleneck,
    TilePlaced,
    ToolAdvanced,
    TradePeat,
    UseBuilding,
    cap_of,
    destination_of,
    inventory_report,
    place,
    sale_key,
    say,
)

from .buttons import move_label
from .names import (
    _countable,
    building_option,
    count_text,
    dike_name,
    equipment_name,
    flip_result,
    flip_target,
    goods_listed,
    holder_text,
    listed,
    lowered,
    moor_name,
    moved_text,
    name_of,
    of_name,
    plain_word,
    replaced_tile,
    season_name,
    space_words,
    tool_name,
    tr,
    trn,
)

if TYPE_CHECKING:
    from arle.engine import Game, Language, Move, PlayerState

    from ..change import LogEntry


def log_label(game: Game, move: Move, lang: Language) -> str:
    """What ``move`` does, as the log says it after the player's name, in the situation before
    it is applied (when the pending decision still knows its options)."""
    if isinstance(move, Choose) and game.decision is not None:
        text = _chosen(game, move.option, lang)
        if text:
            return text
    match move:
        case PlaceWorker(space=space):
            return tr("places a Worker on {space}", lang).format(space=space_words(space, lang))
        case SkipPlacement():
            return tr("skips this Worker", lang)
        case EndTurn():
            return tr("ends the turn", lang)
        case Done():
            return tr("is done", lang)
        case Pay(goods=goods):
            return tr("pays {goods}", lang).format(goods=goods_listed(goods, lang))
        case PlaceTile(space=space):
            tile = str(getattr(game.decision, "tile", ""))  # (the tile the decision places)
            where = holder_text(space, lang)
            replaced = replaced_tile(game, space)
            if replaced is not None and tile not in BUILDINGS:  # (the Farmer's Inn: issue 50 item 2)
                return tr("turns the {old} at {where} into a {tile}", lang).format(
                    old=name_of(replaced[0], lang), where=where, tile=name_of(replaced[1], lang))
            if tile in BUILDINGS:
                return tr("builds the {building} at {where}", lang).format(
                    building=name_of(tile, lang), where=where)
            if tile:
                return tr("places a {tile} at {where}", lang).format(tile=name_of(tile, lang), where=where)
            return tr("places the tile at {where}", lang).format(where=where)
        case MoveDike(dike=dike, to=to):
            name, column = dike_name(_actor(game), dike, lang), place(to).col
            if column == _actor(game).dikes[dike][1]:  # (up in its own column)
                return tr("moves {dike} up", lang).format(dike=name)
            return tr("moves {dike} up to column {c}", lang).format(dike=name, c=column + 1)
        case CutPeat(moor=moor):
            return tr("cuts 1 Peat from {moor}", lang).format(moor=moor_name(game, moor, lang))
        case MoveAnimal(animal=animal, src=src, dst=dst):
            p = _actor(game)
            return tr("moves a {animal} from {src} to {dst}", lang).format(
                animal=lowered(name_of(animal, lang), lang), src=holder_text(src, lang, p),
                dst=holder_text(dst, lang, p))
        case ReleaseAnimal(animal=animal):
            return tr("releases a {animal}", lang).format(animal=lowered(name_of(animal, lang), lang))
        case ReturnEquipment(equipment=eid):
            return tr("returns the {piece} to the supply", lang).format(
                piece=equipment_name(game, eid, lang))
        case TradePeat(good=good):
            return tr("trades 1 Peat for {good} with the Peat Boat", lang).format(
                good=count_text(str(good), 1, lang))
        case UseBuilding(building=building, option=option):
            if option:
                return tr("uses the {building}: {choice}", lang).format(
                    building=name_of(building, lang), choice=building_option(option, lang))
            return tr("uses the {building}", lang).format(building=name_of(building, lang))
        case Load(vehicle=vehicle, item=item):
            piece = equipment_name(game, vehicle, lang)
            destination = destination_of(item)
            if destination is not None:
                return tr("sends the {piece} to {destination}", lang).format(
                    piece=piece, destination=name_of(destination, lang))
            return tr("loads {item} on the {piece}", lang).format(item=count_text(item, 1, lang), piece=piece)
        case Flip(target=target):
            if place(target).kind is PlaceKind.MOOR:  # (a Moor's flip is its dehydrating)
                return tr("dehydrates {moor}", lang).format(moor=flip_target(game, target, lang))
            made = flip_result(game, target)
            if made is not None:  # (where its Animals go: the effects of the move say it)
                return tr("turns the {target} into a {tile}", lang).format(
                    target=flip_target(game, target, lang), tile=name_of(made[0], lang))
            return tr("flips the {target}", lang).format(target=flip_target(game, target, lang))
        case AdvanceTool(tool=tool):
            return tr("moves the {tool} up", lang).format(tool=tool_name(tool, lang))
    return move_words(game, move, lang)


def _actor(game: Game) -> PlayerState:
    return game.state.players[game.actor if game.actor is not None else 0]


def move_words(game: Game, move: Move, lang: Language) -> str:
    """A move no sentence above knows: its button's words after a colon."""
    return tr("chooses: {choice}", lang).format(choice=move_label(game, move, lang))


_NOUN_PHRASE = re.compile(r"^(\d|a |an )")


def _chosen(game: Game, option: str, lang: Language) -> str | None:
    """The log's sentence for choosing ``option`` of the pending decision, by what it names."""
    d = game.decision
    assert d is not None
    kind = d.option_kind
    if kind is OptionKind.BUILDING and option in BUILDINGS:
        return tr("chooses to build the {building}", lang).format(building=name_of(option, lang))
    if kind is OptionKind.VEHICLE:
        return tr("chooses to build a {vehicle}", lang).format(vehicle=name_of(option, lang))
    if kind is OptionKind.SPACE:
        return tr("imitates {space}", lang).format(space=space_words(option, lang))
    if kind is OptionKind.FIELD:
        return tr("chooses a {field}", lang).format(field=lowered(name_of(option, lang), lang))
    if kind is OptionKind.PLOW:
        return tr("plows a {field}", lang).format(field=lowered(name_of(option, lang), lang))
    if kind is OptionKind.ANIMAL:
        return tr("pays with a {animal}", lang).format(animal=lowered(name_of(option, lang), lang))
    words = d.option_text(game, option)
    english, text = str(words), say(words, lang)
    if kind is OptionKind.CONVERSION and " → " in text:
        pay, _, get = text.partition(" → ")
        return tr("converts {pay} into {get}", lang).format(pay=listed(pay.split(" + "), lang),
                                                           get=listed(get.split(", "), lang))
    if kind is OptionKind.SALE:
        m = re.fullmatch(r"(.*) \((.*)\)", text)
        if m and _NOUN_PHRASE.match(english):
            return tr("sells {goods} for {food}", lang).format(goods=m[1], food=m[2])
        return tr("chooses to {what}", lang).format(what=lowered(text, lang))
    if kind in (OptionKind.PART, OptionKind.GO, OptionKind.CONFIRM, OptionKind.EQUIPMENT):
        counted = re.fullmatch(r"(\d+) [A-Za-z ]+", english)
        if counted and option in _countable():  # ("chooses 1 Cattle", as its button says: issue 50)
            return tr("chooses {what}", lang).format(what=count_text(option, int(counted[1]), lang))
        if _NOUN_PHRASE.match(english):
            return tr("chooses {what}", lang).format(what=lowered(text, lang))
        return tr("chooses to {what}", lang).format(what=lowered(text, lang))
    if kind is OptionKind.PAY:
        return tr("pays the Sustenance", lang)
    return None


# -- what a move did ---------------------------------------------------------------------------------


def event_words(event: Event, lang: Language) -> str | None:
    """A short phrase for an event worth logging ("+3 Peat", "built Mill"), None to skip it."""
    match event:
        case GoodsChanged(good=good, delta=delta) if delta:
            return ("+" if delta > 0 else "-") + count_text(good, abs(delta), lang)
        case AnimalsChanged(animal=animal, delta=delta) if delta:
            return ("+" if delta > 0 else "-") + count_text(animal, abs(delta), lang)
        case ToolAdvanced(tool=tool, count=count):
            # ("3 Fish Traps now", "3 pièges à poissons": the count first, issue 43)
            return tr("{n} {tool} now", lang).format(tool=plain_word(tool_name(tool, lang), lang), n=count)
        case BuildingBuilt(building=building, space=space):
            return tr("built {building} at {where}", lang).format(
                building=name_of(building, lang), where=holder_text(space, lang))
        case EquipmentChanged(kind=kind, gained=gained):
            text = tr("new {equipment} in the Barn", lang) if gained else tr("{equipment} returned", lang)
            return text.format(equipment=name_of(kind, lang))
        case TilePlaced(tile=tile, space=space) if tile not in BUILDINGS:  # (a building: built at)
            return tr("{tile} placed at {where}", lang).format(
                tile=name_of(tile, lang), where=holder_text(space, lang))
        case AnimalMoved(animal=animal, src=src, dst=dst):
            return tr("{animal} moved from {src} to {dst}", lang).format(
                animal=lowered(name_of(animal, lang), lang), src=holder_text(src, lang),
                dst=holder_text(dst, lang))
        case DikeMoved(land_gained=land) if land:
            return tr("gained {n} land", lang).format(n=land)
        case DestinationSold(destination=dest, item=item, food=food):
            price = _price(dest, item)
            if not food:
                if price:
                    # (the Food marker was at the end of its track: the sale gave nothing more)
                    full = tr("{dest}: no Food, the goods track is full", lang)
                    return full.format(dest=name_of(dest, lang))
                return None
            if food < price:  # (the Food cap took the rest: issue 43)
                return tr("{dest}: only +{food}, Food stops at {cap}", lang).format(
                    dest=name_of(dest, lang), food=count_text("food", food, lang), cap=cap_of(Good.FOOD))
            return tr("{dest}: +{food}", lang).format(dest=name_of(dest, lang),
                                                      food=count_text("food", food, lang))
        case OptionsLapsed(text=text):
            return say(text, lang)
        case SupplyBottleneck(vp=vp):
            return tr("supply bottleneck {vp:+d} VP", lang).format(vp=-abs(vp))
        case HalfYearStarted(half_year=h, season=season):
            season_word = plain_word(season_name(season, lang), lang)
            return tr("Half-year {n} ({season}) begins", lang).format(n=h, season=season_word)
        case GameEnded():
            return tr("The game ends", lang)
    return None


def _price(dest: str, item: str) -> int:
    """The Food a sale of ``item`` at ``dest`` pays before the cap."""
    key = sale_key(item)
    return next((s.food for s in DESTINATIONS[dest].sales if s.key == key), 0)


def _sales_said_once(events: list[Event], move: Move) -> list[Event]:
    """A sale's Food said once: the Food it gains is the sale's ("Aurich: +5 Food"), and a sale
    the player chose says its Food in the move's words ("sells 1 Cattle for 5 Food"), unless the
    cap trimmed it."""
    out = list(events)
    for sold in [e for e in events if isinstance(e, DestinationSold) and e.food]:
        at = out.index(sold)
        food = next((i for i in range(at - 1, -1, -1) if isinstance(out[i], GoodsChanged)
                     and out[i].good == "food" and out[i].delta == sold.food), None)  # type: ignore[attr-defined]
        if food is not None:
            del out[food]
        chosen = isinstance(move, Choose) and move.option == sold.item
        if chosen and sold.food == _price(sold.destination, sold.item):
            out.remove(sold)
    return out


def inventory_of(log: Sequence[LogEntry], upto: int, ended: InventoryEnded) -> InventoryReport:
    """The report of the inventorying that ``ended`` in ``log[upto]``: the events since the
    inventory phase began (it may have taken several moves: a payment, a trade)."""
    events: list[Event] = []
    for entry in reversed(log[: upto + 1]):
        events[:0] = entry.events
        if any(isinstance(e, PhaseStarted) and e.phase == "inventory" for e in entry.events):
            break
    return inventory_report(events, ended.player, ended.season)


class _Report(str):
    """An inventory report in words: a line of its own in the log."""

    __slots__ = ()


def _inventory_text(log: Sequence[LogEntry], upto: int, ended: InventoryEnded, names: Sequence[str],
                    lang: Language) -> str:
    """The player's whole inventorying (``inventory_report``) from the log up to ``log[upto]``."""
    name = names[ended.player]
    report = inventory_of(log, upto, ended)
    return _Report(tr("{name}'s inventory — {report}", lang).format(
        name=name, of_name=of_name(name), report=say(report.text(), lang)))


def _words(log: Sequence[LogEntry], upto: int, events: list[Event], names: Sequence[str],
           lang: Language) -> list[str]:
    """One player's effects of a move; an inventorying that ends here is its report instead of
    the goods it moved (the Animals a player moves by hand are the move's own words)."""
    entry = log[upto]
    ended = next((e for e in events if isinstance(e, InventoryEnded)), None)
    if ended is not None:
        return [_inventory_text(log, upto, ended, names, lang)]
    if isinstance(entry.move, MoveAnimal):
        events = [e for e in events if not isinstance(e, AnimalMoved)]
    if isinstance(entry.move, ReturnEquipment):  # (the move's words say it: "returns the Plow")
        events = [e for e in events if not isinstance(e, EquipmentChanged)]
    if isinstance(entry.move, PlaceTile):  # ("builds the Mill at row 4, column 2" says it)
        space = entry.move.space
        events = [e for e in events if not (isinstance(e, (TilePlaced, BuildingBuilt)) and e.space == space)]
    events = _sales_said_once(events, entry.move)
    words: list[str] = []
    moved: list[AnimalMoved] = []
    for e in summed(events):
        if isinstance(e, AnimalMoved):  # (moved by the game: said once, counted, issue 43)
            if not moved:
                words.append("")  # (their place among the effects)
            moved.append(e)
            continue
        text = event_words(e, lang)
        if text:
            words.append(text)
    if moved:
        phrase = trn("Animal moved: {animals}", "Animals moved: {animals}", len(moved), lang)
        if isinstance(entry.move, Flip):  # (a Depot's Animals: where they went, issue 50 item 8)
            animals = moved_text(moved, lang)
        else:
            counts: dict[str, int] = {}
            for e in moved:
                counts[str(e.animal)] = counts.get(str(e.animal), 0) + 1
            animals = ", ".join(count_text(a, n, lang) for a, n in counts.items())
        words[words.index("")] = phrase.format(animals=animals)
    return words


def summed(events: list[Event]) -> list[Event]:
    """Gains of one good said once ("+3 Timber", not "+1 Timber" three times: three Vehicles
    unloaded), and so losses; a gain and a loss of the same good stay apart."""
    out: list[Event] = []
    first: dict[tuple[str, bool], int] = {}
    for e in events:
        if isinstance(e, GoodsChanged) and e.delta:
            key = (str(e.good), e.delta > 0)
            if key in first:
                i = first[key]
                before = out[i]
                assert isinstance(before, GoodsChanged)
                out[i] = attrs.evolve(before, delta=before.delta + e.delta)
                continue
            first[key] = len(out)
        out.append(e)
    return out


def entry_text(log: Sequence[LogEntry], upto: int, names: Sequence[str], lang: Language) -> str:
    """``log[upto]``: the move in words with what it did, one line per player it touched, each
    credited to that player by ``names`` (an "End turn" that starts the inventory runs both
    players' inventories)."""
    entry = log[upto]
    by_player: dict[int, list[Event]] = {}
    for e in entry.events:
        by_player.setdefault(e.player, []).append(e)
    actor = entry.actor if entry.actor is not None else -1
    who = names[actor] if actor >= 0 else ""
    text = tr("{name} {action}", lang).format(name=who, action=entry.label) if who else entry.label
    mine = by_player.pop(actor, [])
    resumed = next((i for i, e in enumerate(mine) if isinstance(e, ActionResumed)), len(mine))
    effects, reports = _split(_words(log, upto, mine[:resumed], names, lang))
    if effects:
        text += " — " + ", ".join(effects)
    lines = [text, *reports]
    if resumed < len(mine):  # (the action that waited for the Animals: its own line, issue 50 item 9)
        effects, reports = _split(_words(log, upto, mine[resumed + 1:], names, lang))
        if effects:
            source = mine[resumed].source  # type: ignore[attr-defined]
            what = space_words(source, lang) if source in ACTION_SPACES else name_of(source, lang)
            lines.append(tr("{name}: {action} goes on — {effects}", lang).format(
                name=who, action=what, effects=", ".join(effects)))
        lines += reports
    general = by_player.pop(-1, [])
    for player, events in sorted(by_player.items()):
        effects, reports = _split(_words(log, upto, events, names, lang))
        if effects:
            lines.append(tr("{name}: {text}", lang).format(name=names[player], text=", ".join(effects)))
        lines += reports
    effects, reports = _split(_words(log, upto, general, names, lang))
    if effects:
        lines.append(", ".join(effects))
    return "\n".join(lines + reports)


def _split(words: list[str]) -> tuple[list[str], list[str]]:
    """A move's effects, and the inventory reports among them, which have lines of their own."""
    reports: list[str] = [w for w in words if isinstance(w, _Report)]
    return [w for w in words if not isinstance(w, _Report)], reports
