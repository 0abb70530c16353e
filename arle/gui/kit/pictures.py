"""What an action space does and what a building or vehicle costs, as pictures (issue 13): the
goods' own icons with their counts, as the printed tiles show them, instead of a sentence cut off
with "...". The full sentence stays in the tooltip.

A picture is a row of tokens: an ``Icon`` (a good, an Animal or a tile, with a count; a payment
is drawn on a red-brown ground with a minus sign, so that it does not rest on colour alone), a
``Sym`` ("→", "/", "+") and a ``Chip`` (a word in a rounded box: "per Spade", "imitate").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from arle.engine import EQUIPMENT, STABLE_COST, STALL_COST, Equipment, noun
from arle.files.catalogues import N_
from arle.gui.kit import art
from arle.gui.kit.texts import say


@attrs.frozen
class Icon:
    """``resource`` is a file under resources/ ("goods/wood.svg"); ``n`` the count shown before
    it (None: none); ``pay``: a cost, not a gain."""

    resource: str
    n: int | None = None
    pay: bool = False


@attrs.frozen
class Sym:
    text: str


@attrs.frozen
class Chip:
    """English words (translated when drawn, so that the tables below can be built at import);
    ``tool`` fills a "{tool}" field."""

    text: str
    tool: str = ""


def shown(token: Sym | Chip) -> str:
    """A symbol's or chip's words in the window's language."""
    text = say(noun(token.text))
    return text.format(tool=say(noun(token.tool))) if isinstance(token, Chip) and token.tool else text


Token = Icon | Sym | Chip

_ANIMALS = {"sheep", "cattle", "horse"}


def good(name: str, n: int | None = None, pay: bool = False) -> Icon:
    """A good or an Animal by its engine name."""
    folder = "animals" if name in _ANIMALS else "goods"
    return Icon(f"{folder}/{name}.svg", n, pay)


def tile(name: str, n: int | None = None) -> Icon:
    return Icon(f"tiles/{name}.svg", n)


def per(tool: str) -> Chip:
    """"per Spade": as many times as the player has of that tool."""
    return Chip("per {tool}", tool)


OR, THEN, PLUS, AND_OR = Sym("/"), Sym("→"), Sym("+"), Sym("and/or")


def space_picture(space_id: str) -> list[Token]:
    """The action space ``space_id`` (``ACTION_SPACES``) as pictures (rulebook pp. 12-13)."""
    return list(_SPACES.get(space_id, ()))


_BUILDING = tile("building")
_SPACES: dict[str, tuple[Token, ...]] = {
    "summer.fisherman": (good("sheep", 1), PLUS, Chip("Trap +1"), PLUS, good("food", 1), per("Trap")),
    "summer.grocer": (good("timber"), OR, good("brick"), OR, good("sheep"), OR, good("cattle"), OR,
                      good("horse"), PLUS, good("grain", 1), good("leather", 1)),
    "summer.woolen_weaver": (good("wool"), THEN, good("woolen"), per("Weaving Loom")),
    "summer.colonist": (good("horse", 1), AND_OR, tile("moor"), THEN, tile("dehydrated_moor")),
    "summer.peat_cutter": (good("peat", 1), per("Spade")),
    "summer.dike_builder": (good("sheep"), OR, good("cattle"), AND_OR, tile("dike"), per("2 Shovels")),
    "summer.clay_worker": (good("clay", 1), per("Shovel")),
    "summer.farmer": (tile("plow"), AND_OR, tile("grain_field", 1), per("Plow")),
    "summer.forester": (good("food", 1, pay=True), THEN, tile("forest"), OR, _BUILDING),
    "summer.woodcutter": (good("wood", 1), per("Axe")),
    "summer.master": (Chip("Tool +1"), per("Workbench")),
    "summer.carpenter": (_BUILDING, OR, tile("stall")),
    "summer.builder": (_BUILDING,),
    "summer.warden": (Chip("flip a tile"),),
    "summer.laborer": (good("food", 2, pay=True), THEN, tile("cart"), OR, Chip("imitate")),
    "winter.peat_boatman": (good("peat", 3), PLUS, good("peat", 1), Chip("per Peat Boat")),
    "winter.tanner": (good("hide"), THEN, good("leather"), per("Fleshing Beam")),
    "winter.linen_weaver": (good("flax"), THEN, good("linen"), per("Weaving Loom")),
    "winter.butcher": (Chip("Animal"), THEN, good("food", 3), good("hide", 2),
                       per("Table")),
    "winter.cattle_trader": (good("grain", 2), good("sheep", 1), PLUS, good("cattle"), OR, good("horse")),
    "winter.grocer": (good("peat", 1), PLUS, Chip("Animal"), PLUS, good("wood", 1), good("clay", 1)),
    "winter.builders_merchant": (good("hide", 2), good("wood"), OR, good("clay"), PLUS, good("timber"), OR,
                                 good("brick")),
    "winter.potter": (good("clay"), THEN, good("food", 3), good("peat", 1), per("Pottery Wheel")),
    "winter.baker": (good("grain"), good("peat"), THEN, good("food", 6), per("Oven")),
    "winter.wood_trader": (good("food", 1, pay=True), THEN, good("wood", 4), OR, _BUILDING),
    "winter.master": (Chip("Tool +1"), per("Workbench")),
    "winter.wainwright": (tile("cart"), AND_OR, tile("peat_boat")),
    "winter.carpenter": (tile("stall"), OR, tile("stable")),
    "winter.dike_warden": (Chip("flip a tile"), PLUS, tile("dike", 1)),
    "winter.laborer": (good("food", 2, pay=True), THEN, _BUILDING, OR, Chip("imitate")),
}


