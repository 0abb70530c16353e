"""Issue 4, "Loading checks everything": every broken file in ``corpus/`` is refused with its own
one-line message (in the app: a SaveError; on the command line: exit 1, one line, no traceback)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arle.files.save_format import MAX_FILE_BYTES
from arle.files.saves import SaveError, load_save, loads

CORPUS = Path(__file__).parent / "corpus"

#: corpus file -> a fragment its message must contain.
EXPECTED = {
    "not_json.arle.json": "is not valid JSON (line 1, column 1)",
    "empty.arle.json": "is empty",
    "not_text.arle.json": "it is not text",
    "truncated.arle.json": "is truncated",
    "not_a_record.arle.json": "holds JSON but not a save record",
    "nested_too_deep.arle.json": "nested absurdly deep",
    "wrong_format.arle.json": 'format "chess-save", expected "arle-save"',
    "no_schema.arle.json": "has no valid schema version number",
    "future_schema.arle.json": "saved by Arle 9.0 in save format version 99, newer than this Arle reads",
    "no_setup.arle.json": "lacks setup, which save format version 2 requires",
    "setup_unknown_field.arle.json": "unknown fields: variant",
    "setup_bad_type.arle.json": "seed must be a whole number",
    "setup_three_players.arle.json": "a game for 1 or 2 players",
    "setup_too_many_names.arle.json": "too many names (3, at most 2)",
    "setup_long_names.arle.json": "names include one absurdly long",
    "bad_options.arle.json": "friendly_undo must be true or false",
    "moves_not_a_list.arle.json": "has no move list",
    "malformed_move.arle.json": "move 2 is not a valid move: unknown move type 'Teleport'",
    "illegal_move.arle.json": "move 3 (PlaceWorker(space='summer.moon')) is not legal at its place",
    "snapshot_mismatch.arle.json": "does not give the saved final state (state_sha256",
    "score_mismatch.arle.json": "does not give the saved final state (scores",
    "final_incomplete.arle.json": "final state record lacks phase",
    "too_many_moves.arle.json": "20,001 moves, more than any game can have",
}


def message(path: Path) -> str:
    with pytest.raises(SaveError) as info:
        load_save(path)
    return str(info.value)


def test_every_corpus_file_is_listed() -> None:
    assert sorted(p.name for p in CORPUS.glob("*.arle.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_file_is_refused_with_its_message(name: str) -> None:
    text = message(CORPUS / name)
    assert EXPECTED[name] in text
    assert "\n" not in text and len(text) < 240


def test_each_failure_has_its_own_message() -> None:
    messages = [message(CORPUS / name) for name in sorted(EXPECTED)]
    assert len(set(messages)) == len(messages)


def test_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.arle.json"
    path.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    assert "is too large for a save file" in message(path)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    assert "does not exist" in message(tmp_path / "nothing.arle.json")
    assert "is a folder" in message(tmp_path)


def test_json_numbers_beyond_reason_are_refused() -> None:
    with pytest.raises(SaveError, match="not an Arle save"):
        loads('{"format": "arle-save", "schema": ' + "9" * 5000 + "}")


def test_a_move_after_the_end_of_the_game_is_refused(tmp_path: Path) -> None:
    from arle.files.saves import save_game
    from tests.saves.helpers import full_game, replayed

    setup, moves = full_game(2, 1)
    game = replayed(setup, moves)
    path = tmp_path / "over.arle.json"
    save_game(path, setup, moves, game)
    data = json.loads(path.read_text())
    data["moves"].append({"type": "EndTurn"})
    path.write_text(json.dumps(data))
    assert f"move {len(moves) + 1} (EndTurn()) comes after the end of the game" in message(path)


@pytest.mark.parametrize("name", ["truncated.arle.json", "illegal_move.arle.json"])
def test_verify_command_prints_one_line_and_fails(name: str) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "arle", "verify", str(CORPUS / name)],
        capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 1
    assert run.stdout == ""
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert EXPECTED[name] in run.stderr


def test_an_endless_device_is_refused_before_reading() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    assert "is a pipe or a device, not a save file" in message(Path("/dev/zero"))
