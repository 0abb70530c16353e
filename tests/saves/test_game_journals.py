"""One autosave journal per unfinished game: New Game and Open never overwrite a game in progress,
one window writes a game (``arle.files.locks``), and the start page lists the games quickly."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arle.engine import Setup
from arle.engine.interpreter.moves import SkipPlacement
from arle.files import paths
from arle.files.journal import (
    Autosaver,
    GameEntry,
    GameInUse,
    list_games,
    resume,
    set_aside,
    summary,
)
from arle.files.locks import GameLock, is_locked
from arle.files.saves import SaveError
from arle.match.history import GameHistory
from tests.saves.helpers import full_game

HOLDER = """
import sys, time
from arle.files.locks import GameLock
lock = GameLock(sys.argv[1])
print("held" if lock.acquire() else "refused", flush=True)
time.sleep(60)
"""


def _two_moves() -> GameHistory:
    return GameHistory(Setup(players=2, seed=4, start_player=0, names=["Ann", "Bo"]), [SkipPlacement()] * 2)


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_new_autosave_paths_are_unique_in_the_autosaves_folder(data: Path) -> None:
    a, b = paths.new_autosave_path(), paths.new_autosave_path()
    assert a != b and a.parent == b.parent == data / "autosaves"
    assert a.name.endswith(".arle-journal")


def test_two_games_keep_two_journals_and_are_listed_newest_first(data: Path) -> None:
    first, second = Autosaver(paths.new_autosave_path()), Autosaver(paths.new_autosave_path())
    first.start(_two_moves())
    solo = GameHistory(Setup(players=1, seed=2, names=["Cy"]))
    second.start(solo)
    os.utime(first.path, (time.time() - 100, time.time() - 100))
    games = list_games()
    assert [g.path for g in games] == [second.path, first.path]
    assert games[0].names == ("Cy",) and games[1].names == ("Ann", "Bo")
    assert all(g.in_use and g.error is None and g.half_year == 1 for g in games)
    first.close()
    second.close()
    assert not any(g.in_use for g in list_games())


def test_resume_gives_the_game_and_the_linked_save_file(tmp_path: Path) -> None:
    path = tmp_path / "g.arle-journal"
    saver = Autosaver(path, save_path=tmp_path / "mine.arle.json")
    history = _two_moves()
    saver.start(history)
    resumed = resume(path)
    assert resumed.history.moves == history.moves and resumed.note is None
    assert resumed.save_path == tmp_path / "mine.arle.json"
    saver.set_save_path(tmp_path / "other.arle.json")
    history.apply(SkipPlacement())
    saver.sync(history)
    resumed = resume(path)
    assert resumed.save_path == tmp_path / "other.arle.json" and len(resumed.history.moves) == 3
    saver.close()
    assert list_games(tmp_path)[0].save_path == tmp_path / "other.arle.json"


def test_a_second_autosaver_on_the_same_game_is_refused(tmp_path: Path) -> None:
    """One game, one writer: another window opening the same game gets one sentence."""
    path = tmp_path / "g.arle-journal"
    first = Autosaver(path)
    first.start(_two_moves())
    with pytest.raises(GameInUse, match="open in another Arle window") as info:
        Autosaver(path).start(_two_moves())
    assert isinstance(info.value, SaveError)
    first.close()
    second = Autosaver(path)
    second.start(resume(path).history)  # free again once the first window closed it
    second.discard()
    assert not path.exists() and list_games(tmp_path) == []


def test_two_game_locks_in_one_process_exclude_each_other(tmp_path: Path) -> None:
    path = tmp_path / "g.arle-journal"
    a, b = GameLock(path), GameLock(path)
    assert a.acquire() and not b.acquire()
    a.release()
    with b:
        assert not a.acquire() and is_locked(path)
    assert a.acquire()
    a.release()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_lock_held_by_another_process_is_free_once_it_is_killed(tmp_path: Path) -> None:
    path = tmp_path / "g.arle-journal"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent.parent)}
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE,
                            text=True, env=env)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        assert is_locked(path)
        with pytest.raises(GameInUse):
            Autosaver(path).start(_two_moves())
    finally:
        proc.kill()
        proc.wait(timeout=30)
        proc.stdout.close()  # type: ignore[union-attr]
    saver = Autosaver(path)
    saver.start(_two_moves())  # the dead process's lock is taken over at once
    saver.close()


def test_a_finished_game_leaves_the_list(tmp_path: Path) -> None:
    setup, moves = full_game(2, 1)
    path = tmp_path / "done.arle-journal"
    saver = Autosaver(path)
    saver.start(GameHistory(setup, moves))
    saver.close()
    assert list_games(tmp_path) == []
    assert not path.exists()


def test_a_damaged_journal_is_listed_with_its_sentence_and_can_be_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "bad.arle-journal"
    path.write_text('{"format": "arle-autosave", "schema": 99}\n')
    (entry,) = list_games(tmp_path)
    assert entry.error is not None and "newer Arle" in entry.error and not entry.in_use
    kept = set_aside(path)
    assert kept == tmp_path / "bad.arle-journal.damaged" and kept.exists()
    assert list_games(tmp_path) == []


def test_the_legacy_journal_is_moved_into_the_folder(data: Path) -> None:
    Autosaver(durable=False).start(_two_moves())  # the old single journal
    assert paths.autosave_path().exists()
    (entry,) = list_games()
    assert not paths.autosave_path().exists() and entry.path.parent == paths.autosave_dir()
    assert len(resume(entry.path).history.moves) == 2


def test_the_summary_cache_is_used_and_rebuilt_when_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.arle-journal"
    saver = Autosaver(path)
    history = _two_moves()
    saver.start(history)
    saver.close()
    cache = tmp_path / "g.arle-journal.summary"
    data = json.loads(cache.read_text())
    assert data["half_year"] == 1 and data["over"] is False and len(data["sha256"]) == 64
    replays = []
    real = summary.resume_bytes
    monkeypatch.setattr(summary, "resume_bytes", lambda raw: replays.append(1) or real(raw))
    assert list_games(tmp_path)[0].names == ("Ann", "Bo") and replays == []  # fresh: not replayed
    saver = Autosaver(path)
    saver.start(history)
    history.apply(SkipPlacement())
    saver.sync(history)  # the journal changed: the cache is stale
    assert list_games(tmp_path)[0].names == ("Ann", "Bo") and replays == [1]
    saver.close()


def test_listing_ten_full_games_is_quick(tmp_path: Path) -> None:
    """The start page lists games right after its first paint: with the summary cache, ten full
    games take well under 50 ms (the first listing replays them once)."""
    for seed in range(10):
        setup, moves = full_game(20 + seed, 2)
        saver = Autosaver(tmp_path / f"g{seed}.arle-journal", durable=False)
        saver.start(GameHistory(setup, moves[:-1]))
        saver.close()
    list_games(tmp_path)
    t0 = time.perf_counter()
    games = list_games(tmp_path)
    elapsed = time.perf_counter() - t0
    assert len(games) == 10 and all(isinstance(g, GameEntry) for g in games)
    assert elapsed < 0.05, f"{elapsed * 1000:.1f} ms"


def test_stale_temporary_files_are_cleaned_when_games_are_listed(data: Path) -> None:
    """A kill during an atomic rewrite leaves ``.name.xxx.tmp``: removed once older than a minute."""
    folder = paths.autosave_dir()
    folder.mkdir(parents=True)
    old = folder / ".g.arle-journal.abc123.tmp"
    young = folder / ".h.arle-journal.def456.tmp"
    other = folder / ".unrelated.tmp"
    for p in (old, young, other):
        p.write_text("x")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    os.utime(other, (time.time() - 3600, time.time() - 3600))
    list_games()
    assert not old.exists() and young.exists() and other.exists()


def test_listing_games_does_not_load_the_rules_engine() -> None:
    """The start page lists games right after its first paint: importing ``arle.files.journal`` and
    listing cached games must not import the engine (about 0.3 s on this machine)."""
    code = ("import sys, tempfile, pathlib; from arle.files.journal import list_games; "
            "list_games(pathlib.Path(tempfile.mkdtemp())); "
            "print([m for m in sys.modules if m.startswith(('arle.engine', 'arle.files.saves', 'cattrs'))])")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent.parent)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "[]"


def test_the_journal_size_limit_is_the_save_size_limit() -> None:
    from arle.files import save_format
    from arle.files.journal.format import MAX_JOURNAL_BYTES

    assert MAX_JOURNAL_BYTES == save_format.MAX_FILE_BYTES


def test_discarding_a_game_another_window_holds_leaves_its_lock_file(tmp_path: Path) -> None:
    """Deleting a lock file someone holds would let a third window lock a new file beside it."""
    path = tmp_path / "g.arle-journal"
    holder = GameLock(path)
    assert holder.acquire()
    GameLock(path).release_and_remove()
    assert (tmp_path / "g.arle-journal.lock").exists() and is_locked(path)
    holder.release_and_remove()
    assert not (tmp_path / "g.arle-journal.lock").exists()


def test_a_folder_game_is_listed_as_your_turn_once_the_friend_wrote_a_turn_file(tmp_path: Path) -> None:
    """Issue 48 item 4: the start page said "waiting for Player 2" for a folder game after the
    friend played: the listing looks at the shared folder."""
    from arle.files.journal import Autosaver, list_games
    from arle.match.history import GameHistory

    shared = tmp_path / "shared"
    shared.mkdir()
    history = GameHistory(Setup(players=2, seed=1, start_player=1), seats=("person", "remote"))
    history.remote = {"mode": "folder", "game": "g", "me": 0, "secret": "s", "folder": str(shared)}
    journals = tmp_path / "autosaves"
    saver = Autosaver(journals / "a.arle-journal")
    saver.start(history)
    saver.close()
    os.utime(journals / "a.arle-journal", (1_000_000, 1_000_000))
    [entry] = list_games(journals)
    assert (entry.me, entry.to_move) == (0, 1)  # waiting for the friend
    (shared / "turn-2-00001.json").write_text("{}")
    [entry] = list_games(journals)
    assert entry.to_move == 0  # the friend played: our turn
