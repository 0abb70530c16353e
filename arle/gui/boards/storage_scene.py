"""A player's Storage board: the 9 Travel Destinations, the Barn with its parking spaces, and
each vehicle's loading spaces.

Loading is a drag: Wood, Clay, Linen, Woolen, Leather (and Peat with the Loading Station) from
the row of goods, or a destination tile, onto free loading spaces of a vehicle; adjacent spaces
that combine into one larger space light up as one target (RULES-DECISIONS.md "Vehicle spaces").
A loaded destination is sold from at once: a sale panel lists its items with the Food each
gives, one click each, then Done. A piece dragged onto "Return to the supply board" is returned
(ReturnEquipment); a vehicle is clicked when a Warden flip is pending. Barn: 4 spaces for small
Equipment and 3 for Large Vehicles, the lowest of which may hold a small piece
(RULES-DECISIONS.md "Barn").
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor

from arle.engine import (
    BARN_LARGE,
    BARN_SMALL,
    DESTINATION_ORDER,
    DESTINATIONS,
    EQUIPMENT,
    GOOD_LOADS,
    LOADING_STATION,
    Choose,
    Done,
    EquipmentPiece,
    Flip,
    Good,
    Language,
    Load,
    OptionKind,
    Place,
    PlaceKind,
    PlayerState,
    ReturnEquipment,
    counted,
    destination_of,
    item_size,
    load_span,
    noun,
    place,
)
from arle.gui.boards.pieces import (
    Candidate,
    ClickItem,
    DragPiece,
    DragSpec,
    PieceItem,
    font,
    tr,
)
from arle.gui.boards.scene import PlayerBoardScene
from arle.gui.kit.style import lowered, name_of, of_name, player_color
from arle.gui.kit.texts import language, say

if TYPE_CHECKING:
    from arle.gui.session import GameSession

_CTX = "StorageScene"


def _t(text: str) -> str:
    return tr(text, _CTX)


# -- geometry --------------------------------------------------------------------------------------------

#: 852 wide: a 1280x720 screen's window shows the board's whole width beside the side panel
#: and a scroll bar (at 900 it scrolled 28-44 px sideways, the Large Vehicles cut; issue 31).
WIDTH, HEIGHT = 852.0, 800.0
DEST_X, DEST_Y = 16.0, 40.0
DEST_UNIT, DEST_H, DEST_GAP = 76.0, 112.0, 6.0
DEST_ROWS: tuple[tuple[str, ...], ...] = (
    ("hage", "beemoor", "dornum", "norden", "aurich", "esens"),
    ("emden", "leer", "bremen"),
)
GOODS_Y = DEST_Y + 2 * DEST_H + 24
LOADABLE: tuple[str, ...] = ("wood", "clay", "linen", "woolen", "leather", "peat")
BARN_Y = GOODS_Y + 100
SPACE_H = 104.0
SMALL_W, LARGE_W = 212.0, 370.0
LARGE_X = 16.0 + 2 * (SMALL_W + 8) + 8
CELL = 52.0
RETURN_RECT = QRectF(
    16.0, BARN_Y + 30 + 2 * (SPACE_H + 8), 2 * SMALL_W + 8, HEIGHT - 12 - (BARN_Y + 30 + 2 * (SPACE_H + 8))
)
PANEL_RECT = QRectF(DEST_X - 6, DEST_Y - 6, WIDTH - 2 * DEST_X + 12, 2 * DEST_H + 18)
#: The height (scene units) of a line of the sale panel's list; a wrapped one takes its own.
SALE_LINE = 22.0


def dest_rect(dest: str) -> QRectF:
    for r, row in enumerate(DEST_ROWS):
        x = DEST_X
        for d in row:
            w = DESTINATIONS[d].size * DEST_UNIT + (DESTINATIONS[d].size - 1) * DEST_GAP
            if d == dest:
                return QRectF(x, DEST_Y + r * (DEST_H + 10), w, DEST_H)
            x += w + DEST_GAP + (12 if d == "dornum" else 0)
    raise KeyError(dest)


def goods_rect(index: int) -> QRectF:
    return QRectF(110 + index * 128, GOODS_Y + 14, 52, 52)


def small_space_rect(i: int) -> QRectF:
    r, c = divmod(i, 2)
    return QRectF(16 + c * (SMALL_W + 8), BARN_Y + 30 + r * (SPACE_H + 8), SMALL_W, SPACE_H)


def large_space_rect(i: int) -> QRectF:
    return QRectF(LARGE_X, BARN_Y + 30 + i * (SPACE_H + 8), LARGE_W, SPACE_H)


def parking(p: PlayerState) -> dict[int, QRectF]:
    """Where each piece stands: Large Vehicles on the large spaces from the top, small pieces
    on the 4 small spaces, a 5th small piece on the lowest large space."""
    result: dict[int, QRectF] = {}
    large = [e for e in p.barn if EQUIPMENT[e.kind].large]
    small = [e for e in p.barn if not EQUIPMENT[e.kind].large]
    for i, e in enumerate(large[:BARN_LARGE]):
        result[e.id] = large_space_rect(i)
    for i, e in enumerate(small):
        if i < BARN_SMALL:
            result[e.id] = small_space_rect(i)
        else:
            result[e.id] = large_space_rect(BARN_LARGE - 1)
    return result


def icon_rect(space: QRectF) -> QRectF:
    return QRectF(space.x() + 6, space.y() + 20, 90, 54)


def loading_rects(piece: EquipmentPiece, space: QRectF) -> list[QRectF]:
    """One rectangle per loading space, left to right (a Double Space twice as wide)."""
    x = space.x() + 104
    y = space.center().y() - CELL / 2 + 6
    spaces = EQUIPMENT[piece.kind].spaces
    # Narrower cells where a vehicle has more spaces than its parking box is wide (the Wagon).
    room = space.right() - 6 - x - 4 * (len(spaces) - 1)
    cell = min(CELL, room / max(1, sum(spaces)))
    rects = []
    for size in spaces:
        w = cell * size + (size - 1) * 4
        rects.append(QRectF(x, y, w, CELL))
        x += w + 4
    return rects


def span_rect(piece: EquipmentPiece, space: QRectF, start: int, size: int) -> QRectF | None:
    covered = load_span(piece, start, size)
    if not covered:
        return None
    rects = loading_rects(piece, space)
    out = QRectF(rects[covered[0]])
    for i in covered[1:]:
        out = out.united(rects[i])
    return out


# -- words -------------------------------------------------------------------------------------------------


def dest_tooltip(dest: str) -> str:
    """What a Travel Destination buys, in the window's language: the same text every time, and
    put together from a dozen translated pieces (a fifth of a Storage board's redraw), so made
    once per language."""
    made = _DEST_TOOLTIPS.setdefault(language(), {})
    text = made.get(dest)
    if text is None:
        text = made[dest] = _dest_tooltip(dest)
    return text


#: The destinations' tooltips by language (the window speaks one; the tests switch).
_DEST_TOOLTIPS: WeakKeyDictionary[Language, dict[str, str]] = WeakKeyDictionary()


def _dest_tooltip(dest: str) -> str:
    d = DESTINATIONS[dest]
    lines = [
        _t("{name}: needs {n} loading space(s) of one vehicle.").format(name=name_of(dest), n=d.size),
        _t("Loading it sells at least one of these, each once:"),
    ]
    lines += [_t("  {item}: {food}").format(item=say(noun(s.label)), food=say(counted("food", s.food)))
              for s in d.sales]
    lines.append(_t("When the vehicles are emptied it goes onto the Travel Experience Track."))
    return "\n".join(lines)


#: The smallest font size (points) a board's name is shrunk to.
MIN_TEXT_SIZE = 5.0
#: The blank margin (scene units) of a destination's name on a loaded vehicle.
NAME_MARGIN = 1.0


def whole_words_size(text: str, width: float, size: float, bold: bool = True,
                     margin: float = 4.0) -> float:
    """The font size, at most ``size`` and by steps of a quarter point, at which each word of
    ``text`` fits ``width`` on a line of its own in a scene's wrapped text (issue 43: "Beemoor"
    on a Single Space wrapped as "Beemoo / r"). Measured, not scaled: small sizes are rounded
    to whole pixels."""
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setDocumentMargin(margin)
    words = text.split()
    while size > MIN_TEXT_SIZE:
        doc.setDefaultFont(font(size, bold))
        widths = []
        for word in words:
            doc.setPlainText(word)  # (as the scene lays it out: margins and all)
            widths.append(doc.size().width())
        if max(widths, default=0.0) <= width:
            break
        size -= 0.25
    return size


def space_name(size: int) -> str:
    """A loading space as its label on the vehicle says it (issue 43: "S" and "DD" meant
    nothing to a newcomer)."""
    return _t("single") if size == 1 else _t("double")


def space_tooltip(size: int, combinable: bool) -> str:
    """What a loading space takes, said where it is drawn."""
    if size == 1:
        text = _t("Single Space: holds an item of size 1\n(Wood becomes Timber, Clay with 1 Peat a Brick; "
                  "Peat; a destination of size 1).")
        if combinable:
            return text + "\n" + _t("On this Large Vehicle, Single Spaces side by side combine for "
                                    "larger items (a fabric becomes clothing on 2).")
        return text + "\n" + _t("They do not combine for larger items: only a Large Vehicle's do.")
    return _t("Double Space: holds an item of size 2 or more\n(Linen, Woolen or Leather becomes clothing; "
              "a destination of size 2 or more).")


def equipment_tooltip(piece: EquipmentPiece) -> str:
    info = EQUIPMENT[piece.kind]
    text = _t("{name}: {vp} VP at the end.").format(name=name_of(piece.kind.value), vp=info.vp)
    if info.spaces:
        kinds = ", ".join(space_name(s) for s in info.spaces)
        text += "\n" + _t("Loading spaces: {spaces}.").format(spaces=kinds)
        if info.combinable:
            text += " " + _t("Adjacent spaces combine for larger items.")
        text += "\n" + _t(
            "Wood becomes Timber, Clay (and 1 Peat) Brick on a single space; a fabric "
            "becomes clothing on 2 spaces."
        )
    text += "\n" + _t('Drag it onto "Return to the supply board" to give it back.')
    return text


# -- the scene ----------------------------------------------------------------------------------------------


class StorageScene(PlayerBoardScene):
    """The Storage board of player ``player``: destinations, goods to load, the Barn."""

    def __init__(self, session: GameSession, player: int, parent: QObject | None = None) -> None:
        super().__init__(session, player, (WIDTH, HEIGHT), parent)

    def sale(self) -> Any:
        """The pending sale decision of this player, or None."""
        d = self.session.match.game.decision
        if d is None or d.option_kind is not OptionKind.SALE:
            return None
        return d if d.player == self.player and self.mine_to_act() else None

    def piece(self, eid: int) -> EquipmentPiece | None:
        return next((e for e in self.p.barn if e.id == eid), None)

    # -- positions for tests and other views ----------------------------------------------------------

    def load_rect(self, move: Load) -> QRectF | None:
        piece = self.piece(move.vehicle)
        space = parking(self.p).get(move.vehicle)
        if piece is None or space is None:
            return None
        return span_rect(piece, space, move.start, item_size(move.item))

    def source_pos(self, move: Any) -> QPointF | None:
        self.ensure_fresh()
        if isinstance(move, Load):
            destination = destination_of(move.item)
            if destination is not None:
                return dest_rect(destination).center()
            return goods_rect(LOADABLE.index(move.item)).center() if move.item in LOADABLE else None
        if isinstance(move, ReturnEquipment):
            space = parking(self.p).get(move.equipment)
            return icon_rect(space).center() if space is not None else None
        return None

    def target_pos(self, move: Any) -> QPointF | None:
        self.ensure_fresh()
        if isinstance(move, Load):
            rect = self.load_rect(move)
            return rect.center() if rect is not None else None
        if isinstance(move, ReturnEquipment):
            return RETURN_RECT.center()
        if isinstance(move, Flip) and (target := place(move.target)).kind is PlaceKind.EQUIPMENT:
            space = parking(self.p).get(target.number)
            return icon_rect(space).center() if space is not None else None
        if isinstance(move, Choose | Done) and self.sale() is not None:
            for item in self.items_now():
                if isinstance(item, ClickItem) and item.move == move:
                    return item.rect.center()
        return None

    def decision_frame(self) -> QRectF | None:
        return PANEL_RECT if self.sale() is not None else None

    # -- drawing ----------------------------------------------------------------------------------------

    def build(self) -> None:
        """The board in parts keyed by the values they show (see ``SessionScene.part``): the
        destinations and the goods to load are drawn again only when they change."""
        p = self.p
        legal = self.my_legal()
        color = player_color(self.session, self.player)
        title = _t("{name}'s Storage board: Travel Destinations and Barn").format(
            name=p.name, of_name=of_name(p.name))
        self.part("frame", (color.name(), title), lambda: self.add_frame(color, title))
        # Each part is keyed on the loads of its own pieces (a piece glows, and may be dragged,
        # when it may be loaded): a Load changes what else may be loaded, not the destinations.
        loadable = frozenset(m.item for m in legal if isinstance(m, Load))
        destinations = frozenset(i for i in loadable if destination_of(i) is not None)
        self.part("destinations", (tuple(p.destinations), tuple(p.travel), destinations),
                  lambda: self._build_destinations(p, legal))
        shown = tuple(p.goods[Good(key)] for key in LOADABLE if key != "peat")  # (the counts it shows)
        self.part("goods", (shown, LOADING_STATION in p.buildings, loadable - destinations),
                  lambda: self._build_goods(p, legal))
        flips = frozenset(m.target for m in legal if isinstance(m, Flip))
        self.part("barn", (tuple(e.key() for e in p.barn), flips), lambda: self._build_barn(p, flips))
        sale = self.sale()
        if sale is not None:
            self.part("sale", None, lambda: self._build_sale_panel(sale, legal))  # drawn last: on top

    def _build_destinations(self, p: PlayerState, legal: list[Any]) -> None:
        loadable = {m.item for m in legal if isinstance(m, Load)}
        for dest in DESTINATION_ORDER:
            d = DESTINATIONS[dest]
            rect = dest_rect(dest)
            if dest not in p.destinations:
                where = _t("travelled") if dest in p.travel else _t("on a vehicle")
                box = self.add_box(rect, "#00000000", "#b7a77c", 8, 1.2, dash=True)
                box.setToolTip(dest_tooltip(dest))
                self.add_text(
                    f"{name_of(dest)}\n({where})",
                    rect.x() + 4,
                    rect.y() + 6,
                    8,
                    False,
                    "#9a8a62",
                    rect.width() - 6,  # ("(travelled)" on one line in a one-space card)
                )
                continue
            item = Place.destination(dest).code
            spec = DragSpec(
                candidates=partial(self._load_candidates, item),
                refusal=partial(self._load_refusal, item),
            )
            piece = DragPiece(self, None, rect, spec, fill=QColor("#e9d7a8"))
            piece.round = 8
            piece.glow = item in loadable
            piece.setToolTip(dest_tooltip(dest))
            piece.face = ("destination", dest)
            piece = self.add_item(piece)
            if piece.has_children:
                continue  # kept from the last redraw with its face
            self._dest_face(piece, dest)
            if d.id == "bremen":
                self.add_text(
                    _t("needs a Horse Cart or Droshky"),
                    rect.x() + 4,
                    rect.bottom() - 20,
                    7,
                    False,
                    "#6b5a2a",
                    rect.width() - 12,
                    parent=piece,
                )

    def _dest_face(self, piece: DragPiece, dest: str) -> None:
        """Name, size pips and what the destination buys, drawn as children of the tile so they
        move with it while dragged."""
        d = DESTINATIONS[dest]
        rect = piece.rect
        # (up to the card's edge: "Beemoor" fills a one-space card)
        name = self.add_text(name_of(dest), rect.x() + 4, rect.y() + 2, 9, True, "#3a2f12", rect.width() - 4,
                             parent=piece)
        for k in range(d.size):
            pip = QRectF(rect.right() - 14 - k * 11, rect.bottom() - 14, 8, 8)
            self.add_box(pip, "#6b5a2a", parent=piece)
        lines = [_t("{item}: {food}").format(item=say(noun(s.label)), food=say(counted("food", s.food)))
                 for s in d.sales]
        text = self.add_text(
            "\n".join(lines),
            rect.x() + 4,
            rect.y() + 24,
            7.0 if d.size == 1 else 7.6,
            False,
            "#3a2f12",
            rect.width() - 8,
            parent=piece,
        )
        # a longer language's lines shrink to stay above the pips (and Bremen's note) instead of
        # running over them
        room = rect.height() - 24 - (22 if d.id == "bremen" else 14)
        height = text.boundingRect().height()
        if height > room > 0:
            text.setScale(room / height)
        for child in (name, text):
            child.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def _build_goods(self, p: PlayerState, legal: list[Any]) -> None:
        self.add_text(_t("Load:"), 16, GOODS_Y + 30, 10, True)
        loadable = {m.item for m in legal if isinstance(m, Load)}
        for i, key in enumerate(LOADABLE):
            rect = goods_rect(i)
            has_station = LOADING_STATION in p.buildings
            if key == "peat" and not has_station:
                continue
            count = "" if key == "peat" else str(p.goods[Good(key)])
            spec = DragSpec(
                candidates=partial(self._load_candidates, key),
                refusal=partial(self._load_refusal, key),
            )
            piece = DragPiece(self, f"goods/{key}.svg", rect, spec, text=count, fill=QColor("#fffdf5"))
            piece.glow = key in loadable
            tip = {
                "wood": _t("Wood: load it on a Single Space; it becomes Timber."),
                "clay": _t("Clay: load it (paying 1 Peat too) on a Single Space; it becomes a Brick."),
                "linen": _t("Linen: load it on 2 spaces; it becomes Summer Wear."),
                "woolen": _t("Woolen: load it on 2 spaces; it becomes Winter Wear."),
                "leather": _t("Leather: load it on 2 spaces; it becomes Leather Wear."),
                "peat": _t("Loading Station: put 1 Peat from the general supply on a Single Space."),
            }[key]
            piece.setToolTip(tip)
            self.add_item(piece)
            cost, result, _size = GOOD_LOADS[key]
            self.add_item(PieceItem(f"goods/{result}.svg", QRectF(rect.right() + 26, rect.y() + 12, 30, 30)))
            self.add_text("→", rect.right() + 6, rect.y() + 14, 12, True, "#6b5a2a")
            self._extra_cost(rect, [(good, n) for good, n in cost if good.value != key])

    def _extra_cost(self, rect: QRectF, extra: list[tuple[Good, int]]) -> None:
        """What a load costs besides the good itself, under its arrow (Clay: "+1 Peat", issue 50
        item 10): seen before the drop, not learnt from the Peat gone after it."""
        for i, (good, n) in enumerate(extra):
            y = rect.y() + 40 + i * 18
            self.add_text(f"+{n}", rect.right() + 5, y - 3, 9, True, "#6b5a2a")
            icon = self.add_item(PieceItem(f"goods/{good.value}.svg", QRectF(rect.right() + 29, y, 18, 18)))
            icon.setToolTip(_t("Loading it also costs {goods}.").format(goods=say(counted(good.value, n))))

    def _build_barn(self, p: PlayerState, flips: frozenset[str]) -> None:
        self.add_text(_t("Barn"), 16, BARN_Y, 11, True)
        for i in range(BARN_SMALL):
            rect = small_space_rect(i)
            self.add_box(rect, "#e6dcc0", "#a89464", 6)
            self.add_text(
                _t("small {n}").format(n=i + 1), rect.x() + 4, rect.bottom() - 18, 7, False, "#8a7a50"
            )
        for i in range(BARN_LARGE):
            rect = large_space_rect(i)
            self.add_box(rect, "#ddd0ac", "#a89464", 6)
            label = _t("Large Vehicle {n}").format(n=i + 1)
            if i == BARN_LARGE - 1:
                label += " " + _t("(or a small piece)")
            self.add_text(label, rect.x() + 4, rect.bottom() - 18, 7, False, "#8a7a50")
        ret = self.add_box(RETURN_RECT, "#f1e4e0", "#9a5040", 8, 1.2, dash=True)
        ret.setToolTip(_t("Drop a piece of Equipment here to return it to the supply board (any time)."))
        self.add_text(
            _t("Return to the supply board"), RETURN_RECT.x() + 8, RETURN_RECT.y() + 6, 9, True, "#7a2f20"
        )
        self.add_text(
            _t("Drag a piece of Equipment here to give it back; its load is lost."),
            RETURN_RECT.x() + 8,
            RETURN_RECT.y() + 28,
            8,
            False,
            "#7a4a40",
            RETURN_RECT.width() - 16,
        )
        places = parking(p)
        for piece in p.barn:
            space = places.get(piece.id)
            if space is not None:
                self._vehicle(piece, space, flips)

    def _vehicle(self, piece: EquipmentPiece, space: QRectF, flips: frozenset[str]) -> None:
        eid = piece.id
        flip = Flip(Place.equipment(eid).code)
        spec = DragSpec(
            candidates=lambda: [
                Candidate(m, RETURN_RECT)
                for m in self.my_legal()
                if isinstance(m, ReturnEquipment) and m.equipment == eid
            ],
            click_move=lambda: flip if flip in self.my_legal() else None,
            refusal=lambda pos: _t('Drop Equipment on "Return to the supply board" to give it back.'),
        )
        icon = DragPiece(self, f"tiles/{piece.kind.value}.svg", icon_rect(space), spec)
        icon.glow = flip.target in flips
        icon.setToolTip(equipment_tooltip(piece))
        self.add_item(icon)
        self.add_text(name_of(piece.kind.value), space.x() + 4, space.y() + 2, 9, True)
        rects = loading_rects(piece, space)
        combinable = EQUIPMENT[piece.kind].combinable
        for r, space_size in zip(rects, EQUIPMENT[piece.kind].spaces, strict=True):
            box = self.add_box(r, "#fbf6e6", "#7a6a45", 4, 1.5)
            box.setToolTip(space_tooltip(space_size, combinable))
            label = self.add_text(space_name(space_size), r.x() + 2, r.y(), 6.5, True, "#8a7a50")
            label.setToolTip(box.toolTip())
        for item in piece.load:
            rect = span_rect(piece, space, item.start, item.size)
            if rect is None:
                continue
            dest = destination_of(item.item)
            if dest is not None:
                box = self.add_box(rect.adjusted(2, 2, -2, -2), "#e9d7a8", "#6b5a2a", 4, 1.5)
                box.setToolTip(dest_tooltip(dest))
                name = name_of(dest)  # (a thin margin: "Beemoor" fits a Single Space at 7 pt)
                size = whole_words_size(name, rect.width() - 6, 7.0, margin=NAME_MARGIN)
                text = self.add_text(name, rect.x() + 3, rect.y() + 5, size, True, "#3a2f12",
                                     rect.width() - 6)
                text.document().setDocumentMargin(NAME_MARGIN)
            else:
                size = min(rect.height() - 8, 44.0)
                art = PieceItem(
                    f"goods/{item.item}.svg",
                    QRectF(rect.center().x() - size / 2, rect.center().y() - size / 2, size, size),
                )
                art.setToolTip(
                    _t("{item}: reaches your supply when the vehicles are emptied.").format(
                        item=name_of(item.item)
                    )
                )
                self.add_item(art)

    # -- loading ---------------------------------------------------------------------------------------------

    def _load_candidates(self, item: str) -> list[Candidate]:
        result = []
        for m in self.my_legal():
            if isinstance(m, Load) and m.item == item:
                rect = self.load_rect(m)
                if rect is not None:
                    result.append(Candidate(m, rect))
        return result

    def _load_at(self, item: str, pos: QPointF) -> Load | None:
        """The load a drop of ``item`` at ``pos`` asks for: onto the loading space under it of
        the vehicle parked there (None: no loading space there)."""
        for piece in self.p.barn:
            space = parking(self.p).get(piece.id)
            if space is None:
                continue
            for start, rect in enumerate(loading_rects(piece, space)):
                if rect.contains(pos):
                    return Load(piece.id, start, item)
        return None

    def _load_refusal(self, item: str, pos: QPointF) -> str | None:
        """Why the drop of ``item`` at ``pos`` is refused: the engine's reason for the load it asks
        for. Dropped on no loading space: the hint where to drop it, or, when ``item`` cannot be
        loaded anywhere now, the engine's reason for loading it on the first vehicle."""
        load = self._load_at(item, pos)
        if load is not None:
            reason = self.session.match.why_not(load)
            if reason is not None and reason.id == "load.does_not_fit":
                return self._misfit(load)
            return self.session.why_not(load)
        if self._load_candidates(item):
            return _t("Drop it on free loading spaces that light up: a Double Space takes only items "
                      "of size 2 or more.")
        vehicle = next((e.id for e in self.p.barn if EQUIPMENT[e.kind].spaces), -1)
        return self.session.why_not(Load(vehicle, 0, item))

    def _misfit(self, load: Load) -> str:
        """Why ``load``'s item does not fit the loading space it was dropped on, said of that
        space (issue 43: Linen dropped on a Single Space snapped back with a sentence about
        Double Spaces)."""
        piece = self.piece(load.vehicle)
        info = EQUIPMENT[piece.kind] if piece is not None else None
        size = item_size(load.item)
        dest = destination_of(load.item)
        item = name_of(dest) if dest is not None else lowered(name_of(load.item))  # ("la toile de lin")
        if piece is None or info is None or not 0 <= load.start < len(info.spaces):
            return _t("{item} does not fit there.").format(item=item)
        vehicle = name_of(piece.kind.value)
        if info.spaces[load.start] > size:
            return _t("{item} takes 1 space, and a Double Space holds only items of size 2 or more: "
                      "drop it on a Single Space.").format(item=item)
        if not info.combinable:
            text = _t("{item} takes {n} spaces: a Double Space, or Single Spaces side by side on a Large "
                      "Vehicle.").format(item=item, n=size)
            small = (_t("The {vehicle} has only one Single Space.") if len(info.spaces) == 1 else
                     _t("The {vehicle} is a small vehicle: its Single Spaces do not combine."))
            return text + " " + small.format(vehicle=vehicle)
        return _t("{item} takes {n} spaces: from this space to the right, the {vehicle}'s spaces do not "
                  "add up to exactly {n}.").format(item=item, n=size, vehicle=vehicle)

    # -- selling --------------------------------------------------------------------------------------------

    def _build_sale_panel(self, sale: Any, legal: list[Any]) -> None:
        from arle.engine import sale_key

        dest = sale.destination
        self.add_box(PANEL_RECT, "#fffaf0", "#2e9d5b", 10, 3)
        heading = _t("{name}: choose what to sell").format(name=name_of(dest))
        self.add_text(heading, PANEL_RECT.x() + 12, PANEL_RECT.y() + 6, 11, True)
        game = self.session.match.game
        options = [m for m in legal if isinstance(m, Choose | Done) and m in sale.options(game)]
        possible = {sale_key(m.option) for m in options if isinstance(m, Choose)}
        # Left: every item the destination buys, with its Food and whether it is still possible.
        y = PANEL_RECT.y() + 40
        for s in DESTINATIONS[dest].sales:
            if s.key in sale.sold:
                state, color = _t("sold"), "#2e7d4b"
            elif s.key in possible:
                state, color = _t("possible"), "#2b3a2f"
            else:
                state, color = _t("not possible now"), "#9a8a62"
            line = _t("{item}: {food} ({state})").format(item=say(noun(s.label)),
                                                         food=say(counted("food", s.food)), state=state)
            text = self.add_text(line, PANEL_RECT.x() + 12, y, 8.5, s.key in sale.sold, color, 300)
            y += max(SALE_LINE, text.boundingRect().height())  # (a wrapped line pushes the next down)
        hint = (
            _t("Each item at most once. Done when you have sold what you want.")
            if sale.sold
            else _t("Sell at least one item: click it.")
        )
        self.add_text(
            hint, PANEL_RECT.x() + 12, PANEL_RECT.bottom() - 30, 8.5, False, "#6b5a2a", 320
        )
        # Right: one button per possible sale, then Done.
        w, h = 230.0, 44.0
        left = PANEL_RECT.x() + 340
        for i, move in enumerate(options):
            r, c = divmod(i, 2)
            rect = QRectF(left + c * (w + 10), PANEL_RECT.y() + 40 + r * (h + 8), w, h)
            if isinstance(move, Done):
                label = _t("Done selling") if sale.sold else _t("Done (sell nothing: the tile goes back)")
                button = ClickItem(self, rect, label, move, QColor("#dfe8f5"))
            else:
                words = say(sale.option_text(self.session.match.game, move.option))
                button = ClickItem(self, rect, words, move)
            self.add_item(button)
        self.raise_part(50)  # over the board it covers
