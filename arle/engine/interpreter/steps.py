"""The step interpreter: actions as data.

An action space, a building ability or an inventory phase is a tuple of *steps*. The game runs
steps one by one from a ``Script`` on its stack. A step either acts at once (gain 1 Sheep) or
returns a ``Decision`` that waits on the stack for the player's moves (which Moor to cut Peat
from, how to pay, whether to do the optional rest). Steps and decisions are attrs records, so a
whole game state, pending decisions included, can be copied and compared.
"""

from __future__ import annotations

import enum
import functools
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from ..content.buildings import BUILDINGS
from ..content.goods import Animal, Good
from ..content.text import Text, join, listed, noun, t, tn
from ..content.tiles import Tile
from ..content.tools import TOOL_TRACKS, Tool, last_position, tool_count
from ..content.words import TILE_NAMES, counted
from ..rules import animals, homeboard
from ..rules.payments import Bundle, Cost, can_pay, payment_options
from ..rules.supply import gain, pay, take_tile, tile_left
from .events import BuildingBuilt, ToolAdvanced
from .moves import (
    AdvanceTool,
    Choose,
    CutPeat,
    Done,
    Flip,
    MoveAnimal,
    MoveDike,
    Pay,
    PlaceTile,
    ReleaseAnimal,
)
from .state import PlayerState

if TYPE_CHECKING:
    from .game import Game
    from .moves import Move


#: The ``Choose`` move of each option key and the ``Done`` move, made once and shared (moves are
#: frozen): decisions list them again after every move.
choice = functools.cache(Choose)
DONE = Done()


# -- Interpreter records -------------------------------------------------------------------------


@attrs.define
class Script:
    """Steps still to run for ``player``; the first one runs next."""

    player: int
    steps: list[Any]
    source: str = ""


class OptionKind(enum.Enum):
    """What the ``option`` of a decision's ``Choose`` moves names: a view or a computer player reads
    the options by it (their English words: ``Decision.option_text``)."""

    PART = "part"  # a part of the action ("A or B", "A and/or B"): the Option key
    BUILDING = "building"  # a building id of ``buildings.BUILDINGS``
    SPACE = "space"  # an action space id of ``action_spaces.ACTION_SPACES`` (to imitate)
    VEHICLE = "vehicle"  # an ``Equipment`` value: the Vehicle to build
    PLOW = "plow"  # a Field ``Tile`` value: the side up of the Field a Plow plows
    FIELD = "field"  # a Field ``Tile`` value: the side up of a Field to place
    ANIMAL = "animal"  # an ``Animal`` value: the type to pay with
    CONVERSION = "conversion"  # a conversion variant key (``conversions.variants``)
    SALE = "sale"  # a sale option of the loaded destination (``travel.option_label``)
    EQUIPMENT = "equipment"  # "e<id>": a piece in the Barn
    PAY = "pay"  # "pay": pay the Sustenance now
    GO = "go"  # "go": carry out the action waiting for income (``option_text``: its title)
    CONFIRM = "confirm"  # the one thing the decision does ("exchange", "store")


