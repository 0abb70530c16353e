"""Issue 42 item 4: a journal over 4 MiB lost every move (it was refused whole as "too large").
It is read a line at a time, in bounded memory, and keeps what comes before the bad part."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from arle.files import paths
from arle.files.journal import Autosaver, list_games, resume
from arle.files.journal import format as journal_format
from arle.files.journal.format import as_line
from arle.match.history import GameHistory
from tests.saves.helpers import full_game


def _journal(tmp_path: Path, moves: int = 120) -> tuple[Path, list]:
    setup, all_moves = full_game(3, 2)
    path = tmp_path / "g.arle-journal"
    saver = Autosaver(path, durable=False)
    saver.start(GameHistory(setup, all_moves[:moves]))
    saver.close()
    return path, list(all_moves[:moves])


def test_a_10_mb_junk_line_after_120_moves_keeps_the_120_moves(tmp_path: Path) -> None:
    path, moves = _journal(tmp_path)
    with path.open("ab") as f:
        f.write(b"x" * 10_000_000 + b"\n")
    tracemalloc.start()
    try:
        resumed = resume(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert resumed.history.moves == moves
    assert resumed.damage is not None and resumed.damage.kind == "skipped"
    assert resumed.note == "Line 122 of the autosave was damaged and skipped; all 120 moves were recovered."
    assert peak < 3_000_000, "the junk line is never held in memory"
    (entry,) = list_games(tmp_path)
    assert entry.error is None and entry.damage == resumed.damage


def test_moves_after_a_huge_line_that_continue_are_kept_too(tmp_path: Path) -> None:
    path, _moves = _journal(tmp_path)
    _setup, all_moves = full_game(3, 2)
    from arle.engine import move_to_dict

    tail = "".join(as_line({"n": 121 + i, "move": move_to_dict(m)})
                   for i, m in enumerate(all_moves[120:125]))
    with path.open("ab") as f:
        f.write(b"{" * 5_000_000 + b"\n" + tail.encode())
    resumed = resume(path)
    assert resumed.history.moves == list(all_moves[:125]) and resumed.lost == 0


def test_a_journal_larger_than_the_scan_limit_keeps_the_moves_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading ends: past ``MAX_SCAN_BYTES`` the rest is one damaged line."""
    path, moves = _journal(tmp_path)
    monkeypatch.setattr(paths, "MAX_SCAN_BYTES", path.stat().st_size + 1000)
    with path.open("ab") as f:
        f.write(b"\n" * 5000)
    resumed = resume(path)
    assert resumed.history.moves == moves and resumed.damage is not None


def test_continuing_a_huge_journal_keeps_its_original_first(tmp_path: Path) -> None:
    path, moves = _journal(tmp_path)
    with path.open("ab") as f:
        f.write(b"x" * 6_000_000 + b"\n")
    original = path.stat().st_size
    resumed = resume(path)
    saver = Autosaver(path, durable=False, damaged=resumed.damaged, expect=resumed.digest)
    saver.start(resumed.history)
    assert saver.kept_original is not None and saver.kept_original.stat().st_size == original
    assert resume(path).history.moves == moves and resume(path).damage is None


def test_a_journal_of_exactly_the_scan_bound_is_read_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 51, item 8: ``MAX_SCAN_BYTES`` is the most that is read, so a journal of exactly
    that size is whole (not cut short, nothing damaged); one byte more is cut."""
    path, moves = _journal(tmp_path)
    size = path.stat().st_size
    monkeypatch.setattr(paths, "MAX_SCAN_BYTES", size)
    seen = paths.Bytes()
    assert b"".join(paths.read_chunks(path, seen)) == path.read_bytes() and not seen.cut
    resumed = resume(path)
    assert resumed.history.moves == moves and resumed.damage is None
    monkeypatch.setattr(paths, "MAX_SCAN_BYTES", size - 1)
    seen = paths.Bytes()
    assert len(b"".join(paths.read_chunks(path, seen))) == size - 1 and seen.cut


def test_a_line_over_the_bound_that_arrives_in_pieces_is_damaged() -> None:
    """Issue 51, item 9: the line-length bound counts what earlier chunks held of the line: a
    line longer than ``MAX_LINE_BYTES`` read in two chunks, each under it, is one damaged line."""
    bound = journal_format.MAX_LINE_BYTES
    chunks = [b"ok\n" + b"a" * (bound - 10), b"b" * 20 + b"\nnext\n"]
    assert list(journal_format.split_lines(chunks)) == [b"ok", None, b"next"]
    whole = [b"a" * (bound - 10), b"b" * 10 + b"\n"]  # exactly the bound: a line
    assert list(journal_format.split_lines(whole)) == [b"a" * (bound - 10) + b"b" * 10]
