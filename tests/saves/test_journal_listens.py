"""Issue 39, item 2: the journal listens to the match and records each ``Change`` it hears (one
line per move, the length after an undo), instead of comparing its copy of the moves; after a
failed write the next change catches it up, and it never raises into the match."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from arle.files.autosave import Autosaver, resume
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
