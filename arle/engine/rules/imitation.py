"""The Laborer's imitation (rulebook ↻7): use an occupied space of the season again, with your
own belongings (your Tools, not the occupier's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..content.text import Text, noun, t
from ..interpreter.events import ActionUsed
from ..interpreter.moves import Choose
from ..interpreter.state import PlayerState
from ..interpreter.steps import Decision, OptionKind, Script
from .prospects import PaidStep

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.moves import Move


def imitable(g: Game, season: str, p: PlayerState) -> list[str]:
    """Spaces the Laborer of ``season`` may imitate: the occupied spaces of that season (whoever
    occupies them), never a Laborer, and only where the player can make the space's up-front
    payment. Workers leave the board at the end of each Work Phase, so a Laborer taken as the
    other-season action finds no occupied space of its season and can only build."""
    from ..content.action_spaces import ACTION_SPACES, LABORERS

    return [
        a.id
        for a in ACTION_SPACES.values()
        if a.season == season
        and a.id in g.state.occupied
        and a.id not in LABORERS
        and a.placeable(g, p)
    ]


@attrs.frozen
class Imitate(PaidStep):
    """Imitate an occupied space; one whose up-front payment (the Forester's Food...) a sale or
    trade could still make may be waited for, like a build action."""

    season: str
    title = t("Imitate a space")

    def possible(self, g: Game, p: PlayerState) -> bool:
        return bool(imitable(g, self.season, p))

    def start(self, g: Game, p: PlayerState) -> Decision | None:
        return ImitateDecision(p.index, self.season)


@attrs.define
class ImitateDecision(Decision):
    season: str = "summer"
    answers = (Choose,)
    option_kind = OptionKind.SPACE
    shown_on = "board"

    def prompt(self, g: Game) -> Text:
        return t("Choose a space to imitate")

    def options(self, g: Game) -> list[Move]:
        return [Choose(s) for s in imitable(g, self.season, g.state.players[self.player])]

    auto_single = True

    def choose(self, g: Game, move: Move) -> None:
        from ..content.action_spaces import ACTION_SPACES

        assert isinstance(move, Choose)
        space = ACTION_SPACES[move.option]
        self.finished = True
        g.emit(ActionUsed(self.player, space.id, t("imitates {space}", space=noun(space.name))))
        g.push(Script(self.player, list(space.steps), source=space.id))
