"""The English words of each refusal id (``refusals.Refusal``): one catalogue, plain Python.

A translation keeps the ids and parameters and swaps this table and the names below; the engine
itself never needs the words.
"""

from __future__ import annotations

from ..rules.refusals import Param, Refusal
from .action_spaces import ACTION_SPACES
from .destinations import DESTINATIONS
from .tiles import EQUIPMENT, Equipment

MESSAGES: dict[str, str] = {
    "not.now": "That is not possible now: {prompt}.",
    "game.over": "The game is over.",
    "turn.other": "It is {player}'s turn.",
    "move.unknown": "That is not a move.",
    # the game board
    "worker.finish_first": "Finish what you are doing first: {prompt}.",
    "worker.none_left": "All your Workers are placed this half-year.",
    "worker.not_work_phase": "Workers are placed in the Work Phase only.",
    "space.unknown": "There is no action space {space}.",
    "space.occupied": "{space} is already taken by {player}.",
    "space.season_solo": "In the solo game only {season} spaces can be used now.",
    "space.other_season_used": "The one other-season action of this half-year has already been "
                               "used by {player}.",
    "space.cannot_pay": "You cannot pay for {space} now ({cost}).",
    # the Home Board
    "tile.none_to_place": "There is no tile to place now: {prompt}.",
    "tile.no_such_space": "Drop the tile on an empty land space: below the Dike Line, not on a "
                          "tile or a Moor.",
    "tile.tidal_flat": "That space is Tidal Flat: build Dikes to make it land.",
    "tile.on_moor": "A Moor lies on that space: a tile goes on an empty land space.",
    "tile.space_taken": "That space already holds a {tile}.",
    "tile.not_there": "The tile cannot go on that space: {prompt}.",
    "dike.none_to_move": 'You may move a Dike only when an action gives you "+1 Dike": {prompt}.',
    "dike.not_bottom": "Only one of the lowest Dikes (in gap {gap}) may move up.",
    "dike.not_next_gap": "A Dike moves into a free place of gap {gap}, the lowest gap above the "
                         "Dike Line with room.",
    "peat.not_now": "You may cut Peat only when an action lets you (Peat Cutter, Grocer, "
                    "Farmer's House, Colonist's House...): {prompt}.",
    "moor.unknown": "There is no such Moor.",
    "moor.not_dehydrated": "Dehydrate this Moor before cutting Peat off it.",
    "moor.no_peat": "There is no Peat left on this Moor.",
    "flip.not_now": "There is no tile to flip now: {prompt}.",
    "flip.not_that": "That tile cannot be flipped now: {prompt}.",
    # Animals
    "animal.not_while_paying": "Animals stay where they are while you pay: {prompt}.",
    "animal.not_work_phase": "Animals can be moved during the Work Phase, or when new Animals "
                             "need a place.",
    "animal.not_there": "There is no {animal} there.",
    "animal.waiting": "New Animals are given a place once this is done: {prompt}.",
    "animal.same_place": "The Animal is already there.",
    "animal.no_such_place": "Drop the Animal on a Dike, a pasture, a Stall, a Stable or a Park.",
    "holder.full": "That {kind} is full: it holds {capacity}.",
    "holder.mixed": "Animals of different types cannot share a {kind}.",
    "animal.needed_for_payment": "The payment needs your {animal} ({need}).",
    # vehicles and Equipment
    "load.not_work_phase": "Vehicles are loaded during the Work Phase.",
    "load.not_while_paying": "Vehicles cannot be loaded while you pay: {prompt}.",
    "load.not_while_selling": "Vehicles cannot be loaded while you sell: {prompt}.",
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
    "equipment.not_while_paying": "Equipment stays in the Barn while you pay: {prompt}.",
    "equipment.not_yours": "That Equipment is not in your Barn.",
}

_KINDS = {"dike": "Dike", "pasture": "pasture", "stall": "Stall", "stable": "Stable", "park": "Park"}


def _space(value: Param) -> str:
    space = ACTION_SPACES.get(str(value))
    return f"{space.season.capitalize()}: {space.name}" if space else str(value)


def _item(value: Param) -> str:
    text = str(value)
    if text.startswith("dest:"):
        return _destination(text[5:])
    return text.replace("_", " ").capitalize()


def _destination(value: Param) -> str:
    dest = DESTINATIONS.get(str(value))
    return dest.name if dest else str(value)


def _vehicle(value: Param) -> str:
    try:
        return EQUIPMENT[Equipment(value)].name
    except ValueError:
        return str(value)


#: How a parameter reads in English, by its name (ids become names; the rest is shown as is).
_NAMES = {
    "space": _space,
    "season": lambda v: str(v),
    "gap": lambda v: str(int(v) + 1),  # gaps count from 1 on the board, as the Dike Line's label
    "animal": lambda v: str(v).capitalize(),
    "kind": lambda v: _KINDS.get(str(v), str(v)),
    "tile": lambda v: str(v).replace("_", " ").title(),
    "item": _item,
    "destination": _destination,
    "vehicle_kind": _vehicle,
}


def render(r: Refusal) -> str:
    """The refusal in English: one short sentence."""
    values = {name: _NAMES.get(name, str)(value) for name, value in r.params}
    return MESSAGES.get(r.id, MESSAGES["not.now"]).format_map(_Default(values))


class _Default(dict):
    """A template naming a parameter the refusal lacks shows it empty rather than failing."""

    def __missing__(self, key: str) -> str:
        return ""
