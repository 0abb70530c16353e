"""Paying for an action with what an anytime move brings (rulebook p. 12: "at any time during the
Work Phase, you may visit a Travel Destination to get Food that you may use immediately (e.g. for
a 'Building' action)").

A build action (a Building, a Stall, a Stable, a Plow, a Peat Boat, a Vehicle) or a paid
conversion (the brown arrows, the Master's Tool moves, the Bakehouse) with nothing affordable does
not end at once while a sale, a Peat Boat trade or an anytime building could make something
affordable: the action waits, offering Done, and what is affordable is worked out again after each
anytime move. Whether anything could become affordable is found by trying those moves on copies of
the game; nothing is changed. With nothing to sell or trade the action ends at once, as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from . import animals, barn, homeboard
from .goods import TRACK_GOODS, Animal, Good
from .moves import Choose, Done, Load
from .state import PlayerState
from .steps import Decision, Script, Step
from .tiles import Equipment

if TYPE_CHECKING:
    from .game import Game
    from .moves import Move

Goal = Callable[["Game", PlayerState], bool]

#: Game copies tried at most; past that the choice stays open (Done always closes it).
SEARCH_LIMIT = 48


def income_moves(g: Game, p: PlayerState) -> list[Move]:
    """The anytime moves that bring goods: loading a destination that can sell (one vehicle space
    per destination is enough to try), the anytime buildings and the Peat Boat trade."""
    from .anytime import peat_trades
    from .building_abilities import anytime_building_moves
    from .vehicles import DEST_PREFIX, load_moves

    loads: dict[str, Move] = {}
    for m in load_moves(g, p):
        if isinstance(m, Load) and m.item.startswith(DEST_PREFIX):
            loads.setdefault(m.item, m)
    return [*loads.values(), *anytime_building_moves(g, p), *peat_trades(p)]


def could_afford(g: Game, player: int, goal: Goal) -> bool:
    """Whether sales, Peat Boat trades and anytime building uses, in some order, make ``goal``
    true. Tried on copies (a copy never searches again); the stack above its current height
    belongs to the moves tried."""
    if getattr(g, "probing", False):
        return False
    if not income_moves(g, g.state.players[player]) or not _bound_allows(g, player, goal):
        return False
    floor = len(g.state.stack)
    root = g.copy()
    root.probing = True  # type: ignore[attr-defined]
    todo, seen, tried = [root], {_key(root, player, floor)}, 0
    while todo:
        node = todo.pop()
        for move in _moves(node, player, floor):
            tried += 1
            if tried > SEARCH_LIMIT:
                return True
            child = node.copy()
            _play(child, player, floor, move)
            if goal(child, child.state.players[player]):
                return True
            key = _key(child, player, floor)
            if key not in seen:
                seen.add(key)
                todo.append(child)
    return False


#: What an income source may bring "in plenty" for the upper bound of ``_bound_allows``.
PLENTY = 99


def _bound_allows(g: Game, player: int, goal: Goal) -> bool:
    """A quick upper bound before the search: give the player plenty of every good and Animal
    some chain of incomes could bring, paying nothing. If even that leaves ``goal`` false, no
    sale, trade or building can make it true."""
    bound = g.copy()
    bound.probing = True  # type: ignore[attr-defined]
    p = bound.state.players[player]
    goods, beasts = _gainable(bound, p)
    for good in goods:
        p.goods[good] += PLENTY
    for animal in beasts:
        p.animals.setdefault("bound", {})[animal] = PLENTY
    return goal(bound, p)


def _gainable(g: Game, p: PlayerState) -> tuple[set[Good], set[Animal]]:
    """Every good and Animal some chain of incomes could bring: the Peat Boat (Peat for the
    Goods Track), the anytime buildings (their price in reach) and sales (Food)."""
    from .anytime import WORK_PHASES
    from .building_abilities import ANYTIME_EXCHANGES

    have = {good for good, n in p.goods.items() if n > 0}
    goods: set[Good] = set()
    beasts: set[Animal] = set()
    if g.state.phase in WORK_PHASES and p.destinations:
        goods.add(Good.FOOD)
    peat_boat = barn.count(p, Equipment.PEAT_BOAT) > 0
    horses = animals.count(p, Animal.HORSE)
    while True:
        reach = have | goods
        before = (len(goods), len(beasts))
        if peat_boat and Good.PEAT in reach:
            goods.update(TRACK_GOODS)
        for b in p.buildings:
            ex = ANYTIME_EXCHANGES.get(b)
            if ex is None or not all(good in reach for good, _ in ex.price):
                continue
            if ex.min_horses > horses and Animal.HORSE not in beasts:
                continue
            goods.update(good for good, _ in ex.goods)
            beasts.update(animal for animal, _ in ex.animals)
            if ex.cut and homeboard.moors_with_peat(p):
                goods.add(Good.PEAT)
        if (len(goods), len(beasts)) == before:
            return goods, beasts


def _moves(g: Game, player: int, floor: int) -> list[Move]:
    stack = g.state.stack
    if len(stack) > floor:  # a sale (or a cut) under way: finish it first
        top = stack[-1]
        return top.options(g) if isinstance(top, Decision) else []
    return income_moves(g, g.state.players[player])


def _play(g: Game, player: int, floor: int, move: Move) -> None:
    from .anytime import apply_anytime

    stack = g.state.stack
    if len(stack) > floor:
        stack[-1].choose(g, move)
    else:
        apply_anytime(g, g.state.players[player], move)
    _settle(g, floor)


def _settle(g: Game, floor: int) -> None:
    """Run the steps above ``floor`` until a decision there waits (as ``Game._advance`` does)."""
    stack = g.state.stack
    while len(stack) > floor:
        top = stack[-1]
        if isinstance(top, Script):
            if not top.steps:
                stack.pop()
                continue
            decision = top.steps.pop(0).run(g, g.state.players[top.player])
            if decision is not None:
                stack.append(decision)
            continue
        if top.finished or not top.options(g):
            stack.pop()
            continue
        return


def _key(g: Game, player: int, floor: int) -> str:
    p = g.state.players[player]
    return repr((p.goods, p.animals, p.destinations, p.barn, p.moors, p.tiles, g.state.stack[floor:]))


def open_options(g: Game, player: int, moves: list[Move], goal: Goal) -> list[Move]:
    """A decision's moves when it may wait for income: the affordable ones, or only Done while
    an anytime move could still make one affordable, or none (the decision ends)."""
    if moves:
        return moves
    return [Done()] if could_afford(g, player, goal) else []


class PaidStep(Step):
    """A build action: ``start`` it when it can be paid; with nothing affordable it waits
    (``AwaitIncome``) while an anytime move could pay for it, and ends at once otherwise."""

    title = "Build"

    def start(self, g: Game, p: PlayerState) -> Decision | None:
        raise NotImplementedError

    def reachable(self, g: Game, p: PlayerState) -> bool:
        return self.possible(g, p) or could_afford(g, p.index, self.possible)

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        if self.possible(g, p):
            return self.start(g, p)
        if could_afford(g, p.index, self.possible):
            return AwaitIncome(p.index, step=self)
        return None


GO = "go"


@attrs.define
class AwaitIncome(Decision):
    """Nothing is affordable yet: sell, trade Peat or use a building first, then go on, or Done."""

    step: Any = None
    kind = "await_income"

    def prompt(self, g: Game) -> str:
        if self.step.possible(g, g.state.players[self.player]):
            return f"{self.step.title}: you can pay for it now (or Done)"
        return (f"{self.step.title}: nothing is affordable yet; a sale, a Peat Boat trade or a "
                "building may pay for it (or Done)")

    def options(self, g: Game) -> list[Move]:
        if self.step.possible(g, g.state.players[self.player]):
            return [Choose(GO), Done()]
        return open_options(g, self.player, [], self.step.possible)

    def option_label(self, g: Game, move: Move) -> str:
        return str(self.step.title)

    def choose(self, g: Game, move: Move) -> None:
        self.finished = True
        if isinstance(move, Choose):
            g.push(Script(self.player, [self.step]))
