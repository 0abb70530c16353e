"""The Laborer's imitation (rulebook ↻7): use an occupied space of the season again, with your
own belongings (your Tools, not the occupier's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from .events import ActionUsed
from .moves import Choose
from .state import PlayerState
from .steps import Decision, Script, Step

if TYPE_CHECKING:
    from .game import Game
    from .moves import Move


def imitable(g: Game, season: str, p: PlayerState) -> list[str]:
    """Spaces the Laborer of ``season`` may imitate. In its own season: the occupied ones (never
    a Laborer). Taken as the other-season action, no space of its season is occupied, so any
    space of that season may be imitated (RULES-DECISIONS: "any space of the other season")."""
    from .action_spaces import ACTION_SPACES, LABORERS

    ids = [
        a.id
        for a in ACTION_SPACES.values()
        if a.season == season and a.id not in LABORERS and a.placeable(g, p)
    ]
    if season == g.state.season:
        return [s for s in ids if s in g.state.occupied]
    return ids


@attrs.frozen
class Imitate(Step):
    season: str

    def possible(self, g: Game, p: PlayerState) -> bool:
        return bool(imitable(g, self.season, p))

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        return ImitateDecision(p.index, self.season) if imitable(g, self.season, p) else None


@attrs.define
class ImitateDecision(Decision):
    season: str = "summer"
    kind = "imitate"

    def prompt(self, g: Game) -> str:
        return "Choose a space to imitate"

    def options(self, g: Game) -> list[Move]:
        return [Choose(s) for s in imitable(g, self.season, g.state.players[self.player])]

    def choose(self, g: Game, move: Move) -> None:
        from .action_spaces import ACTION_SPACES

        assert isinstance(move, Choose)
        space = ACTION_SPACES[move.option]
        self.finished = True
        g.emit(ActionUsed(self.player, space.id, f"imitates {space.name}"))
        g.push(Script(self.player, list(space.steps), source=space.id))
