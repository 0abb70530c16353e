"""The computer players' evaluation (issue 11): what a position is worth to each level."""

from __future__ import annotations

import pytest

from arle.ai.evaluate import building_plan, evaluate, short_sighted
from arle.ai.players import effort
from arle.engine import Game, Good, Setup


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


def test_the_plan_counts_a_buildings_timber_and_brick_above_its_food():
    """Issue 30: the 15 Food of a red building made most of its progress, and the plan pulled
    toward Food. Now Food counts a quarter: 3 Timber and 3 Brick are 6 of 9.75, 15 Food 3.75."""
    red = ["village_church"]
    food = {Good.FOOD: 15}
    materials = {Good.TIMBER: 3, Good.BRICK: 3}
    assert building_plan(red, food) == pytest.approx(0.75 * 15 * (3.75 / 9.75) ** 2)
    assert building_plan(red, materials) == pytest.approx(0.75 * 15 * (6 / 9.75) ** 2)
    assert building_plan(red, {**food, **materials}) == pytest.approx(0.75 * 15)
