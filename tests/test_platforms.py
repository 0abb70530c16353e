"""What differs between Windows, macOS and Linux: folders, file names, console encodings, line
endings and file locking. CI runs these on all three (.github/workflows/ci.yml); a test that only
means something on one system runs there and is skipped elsewhere with its reason.

- Folder and file names with spaces and non-ASCII letters (``C:\\Users\\Zoë Müller\\...``) run
  everywhere.
- A Windows pipe prints in the ANSI code page (cp1252), not UTF-8: simulated everywhere with
  ``PYTHONIOENCODING``.
- Saves are written with LF line endings on every system, and files whose lines end in CRLF (a
  save opened and saved again in Notepad) load.
- Windows only: a file held open by another program cannot be replaced, and the data folder is
  ``%LOCALAPPDATA%\\arle``.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from arle.commands import selftest
from arle.commands.simulate import choose_move
from arle.engine import Setup
from arle.files import paths, saves, settings
from arle.files.final import fingerprint
from arle.files.journal import Autosaver, find_unfinished, load_autosave
from arle.match.history import GameHistory

REPO = Path(__file__).resolve().parent.parent

#: A folder name with a space and letters outside ASCII and outside cp1252 (Ł, 李).
ODD_FOLDER = "Spiele von Zoë Łukasz 李"
#: Player names no Windows ANSI code page can print.
ODD_NAMES = ("Łukasz", "李娜")


def _history(moves: int, seed: int = 3) -> GameHistory:
    history = GameHistory(Setup(players=2, seed=seed, names=ODD_NAMES))
    rng = random.Random(seed)
    for _ in range(moves):
        history.apply(choose_move(rng, history.game.legal_moves()))
    return history


# -- names with spaces and non-ASCII letters (every system) --------------------------------------------


def test_a_save_in_a_folder_with_spaces_and_non_ascii_letters_round_trips(tmp_path: Path) -> None:
    """Windows user folders often hold spaces and accents (C:\\Users\\Zoë Müller): saving and
    opening there must work like anywhere else."""
    history = _history(30)
    path = tmp_path / ODD_FOLDER / "Ærø – zweite Partie.arle.json"
    saves.save_history(path, history)
    loaded = saves.load_save(path)
    assert loaded.history.moves == history.moves
    assert fingerprint(loaded.game) == fingerprint(history.game)
    assert [p.name for p in loaded.game.state.players] == list(ODD_NAMES)


def test_autosave_and_resume_in_a_data_folder_with_spaces_and_non_ascii_letters(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The journal goes where the data folder is, whatever its name, and resumes from there."""
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path / ODD_FOLDER))
    history = GameHistory(Setup(players=1, seed=4, names=ODD_NAMES[:1]))
    saver = Autosaver(durable=False)
    assert saver.path == tmp_path / ODD_FOLDER / "autosave.arle-journal"
    rng = random.Random(4)
    for _ in range(25):
        history.apply(choose_move(rng, history.game.legal_moves()))
        saver.sync(history)
    resumed = find_unfinished()
    assert resumed is not None and resumed.moves == history.moves


def test_settings_in_a_config_folder_with_spaces_and_non_ascii_letters(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / ODD_FOLDER))
    wanted = settings.Settings(player_names=list(ODD_NAMES), last_directory=str(tmp_path / ODD_FOLDER))
    settings.save_settings(wanted)
    assert settings.settings_path().parent == tmp_path / ODD_FOLDER
    assert settings.read_settings() == (wanted, None)


