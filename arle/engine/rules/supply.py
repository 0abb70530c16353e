"""The personal supply and the Goods Track: gaining and paying goods, and the shared tile supply."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..content.goods import Good, cap_of
from ..content.tiles import STACK_OF, Equipment, Tile
from ..interpreter.events import GoodsChanged
from .payments import Bundle, can_afford

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.state import PlayerState


#: Each good's name for the events (``good.value``, a slow enum property, read at every gain).
_NAME = {good: good.value for good in Good}


def gain(g: Game, p: PlayerState, good: Good, n: int) -> int:
    """Add ``n`` of ``good``; on the Goods Track anything above the cap is lost. Returns the gain."""
    if n <= 0:
        return 0
    have = p.goods[good]
    cap = cap_of(good)
    new = have + n if cap is None else min(cap, have + n)
    if new != have:
        p.goods[good] = new
        g.emit(GoodsChanged(p.index, _NAME[good], new - have, new))
    return new - have


def pay(g: Game, p: PlayerState, bundle: Bundle) -> None:
    if not can_afford(bundle, p.goods):
        raise AssertionError(f"cannot pay {bundle}")  # callers check first; a bug if reached
    for good, n in bundle:
        if n:
            p.goods[good] -= n
            g.emit(GoodsChanged(p.index, _NAME[good], -n, p.goods[good]))


def take_tile(g: Game, kind: Tile | Equipment) -> bool:
    """Take one tile of ``kind`` from the shared supply; False when its stack is empty."""
    stack = STACK_OF.get(kind)
    if stack is None:
        return True
    if g.state.supply[stack] <= 0:
        return False
    g.state.supply[stack] -= 1
    return True


def tile_left(g: Game, kind: Tile | Equipment) -> bool:
    stack = STACK_OF.get(kind)
    return stack is None or g.state.supply[stack] > 0


def return_tile(g: Game, kind: Tile | Equipment) -> None:
    stack = STACK_OF.get(kind)
    if stack is not None:
        g.state.supply[stack] += 1