@attrs.define
class Decision:
    """A pending choice of ``player``. Subclasses list their options and apply the chosen one, and
    declare what they are (the class attributes below) so that nobody outside the rules has to
    tell decisions apart by name."""

    player: int
    finished: bool = attrs.field(default=False, kw_only=True)

    #: The move types ``options`` may offer.
    answers: ClassVar[tuple[type[Move], ...]] = ()
    #: What ``Choose.option`` names, for decisions that offer ``Choose`` moves.
    option_kind: ClassVar[OptionKind | None] = None
    #: Where the player answers it: "board" (the game board), "home" (the Home Board), "storage"
    #: (Barn and Travel) or None (the decision panel's buttons, or wherever its moves are).
    shown_on: ClassVar[str | None] = None
    #: Whether anytime moves may be made while it waits (not while paying: they could spend the
    #: goods the payment needs; releasing an Animal it does not ask for stays allowed).
    allows_anytime: ClassVar[bool] = True
    #: Whether Vehicles may be loaded while it waits (not while paying nor during a sale).
    allows_loading: ClassVar[bool] = True
    #: Whether the game may take the only option on the player's behalf.
    auto_single: ClassVar[bool] = False

    def prompt(self, g: Game) -> Text:
        return t("Decide")

    def lapsed_text(self, g: Game) -> Text:
        """What the log says when an anytime move left this decision without options."""
        return t("No longer possible, so not done: {what}", what=self.prompt(g))

    def unanswered_text(self, g: Game) -> Text | None:
        """What the log says when this decision ends with no option left to take, by itself (None:
        nothing was left undone). A step the game could not carry out leaves a line (issue 43)."""
        return None

    def options(self, g: Game) -> list[Move]:
        raise NotImplementedError

    def option_text(self, g: Game, option: str) -> Text:
        """The option of a ``Choose`` move in words (by default its id: a view names it by
        ``option_kind``)."""
        return t("{option}", option=option)

    def choose(self, g: Game, move: Move) -> None:
        raise NotImplementedError

    def costs_ahead(self) -> list[Cost]:
        """Costs the chosen option will have to pay (anytime uses must leave them payable)."""
        return []


@attrs.define
class CountedDecision(Decision):
    """The "up to N, one at a time" shape (cut Peat, Dikes, conversions, Animals paid, the Master,
    exchanges, Fields plowed or replaced): while some are left the player picks one of
    ``_targets``, and ``Done`` ends it early when it is ``optional``."""

    remaining: int = 0
    #: How many were taken so far: the prompt says "up to 2", and "up to 1 more" only after one.
    taken: int = attrs.field(default=0, kw_only=True)
    optional: ClassVar[bool] = True

    def up_to(self, first: Text, more: Text) -> Text:
        """``first`` ("up to 2") before any was taken, ``more`` ("up to 1 more") after."""
        return more if self.taken else first

    def left(self, g: Game) -> int:
        return self.remaining

    def _targets(self, g: Game, p: PlayerState) -> list[Move]:
        raise NotImplementedError

    def _none_now(self, g: Game) -> list[Move]:
        """The options when no target is possible now (none: the decision ends)."""
        return []

    def _take(self, g: Game, p: PlayerState, move: Move) -> None:
        raise NotImplementedError

    def unanswered_text(self, g: Game) -> Text | None:
        """None could be taken of those the step gave: "1 Peat not cut: no longer possible" (a
        stop after some is the player's, or the supply's, and needs no line)."""
        return self.lapsed_text(g) if self.left(g) > 0 and not self.taken else None

    def options(self, g: Game) -> list[Move]:
        if self.left(g) <= 0:
            return []
        moves = self._targets(g, g.state.players[self.player])
        if not moves:
            return self._none_now(g)
        return [*moves, DONE] if self.optional else moves

    def choose(self, g: Game, move: Move) -> None:
        if isinstance(move, Done):
            self.finished = True
            return
        self._take(g, g.state.players[self.player], move)

    def _count_one(self) -> None:
        self.remaining -= 1
        self.taken += 1
        self.finished = self.remaining <= 0


class Step:
    """Base class of steps. ``run`` acts, or returns a Decision to wait on."""

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        raise NotImplementedError

    def possible(self, g: Game, p: PlayerState) -> bool:
        """Whether the step can be carried out at all (for "either ... or" options)."""
        return True

    def reachable(self, g: Game, p: PlayerState) -> bool:
        """Whether the step can be carried out now or, for a build action, once an anytime move
        (a sale, a Peat Boat trade, a building) pays for it (``prospects.PaidStep``)."""
        return self.possible(g, p)


_TOOLS = {tool.value: tool for tool in Tool}


