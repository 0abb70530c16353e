"""``arle --self-test`` (issue 6): the check every installer runs on the installed app."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import arle.resources
from arle.commands import selftest

REPO = Path(__file__).resolve().parent.parent


def test_self_test_passes_in_a_fresh_process_offscreen():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "arle", "--self-test"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=60,
    )
    elapsed = time.monotonic() - started
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("arle self-test passed"), done.stdout
    assert f"{selftest.MOVES} moves" in done.stdout
    assert "saved and loaded" in done.stdout
    assert elapsed < 30


def test_self_test_fails_with_one_line_when_a_resource_is_missing(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(arle.resources, "resource_path", lambda name: tmp_path / "gone" / name)
    before = dict(os.environ)
    assert selftest.main() == 1
    assert dict(os.environ) == before  # the private data folders are undone
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("arle self-test FAILED at resources: resource missing")


def test_saved_game_reloads_to_the_same_state(tmp_path):
    import random

    from arle.commands.simulate import choose_move
    from arle.engine import Setup

    history = selftest._new_history(Setup(players=1, seed=5))
    rng = random.Random(5)
    for _ in range(40):
        history.apply(choose_move(rng, history.game.legal_moves()))
    loaded = selftest.save_and_reload(tmp_path / "g.arle.json", history, history.game)
    assert selftest._state_key(loaded) == selftest._state_key(history.game)
    assert len(history.moves) == 40


def test_blank_detects_a_scene_that_rendered_nothing(qapp):
    from PySide6.QtGui import QColor, QImage

    image = QImage(300, 200, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    assert selftest._blank(image)
    image.fill(QColor("red"))
    assert not selftest._blank(image)
