"""Issue 33: a damaged or lying journal loses nothing. The summary cache is believed only for the
bytes it was made from and never deletes a game, a passing read error is not remembered as damage,
a bad record keeps every move before it, and continuing a damaged journal first keeps the original."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from arle.engine import Setup
from arle.engine.interpreter.moves import SkipPlacement
from arle.files import paths
from arle.files.errors import SaveError
from arle.files.journal import Autosaver, keep_damaged_copy, list_games, listener, resume, set_aside
from arle.match.history import GameHistory
from tests.saves.helpers import full_game

SKIP = b'{"n":%d,"move":{"type":"SkipPlacement"}}\n'


def _game(tmp_path: Path, moves: int = 40, seed: int = 3) -> tuple[Path, GameHistory]:
    """A two-player game of ``moves`` moves, its journal written and closed (as the window leaves it)."""
    setup, played = full_game(seed, 2)
    history = GameHistory(setup, played[:moves])
    path = tmp_path / "g.arle-journal"
    saver = Autosaver(path, durable=False)
    saver.start(history)
    saver.close()
    return path, history


def _summary(path: Path) -> Path:
    return path.with_name(path.name + ".summary")


# -- 1. a summary that lies -------------------------------------------------------------------------


def test_a_summary_saying_over_does_not_delete_an_unfinished_game(tmp_path: Path) -> None:
    path, history = _game(tmp_path)
    data = json.loads(_summary(path).read_text())
    _summary(path).write_text(json.dumps({**data, "over": True}))
    (entry,) = list_games(tmp_path)
    assert path.exists() and entry.half_year == history.game.state.half_year


def test_a_summary_is_believed_only_for_the_bytes_it_was_made_from(tmp_path: Path) -> None:
    """Half-year 8 for a game in half-year 2, scores of 1e308: a summary whose hash is not the
    journal's, or whose values no game has, is rebuilt by replay."""
    path, history = _game(tmp_path)
    real_half_year, real_scores = history.game.state.half_year, tuple(history.game.scores())
    assert real_half_year != 8
    data = json.loads(_summary(path).read_text())
    for lie in ({"half_year": 8}, {"half_year": 8, "sha256": "0" * 64}, {"scores": [1e308, 2]},
                {"error": "the autosave is damaged"}, {"half_year": 0}, {"scores": [1, 2, 3]}):
        if "sha256" not in lie and "half_year" in lie and lie["half_year"] == 8:
            lie = {**lie, "sha256": "f" * 64}  # edited values with a stale hash
        _summary(path).write_text(json.dumps({**data, **lie}))
        (entry,) = list_games(tmp_path)
        assert (entry.half_year, entry.scores, entry.error) == (real_half_year, real_scores, None), lie


def test_names_and_seats_come_from_the_journal_not_the_summary(tmp_path: Path) -> None:
    path, history = _game(tmp_path)
    data = json.loads(_summary(path).read_text())
    _summary(path).write_text(json.dumps({**data, "names": ["x" * 5000, "y"], "seats": ["hard", "hard"]}))
    (entry,) = list_games(tmp_path)
    assert entry.names == tuple(history.setup.names) and entry.seats == ()  # (): every seat a person


def test_a_finished_game_is_deleted_only_after_a_replay_confirms_it(tmp_path: Path) -> None:
    setup, moves = full_game(2, 1)
    path = tmp_path / "done.arle-journal"
    saver = Autosaver(path, durable=False)
    saver.start(GameHistory(setup, moves))
    saver.close()
    assert json.loads(_summary(path).read_text())["over"] is True
    assert list_games(tmp_path) == [] and not path.exists()


# -- 2. a passing read error ----------------------------------------------------------------------------


