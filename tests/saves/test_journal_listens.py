"""Issue 39, item 2: the journal listens to the match and records each ``Change`` it hears (one
line per move, the length after an undo), instead of comparing its copy of the moves; after a
failed write the next change catches it up, and it never raises into the match."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from arle.files.journal import Autosaver, resume
from arle.match import GameHistory, Match
from tests.saves.helpers import assert_same_game, full_game


def _listening(path: Path, history: GameHistory) -> tuple[Match, Autosaver]:
    saver = Autosaver(path, durable=False)
    saver.start(history)
    match = Match(history)
    match.listen(saver.follow(history), first=True)
    return match, saver


def test_the_journal_writes_one_line_per_change_it_hears(tmp_path: Path) -> None:
    setup, moves = full_game(8, 2)
    path = tmp_path / "g.arle-journal"
    match, saver = _listening(path, GameHistory(setup, friendly_undo=True))
    size = path.stat().st_size
    match.apply(moves[0])
    assert path.read_bytes()[size:].count(b"\n") == 1
    match.undo()
    assert path.read_bytes().endswith(b'{"len":0}\n')
    match.redo()
    assert path.read_bytes().endswith(b"\n") and b'"n":1' in path.read_bytes().splitlines()[-1]
    rng = random.Random(8)
    for move in moves[1:80]:
        match.apply(move)
        if rng.random() < 0.2:
            match.undo()
            match.redo()
    match.undo()
    assert saver.problem is None
    resumed = resume(path)
    assert resumed.damage is None
    assert resumed.history.moves == match.history.moves == list(moves[:79])
    assert_same_game(resumed.history.game, match.game)
    saver.close()


def test_a_change_the_disk_refused_is_caught_up_by_the_next_one(tmp_path: Path, monkeypatch) -> None:
    """A full disk at one move: ``problem`` says so (the window shows it), the match goes on, and
    the next change writes what was missing, an undo and a different move included."""
    setup, moves = full_game(5, 1)
    path = tmp_path / "g.arle-journal"
    match, saver = _listening(path, GameHistory(setup))
    for move in moves[:6]:
        match.apply(move)
    refused = OSError(28, "No space left on device")

    def full(text: str) -> None:
        raise refused

    with monkeypatch.context() as m:
        m.setattr(saver, "_append", full)
        match.undo()  # heard, but not written
        assert saver.problem is refused
    legal = [mv for mv in match.legal_moves() if mv != moves[5]]
    match.apply(legal[0])  # a different move: the journal catches up
    assert saver.problem is None
    resumed = resume(path)
    assert resumed.damage is None and resumed.history.moves == match.history.moves
    assert match.history.moves[:5] == list(moves[:5]) and match.history.moves[5] == legal[0]
    saver.close()


@pytest.mark.parametrize("players", [1, 2])
def test_a_journal_heard_through_a_whole_game_resumes_to_the_same_game(tmp_path: Path, players: int) -> None:
    setup, moves = full_game(3, players)
    path = tmp_path / "g.arle-journal"
    match, saver = _listening(path, GameHistory(setup))
    for move in moves[:-1]:
        match.apply(move)
    saver.close()
    assert resume(path).history.moves == list(moves[:-1])


def test_a_continued_game_is_replayed_once_for_its_state_and_its_log(tmp_path: Path) -> None:
    """Issue 39, item 3: ``resume`` given the words makes the log in its replay, and the match
    takes it instead of replaying the moves a second time; the log is the same either way."""
    from arle.match import continued, replay_log
    from arle.match.words import Wording

    setup, moves = full_game(4, 2)
    path = tmp_path / "g.arle-journal"
    match, saver = _listening(path, GameHistory(setup))
    for move in moves[:90]:
        match.apply(move)
    saver.close()
    words = Wording().log_label
    resumed = resume(path, words)
    assert resumed.log is not None and len(resumed.log) == 90
    again = continued(resumed.history, (), words, log=resumed.log)
    assert again.log == resumed.log
    assert [e.label for e in again.log] == [e.label for e in replay_log(resumed.history, words)]
    assert resume(path).log is None
    with pytest.raises(ValueError):
        Match(resumed.history, log=resumed.log[:-1])
