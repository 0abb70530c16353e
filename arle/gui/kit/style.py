"""How the game looks and what things are called: player colours and shapes, palette, names.

Player colours come from the Okabe-Ito palette (safe for the common kinds of colour blindness),
and every player also has a *shape*: player 1's Workers and markers are circles, player 2's are
squares, so colour is never the only cue. All names shown to players go through Qt's
translation (context "Names"), so a French file needs no code change.
"""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QLocale, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap

from arle.files.catalogues import N_

if TYPE_CHECKING:
    from arle.engine import Game, Move

# -- players ---------------------------------------------------------------------------------------

#: Okabe-Ito colours a player may pick, (hex, name). The first two are the defaults.
PALETTE: tuple[tuple[str, str], ...] = (
    ("#E69F00", N_("Orange")),
    ("#0072B2", N_("Blue")),
    ("#009E73", N_("Bluish green")),
    ("#CC79A7", N_("Reddish purple")),
    ("#D55E00", N_("Vermilion")),
    ("#56B4E9", N_("Sky blue")),
)
DEFAULT_COLORS: tuple[str, str] = (PALETTE[0][0], PALETTE[1][0])
#: One shape per player seat: colour is never the only cue.
SHAPES: tuple[str, str] = ("circle", "square")


def player_color(session: Any, index: int) -> QColor:
    """The colour chosen for player ``index`` in this session (defaults: orange, blue)."""
    colors = getattr(session, "colors", None) or DEFAULT_COLORS
    return QColor(colors[index % len(colors)])


def player_shape(index: int) -> str:
    return SHAPES[index % len(SHAPES)]


def shape_path(shape: str, rect: QRectF) -> QPainterPath:
    """Outline of a player's piece inside ``rect``: a circle or a (slightly rounded) square."""
    path = QPainterPath()
    if shape == "square":
        inset = rect.adjusted(rect.width() * 0.06, rect.height() * 0.06,
                              -rect.width() * 0.06, -rect.height() * 0.06)
        path.addRoundedRect(inset, rect.width() * 0.12, rect.height() * 0.12)
    else:
        path.addEllipse(rect)
    return path


