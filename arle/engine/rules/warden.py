"""Tile upgrades ("Warden", "Dike Warden", Berum Castle): flip one tile with the arrow symbol for
free (rulebook ↻4; the list of flips in RULES-DECISIONS.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..content.text import Text, t
from ..content.tiles import FLIPS, Equipment, Tile
from ..interpreter.events import TileFlipped
from ..interpreter.moves import Done, Flip
from ..interpreter.state import PlayerState
from ..interpreter.steps import Decision, Step
from . import animals, homeboard

#: Each half of a Double Stall is a Stall (rulebook p. 9: a Stall holds 3 Animals).
STALL_SIZE = 3

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.moves import Move


def flip_targets(p: PlayerState) -> list[str]:
    targets = [f"e{e.id}" for e in p.barn if e.kind in FLIPS]
    targets += [f"s{homeboard.space_id(s)}" for s, t in p.tiles.items() if t in FLIPS]
    targets += [f"m{m.id}" for m in homeboard.hydrated_moors(p)]
    return targets


def flip(g: Game, p: PlayerState, target: str) -> str:
    """Flip ``target``; returns the flip's name ("cart->horse_cart") for statistics."""
    if target.startswith("m"):
        homeboard.dehydrate(g, p, int(target[1:]))
        g.emit(TileFlipped(p.index, "moor", "dehydrated_moor", target))
        return "moor->dehydrated_moor"
    if target.startswith("e"):
        piece = next(e for e in p.barn if e.id == int(target[1:]))
        before = piece.kind
        piece.kind = Equipment(FLIPS[before])  # a flipped vehicle keeps its load
        g.emit(TileFlipped(p.index, before.value, piece.kind.value, target))
        return f"{before.value}->{piece.kind.value}"
    space = homeboard.parse_space(target[1:])
    before_tile = Tile(p.tiles[space])
    after = FLIPS[before_tile]
    p.tiles[space] = after.value
    g.emit(TileFlipped(p.index, before_tile.value, after.value, target))
    holder = f"s{homeboard.space_id(space)}"
    if after is Tile.DOUBLE_STALL:
        _split_stable(g, p, holder)
    animals.displace(g, p, holder)  # a Depot holds none: its Animals look for another place
    return f"{before_tile.value}->{after.value}"


def _split_stable(g: Game, p: PlayerState, holder: str) -> None:
    """A Stable turned Double Stall is two Stalls of 3: Animals beyond the first 3 move into the
    second half (Stable Animals are all of one type, so they fit there)."""
    here = p.animals.get(holder, {})
    for animal, n in list(here.items()):
        for _ in range(max(0, n - STALL_SIZE)):
            animals.move_animal(g, p, animal, holder, holder + "b")


@attrs.frozen
class UpgradeTile(Step):
    def possible(self, g: Game, p: PlayerState) -> bool:
        return bool(flip_targets(p))

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        return UpgradeDecision(p.index) if flip_targets(p) else None


@attrs.define
class UpgradeDecision(Decision):
    """A tile upgrade is the player's choice, even of a single tile: the flips are those the
    Warden "may" make (RULES-DECISIONS.md), and a flip can cost (a Stall turned Depot sends
    its Animals elsewhere): ``Done`` flips nothing (issue 50 item 8)."""

    answers = (Flip, Done)

    def prompt(self, g: Game) -> Text:
        return t("Choose a tile to flip for free")

    def options(self, g: Game) -> list[Move]:
        return [*(Flip(t) for t in flip_targets(g.state.players[self.player])), Done()]

    def choose(self, g: Game, move: Move) -> None:
        self.finished = True
        if isinstance(move, Flip):
            g.stats_flip(flip(g, g.state.players[self.player], move.target))


def implied_flip(g: Game, move: Move) -> Move | None:
    """The flip an Arle before issue 50 made without asking (a Warden with a single tile to
    flip), when ``move``, from a save or journal of that Arle, follows it: replaying such a file
    plays the flip first. None in every other case."""
    d = g.decision
    if not isinstance(d, UpgradeDecision) or isinstance(move, Flip | Done):
        return None
    flips = [m for m in d.options(g) if isinstance(m, Flip)]
    if len(flips) != 1:
        return None
    trial = g.copy()
    trial.apply(flips[0])
    return flips[0] if move in trial.legal_moves() else None
