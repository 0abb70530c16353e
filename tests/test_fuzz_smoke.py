"""CI slices of the long robustness runs (issue 7): the full runs are `python -m arle fuzz ...`."""

from __future__ import annotations

import json
import random

import pytest

from arle.commands.fuzz import check_case, fuzz_game, fuzz_saves, mutate, tamper_final
from arle.commands.fuzz_files import probe_files
from arle.engine import Game, Setup
from arle.files import records, saves


def test_a_deep_checked_game_passes_every_check() -> None:
    """Undo/redo after every move and save/load at powers of two give back the same state."""
    line = fuzz_game(seed=11, players=2, undo_every=1)
    assert line["ok"], line
    assert line["checks"]["undo_redo"] == line["moves"]
    assert line["checks"]["save_load"] >= 7  # moves 1, 2, 4, ..., 128 at least


def test_a_deep_checked_solo_game_passes_every_check() -> None:
    line = fuzz_game(seed=12, players=1, undo_every=3)
    assert line["ok"], line


@pytest.mark.posix_only("fuzz saves times each case out with SIGALRM, which Windows lacks")
def test_mutated_saves_load_or_are_refused_with_one_sentence() -> None:
    """Includes the outside probes of the file layer (FIFO, /dev/zero link, lone surrogate,
    duplicated keys, tampered final state without app_version, full disk, two lock holders)."""
    result = fuzz_saves(cases=150, seed=5, bases=2)
    assert result["ok"], result["failures"]
    assert result.get("refused", 0) > 0 and result.get("loaded", 0) + result["refused"] == 150
    assert result["probes"] >= 5 and result["journals"] == 30


def test_damaged_journals_are_fuzzed_and_a_lost_original_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33: the journal cases hold, and they can fail: with the original not kept before a
    rewrite, every bad-record case says so."""
    from arle.commands.fuzz_journals import journal_cases
    from arle.files.journal import listener

    assert [problem for _case, problem in journal_cases(12, seed=3)] == [None] * 12
    monkeypatch.setattr(listener, "keep_damaged_copy", lambda path: path)
    problems = dict(journal_cases(12, seed=3))
    assert [c for c, p in problems.items() if p and "original was not kept" in p] == [
        "2 (bad record)", "6 (bad record)", "10 (bad record)"]


@pytest.mark.posix_only("check_case times each case out with SIGALRM, which Windows lacks")
def test_a_tampered_final_state_is_always_refused() -> None:
    text = saves.dumps(saves.save_dict(Setup(players=1, seed=3), [], Game(Setup(players=1, seed=3))))
    rng = random.Random(2)
    for _ in range(6):
        assert check_case(json.dumps(tamper_final(json.loads(text), rng)), limit_s=10) == "refused"


def test_probes_report_a_hostile_file_that_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    """The probes can fail: with the final-state check switched off, the tamper probe says so."""
    monkeypatch.setattr(records, "check_final", lambda raw, game: None)
    text = saves.dumps(saves.save_dict(Setup(players=1, seed=3), [], Game(Setup(players=1, seed=3))))
    problems = dict(probe_files(text))
    assert problems["tampered final state without app_version"] == "AssertionError: accepted"


@pytest.mark.posix_only("fuzz saves times each case out with SIGALRM, which Windows lacks")
def test_a_newline_in_a_move_is_reported_on_one_line() -> None:
    """A save is refused with a one-line message even when a move holds a newline."""
    text = mutate('{"format": "arle-save", "schema": 2, "moves": []}', random.Random(0))
    assert check_case(text, limit_s=10) in ("loaded", "refused")
