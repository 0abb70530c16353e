"""Issue 38 item 1: the evaluation's weights come from a data file that ``arle tune`` writes
(resources/ai/weights.json); a missing or damaged file gives the hand-set numbers."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import arle.ai.weights as weights
from arle.ai.value import evaluate, features, in_play, use
from arle.ai.weights import FEATURES, HAND_SET, document, parse, read
from arle.commands import tune
from arle.engine import Game, Setup

TUNED = {**HAND_SET, "buildings": 2.5}


def _sound() -> dict[str, Any]:
    return document(None, 1, TUNED, {"tool": "test"})


def _with(weights: dict[str, Any]) -> str:
    return json.dumps({**_sound(), "solo": {"weights": weights}})


def test_a_sound_file_is_read_and_anything_wrong_gives_the_hand_set_numbers(tmp_path: Path):
    good = tmp_path / "w.json"
    good.write_text(json.dumps(_sound()))
    assert read(good) == {1: TUNED}
    assert read(tmp_path / "absent.json") == {}
    bad = tmp_path / "bad.json"
    for text in ("{not json", "[]", '{"format": "arle-ai-weights", "version": 2, "solo": {}}',
                 _with({**HAND_SET, "wood": "much"}), _with({**HAND_SET, "wood": True}),
                 _with({**HAND_SET, "wood": 1e9}), _with({k: v for k, v in HAND_SET.items() if k != "clay"}),
                 _with({**HAND_SET, "wood": float("nan")})):
        bad.write_text(text)
        assert read(bad) == {}, text
    bad.write_bytes(b"\xff\xfe\x00")
    assert read(bad) == {}


def test_a_file_holds_a_solo_and_a_two_player_part_each_kept_when_the_other_is_written():
    both = document(_sound(), 2, HAND_SET, {"tool": "two"})
    assert parse(both) == {1: TUNED, 2: HAND_SET}
    assert both["solo"]["provenance"] == {"tool": "test"}
    damaged = {**both, "two_player": {"weights": {"wood": 1}}}
    assert parse(damaged) == {1: TUNED}  # the damaged part alone falls back


def test_the_game_plays_with_the_shipped_file_or_the_hand_set_numbers(tmp_path: Path, monkeypatch):
    import arle.resources

    monkeypatch.setattr(arle.resources, "resource_path", lambda name: tmp_path / name)
    hand = (HAND_SET, "hand-set")
    assert weights.shipped() == {1: hand, 2: hand}
    (tmp_path / "ai").mkdir()
    (tmp_path / "ai" / "weights.json").write_text(json.dumps(_sound()))
    assert weights.shipped() == {1: (TUNED, "tuned"), 2: hand}
    (tmp_path / "ai" / "weights.json").write_text("{damaged")
    assert weights.shipped() == {1: hand, 2: hand}


def test_the_value_is_the_live_score_plus_the_weighted_features():
    g = Game(Setup(players=1, seed=3))
    for _ in range(12):
        g.apply(g.decision_moves()[0])
    base, phi = features(g, g.state.players[0])
    assert len(phi) == len(FEATURES)
    played = in_play()

    def value(w: dict[str, float]) -> float:
        return base + sum(w[n] * x for n, x in zip(FEATURES, phi, strict=True))

    try:
        use({**HAND_SET, "tools": HAND_SET["tools"] + 1.0}, 1)
        assert evaluate(g, 0) == pytest.approx(value(HAND_SET) + phi[FEATURES.index("tools")])
    finally:
        use(played, 1)
    assert evaluate(g, 0) == pytest.approx(value(played))


def test_tune_writes_a_weights_file_with_its_provenance_and_resumes(tmp_path: Path, capsys):
    """The CI smoke of ``arle tune`` (a second or two: Easy, two games)."""
    out, checkpoint = tmp_path / "w.json", tmp_path / "c.jsonl"
    played = in_play()
    argv = ["--level", "easy", "--games", "2", "--rounds", "1", "--seed", "1000",
            "--checkpoint", str(checkpoint), "--out", str(out)]
    assert tune.main(argv) == 0
    data = json.loads(out.read_text())
    assert set(parse(data) or {}) == {1}
    prov = data["solo"]["provenance"]
    assert prov["seeds"] == [1000, 1001] and prov["games"] == 2 and prov["level"] == "easy"
    assert prov["commit"] and prov["figures"]["samples"] > 20
    lines = checkpoint.read_text().splitlines()
    assert len(lines) == 2
    checkpoint.write_text(checkpoint.read_text() + '{"round": 0, "se')  # a stop mid-write
    capsys.readouterr()
    assert tune.main(argv) == 0  # resumed: nothing left to play
    assert '"seed"' not in capsys.readouterr().out.split('"written"')[0]
    assert in_play() == played  # the game plays on with its own weights


def test_tune_refuses_the_report_seeds():
    with pytest.raises(SystemExit):
        tune.main(["--seed", "1", "--games", "1"])


def test_tune_by_cma_es_says_in_one_sentence_when_its_extra_is_missing(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "cma", None)  # (import cma now raises ImportError)
    with pytest.raises(SystemExit):
        tune.main(["--method", "cma", "--games", "1"])
    assert "pip install 'arle[tune]'" in capsys.readouterr().err


def test_tune_by_cma_es_writes_the_solo_part_and_resumes(tmp_path: Path, capsys):
    """Runs only where the optional extra is installed (``pip install 'arle[tune]'``)."""
    pytest.importorskip("cma")
    out, checkpoint = tmp_path / "w.json", tmp_path / "c.jsonl"
    argv = ["--method", "cma", "--level", "easy", "--games", "1", "--rounds", "1", "--popsize", "2",
            "--checkpoint", str(checkpoint), "--out", str(out)]
    assert tune.main(argv) == 0
    assert set(read(out)) == {1}
    assert len(checkpoint.read_text().splitlines()) == 3  # the yardstick and two candidates
    capsys.readouterr()
    assert tune.main(argv) == 0
    assert '"candidate"' not in capsys.readouterr().out  # resumed: every score from the checkpoint


def test_the_fit_recovers_known_weights_and_judges_each_feature_against_its_half_year():
    """Samples made from known weights plus an amount per half-year (what every position of that
    time still gains): the fit finds the weights, not the time; the ridge pulls toward the prior."""
    import random

    from arle.ai.fit import STAGES, fit, rmse

    rng = random.Random(38)
    truth = {n: round(rng.uniform(0.1, 2.0), 2) for n in FEATURES}
    per_stage = [40.0 - 4 * i for i in range(STAGES)]
    samples = []
    for _ in range(600):
        i = rng.randrange(STAGES)
        phi = [rng.uniform(0, 5) * (STAGES - i) / STAGES for _ in FEATURES]
        y = per_stage[i] + sum(truth[n] * x for n, x in zip(FEATURES, phi, strict=True))
        samples.append((y, [*phi, (STAGES - i - 0.5) / STAGES]))
    found = fit(samples, HAND_SET, ridge=0.0)
    assert found.weights == pytest.approx(truth, abs=1e-4)
    assert list(found.intercept) == pytest.approx(per_stage, abs=1e-3)
    assert rmse(samples, found.weights, found.intercept) == pytest.approx(0.0, abs=1e-3)
    pulled = fit(samples, HAND_SET, ridge=100.0)
    assert all(abs(pulled.weights[n] - HAND_SET[n]) < abs(truth[n] - HAND_SET[n]) + 1e-9 for n in FEATURES)
