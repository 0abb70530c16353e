"""Why an anytime move on a piece is refused: Animals (rulebook p. 9), loads (pp. 10-11) and
returned Equipment. ``refusals.explain`` calls these only for moves ``legal_moves()`` left out."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..content.destinations import DESTINATIONS
from ..content.tiles import EQUIPMENT
from ..content.words import amounts
from ..interpreter.moves import Load, MoveAnimal, ReleaseAnimal, ReturnEquipment
from ..interpreter.state import PlayerState
from ..interpreter.steps import HouseAnimalsDecision, PayDecision
from . import animals
from .anytime import WORK_PHASES
from .payments import can_afford
from .refusals import Refusal, paying, refusal
from .travel import SaleDecision, can_sell_any
from .vehicles import DEST_PREFIX, GOOD_LOADS, LOADING_STATION, occupied, span

if TYPE_CHECKING:
    from ..interpreter.game import Game


def _player(g: Game) -> PlayerState:
    return g.state.players[g.actor or 0]


def _housing(g: Game) -> bool:
    """New Animals wait for a place: their decision offers moves and releases of its own."""
    return isinstance(g.decision, HouseAnimalsDecision)


def _unmovable(g: Game, p: PlayerState, animal: str, src: str) -> Refusal | None:
    """The Animal is not there, or it waits for a place that is chosen after the current step."""
    if not p.animals.get(src, {}).get(animal):  # type: ignore[call-overload]
        return refusal("animal.not_there", animal=str(animal), holder=src)
    if src == animals.WAITING and not _housing(g):
        return refusal("animal.waiting", prompt=g.prompt())
    return None


def _move_animal(g: Game, move: MoveAnimal) -> Refusal | None:
    if paying(g):
        return refusal("animal.not_while_paying", prompt=g.prompt())
    if g.state.phase not in WORK_PHASES and not _housing(g):
        return refusal("animal.not_work_phase")
    p = _player(g)
    gone = _unmovable(g, p, move.animal, move.src)
    if gone is not None:
        return gone
    if move.dst == move.src:
        return refusal("animal.same_place", holder=move.dst)
    places = {hid: (cap, mixed, kind) for hid, cap, mixed, kind in animals.holders(p)}
    if move.dst not in places:
        return refusal("animal.no_such_place", holder=move.dst)
    cap, mixed, kind = places[move.dst]
    why = animals.room(p.animals.get(move.dst), cap, mixed, move.animal)
    if why == "full":
        return refusal("holder.full", holder=move.dst, kind=kind, capacity=cap)
    if why == "mixed":
        return refusal("holder.mixed", holder=move.dst, kind=kind, animal=str(move.animal))
    return None


def _release_animal(g: Game, move: ReleaseAnimal) -> Refusal | None:
    p = _player(g)
    gone = _unmovable(g, p, move.animal, move.src)
    if gone is not None:
        return gone
    decision = g.decision
    if isinstance(decision, PayDecision):
        need = dict(decision.animals).get(move.animal, 0)
        if animals.count(p, move.animal) <= need:
            return refusal("animal.needed_for_payment", animal=str(move.animal), need=need)
    return None


def _load(g: Game, move: Load) -> Refusal | None:
    if g.state.phase not in WORK_PHASES:
        return refusal("load.not_work_phase")
    if paying(g):
        return refusal("load.not_while_paying", prompt=g.prompt())
    if isinstance(g.decision, SaleDecision):
        return refusal("load.not_while_selling", prompt=g.prompt())
    p = _player(g)
    piece = next((e for e in p.barn if e.id == move.vehicle), None)
    if piece is None or not EQUIPMENT[piece.kind].spaces:
        if not any(EQUIPMENT[e.kind].spaces for e in p.barn):
            return refusal("load.need_vehicle")
        return refusal("load.not_a_vehicle", vehicle=move.vehicle)
    item = move.item
    dest = item[len(DEST_PREFIX):] if item.startswith(DEST_PREFIX) else None
    if (dest not in DESTINATIONS) if dest is not None else (item not in GOOD_LOADS):
        return refusal("load.unknown_item", item=item)
    if dest is not None and dest not in p.destinations:
        return refusal("load.destination_gone", destination=dest)
    size = DESTINATIONS[dest].size if dest is not None else GOOD_LOADS[item][2]
    kind = piece.kind.value
    if not 0 <= move.start < len(EQUIPMENT[piece.kind].spaces):
        return refusal("load.no_such_space", vehicle_kind=kind, start=move.start)
    covered = span(piece, move.start, size)
    if covered is None:
        return refusal("load.does_not_fit", vehicle_kind=kind, item=item, size=size)
    if occupied(piece).intersection(covered):
        return refusal("load.space_taken", vehicle_kind=kind)
    if dest is not None:
        return None if can_sell_any(g, p, dest) else refusal("load.nothing_to_sell", destination=dest)
    cost = GOOD_LOADS[item][0]
    if not cost:
        return None if LOADING_STATION in p.buildings else refusal("load.peat_needs_station")
    if not can_afford(cost, p.goods):
        return refusal("load.cannot_afford", item=item, cost=amounts(cost))
    return None


def _return_equipment(g: Game, move: ReturnEquipment) -> Refusal | None:
    if paying(g):
        return refusal("equipment.not_while_paying", prompt=g.prompt())
    if not any(e.id == move.equipment for e in _player(g).barn):
        return refusal("equipment.not_yours", equipment=move.equipment)
    return None


PIECE_EXPLAINERS: dict[type, Callable[[Game, object], Refusal | None]] = {
    MoveAnimal: _move_animal,  # type: ignore[dict-item]
    ReleaseAnimal: _release_animal,  # type: ignore[dict-item]
    Load: _load,  # type: ignore[dict-item]
    ReturnEquipment: _return_equipment,  # type: ignore[dict-item]
}
