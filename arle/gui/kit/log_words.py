"""The game log's sentences: what a player did, said in the third person after the player's name
("Anna places a Worker on Woodcutter (Summer)", "Anna place un ouvrier sur la case Bûcheron
(été)"). The buttons keep their own, shorter words (``style.move_label``); the log is read as
prose, so each move has a whole sentence whose nouns carry their grammar (``Word``: "{piece:le}"
says "la Charrue" in French).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from arle.gui.kit import style
from arle.gui.kit.style import tr
from arle.gui.kit.texts import say

if TYPE_CHECKING:
    from collections.abc import Iterable

    from arle.engine import Game, Move


def listed(parts: list[str]) -> str:
    """"1 Timber, 6 Wood and 1 Horse": the last two joined by the language's "and"."""
    if not parts:
        return tr("nothing")
    if len(parts) == 1:
        return parts[0]
    return tr("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])


def goods_listed(goods: Iterable[tuple[str, int]]) -> str:
    return listed([style.count_text(str(g), n) for g, n in goods if n])


def log_label(game: Game, move: Move) -> str:
    """What ``move`` does, as the log says it after the player's name, in the situation before
    it is applied (when the pending decision still knows its options)."""
    from arle import engine as M

    if isinstance(move, M.Choose) and game.decision is not None:
        text = _chosen(game, move.option)
        if text:
            return text
    match move:
        case M.PlaceWorker(space=space):
            return tr("places a Worker on {space}").format(space=style.space_words(space))
        case M.SkipPlacement():
            return tr("skips this Worker")
        case M.EndTurn():
            return tr("ends the turn")
        case M.Done():
            return tr("is done")
        case M.Pay(goods=goods):
            return tr("pays {goods}").format(goods=goods_listed(goods))
        case M.PlaceTile(space=space):
            tile = str(getattr(game.decision, "tile", ""))  # (the tile the decision places)
            where = style.holder_text(space)
            if tile in M.BUILDINGS:
                return tr("builds the {building} at {where}").format(building=style.name_of(tile),
                                                                     where=where)
            if tile:
                return tr("places a {tile} at {where}").format(tile=style.name_of(tile), where=where)
            return tr("places the tile at {where}").format(where=where)
        case M.MoveDike(dike=dike, to=to):
            return tr("moves Dike {n} up, in column {c}").format(n=dike + 1, c=M.place(to).col + 1)
        case M.CutPeat(moor=moor):
            return tr("cuts 1 Peat from {moor}").format(moor=style.moor_name(game, moor))
        case M.MoveAnimal(animal=animal, src=src, dst=dst):
            return tr("moves a {animal} from {src} to {dst}").format(
                animal=style.lowered(style.name_of(animal)), src=style.holder_text(src),
                dst=style.holder_text(dst))
        case M.ReleaseAnimal(animal=animal):
            return tr("releases a {animal}").format(animal=style.lowered(style.name_of(animal)))
        case M.ReturnEquipment(equipment=eid):
            return tr("returns the {piece} to the supply").format(piece=style.equipment_name(game, eid))
        case M.TradePeat(good=good):
            return tr("trades 1 Peat for {good} with the Peat Boat").format(
                good=style.count_text(str(good), 1))
        case M.UseBuilding(building=building, option=option):
            if option:
                return tr("uses the {building}: {choice}").format(
                    building=style.name_of(building), choice=style.building_option(option))
            return tr("uses the {building}").format(building=style.name_of(building))
        case M.Load(vehicle=vehicle, item=item):
            piece = style.equipment_name(game, vehicle)
            destination = M.destination_of(item)
            if destination is not None:
                return tr("sends the {piece} to {destination}").format(
                    piece=piece, destination=style.name_of(destination))
            return tr("loads {item} on the {piece}").format(item=style.count_text(item, 1), piece=piece)
        case M.Flip(target=target):
            if M.place(target).kind is M.PlaceKind.MOOR:  # (a Moor's flip is its dehydrating)
                return tr("dehydrates {moor}").format(moor=style.flip_target(game, target))
            return tr("flips the {target}").format(target=style.flip_target(game, target))
        case M.AdvanceTool(tool=tool):
            from arle.engine import TOOL_TRACKS

            return tr("moves the {tool} up").format(tool=say(M.noun(TOOL_TRACKS[tool].name)))
    return move_words(game, move)


def move_words(game: Game, move: Move) -> str:
    """A move no sentence above knows: its button's words after a colon."""
    return tr("chooses: {choice}").format(choice=style.move_label(game, move))


_NOUN_PHRASE = re.compile(r"^(\d|a |an )")


def _chosen(game: Game, option: str) -> str | None:
    """The log's sentence for choosing ``option`` of the pending decision, by what it names."""
    from arle import engine as M

    d = game.decision
    assert d is not None
    kind = d.option_kind
    kinds = M.OptionKind
    if kind is kinds.BUILDING and option in M.BUILDINGS:
        return tr("chooses to build the {building}").format(building=style.name_of(option))
    if kind is kinds.VEHICLE:
        return tr("chooses to build a {vehicle}").format(vehicle=style.name_of(option))
    if kind is kinds.SPACE:
        return tr("imitates {space}").format(space=style.space_words(option))
    if kind is kinds.FIELD:
        return tr("chooses a {field}").format(field=style.lowered(style.name_of(option)))
    if kind is kinds.PLOW:
        return tr("plows a {field}").format(field=style.lowered(style.name_of(option)))
    if kind is kinds.ANIMAL:
        return tr("pays with a {animal}").format(animal=style.lowered(style.name_of(option)))
    if kind is kinds.EQUIPMENT:
        return tr("chooses the {piece}").format(piece=style.equipment_name(game, M.place(option).number))
    words = d.option_text(game, option)
    english, text = str(words), say(words)
    if kind is kinds.CONVERSION and " → " in text:
        pay, _, get = text.partition(" → ")
        return tr("converts {pay} into {get}").format(pay=listed(pay.split(" + ")),
                                                     get=listed(get.split(", ")))
    if kind is kinds.SALE:
        m = re.fullmatch(r"(.*) \((.*)\)", text)
        if m and _NOUN_PHRASE.match(english):
            return tr("sells {goods} for {food}").format(goods=m[1], food=m[2])
        return tr("chooses to {what}").format(what=style.lowered(text))
    if kind in (kinds.PART, kinds.GO, kinds.CONFIRM):
        if _NOUN_PHRASE.match(english):
            return tr("chooses {what}").format(what=style.lowered(text))
        return tr("chooses to {what}").format(what=style.lowered(text))
    if kind is kinds.PAY:
        return tr("pays the Sustenance")
    return None
