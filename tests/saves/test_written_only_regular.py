"""Issue 48 item 1: Arle writes only regular files. A save the player chose may be reached through a
link; Arle's own files (settings, statistics, review caches, journals) are never written through one,
and nothing that is not a regular file (a device, a FIFO, a loop) is ever replaced."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from arle.files.paths import NotWrittenThrough, atomic_write_text
from arle.files.settings import Settings, save_settings

POSIX = os.name == "posix"
pytestmark = pytest.mark.skipif(not POSIX, reason="symlinks and FIFOs need POSIX (Windows lacks mkfifo)")

GAME = '{"a real save": true}\n'


def _device(at: Path, tmp: Path) -> None:
    at.symlink_to(os.devnull)


def _fifo(at: Path, tmp: Path) -> None:
    fifo = tmp / "pipe"
    os.mkfifo(fifo)
    at.symlink_to(fifo)


def _game(at: Path, tmp: Path) -> None:
    at.symlink_to(tmp / "game.arle.json")


def _loop(at: Path, tmp: Path) -> None:
    at.symlink_to(tmp / "other")
    (tmp / "other").symlink_to(at)


def _dangling(at: Path, tmp: Path) -> None:
    at.symlink_to(tmp / "nowhere")


PROBES: dict[str, Callable[[Path, Path], None]] = {
    "device": _device, "fifo": _fifo, "the game itself": _game, "loop": _loop, "dangling": _dangling}


@pytest.mark.parametrize("probe", PROBES)
def test_arles_own_file_is_never_written_through_a_link(tmp_path: Path, probe: str) -> None:
    """Settings, statistics, caches: a link is left as it is and its target unchanged."""
    (tmp_path / "game.arle.json").write_text(GAME)
    own = tmp_path / "settings.json"
    PROBES[probe](own, tmp_path)
    before = os.readlink(own)
    with pytest.raises(NotWrittenThrough):
        atomic_write_text(own, "{}\n")
    assert own.is_symlink() and os.readlink(own) == before
    assert (tmp_path / "game.arle.json").read_text() == GAME
    assert not (tmp_path / "nowhere").exists()
    assert os.path.exists(os.devnull) and not os.path.isfile(os.devnull)


def test_settings_linked_to_a_device_are_refused_in_one_sentence(tmp_path: Path) -> None:
    link = tmp_path / "settings.json"
    link.symlink_to(os.devnull)
    with pytest.raises(OSError, match="it is a link, and Arle writes its own files only as regular files"):
        save_settings(Settings(), link)
    assert link.is_symlink()


def test_a_fifo_in_place_of_a_file_is_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "stats.json"
    os.mkfifo(fifo)
    for chosen in (False, True):
        with pytest.raises(NotWrittenThrough, match="not a regular file"):
            atomic_write_text(fifo, "{}\n", chosen=chosen)
    assert fifo.is_fifo()


@pytest.mark.parametrize("probe", ["device", "fifo", "loop"])
def test_a_chosen_save_through_a_link_still_writes_only_a_regular_file(tmp_path: Path, probe: str) -> None:
    save = tmp_path / "mine.arle.json"
    PROBES[probe](save, tmp_path)
    with pytest.raises(NotWrittenThrough):
        atomic_write_text(save, GAME, chosen=True)
    assert save.is_symlink()
    if probe == "fifo":
        assert (tmp_path / "pipe").is_fifo()


def test_a_chosen_save_through_a_link_to_a_file_writes_that_file(tmp_path: Path) -> None:
    target = tmp_path / "game.arle.json"
    target.write_text("old\n")
    link = tmp_path / "link.arle.json"
    link.symlink_to(target)
    atomic_write_text(link, GAME, chosen=True)
    assert link.is_symlink() and target.read_text() == GAME


# -- issue 47 item 8: no secret is stored readable by other users


def test_a_journal_and_a_save_holding_a_remote_secret_are_0600(tmp_path: Path) -> None:
    import stat

    from arle.engine import Setup
    from arle.files.journal import Autosaver
    from arle.files.saves import save_history
    from arle.match.history import GameHistory

    history = GameHistory(Setup(players=2, seed=1), seats=("person", "remote"))
    history.remote = {"mode": "folder", "game": "g", "me": 0, "secret": "typed", "folder": str(tmp_path)}
    journal = tmp_path / "a.arle-journal"
    saver = Autosaver(journal)
    saver.start(history)
    saver.close()
    save = tmp_path / "game.arle.json"
    save.write_text("old")
    save.chmod(0o644)
    save_history(save, history)
    for path in (journal, save):
        assert "typed" in path.read_text() and stat.S_IMODE(path.stat().st_mode) == 0o600
    history.remote = None
    save_history(tmp_path / "plain.arle.json", history)  # no secret: as any document
    assert stat.S_IMODE((tmp_path / "plain.arle.json").stat().st_mode) & 0o044


@pytest.mark.parametrize("probe", ["device", "fifo", "the game itself", "loop"])
def test_a_lock_file_that_is_a_link_or_a_fifo_is_neither_followed_nor_deleted_through(
        tmp_path: Path, probe: str) -> None:
    """The probe method run on the game lock: discarding a game unlinked what its lock linked to."""
    from arle.files.locks import GameLock, lock_path

    game = tmp_path / "game.arle.json"
    game.write_text(GAME)
    lock = lock_path(tmp_path / "a.arle-journal")
    if probe == "fifo":
        os.mkfifo(lock)
    else:
        PROBES[probe](lock, tmp_path)
    held = GameLock(tmp_path / "a.arle-journal")
    with pytest.raises(OSError, match="lock file is"):
        held.acquire()
    held.release_and_remove()
    assert game.read_text() == GAME and os.path.exists(os.devnull) and not os.path.isfile(os.devnull)
    assert lock.is_symlink() or lock.is_fifo()


@pytest.mark.parametrize("probe", ["fifo", "the game itself"])
def test_a_listing_summary_that_is_a_link_or_a_fifo_is_left_as_it_is(tmp_path: Path, probe: str) -> None:
    """The probe method run on the start page's summary cache: it was replaced whatever it was."""
    from arle.files.journal.summary import summary_path, write_summary

    (tmp_path / "game.arle.json").write_text(GAME)
    journal = tmp_path / "a.arle-journal"
    cache = summary_path(journal)
    if probe == "fifo":
        os.mkfifo(cache)
    else:
        PROBES[probe](cache, tmp_path)
    with pytest.raises(NotWrittenThrough):
        write_summary(journal, {"half_year": 1}, "0" * 64)
    assert (tmp_path / "game.arle.json").read_text() == GAME
    assert cache.is_fifo() or cache.is_symlink()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []

