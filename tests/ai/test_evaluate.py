"""The computer players' evaluation (issue 11): what a position is worth to each level."""

from __future__ import annotations

import pytest

from arle.ai.players import effort
from arle.ai.value import evaluate, short_sighted
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


def test_hard_and_expert_count_a_first_vehicle_in_two_player_games():
    """Issue 38: the first seat, whose opponent starts every winter and takes the Wainwright,
    often ended a two-player game without a vehicle. Hard and Expert count the first vehicle,
    their own less the opponent's, scaled down as the game ends, in the seat that does not
    start the winter; the seat that does gets its vehicle first anyway."""
    from arle.ai.levels import TWO_PLAYER_VALUE
    from arle.ai.value import FIRST_VEHICLE, half_years_left, winter_starter
    from arle.engine import EQUIPMENT, HALF_YEARS, Equipment, EquipmentPiece

    g = Game(Setup(players=2, seed=1))
    wagon = g.copy()
    assert not any(EQUIPMENT[e.kind].spaces for e in wagon.state.players[0].barn)
    wagon.state.players[0].barn.append(EquipmentPiece(99, Equipment.WAGON))
    credit = FIRST_VEHICLE * half_years_left(g) / HALF_YEARS
    gained = evaluate(wagon, 0) - evaluate(g, 0)
    assert winter_starter(g) == 1  # seat 0 starts the first summer, the marker passes
    assert TWO_PLAYER_VALUE(wagon, 0) - TWO_PLAYER_VALUE(g, 0) == pytest.approx(gained + credit)
    assert TWO_PLAYER_VALUE(wagon, 1) - TWO_PLAYER_VALUE(g, 1) == pytest.approx(-gained)
    g.state.special_used_by = wagon.state.special_used_by = 1  # seat 1 took the other season's action
    assert winter_starter(g) == 0
    assert TWO_PLAYER_VALUE(wagon, 0) - TWO_PLAYER_VALUE(g, 0) == pytest.approx(gained)
    for name in ("hard", "expert"):
        how = effort(name, 2)
        assert how.value is TWO_PLAYER_VALUE and how.reply is not None and how.reply.value is TWO_PLAYER_VALUE
    assert effort("hard", 1).value is evaluate  # solo games are played as before


def test_hard_and_expert_value_starting_the_winters_in_two_player_games_only():
    """Issue 38: the seat that starts the winters won all 20 games of Hard against Normal on
    seeds 1-10. The other-season action moves the Starting Player marker (rulebook: Special
    Action): used by the player who does not start, it hands the opponent the next half-year and
    every later winter. Hard and Expert count each winter to come they start, less the
    opponent's; solo values are unchanged."""
    from arle.ai.levels import TWO_PLAYER_VALUE
    from arle.ai.value import WINTER_START, winter_starts

    solo = Game(Setup(players=1, seed=1))
    assert TWO_PLAYER_VALUE(solo, 0) == evaluate(solo, 0)
    g = Game(Setup(players=2, seed=1, start_player=0))
    assert winter_starts(g) == [1, 1, 1, 1]  # seat 0 starts the summers, seat 1 the winters
    base = [TWO_PLAYER_VALUE(g, p) - evaluate(g, p) for p in (0, 1)]
    assert base == pytest.approx([-4 * WINTER_START, 4 * WINTER_START])
    taken = g.copy()
    taken.state.special_used_by = 1  # seat 1 took a winter action in the summer
    assert winter_starts(taken) == [0, 0, 0, 0]
    assert evaluate(taken, 1) == evaluate(g, 1)
    assert TWO_PLAYER_VALUE(taken, 1) - TWO_PLAYER_VALUE(g, 1) == pytest.approx(-8 * WINTER_START)
    assert TWO_PLAYER_VALUE(taken, 0) - TWO_PLAYER_VALUE(g, 0) == pytest.approx(8 * WINTER_START)
    kept = g.copy()
    kept.state.special_used_by = 0  # the starter's own use hands the marker on as usual
    assert TWO_PLAYER_VALUE(kept, 0) == TWO_PLAYER_VALUE(g, 0)