def counter(g: Game, p: PlayerState, key: str) -> int:
    """A count a step may depend on: "tool:<tool>", "equipment:<kind>", "tile:<tile>", "animal:<a>"."""
    what, _, name = key.partition(":")
    if what == "tool":
        tool = _TOOLS.get(name) or Tool(name)
        return tool_count(tool, p.tools[tool])
    if what == "shovel_pairs":
        return tool_count(Tool.SHOVEL, p.tools[Tool.SHOVEL]) // 2
    if what == "equipment":
        return sum(1 for e in p.barn if e.kind == name)
    if what == "tile":
        return sum(1 for t in p.tiles.values() if t == name)
    if what == "animal":
        return animals.count(p, Animal(name))
    if what == "fixed":
        return int(name)
    raise ValueError(f"unknown counter {key!r}")


# -- Automatic steps -----------------------------------------------------------------------------


@attrs.frozen
class Gain(Step):
    """Take goods and Animals from the general supply."""

    goods: Bundle = ()
    animals: tuple[tuple[Animal, int], ...] = ()

    def run(self, g: Game, p: PlayerState) -> None:
        for good, n in self.goods:
            gain(g, p, good, n)
        for animal, n in self.animals:
            animals.gain_animals(g, p, animal, n)


@attrs.frozen
class GainPer(Step):
    """Take ``per_unit`` of ``good`` per ``counter`` (Food per Fish Trap, Clay per Shovel...)."""

    good: Good
    key: str
    per_unit: int = 1

    def run(self, g: Game, p: PlayerState) -> None:
        gain(g, p, self.good, self.per_unit * counter(g, p, self.key))


@attrs.frozen
class ToolUp(Step):
    """Move a Tool indicator up to ``spaces`` spaces to the right for free (stops at the end)."""

    tool: Tool
    spaces: int = 1

    def run(self, g: Game, p: PlayerState) -> None:
        advance_tool(g, p, self.tool, self.spaces)


def advance_tool(g: Game, p: PlayerState, tool: Tool, spaces: int = 1) -> None:
    new = min(last_position(tool), p.tools[tool] + spaces)
    if new != p.tools[tool]:
        p.tools[tool] = new
        g.emit(ToolAdvanced(p.index, tool.value, tool_count(tool, new)))


# -- Choices between parts of an action ----------------------------------------------------------


@attrs.frozen
class Option:
    """A part of an action; ``label`` is a content msgid (a plain English string, translated as
    ``noun(label)``) or a ``Text`` built with a count."""

    key: str
    label: str | Text
    steps: tuple[Any, ...]

    def text(self) -> Text:
        return noun(self.label) if isinstance(self.label, str) else self.label


def _option_possible(g: Game, p: PlayerState, option: Option) -> bool:
    return not option.steps or option.steps[0].reachable(g, p)


@attrs.frozen
class OneOf(Step):
    """"Either A or B": exactly one option (the impossible ones are not offered)."""

    options: tuple[Option, ...]

    def possible(self, g: Game, p: PlayerState) -> bool:
        return any(_option_possible(g, p, o) for o in self.options)

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        return OneOfDecision(p.index, self.options)


@attrs.define
class OneOfDecision(Decision):
    choices: tuple[Option, ...] = ()
    answers = (Choose,)
    option_kind = OptionKind.PART

    #: (i, n): the i-th of n such choices in a row (Potter's Inn: 1 Animal per Pottery Wheel).
    nth: tuple[int, int] | None = attrs.field(default=None, kw_only=True)

    def prompt(self, g: Game) -> Text:
        options = listed([o.text() for o in self.choices], t("{items} or {last}"))
        if self.nth is not None:
            return t("Choose one ({i} of {n}): {options}", i=self.nth[0], n=self.nth[1], options=options)
        return t("Choose one: {options}", options=options)

    def options(self, g: Game) -> list[Move]:
        p = g.state.players[self.player]
        return [choice(o.key) for o in self.choices if _option_possible(g, p, o)]

    def option_text(self, g: Game, option: str) -> Text:
        return _option_label(self.choices, option)

    def choose(self, g: Game, move: Move) -> None:
        assert isinstance(move, Choose)
        option = next(o for o in self.choices if o.key == move.option)
        self.finished = True
        g.push(Script(self.player, list(option.steps)))

    auto_single = True


