"""``arle bench``'s engine targets (issue "engine speed targets"): a pass mark beside each target,
and ``--check`` failing only beyond ``CHECK_SLACK`` times the target, so CI cannot flake."""

from __future__ import annotations

import json

from arle.commands import bench


def test_each_target_gets_a_pass_mark():
    marks = bench.marks({"move_us": 49.0, "copy_us": 51.0, "engine_games_per_s": 30.0})
    assert marks["move_us"] == "PASS" and marks["engine_games_per_s"] == "PASS"
    assert marks["copy_us"].startswith("FAIL") and "50" in marks["copy_us"]


def test_check_fails_only_beyond_three_times_the_target():
    near = {"move_us": 149.0, "copy_us": 150.0, "engine_games_per_s": 10.0}
    assert bench.CHECK_SLACK == 3 and bench.check_failures(near) == []
    far = {"move_us": 151.0, "copy_us": 20.0, "engine_games_per_s": 9.9}
    failures = bench.check_failures(far)
    assert len(failures) == 2
    assert any(f.startswith("move_us = 151") for f in failures)
    assert any(f.startswith("engine_games_per_s = 9.9") for f in failures)


def test_engine_bench_prints_every_engine_figure_with_its_marks(capsys):
    code = bench.main(["--engine", "--quick", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0  # without --check the figures never fail the command
    for name in ("move_us", "copy_us", "engine_games_per_s", "move_us_p95"):
        assert data[name] > 0
    assert set(data["pass"]) == set(bench.TARGETS)
