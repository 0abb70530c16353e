"""A player's Home Board: the Goods Track, the Travel Experience Track, the polder grid (Tidal
Flats, Dikes, Mainland, Moors), the tiles and buildings, and the Animals.

Everything the player does here is a drag (or a click) that ends in one engine move: a bottom
Dike dragged into the next gap (MoveDike), the pending tile dragged from the tray onto empty land
(PlaceTile), a Peat token dragged off its Moor or clicked (CutPeat), an Animal dragged between
holders, into the waiting area or onto "Release" (MoveAnimal / ReleaseAnimal), a tile or Moor
clicked when a flip or a dehydration is pending (Flip). Where everything lies: ``home_layout``.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainterPath, QPen

from arle.engine import (
    BUILDINGS,
    DESTINATIONS,
    DIKE_GAPS,
    FOOD_CAP,
    HOME_COLS,
    HOME_ROWS,
    TRACK_CAP,
    TRACK_GOODS,
    TRAVEL_TRACK_SPACES,
    Animal,
    CutPeat,
    Flip,
    Good,
    MoorTile,
    MoveAnimal,
    MoveDike,
    Place,
    PlaceKind,
    PlaceTile,
    PlayerState,
    ReleaseAnimal,
    Tile,
    animals_waiting,
    empty_land_spaces,
    first_land_row,
    land_spaces,
    place,
    tidal_penalty_spaces,
    travel_vp,
)
from arle.gui.boards.home_layout import (
    CELL_H,
    CELL_W,
    DIKE_TOKEN,
    GRID_X,
    GRID_Y,
    HEIGHT,
    INFO_RECT,
    PEAT_RECT,
    RELEASE_RECT,
    TOKEN,
    TRAVEL_BOTTOM,
    TRAVEL_W,
    TRAVEL_X,
    TRAY_RECT,
    WAITING_RECT,
    WIDTH,
    cell_rect,
    gap_rect,
    holder_capacity,
    moor_rect,
    moor_tooltip,
    row_top,
    tile_tooltip,
    token_rects,
    track_space_rect,
    travel_space_rect,
)
from arle.gui.boards.pieces import (
    Candidate,
    DragPiece,
    DragSpec,
    PieceItem,
    tr,
)
from arle.gui.boards.scene import PlayerBoardScene
from arle.gui.kit.style import font, name_of, of_name, player_color
from arle.gui.kit.texts import language, say
from arle.match import PERSON
from arle.match.history import REMOTE
from arle.match.words.names import dike_name

if TYPE_CHECKING:
    from collections.abc import Callable

    from arle.gui.session import GameSession

_CTX = "HomeBoardScene"


def _t(text: str) -> str:
    return tr(text, _CTX)


#: The code of the waiting area's place, where Animals wait in the state.
WAITING = Place.waiting().code


def _grid(code: str) -> tuple[int, int]:
    """The (row, column) of a grid position: a land space, or a gap and column for a Dike."""
    where = place(code)
    return where.row, where.col


class HomeBoardScene(PlayerBoardScene):
    """The Home Board of player ``player`` (see the module docstring)."""

    def __init__(self, session: GameSession, player: int, parent: QObject | None = None) -> None:
        super().__init__(session, player, (WIDTH, HEIGHT), parent)

    # -- reading ---------------------------------------------------------------------------------------

    def pending_tile(self) -> str | None:
        """The tile or building the pending decision places (None: no tile to place)."""
        if not any(isinstance(m, PlaceTile) for m in self.my_legal()):
            return None
        d = self.session.match.game.decision
        return str(getattr(d, "tile", "") or "") or "tile"  # a tile or a building (PlaceTileDecision)

    def holder_rect(self, holder: str) -> QRectF | None:
        p = self.p
        where = place(holder)
        if where.kind is PlaceKind.WAITING:
            return WAITING_RECT.adjusted(6, 22, -6, -6)
        if where.kind is PlaceKind.DIKE:
            i = where.number
            return gap_rect(*p.dikes[i]) if 0 <= i < len(p.dikes) else None
        if where.kind is PlaceKind.SPACE:
            rect = cell_rect(where.row, where.col)
            if p.tiles.get((where.row, where.col)) == Tile.DOUBLE_STALL:
                half = rect.width() / 2
                return QRectF(rect.x() + (half if where.second else 0), rect.y(), half, rect.height())
            return rect
        return None

    def animal_token_rects(self, holder: str) -> list[tuple[Animal, QRectF]]:
        """Where each Animal of ``holder`` is drawn, in a stable order."""
        here = self.p.animals.get(holder, {})
        area = self.holder_rect(holder)
        if area is None:
            return []
        seq = [a for a in (Animal.SHEEP, Animal.CATTLE, Animal.HORSE) for _ in range(here.get(a, 0))]
        kind = place(holder).kind
        if kind is PlaceKind.DIKE:
            c = area.center()
            return [
                (a, QRectF(c.x() - DIKE_TOKEN / 2 + i * 8, c.y() - DIKE_TOKEN / 2, DIKE_TOKEN, DIKE_TOKEN))
                for i, a in enumerate(seq)
            ]
        size = TOKEN if len(seq) <= 3 else (26.0 if len(seq) <= 6 else 22.0)
        inner = area.adjusted(3, 10, -3, -3) if kind is PlaceKind.SPACE else area
        return list(zip(seq, token_rects(inner, len(seq), size), strict=True))

    def peat_rects(self, m: MoorTile) -> list[QRectF]:
        return token_rects(moor_rect(m).adjusted(6, 22, -6, -6), m.peat, 28.0)

    # -- positions for tests and other views ----------------------------------------------------------------

    def source_pos(self, move: Any) -> QPointF | None:
        """Where the piece that makes ``move`` lies (drag it from here), or None."""
        self.ensure_fresh()
        p = self.p
        if isinstance(move, MoveDike):
            return gap_rect(*p.dikes[move.dike]).center() if 0 <= move.dike < len(p.dikes) else None
        if isinstance(move, PlaceTile):
            return self._tray_piece_rect().center()
        if isinstance(move, CutPeat):
            m = next((m for m in p.moors if m.id == move.moor), None)
            rects = self.peat_rects(m) if m else []
            return rects[-1].center() if rects else None
        if isinstance(move, MoveAnimal | ReleaseAnimal):
            for a, rect in reversed(self.animal_token_rects(move.src)):
                if a == move.animal:
                    return rect.center()
            return None
        return None

    def target_pos(self, move: Any) -> QPointF | None:
        """Where to drop (or click) to make ``move``, or None if this board has no such place."""
        self.ensure_fresh()
        if isinstance(move, MoveDike):
            return gap_rect(*_grid(move.to)).center()
        if isinstance(move, PlaceTile):
            return cell_rect(*_grid(move.space)).center()
        if isinstance(move, CutPeat):
            return PEAT_RECT.center()
        if isinstance(move, MoveAnimal):
            rect = self.holder_rect(move.dst)
            return rect.center() if rect is not None else None
        if isinstance(move, ReleaseAnimal):
            return RELEASE_RECT.center()
        if isinstance(move, Flip):
            target = place(move.target)
            if target.kind is PlaceKind.MOOR:
                m = next((m for m in self.p.moors if m.id == target.number), None)
                return moor_rect(m).center() if m else None
            if target.kind is PlaceKind.SPACE:
                return cell_rect(target.row, target.col).center()
        return None

    # -- building the picture ---------------------------------------------------------------------------

    def build(self) -> None:
        """The board in parts, each keyed by the values it shows: a move changes one or two of
        them (the goods, the Animals, a Dike), and only those are drawn again."""
        p = self.p
        legal = self.my_legal()
        color = player_color(self.session, self.player)
        title = _t("{name}'s Home Board").format(name=p.name, of_name=of_name(p.name))
        if self.mine_to_act():  # (the computer's board is not "your" turn: issue 43)
            seat = self.session.match.seat(self.player)
            title += "  -  " + (_t("your turn") if seat == PERSON else _t("waiting for {name}").format(
                name=p.name) if seat == REMOTE else _t("the computer's turn"))
        self.part("frame", (color.name(), title), lambda: self.add_frame(color, title))
        self.part("goods track", (), self._build_track_spaces)
        # (the Goods Track's goods only: paying Wood or Clay leaves the track as it is)
        self.part("goods", tuple(p.goods[g] for g in TRACK_GOODS), lambda: self._build_goods(p))
        self.part("travel track", (), self._build_travel_spaces)
        self.part("travel", tuple(p.travel), lambda: self._build_travel(p))
        self.part("labels", (), self._build_labels)
        self._build_grid(p, legal)
        dikes = tuple(p.dikes)
        tiles = tuple(p.tiles.items())
        dike_moves = frozenset((m.dike, m.to) for m in legal if isinstance(m, MoveDike))
        self.part("dikes", (dikes, dike_moves), lambda: self._build_dikes(p, legal))
        tile = self.pending_tile()
        self.part("tray", (tile,), lambda: self._build_tray(tile))
        waiting = bool(animals_waiting(p))
        self.part("waiting", (waiting,), lambda: self._build_waiting(waiting))
        self.part("release", (), self._build_release)
        cutting = any(isinstance(m, CutPeat) for m in legal)
        remaining = getattr(self.session.match.game.decision, "remaining", "?") if cutting else None
        self.part("peat", (cutting, p.goods[Good.PEAT], remaining),
                  lambda: self._build_peat(p, cutting, remaining))
        now, numbers = self._info(p)
        self.part("info", (now, numbers), lambda: self._build_info(now, numbers))
        animals = tuple((holder, tuple(here.items())) for holder, here in p.animals.items())
        # (what a dragged Animal may do is asked when it is dragged: only the waiting ones glow)
        astray = frozenset(m.animal for m in legal if isinstance(m, MoveAnimal | ReleaseAnimal)
                           and m.src == WAITING)
        self.part("animals", (animals, dikes, tiles, astray), lambda: self._build_animals(p, legal))

    # Goods Track -----------------------------------------------------------------------------------------

    def _build_track_spaces(self) -> None:
        for v in range(TRACK_CAP + 1):
            rect = track_space_rect(v)
            self.add_box(rect.adjusted(1, 0, -1, 0), "#f8f3e3" if v % 5 else "#eadfbf", "#b7a77c", 3)
            self.add_text(str(v), rect.x() + 2, rect.y() - 1, 7.5, True, "#7a6a45")

    def _build_goods(self, p: PlayerState) -> None:
        placed: dict[int, list[tuple[str, str]]] = {}
        food = p.goods[Good.FOOD]
        first, second = min(food, TRACK_CAP), max(0, food - TRACK_CAP)
        placed.setdefault(first, []).append(("food", ""))
        placed.setdefault(second, []).append(("food", "+15"))
        for track_good in TRACK_GOODS[1:]:
            placed.setdefault(p.goods[track_good], []).append((track_good.value, ""))
        for v, items in placed.items():
            rect = track_space_rect(v)
            cols = 1 if len(items) <= 3 else 2
            size = min(24.0, (rect.width() - 6) / cols - 1)
            for i, (good, badge) in enumerate(items):
                r, c = divmod(i, cols) if cols == 2 else (i, 0)
                x = rect.center().x() - cols * (size + 1) / 2 + c * (size + 1)
                piece = PieceItem(
                    f"goods/{good}.svg",
                    QRectF(x, rect.y() + 16 + r * (size + 1), size, size),
                    fill=QColor("#fffdf5"),
                )
                piece.round = size / 2
                piece.outline = QColor("#8a7a50")
                if badge:  # the second Food indicator counts 15 more: a dark ring tells it apart
                    piece.outline = QColor("#1e1e1e")
                    piece.fill = QColor("#ffe9a8")
                piece.setToolTip(self._goods_tooltip(good, p, badge))
                self.add_item(piece)
        words = _t("Goods Track  -  Food {food} of {cap}").format(food=food, cap=FOOD_CAP)
        # Right-aligned inside the board's frame, however long the language makes it (the
        # French ran over the frame from a fixed start).
        right = WIDTH - 14 - QFontMetricsF(font(9, True)).horizontalAdvance(words)
        total = self.add_text(words, min(WIDTH - 250, right), 6, 9, True)
        total.setToolTip(_t("Food uses two indicators: the second one counts 15 more."))

    def _goods_tooltip(self, good: str, p: PlayerState, badge: str) -> str:
        if badge:
            return _t("Second Food indicator (+15): Food {n} in all").format(n=p.goods[Good.FOOD])
        if good == "food":
            return _t("Food: {n} (two indicators, up to 30)").format(n=p.goods[Good.FOOD])
        return _t("{good}: {n} (up to 15)").format(good=name_of(good), n=p.goods[Good(good)])

    # Travel Experience Track ------------------------------------------------------------------------------

    def _build_travel_spaces(self) -> None:
        self.add_text(_t("Travel"), TRAVEL_X - 2, GRID_Y - 22, 8, True)
        for i in range(TRAVEL_TRACK_SPACES):
            rect = travel_space_rect(i)
            self.add_box(rect.adjusted(0, 1, 0, -1), "#f6f0de", "#b7a77c", 3)
            self.add_text(str(i + 1), rect.x() + 1, rect.y() + 4, 6.5, False, "#9a8a62")

    def _build_travel(self, p: PlayerState) -> None:
        at = 0
        for dest in p.travel:
            d = DESTINATIONS[dest]
            top = travel_space_rect(min(TRAVEL_TRACK_SPACES, at + d.size) - 1)
            bottom = travel_space_rect(min(at, TRAVEL_TRACK_SPACES - 1))
            rect = QRectF(TRAVEL_X + 3, top.y() + 2, TRAVEL_W - 6, bottom.bottom() - top.y() - 4)
            box = self.add_box(rect, "#d9c38f", "#6b5a2a", 4)
            box.setToolTip(_t("{name}: {n} spaces of travel experience").format(name=name_of(dest), n=d.size))
            self.add_text(name_of(dest), rect.x(), rect.y() + 1, 6.5, True, "#3a2f12", rect.width())
            at += d.size
        vp = travel_vp(min(at, TRAVEL_TRACK_SPACES))
        label = self.add_text(_t("{vp} VP").format(vp=vp), TRAVEL_X, TRAVEL_BOTTOM + 2, 8, True)
        label.setToolTip(
            _t("Travel Experience: {n} of 19 spaces covered, worth {vp} VP (at most 10)").format(n=at, vp=vp)
        )

    # Polder grid --------------------------------------------------------------------------------------------

    def _build_labels(self) -> None:
        """Row and column numbers, as the log and the status bar name the spaces ("row 5,
        column 2"; issue 13)."""
        ink = "#6b5b35"
        self.add_text(_t("row"), GRID_X - 19, GRID_Y - 21, 7.5, False, ink)
        for r in range(HOME_ROWS):
            label = self.add_text(str(r + 1), GRID_X - 17, row_top(r) + CELL_H / 2 - 11, 9, True, ink)
            label.setToolTip(_t("row {n}").format(n=r + 1))
        for c in range(HOME_COLS):
            rect = cell_rect(0, c)
            self.add_text(_t("column {n}").format(n=c + 1), rect.x() + CELL_W / 2 - 28, GRID_Y - 21, 8,
                          True, ink)

    def _build_grid(self, p: PlayerState, legal: list[Any]) -> None:
        """The polder grid, a part a space, a Moor and the Dike Line each: a tile placed, a
        Dike moved or the free spaces lit for a tile draw those spaces again, not the grid."""
        land_top = first_land_row(p)
        covered = {s for m in p.moors for s in m.spaces}
        flips = frozenset(m.target for m in legal if isinstance(m, Flip))
        places = {m.space for m in legal if isinstance(m, PlaceTile)}
        cuts = frozenset(m.moor for m in legal if isinstance(m, CutPeat))
        for r in range(HOME_ROWS):
            for c in range(HOME_COLS):
                name, rect = f"space {r},{c}", cell_rect(r, c)
                tile = p.tiles.get((r, c))
                if r < land_top:
                    self.part(name, ("tidal",), partial(self._tidal, rect, r))
                elif (r, c) in covered:  # (drawn with its Moor)
                    self.part(name, ("moor",), lambda: None)
                elif tile is None:
                    target = Place.cell(r, c).code in places
                    self.part(name, ("land", target), partial(self._pasture, rect, r < 3, target))
                else:
                    space, target = Place.space(r, c).code, Place.cell(r, c).code in places
                    self.part(name, ("tile", tile, space in flips, target),
                              partial(self._tile, rect, tile, space, flips, target))
        for m in p.moors:
            key = (m.spaces, m.dehydrated, m.peat, m.small, Place.moor(m.id).code in flips, m.id in cuts)
            self.part(f"moor {m.id}", key, partial(self._moor, m, legal, flips))
        # The Dike Line: a strong line under the gap that holds 3 Dikes.
        line_y = row_top(land_top)
        line = QPainterPath(QPointF(GRID_X, line_y))
        line.lineTo(GRID_X + 3 * CELL_W, line_y)
        self.part("dike line", (line_y,),
                  lambda: self.add_lines(("dike line", line_y), line, QPen(QColor("#3b5d2a"), 2.5)))

    def _tidal(self, rect: QRectF, row: int) -> None:
        box = self.add_box(rect.adjusted(1, 1, -1, -1), "#9fc3d6", "#5f8aa3", 2)
        tip = _t("Tidal Flat: it becomes land once a full row of 3 Dikes is built above it.")
        if row == 0:
            tip += " " + _t("Top-row spaces not covered by a Dike cost 1 VP each at the end.")
        box.setToolTip(tip)
        path = QPainterPath()
        for k in range(3):
            y = rect.y() + 22 + k * 24
            path.moveTo(rect.x() + 10, y)
            for s in range(4):
                x = rect.x() + 10 + s * 23
                path.quadTo(x + 6, y - 6, x + 11.5, y)
                path.quadTo(x + 17, y + 6, x + 23, y)
        self.add_lines(("waves", rect.getRect()), path, QPen(QColor("#e9f3f8"), 1.6))

    def _pasture(self, rect: QRectF, reclaimed: bool, target: bool) -> None:
        fill = "#cfe3a6" if reclaimed else "#bcd98f"
        box = self.add_box(
            rect.adjusted(1, 1, -1, -1), fill, "#7f9f58", 2, 1.5 if target else 1.2, dash=target
        )
        box.setToolTip(_t("Empty land: a pasture for up to 2 Animals of one type, or room for a tile."))
        if target:
            self.add_box(rect.adjusted(4, 4, -4, -4), "#00000000", "#2e9d5b", 5, 2.5, dash=True)

    def _tile(self, rect: QRectF, tile: str, target: str, flips: frozenset[str], replaced: bool) -> None:
        """A tile on the Home Board; ``replaced``: a tile may be put in its place (the Farmer's
        Inn's Forests over Fields), lit as an empty space is for a new tile."""
        inner = rect.adjusted(2, 2, -2, -2)
        if tile in BUILDINGS:
            from arle.gui.kit.style import BUILDING_COLORS

            fill = QColor(BUILDING_COLORS.get(BUILDINGS[tile].color.value, "#dddddd"))
            item = self.add_item(PieceItem(None, inner, fill=fill))
            self.add_item(PieceItem("tiles/building.svg", QRectF(inner.x() + 4, inner.y() + 4, 34, 34)))
            self.add_text(
                name_of(tile), inner.x() + 2, inner.y() + 38, 7.5, True, "#1e2a20", inner.width() - 4
            )
            self.add_text(
                _t("{vp} VP").format(vp=BUILDINGS[tile].vp), inner.right() - 40, inner.y() + 4, 8, True
            )
        else:
            item = self._flip_piece(f"tiles/{tile}.svg", inner, target, flips)
        item.setToolTip(tile_tooltip(tile))
        if replaced:
            self.add_box(rect.adjusted(4, 4, -4, -4), "#00000000", "#2e9d5b", 5, 2.5, dash=True)

    def _flip_piece(self, art: str, rect: QRectF, target: str, flips: frozenset[str]) -> PieceItem:
        if target in flips:
            move = Flip(target)
            item: PieceItem = DragPiece(self, art, rect, DragSpec(click_move=lambda: move))
            item.glow = True
        else:
            item = PieceItem(art, rect)
        return self.add_item(item)

    def _moor(self, m: MoorTile, legal: list[Any], flips: frozenset[str]) -> None:
        rect = moor_rect(m).adjusted(2, 2, -2, -2)
        art = "tiles/dehydrated_moor.svg" if m.dehydrated else "tiles/moor.svg"
        item = self._flip_piece(art, rect, Place.moor(m.id).code, flips)
        item.setToolTip(moor_tooltip(m))
        label = tr("Small Boardwalk") if m.small else tr("Moor {n}").format(n=m.id + 1)  # as the log says
        tag = self.add_text(label, rect.x() + 2, rect.y() + 1, 7.5, True, "#fff6e0", rect.width())
        tag.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        cut = CutPeat(m.id)
        can_cut = cut in legal
        for prect in self.peat_rects(m):
            spec = DragSpec(
                candidates=lambda: [Candidate(cut, PEAT_RECT)] if cut in self.my_legal() else [],
                click_move=lambda: cut if cut in self.my_legal() else None,
                drop_anywhere=lambda: cut if cut in self.my_legal() else None,
                home=rect,
                refusal=lambda pos: self.session.why_not(cut),
            )
            peat = DragPiece(self, "goods/peat.svg", prect, spec)
            peat.glow = can_cut
            peat.setToolTip(_t("Peat: drag it off the Moor (or click it) to cut it when cutting Peat."))
            self.add_item(peat)

    # Dikes ---------------------------------------------------------------------------------------------

    def _build_dikes(self, p: PlayerState, legal: list[Any]) -> None:
        dike_moves = [m for m in legal if isinstance(m, MoveDike)]
        targets = {place(m.to) for m in dike_moves}
        for gap in range(DIKE_GAPS):
            for col in range(HOME_COLS):
                rect = gap_rect(gap, col)
                if Place.cell(gap, col) in targets:
                    self.add_box(rect, "#d8f0d8", "#2e9d5b", 6, 2, dash=True)
                elif (gap, col) not in p.dikes:
                    self.add_box(rect.adjusted(8, 6, -8, -6), "#00000000", "#8aa6b5", 4, 1, dash=True)
        for i, (gap, col) in enumerate(p.dikes):
            rect = gap_rect(gap, col)
            mine = [m for m in dike_moves if m.dike == i]
            spec = DragSpec(candidates=partial(self._dike_candidates, i),
                            refusal=partial(self._dike_refusal, i))
            piece = DragPiece(self, "tiles/dike.svg", rect, spec)
            piece.glow = bool(mine)
            name = dike_name(p, i, language())  # (by its column, as the log names it: issue 50 item 27)
            piece.setToolTip(
                _t(
                    "{dike}: holds 1 Animal of any type. A full row of 3 Dikes turns the "
                    "Tidal Flats below it into land."
                ).format(dike=name[:1].upper() + name[1:])
            )
            self.add_item(piece)

    def _dike_candidates(self, dike: int) -> list[Candidate]:
        return [Candidate(m, gap_rect(*_grid(m.to))) for m in self.my_legal()
                if isinstance(m, MoveDike) and m.dike == dike]

    def _dike_refusal(self, dike: int, pos: QPointF) -> str | None:
        """The engine's reason for moving ``dike`` to the gap place under ``pos`` (or to where it
        lies, when dropped on no gap place: the engine then says where a Dike may go)."""
        to = self._space_at(pos, gap_rect, DIKE_GAPS) or Place.cell(*self.p.dikes[dike]).code
        return self.session.why_not(MoveDike(dike, to))

    @staticmethod
    def _space_at(pos: QPointF, rect_of: Callable[[int, int], QRectF], rows: int) -> str | None:
        """The "row,col" of the Home Board space (``cell_rect``) or gap place (``gap_rect``) under
        ``pos``, if any."""
        return next(
            (Place.cell(r, c).code for r in range(rows) for c in range(HOME_COLS)
             if rect_of(r, c).contains(pos)),
            None,
        )

    # Side panel: tray, waiting Animals, release, Peat ------------------------------------------------------

    def _tray_piece_rect(self) -> QRectF:
        return QRectF(TRAY_RECT.center().x() - 48, TRAY_RECT.y() + 34, 96, 96 * CELL_H / CELL_W)

    def _build_tray(self, tile: str | None) -> None:
        self.add_box(TRAY_RECT, "#f7f1df", "#a89464", 8)
        self.add_text(_t("Tile to place"), TRAY_RECT.x() + 8, TRAY_RECT.y() + 4, 9, True)
        if tile is None:
            self.add_text(
                _t("Tiles you get appear here: drag them onto an empty land space."),
                TRAY_RECT.x() + 8,
                TRAY_RECT.y() + 40,
                8,
                False,
                "#7a6a45",
                TRAY_RECT.width() - 16,
            )
        else:
            rect = self._tray_piece_rect()
            spec = DragSpec(
                candidates=lambda: [
                    Candidate(m, cell_rect(*_grid(m.space)))
                    for m in self.my_legal()
                    if isinstance(m, PlaceTile)
                ],
                refusal=lambda pos: self.session.why_not(
                    PlaceTile(self._space_at(pos, cell_rect, HOME_ROWS) or "")
                ),
            )
            if tile in BUILDINGS:
                from arle.gui.kit.style import BUILDING_COLORS

                fill = QColor(BUILDING_COLORS.get(BUILDINGS[tile].color.value, "#dddddd"))
                piece = DragPiece(self, "tiles/building.svg", rect, spec, fill=fill)
            else:
                piece = DragPiece(self, f"tiles/{tile}.svg", rect, spec)
            piece.glow = True
            piece.setToolTip(tile_tooltip(tile))
            self.add_item(piece)
            self.add_text(name_of(tile), TRAY_RECT.x() + 8, TRAY_RECT.bottom() - 24, 8.5, True)

    def _build_waiting(self, waiting: bool) -> None:
        self.add_box(
            WAITING_RECT,
            "#fbe9d0" if waiting else "#f7f1df",
            "#c0392b" if waiting else "#a89464",
            8,
            2 if waiting else 1.2,
        )
        self.add_text(
            _t("Animals without a place") if waiting else _t("Waiting area"),
            WAITING_RECT.x() + 8,
            WAITING_RECT.y() + 2,
            9,
            True,
        )
        if not waiting:
            self.add_text(
                _t("Drag Animals here to make room while you rearrange."),
                WAITING_RECT.x() + 8,
                WAITING_RECT.y() + 40,
                8,
                False,
                "#7a6a45",
                WAITING_RECT.width() - 16,
            )

    def _build_release(self) -> None:
        release = self.add_box(RELEASE_RECT, "#f1e4e0", "#9a5040", 8, 1.2, dash=True)
        release.setToolTip(_t("Drop an Animal here to return it to the general supply."))
        self.add_text(_t("Release"), RELEASE_RECT.x() + 8, RELEASE_RECT.y() + 4, 9, True, "#7a2f20")
        self.add_text(
            _t("Drop an Animal here to return it to the supply."),
            RELEASE_RECT.x() + 8,
            RELEASE_RECT.y() + 28,
            8,
            False,
            "#7a4a40",
            RELEASE_RECT.width() - 16,
        )

    def _build_peat(self, p: PlayerState, cutting: bool, remaining: Any) -> None:
        self.add_box(PEAT_RECT, "#efe3d3" if not cutting else "#e2f2e0", "#6b4a31", 8, 2 if cutting else 1.2)
        self.add_item(PieceItem("goods/peat.svg", QRectF(PEAT_RECT.x() + 10, PEAT_RECT.y() + 26, 44, 44)))
        self.add_text(
            _t("Peat: {n}").format(n=p.goods[Good.PEAT]), PEAT_RECT.x() + 62, PEAT_RECT.y() + 8, 10, True
        )
        hint = (
            _t("Cut Peat: drag Peat off the Small Boardwalk or a dehydrated Moor, or click it ({n} more).")
            .format(n=remaining)
            if cutting
            else _t("Your Peat in the personal supply.")
        )
        self.add_text(
            hint, PEAT_RECT.x() + 62, PEAT_RECT.y() + 32, 8, False, "#4a3020", PEAT_RECT.width() - 70
        )

    def _info(self, p: PlayerState) -> tuple[str, str]:
        """What is being decided now, and the landscape in numbers (the words of the info box)."""
        game = self.session.match.game
        if game.over:
            now = _t("The game is over.")
        elif self.mine_to_act():
            now = _t("Now: {prompt}").format(prompt=say(game.prompt()))
        else:
            actor = game.actor
            other = game.state.players[actor].name if actor is not None else ""
            now = _t("Waiting for {name}.").format(name=other, of_name=of_name(other))
        land = len(land_spaces(p))
        empty = len(empty_land_spaces(p))
        open_sea = tidal_penalty_spaces(p)
        lines = [
            _t("Land spaces: {n} ({e} empty)").format(n=land, e=empty),
            _t("Dike Line: above row {r}").format(r=first_land_row(p) + 1),  # (the board's row numbers)
            _t("Open top-row Tidal Flats: {n} (-1 VP each)").format(n=open_sea)
            if open_sea
            else _t("Top row of Tidal Flats: no penalty"),
            _t("Moors: {n} (-4 VP wet, -1 VP dehydrated)").format(n=len(p.moors)),
        ]
        return now, "\n".join(lines)

    def _build_info(self, now: str, numbers: str) -> None:
        """The info box: ``_info``'s words."""
        self.add_box(INFO_RECT, "#f7f1df", "#a89464", 8)
        self.add_text(now, INFO_RECT.x() + 8, INFO_RECT.y() + 6, 9, True, "#2b3a2f", INFO_RECT.width() - 16)
        self.add_text(
            numbers,
            INFO_RECT.x() + 8,
            INFO_RECT.bottom() - 84,
            8,
            False,
            "#5a4a2a",
            INFO_RECT.width() - 16,
        )

    # Animals ---------------------------------------------------------------------------------------------

    def _build_animals(self, p: PlayerState, legal: list[Any]) -> None:
        movable = {(m.animal, m.src) for m in legal if isinstance(m, MoveAnimal | ReleaseAnimal)}
        for holder in list(p.animals):
            for animal, rect in self.animal_token_rects(holder):
                spec = DragSpec(
                    candidates=partial(self._animal_candidates, animal, holder),
                    refusal=partial(self._animal_refusal, animal, holder),
                    beneath=partial(self._dike_asked, holder),
                )
                piece = DragPiece(self, f"animals/{animal.value}.svg", rect, spec, fill=QColor("#fffaf0"))
                piece.round = rect.width() / 2
                piece.outline = QColor("#6b5a3a")
                piece.glow = holder == WAITING and (animal, holder) in movable
                piece.setToolTip(
                    _t("{animal}: drag it to another place, to the waiting area or onto Release.").format(
                        animal=name_of(animal.value)
                    )
                )
                self.add_item(piece)

    def _dike_asked(self, holder: str) -> bool:
        """Whether ``holder`` is a Dike the decision asks to move: an Animal on it then lets the
        press through to the Dike (issue 43: such a Dike could be grabbed only at its ends)."""
        where = place(holder)
        if where.kind is not PlaceKind.DIKE:
            return False
        asked = self.session.match.game.decision_moves() if self.mine_to_act() else []
        return any(isinstance(m, MoveDike) and m.dike == where.number for m in asked)

    def _animal_candidates(self, animal: Animal, src: str) -> list[Candidate]:
        p = self.p
        caps = holder_capacity(p)
        result = []
        for m in self.my_legal():
            if isinstance(m, MoveAnimal) and m.animal == animal and m.src == src:
                rect = self.holder_rect(m.dst)
                if rect is None:
                    continue
                if m.dst == WAITING:
                    result.append(Candidate(m, WAITING_RECT, ""))
                    continue
                cap = caps.get(m.dst, (0, False, ""))[0]
                n = sum(p.animals.get(m.dst, {}).values())
                result.append(Candidate(m, rect, f"{n}/{cap}"))
            elif isinstance(m, ReleaseAnimal) and m.animal == animal and m.src == src:
                result.append(Candidate(m, RELEASE_RECT, ""))
        return result

    def _holder_at(self, pos: QPointF) -> str | None:
        p = self.p
        for hid in holder_capacity(p):
            rect = self.holder_rect(hid)
            if rect is not None and rect.contains(pos):
                return hid
        return WAITING if WAITING_RECT.contains(pos) else None

    def _animal_refusal(self, animal: Animal, src: str, pos: QPointF) -> str | None:
        """Why the drop at ``pos`` is refused: the engine's reason for the move it asks for (a
        release, a move to the place under it). Dropped on no place: the hint where to drop it,
        or, when this Animal may not move at all now, the engine's reason that keeps it there."""
        if RELEASE_RECT.contains(pos):
            return self.session.why_not(ReleaseAnimal(animal, src))
        holder = self._holder_at(pos)
        if holder is not None and holder != src:
            return self.session.why_not(MoveAnimal(animal, src, holder))
        if self._animal_candidates(animal, src) or src == WAITING:
            return _t(
                "Drop the Animal on a highlighted place: a Dike, a pasture, a Stall, a Stable or a Park."
            )
        return self.session.why_not(MoveAnimal(animal, src, WAITING))
