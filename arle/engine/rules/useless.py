"""Placements that would give the player nothing: a legal Worker placement whose action has no
part the player can carry out now or pay for with an anytime move (rulebook pp. 12-13: each part
of an action is optional, so such a placement is legal, but it only uses up the Worker and, on
the Forester and the Laborer, the Food paid first).

``does_nothing(game, move)`` says why, so that a view can ask before it sends such a move. It
never says so of a placement that gives something: a step it does not know counts as giving.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..content.text import Text, noun, t
from ..content.tools import last_position
from ..interpreter.moves import Move, PlaceWorker
from ..interpreter.steps import (
    AndOr,
    CutPeatStep,
    DikeStep,
    Gain,
    GainPer,
    MasterDecision,
    MasterStep,
    OneOf,
    PayCost,
    ToolUp,
    _option_possible,
    counter,
)
from . import homeboard
from .conversions import Convert, ConvertDecision
from .imitation import Imitate, imitable
from .payments import payment_options
from .supply import pay

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.state import PlayerState

#: Why each space can give nothing (the spaces that always give something are not listed: Take
#: 1 Sheep, 3 Peat, 4 Wood...).
WHY: dict[str, Text] = {
    "summer.woolen_weaver": t("The Woolen Weaver would give you nothing: you have no Wool to weave."),
    "summer.peat_cutter": t("The Peat Cutter would give you nothing: none of your Moors has Peat to cut."),
    "summer.farmer": t("The Farmer would give you nothing: you can neither build a Plow nor plow a Field."),
    "summer.forester": t("The Forester would only cost you 1 Food: you have no empty land for a Forest "
                         "and no Building you can pay for."),
    "summer.master": t("The Master would give you nothing: you cannot pay to move any Tool indicator."),
    "summer.carpenter": t("The Carpenter would give you nothing: you can build neither a Building nor "
                          "a Stall."),
    "summer.builder": t("The Builder would give you nothing: there is no Building you can build."),
    "summer.warden": t("The Warden would give you nothing: none of your tiles can be flipped."),
    "summer.laborer": t("The Laborer would only cost you 2 Food: you can build no Vehicle and there is "
                        "no occupied space worth imitating."),
    "winter.tanner": t("The Tanner would give you nothing: you have no Hides to tan."),
    "winter.linen_weaver": t("The Linen Weaver would give you nothing: you have no Flax to weave."),
    "winter.butcher": t("The Butcher would give you nothing: you have no Animals to slaughter."),
    "winter.potter": t("The Potter would give you nothing: you have no Clay or Brick."),
    "winter.baker": t("The Baker would give you nothing: you need Grain or Flax, and Peat or Wood."),
    "winter.master": t("The Master would give you nothing: you cannot pay to move any Tool indicator."),
    "winter.wainwright": t("The Wainwright would give you nothing: you can build neither a Vehicle nor "
                           "a Peat Boat."),
    "winter.carpenter": t("The Carpenter would give you nothing: you can neither build a Stall nor "
                          "upgrade one to a Stable."),
    "winter.dike_warden": t("The Dike Warden would give you nothing: no tile can be flipped and no "
                            "Dike can be built."),
    "winter.laborer": t("The Laborer would only cost you 2 Food: you can build no Building and there "
                        "is no occupied space worth imitating."),
}


def does_nothing(game: Game, move: Move) -> Text | None:
    """Why placing a Worker with ``move`` would give its player nothing; None when it gives
    something, or when ``move`` is not a legal placement (``Game.why_not`` explains that)."""
    if not isinstance(move, PlaceWorker) or game.actor is None or move not in game.legal_moves():
        return None
    if _space_gives(game, game.actor, move.space):
        return None
    from ..content.action_spaces import ACTION_SPACES

    return WHY.get(move.space, t("The {space} would give you nothing now.",
                                 space=noun(ACTION_SPACES[move.space].name)))


def _space_gives(game: Game, player: int, space_id: str) -> bool:
    """Whether the action of ``space_id`` has a part ``player`` could carry out, once its
    up-front payment (the Forester's and the Laborer's Food) is made."""
    from ..content.action_spaces import ACTION_SPACES, PayFoodOrGrain

    steps = list(ACTION_SPACES[space_id].steps)
    g, p = game, game.state.players[player]
    if steps and isinstance(steps[0], PayCost | PayFoodOrGrain):
        g = game.copy()
        p = g.state.players[player]
        first = steps.pop(0)
        if isinstance(first, PayCost):
            ways = payment_options(first.cost, p.goods)
            if not ways:
                return True  # not placeable: why_not says so
            pay(g, p, ways[0])
        else:
            first.run(g, p)
    return any(_gives(g, p, step) for step in steps)


def _gives(g: Game, p: PlayerState, step: Any) -> bool:
    """Whether ``step`` can give ``p`` anything (a build may wait for a sale or a trade)."""
    if isinstance(step, Gain):
        return bool(step.goods or step.animals)
    if isinstance(step, GainPer):
        return counter(g, p, step.key) > 0
    if isinstance(step, ToolUp):
        return p.tools[step.tool] < last_position(step.tool)
    if isinstance(step, OneOf | AndOr):
        return any(_option_possible(g, p, o) and any(_gives(g, p, s) for s in o.steps)
                   for o in step.options)
    if isinstance(step, Convert):
        n = counter(g, p, step.key)
        return n > 0 and bool(ConvertDecision(p.index, remaining=n, conversion=step.conversion).options(g))
    if isinstance(step, CutPeatStep):
        return counter(g, p, step.key) > 0 and bool(homeboard.moors_with_peat(p))
    if isinstance(step, DikeStep):
        return counter(g, p, step.key) > 0 and step.possible(g, p)
    if isinstance(step, MasterStep):
        return bool(MasterDecision(p.index, fixed=step.fixed_moves).options(g))
    if isinstance(step, Imitate):
        spaces = imitable(g, step.season, p)
        if any(_space_gives(g, p.index, s) for s in spaces):
            return True
        return not spaces and step.reachable(g, p)  # a sale may pay a space's Food
    if isinstance(step, PayCost):
        return False
    return bool(step.reachable(g, p)) if hasattr(step, "reachable") else True