@attrs.frozen
class AndOr(Step):
    """"A and/or B" (rulebook p. 13): any of the parts, each at most once; Done ends it.

    The rulebook orders the parts of a space only where a brown line separates them ("top before
    bottom", the Fisherman), and those spaces are plain step sequences. "And/or" says nothing
    about order, so the parts may be taken in any order (RULES_NOTES "And/or")."""

    options: tuple[Option, ...]

    def possible(self, g: Game, p: PlayerState) -> bool:
        return any(_option_possible(g, p, o) for o in self.options)

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        return AndOrDecision(p.index, self.options)


@attrs.define
class AndOrDecision(Decision):
    choices: tuple[Option, ...] = ()
    used: list[str] = attrs.Factory(list)
    answers = (Choose, Done)
    option_kind = OptionKind.PART

    def _rest(self) -> list[Option]:
        return [o for o in self.choices if o.key not in self.used]

    def _rest_words(self) -> Text:
        return join([o.text() for o in self._rest()], t(" and/or "))

    def prompt(self, g: Game) -> Text:
        return t("You may: {options}", options=self._rest_words())

    def lapsed_text(self, g: Game) -> Text:
        return t("No longer possible, so not done: {what}", what=self._rest_words())

    def options(self, g: Game) -> list[Move]:
        p = g.state.players[self.player]
        moves: list[Move] = [choice(o.key) for o in self._rest() if _option_possible(g, p, o)]
        return [*moves, DONE] if moves else []

    def option_text(self, g: Game, option: str) -> Text:
        return _option_label(self.choices, option)

    def choose(self, g: Game, move: Move) -> None:
        if isinstance(move, Done):
            self.finished = True
            return
        assert isinstance(move, Choose)
        option = next(o for o in self.choices if o.key == move.option)
        self.used.append(option.key)
        self.finished = not self._rest()
        g.push(Script(self.player, list(option.steps)))


def _option_label(choices: tuple[Option, ...], key: str) -> Text:
    return next((o.text() for o in choices if o.key == key), t("{option}", option=key))


@attrs.frozen
class TakeAnimal(Step):
    """Take 1 Animal of one of ``kinds`` (player's choice)."""

    kinds: tuple[Animal, ...]
    n: int = 1
    #: (i, n) when this is the i-th of n Animals taken in a row (``Repeat``).
    nth: tuple[int, int] | None = None

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        if len(self.kinds) == 1:
            animals.gain_animals(g, p, self.kinds[0], self.n)
            return None
        return OneOfDecision(
            p.index,
            tuple(
                Option(a.value, counted(a, self.n), (Gain(animals=((a, self.n),)),))
                for a in self.kinds
            ),
            nth=self.nth,
        )


@attrs.frozen
class TakeGood(Step):
    """Take ``n`` of one of ``goods`` (player's choice)."""

    goods: tuple[Good, ...]
    n: int = 1

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        return OneOfDecision(
            p.index,
            tuple(
                Option(x.value, counted(x, self.n), (Gain(goods=((x, self.n),)),))
                for x in self.goods
            ),
        )


# -- Paying ----------------------------------------------------------------------------------------


@attrs.frozen
class PayCost(Step):
    """Pay a cost (goods, and Animals for Vehicles and Plows); the player chooses how when there
    is more than one way.

    While the player chooses, anytime moves (loading a Vehicle, releasing an Animal...) could
    spend what the payment needs. So what the payment buys - the rest of the running script -
    waits inside the decision and runs only once it is paid: a payment that became impossible
    buys nothing instead of giving it away."""

    cost: Cost
    animals: tuple[tuple[Animal, int], ...] = ()

    def possible(self, g: Game, p: PlayerState) -> bool:
        return (not self.animals or _has_animals(p, self.animals)) and can_pay(self.cost, p.goods)

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        ways = payment_options(self.cost, p.goods)
        if not ways or not _has_animals(p, self.animals):
            raise AssertionError(f"cannot pay {self.cost.text()}: the step was offered unaffordable")
        if len(ways) == 1:
            _pay_all(g, p, ways[0], self.animals)
            return None
        then, source = _take_rest_of_script(g, p)
        return PayDecision(p.index, self.cost, animals=self.animals, then=then, source=source)