def test_verify_prints_names_no_windows_code_page_has(tmp_path: Path) -> None:
    """Defect: on Windows, ``arle verify FILE | more`` crashed with UnicodeEncodeError, since a pipe
    there prints in the ANSI code page (cp1252) and the report holds the players' names. The
    headless commands print UTF-8 whatever the console's encoding (JSON is UTF-8, RFC 8259)."""
    path = tmp_path / ODD_FOLDER / "Spiel mit Ümlaut.arle.json"
    saves.save_history(path, _history(12))
    env = {**os.environ, "PYTHONIOENCODING": "cp1252", "PYTHONPATH": str(REPO)}
    env.pop("PYTHONUTF8", None)
    run = subprocess.run([sys.executable, "-m", "arle", "verify", str(path)],
                         cwd=REPO, env=env, capture_output=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr.decode("utf-8", "replace")
    report = json.loads(run.stdout.decode("utf-8"))
    assert [s["name"] for s in report["scores"]] == list(ODD_NAMES)


def test_opening_a_folder_says_it_is_a_folder_where_the_system_says_permission_denied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Defect: Windows refuses to open a folder with PermissionError, not IsADirectoryError, so
    choosing a folder as a save said "Permission denied". Simulated here on every system."""
    real_open = os.open

    def windows_open(path, *args, **kwargs):
        if os.path.isdir(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", windows_open)
    folder = tmp_path / ODD_FOLDER
    folder.mkdir()
    with pytest.raises(saves.SaveError, match="is a folder, not a save file"):
        saves.load_save(folder)


def test_the_self_test_leaves_the_players_folders_alone_where_xdg_means_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Defect: ``arle --self-test`` moved only the XDG folders aside, which Windows does not read:
    there it loaded and, on closing its window, rewrote the player's own settings.json. The
    ARLE_* overrides stand in here for the Windows folders, on every system."""
    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / "player config"))
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path / "player data"))
    private = tmp_path / "self-test"
    private.mkdir()
    with selftest._private_dirs(private):
        used = [settings.settings_path(), paths.saves_dir(), paths.autosave_path()]
    assert all(private in p.parents for p in used), used
    assert settings.settings_path().parent == tmp_path / "player config"  # restored afterwards


# -- line endings (every system) -----------------------------------------------------------------------


def test_saves_are_written_with_lf_line_endings_on_every_system(tmp_path: Path) -> None:
    """A save copied between Windows and Linux is the same file byte for byte (text mode would
    write CRLF on Windows)."""
    path = tmp_path / "g.arle.json"
    saves.save_history(path, _history(10))
    raw = path.read_bytes()
    assert b"\n" in raw and b"\r" not in raw


def test_the_autosave_journal_is_written_with_lf_line_endings_on_every_system(tmp_path: Path) -> None:
    """Defect: ``os.open`` opens in text mode on Windows unless told O_BINARY, so every appended
    journal line ended in CRLF there while the header ended in LF."""
    path = tmp_path / "auto.arle-journal"
    history = _history(0)
    saver = Autosaver(path, durable=False)
    saver.start(history)
    rng = random.Random(5)
    for _ in range(5):
        history.apply(choose_move(rng, history.game.legal_moves()))
        saver.sync(history)  # appends one line per move
    raw = path.read_bytes()
    assert raw.count(b"\n") == 6 and b"\r" not in raw


def test_a_save_with_crlf_line_endings_loads(tmp_path: Path) -> None:
    """A save opened and saved again by a Windows editor has CRLF line endings: still the same game."""
    history = _history(20)
    path = tmp_path / "edited.arle.json"
    saves.save_history(path, history)
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    assert saves.load_save(path).history.moves == history.moves


def test_an_autosave_journal_with_crlf_line_endings_resumes(tmp_path: Path) -> None:
    path = tmp_path / "auto.arle-journal"
    history = _history(0)
    saver = Autosaver(path, durable=False)
    rng = random.Random(6)
    for _ in range(15):
        history.apply(choose_move(rng, history.game.legal_moves()))
        saver.sync(history)
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    assert load_autosave(path).moves == history.moves


# -- Windows only --------------------------------------------------------------------------------------


@pytest.mark.windows_only("a file another program holds open can be replaced on POSIX")
def test_saving_over_a_file_another_program_holds_open_keeps_the_old_file(tmp_path: Path) -> None:
    """On Windows a file open in another program (an editor, a virus scanner) cannot be replaced
    until it is closed: the save is refused with the system's reason, the old file stays whole and
    no temporary file is left beside it."""
    path = tmp_path / ODD_FOLDER / "held.arle.json"
    saves.save_history(path, _history(5))
    before = path.read_bytes()
    with path.open("rb"), pytest.raises(OSError) as refused:  # Python opens without FILE_SHARE_DELETE
        saves.save_history(path, _history(9))
    assert refused.value.strerror
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == [path.name]
    saves.save_history(path, _history(9))  # closed again: saving works
    assert len(saves.load_save(path).history.moves) == 9


@pytest.mark.windows_only("the journal of a file held open elsewhere only matters where opens lock")
def test_the_autosave_keeps_appending_while_another_program_reads_the_journal(tmp_path: Path) -> None:
    """A backup tool or virus scanner reading the journal must not stop the autosave: appending
    shares the file, only replacing it would wait."""
    path = tmp_path / "auto.arle-journal"
    history = _history(0)
    saver = Autosaver(path, durable=False)
    saver.start(history)
    rng = random.Random(7)
    with path.open("rb"):
        for _ in range(10):
            history.apply(choose_move(rng, history.game.legal_moves()))
            saver.sync(history)
    assert load_autosave(path).moves == history.moves


