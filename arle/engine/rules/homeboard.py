"""The Home Board landscape: Tidal Flats, Dikes and the Dike Line, land spaces, Moors and Peat.

Layout (RULES-DECISIONS.md "Home Board landscape"): 3 columns; rows 0-2 Tidal Flats (row 0 on
top), rows 3-4 Mainland, rows 5-6 Moor. Dike gap 0 lies just above the Mainland, gap 3 above
row 0. The Dike Line is the highest gap holding 3 Dikes; every row below it is land.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..interpreter.events import DikeMoved, MoorChanged, TilePlaced, TileRemoved
from ..interpreter.state import MoorTile, PlayerState, Space

if TYPE_CHECKING:
    from ..interpreter.game import Game

ROWS = 7
COLS = 3
TIDAL_ROWS = (0, 1, 2)
GAPS = 4
#: Dike positions at setup: gap 0 full (the Dike Line), 2 Dikes in gap 1.
START_DIKES: tuple[tuple[int, int], ...] = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1))
MOOR_PEAT = 4
SMALL_BOARDWALK_SPACE: Space = (4, 2)


def space_id(space: Space) -> str:
    return f"{space[0]},{space[1]}"


def parse_space(text: str) -> Space:
    r, c = text.split(",")
    return int(r), int(c)


def dikes_in_gap(p: PlayerState, gap: int) -> int:
    return sum(1 for g, _ in p.dikes if g == gap)


def dike_line(p: PlayerState) -> int:
    """The gap of the Dike Line: the highest gap with 3 Dikes side by side."""
    return _dike_line(tuple(p.dikes))


@functools.lru_cache(maxsize=1024)
def _dike_line(dikes: tuple[tuple[int, int], ...]) -> int:
    """``dike_line`` of the Dikes at ``dikes``: asked at every listing, the Dikes seldom move."""
    counts = [0] * GAPS
    for gap, _ in dikes:
        counts[gap] += 1
    return max(g for g in range(GAPS) if counts[g] == COLS)


def first_land_row(p: PlayerState) -> int:
    return 3 - dike_line(p)


def is_land(p: PlayerState, space: Space) -> bool:
    return space[0] >= first_land_row(p)


def moor_at(p: PlayerState, space: Space) -> MoorTile | None:
    for m in p.moors:
        if space in m.spaces:
            return m
    return None


#: The land spaces, in order, below each first land row.
_LAND_BELOW = {top: tuple((r, c) for r in range(top, ROWS) for c in range(COLS)) for top in range(ROWS)}


def land_spaces(p: PlayerState) -> list[Space]:
    return list(_LAND_BELOW[first_land_row(p)])


def empty_land_spaces(p: PlayerState) -> list[Space]:
    """Land spaces with no tile and no Moor: where tiles go, and pastures for 2 Animals."""
    covered = {s for m in p.moors for s in m.spaces}
    tiles = p.tiles
    return [s for s in _LAND_BELOW[first_land_row(p)] if s not in tiles and s not in covered]


def tidal_penalty_spaces(p: PlayerState) -> int:
    """Top-row Tidal Flat spaces still open to the sea: -1 VP each unless a Dike covers them."""
    if first_land_row(p) == 0:
        return 0
    covered = {c for g, c in p.dikes if g == GAPS - 1}
    return sum(1 for c in range(COLS) if c not in covered)


# -- Dikes -------------------------------------------------------------------------------------


def dike_targets(p: PlayerState) -> tuple[list[int], list[tuple[int, int]]]:
    """The Dikes that may move (the bottom ones) and the free positions they may move to (the
    lowest gap above the Dike Line with room). Empty lists: the Tidal Flats are all diked."""
    line = dike_line(p)
    target_gap = next((gp for gp in range(line + 1, GAPS) if dikes_in_gap(p, gp) < COLS), None)
    if target_gap is None:
        return [], []
    bottom = min(gp for gp, _ in p.dikes)
    movers = [i for i, (gp, _) in enumerate(p.dikes) if gp == bottom]
    taken = {c for gp, c in p.dikes if gp == target_gap}
    return movers, [(target_gap, c) for c in range(COLS) if c not in taken]


def can_move_dike(p: PlayerState) -> bool:
    return bool(dike_targets(p)[1])


def move_dike(g: Game, p: PlayerState, dike: int, to: tuple[int, int]) -> int:
    """Move a Dike (with the Animal on it). Returns the land spaces gained (0 or 3)."""
    before = len(land_spaces(p))
    p.dikes[dike] = to
    gained = len(land_spaces(p)) - before
    g.emit(DikeMoved(p.index, dike, f"{to[0]},{to[1]}", gained))
    return gained


def auto_dike(p: PlayerState) -> tuple[int, tuple[int, int]] | None:
    """The default "+1 Dike": the leftmost bottom Dike to the leftmost free position."""
    movers, targets = dike_targets(p)
    if not targets:
        return None
    return movers[0], targets[0]


# -- Tiles -------------------------------------------------------------------------------------


def place_tile(g: Game, p: PlayerState, tile: str, space: Space) -> None:
    """Put a tile on an empty land space; Animals grazing there must find another place."""
    from .animals import displace

    assert space in empty_land_spaces(p), "tile placed on a space that is not empty land"
    p.tiles[space] = tile
    g.emit(TilePlaced(p.index, tile, space_id(space)))
    displace(g, p, f"s{space_id(space)}")


def remove_tile(g: Game, p: PlayerState, space: Space) -> str:
    from .animals import displace

    tile = p.tiles.pop(space)
    g.emit(TileRemoved(p.index, tile, space_id(space)))
    displace(g, p, f"s{space_id(space)}")
    displace(g, p, f"s{space_id(space)}b")
    return tile


# -- Moors -------------------------------------------------------------------------------------


def moors_with_peat(p: PlayerState) -> list[MoorTile]:
    return [m for m in p.moors if m.dehydrated and m.peat > 0]


def hydrated_moors(p: PlayerState) -> list[MoorTile]:
    return [m for m in p.moors if not m.dehydrated]


def get_moor(p: PlayerState, moor_id: int) -> MoorTile:
    return next(m for m in p.moors if m.id == moor_id)


def dehydrate(g: Game, p: PlayerState, moor_id: int) -> None:
    """Flip a Moor to its dehydrated side and put exactly 4 Peat on it (rulebook p. 9)."""
    m = get_moor(p, moor_id)
    m.dehydrated = True
    m.peat = MOOR_PEAT
    g.emit(MoorChanged(p.index, m.id, m.peat, True, False))


def cut_peat(g: Game, p: PlayerState, moor_id: int) -> None:
    """Take 1 Peat off a dehydrated Moor; its last Peat removes the tile and frees its spaces."""
    from .supply import gain

    m = get_moor(p, moor_id)
    assert m.dehydrated and m.peat > 0
    m.peat -= 1
    from ..content.goods import Good

    gain(g, p, Good.PEAT, 1)
    if m.peat == 0:
        remove_moor(g, p, moor_id)
    else:
        g.emit(MoorChanged(p.index, m.id, m.peat, True, False))


def remove_moor(g: Game, p: PlayerState, moor_id: int) -> None:
    """Remove a Moor tile from play (last Peat cut, or sold at Bremen with its Peat lost)."""
    m = get_moor(p, moor_id)
    p.moors.remove(m)
    g.emit(MoorChanged(p.index, m.id, 0, m.dehydrated, True))


def moor_penalty(p: PlayerState) -> int:
    """-4 VP per hydrated Moor, -1 per dehydrated one (the Small Boardwalk included)."""
    return sum(-1 if m.dehydrated else -4 for m in p.moors)