def _has_animals(p: PlayerState, wanted: tuple[tuple[Animal, int], ...]) -> bool:
    return all(animals.count(p, a) >= n for a, n in wanted)


def _pay_all(
    g: Game, p: PlayerState, bundle: Bundle, paid_animals: tuple[tuple[Animal, int], ...]
) -> None:
    pay(g, p, bundle)
    for animal, n in paid_animals:
        animals.remove_animals(g, p, animal, n)


def _take_rest_of_script(g: Game, p: PlayerState) -> tuple[list[Any], str]:
    """Take the steps after the running one out of its script (the top of the stack)."""
    top = g.state.stack[-1] if g.state.stack else None
    if not isinstance(top, Script) or top.player != p.index:
        return [], ""
    rest = list(top.steps)
    top.steps.clear()
    return rest, top.source


@attrs.define
class PayDecision(Decision):
    cost: Cost = attrs.field(factory=Cost)
    animals: tuple[tuple[Animal, int], ...] = ()
    #: What the payment buys: steps run once it is paid (dropped if it cannot be paid any more).
    then: list[Any] = attrs.Factory(list)
    source: str = ""
    answers = (Pay,)
    allows_anytime = False
    allows_loading = False

    def prompt(self, g: Game) -> Text:
        return t("Pay {cost}", cost=join([self.cost.text(), *(counted(a, n) for a, n in self.animals)]))

    def options(self, g: Game) -> list[Move]:
        p = g.state.players[self.player]
        if not _has_animals(p, self.animals):
            return []
        return [Pay(b) for b in payment_options(self.cost, p.goods)]

    def choose(self, g: Game, move: Move) -> None:
        assert isinstance(move, Pay)
        _pay_all(g, g.state.players[self.player], move.goods, self.animals)
        self.finished = True
        if self.then:
            g.push(Script(self.player, list(self.then), source=self.source))

    auto_single = True


# -- Home Board steps ------------------------------------------------------------------------------


@attrs.frozen
class CutPeatStep(Step):
    """Cut Peat: take up to ``key`` Peat off dehydrated Moors, one at a time."""

    key: str
    optional: bool = True

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        n = counter(g, p, self.key)
        return CutPeatDecision(p.index, n, self.optional) if n > 0 else None


@attrs.define
class CutPeatDecision(CountedDecision):
    optional: bool = True  # type: ignore[misc]  # (a field here: Cut Peat may stop early or not)
    #: The building whose ability grants the cuts (its id), named in the prompt: a "Cut Peat"
    #: after the building's other gains said not whose it was (issue 43).
    source: str = attrs.field(default="", kw_only=True)
    answers = (CutPeat, Done)
    shown_on = "home"
    auto_single = True

    def prompt(self, g: Game) -> Text:
        if self.source in BUILDINGS:
            building = noun(BUILDINGS[self.source].name)
            n = self.remaining
            return self.up_to(
                tn("{building}: cut Peat, up to {n}", "{building}: cut Peat, up to {n}", n,
                   building=building),
                tn("{building}: cut Peat, up to {n} more", "{building}: cut Peat, up to {n} more", n,
                   building=building))
        return self.up_to(tn("Cut Peat: up to {n}", "Cut Peat: up to {n}", self.remaining),
                          tn("Cut Peat: up to {n} more", "Cut Peat: up to {n} more", self.remaining))

    def lapsed_text(self, g: Game) -> Text:
        return tn("{n} Peat not cut: no longer possible", "{n} Peat not cut: no longer possible",
                  self.remaining)

    def _targets(self, g: Game, p: PlayerState) -> list[Move]:
        return [CutPeat(m.id) for m in homeboard.moors_with_peat(p)]

    def _take(self, g: Game, p: PlayerState, move: Move) -> None:
        assert isinstance(move, CutPeat)
        homeboard.cut_peat(g, p, move.moor)
        self._count_one()