@pytest.mark.windows_only("%LOCALAPPDATA% is where Windows keeps per-user application data")
def test_saves_and_settings_live_under_localappdata_on_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    """README: saves are in %LOCALAPPDATA%\\arle\\saves (not the roaming profile, which a domain
    copies at every logon)."""
    monkeypatch.delenv("ARLE_DATA_DIR", raising=False)
    monkeypatch.delenv("ARLE_CONFIG_DIR", raising=False)
    local = Path(os.environ["LOCALAPPDATA"])
    assert paths.saves_dir() == local / "arle" / "saves"
    assert paths.autosave_path().parent == local / "arle"
    assert settings.config_dir() == local / "arle"


# -- macOS and Linux -----------------------------------------------------------------------------------


@pytest.mark.skipif(sys.platform != "darwin", reason="macOS only: ~/Library/Application Support")
def test_saves_live_in_application_support_on_macos(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """README: ~/Library/Application Support/arle/saves on macOS."""
    for var in ("ARLE_DATA_DIR", "XDG_DATA_HOME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert paths.saves_dir() == tmp_path / "Library" / "Application Support" / "arle" / "saves"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only: the XDG data folder")
def test_saves_live_in_the_xdg_data_folder_on_linux(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """README: ~/.local/share/arle/saves on Linux, or under $XDG_DATA_HOME when it is set."""
    monkeypatch.delenv("ARLE_DATA_DIR", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert paths.saves_dir() == tmp_path / ".local" / "share" / "arle" / "saves"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / ODD_FOLDER))
    assert paths.saves_dir() == tmp_path / ODD_FOLDER / "arle" / "saves"


def test_a_minimal_linux_desktop_hears_what_to_install_instead_of_qts_abort(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 31: the first start on a minimal Linux desktop aborted with Qt's "Could not load the
    Qt platform plugin xcb" (libxcb-cursor0 missing). Arle looks first and says what to install."""
    import ctypes

    import arle.__main__ as entry

    real = ctypes.CDLL

    def without_cursor(name: str, *args: object, **kwargs: object) -> object:
        if name == "libxcb-cursor.so.0":
            raise OSError(f"{name}: cannot open shared object file")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr(ctypes, "CDLL", without_cursor)
    monkeypatch.setattr(entry, "XCB_LIBRARIES", (("libxcb-cursor.so.0", "libxcb-cursor0"),))
    monkeypatch.setattr(entry, "MESSAGE_PROGRAMS", ())
    assert entry.main([]) == 1
    err = capsys.readouterr().err
    assert err.strip() == ("Arle cannot open its window: this system lacks libraries Qt needs. On Debian "
                           "or Ubuntu, install them with: sudo apt install libxcb-cursor0")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")  # not X11: nothing to look for
    assert entry.missing_for_window() == []
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    assert entry.missing_for_window() == ["libxcb-cursor0"]


@pytest.mark.posix_only("the stand-in message program is a shell script")
def test_the_missing_library_message_is_shown_in_a_window_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 43: the message went to the terminal only, which a player who starts Arle from a
    menu never sees. Where the desktop has a program that shows a message (xmessage here), the
    same sentence is shown in its window; where none is found, the terminal alone says it."""
    import arle.__main__ as entry

    said = tmp_path / "said.txt"
    program = tmp_path / "xmessage"
    program.write_text(f'#!/bin/sh\nfor a in "$@"; do echo "$a" >> "{said}"; done\n')
    program.chmod(0o755)
    monkeypatch.setattr(entry, "missing_for_window", lambda: ["libxcb-cursor0"])
    monkeypatch.setenv("PATH", str(tmp_path))
    assert entry.main([]) == 1
    sentence = capsys.readouterr().err.strip()
    assert sentence.startswith("Arle cannot open its window") and sentence.endswith("libxcb-cursor0")
    shown = said.read_text().split("-title\nArle\n", 1)[1].splitlines()
    assert " ".join(shown) == sentence and max(map(len, shown)) <= 72  # (in lines a window shows)
    said.unlink()
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    assert entry.main([]) == 1
    assert capsys.readouterr().err.strip() == sentence and not said.exists()
