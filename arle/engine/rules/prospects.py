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
from typing import TYPE_CHECKING, Any, cast

import attrs

from ..content.goods import TRACK_GOODS, Animal, Good, cap_of
from ..content.text import Text, t
from ..content.tiles import EQUIPMENT, Equipment
from ..interpreter.moves import Choose, Done, Load
from ..interpreter.state import PlayerState
from ..interpreter.steps import Decision, OptionKind, Script, Step
from . import animals, barn

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.moves import Move

Goal = Callable[["Game", PlayerState], bool]

#: Game copies tried at most; past that the choice stays open (Done always closes it).
SEARCH_LIMIT = 64


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
    todo, seen, tried = [root], {root.key()}, 0
    while todo:
        node = todo.pop()
        children = []
        for move in _moves(node, player, floor):
            tried += 1
            if tried > SEARCH_LIMIT:
                return True  # the bound allows it and the search is not finished: stay open
            child = node.copy()
            _play(child, player, floor, move)
            if goal(child, child.state.players[player]):
                return True
            key = child.key()
            if key not in seen:
                seen.add(key)
                children.append(child)
        todo += reversed(children)  # depth first, the first move first
    return False


#: Rounds of ``_upper_bound`` before the goods still growing count as unlimited.
BOUND_ROUNDS = 8
UNLIMITED = 10**6


def _bound_allows(g: Game, player: int, goal: Goal) -> bool:
    """A quick upper bound before the search: give the player at once the most of each good
    (and Horses) that all the sales, Peat Boat trades and building uses together could ever
    bring. If even that leaves ``goal`` false, no order of those moves can make it true."""
    bound_game = g.copy()
    bound_game.probing = True  # type: ignore[attr-defined]
    p = bound_game.state.players[player]
    bound = _upper_bound(bound_game, p)
    for good in p.goods:
        cap = cap_of(good)
        p.goods[good] = bound[good] if cap is None else min(cap, bound[good])
    extra = bound[Animal.HORSE] - animals.count(p, Animal.HORSE)
    if extra > 0:
        p.animals.setdefault("bound", {})[Animal.HORSE] = extra
    return goal(bound_game, p)


def _upper_bound(g: Game, p: PlayerState) -> dict[Good | Animal, int]:
    """How much of each good (and Horses) the player could have received in all, at most: every
    sale's Food of the destinations still on the storage board that fit a vehicle, and each
    source (a Peat Boat trade, an anytime building) used as often as the most of its price
    allows. Computed from below until nothing grows (a use only spends what earlier ones
    brought)."""
    from ..content.destinations import DESTINATIONS
    from .anytime import WORK_PHASES
    from .building_abilities import ANYTIME_EXCHANGES

    sources: list[tuple[tuple[tuple[Any, int], ...], tuple[tuple[Any, int], ...]]] = []
    if barn.count(p, Equipment.PEAT_BOAT):
        sources += [(((Good.PEAT, 1),), ((good, 1),)) for good in TRACK_GOODS]
    for b in p.buildings:
        ex = ANYTIME_EXCHANGES.get(b)
        if ex is not None:
            sources.append((ex.price, (*ex.goods, *ex.animals, *(((Good.PEAT, 1),) if ex.cut else ()))))
    goods = cast("dict[Good | Animal, int]", p.goods)
    base: dict[Good | Animal, int] = {**goods, Animal.HORSE: animals.count(p, Animal.HORSE)}
    room = max((sum(EQUIPMENT[e.kind].spaces) for e in p.barn), default=0)
    if g.state.phase in WORK_PHASES:
        base[Good.FOOD] += sum(
            s.food for d in p.destinations if DESTINATIONS[d].size <= room for s in DESTINATIONS[d].sales
        )
    bound = dict(base)
    for _ in range(BOUND_ROUNDS):
        new = dict(base)
        for price, gains in sources:
            uses = min(bound[k] // n for k, n in price)
            for k, n in gains:
                new[k] = min(UNLIMITED, new[k] + uses * n)
        if new == bound:
            return bound
        bound = new
    # Still growing (a cycle such as Peat -> Wool -> Clay and Peat): take those as unlimited.
    return {k: UNLIMITED if bound[k] > base[k] else v for k, v in bound.items()}


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


def open_options(g: Game, player: int, moves: list[Move], goal: Goal) -> list[Move]:
    """A decision's moves when it may wait for income: the affordable ones, or only Done while
    an anytime move could still make one affordable, or none (the decision ends)."""
    if moves:
        return moves
    return [Done()] if could_afford(g, player, goal) else []


class PaidStep(Step):
    """A build action: ``start`` it when it can be paid; with nothing affordable it waits
    (``AwaitIncome``) while an anytime move could pay for it, and ends at once otherwise."""

    title = t("Build")

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
    answers = (Choose, Done)
    option_kind = OptionKind.GO

    def prompt(self, g: Game) -> Text:
        if self.step.possible(g, g.state.players[self.player]):
            return t("{action}: you can pay for it now (or Done)", action=self.step.title)
        return t("{action}: nothing is affordable yet; a sale, a Peat Boat trade or a building may "
                 "pay for it (or Done)", action=self.step.title)

    def options(self, g: Game) -> list[Move]:
        if self.step.possible(g, g.state.players[self.player]):
            return [Choose(GO), Done()]
        return open_options(g, self.player, [], self.step.possible)

    def option_text(self, g: Game, option: str) -> Text:
        title: Text = self.step.title
        return title

    def choose(self, g: Game, move: Move) -> None:
        self.finished = True
        if isinstance(move, Choose):
            g.push(Script(self.player, [self.step]))