@attrs.frozen
class DikeStep(Step):
    """"+1 Dike" ``key`` times (Dike Builder: one per pair of Shovels)."""

    key: str = "fixed:1"

    def possible(self, g: Game, p: PlayerState) -> bool:
        return homeboard.can_move_dike(p)

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        n = counter(g, p, self.key)
        return DikeDecision(p.index, n) if n > 0 else None


@attrs.define
class DikeDecision(CountedDecision):
    optional = False
    answers = (MoveDike,)
    shown_on = "home"
    auto_single = True

    def prompt(self, g: Game) -> Text:
        return tn("Move a bottom Dike up ({n} to move)", "Move a bottom Dike up ({n} to move)",
                  self.remaining)

    def _targets(self, g: Game, p: PlayerState) -> list[Move]:
        movers, targets = homeboard.dike_targets(p)
        return [MoveDike(d, f"{gp},{c}") for d in movers for gp, c in targets]

    def _take(self, g: Game, p: PlayerState, move: Move) -> None:
        assert isinstance(move, MoveDike)
        to = tuple(int(x) for x in move.to.split(","))
        homeboard.move_dike(g, p, move.dike, (to[0], to[1]))
        self._count_one()


@attrs.frozen
class Dehydrate(Step):
    """Dehydrate a Moor section: flip a Moor tile and put 4 Peat on it."""

    def possible(self, g: Game, p: PlayerState) -> bool:
        return bool(homeboard.hydrated_moors(p))

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        return DehydrateDecision(p.index) if homeboard.hydrated_moors(p) else None


@attrs.define
class DehydrateDecision(Decision):
    answers = (Flip,)
    shown_on = "home"

    def prompt(self, g: Game) -> Text:
        return t("Choose a Moor to dehydrate")

    def options(self, g: Game) -> list[Move]:
        return [Flip(f"m{m.id}") for m in homeboard.hydrated_moors(g.state.players[self.player])]

    def choose(self, g: Game, move: Move) -> None:
        assert isinstance(move, Flip)
        homeboard.dehydrate(g, g.state.players[self.player], int(move.target[1:]))
        self.finished = True

    auto_single = True


@attrs.frozen
class PlaceNewTile(Step):
    """Place a tile (Field, Forest, Stall or a building) on an empty land space."""

    tile: str

    def possible(self, g: Game, p: PlayerState) -> bool:
        # (a building's name is no stack's: always left, each building exists once)
        return bool(homeboard.empty_land_spaces(p)) and tile_left(g, _as_tile(self.tile))  # type: ignore[arg-type]

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        if not self.possible(g, p):
            return None
        return PlaceTileDecision(p.index, self.tile)


def _as_tile(name: str) -> Tile | str:
    try:
        return Tile(name)
    except ValueError:
        return name  # a building: each exists once and is tracked by the building list


@attrs.define
class PlaceTileDecision(Decision):
    """Place ``tile`` on an empty land space: a tile of the supply board (a ``Tile`` value) or a
    building just bought (a building id), which the player then owns."""

    tile: str = ""
    answers = (PlaceTile,)
    shown_on = "home"
    auto_single = True

    def prompt(self, g: Game) -> Text:
        tile = _as_tile(self.tile)
        name = TILE_NAMES[tile] if isinstance(tile, Tile) else BUILDINGS[tile].name
        return t("Place the {tile} on an empty land space", tile=noun(name))

    def options(self, g: Game) -> list[Move]:
        p = g.state.players[self.player]
        return [PlaceTile(homeboard.space_id(s)) for s in homeboard.empty_land_spaces(p)]

    def choose(self, g: Game, move: Move) -> None:
        assert isinstance(move, PlaceTile)
        p = g.state.players[self.player]
        tile = _as_tile(self.tile)
        if isinstance(tile, Tile):
            take_tile(g, tile)
        homeboard.place_tile(g, p, self.tile, homeboard.parse_space(move.space))
        if not isinstance(tile, Tile):
            p.buildings.append(self.tile)
            g.emit(BuildingBuilt(p.index, self.tile, move.space))
        self.finished = True


