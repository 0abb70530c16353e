"""Issue 42 item 6: saves and settings. A save that is a symlink is written through; a read-only
save is refused in one sentence; a damaged settings file read twice is set aside once; a NaN, an
Infinity or a 5,000-digit number resets its own field only, in the right words; a journal schema
that is no number is not "written by a newer Arle"; the too-large sentence keeps the file's name."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from arle.files import save_format, saves
from arle.files.errors import NamedSaveError, SaveError
from arle.files.journal import Autosaver, resume
from arle.files.settings import Settings, read_settings
from arle.match.history import GameHistory
from tests.saves.helpers import full_game

POSIX = os.name == "posix"


def _history(moves: int) -> GameHistory:
    setup, all_moves = full_game(5, 2)
    return GameHistory(setup, all_moves[:moves])


@pytest.mark.skipif(not POSIX, reason="symlinks need privileges on Windows")
def test_saving_over_a_symlinked_save_writes_the_file_it_points_to(tmp_path: Path) -> None:
    synced = tmp_path / "synced"
    synced.mkdir()
    target = synced / "game.arle.json"
    saves.save_history(target, _history(10))
    link = tmp_path / "game.arle.json"
    link.symlink_to(target)
    saves.save_history(link, _history(20))
    assert link.is_symlink() and link.resolve() == target
    assert len(saves.load_save(target).history.moves) == 20
    assert [p.name for p in synced.iterdir()] == ["game.arle.json"]  # no temporary left behind


def test_a_read_only_save_is_refused_in_one_sentence_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "Kept.arle.json"
    saves.save_history(path, _history(10))
    path.chmod(0o444)
    before = path.read_bytes()
    try:
        with pytest.raises(NamedSaveError) as info:
            saves.save_history(path, _history(20))
        assert str(info.value) == ("Kept.arle.json is read-only, so it was left as it is: save the game "
                                   "under another name")
        assert path.read_bytes() == before and stat.S_IMODE(path.stat().st_mode) == 0o444
    finally:
        path.chmod(0o644)


def test_an_overwritten_save_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "g.arle.json"
    saves.save_history(path, _history(10))
    path.chmod(0o600)
    saves.save_history(path, _history(12))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_damaged_settings_file_read_twice_is_set_aside_once(tmp_path: Path) -> None:
    """The app reads the settings for the language, then the window reads them again."""
    path = tmp_path / "settings.json"
    path.write_text("{not json")
    for _ in range(3):
        _settings, warning = read_settings(path)
        assert warning is not None and "settings.json.damaged" in warning
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json", "settings.json.damaged"]


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "9" * 5000, "1e999"])
def test_a_number_no_setting_can_hold_resets_its_field_only(tmp_path: Path, number: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"player_names": ["Ada", "Bo"], "animations": "off", "zoom": ' + number + "}")
    settings, warning = read_settings(path)
    assert settings == Settings(player_names=["Ada", "Bo"], animations="off")
    assert warning is not None and "unusable zoom" in warning and "not valid JSON" not in warning


@pytest.mark.parametrize("schema", [True, "1", None, 0])
def test_a_journal_schema_that_is_no_number_is_not_from_a_newer_arle(tmp_path: Path, schema: object) -> None:
    path = tmp_path / "g.arle-journal"
    Autosaver(path, durable=False).start(_history(3))
    lines = path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["schema"] = schema
    path.write_text(json.dumps(header) + "\n" + "".join(lines[1:]))
    with pytest.raises(SaveError) as info:
        resume(path)
    assert "newer" not in str(info.value) and "no valid journal version" in str(info.value)


def test_the_too_large_sentence_keeps_the_file_name_as_it_is(tmp_path: Path) -> None:
    from arle.gui.shell.game_files import sentence  # the words the window shows; no window is made

    path = tmp_path / "big50mb.arle.json"
    with path.open("wb") as f:
        f.truncate(save_format.MAX_FILE_BYTES + 1)
    with pytest.raises(SaveError) as info:
        saves.load_save(path)
    assert sentence(info.value).startswith("big50mb.arle.json is too large for a save file")
