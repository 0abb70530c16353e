"""The English words of each refusal id (``refusals.Refusal``): one catalogue, plain Python.

Each English sentence is the msgid of its translation (``catalogue.msgids`` lists them), and
``render`` makes the refusal a ``Text`` whose parameters are translated names; the engine itself
never needs the words.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import cast

from ..rules.homeboard import GAPS
from ..rules.refusals import Param, Refusal
from .action_spaces import ACTION_SPACES, season_and_name
from .buildings import BUILDINGS
from .destinations import DESTINATIONS
from .text import Text, noun, t
from .tiles import EQUIPMENT, Equipment
from .words import NAMES, TILE_NAMES, name

MESSAGES: dict[str, str] = {
    "not.now": "That is not possible now.",
    "game.over": "The game is over.",
    "turn.other": "It is {player}'s turn.",
    "move.unknown": "That is not a move.",
    "game.full": "This game holds {moves} moves, the most a game can: take moves back (Undo) to play on.",
    "game.bound": "This game has reached {moves} moves: so that it fits in a save, only moves that "
    "answer the decision in hand are allowed now; the game can still be finished.",
    # the game board
    "worker.finish_first": "Finish what you are doing first.",
    "worker.none_left": "All your Workers are placed this half-year.",
    "worker.not_work_phase": "Workers are placed in the Work Phase only.",
    "space.unknown": "There is no action space {space}.",
    "space.occupied": "{space} is already taken by {player}.",
    "space.season_solo": "In the solo game only {season} spaces can be used now.",
    "space.other_season_used": "The one other-season action of this half-year has already been "
                               "used by {player}.",
    "space.cannot_pay": "You cannot pay for {space} now ({cost}).",
    # the Home Board
    "tile.none_to_place": "There is no tile to place now.",
    "tile.no_such_space": "Drop the tile on an empty land space: below the Dike Line, not on a "
                          "tile or a Moor.",
    "tile.tidal_flat": "That space is Tidal Flat: build Dikes to make it land.",
    "tile.on_moor": "A Moor lies on that space: a tile goes on an empty land space.",
    "tile.space_taken": "That space already holds a {tile}.",
    "tile.not_there": "The tile cannot go on that space.",
    "dike.none_to_move": 'You may move a Dike only when an action gives you "+1 Dike".',
    "dike.not_bottom": "Only one of the lowest Dikes may move up: {columns}.",
    "dike.not_next_gap": "A Dike moves into a free place above row {gap}: the lowest with room "
                         "above the Dike Line.",
    "peat.not_now": "You may cut Peat only when an action lets you (Peat Cutter, Grocer, "
                    "Farmer's House, Colonist's House...).",
    "moor.unknown": "There is no such Moor.",
    "moor.not_dehydrated": "Dehydrate this Moor before cutting Peat off it.",
    "moor.no_peat": "There is no Peat left on this Moor.",
    "flip.not_now": "There is no tile to flip now.",
    "flip.not_that": "That tile cannot be flipped now.",
    # Animals
    "animal.not_while_paying": "Animals stay where they are while you pay.",
    "animal.not_work_phase": "Animals can be moved during the Work Phase, or when new Animals "
                             "need a place.",
    "animal.not_there": "There is no {animal} there.",
    "animal.waiting": "New Animals are given a place once the decision under way is done.",
    "animal.same_place": "The Animal is already there.",
    "animal.no_such_place": "Drop the Animal on a Dike, a pasture, a Stall, a Stable or a Park.",
    "holder.full": "That {kind} is full: it holds {capacity}.",
    "holder.mixed": "Animals of different types cannot share a {kind}.",
    "animal.needed_for_payment": "The payment needs your {animal} ({need}).",
    # vehicles and Equipment
    "load.not_work_phase": "Vehicles are loaded during the Work Phase.",
    "load.not_while_paying": "Vehicles cannot be loaded while you pay.",
    "load.not_while_selling": "Vehicles cannot be loaded while you sell.",
    "load.need_vehicle": "You need a vehicle (Handcart, Wagon, Cart...) to load anything.",
    "load.not_a_vehicle": "That is not one of your vehicles.",
    "load.unknown_item": "That cannot be loaded.",
    "load.destination_gone": "{destination} is not on your storage board.",
    "load.no_such_space": "The {vehicle_kind} has no such loading space.",
    "load.does_not_fit": "{item} (size {size}) does not fit there: a Double Space takes only items "
                         "of size 2 or more, and only Large Vehicles combine spaces.",
    "load.space_taken": "Those loading spaces of the {vehicle_kind} are taken.",
    "load.nothing_to_sell": "You have nothing to sell at {destination} now.",
    "load.peat_needs_station": "Peat is loaded only with a Loading Station.",
    "load.cannot_afford": "Loading {item} costs {cost}.",
    "equipment.not_while_paying": "Equipment stays in the Barn while you pay.",
    "equipment.not_yours": "That Equipment is not in your Barn.",
}

#: Holder kinds, as "That {kind} is full" reads them.
_KINDS = {"dike": t("Dike"), "pasture": t("pasture"), "stall": t("Stall"), "stable": t("Stable"),
          "park": t("Park")}
#: "In the solo game only {season} spaces can be used now."
_SEASONS = {"summer": t("summer"), "winter": t("winter")}


def _space(value: Param) -> Param:
    space = ACTION_SPACES.get(str(value))
    return season_and_name(space) if space else str(value)


def _item(value: Param) -> Param:
    text = str(value)
    if text.startswith("dest:"):
        return _destination(text[5:])
    return name(text) if text in NAMES else text


def _destination(value: Param) -> Param:
    dest = DESTINATIONS.get(str(value))
    return noun(dest.name) if dest else str(value)


def _vehicle(value: Param) -> Param:
    try:
        return noun(EQUIPMENT[Equipment(cast(str, value))].name)
    except ValueError:
        return str(value)


def _tile(value: Param) -> Param:
    building = BUILDINGS.get(str(value))
    if building is not None:
        return noun(building.name)
    return noun(TILE_NAMES[str(value)]) if str(value) in TILE_NAMES else str(value)


#: How a parameter reads, by its name (ids become translated names; the rest is shown as is).
_NAMES: dict[str, Callable[[Param], Param]] = {
    "space": _space,
    "season": lambda v: _SEASONS.get(str(v), str(v)),
    # A gap by the row it lies above, as the board numbers rows (gap 0 is above row 4): the
    # board numbers no gaps (issue 50 item 27).
    "gap": lambda v: GAPS - int(cast(str, v)),
    "animal": lambda v: name(str(v)) if str(v) in NAMES else str(v),
    "kind": lambda v: _KINDS.get(str(v), str(v)),
    "tile": _tile,
    "item": _item,
    "destination": _destination,
    "vehicle_kind": _vehicle,
}


def render(r: Refusal) -> Text:
    """The refusal in words: one short sentence (its English is the msgid, ``MESSAGES``)."""
    values = {key: _NAMES.get(key, _as_is)(value) for key, value in r.params}
    msgid = MESSAGES.get(r.id, MESSAGES["not.now"])
    fields = {f for _, f, _, _ in string.Formatter().parse(msgid) if f}
    # A template naming a parameter the refusal lacks shows it empty rather than failing.
    return Text(msgid, tuple((f, values.get(f, "")) for f in sorted(fields)))


def _as_is(value: Param) -> Param:
    return value