#: The words above, for the translators' tools (``shown`` translates them when drawn).
WORDS = (
    N_("and/or"), N_("per {tool}"), N_("{tool} different"), N_("Trap +1"), N_("Tool +1"),
    N_("flip a tile"), N_("imitate"), N_("Animal"), N_("per Peat Boat"), N_("Trap"), N_("Spade"),
    N_("2 Shovels"), N_("Shovel"), N_("Plow"), N_("Axe"), N_("Workbench"), N_("Weaving Loom"),
    N_("Fleshing Beam"), N_("Table"), N_("Pottery Wheel"), N_("Oven"))


def bundle_picture(goods: Iterable[tuple[object, int]], pay: bool = False) -> list[Token]:
    """((good, n), ...) as icons with their counts."""
    return [good(str(g), n, pay) for g, n in goods if n]


def cost_picture(cost: object) -> list[Token]:
    """A ``payments.Cost``: its fixed goods, then each choice as its icons with "/" between
    them ("2 different" before them when two different ones are asked)."""
    tokens: list[Token] = bundle_picture(getattr(cost, "fixed", ()))
    for choice in getattr(cost, "choices", ()):
        if tokens:
            tokens.append(PLUS)
        if choice.pick > 1:
            tokens.append(Chip("{tool} different", str(choice.pick)))
        for k, bundle in enumerate(choice.options):
            if k:
                tokens.append(OR)
            # "1 of these": a lone good needs no "1" before it
            plain = len(bundle) == 1 and (choice.pick > 1 or bundle[0][1] == 1)
            tokens += [good(str(g), None if plain else n) for g, n in bundle]
    return tokens


def vehicle_cost_picture(kind: str) -> list[Token]:
    """What a Vehicle, Plow or Peat Boat costs (the rulebook's vehicle table): Wood and Horses;
    a Plow also takes 1 Cattle or 1 Horse."""
    info = EQUIPMENT[Equipment(kind)]
    tokens: list[Token] = [good("wood", info.wood)]
    if info.horses:
        tokens.append(good("horse", info.horses))
    if info.kind is Equipment.PLOW:
        tokens += [PLUS, good("cattle", 1), OR, good("horse", 1)]
    return tokens


def tile_cost_picture(kind: str) -> list[Token]:
    """What a supply tile costs to get, where goods pay for it: a Stall (2 Clay, 1 Grain), a
    Stable (a Stall and 2 Bricks), the Equipment (``vehicle_cost_picture``); the others come
    free with their action or a flip."""
    if kind == "stall":
        return cost_picture(STALL_COST)
    if kind == "stable":
        return cost_picture(STABLE_COST)
    if kind in {e.value for e in EQUIPMENT}:
        return vehicle_cost_picture(Equipment(kind).value)
    return []


class PictureItem(QGraphicsItem):
    """A picture on a scene (the supply board's costs): ``tokens`` in ``rect``."""

    def __init__(self, tokens: Sequence[Token], rect: QRectF, size: float = 16, px: float = 12) -> None:
        super().__init__()
        self.tokens, self.rect, self.size, self.px = list(tokens), QRectF(rect), size, px
        self._bounds = self.rect.adjusted(-1, -1, 1, 1)  # (asked several times a paint)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def look(self) -> tuple[Any, ...]:
        """What it shows: a board's rebuild keeps a picture that shows the same."""
        return tuple(self.tokens), self.rect.getRect(), self.size, self.px

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint(painter, self.tokens, self.rect, self.size, self.px, gap=2, top=True)


# -- painting ---------------------------------------------------------------------------------------------

INK = QColor("#2b3a2f")
PAY_FILL = QColor("#f3d3c4")
PAY_EDGE = QColor("#a1330f")
CHIP_FILL = QColor(255, 255, 255, 170)

_FONTS: dict[tuple[int, bool], QFont] = {}


