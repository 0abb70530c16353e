"""Each player's score through a game, half-year by half-year (issue 40: the game-over screen's
chart), read by replaying its moves. Qt-free."""

from __future__ import annotations

from collections.abc import Sequence

from arle.engine import Game, Move, Setup


def scores_by_half_year(setup: Setup, moves: Sequence[Move]) -> list[tuple[float, ...]]:
    """The players' totals (as the final scoring would count them then) at the end of each
    half-year played, its inventory included, and at the end of the game: one tuple per
    half-year, oldest first."""
    g = Game(setup)
    out: list[tuple[float, ...]] = []
    half_year = g.state.half_year
    for move in moves:
        g.apply(move)
        if g.state.half_year != half_year and not g.over:
            out.append(tuple(g.scores()))
            half_year = g.state.half_year
    if g.over:
        out.append(tuple(g.scores()))
    return out