def paint_piece(painter: QPainter, rect: QRectF, shape: str, color: QColor,
                outline: QColor | None = None) -> None:
    """A player's piece: filled shape with a dark outline and a light highlight."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(outline or color.darker(170), max(1.0, rect.width() * 0.08)))
    painter.setBrush(QBrush(color))
    painter.drawPath(shape_path(shape, rect))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(255, 255, 255, 90))
    shine = QRectF(rect.x() + rect.width() * 0.22, rect.y() + rect.height() * 0.16,
                   rect.width() * 0.34, rect.height() * 0.22)
    painter.drawEllipse(shine)
    painter.restore()


_PIECES: dict[tuple[str, int, int], QPixmap] = {}


def piece_pixmap(shape: str, color: QColor, size: int = 18) -> QPixmap:
    """A small picture of a player's piece, for labels, tabs and table headers (painted once
    per shape, colour and size: the panels ask for it after every move)."""
    key = (shape, color.rgba(), size)
    pix = _PIECES.get(key)
    if pix is None:
        pix = QPixmap(size, size)
        pix.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pix)
        paint_piece(painter, QRectF(1.5, 1.5, size - 3, size - 3), shape, color)
        painter.end()
        _PIECES[key] = pix
    return pix


# -- palette of the boards ------------------------------------------------------------------------

BOARD_BG = QColor("#f3eedd")
INK = QColor("#2b3a2f")
MUTED_INK = QColor("#6d7a6f")
SUMMER = QColor("#f6d67a")
SUMMER_LIGHT = QColor("#fbefc6")
WINTER = QColor("#9cc3de")
WINTER_LIGHT = QColor("#dbe9f3")
INACTIVE = QColor("#e4e1d6")
LEGAL_GLOW = QColor("#2e9d5b")
REFUSE = QColor("#c0392b")

BUILDING_COLORS: dict[str, str] = {
    "light_green": "#b9dc8c",
    "dark_green": "#6fa76b",
    "yellow": "#f0d35a",
    "orange": "#f2a552",
    "blue": "#8fb8de",
    "red": "#e08a7a",
}


def font(size: float, bold: bool = False) -> QFont:
    f = QFont()
    f.setPointSizeF(size)
    f.setBold(bold)
    return f


# -- names --------------------------------------------------------------------------------------------


def tr(text: str, context: str = "Names") -> str:
    return QCoreApplication.translate(context, text)


#: The modules the words below need, imported at their first use (the engine is not imported
#: before the start page is painted) and kept: an import statement in a function costs
#: microseconds at each call (PySide6 wraps ``__import__``), and words are asked for hundreds of
#: times a move.
_LOADED: dict[str, Any] = {}


def _module(name: str) -> Any:
    module = _LOADED.get(name)
    if module is None:
        module = _LOADED[name] = importlib.import_module(name)
    return module


def number(x: float) -> str:
    """A score as the window's language writes it ("7,5" in French): Qt's default locale, which
    ``arle.gui.shell.language`` sets with the language."""
    return QLocale().toString(float(x), "g", 12)


def say(text: Any) -> str:
    """An engine text in the window's language (``arle.gui.kit.texts.say``; the engine is imported at
    the first use, not when the start page is built)."""
    return _module("arle.gui.kit.texts").say(text)


def noun(name: str) -> Any:
    """``arle.engine.noun``, imported at the first use."""
    return _module("arle.engine").noun(name)


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

SCORE_CATEGORIES: tuple[tuple[str, str], ...] = (
    ("clothing_and_materials", N_("Clothing and building materials")),
    ("equipment", N_("Equipment (vehicles, plows, boats)")),
    ("travel", N_("Travel experience")),
    ("tools", N_("Tools")),
    ("goods_track", N_("Goods Track")),
    ("home_board", N_("Home Board (tiles, buildings, moors)")),
    ("animals", N_("Animals")),
    ("bottlenecks", N_("Supply bottlenecks")),
)


def name_of(key: str) -> str:
    """Display name of a good, animal, tile, vehicle, building, destination or action space."""
    engine = _module("arle.engine")
    ACTION_SPACES, BUILDINGS, DESTINATIONS = engine.ACTION_SPACES, engine.BUILDINGS, engine.DESTINATIONS
    key = str(key)
    if key in _GOOD_NAMES:
        return say(noun(_GOOD_NAMES[key]))
    if key in BUILDINGS:
        return say(noun(BUILDINGS[key].name))
    if key in DESTINATIONS:
        return say(noun(DESTINATIONS[key].name))
    if key in ACTION_SPACES:
        return say(noun(ACTION_SPACES[key].name))
    destination = engine.destination_of(key)
    if destination in DESTINATIONS:
        return say(noun(DESTINATIONS[destination].name))
    return say(noun(key.replace("_", " ").title()))


#: The letters before which French elides "de" ("d'Anna", "d'Élodie"; "de Ben", "de Hugo").
_ELIDING = frozenset("aeiouyàâäéèêëîïôöùûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")


def of_name(name: str) -> str:
    """"de Ben", "d'Anna": the French "of" before a name, given to every text that names a player
    (``{of_name}``), which the French words use where they say whose ("Plateau Village d'Anna");
    the English ones say ``{name}'s``."""
    return ("d'" if name[:1] in _ELIDING else "de ") + name


def count_text(key: str, n: int) -> str:
    """``n`` of a good or an Animal in the language's words and number: "2 Horse", "2 chevaux"
    (a number put before a name said "2 Cheval"); other things as "n name"."""
    engine = _module("arle.engine")
    if str(key) in _countable():
        return say(engine.counted(str(key), n))
    return f"{n} {name_of(key)}"


@functools.cache
def _countable() -> frozenset[str]:
    """The goods and Animals the engine counts in words (``arle.engine.counted``)."""
    engine = _module("arle.engine")
    return frozenset({*(g.value for g in engine.Good), *(a.value for a in engine.Animal)})


def count_name(key: str, n: int) -> str:
    """The name in ``count_text`` without its number, capitalized: "Chevaux" beside a 2."""
    words = count_text(key, n).split(" ", 1)
    name = words[1] if len(words) == 2 else words[0]
    return name[:1].upper() + name[1:]


def season_name(season: str) -> str:
    return tr("Summer") if season == "summer" else tr("Winter")


def space_title(space_id: str) -> str:
    """"Summer: Grocer" - action spaces share names across seasons."""
    space = _module("arle.engine").ACTION_SPACES[space_id]
    return tr("{season}: {name}").format(season=season_name(space.season), name=say(noun(space.name)))


def bundle_text(goods: Any) -> str:
    """"1 Wood, 1 Timber" for a payment bundle ((good, n), ...)."""
    parts = [count_text(str(g), n) for g, n in goods if n]
    return ", ".join(parts) if parts else tr("nothing")


