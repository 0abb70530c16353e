"""A move as a button or a menu entry says it ("Place a Worker on Woodcutter (Summer)"): short,
in the imperative, in the situation before it is played (the pending decision still knows its
options)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arle.engine import (
    BUILDINGS,
    AdvanceTool,
    Choose,
    CutPeat,
    Done,
    EndTurn,
    Flip,
    Load,
    MoveAnimal,
    MoveDike,
    OptionKind,
    Pay,
    PlaceKind,
    PlaceTile,
    PlaceWorker,
    ReleaseAnimal,
    ReturnEquipment,
    SkipPlacement,
    TradePeat,
    UseBuilding,
    destination_of,
    noun,
    place,
    say,
)

from .names import (
    building_option,
    bundle_text,
    cost_text,
    count_text,
    dike_name,
    equipment_name,
    flip_result,
    flip_target,
    holder_text,
    lowered,
    moor_name,
    moved_text,
    name_of,
    replaced_tile,
    space_words,
    tool_name,
    tr,
    vehicle_cost_text,
)

if TYPE_CHECKING:
    from arle.engine import Game, Language, Move, PlayerState


def flip_label(game: Game, target: str, lang: Language) -> str:
    """A flip says what it makes and where the Animals it sends away go (issue 50 items 8 and
    22: the Hint said "Flip Stall", never that it becomes a Depot and its Horses move out)."""
    if place(target).kind is PlaceKind.MOOR:
        return tr("Dehydrate {moor}", lang).format(moor=flip_target(game, target, lang))
    made = flip_result(game, target)
    if made is None:
        return tr("Flip {target}", lang).format(target=flip_target(game, target, lang))
    tile, moved = made
    text = tr("Turn the {target} into a {tile}", lang).format(target=flip_target(game, target, lang),
                                                             tile=name_of(tile, lang))
    if moved:
        p = game.state.players[game.actor if game.actor is not None else 0]
        text += " " + tr("(its Animals move: {moved})", lang).format(moved=moved_text(moved, lang, p))
    return text


def _decision_option_label(game: Game, move: Move, lang: Language) -> str | None:
    """Labels the pending decision knows for its Choose options, by what its options name."""
    d = game.decision
    if d is None or not isinstance(move, Choose):
        return None
    kind, option = d.option_kind, move.option
    if kind is OptionKind.GO:
        return say(d.option_text(game, option), lang)
    if kind in (OptionKind.PART, OptionKind.CONVERSION, OptionKind.SALE, OptionKind.EQUIPMENT):
        # (a sale: "Hage: remove the Field at...")
        text = say(d.option_text(game, option), lang)
        return text[:1].upper() + text[1:]
    if kind is OptionKind.BUILDING:
        b = BUILDINGS.get(option)
        if b is not None:
            return tr("{name} ({vp} VP): {cost}", lang).format(
                name=say(noun(b.name), lang), vp=b.vp, cost=cost_text(b.cost, lang))
    if kind is OptionKind.SPACE:
        return tr("Imitate {space}", lang).format(space=space_words(option, lang))
    if kind is OptionKind.VEHICLE:
        return tr("Build a {vehicle} ({cost})", lang).format(vehicle=name_of(option, lang),
                                                            cost=vehicle_cost_text(option, lang))
    if kind is OptionKind.PLOW:
        return tr("Plow a {field}", lang).format(field=lowered(name_of(option, lang), lang))
    if kind is OptionKind.ANIMAL:
        return tr("Pay with {animal}", lang).format(animal=lowered(name_of(option, lang), lang))
    if kind is OptionKind.PAY and option == "pay":
        return tr("Pay Sustenance", lang)
    return None


def _actor(game: Game) -> PlayerState:
    return game.state.players[game.actor if game.actor is not None else 0]


def move_label(game: Game, move: Move, lang: Language) -> str:
    """A button label / menu phrase for ``move`` in the current situation, in ``lang``."""
    label = _decision_option_label(game, move, lang)
    if label:
        return label
    match move:
        case PlaceWorker(space=space):
            return tr("Place a Worker on {space}", lang).format(space=space_words(space, lang))
        case SkipPlacement():
            return tr("Skip this Worker", lang)
        case EndTurn():
            return tr("End turn", lang)
        case Choose(option=option):
            return name_of(option, lang)
        case Pay(goods=goods):
            return tr("Pay {goods}", lang).format(goods=bundle_text(goods, lang))
        case Done():
            return tr("Done", lang)
        case PlaceTile(space=space):
            cell = place(space)
            replaced = replaced_tile(game, space)
            if replaced is not None:  # (the Farmer's Inn's Forests: issue 50 item 2)
                return tr("Turn the {old} at {where} into a {tile}", lang).format(
                    old=name_of(replaced[0], lang), where=holder_text(space, lang),
                    tile=name_of(replaced[1], lang))
            return tr("Place the tile at row {r}, column {c}", lang).format(r=cell.row + 1, c=cell.col + 1)
        case MoveDike(dike=dike, to=to):
            name, column = dike_name(_actor(game), dike, lang), place(to).col
            if column == _actor(game).dikes[dike][1]:  # (up in its own column)
                return tr("Move {dike} up", lang).format(dike=name)
            return tr("Move {dike} up to column {c}", lang).format(dike=name, c=column + 1)
        case CutPeat(moor=moor):
            return tr("Cut 1 Peat from {moor}", lang).format(moor=moor_name(game, moor, lang))
        case MoveAnimal(animal=animal, src=src, dst=dst):
            p = _actor(game)
            return tr("Move a {animal} from {src} to {dst}", lang).format(
                animal=lowered(name_of(animal, lang), lang), src=holder_text(src, lang, p),
                dst=holder_text(dst, lang, p))
        case ReleaseAnimal(animal=animal):
            return tr("Release a {animal}", lang).format(animal=lowered(name_of(animal, lang), lang))
        case ReturnEquipment(equipment=eid):
            return tr("Return {piece}", lang).format(piece=equipment_name(game, eid, lang))
        case TradePeat(good=good):
            return tr("Peat Boat: 1 Peat for 1 {good}", lang).format(good=lowered(name_of(good, lang), lang))
        case UseBuilding(building=building, option=option):
            if option:
                return tr("Use {building}: {choice}", lang).format(
                    building=name_of(building, lang), choice=building_option(option, lang))
            return tr("Use {building}", lang).format(building=name_of(building, lang))
        case Load(vehicle=vehicle, item=item):
            destination = destination_of(item)
            if destination is not None:
                return tr("Send the {piece} to {destination}", lang).format(
                    piece=equipment_name(game, vehicle, lang), destination=name_of(destination, lang))
            return tr("Load {item} on {piece}", lang).format(
                item=count_text(item, 1, lang), piece=equipment_name(game, vehicle, lang))
        case Flip(target=target):
            return flip_label(game, target, lang)
        case AdvanceTool(tool=tool):
            return tr("Advance {tool}", lang).format(tool=tool_name(tool, lang))
    return type(move).__name__
