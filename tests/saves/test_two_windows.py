"""Issue 42 item 2: two windows continuing one game. Continue reads the journal before it takes
the lock; a window slowed while reading must not rewrite the journal from its stale read after
another window played on and closed."""

from __future__ import annotations

from pathlib import Path

import pytest

from arle.files.journal import Autosaver, JournalChanged, resume
from arle.match.history import GameHistory
from tests.saves.helpers import full_game


def _journal(tmp_path: Path, moves: int) -> tuple[Path, tuple]:
    setup, all_moves = full_game(5, 2)
    path = tmp_path / "g.arle-journal"
    saver = Autosaver(path, durable=False)
    saver.start(GameHistory(setup, all_moves[:moves]))
    saver.close()
    return path, all_moves


def test_a_stale_read_does_not_rewrite_moves_another_window_played(tmp_path: Path) -> None:
    path, moves = _journal(tmp_path, 20)
    stale = resume(path)  # window B reads, slowly
    a = resume(path)  # window A continues and plays 10 moves, then closes
    saver_a = Autosaver(path, durable=False, expect=a.digest)
    saver_a.start(a.history)
    for move in moves[20:30]:
        a.history.apply(move)
        saver_a.sync(a.history)
    saver_a.close()
    before = path.read_bytes()
    saver_b = Autosaver(path, durable=False, expect=stale.digest)
    with pytest.raises(JournalChanged, match="played on in another Arle window"):
        saver_b.start(stale.history)
    assert path.read_bytes() == before and resume(path).history.moves == list(moves[:30])
    again = resume(path)  # continued again: the 30 moves, and the lock is free
    Autosaver(path, durable=False, expect=again.digest).start(again.history)
    assert resume(path).history.moves == list(moves[:30])


def test_a_journal_deleted_since_it_was_read_is_not_written_again(tmp_path: Path) -> None:
    """Window A finished the game (its journal is deleted): B's stale read must not bring it back."""
    path, _moves = _journal(tmp_path, 12)
    stale = resume(path)
    Autosaver(path).discard()
    with pytest.raises(JournalChanged):
        Autosaver(path, durable=False, expect=stale.digest).start(stale.history)
    assert not path.exists()


def test_closing_a_game_whose_journal_went_missing_does_not_raise(tmp_path: Path) -> None:
    path, _moves = _journal(tmp_path, 5)
    resumed = resume(path)
    saver = Autosaver(path, durable=False, expect=resumed.digest)
    saver.start(resumed.history)
    path.unlink()  # deleted behind the window's back
    saver.close()  # closing must never fail