def cost_text(cost: Any) -> str:
    """A building's cost in words: "1 Grain, 1 building material", "9 Food, 2 different
    building material"."""
    parts = [bundle_text(cost.fixed)] if cost.fixed else []
    for c in cost.choices:
        goods = {str(g) for b in c.options for g, _ in b}
        if goods <= {"wood", "clay", "timber", "brick"} and len(goods) == 4:
            what = tr("building material")
        elif goods <= {"summer_wear", "winter_wear", "leather_wear"}:
            what = tr("Wear")
        else:
            what = "/".join(sorted(count_text(str(g), n) for b in c.options for g, n in b))
        if c.pick > 1 and what == tr("building material"):
            parts.append(tr("{n} different building materials").format(n=c.pick))
        elif c.pick > 1 and what == tr("Wear"):
            parts.append(tr("{n} different Wear").format(n=c.pick))
        elif c.pick > 1:
            parts.append(tr("{n} different {what}").format(n=c.pick, what=what))
        elif what in (tr("building material"), tr("Wear")):
            parts.append(tr("1 {what}").format(what=what))
        else:
            parts.append(what)
    return ", ".join(parts) if parts else tr("free")


def vehicle_cost_text(kind: str) -> str:
    """What a Vehicle, Plow or Peat Boat costs, in words: "5 Wood, 1 Horse"."""
    from arle.engine import EQUIPMENT, Equipment

    info = EQUIPMENT[Equipment(kind)]
    text = bundle_text((("wood", info.wood), ("horse", info.horses)))
    if info.kind is Equipment.PLOW:
        text = tr("{wood}, 1 Cattle or Horse").format(wood=text)
    return text


def word(msgid: str, text: str) -> str:
    """``text``, made from the message ``msgid``, with the grammar the language gives that noun
    (so that a pattern may say "{where:de}": "de la Digue 2")."""
    from arle.gui.kit.texts import language

    return language().word(msgid, text)


def holder_text(holder: str) -> str:
    """Where an Animal is, or a land space: "Dike 2", "row 3, column 1", "waiting area"."""
    engine = _module("arle.engine")
    where, kinds = engine.place(holder), engine.PlaceKind
    if where.kind is kinds.WAITING:
        return word("waiting area", tr("waiting area"))
    if where.kind is kinds.DIKE:
        return word("Dike {n}", tr("Dike {n}").format(n=where.number + 1))
    if where.kind in (kinds.SPACE, kinds.CELL):
        text = tr("row {r}, column {c}").format(r=where.row + 1, c=where.col + 1)
        return word("row {r}, column {c}", text + (tr(" (second half)") if where.second else ""))
    return holder


def _decision_option_label(game: Game, move: Move) -> str | None:
    """Labels the pending decision knows for its Choose options, by what its options name."""
    engine = _module("arle.engine")
    BUILDINGS, Choose, OptionKind = engine.BUILDINGS, engine.Choose, engine.OptionKind
    d = game.decision
    if d is None or not isinstance(move, Choose):
        return None
    kind, option = d.option_kind, move.option
    if kind is OptionKind.GO:
        return say(d.option_text(game, option))
    if kind is OptionKind.PART:
        text = say(d.option_text(game, option))
        return text[:1].upper() + text[1:]
    if kind in (OptionKind.CONVERSION, OptionKind.SALE):  # (a sale: "Hage: remove the Field at...")
        text = say(d.option_text(game, option))
        return text[:1].upper() + text[1:]
    if kind is OptionKind.BUILDING:
        b = BUILDINGS.get(option)
        if b is not None:
            return tr("{name} ({vp} VP): {cost}").format(name=say(noun(b.name)), vp=b.vp,
                                                          cost=cost_text(b.cost))
    if kind is OptionKind.SPACE:
        return tr("Imitate {space}").format(space=space_words(option))
    if kind is OptionKind.VEHICLE:
        return tr("Build a {vehicle} ({cost})").format(vehicle=name_of(option),
                                                       cost=vehicle_cost_text(option))
    if kind is OptionKind.PLOW:
        return tr("Plow a {field}").format(field=lowered(name_of(option)))
    if kind is OptionKind.ANIMAL:
        return tr("Pay with {animal}").format(animal=lowered(name_of(option)))
    if kind is OptionKind.PAY and option == "pay":
        return tr("Pay Sustenance")
    return None


def plain_word(text: str) -> str:
    """``text`` as a ``Word`` the patterns may ask forms of ("{x:lower}"), keeping its grammar
    when it has one."""
    from arle.engine import PLAIN, Word
    from arle.gui.kit.texts import language

    return text if isinstance(text, Word) else Word(text, PLAIN, language().forms)


def lowered(text: str) -> str:
    """A good's or an Animal's name inside a sentence: "un mouton" in French, where English
    keeps "a Sheep" (its grammar kept)."""
    from arle.engine import Word
    from arle.gui.kit.texts import language

    if not language().lower_case_names:
        return plain_word(text)
    low = text[:1].lower() + text[1:]
    return Word(low, text.features, text.forms) if isinstance(text, Word) else plain_word(low)


def space_words(space_id: str) -> str:
    """"Woodcutter (Summer)": an action space as the log and the buttons name it."""
    from arle.engine import ACTION_SPACES

    space = ACTION_SPACES[space_id]
    return tr("{name} ({season})").format(name=name_of(space_id),
                                         season=plain_word(season_name(space.season)))


