"""The computer players' evaluation (issue 11): what a position is worth to each level."""

from __future__ import annotations

from arle.ai.evaluate import evaluate, short_sighted
from arle.ai.players import effort
from arle.engine import Game, Setup


def test_easy_sees_no_future_in_tools_while_normal_does():
    """Easy is kept to the points it can count now (issue 11: Normal clearly stronger than
    Easy in two-player games): a Tool step that scores nothing yet raises Normal's value, not
    Easy's."""
    g = Game(Setup(players=2, seed=1))
    better = g.copy()
    tool = next(iter(better.state.players[0].tools))
    better.state.players[0].tools[tool] += 1
    assert evaluate(better, 0) > evaluate(g, 0)
    assert short_sighted(better, 0) == short_sighted(g, 0)
    easy, normal = effort("easy").value, effort("normal").value
    assert easy(better, 0) == easy(g, 0)  # its favourite building aside, Easy sees what short_sighted does
    assert normal(better, 0) > normal(g, 0)
    assert effort("hard").value is evaluate


def test_a_kept_value_is_never_that_of_another_position():
    """Values are kept by position (for speed): changing the player's state or the half-year
    in place gives a fresh value, not a stale one."""
    g = Game(Setup(players=1, seed=1))
    before = evaluate(g, 0)
    tool = next(iter(g.state.players[0].tools))
    g.state.players[0].tools[tool] += 1
    assert evaluate(g, 0) > before
    stepped = evaluate(g, 0)
    g.state.half_year += 4
    assert evaluate(g, 0) != stepped
