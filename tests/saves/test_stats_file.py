"""Issue 13, statistics: a finished game is recorded once under its game id, read back boundedly,
and summed up as games played, wins per player name, best and average solo scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arle.engine import Setup
from arle.files import stats
from arle.files.stats import GameRecord, game_id, personal_best, read_stats, record_game, summarize


def test_a_game_ended_twice_is_counted_once(tmp_path: Path) -> None:
    """Undo at the end and the game ends again: one game, its latest result."""
    path = tmp_path / "stats.json"
    key = game_id(Setup(players=2, seed=5, names=("Ada", "Bo")))
    assert record_game(key, GameRecord(("Ada", "Bo"), (80, 90), 1), path)
    assert not record_game(key, GameRecord(("Ada", "Bo"), (95, 90), 0), path)
    games, warning = read_stats(path)
    assert warning is None and list(games) == [key]
    summary = summarize(games)
    assert summary.played == 1 and summary.wins == {("Ada", "person"): 1, ("Bo", "person"): 0}


def test_the_game_id_is_the_setups() -> None:
    one = Setup(players=1, seed=5, names=("Ada",))
    assert game_id(one) == game_id(Setup(players=1, seed=5, names=("Ada",)))
    assert game_id(one) != game_id(Setup(players=1, seed=6, names=("Ada",)))


def test_summary_counts_wins_per_name_and_solo_best_and_average(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    record_game("a", GameRecord(("Ada", "Bo"), (80, 90), 1), path)
    record_game("b", GameRecord(("Bo", "Cy"), (70, 70), 1), path)  # a tie the tie-break decided
    record_game("c", GameRecord(("Ada",), (100,), 0), path)
    record_game("d", GameRecord(("Ada",), (121.5,), 0), path)
    games, _ = read_stats(path)
    s = summarize(games)
    assert s.played == 4
    assert s.wins == {("Bo", "person"): 1, ("Cy", "person"): 1, ("Ada", "person"): 0}
    assert (s.solo_played, s.solo_best, s.solo_average) == (2, 121.5, 110.75)
    assert personal_best("Ada", games) == 121.5
    assert personal_best("Ada", games, exclude="d") == 100
    assert personal_best("Bo", games) is None


@pytest.mark.parametrize("content", [b"{not json", b"[]", b'{"games": 3}', b"\xff"])
def test_a_damaged_file_gives_no_statistics_and_is_set_aside_not_lost(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "stats.json"
    path.write_bytes(content)
    games, warning = read_stats(path)
    assert games == {} and warning is not None and "statistics file" in warning
    record_game("a", GameRecord(("Ada",), (50,), 0), path)
    assert (tmp_path / "stats.json.damaged").read_bytes() == content
    assert list(read_stats(path)[0]) == ["a"]


def test_unusable_games_are_left_out_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    good = {"names": ["Ada"], "scores": [50], "winner": 0}
    bad = [{"names": ["Ada"], "scores": [True], "winner": 0}, {"names": [], "scores": [], "winner": 0},
           {"names": ["A", "B"], "scores": [1, 2], "winner": 2}, "x"]
    path.write_text(json.dumps({"games": {"ok": good, **{str(i): b for i, b in enumerate(bad)}}}))
    games, warning = read_stats(path)
    assert list(games) == ["ok"] and warning is not None


def test_a_huge_file_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "MAX_STATS_BYTES", 100)
    path = tmp_path / "stats.json"
    path.write_text(json.dumps({"games": {}}) + " " * 200)
    assert read_stats(path)[0] == {} and "large" in (read_stats(path)[1] or "")


def test_a_computer_seat_is_recorded_and_its_wins_counted_apart_from_a_person_of_its_name(
    tmp_path: Path,
) -> None:
    """Issue 43: the statistics did not mark the computer's seats; a person named like the
    computer's player had its wins merged with it. A record keeps who played each seat (a file
    written before, without seats, reads as people only)."""
    path = tmp_path / "stats.json"
    record_game("a", GameRecord(("Ada", "Bot"), (30.0, 40.0), 1, ("person", "hard")), path)
    record_game("b", GameRecord(("Ada", "Bot"), (50.0, 40.0), 0), path)
    games, warning = read_stats(path)
    assert warning is None and games["a"].seats == ("person", "hard") and games["b"].seats == ()
    assert summarize(games).wins == {("Ada", "person"): 1, ("Bot", "hard"): 1, ("Bot", "person"): 0}
    data = json.loads(path.read_text(encoding="utf-8"))
    data["games"]["a"]["seats"] = ["person"]  # not one a player
    path.write_text(json.dumps(data), encoding="utf-8")
    assert set(read_stats(path)[0]) == {"b"}


# -- issue 42 item 5: statistics lose nothing ----------------------------------------------------------


def test_an_unreadable_record_among_good_ones_is_kept_in_a_copy_at_the_next_game_end(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    good = {"names": ["Ada"], "scores": [50], "winner": 0}
    original = json.dumps({"schema": 1, "games": {"ok": good, "bad": {"names": ["Ada"], "scores": "?"}}})
    path.write_text(original)
    record_game("new", GameRecord(("Bo",), (60,), 0), path)
    assert (tmp_path / "stats.json.damaged").read_text() == original
    games, warning = read_stats(path)
    assert list(games) == ["ok", "new"] and warning is None


def test_a_second_damaged_file_never_replaces_the_first_copy(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    path.write_bytes(b"{first")
    record_game("a", GameRecord(("Ada",), (50,), 0), path)
    path.write_bytes(b"{second")
    record_game("b", GameRecord(("Ada",), (50,), 0), path)
    assert (tmp_path / "stats.json.damaged").read_bytes() == b"{first"
    assert (tmp_path / "stats.json.2.damaged").read_bytes() == b"{second"


def test_a_lone_surrogate_name_in_the_file_does_not_stop_later_games_being_recorded(tmp_path: Path) -> None:
    """A name escaped as ``"\\ud800"`` reads as a lone surrogate, which no file can hold: every
    later game end failed ("'utf-8' codec can't encode..."). It is read repaired."""
    path = tmp_path / "stats.json"
    original = '{"schema": 1, "games": {"k": {"names": ["\\ud800x"], "scores": [50], "winner": 0}}}'
    path.write_text(original)
    games, warning = read_stats(path)
    assert games["k"].names == ("\ufffdx",) and warning is not None
    for key in ("a", "b"):
        assert record_game(key, GameRecord(("Bo",), (60,), 0), path)
    games, warning = read_stats(path)
    assert list(games) == ["k", "a", "b"] and warning is None
    assert (tmp_path / "stats.json.damaged").read_text() == original