def building_option(option: str) -> str:
    """A building's choice: a land space (the Field at row 4, column 3) or a name."""
    from arle.engine import place

    try:
        place(option)
    except ValueError:
        return name_of(option)
    return holder_text(option)


def move_label(game: Game, move: Move) -> str:
    """A button label / log phrase for ``move`` in the current situation, in words."""
    M = _module("arle.engine")
    label = _decision_option_label(game, move)
    if label:
        return label
    match move:
        case M.PlaceWorker(space=space):
            return tr("Place a Worker on {space}").format(space=space_words(space))
        case M.SkipPlacement():
            return tr("Skip this Worker")
        case M.EndTurn():
            return tr("End turn")
        case M.Choose(option=option):
            return name_of(option)
        case M.Pay(goods=goods):
            return tr("Pay {goods}").format(goods=bundle_text(goods))
        case M.Done():
            return tr("Done")
        case M.PlaceTile(space=space):
            cell = M.place(space)
            return tr("Place the tile at row {r}, column {c}").format(r=cell.row + 1, c=cell.col + 1)
        case M.MoveDike(dike=dike, to=to):
            gap = M.place(to)
            return tr("Move Dike {n} up to gap {g}, column {c}").format(
                n=dike + 1, g=gap.row + 1, c=gap.col + 1)
        case M.CutPeat(moor=moor):
            return tr("Cut 1 Peat from {moor}").format(moor=moor_name(game, moor))
        case M.MoveAnimal(animal=animal, src=src, dst=dst):
            return tr("Move a {animal} from {src} to {dst}").format(
                animal=lowered(name_of(animal)), src=holder_text(src), dst=holder_text(dst))
        case M.ReleaseAnimal(animal=animal, src=src):
            return tr("Release a {animal}").format(animal=lowered(name_of(animal)))
        case M.ReturnEquipment(equipment=eid):
            return tr("Return {piece}").format(piece=equipment_name(game, eid))
        case M.TradePeat(good=good):
            return tr("Peat Boat: 1 Peat for 1 {good}").format(good=lowered(name_of(good)))
        case M.UseBuilding(building=building, option=option):
            if option:
                return tr("Use {building}: {choice}").format(
                    building=name_of(building), choice=building_option(option))
            return tr("Use {building}").format(building=name_of(building))
        case M.Load(vehicle=vehicle, item=item):
            destination = M.destination_of(item)
            if destination is not None:
                return tr("Send the {piece} to {destination}").format(
                    piece=equipment_name(game, vehicle), destination=name_of(destination))
            return tr("Load {item} on {piece}").format(
                item=count_text(item, 1), piece=equipment_name(game, vehicle))
        case M.Flip(target=target):
            return tr("Flip {target}").format(target=flip_target(game, target))
        case M.AdvanceTool(tool=tool):
            from arle.engine import TOOL_TRACKS

            return tr("Advance {tool}").format(tool=say(noun(TOOL_TRACKS[tool].name)))
    return type(move).__name__


def moor_name(game: Game | None, moor: int, player: int | None = None) -> str:
    """A Moor tile's one name, on the Home Board, in prompts and in the log: "Moor 2", or the
    "Small Boardwalk" (the dehydrated Moor with 4 Peat each player starts with)."""
    if game is not None:
        who = player if player is not None else game.actor if game.actor is not None else 0
        tile = next((m for m in game.state.players[who].moors if m.id == moor), None)
        if tile is not None and tile.small:
            return word("Small Boardwalk", tr("Small Boardwalk"))
    return word("Moor {n}", tr("Moor {n}").format(n=moor + 1))


def equipment_name(game: Game, eid: int) -> str:
    actor = game.actor if game.actor is not None else 0
    for p in game.state.players:
        for e in p.barn:
            if e.id == eid and p.index == actor:
                return name_of(e.kind)
    return tr("Equipment {n}").format(n=eid)


def flip_target(game: Game, target: str) -> str:
    engine = _module("arle.engine")
    where, kinds = engine.place(target), engine.PlaceKind
    if where.kind is kinds.EQUIPMENT:
        return equipment_name(game, where.number)
    if where.kind is kinds.MOOR:
        return moor_name(game, where.number)
    if where.kind is kinds.SPACE:
        p = game.state.players[game.actor if game.actor is not None else 0]
        tile = p.tiles.get((where.row, where.col), "")
        from arle.engine import Word

        name = name_of(tile)
        text = tr("{tile} at row {r}, column {c}").format(tile=name, r=where.row + 1, c=where.col + 1)
        return Word(text, name.features, name.forms) if isinstance(name, Word) else text
    return target


def pointf(x: float, y: float) -> QPointF:
    return QPointF(x, y)
