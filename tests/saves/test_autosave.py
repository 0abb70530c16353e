"""Issue 4, "Autosave and resume": a journal appended after every move, which always loads,
losing at most the move in flight, even when the writer is killed at a random moment."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arle.engine import Setup
from arle.engine.interpreter.moves import SkipPlacement
from arle.files.journal import Autosaver, find_unfinished, load_autosave, resume
from arle.files.saves import SaveError, load_save
from arle.match.history import GameHistory
from tests.saves.helpers import assert_same_game, full_game, replayed

HERE = Path(__file__).parent


def test_journal_follows_moves_undo_and_redo(tmp_path: Path) -> None:
    setup, moves = full_game(8, 2)
    path = tmp_path / "auto.arle-journal"
    saver = Autosaver(path)
    history = GameHistory(setup, friendly_undo=True)
    rng = random.Random(8)
    for move in moves[:60]:
        history.apply(move)
        saver.sync(history)
        if rng.random() < 0.2:
            history.undo()
            saver.sync(history)
            if rng.random() < 0.5:
                history.redo()
            else:
                history.apply(move)
            saver.sync(history)
    history.undo()
    history.undo()
    saver.sync(history)
    loaded = load_autosave(path)
    assert loaded.moves == history.moves == list(moves[:58])
    assert loaded.friendly_undo is True
    assert_same_game(loaded.game, history.game)


def test_journal_appends_one_short_line_per_move(tmp_path: Path) -> None:
    path = tmp_path / "auto.arle-journal"
    saver = Autosaver(path)
    history = GameHistory(Setup(players=1, seed=2))
    saver.sync(history)
    size = path.stat().st_size
    history.apply(SkipPlacement())
    saver.sync(history)
    added = path.read_bytes()[size:]
    assert added == b'{"n":1,"move":{"type":"SkipPlacement"}}\n'
    history.undo()
    saver.sync(history)
    assert path.read_bytes().endswith(b'{"len":0}\n')


def test_resume_offers_only_an_unfinished_game(tmp_path: Path) -> None:
    path = tmp_path / "auto.arle-journal"
    assert find_unfinished(path) is None
    setup, moves = full_game(2, 1)
    saver = Autosaver(path)
    saver.start(GameHistory(setup, moves[:-1]))
    resumed = find_unfinished(path)
    assert resumed is not None and resumed.moves == list(moves[:-1])
    saver.start(GameHistory(setup, moves))
    assert find_unfinished(path) is None  # the game is over: nothing to resume
    saver.discard()
    assert not path.exists()


def test_a_line_cut_short_is_the_move_in_flight_and_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "auto.arle-journal"
    history = GameHistory(Setup(players=2, seed=4, start_player=0), [SkipPlacement()] * 2)
    Autosaver(path).start(history)
    with path.open("ab") as f:
        f.write(b'{"n":3,"move":{"type":"SkipPla')
    assert load_autosave(path).moves == [SkipPlacement()] * 2


def test_an_illegal_move_in_a_journal_keeps_the_moves_before_it(tmp_path: Path) -> None:
    """Issue 33: a move illegal at its place (tampering, or a rules fix in a later version) no longer
    makes the whole journal unplayable: the moves before it are kept and the note says so."""
    path = tmp_path / "auto.arle-journal"
    Autosaver(path).start(GameHistory(Setup(players=2, seed=4, start_player=0), [SkipPlacement()] * 2))
    with path.open("ab") as f:
        f.write(b'{"n":3,"move":{"type":"PlaceWorker","space":"x"}}\n')
    resumed = resume(path)
    assert resumed.history.moves == [SkipPlacement()] * 2 and resumed.lost == 1
    assert resumed.note == ("Move 3 of the autosave (line 4) is not legal at its place in the game "
                            "(half-year 1): the first 2 moves were kept; 1 move could not be used.")


def test_journal_with_a_bad_header_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "auto.arle-journal"
    path.write_text(json.dumps({"format": "arle-autosave", "schema": 7}) + "\n")
    with pytest.raises(SaveError, match="written by a newer Arle"):
        load_autosave(path)
    path.write_text("{}\n")
    with pytest.raises(SaveError, match="not an Arle autosave"):
        load_autosave(path)
    path.write_text("")
    with pytest.raises(SaveError, match="the autosaved game is empty"):
        load_autosave(path)


def test_many_undos_compact_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "auto.arle-journal"
    saver = Autosaver(path)
    history = GameHistory(Setup(players=1, seed=2))
    for _ in range(100):
        history.apply(SkipPlacement())
        saver.sync(history)
        history.undo()
        saver.sync(history)
    assert len(path.read_text().splitlines()) < 70
    assert load_autosave(path).moves == []


def _last(lines: list[str], kind: str) -> tuple[int | None, int | None]:
    """The last completed write and the last write begun, for journal (J) or save (S)."""
    done = [int(x.split()[1]) for x in lines if x.startswith(kind + "A ")]
    begun = [int(x.split()[1]) for x in lines if x.startswith(kind + "W ")]
    return (done[-1] if done else None), (begun[-1] if begun else None)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("mode", ["all", "journal-only"])
@pytest.mark.parametrize("seed", range(4))
def test_killed_writer_leaves_files_that_load(tmp_path: Path, seed: int, mode: str) -> None:
    """Issue 4: kill a process writing saves at a random moment (SIGKILL): the autosave and the
    save on disk always load, holding the last completed write or the one in flight."""
    env = {**os.environ, "PYTHONPATH": str(HERE.parent.parent)}
    proc = subprocess.Popen([sys.executable, str(HERE / "kill_writer.py"), str(tmp_path), str(seed), mode],
                            stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    try:
        first = proc.stdout.readline()  # wait until it is writing
        assert first.startswith("JW"), first
        ready = proc.stdout.readline()  # and until the journal exists (a loaded machine is slow)
        assert ready.startswith("JA"), ready
        time.sleep(random.Random(seed).uniform(0.05, 0.6))
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    lines = [first, ready, *proc.stdout.read().splitlines()]
    proc.stdout.close()
    done, begun = _last(lines, "J")
    journal = load_autosave(tmp_path / "autosave.arle-journal")
    assert len(journal.moves) in {done, begun}
    done, begun = _last(lines, "S")
    if done is not None:  # a full save exists once the first one completed
        assert len(load_save(tmp_path / "game.arle.json").history.moves) in {done, begun}
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(leftovers) <= 1  # at most the temporary file of the write in flight


def test_resumed_game_continues_identically(tmp_path: Path) -> None:
    setup, moves = full_game(9, 2)
    path = tmp_path / "auto.arle-journal"
    saver = Autosaver(path)
    history = GameHistory(setup)
    for move in moves[:50]:
        history.apply(move)
        saver.sync(history)
    saver.close()  # the window closes; another one continues the game
    resumed = find_unfinished(path)
    assert resumed is not None
    Autosaver(path).start(resumed)  # the app rewrites (compacts) the journal on resume
    for move in moves[50:]:
        resumed.apply(move)
    assert_same_game(resumed.game, replayed(setup, moves))


def _journal_with(tmp_path: Path, tail: bytes) -> Path:
    path = tmp_path / "auto.arle-journal"
    saver = Autosaver(path)
    saver.start(GameHistory(Setup(players=2, seed=4, start_player=0), [SkipPlacement()] * 2))
    saver.close()
    with path.open("ab") as f:
        f.write(tail)
    return path


SKIP = b'{"n":%d,"move":{"type":"SkipPlacement"}}\n'


def test_a_damaged_line_in_the_middle_is_skipped_when_the_rest_continues(tmp_path: Path) -> None:
    """Older versions could leave a cut line mid-journal (full disk): every complete move after it
    is recovered when the lines after it continue consistently, and the player is told."""
    path = _journal_with(tmp_path, b"garbage\n" + SKIP % 3)
    resumed = resume(path)
    assert resumed.history.moves == [SkipPlacement()] * 3
    assert resumed.note is not None and "Line 4" in resumed.note and "all 3 moves" in resumed.note


def test_a_cut_line_glued_to_the_next_record_keeps_that_record(tmp_path: Path) -> None:
    """An old short write followed by the next append on the same line."""
    path = _journal_with(tmp_path, b'{"len":1' + SKIP % 3)
    resumed = resume(path)
    assert len(resumed.history.moves) == 3 and resumed.note is not None


def test_damage_the_rest_does_not_follow_keeps_the_moves_before_it(tmp_path: Path) -> None:
    """The move lost in the cut line leaves a gap: the moves before the damage are kept."""
    path = _journal_with(tmp_path, b'{"n":3,"move":{"ty\n' + SKIP % 4)
    resumed = resume(path)
    assert resumed.history.moves == [SkipPlacement()] * 2 and resumed.lost == 2
    assert resumed.note == ("Line 4 of the autosave is damaged: the first 2 moves were kept; "
                            "2 moves could not be used.")


def test_an_unfinished_last_line_is_the_move_in_flight_without_a_note(tmp_path: Path) -> None:
    resumed = resume(_journal_with(tmp_path, b'{"n":3,"move":{"type":"Skip'))
    assert len(resumed.history.moves) == 2 and resumed.note is None


def test_an_undo_and_a_new_move_in_one_sync_replace_the_undone_move(tmp_path: Path) -> None:
    """Issue 44 item 1: when an undo and a different move reach the journal in one ``sync`` (after
    a failed append, say), the new move is written as ``{"n": k}`` alone: the reader must put it in
    place of move k, not append it (that would bring the undone move back and lose the new one)."""
    setup, moves = full_game(8, 2)
    path = tmp_path / "auto.arle-journal"
    saver = Autosaver(path)
    history = GameHistory(setup, friendly_undo=True)
    for move in moves[:6]:
        history.apply(move)
        saver.sync(history)
    history.undo()
    other = next(m for m in history.game.legal_moves() if m != moves[5])
    history.apply(other)
    saver.sync(history)  # one sync: no "len" record before the new move 6
    assert path.read_text().splitlines()[-1].startswith('{"n":6,')
    resumed = resume(path)
    assert resumed.damage is None
    assert resumed.history.moves == history.moves == [*moves[:5], other]
    assert_same_game(resumed.history.game, history.game)
