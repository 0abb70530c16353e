"""Issue 11: saves and the autosave journal record who plays each seat (a person or the computer
at a level); a file without that record opens as every seat a person, and a game against the
computer may be taken back without limit, as in solo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arle.ai import LEVEL_NAMES
from arle.engine import Setup
from arle.files.errors import SaveError
from arle.files.journal import Autosaver, resume
from arle.files.saves import load_save, loads, save_history
from arle.match.history import PERSON, SEAT_KINDS, GameHistory
from tests.saves.helpers import full_game

SETUP = Setup(players=2, seed=7, names=("Anna", "Ben"))


def _history(seats: tuple[str, ...] | None, moves: int = 6) -> GameHistory:
    setup, all_moves = full_game(3, 2)
    return GameHistory(setup, all_moves[:moves], seats=seats)


def test_seat_kinds_are_a_person_and_every_computer_level() -> None:
    assert set(SEAT_KINDS) == {PERSON, *LEVEL_NAMES}


def test_a_save_keeps_the_computer_seats(tmp_path: Path) -> None:
    path = tmp_path / "vs.arle.json"
    save_history(path, _history((PERSON, "normal")))
    assert json.loads(path.read_text())["options"]["seats"] == ["person", "normal"]
    assert load_save(path).history.seats == (PERSON, "normal")


def test_an_all_person_save_is_written_as_before_and_an_old_save_loads_all_person(tmp_path: Path) -> None:
    path = tmp_path / "hotseat.arle.json"
    save_history(path, _history(None))
    data = json.loads(path.read_text())
    assert "seats" not in data["options"]  # older Arle versions read the file unchanged
    assert load_save(path).history.seats == (PERSON, PERSON)


@pytest.mark.parametrize("seats", [["person"], ["person", "grandmaster"], "hard", [1, 2]])
def test_bad_seats_give_one_sentence(tmp_path: Path, seats: object) -> None:
    path = tmp_path / "x.arle.json"
    save_history(path, _history((PERSON, "easy")))
    data = json.loads(path.read_text())
    data["options"]["seats"] = seats
    with pytest.raises(SaveError, match="seats are not valid"):
        loads(json.dumps(data))


def test_the_journal_keeps_the_computer_seats(tmp_path: Path) -> None:
    history = _history(("hard", PERSON))
    saver = Autosaver(tmp_path / "g.arle-journal", durable=False)
    saver.start(history)
    saver.close()
    assert resume(tmp_path / "g.arle-journal").history.seats == ("hard", PERSON)


def test_undo_against_the_computer_is_unlimited_as_in_solo() -> None:
    """Issue 11: "Undo against the computer: unlimited, as in solo" (hot-seat locks the moves
    before the other player's)."""
    hot_seat = _history(None, 40)
    versus = _history((PERSON, "easy"), 40)
    assert hot_seat.undo_limit < 40
    assert versus.undo_limit == 40
    assert versus.is_computer(1) and not versus.is_computer(0) and not versus.is_computer(None)
