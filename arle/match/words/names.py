"""What things are called: goods, Animals, tiles, buildings, places, numbers, in a ``Language``.

The window, the log, a command and a test ask the same names in the same language from here, so
that nothing needs Qt to put a game into words. Every function takes the ``Language`` to speak
(``arle.files.catalogues.load_language``): the window's ``tr()`` answers from that catalogue too.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING

from arle.engine import (
    ACTION_SPACES,
    BUILDINGS,
    DESTINATIONS,
    EQUIPMENT,
    PLAIN,
    TOOL_TRACKS,
    Animal,
    AnimalMoved,
    Equipment,
    Flip,
    Good,
    IllegalMove,
    Language,
    PlaceKind,
    PlaceTile,
    TileFlipped,
    TilePlaced,
    Tool,
    Word,
    counted,
    destination_of,
    noun,
    place,
    say,
)

if TYPE_CHECKING:
    from arle.engine import Cost, Game, PlayerState


def N_(text: str) -> str:
    """Marks a literal for the catalogue (``arle translations extract``); said later with
    ``say(noun(x), lang)``."""
    return text


def tr(text: str, lang: Language) -> str:
    """``text``, a message of the catalogue written in the code ("Place a Worker on {space}"),
    in ``lang``: the same lookup as the window's ``tr()`` (its translator reads this catalogue)."""
    return lang.gettext(text)


def trn(singular: str, plural: str, n: int, lang: Language) -> str:
    """A counted text ("{animals} moved" for 1 or more) in ``lang``'s plural form for ``n``."""
    return lang.ngettext(singular, plural, n)


#: The separator French puts between thousands (a narrow no-break space, as Qt's French locale
#: writes it); English writes none.
_GROUPS = {"fr": "\u202f"}


def number(x: float, lang: Language) -> str:
    """A score as ``lang`` writes it ("7,5" in French, "7.5" in English), up to 12 digits."""
    text = f"{float(x):.12g}"
    sign, text = ("-", text[1:]) if text.startswith("-") else ("", text)
    whole, point, fraction = text.partition(".")
    group = _GROUPS.get(lang.code, "")
    if group and whole.isdigit() and len(whole) > 3:
        head = len(whole) % 3 or 3
        whole = group.join([whole[:head], *(whole[i:i + 3] for i in range(head, len(whole), 3))])
    return sign + whole + (lang.decimal_point + fraction if point else "")


_GOOD_NAMES: dict[str, str] = {
    "food": N_("Food"), "grain": N_("Grain"), "flax": N_("Flax"), "wool": N_("Wool"), "hide": N_("Hide"),
    "wood": N_("Wood"), "clay": N_("Clay"), "timber": N_("Timber"), "brick": N_("Brick"), "peat": N_("Peat"),
    "linen": N_("Linen"), "woolen": N_("Woolen"), "leather": N_("Leather"), "summer_wear": N_("Summer Wear"),
    "winter_wear": N_("Winter Wear"), "leather_wear": N_("Leather Wear"),
    "sheep": N_("Sheep"), "cattle": N_("Cattle"), "horse": N_("Horse"),
    "grain_field": N_("Grain Field"), "flax_field": N_("Flax Field"), "forest": N_("Forest"),
    "park": N_("Park"),
    "stall": N_("Stall"), "depot": N_("Depot"), "stable": N_("Stable"), "double_stall": N_("Double Stall"),
    "plow": N_("Plow"), "peat_boat": N_("Peat Boat"), "handcart": N_("Handcart"), "wagon": N_("Wagon"),
    "cart": N_("Cart"), "horse_cart": N_("Horse Cart"), "carriage": N_("Carriage"), "droshky": N_("Droshky"),
}


