"""Where everything lies on a Home Board (scene coordinates) and what its tiles and Moors say
in their tooltips: plain functions of the player's state, no scene. Layout: RULES-DECISIONS.md
"Home Board landscape" and "Dikes" (rows 0-2 Tidal Flats, 3-4 Mainland, 5-6 Moor; dike gap 0 just
above the Mainland, gap 3 above row 0).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF

from arle.engine import (
    BUILDINGS,
    TILE_VP,
    TRACK_CAP,
    TRAVEL_TRACK_SPACES,
    MoorTile,
    PlayerState,
    Tile,
    animal_holders,
    noun,
)
from arle.files.catalogues import N_
from arle.gui.boards.pieces import tr
from arle.gui.kit.style import name_of
from arle.gui.kit.texts import say

_CTX = "HomeBoardScene"


def _t(text: str) -> str:
    return tr(text, _CTX)


# -- geometry (scene coordinates) ------------------------------------------------------------------------

WIDTH, HEIGHT = 800.0, 900.0
TRACK_Y = 30.0  # Goods Track spaces
TRACK_H = 92.0
TRAVEL_X, TRAVEL_W = 12.0, 58.0
GRID_X, GRID_Y = 88.0, 150.0
CELL_W, CELL_H = 112.0, 88.0
GAP_H = 24.0
PANEL_X = GRID_X + 3 * CELL_W + 22.0
PANEL_W = WIDTH - PANEL_X - 12.0
TOKEN = 30.0
DIKE_TOKEN = 22.0

TRAY_RECT = QRectF(PANEL_X, GRID_Y, PANEL_W, 150)
WAITING_RECT = QRectF(PANEL_X, GRID_Y + 164, PANEL_W, 120)
RELEASE_RECT = QRectF(PANEL_X, GRID_Y + 298, PANEL_W, 86)
PEAT_RECT = QRectF(PANEL_X, GRID_Y + 398, PANEL_W, 86)
INFO_RECT = QRectF(PANEL_X, GRID_Y + 498, PANEL_W, 206)
TRAVEL_BOTTOM = GRID_Y + 4 * GAP_H + 7 * CELL_H
TRAVEL_SPACE_H = (TRAVEL_BOTTOM - GRID_Y) / TRAVEL_TRACK_SPACES


def row_top(row: int) -> float:
    gaps_above = row + 1 if row <= 2 else 4
    return GRID_Y + gaps_above * GAP_H + row * CELL_H


def cell_rect(row: int, col: int) -> QRectF:
    return QRectF(GRID_X + col * CELL_W, row_top(row), CELL_W, CELL_H)


def gap_rect(gap: int, col: int) -> QRectF:
    """A Dike position: gap 0 lies just above row 3, gap 3 above row 0."""
    y = row_top(3 - gap) - GAP_H
    return QRectF(GRID_X + col * CELL_W + 6, y + 2, CELL_W - 12, GAP_H - 4)


def moor_rect(m: MoorTile) -> QRectF:
    rect = QRectF()
    for r, c in m.spaces:
        rect = rect.united(cell_rect(r, c)) if not rect.isNull() else cell_rect(r, c)
    return rect


def track_space_rect(value: int) -> QRectF:
    w = (WIDTH - 24) / (TRACK_CAP + 1)
    return QRectF(12 + value * w, TRACK_Y, w, TRACK_H)


def travel_space_rect(index: int) -> QRectF:
    """Travel Experience space ``index`` (0 = bottom)."""
    y = TRAVEL_BOTTOM - (index + 1) * TRAVEL_SPACE_H
    return QRectF(TRAVEL_X, y, TRAVEL_W, TRAVEL_SPACE_H)


def token_rects(area: QRectF, n: int, size: float = TOKEN) -> list[QRectF]:
    """``n`` token places in a centred grid inside ``area`` (up to 3 per row)."""
    if n <= 0:
        return []
    per_row = max(1, min(n, int((area.width() - 4) // (size + 2)), 3))
    rows = (n + per_row - 1) // per_row
    step = size + 3
    top = area.center().y() - rows * step / 2 + 1.5
    rects = []
    for i in range(n):
        r, c = divmod(i, per_row)
        in_row = min(per_row, n - r * per_row)
        left = area.center().x() - in_row * step / 2 + 1.5
        rects.append(QRectF(left + c * step, top + r * step, size, size))
    return rects


# -- words ---------------------------------------------------------------------------------------------

_TILE_TEXT = {
    Tile.GRAIN_FIELD: N_("Grain Field: 1 Grain at each November harvest."),
    Tile.FLAX_FIELD: N_("Flax Field: 1 Flax at each November harvest."),
    Tile.FOREST: N_("Forest: 1 Wood at each November harvest. A Warden can turn it into a Park."),
    Tile.PARK: N_("Park: room for 2 Animals, also of different types (they do not breed here)."),
    Tile.STALL: N_("Stall: up to 3 Animals of one type; a pair with a free place breeds in May. "
                    "A Warden can turn it into a Depot."),
    Tile.DEPOT: N_("Depot: holds no Animals."),
    Tile.STABLE: N_("Stable: up to 6 Animals of one type; pairs with free places breed in May. "
                     "A Warden can turn it into a Double Stall."),
    Tile.DOUBLE_STALL: N_("Double Stall: two Stalls in one tile, each for up to 3 Animals of one type."),
}


def tile_tooltip(tile: str) -> str:
    if tile in BUILDINGS:
        b = BUILDINGS[tile]
        return _t("{name} ({vp} VP)\n{text}").format(name=name_of(tile), vp=b.vp, text=say(noun(b.text)))
    try:
        t = Tile(tile)
    except ValueError:
        return name_of(tile)
    return _t("{text}\nWorth {vp} VP at the end.").format(text=say(noun(_TILE_TEXT[t])), vp=TILE_VP[t])


def moor_tooltip(m: MoorTile) -> str:
    if m.small:
        return _t(
            "Small Boardwalk: a dehydrated Moor with {n} Peat left. -1 VP while it lies here; "
            "cutting its last Peat removes it."
        ).format(n=m.peat)
    if m.dehydrated:
        return _t(
            "Dehydrated Moor with {n} Peat left: -1 VP while it lies here; cutting its last "
            "Peat removes it and frees its 2 spaces."
        ).format(n=m.peat)
    return _t("Moor: -4 VP at the end. Dehydrating it (flipping it) puts 4 Peat on it.")


def holder_capacity(p: PlayerState) -> dict[str, tuple[int, bool, str]]:
    return {hid: (cap, mixed, kind) for hid, cap, mixed, kind in animal_holders(p)}


# -- the scene ----------------------------------------------------------------------------------------------
