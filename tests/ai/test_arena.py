"""``arle arena`` (issue 11): one JSON line per game with exactly the issue's keys, then a
summary; seats swap every other game."""

from __future__ import annotations

import json

import pytest

from arle.commands.arena import digest, main
from arle.engine import EndTurn, Game, Setup

KEYS = {"seed", "levels", "scores", "winner", "moves", "built", "vehicles", "digest",
        "think_s_p50", "think_s_p95", "think_s_max"}


def _lines(capsys) -> list[dict]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_solo_arena_prints_one_line_per_game_and_a_summary(capsys):
    assert main(["--solo", "--level", "random", "--games", "2", "--seed", "3", "--json"]) == 0
    *games, summary = _lines(capsys)
    assert [set(g) for g in games] == [KEYS, KEYS]
    assert [g["seed"] for g in games] == [3, 4]
    assert all(g["levels"] == ["random"] and g["winner"] is None for g in games)
    stats = summary["levels"]["random"]
    assert stats["min"] <= stats["median"] <= stats["max"]
    assert stats["min"] == min(g["scores"][0] for g in games)


def test_two_level_arena_swaps_seats_and_counts_wins(capsys):
    assert main(["--levels", "easy,random", "--games", "2", "--seed", "1", "--json"]) == 0
    first, second, summary = _lines(capsys)
    assert first["levels"] == ["easy", "random"] and second["levels"] == ["random", "easy"]
    assert first["seed"] == second["seed"] == 1
    winners = [g["levels"][g["winner"]] for g in (first, second)]
    assert summary["levels"]["easy"]["wins"] == winners.count("easy")
    assert summary["levels"]["random"]["wins"] == winners.count("random")


def test_unknown_level_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit):
        main(["--solo", "--level", "grandmaster"])
    assert "unknown level 'grandmaster'" in capsys.readouterr().err


def test_game_lines_carry_each_seats_buildings_and_a_digest_the_summary_counts(capsys):
    """Issue 30: ``built`` per seat, ``digest`` of the moves; the summary counts distinct games and
    buildings. Random plays a different game on each seed and builds nothing it can pay."""
    assert main(["--solo", "--level", "random", "--games", "3", "--seed", "1", "--json"]) == 0
    *games, summary = _lines(capsys)
    assert all(len(g["built"]) == 1 and isinstance(g["built"][0], list) for g in games)
    assert all(len(g["digest"]) == 16 for g in games)
    stats = summary["levels"]["random"]
    assert stats["distinct_games"] == len({g["digest"] for g in games}) == 3
    built = {b for g in games for b in g["built"][0]}
    assert stats["distinct_buildings"] == len(built)
    assert stats["buildings"] == sorted(built)


def test_the_same_seed_gives_the_same_digest_and_summary_counts_it_once(capsys):
    assert main(["--levels", "easy,easy", "--games", "2", "--seed", "4", "--json"]) == 0
    first, second, summary = _lines(capsys)
    # Easy in both seats: swapping seats plays the very same game
    assert first["digest"] == second["digest"]
    assert summary["levels"]["easy"]["distinct_games"] == 1


def test_digest_follows_the_moves_and_their_order():
    g = Game(Setup(players=1, seed=1))
    moves = g.decision_moves()[:2]
    assert digest(moves) == digest(list(moves))
    assert digest(moves) != digest(list(reversed(moves)))
    assert digest([]) != digest([EndTurn()])


def test_game_lines_say_each_seats_vehicles_and_the_summary_counts_games_without(capsys):
    """Issue 38: Hard and Expert must never end a two-player game without a vehicle, and Normal
    should build in most: the arena says so per game and counts per level."""
    assert main(["--levels", "easy,random", "--games", "2", "--seed", "2", "--json"]) == 0
    *games, summary = _lines(capsys)
    assert all(len(g["vehicles"]) == 2 for g in games)
    for level in ("easy", "random"):
        mine = [(g, g["levels"].index(level)) for g in games]
        stats = summary["levels"][level]
        assert stats["games_without_vehicle"] == sum(not g["vehicles"][s] for g, s in mine)
        assert stats["games_without_building"] == sum(not g["built"][s] for g, s in mine)
