"""The supply board: how many tiles of each double-sided stack are left for both players
(RULES-DECISIONS.md "Supply limits"), each stack shown with both of its sides."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, QRectF
from PySide6.QtGui import QColor

from arle.engine import STACK_OF, SUPPLY_LIMITS
from arle.gui.boards.pieces import PieceItem, tr
from arle.gui.boards.scene import SessionScene
from arle.gui.kit.pictures import PictureItem, tile_cost_picture
from arle.gui.kit.style import name_of

if TYPE_CHECKING:
    from arle.gui.session import GameSession

_CTX = "SupplyScene"


def _t(text: str) -> str:
    return tr(text, _CTX)


WIDTH, HEIGHT = 880.0, 420.0
BOX_W, BOX_H = 204.0, 178.0
#: The stacks in the order of the cardboard supply board: landscape and animal tiles, then
#: Equipment. Each stack lists its front side first.
STACKS: tuple[str, ...] = (
    "field",
    "forest_park",
    "stall_depot",
    "stable_double_stall",
    "peat_boat_plow",
    "handcart_wagon",
    "cart_horse_cart",
    "carriage_droshky",
)
#: Tiles that are shaped like landscape squares (the others are Equipment pictures).
_SQUARE = {"field", "forest_park", "stall_depot", "stable_double_stall"}


def sides(stack: str) -> list[str]:
    """The two tile kinds sharing ``stack`` (front, back), in the engine's order."""
    return [str(kind.value) for kind, s in STACK_OF.items() if s == stack]


def stack_rect(index: int) -> QRectF:
    r, c = divmod(index, 4)
    return QRectF(16 + c * (BOX_W + 12), 40 + r * (BOX_H + 12), BOX_W, BOX_H)


class SupplyScene(SessionScene):
    """Remaining tiles of each kind, redrawn after every move."""

    def __init__(self, session: GameSession, parent: QObject | None = None) -> None:
        super().__init__(session, parent)
        self.setSceneRect(QRectF(0, 0, WIDTH, HEIGHT))
        self._on_changed()  # built when first shown (or asked)

    def remaining(self, stack: str) -> int:
        return int(self.session.match.game.state.supply.get(stack, 0))

    def stack_pos(self, stack: str) -> QPointF:
        return stack_rect(STACKS.index(stack)).center()

    def build(self) -> None:
        self.add_box(QRectF(4, 4, WIDTH - 8, HEIGHT - 8), "#efe8d2", "#8a7a50", 12, 2)
        self.add_text(_t("Supply board: tiles left for both players"), 14, 6, 11, True)
        for i, stack in enumerate(STACKS):
            self._stack(stack_rect(i), stack)

    def _stack(self, rect: QRectF, stack: str) -> None:
        left, limit = self.remaining(stack), SUPPLY_LIMITS[stack]
        empty = left == 0
        box = self.add_box(rect, "#e9e1c8" if not empty else "#e4ddd0", "#a89464", 8)
        front, back = sides(stack)
        names = _t("{front} / {back}").format(front=name_of(front), back=name_of(back))
        box.setToolTip(
            _t(
                "{names}: {left} of {limit} tiles left. One tile, two sides: a Warden can flip "
                "the first side to the second."
            ).format(names=names, left=left, limit=limit)
        )
        self.add_text(names, rect.x() + 8, rect.y() + 4, 9, True, "#2b3a2f", rect.width() - 16)
        square = stack in _SQUARE
        w, h = (72.0, 72.0) if square else (84.0, 50.0)
        y = rect.y() + 50 + (0 if square else 12)
        for k, kind in enumerate((front, back)):
            # A small pile: up to 3 offset shadows show that there are several tiles.
            x = rect.x() + 12 + k * (w + 16)
            for s in range(min(left, 3) - 1, 0, -1):
                self.add_box(QRectF(x + s * 3, y - s * 3, w, h), "#cdbf98", "#8a7a50", 3)
            piece = PieceItem(f"tiles/{kind}.svg", QRectF(x, y, w, h), fill=QColor("#fffdf5"))
            if empty:
                piece.setOpacity(0.3)
            piece.setToolTip(name_of(kind))
            self.add_item(piece)
            # what it costs, in the goods' own icons (issue 13)
            cost = tile_cost_picture(kind)
            if cost:
                self.add_item(PictureItem(cost, QRectF(x - 6, y + h + 2, w + 14, 34), size=15))
        color = "#2b3a2f" if not empty else "#a0392b"
        text = _t("{left} of {limit} left").format(left=left, limit=limit) if not empty else _t("none left")
        self.add_text(text, rect.x() + 8, rect.bottom() - 28, 11, True, color)