def name_of(key: str, lang: Language) -> str:
    """Display name of a good, animal, tile, vehicle, building, destination or action space."""
    key = str(key)
    if key in _GOOD_NAMES:
        return say(noun(_GOOD_NAMES[key]), lang)
    if key in BUILDINGS:
        return say(noun(BUILDINGS[key].name), lang)
    if key in DESTINATIONS:
        return say(noun(DESTINATIONS[key].name), lang)
    if key in ACTION_SPACES:
        return say(noun(ACTION_SPACES[key].name), lang)
    destination = destination_of(key)
    if destination in DESTINATIONS:
        return say(noun(DESTINATIONS[destination].name), lang)
    return say(noun(key.replace("_", " ").title()), lang)


#: The letters before which French elides "de" ("d'Anna", "d'Élodie"; "de Ben", "de Hugo").
_ELIDING = frozenset("aeiouyàâäéèêëîïôöùûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")


def of_name(name: str) -> str:
    """"de Ben", "d'Anna": the French "of" before a name, given to every text that names a player
    (``{of_name}``), which the French words use where they say whose ("Plateau Village d'Anna");
    the English ones say ``{name}'s``."""
    return ("d'" if name[:1] in _ELIDING else "de ") + name


@functools.cache
def _countable() -> frozenset[str]:
    """The goods and Animals the engine counts in words (``arle.engine.counted``)."""
    return frozenset({*(g.value for g in Good), *(a.value for a in Animal)})


def count_text(key: str, n: int, lang: Language) -> str:
    """``n`` of a good or an Animal in the language's words and number: "2 Horse", "2 chevaux"
    (a number put before a name said "2 Cheval"); other things as "n name"."""
    if str(key) in _countable():
        return say(counted(str(key), n), lang)
    return f"{n} {name_of(key, lang)}"


def count_name(key: str, n: int, lang: Language) -> str:
    """The name in ``count_text`` without its number, as the log writes it beside a number:
    "Horses" beside a 2, and in French "chevaux" (issue 50 item 21: the panel said "2 Chevaux"
    and the log "+1 cheval")."""
    words = count_text(key, n, lang).split(" ", 1)
    name = words[1] if len(words) == 2 else words[0]
    return name if lang.lower_case_names else name[:1].upper() + name[1:]


def season_name(season: str, lang: Language) -> str:
    return tr("Summer", lang) if season == "summer" else tr("Winter", lang)


def space_title(space_id: str, lang: Language) -> str:
    """"Summer: Grocer" - action spaces share names across seasons."""
    space = ACTION_SPACES[space_id]
    return tr("{season}: {name}", lang).format(season=season_name(space.season, lang),
                                                name=say(noun(space.name), lang))


def bundle_text(goods: Iterable[tuple[str, int]], lang: Language) -> str:
    """"1 Wood, 1 Timber" for a payment bundle ((good, n), ...)."""
    parts = [count_text(str(g), n, lang) for g, n in goods if n]
    return ", ".join(parts) if parts else tr("nothing", lang)


def listed(parts: list[str], lang: Language) -> str:
    """"1 Timber, 6 Wood and 1 Horse": the last two joined by the language's "and"."""
    if not parts:
        return tr("nothing", lang)
    if len(parts) == 1:
        return parts[0]
    return tr("{items} and {last}", lang).format(items=", ".join(parts[:-1]), last=parts[-1])


def goods_listed(goods: Iterable[tuple[str, int]], lang: Language) -> str:
    return listed([count_text(str(g), n, lang) for g, n in goods if n], lang)


def cost_text(cost: Cost, lang: Language) -> str:
    """A building's cost in words: "1 Grain, 1 Building Material", "9 Food, 2 different
    Building Materials" (capitalized as the goods are, issue 50 item 13)."""
    material, wear = tr("Building Material", lang), tr("Wear", lang)
    parts = [bundle_text(cost.fixed, lang)] if cost.fixed else []
    for c in cost.choices:
        goods = {str(g) for b in c.options for g, _ in b}
        if goods <= {"wood", "clay", "timber", "brick"} and len(goods) == 4:
            what = material
        elif goods <= {"summer_wear", "winter_wear", "leather_wear"}:
            what = wear
        else:
            what = "/".join(sorted(count_text(str(g), n, lang) for b in c.options for g, n in b))
        if c.pick > 1 and what == material:
            parts.append(tr("{n} different Building Materials", lang).format(n=c.pick))
        elif c.pick > 1 and what == wear:
            parts.append(tr("{n} different Wear", lang).format(n=c.pick))
        elif c.pick > 1:
            parts.append(tr("{n} different {what}", lang).format(n=c.pick, what=what))
        elif what in (material, wear):
            parts.append(tr("1 {what}", lang).format(what=what))
        else:
            parts.append(what)
    return ", ".join(parts) if parts else tr("free", lang)