# -- Tools -------------------------------------------------------------------------------------------


@attrs.frozen
class MasterStep(Step):
    """Master: per Workbench, move a different Tool indicator 1 space, paying its cost. A Workbench
    gained on the way counts at once (rulebook example 5)."""

    fixed_moves: int = 0  # 0: one per Workbench; else exactly this many (Workshop: 1)

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        return MasterDecision(p.index, fixed=self.fixed_moves)


#: What moving each Tool indicator costs, made once (a Cost is frozen; its ways to pay are
#: remembered by the Cost).
_TOOL_COSTS = {tool: Cost(track.cost) for tool, track in TOOL_TRACKS.items()}


@attrs.define
class MasterDecision(CountedDecision):
    """The count left follows the Workbenches, which may grow meanwhile (``MasterStep``)."""

    used: list[str] = attrs.Factory(list)
    fixed: int = 0
    answers = (AdvanceTool, Done)
    shown_on = "board"

    def allowed(self, g: Game) -> int:
        p = g.state.players[self.player]
        if self.fixed:
            return self.fixed
        return tool_count(Tool.WORKBENCH, p.tools[Tool.WORKBENCH])

    def left(self, g: Game) -> int:
        return self.allowed(g) - len(self.used)

    def prompt(self, g: Game) -> Text:
        return tn("Move Tool indicators ({n} left, different tools)",
                  "Move Tool indicators ({n} left, different tools)", self.left(g))

    def _targets(self, g: Game, p: PlayerState) -> list[Move]:
        """Tool indicators not moved yet by this action, not at the end, whose cost is payable."""
        return [
            AdvanceTool(tool)
            for tool, price in _TOOL_COSTS.items()
            if tool.value not in self.used
            and p.tools[tool] < last_position(tool)
            and can_pay(price, p.goods)
        ]

    def _none_now(self, g: Game) -> list[Move]:
        from ..rules.prospects import open_options

        return open_options(g, self.player, [], lambda g2, p2: bool(self._targets(g2, p2)))

    def _take(self, g: Game, p: PlayerState, move: Move) -> None:
        assert isinstance(move, AdvanceTool)
        self.used.append(move.tool.value)
        # Paid first: the indicator moves once the movement is paid for (↻5).
        g.push(Script(self.player, [PayCost(_TOOL_COSTS[move.tool]), ToolUp(move.tool)]))


# -- Animals waiting for a place --------------------------------------------------------------------


@attrs.define
class HouseAnimalsDecision(Decision):
    """New Animals found no place: place them (rearranging others) or release them."""

    answers = (MoveAnimal, ReleaseAnimal)
    shown_on = "home"

    def prompt(self, g: Game) -> Text:
        p = g.state.players[self.player]
        return tn("{n} Animals have no place: move Animals or release some",
                  "{n} Animals have no place: move Animals or release some", animals.waiting(p))

    def options(self, g: Game) -> list[Move]:
        p = g.state.players[self.player]
        if not animals.waiting(p):
            return []
        moves: list[Move] = list(animals.rearrange_moves(p))
        moves += [ReleaseAnimal(a, animals.WAITING) for a in p.animals.get(animals.WAITING, {})]
        return moves

    def choose(self, g: Game, move: Move) -> None:
        p = g.state.players[self.player]
        if isinstance(move, MoveAnimal):
            animals.move_animal(g, p, move.animal, move.src, move.dst)
        elif isinstance(move, ReleaseAnimal):
            animals.release(g, p, move.animal, move.src)
        self.finished = not animals.waiting(p)
