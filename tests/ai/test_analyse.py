"""Issue 38 item 4: the analysis door, ``arle.ai.analyse(game, level, lines)``: the best lines a
level sees (moves, value, a reason), deterministic and cancellable; the Hint is its first line."""

from __future__ import annotations

import pytest

from arle.ai import Cancelled, Line, analyse, hint, reason_text
from arle.ai.players import random_move
from arle.engine import Game, PlaceWorker, Setup


def _start() -> Game:
    return Game(Setup(players=1, seed=1, building_set="first_game"))


def test_the_best_lines_each_start_with_another_move_best_first():
    lines = analyse(_start(), "normal", lines=3)
    assert len(lines) == 3 and all(isinstance(x, Line) for x in lines)
    assert len({x.moves[0] for x in lines}) == 3  # another first move each
    assert [x.value for x in lines] == sorted((x.value for x in lines), reverse=True)
    assert all(type(x.moves[0]) is PlaceWorker for x in lines)  # the start of an action
    assert all(reason_text(x.reason) for x in lines)


def test_the_analysis_is_deterministic_and_the_hint_is_its_first_line():
    g = _start()
    first = analyse(g, "normal", lines=2)
    assert analyse(g.copy(), "normal", lines=2) == first
    move, reason = hint(g, level="normal")
    assert (move, reason) == (first[0].moves[0], first[0].reason)


def test_the_analysis_stops_when_asked():
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 5

    with pytest.raises(Cancelled):
        analyse(_start(), "expert", should_stop=stop)


def test_a_finished_game_a_level_that_does_not_search_and_no_line_are_refused():
    with pytest.raises(ValueError, match="does not search"):
        analyse(_start(), "random")
    with pytest.raises(ValueError, match="at least one line"):
        analyse(_start(), "normal", lines=0)
    g = _start()
    while not g.over:
        g.apply(random_move(g))
    with pytest.raises(ValueError, match="the game is over"):
        analyse(g, "normal")
