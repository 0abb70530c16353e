"""Anytime actions (rulebook p. 7): rearranging Animals and loading vehicles during the Work
Phase; releasing Animals (p. 9: "You can return Animals to the general supply ... at any time"),
returning Equipment, the Peat Boat trade and the anytime buildings at any time."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..content.goods import TRACK_GOODS, Animal, Good, cap_of
from ..content.tiles import Equipment
from ..interpreter.board_memo import per_board
from ..interpreter.moves import MoveAnimal, ReleaseAnimal, ReturnEquipment, TradePeat
from ..interpreter.state import Phase, PlayerState
from . import animals, barn
from .building_abilities import anytime_building_moves, use_anytime_building
from .supply import gain, pay
from .vehicles import apply_load, load_moves

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.moves import Move

WORK_PHASES = (Phase.WORK, Phase.FINAL_TURNS)
#: Read at every listing (an Enum member read through its class is slow on Python 3.11).
PEAT, PEAT_BOAT = Good.PEAT, Equipment.PEAT_BOAT


def peat_trades(p: PlayerState) -> list[Move]:
    """Peat Boat: 1 Peat for 1 good of the Goods Track, as often as you like."""
    if p.goods[PEAT] < 1 or not any(e.kind == PEAT_BOAT for e in p.barn):
        return []
    return [_TRADES[x] for x in TRACK_GOODS if p.goods[x] < (cap_of(x) or 0)]


#: The Peat Boat's trade moves, made once (moves are frozen).
_TRADES = {x: TradePeat(x) for x in TRACK_GOODS}


def release_moves(p: PlayerState) -> list[ReleaseAnimal]:
    """Return an Animal of the Home Board to the general supply (p. 9: at any time, unlike
    rearranging, which the rulebook keeps to the Work Phase). Animals still waiting for a place
    are released by the decision that houses them."""
    return [_release(a, h) for h, here in p.animals.items() if h != animals.WAITING for a in here]


@functools.cache
def _release(animal: Animal, src: str) -> ReleaseAnimal:
    """Each release move made once and shared (moves are frozen)."""
    return ReleaseAnimal(animal, src)


@functools.cache
def _return(equipment: int) -> ReturnEquipment:
    """Each return move made once and shared (moves are frozen)."""
    return ReturnEquipment(equipment)


@per_board
def board_animal_moves(p: PlayerState) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    """The Animal moves of the board: moving one Animal between places (waiting Animals are
    housed by their own decision), only in the Work Phase; and releasing one (``release_moves``).
    Both depend on the board alone, so they are remembered together."""
    return tuple(animals.rearrange_moves(p, waiting=False)), tuple(release_moves(p))


def anytime_moves(g: Game, p: PlayerState) -> list[Move]:
    in_work = g.state.phase in WORK_PHASES
    board_moves, releases = board_animal_moves(p)
    moves: list[Move] = [*board_moves, *releases] if in_work else list(releases)
    if p.barn:
        if in_work:
            moves += load_moves(g, p)
        moves += [_return(e.id) for e in p.barn]
        moves += peat_trades(p)
    if p.buildings:
        moves += anytime_building_moves(g, p)
    return moves


def apply_anytime(g: Game, p: PlayerState, move: Move) -> None:
    match move:
        case MoveAnimal(animal=a, src=s, dst=d):
            animals.move_animal(g, p, a, s, d)
        case ReleaseAnimal(animal=a, src=s):
            animals.release(g, p, a, s)
        case ReturnEquipment(equipment=e):
            barn.return_piece(g, p, e)
        case TradePeat(good=x):
            pay(g, p, ((Good.PEAT, 1),))
            gain(g, p, x, 1)
        case _ if type(move).__name__ == "Load":
            apply_load(g, p, move)
        case _:
            use_anytime_building(g, p, move)