def vehicle_cost_text(kind: str, lang: Language) -> str:
    """What a Vehicle, Plow or Peat Boat costs, in words: "5 Wood, 1 Horse"."""
    info = EQUIPMENT[Equipment(kind)]
    text = bundle_text((("wood", info.wood), ("horse", info.horses)), lang)
    if info.kind is Equipment.PLOW:
        text = tr("{wood}, 1 Cattle or Horse", lang).format(wood=text)
    return text


def holder_text(holder: str, lang: Language, player: PlayerState | None = None) -> str:
    """Where an Animal is, or a land space: "row 3, column 1", "waiting area", a Dike by where it
    sits on ``player``'s Home Board ("the Dike in column 2"; without the player, "Dike 2")."""
    where = place(holder)
    if where.kind is PlaceKind.WAITING:
        return lang.word("waiting area", tr("waiting area", lang))
    if where.kind is PlaceKind.DIKE and player is not None:
        return dike_name(player, where.number, lang)
    if where.kind is PlaceKind.DIKE:
        return lang.word("Dike {n}", tr("Dike {n}", lang).format(n=where.number + 1))
    if where.kind in (PlaceKind.SPACE, PlaceKind.CELL):
        text = tr("row {r}, column {c}", lang).format(r=where.row + 1, c=where.col + 1)
        return lang.word("row {r}, column {c}", text + (tr(" (second half)", lang) if where.second else ""))
    return holder


def dike_name(player: PlayerState, dike: int, lang: Language) -> str:
    """A Dike as the board shows it, by its column ("the Dike in column 2"), and the lower or
    upper one when its column holds another: the board numbers neither Dikes nor gaps."""
    gap, col = player.dikes[dike]
    gaps = [g for g, c in player.dikes if c == col]
    if len(gaps) == 1:
        text, msgid = tr("the Dike in column {c}", lang), "the Dike in column {c}"
    elif gap == min(gaps):
        text, msgid = tr("the lower Dike in column {c}", lang), "the lower Dike in column {c}"
    else:
        text, msgid = tr("the upper Dike in column {c}", lang), "the upper Dike in column {c}"
    return lang.word(msgid, text.format(c=col + 1))


def plain_word(text: str, lang: Language) -> str:
    """``text`` as a ``Word`` the patterns may ask forms of ("{x:lower}"), keeping its grammar
    when it has one."""
    return text if isinstance(text, Word) else Word(text, PLAIN, lang.forms)


def lowered(text: str, lang: Language) -> str:
    """A good's or an Animal's name inside a sentence: "un mouton" in French, where English
    keeps "a Sheep" (its grammar kept)."""
    if not lang.lower_case_names:
        return plain_word(text, lang)
    low = text[:1].lower() + text[1:]
    return Word(low, text.features, text.forms) if isinstance(text, Word) else plain_word(low, lang)


def space_words(space_id: str, lang: Language) -> str:
    """"Woodcutter (Summer)": an action space as the log and the buttons name it."""
    space = ACTION_SPACES[space_id]
    return tr("{name} ({season})", lang).format(name=name_of(space_id, lang),
                                               season=plain_word(season_name(space.season, lang), lang))


def building_option(option: str, lang: Language) -> str:
    """A building's choice: a land space (the Field at row 4, column 3) or a name."""
    try:
        place(option)
    except ValueError:
        return name_of(option, lang)
    return holder_text(option, lang)