@pytest.mark.posix_only("chmod 000 does not stop the owner reading on Windows")
def test_a_passing_read_error_is_not_remembered_as_damage(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads a file whatever its mode")
    path, history = _game(tmp_path, moves=80)
    _summary(path).unlink()
    path.chmod(0)
    try:
        (entry,) = list_games(tmp_path)
        assert entry.error is not None and "cannot be read just now" in entry.error and not entry.readable
    finally:
        path.chmod(0o644)
    assert not _summary(path).exists()
    (entry,) = list_games(tmp_path)
    assert entry.error is None and entry.half_year == history.game.state.half_year


def test_a_read_error_in_the_listing_is_not_cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same, on any system and as root: the read fails once (a network drive), then works."""
    path, history = _game(tmp_path, moves=80)
    _summary(path).unlink()
    real = paths.open_regular
    fail = [True]

    def flaky(p: Path) -> int:
        if p == path and fail[0]:
            raise PermissionError(13, "Permission denied", str(p))
        return real(p)

    monkeypatch.setattr(paths, "open_regular", flaky)
    (entry,) = list_games(tmp_path)
    assert entry.error == "the autosaved game cannot be read just now: Permission denied"
    assert not entry.readable and not _summary(path).exists()
    fail[0] = False
    (entry,) = list_games(tmp_path)
    assert entry.error is None and entry.readable and entry.half_year == history.game.state.half_year


# -- 3. one bad record ------------------------------------------------------------------------------------


def _replace_record(path: Path, n: int, line: bytes) -> None:
    """Put ``line`` in place of the record of move ``n`` (line n + 1)."""
    lines = path.read_bytes().split(b"\n")
    lines[n] = line
    path.write_bytes(b"\n".join(lines))


@pytest.mark.parametrize(
    ("record", "why"),
    [
        (b'{"n":50,"move":{"type":"Teleport","to":"Bremen"}}', "is not a move this Arle knows"),
        (b'{"n":50,"move":{"type":"PlaceWorker","space":"x"}}', "is not legal at its place in the game"),
    ],
)
def test_one_bad_record_keeps_every_move_before_it(tmp_path: Path, record: bytes, why: str) -> None:
    path, history = _game(tmp_path, moves=120)
    _replace_record(path, 50, record)
    resumed = resume(path)
    assert resumed.history.moves == history.moves[:49]
    assert resumed.lost == 71
    assert resumed.note is not None and resumed.note.startswith(f"Move 50 of the autosave (line 51) {why}")
    assert resumed.note.endswith("the first 49 moves were kept; 71 moves could not be used.")
    (entry,) = list_games(tmp_path)
    assert entry.error is None and entry.note == resumed.note


@pytest.mark.parametrize("move", [b'"x"', b"7", b"[1]", b"null"])
def test_a_move_record_that_is_not_an_object_keeps_the_moves_before_it(tmp_path: Path, move: bytes) -> None:
    """Issue 49 (found comparing 700 damaged files before and after the journal room): a move
    that is a text, a number or a list was taken for a move already read and crashed the replay
    (NotAnAttrsClassError); it is a move this Arle does not know, in one sentence."""
    path, history = _game(tmp_path, moves=60)
    _replace_record(path, 30, b'{"n":30,"move":' + move + b"}")
    resumed = resume(path)
    assert resumed.history.moves == history.moves[:29]
    assert resumed.note is not None
    assert resumed.note.startswith("Move 30 of the autosave (line 31) is not a move this Arle knows")


def test_a_garbage_line_in_place_of_a_record_names_that_line(tmp_path: Path) -> None:
    """The case an outside probe found: record 50 replaced by garbage, 120 moves."""
    path, history = _game(tmp_path, moves=120)
    _replace_record(path, 50, b"#garbage#")
    resumed = resume(path)
    assert resumed.history.moves == history.moves[:49] and resumed.lost == 71
    assert resumed.note == ("Line 51 of the autosave is damaged: the first 49 moves were kept; "
                            "71 moves could not be used.")


def test_damage_whose_rest_does_not_replay_falls_back_to_the_moves_before_it(tmp_path: Path) -> None:
    """A damaged line skipped, the records after it continuing by number but not playable from
    the moves before it: exactly the moves before the damage are kept (not one fewer)."""
    path, history = _game(tmp_path, moves=60)
    lines = path.read_bytes().split(b"\n")
    # Line 41 (move 40) damaged, then a record n=40 that continues by number but is not playable.
    lines[40] = b"#cut#"
    lines.insert(41, b'{"n":40,"move":{"type":"PlaceWorker","space":"x"}}')
    path.write_bytes(b"\n".join(lines))
    resumed = resume(path)
    assert resumed.history.moves == history.moves[:39] and resumed.lost == 21
    assert resumed.note == (
        "Line 41 of the autosave is damaged and move 40 (line 42) is not legal at its place in the game "
        f"(half-year {resumed.history.game.state.half_year}): "
        "the first 39 moves were kept; 21 moves could not be used.")


# -- 4. continuing a damaged journal ---------------------------------------------------------------------


def test_continuing_a_damaged_journal_keeps_the_original_first(tmp_path: Path) -> None:
    path, _history = _game(tmp_path, moves=120)
    _replace_record(path, 50, b"#garbage#")
    original = path.read_bytes()
    resumed = resume(path)
    assert resumed.damaged
    saver = Autosaver(path, durable=False, damaged=resumed.damaged)
    saver.start(resumed.history)
    assert saver.kept_original == tmp_path / "g.arle-journal.damaged"
    assert saver.kept_original.read_bytes() == original
    assert len(resume(path).history.moves) == 49 and resume(path).note is None
    saver.close()
    # A second damaged continue keeps its own copy beside the first, never over it.
    _replace_record(path, 10, b"#again#")
    second = path.read_bytes()
    resumed = resume(path)
    saver = Autosaver(path, durable=False, damaged=True)
    saver.start(resumed.history)
    assert saver.kept_original == tmp_path / "g.arle-journal.2.damaged"
    assert saver.kept_original.read_bytes() == second
    assert (tmp_path / "g.arle-journal.damaged").read_bytes() == original
    saver.close()


def test_a_journal_is_not_rewritten_when_its_original_cannot_be_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _history = _game(tmp_path, moves=120)
    _replace_record(path, 50, b"#garbage#")
    original = path.read_bytes()
    resumed = resume(path)

    def full(_path: Path) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(listener, "keep_damaged_copy", full)
    saver = Autosaver(path, durable=False, damaged=True)
    with pytest.raises(OSError):
        saver.start(resumed.history)
    resumed.history.apply(resumed.history.game.legal_moves()[0])
    with pytest.raises(OSError):
        saver.sync(resumed.history)  # the next move tries again, and still keeps the original
    assert path.read_bytes() == original
    saver.close()


def test_setting_aside_never_replaces_an_earlier_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.arle-journal"
    (tmp_path / "bad.arle-journal.damaged").write_text("earlier")
    path.write_text('{"format": "arle-autosave", "schema": 99}\n')
    kept = set_aside(path)
    assert kept == tmp_path / "bad.arle-journal.2.damaged" and not path.exists()
    assert (tmp_path / "bad.arle-journal.damaged").read_text() == "earlier"
    assert kept_copy_names(tmp_path) == ["bad.arle-journal.2.damaged", "bad.arle-journal.damaged"]


def kept_copy_names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".damaged"))


def test_keep_damaged_copy_takes_the_next_free_name(tmp_path: Path) -> None:
    path = tmp_path / "g.arle-journal"
    path.write_bytes(b"abc\n")
    first, second = keep_damaged_copy(path), keep_damaged_copy(path)
    assert (first.name, second.name) == ("g.arle-journal.damaged", "g.arle-journal.2.damaged")
    assert first.read_bytes() == second.read_bytes() == b"abc\n" and path.exists()


def test_the_start_page_entry_says_what_a_damaged_game_keeps(tmp_path: Path) -> None:
    path, _history = _game(tmp_path, moves=30)
    with path.open("ab") as f:
        f.write(b"#cut#\n" + SKIP % 40)
    (entry,) = list_games(tmp_path)
    assert entry.error is None
    assert entry.note == ("Line 32 of the autosave is damaged: the first 30 moves were kept; "
                          "10 moves could not be used.")


def test_a_journal_beginning_with_a_bom_is_read(tmp_path: Path) -> None:
    path = tmp_path / "g.arle-journal"
    Autosaver(path, durable=False).start(GameHistory(Setup(players=2, seed=4, start_player=0),
                                                     [SkipPlacement()] * 2))
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert len(resume(path).history.moves) == 2


def test_a_damaged_journal_is_copied_once_not_at_every_rewrite(tmp_path: Path) -> None:
    """Issue 51, item 10: the ``.damaged`` copy is of the original, made before the first
    rewrite only: later rewrites (a save path set, a new start) make no more copies."""
    path, _history = _game(tmp_path, moves=60)
    _replace_record(path, 30, b"#garbage#")
    original = path.read_bytes()
    resumed = resume(path)
    saver = Autosaver(path, durable=False, damaged=resumed.damaged)
    saver.start(resumed.history)
    saver.set_save_path(tmp_path / "g.arle.json")
    saver.start(resumed.history)
    assert sorted(p.name for p in tmp_path.glob("*.damaged")) == ["g.arle-journal.damaged"]
    assert saver.kept_original == tmp_path / "g.arle-journal.damaged"
    assert saver.kept_original.read_bytes() == original
    saver.close()


@pytest.mark.parametrize(("header", "said"), [
    (b'{"format": "arle-autosave", "schema": 1, "seed": ' + b"7" * 5000 + b"}", "5,000 digits"),
    (b'{"format": "arle-autosave", "format": "x"}', "appears twice"),
    (b"[1, 2]", "is not a record"),
    (b'{"format": ', "is not valid JSON"),
])
def test_a_journal_header_says_why_it_cannot_be_read(tmp_path: Path, header: bytes, said: str) -> None:
    """Issue 48 item 6: a journal with a 5,000-digit seed was "the first line is not valid JSON"."""
    path = tmp_path / "g.arle-journal"
    path.write_bytes(header + b"\n")
    with pytest.raises(SaveError, match=said):
        resume(path)
