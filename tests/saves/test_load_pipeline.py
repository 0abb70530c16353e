"""Issue 49 item 3: save files and journals go through one load pipeline (read -> parse ->
validate -> replay -> check), each step taken once, in order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arle.files import loading, records
from arle.files.journal import Autosaver
from arle.files.paths import JOURNAL_EXTENSION
from arle.files.reviews import load_game
from arle.files.saves import EXTENSION, save_history
from arle.match.history import GameHistory
from tests.saves.helpers import assert_same_game, full_game


def _files(tmp_path: Path) -> tuple[Path, Path, GameHistory]:
    """The same game of 60 moves as a save and as a journal."""
    setup, moves = full_game(5, 2)
    history = GameHistory(setup, moves[:60])
    save = tmp_path / f"g{EXTENSION}"
    save_history(save, history)
    journal = tmp_path / f"g{JOURNAL_EXTENSION}"
    saver = Autosaver(journal, durable=False)
    saver.start(history)
    saver.close()
    return save, journal, history


def _recorded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The pipeline's steps as they are taken from now on, by name."""
    steps: list[str] = []
    for module, name in ((loading, "parse_journal"), (loading, "parse_save"), (records, "read_record"),
                         (records, "replay_prefix"), (records, "check_final")):
        real = getattr(module, name)

        def step(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            steps.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(module, name, step)
    return steps


@pytest.mark.parametrize("kind", ["save", "journal"])
def test_load_game_takes_either_file_through_the_same_steps_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """Each step runs once and in order whatever the format: one parse (the format's own), one
    validation, one replay (a journal tries a second list only when damaged), one final check."""
    save, journal, history = _files(tmp_path)
    steps = _recorded(monkeypatch)
    loaded = load_game(save if kind == "save" else journal)
    parse = "parse_save" if kind == "save" else "parse_journal"
    assert steps == [parse, "read_record", "replay_prefix", "check_final"]
    assert loaded.moves == history.moves
    assert_same_game(loaded.game, history.game)


def test_a_journal_and_a_save_of_one_game_load_as_one_game(tmp_path: Path) -> None:
    """The raw records of both formats meet in the same validation and replay: same setup,
    seats, friendly undo and moves."""
    save, journal, _history = _files(tmp_path)
    from_save, from_journal = load_game(save), load_game(journal)
    assert (from_save.setup, from_save.seats, from_save.friendly_undo, from_save.moves) == (
        from_journal.setup, from_journal.seats, from_journal.friendly_undo, from_journal.moves)
    assert_same_game(from_save.game, from_journal.game)