def tool_name(tool: str, lang: Language) -> str:
    """A Tool Track's name: "Fishing Tool", "Pelleteuse"."""
    return say(noun(TOOL_TRACKS[Tool(tool)].name), lang)


def moor_name(game: Game | None, moor: int, lang: Language, player: int | None = None) -> str:
    """A Moor tile's one name, on the Home Board, in prompts and in the log: "Moor 2", or the
    "Small Boardwalk" (the dehydrated Moor with 4 Peat each player starts with)."""
    if game is not None:
        who = player if player is not None else game.actor if game.actor is not None else 0
        tile = next((m for m in game.state.players[who].moors if m.id == moor), None)
        if tile is not None and tile.small:
            return lang.word("Small Boardwalk", tr("Small Boardwalk", lang))
    return lang.word("Moor {n}", tr("Moor {n}", lang).format(n=moor + 1))


def equipment_name(game: Game, eid: int, lang: Language) -> str:
    actor = game.actor if game.actor is not None else 0
    for p in game.state.players:
        for e in p.barn:
            if e.id == eid and p.index == actor:
                return name_of(e.kind, lang)
    return tr("Equipment {n}", lang).format(n=eid)


def flip_result(game: Game, target: str) -> tuple[str, list[AnimalMoved]] | None:
    """What flipping ``target`` now makes (a tile or a piece of Equipment: "depot") and the
    Animals it sends elsewhere, from a flip on a copy of the game; None for a Moor (dehydrated,
    said on its own) or a flip not legal now."""
    if place(target).kind is PlaceKind.MOOR:
        return None
    trial = game.copy()
    try:
        events = trial.apply(Flip(target))
    except IllegalMove:
        return None
    made = next((e.after for e in events if isinstance(e, TileFlipped)), None)
    return None if made is None else (made, [e for e in events if isinstance(e, AnimalMoved)])


def replaced_tile(game: Game, space: str) -> tuple[str, str] | None:
    """(the tile there, the tile it becomes) when placing a tile at ``space`` now replaces one
    (the Farmer's Inn turns Fields into Forests, issue 50 item 2), from the move on a copy of
    the game; None when the space is empty or the move is not legal now."""
    where = place(space)
    p = game.state.players[game.actor if game.actor is not None else 0]
    old = p.tiles.get((where.row, where.col)) if where.kind in (PlaceKind.SPACE, PlaceKind.CELL) else None
    if not old:
        return None
    trial = game.copy()
    try:
        events = trial.apply(PlaceTile(space))
    except IllegalMove:
        return None
    new = next((e.tile for e in events if isinstance(e, TilePlaced) and e.space == space), None)
    return None if new is None or new == old else (old, new)


def moved_text(moved: Iterable[AnimalMoved], lang: Language, player: PlayerState | None = None) -> str:
    """Animals the game moved, counted by kind and where they went: "3 Horses to row 4, column 2"."""
    by_place: dict[str, dict[str, int]] = {}
    for e in moved:
        here = by_place.setdefault(e.dst, {})
        here[str(e.animal)] = here.get(str(e.animal), 0) + 1
    return tr("; ", lang).join(tr("{animals} to {where}", lang).format(
        animals=", ".join(count_text(a, n, lang) for a, n in here.items()),
        where=holder_text(dst, lang, player)) for dst, here in by_place.items())


def flip_target(game: Game, target: str, lang: Language) -> str:
    where = place(target)
    if where.kind is PlaceKind.EQUIPMENT:
        return equipment_name(game, where.number, lang)
    if where.kind is PlaceKind.MOOR:
        return moor_name(game, where.number, lang)
    if where.kind is PlaceKind.SPACE:
        p = game.state.players[game.actor if game.actor is not None else 0]
        tile = p.tiles.get((where.row, where.col), "")
        name = name_of(tile, lang)
        text = tr("{tile} at row {r}, column {c}", lang).format(tile=name, r=where.row + 1, c=where.col + 1)
        return Word(text, name.features, name.forms) if isinstance(name, Word) else text
    return target
