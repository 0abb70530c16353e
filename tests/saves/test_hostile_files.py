"""Faults and hostile files (outside probes): a full disk, FIFOs and endless devices in place of a
file, text no file can hold, duplicated keys, huge numbers, orphaned temporary files and file
permissions. Each ends in one clear sentence, and no game is lost."""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from arle.engine import MAX_MOVES, Setup
from arle.files import saves
from arle.files.journal import Autosaver, list_games, resume
from arle.files.paths import STALE_TMP_S, read_bounded
from arle.files.saves import SaveError, load_save, save_history, verify_main
from arle.files.settings import Settings, read_settings, save_settings
from arle.match.history import GameHistory
from tests.saves.helpers import full_game

POSIX = os.name == "posix"


@pytest.fixture(autouse=True)
def no_hang() -> Iterator[None]:
    """A read that blocks (a FIFO without writer) fails the test instead of hanging the suite."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def hung(*_: object) -> None:
        raise TimeoutError("a reader blocked")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _game(n: int = 12) -> GameHistory:
    setup, moves = full_game(5, 2)
    return GameHistory(setup, moves[:n])


def _save_text(names: list[str] | None = None) -> dict:
    history = _game()
    data = saves.save_dict(history.setup, history.moves, history.game)
    if names is not None:
        data["setup"]["names"] = names
    return data


# -- a full disk -----------------------------------------------------------------------------------


def test_a_failed_append_leaves_the_journal_valid_and_the_next_sync_catches_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Outside probe: the first failing append was a silent short write; once space was freed the
    next append landed after the cut line and Continue set the whole game aside as damaged."""
    setup, moves = full_game(5, 2)
    path = tmp_path / "g.arle-journal"
    saver = Autosaver(path)
    history = GameHistory(setup, moves[:10])
    saver.start(history)
    real_write = os.write

    def full_disk(fd: int, data: bytes) -> int:
        real_write(fd, bytes(data[: max(1, len(data) // 2)]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full_disk)
    for move in moves[10:13]:
        history.apply(move)
        with pytest.raises(OSError, match="No space left"):
            saver.sync(history)  # the GUI shows it; play goes on
        assert path.read_bytes().endswith(b"\n")
        assert resume(path).history.moves == list(moves[:10])
    monkeypatch.setattr(os, "write", real_write)
    history.apply(moves[13])
    saver.sync(history)
    resumed = resume(path)
    assert resumed.history.moves == list(moves[:14]) and resumed.note is None


@pytest.mark.skipif(not POSIX or os.geteuid() != 0 or not shutil.which("mount"),
                    reason="needs root and mount")
def test_a_real_full_disk_loses_no_move(tmp_path: Path) -> None:
    """A tiny tmpfs fills up while playing: the journal stays valid, and once space is freed the
    next sync writes every move not yet written."""
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mnt)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    setup, moves = full_game(5, 2)
    path = mnt / "g.arle-journal"
    saver = Autosaver(path)
    try:
        history = GameHistory(setup)
        saver.start(history)
        filler = mnt / "filler"
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
        try:
            with pytest.raises(OSError):
                while True:
                    os.write(fd, b"x" * 512)
        finally:
            os.close(fd)
        failed_at = None
        for i, move in enumerate(moves[:150]):
            history.apply(move)
            try:
                saver.sync(history)
            except OSError:
                failed_at = i
                break
        assert failed_at is not None, "the disk never filled"
        written = resume(path).history.moves
        assert written == list(moves[: len(written)]) and len(written) <= failed_at
        filler.unlink()
        history.apply(moves[failed_at + 1])
        saver.sync(history)
        resumed = resume(path)
        assert resumed.history.moves == list(moves[: failed_at + 2]) and resumed.note is None
    finally:
        saver.close()
        if subprocess.run(["umount", str(mnt)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


# -- FIFOs, devices, folders -----------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_in_place_of_any_file_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    """Outside probe: a FIFO hung verify, Open, Continue and the start of the app."""
    save = tmp_path / "game.arle.json"
    os.mkfifo(save)
    with pytest.raises(SaveError, match="is a pipe or a device, not a save file"):
        load_save(save)
    assert verify_main([str(save)]) == 1
    assert "pipe or a device" in capsys.readouterr().err
    settings = tmp_path / "settings.json"
    os.mkfifo(settings)
    result, warning = read_settings(settings)
    assert result == Settings() and warning is not None and "not a regular file" in warning
    journal = tmp_path / "g.arle-journal"
    os.mkfifo(journal)
    with pytest.raises(SaveError, match="cannot be read"):
        resume(journal)
    (entry,) = list_games(tmp_path)
    assert entry.error is not None


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_link_to_an_endless_device_is_refused_without_reading(tmp_path: Path) -> None:
    """Outside probe: a settings file or journal symlinked to /dev/zero read until memory ran out."""
    settings = tmp_path / "settings.json"
    settings.symlink_to("/dev/zero")
    assert read_settings(settings)[0] == Settings()
    journal = tmp_path / "g.arle-journal"
    journal.symlink_to("/dev/zero")
    with pytest.raises(SaveError, match="cannot be read"):
        resume(journal)
    save = tmp_path / "s.arle.json"
    save.symlink_to("/dev/zero")
    with pytest.raises(SaveError, match="pipe or a device"):
        load_save(save)


def test_the_bounded_reader_reads_at_most_one_byte_past_the_limit(tmp_path: Path) -> None:
    big = tmp_path / "big"
    big.write_bytes(b"x" * 100)
    assert read_bounded(big, 100) == b"x" * 100
    with pytest.raises(OSError, match="larger than 99 bytes"):
        read_bounded(big, 99)
    with pytest.raises(OSError, match="folder"):
        read_bounded(tmp_path, 10)


# -- text no file can hold -------------------------------------------------------------------------


def test_a_lone_surrogate_name_in_a_save_is_refused_with_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    """Outside probe: verify printed a traceback for a name "\\ud800"."""
    path = tmp_path / "s.arle.json"
    path.write_text(json.dumps(_save_text(["\ud800", "Bo"])))  # json escapes it as \\ud800
    with pytest.raises(SaveError, match="not valid text"):
        load_save(path)
    assert verify_main([str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not valid text" in err and "Traceback" not in err


def test_saving_a_lone_surrogate_name_raises_a_sentence_not_a_crash(tmp_path: Path) -> None:
    """Outside probe: saving raised UnicodeEncodeError; save_history raises only OSError or SaveError."""
    history = GameHistory(Setup(players=2, seed=3, names=["\udcff", "Bo"]))
    path = tmp_path / "s.arle.json"
    with pytest.raises(SaveError, match="not valid text"):
        save_history(path, history)
    assert not path.exists() and not list(tmp_path.iterdir())


def test_a_lone_surrogate_in_the_settings_is_repaired_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"player_names": ["\\ud800Ann", "Bo"], "language": "en"}')
    settings, warning = read_settings(path)
    assert settings.player_names == ["\ufffdAnn", "Bo"]
    assert warning is not None and "repaired" in warning
    save_settings(Settings(player_names=["\ud800", "x"]), path)  # never a UnicodeEncodeError
    assert read_settings(path)[0].player_names == ["\ufffd", "x"]


# -- JSON tricks and huge values -------------------------------------------------------------------


def test_duplicated_keys_are_refused() -> None:
    """Outside probe: two "moves" keys were accepted silently (the last one won)."""
    data = _save_text()
    text = json.dumps(data)[:-1] + ', "moves": []}'
    with pytest.raises(SaveError, match='the key "moves" appears twice'):
        saves.loads(text)


def test_duplicated_keys_in_the_settings_keep_the_last_with_a_warning(tmp_path: Path) -> None:
    """Issue 33: a key given twice reset every setting; now the readable ones are kept."""
    path = tmp_path / "settings.json"
    path.write_text('{"language": "de", "language": "fr"}')
    settings, warning = read_settings(path)
    assert settings == Settings(language="fr") and warning is not None


def test_a_huge_schema_number_gives_a_short_message() -> None:
    """Outside probe: a 4,000-digit schema number was echoed in full."""
    text = '{"format": "arle-save", "schema": ' + "9" * 4000 + "}"
    with pytest.raises(SaveError) as info:
        saves.loads(text)
    assert str(info.value) == "The save file is not an Arle save: a number in it has 4,000 digits"


def test_every_message_is_one_short_line() -> None:
    error = SaveError("a\nb " + "x" * 10_000 + "\ud800")
    assert "\n" not in str(error) and len(str(error)) <= saves.MAX_MESSAGE_CHARS


def test_a_move_list_longer_than_any_real_game_is_refused_before_replay() -> None:
    """Outside probe: a legal 19,999-move file took 7 s to verify; MAX_MOVES bounds it (measured
    longest game: 334 moves)."""
    data = _save_text()
    data["moves"] = data["moves"] * (MAX_MOVES // len(data["moves"]) + 1)
    t0 = time.perf_counter()
    with pytest.raises(SaveError, match="more than any game can have"):
        saves.loads(json.dumps(data))
    assert time.perf_counter() - t0 < 1.0
    _setup, moves = full_game(5, 2)
    assert 10 * len(moves) < MAX_MOVES


# -- temporary files and permissions ---------------------------------------------------------------


def test_orphaned_settings_temporary_files_are_cleaned_when_settings_are_read(tmp_path: Path) -> None:
    old = tmp_path / ".settings.json.k1l2.tmp"
    young = tmp_path / ".settings.json.m3n4.tmp"
    for p in (old, young):
        p.write_text("{")
    then = time.time() - STALE_TMP_S - 5
    os.utime(old, (then, then))
    read_settings(tmp_path / "settings.json")
    assert not old.exists() and young.exists()


@pytest.mark.skipif(not POSIX, reason="POSIX permissions")
@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_saves_and_settings_follow_the_umask(tmp_path: Path, umask: int) -> None:
    """Outside probe: saves and settings were created 0600 whatever the umask."""
    code = (
        "import os, sys; os.umask(int(sys.argv[2], 8)); from pathlib import Path; "
        "from arle.match.history import GameHistory; from arle.engine import Setup; "
        "from arle.files.saves import save_history; from arle.files.settings import Settings, save_settings; "
        "d = Path(sys.argv[1]); save_history(d / 's.arle.json', GameHistory(Setup(players=1, seed=1))); "
        "save_settings(Settings(), d / 'settings.json')"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent.parent)}
    subprocess.run([sys.executable, "-c", code, str(tmp_path), oct(umask)[2:]], check=True, env=env)
    for name in ("s.arle.json", "settings.json"):
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o666 & ~umask, name
