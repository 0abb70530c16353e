"""Issue 4, "Save files": the JSON format, crash-safe writes, migration, ``arle verify``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arle import __version__
from arle.engine import Game, Setup, move_to_dict
from arle.engine.interpreter.moves import SkipPlacement
from arle.files import save_format, saves
from arle.match.history import GameHistory
from tests.saves.helpers import assert_same_game, full_game, replayed

DATA = Path(__file__).parent / "data"

positions = st.tuples(st.integers(1, 12), st.sampled_from([1, 2]), st.floats(0, 1))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(position=positions)
def test_save_then_load_gives_the_same_game_at_any_point(tmp_path: Path, position) -> None:
    seed, players, fraction = position
    setup, moves = full_game(seed, players)
    k = round(fraction * len(moves))
    game = replayed(setup, moves[:k])
    path = tmp_path / f"g{seed}-{players}-{k}.arle.json"
    saves.save_game(path, setup, moves[:k], game)
    loaded = saves.load_save(path)
    assert loaded.history.setup == setup
    assert loaded.history.moves == list(moves[:k])
    assert_same_game(loaded.game, game)


def test_file_holds_named_fields_of_the_engine_records(tmp_path: Path) -> None:
    setup = Setup(players=2, seed=5, names=("Ada", "Bo"), start_player=1)
    history = GameHistory(setup, [SkipPlacement()] * 2, friendly_undo=True)
    path = tmp_path / "two.arle.json"
    saves.save_history(path, history)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(data) == ["format", "schema", "app_version", "setup", "options", "moves", "final"]
    assert (data["format"], data["schema"], data["app_version"]) == ("arle-save", 2, __version__)
    assert data["setup"] == {"players": 2, "seed": 5, "names": ["Ada", "Bo"], "building_set": "random",
                             "buildings": [], "start_player": 1}
    assert data["options"] == {"friendly_undo": True}
    assert data["moves"] == [{"type": "SkipPlacement"}] * 2
    assert set(data["final"]) == {"half_year", "phase", "actor", "scores", "state_sha256", "fingerprint"}
    assert data["final"]["half_year"] == 1 and data["final"]["phase"] == "work"
    # One move per line: a diff of two saves shows the moves that differ.
    assert '  {"type": "SkipPlacement"},\n  {"type": "SkipPlacement"}\n' in path.read_text()
    assert saves.load_history(path).friendly_undo is True


def test_fingerprint_is_the_same_in_another_process(tmp_path: Path) -> None:
    """The state hash must not depend on dict order, object ids or hash seeds of one run."""
    setup, moves = full_game(3, 2)
    half = moves[: len(moves) // 2]
    path = tmp_path / "half.arle.json"
    saves.save_game(path, setup, half, replayed(setup, half))
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    run = subprocess.run([sys.executable, "-m", "arle", "verify", str(path)],
                         capture_output=True, text=True, timeout=60, env=env)
    assert run.returncode == 0, run.stderr


def test_verify_prints_half_year_turn_and_score_breakdown(tmp_path: Path) -> None:
    setup = Setup(players=2, seed=11, names=("Ada", "Bo"), building_set="first_game", start_player=1)
    history = GameHistory(setup, [SkipPlacement()])
    path = tmp_path / "v.arle.json"
    saves.save_history(path, history)
    run = subprocess.run([sys.executable, "-m", "arle", "verify", str(path)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    game = history.game
    assert out["half_year"] == 1 and out["moves"] == 1 and out["over"] is False
    # Start player Bo (seat 1) skipped; Ada (seat 0) places next (rulebook p. 6: alternate placing).
    assert out["turn"] == {"player": game.actor, "name": game.state.players[game.actor].name}
    assert out["turn"]["name"] == "Ada"
    assert [s["name"] for s in out["scores"]] == ["Ada", "Bo"]
    assert out["scores"][0] == {"player": 0, "name": "Ada", **game.score(0).as_dict()}


def test_version_1_files_are_migrated() -> None:
    """Schema 1 (what the first ``simulate --save-dir`` wrote) has no version, options or final."""
    loaded = saves.load_save(DATA / "v1_first_format.arle.json")
    assert loaded.schema == 1 and loaded.app_version == "unknown"
    setup = Setup(players=2, seed=11, names=("Ada", "Bo"), building_set="first_game", start_player=1)
    assert loaded.history.setup == setup
    assert_same_game(loaded.game, replayed(setup, [SkipPlacement()] * 3))


def test_version_1_written_from_a_full_game_migrates(tmp_path: Path) -> None:
    setup, moves = full_game(4, 2)
    v1 = {"format": "arle-save", "schema": 1, "setup": attrs.asdict(setup),
          "moves": [move_to_dict(m) for m in moves]}
    path = tmp_path / "old.arle.json"
    path.write_text(json.dumps(v1, indent=1))
    loaded = saves.load_save(path)
    assert loaded.schema == 1
    assert_same_game(loaded.game, replayed(setup, moves))
    assert save_format.migrate(v1, 1)["schema"] == saves.SCHEMA


def test_every_older_schema_has_a_migration() -> None:
    assert sorted(save_format.MIGRATIONS) == list(range(1, saves.SCHEMA))


def test_writes_replace_the_file_whole_and_leave_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "a.arle.json"
    saves.atomic_write_text(path, "first")
    saves.atomic_write_text(path, "second")
    assert path.read_text() == "second"
    assert [p.name for p in tmp_path.iterdir()] == ["a.arle.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.arle.json"
    saves.atomic_write_text(path, "old game")

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        saves.atomic_write_text(path, "new game")
    assert path.read_text() == "old game"
    assert [p.name for p in tmp_path.iterdir()] == ["a.arle.json"]


def test_default_location_is_the_user_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARLE_DATA_DIR", raising=False)
    import platformdirs

    assert saves.saves_dir() == Path(platformdirs.user_data_dir("arle", appauthor=False)) / "saves"
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path))
    assert saves.default_save_path("my game") == tmp_path / "saves" / "my game.arle.json"


def test_simulate_save_dir_writes_verified_saves(tmp_path: Path) -> None:
    from arle.commands.simulate import main

    assert main(["--games", "1", "--seed", "6", "--players", "1", "--save-dir", str(tmp_path)]) == 0
    (path,) = tmp_path.glob("*.arle.json")
    loaded = saves.load_save(path)
    assert loaded.schema == saves.SCHEMA and loaded.game.over
    _setup, moves = full_game(6, 1)
    assert loaded.history.moves == list(moves)


def test_loading_replays_through_the_engine_only() -> None:
    """Nothing in a file is executed or unpickled: the state comes from Game(setup) + apply."""
    text = (DATA / "v1_first_format.arle.json").read_text()
    assert isinstance(saves.loads(text).game, Game)
    with pytest.raises(saves.SaveError, match="move 1 is not a valid move"):
        saves.loads(text.replace('"SkipPlacement"', '"__import__(\'os\')"', 1))


def test_bench_reports_every_figure() -> None:
    """The measurement script measures what it names (the times go in the report, not in
    assertions): every figure is there and positive, medians lie within their maxima, the
    headline names repeat their detailed figures, and the quick run lists its 3 games."""
    from arle.commands.bench_saves import saves_figures

    figures = saves_figures(quick=True)
    assert figures["full_game_moves_median"] > 100
    assert figures["save_file_bytes_median"] > 10 * figures["full_game_moves_median"]
    assert figures["list_games_count"] == 3
    assert all(isinstance(v, float | int) and v > 0 for v in figures.values()), figures
    for name in ("undo_end_of_game", "save_full_game", "load_full_game"):
        assert figures[f"{name}_ms_median"] <= figures[f"{name}_ms_max"], name
    assert figures["undo_end_of_game_ms_p95"] <= figures["undo_end_of_game_ms_max"]
    assert figures["undo_ms_p95"] == figures["undo_end_of_game_ms_p95"]
    assert figures["save_ms"] == figures["save_full_game_ms_median"]
    assert figures["load_ms"] == figures["load_full_game_ms_median"]


def test_a_game_without_moves_and_unusual_names_round_trips(tmp_path: Path) -> None:
    setup = Setup(players=2, seed=0, names=('Jöns "the" Bauer', "Ætla\\n"), start_player=0)
    path = tmp_path / "new.arle.json"
    saves.save_history(path, GameHistory(setup))
    loaded = saves.load_save(path)
    assert loaded.history.setup == setup and loaded.history.moves == []
    assert_same_game(loaded.game, Game(setup))