def pixel_font(px: float, bold: bool = False) -> QFont:
    """A font sized in scene units (cached: painting asks for the same few sizes again and again)."""
    key = (max(1, round(px)), bold)
    if key not in _FONTS:
        f = QFont()
        f.setPixelSize(key[0])
        f.setBold(bold)
        _FONTS[key] = f
    return _FONTS[key]


_font = pixel_font


def _width(token: Token, size: float, px: float) -> float:
    if isinstance(token, Icon):
        bold = QFontMetricsF(_font(px, True))
        count = 0.0 if token.n is None else bold.horizontalAdvance(_count(token)) + 1
        return count + size + (4 if token.pay else 0)
    if isinstance(token, Sym):
        return QFontMetricsF(_font(px + 1, True)).horizontalAdvance(shown(token)) + 2
    return QFontMetricsF(_font(px, False)).horizontalAdvance(shown(token)) + 10


def _count(icon: Icon) -> str:
    return f"−{icon.n}" if icon.pay else str(icon.n)


def width(tokens: Sequence[Token], size: float = 20, px: float = 12, gap: float = 3) -> float:
    """How wide ``paint`` draws ``tokens`` on one line."""
    return sum(_width(t, size, px) for t in tokens) + gap * max(0, len(tokens) - 1)


def lines(tokens: Sequence[Token], max_width: float, size: float, px: float, gap: float = 3,
          ) -> list[list[Token]]:
    """``tokens`` broken into lines no wider than ``max_width`` (a token never splits); a line
    breaks after its last "+" or "→" when it has one, so that "A / B / C" stays together."""
    result: list[list[Token]] = [[]]
    for token in tokens:
        row = result[-1]
        if row and width([*row, token], size, px, gap) > max_width:
            cut = max((i for i, t in enumerate(row) if t in (PLUS, THEN)), default=-1)
            if 0 < cut < len(row) - 1 and width([*row[cut + 1:], token], size, px, gap) <= max_width:
                result[-1], rest = row[:cut + 1], row[cut + 1:]
                result.append(rest)
            else:
                result.append([])
        result[-1].append(token)
    return result


def paint(painter: QPainter, tokens: Sequence[Token], rect: QRectF, size: float = 20, px: float = 12,
          muted: bool = False, gap: float = 3, top: bool = False) -> None:
    """Draw ``tokens`` left to right from ``rect``'s left edge, vertically centred (or from the
    ``top``), wrapping onto further lines when they do not fit. A row a little too wide for a
    one-line ``rect`` (a longer language's words) is drawn up to 20 % smaller instead of
    wrapping below the rect."""
    rows = lines(tokens, rect.width(), size, px, gap)
    if len(rows) > 1 and len(rows) * (size + 2) > rect.height() + 1:
        for scale in (0.9, 0.8):
            fitted = lines(tokens, rect.width(), size * scale, px * scale, gap)
            if len(fitted) == 1:
                size, px, rows = size * scale, px * scale, fitted
                break
    line_h = size + 2
    y = rect.y() + (0.0 if top else max(0.0, (rect.height() - line_h * len(rows)) / 2))
    painter.save()
    if muted:
        painter.setOpacity(painter.opacity() * 0.55)
    for row in rows:
        x = rect.x()
        for token in row:
            w = _width(token, size, px)
            _paint_token(painter, token, QRectF(x, y, w, line_h), size, px)
            x += w + gap
        y += line_h
    painter.restore()


def _paint_token(painter: QPainter, token: Token, r: QRectF, size: float, px: float) -> None:
    mid = Qt.AlignmentFlag.AlignVCenter
    if isinstance(token, Icon):
        x = r.x()
        if token.pay:
            painter.setPen(QPen(PAY_EDGE, 1))
            painter.setBrush(PAY_FILL)
            painter.drawRoundedRect(r.adjusted(0, 0, 0, 0), 5, 5)
            x += 2
        if token.n is not None:
            painter.setPen(PAY_EDGE if token.pay else INK)
            painter.setFont(_font(px, True))
            text = _count(token)
            tw = QFontMetricsF(_font(px, True)).horizontalAdvance(text)
            painter.drawText(QRectF(x, r.y(), tw + 1, r.height()), mid | Qt.AlignmentFlag.AlignLeft, text)
            x += tw + 1
        art.render(painter, token.resource, QRectF(x, r.y() + (r.height() - size) / 2, size, size))
    elif isinstance(token, Sym):
        painter.setPen(INK)
        painter.setFont(_font(px + 1, True))
        painter.drawText(r, mid | Qt.AlignmentFlag.AlignHCenter, shown(token))
    else:
        painter.setPen(QPen(QColor("#6f6650"), 1))
        painter.setBrush(CHIP_FILL)
        painter.drawRoundedRect(r.adjusted(0, 2, 0, -2), 6, 6)
        painter.setPen(INK)
        painter.setFont(_font(px, False))
        painter.drawText(r, mid | Qt.AlignmentFlag.AlignHCenter, shown(token))
