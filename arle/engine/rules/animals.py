"""Animal husbandry (rulebook p. 9): where Animals may live, gaining, releasing, breeding.

Holders: each Dike 1 Animal of any type; each empty land space 2 of one type; a Stall 3 of one
type; a Double Stall two Stalls; a Stable 6 of one type; a Park 2 of any types. Animals that have
no place yet wait in holder "x" until the player places or releases them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..content.goods import ANIMALS, Animal
from ..content.tiles import Tile
from ..interpreter.board_memo import per_land
from ..interpreter.events import AnimalMoved, AnimalsChanged
from ..interpreter.moves import MoveAnimal
from ..interpreter.state import PlayerState
from .homeboard import empty_land_spaces, space_id

if TYPE_CHECKING:
    from ..interpreter.game import Game

WAITING = "x"

#: (capacity, mixed types allowed) of each animal tile.
TILE_CAPACITY: dict[str, tuple[int, bool]] = {
    Tile.STALL: (3, False),
    Tile.STABLE: (6, False),
    Tile.DOUBLE_STALL: (3, False),
    Tile.PARK: (2, True),
}
PASTURE = (2, False)
DIKE = (1, True)

#: Auto-placement preference: houses where Animals breed, then pastures, Parks, Dikes.
_PREFERENCE = {"stable": 0, "stall": 1, "pasture": 2, "park": 3, "dike": 4}


#: The kind of holder a tile is, when it is not a Stall.
_HOLDER_KINDS: dict[str, str] = {Tile.STABLE: "stable", Tile.PARK: "park"}


@per_land
def holders(p: PlayerState) -> tuple[tuple[str, int, bool, str], ...]:
    """Every place an Animal may live now: (holder id, capacity, mixed allowed, kind)."""
    result: list[tuple[str, int, bool, str]] = [(f"d{i}", 1, True, "dike") for i in range(5)]
    for space in empty_land_spaces(p):
        result.append((f"s{space_id(space)}", 2, False, "pasture"))
    for space, tile in p.tiles.items():
        cap = TILE_CAPACITY.get(tile)
        if cap is None:
            continue
        sid = f"s{space_id(space)}"
        kind = _HOLDER_KINDS.get(tile, "stall")
        result.append((sid, cap[0], cap[1], kind))
        if tile == Tile.DOUBLE_STALL:
            result.append((sid + "b", 3, False, "stall"))
    return tuple(result)


def holder_info(p: PlayerState, holder: str) -> tuple[int, bool] | None:
    for hid, cap, mixed, _ in holders(p):
        if hid == holder:
            return cap, mixed
    return None


def room(here: Mapping[Animal, int] | None, cap: int, mixed: bool, animal: Animal) -> str | None:
    """Why one more ``animal`` may not join the Animals ``here`` in a holder of ``cap`` Animals
    (``mixed``: of any types; else of one type): "full" or "mixed", None when it fits (rulebook
    p. 9). The one capacity rule: gaining, rearranging and the refusals all ask it."""
    if not here:
        return None if cap > 0 else "full"
    if sum(here.values()) >= cap:
        return "full"
    if not mixed and any(a != animal for a, n in here.items() if n):
        return "mixed"
    return None


def accepts(p: PlayerState, holder: str, animal: Animal, info: tuple[int, bool] | None = None) -> bool:
    """Whether one more ``animal`` may live at ``holder``."""
    info = info or holder_info(p, holder)
    return info is not None and room(p.animals.get(holder), info[0], info[1], animal) is None


def count(p: PlayerState, animal: Animal) -> int:
    n = 0
    for k, h in p.animals.items():
        if k != WAITING:
            n += h.get(animal, 0)
    return n


def total(p: PlayerState) -> int:
    return sum(count(p, a) for a in ANIMALS)


def waiting(p: PlayerState) -> int:
    return sum(p.animals.get(WAITING, {}).values())


def _add(p: PlayerState, holder: str, animal: Animal, n: int = 1) -> None:
    here = p.animals.setdefault(holder, {})
    here[animal] = here.get(animal, 0) + n


def _remove(p: PlayerState, holder: str, animal: Animal, n: int = 1) -> None:
    here = p.animals[holder]
    here[animal] -= n
    if here[animal] == 0:
        del here[animal]
    if not here:
        del p.animals[holder]


def best_holder(p: PlayerState, animal: Animal) -> str | None:
    """Where a new ``animal`` goes by default: with its own kind first, then an empty place."""
    best: tuple[int, int, str] | None = None
    herd = p.animals
    for hid, cap, mixed, kind in holders(p):
        here = herd.get(hid)
        if here:
            if room(here, cap, mixed, animal) is not None:
                continue
            key = (0 if here.get(animal) else 1, _PREFERENCE[kind], hid)
        else:
            key = (1, _PREFERENCE[kind], hid)
        if best is None or key < best:
            best = key
    return best[2] if best else None


def gain_animals(g: Game, p: PlayerState, animal: Animal, n: int) -> None:
    """Gained Animals go where they fit; the rest wait in "x" for the player to decide."""
    for _ in range(n):
        holder = best_holder(p, animal) or WAITING
        _add(p, holder, animal)
        g.emit(AnimalsChanged(p.index, animal.value, holder, 1))


#: Paid Animals leave these holders first, so that pairs in Stalls and Stables keep breeding
#: (RULES-DECISIONS notes "Paying Animals").
_PAY_ORDER = {"waiting": 0, "dike": 1, "pasture": 2, "park": 3, "stall": 4, "stable": 5}


def remove_animals(g: Game, p: PlayerState, animal: Animal, n: int) -> None:
    """Pay Animals: they leave the waiting area first, then Dikes, pastures, Parks, Stalls,
    Stables."""
    kinds = {hid: kind for hid, _cap, _mixed, kind in holders(p)}
    order = sorted(
        (k for k, h in p.animals.items() if h.get(animal)),
        key=lambda k: (_PAY_ORDER[kinds.get(k, "waiting")], k),
    )
    left = n
    for holder in order:
        take = min(left, p.animals[holder].get(animal, 0))
        if take:
            _remove(p, holder, animal, take)
            g.emit(AnimalsChanged(p.index, animal.value, holder, -take))
            left -= take
        if not left:
            return
    assert left == 0, "paid more Animals than the player has"


def move_animal(g: Game, p: PlayerState, animal: Animal, src: str, dst: str) -> None:
    _remove(p, src, animal)
    _add(p, dst, animal)
    g.emit(AnimalMoved(p.index, animal.value, src, dst))


def release(g: Game, p: PlayerState, animal: Animal, src: str) -> None:
    _remove(p, src, animal)
    g.emit(AnimalsChanged(p.index, animal.value, src, -1))


def displace(g: Game, p: PlayerState, holder: str) -> None:
    """Animals on a holder that no longer exists (or shrank) look for another place."""
    here = p.animals.get(holder)
    if not here:
        return
    info = holder_info(p, holder)
    for animal, n in list(here.items()):
        for _ in range(n):
            if info is not None and _fits_as_is(p, holder, info):
                return
            _remove(p, holder, animal)
            dst = best_holder(p, animal) or WAITING
            _add(p, dst, animal)
            g.emit(AnimalMoved(p.index, animal.value, holder, dst))


def _fits_as_is(p: PlayerState, holder: str, info: tuple[int, bool]) -> bool:
    here = p.animals.get(holder, {})
    cap, mixed = info
    return sum(here.values()) <= cap and (mixed or len([a for a in here if here[a]]) <= 1)


def housing_valid(p: PlayerState) -> bool:
    """Every Animal on the board lives where the husbandry rules allow (invariant check)."""
    known = {hid: (cap, mixed) for hid, cap, mixed, _ in holders(p)}
    for holder in p.animals:
        if holder == WAITING:
            continue
        info = known.get(holder)
        if info is None or not _fits_as_is(p, holder, info):
            return False
    return True


def rearrange_moves(p: PlayerState, waiting: bool = True) -> list[MoveAnimal]:
    """Every single-Animal move between holders, the waiting area a source too unless
    ``waiting`` is False."""
    herd = p.animals
    present: set[Animal] = set()
    for held in herd.values():
        present.update(held)
    if not present:
        return []
    # Where one more Animal of each type present may go, in the order of the holders: computed
    # once per type, not per source.
    targets: dict[Animal, list[str]] = {a: [] for a in present}
    for hid, cap, mixed, _ in holders(p):
        here = herd.get(hid)
        for animal, dsts in targets.items():
            if room(here, cap, mixed, animal) is None:
                dsts.append(hid)
    moves: list[MoveAnimal] = []
    for src, here in herd.items():
        if waiting or src != WAITING:
            for animal in here:
                # Each move record is made once and shared (moves are frozen).
                made = _MOVES.setdefault((animal, src), {})
                for dst in targets[animal]:
                    if dst != src:
                        move = made.get(dst)
                        if move is None:
                            move = made[dst] = MoveAnimal(animal, src, dst)
                        moves.append(move)
    return moves


#: Each single-Animal move made so far, by (Animal, source) and destination (a few thousand at
#: most: 3 types, some 30 holders).
_MOVES: dict[tuple[Animal, str], dict[str, MoveAnimal]] = {}


def breed(g: Game, p: PlayerState) -> int:
    """May: a Stall (or half of a Double Stall) with exactly 2 gets 1; a Stable with 2, 3 or 5
    gets 1 and with exactly 4 gets 2. Nothing else breeds. Returns the newborns."""
    born = 0
    for hid, _cap, _mixed, kind in holders(p):
        here = p.animals.get(hid, {})
        if len(here) != 1:
            continue
        (animal, n), = here.items()
        if kind == "stall":
            extra = 1 if n == 2 else 0
        elif kind == "stable":
            extra = {2: 1, 3: 1, 4: 2, 5: 1}.get(n, 0)
        else:
            extra = 0
        if extra:
            _add(p, hid, animal, extra)
            g.emit(AnimalsChanged(p.index, animal.value, hid, extra))
            born += extra
    return born
