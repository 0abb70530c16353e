"""Issue 33, items 6 and 7: each smaller way a file lost something or leaked Python's words, and
the tests a mutation sample found missing (fsync of an append, its cut-back, a save one schema
version too new)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from arle.engine import Setup
from arle.engine.interpreter.moves import SkipPlacement
from arle.files import saves
from arle.files.errors import NamedSaveError, SaveError
from arle.files.journal import Autosaver, listener, resume
from arle.files.settings import read_settings
from arle.files.stats import GameRecord, read_stats, record_game
from arle.match.history import GameHistory
from tests.saves.helpers import full_game


def _save_data() -> dict:
    setup, moves = full_game(5, 2)
    history = GameHistory(setup, moves[:30])
    return saves.save_dict(history.setup, history.moves, history.game)


# -- settings ---------------------------------------------------------------------------------------------


def test_a_settings_key_given_twice_keeps_every_setting_and_sets_the_file_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    text = '{"player_names": ["Zoé", "Ben"], "language": "fr", "zoom": 1.5, "language": "en"}'
    path.write_text(text, encoding="utf-8")
    settings, warning = read_settings(path)
    assert (settings.player_names, settings.language, settings.zoom) == (["Zoé", "Ben"], "en", 1.5)
    assert warning is not None and "gives language twice; the last one is used" in warning
    assert "kept as settings.json.damaged" in warning
    assert (tmp_path / "settings.json.damaged").read_text(encoding="utf-8") == text


def test_a_settings_file_that_is_not_json_is_kept_aside_before_it_is_written_again(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"language": "fr", ', encoding="utf-8")
    settings, warning = read_settings(path)
    assert settings.language == "system" and warning is not None and "settings.json.damaged" in warning
    assert (tmp_path / "settings.json.damaged").read_text() == '{"language": "fr", '


def test_an_unknown_language_in_the_settings_is_not_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"language": "xx", "zoom": 1.25}')
    settings, warning = read_settings(path)
    assert (settings.language, settings.zoom) == ("system", 1.25)
    assert warning is not None and "unusable language" in warning


def test_a_number_of_5000_digits_is_refused_in_words_not_pythons(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"zoom": ' + "9" * 5000 + "}")
    settings, warning = read_settings(path)
    assert settings.zoom == 1.0 and warning is not None and "set_int_max_str_digits" not in warning
    data = _save_data()
    text = json.dumps(data).replace('"seed": 5', '"seed": ' + "7" * 5000)
    with pytest.raises(SaveError) as info:
        saves.loads(text, name="big.arle.json")
    assert str(info.value) == "big.arle.json is not an Arle save: a number in it has 5,000 digits"


def test_nan_in_a_save_is_refused() -> None:
    text = json.dumps(_save_data()).replace('"seed": 5', '"seed": NaN')
    with pytest.raises(SaveError, match="it holds NaN, which is not a number JSON allows"):
        saves.loads(text)


# -- saves ------------------------------------------------------------------------------------------------


def test_a_save_claiming_schema_1_is_checked_as_strictly_as_schema_1_allows() -> None:
    """A schema 2 save with tampered moves, relabelled schema 1, skipped the final-state check."""
    data = _save_data()
    data["moves"] = data["moves"][:-1]
    with pytest.raises(SaveError, match="does not give the saved final state"):
        saves.loads(json.dumps(data))
    data["schema"] = 1
    with pytest.raises(SaveError, match="claims save format version 1 but holds app_version, final, options"):
        saves.loads(json.dumps(data), name="old.arle.json")
    real_v1 = {k: data[k] for k in ("format", "schema", "setup", "moves")}
    assert len(saves.loads(json.dumps(real_v1)).history.moves) == 29


def test_a_schema_2_save_without_its_final_state_is_refused() -> None:
    data = _save_data()
    del data["final"]
    with pytest.raises(SaveError, match="lacks final, which save format version 2 requires"):
        saves.loads(json.dumps(data))
    data["final"] = None
    with pytest.raises(SaveError, match="has no final state record, which save format version 2 requires"):
        saves.loads(json.dumps(data))


def test_a_save_one_schema_version_too_new_is_refused() -> None:
    data = _save_data()
    data["schema"] = saves.SCHEMA + 1
    newer = f"save format version {saves.SCHEMA + 1}, newer than this Arle reads"
    with pytest.raises(SaveError, match=newer):
        saves.loads(json.dumps(data))


def test_a_save_beginning_with_a_bom_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.arle.json"
    path.write_bytes(b"\xef\xbb\xbf" + saves.dumps(_save_data()).encode("utf-8"))
    assert len(saves.load_save(path).history.moves) == 30


def test_a_sentence_that_begins_with_a_file_name_keeps_its_case(tmp_path: Path) -> None:
    from arle.gui.shell.game_files import sentence  # the words the window shows; no window is made

    with pytest.raises(NamedSaveError) as info:
        saves.load_save(tmp_path / "cases" / "fifo.arle.json")
    assert sentence(info.value) == f"{tmp_path}/cases/fifo.arle.json does not exist."
    assert sentence(SaveError("the save has no move list")) == "The save has no move list."


# -- statistics -----------------------------------------------------------------------------------------


def test_a_lone_surrogate_name_is_recorded_repaired_not_refused(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    assert record_game("k", GameRecord(("\ud800x", "Ben"), (50.0, 40.0), 0), path)
    games, warning = read_stats(path)
    assert warning is None and games["k"].names == ("\ufffdx", "Ben")


# -- the journal's writes (item 7) --------------------------------------------------------------------------


def _saver(tmp_path: Path) -> tuple[Autosaver, GameHistory]:
    history = GameHistory(Setup(players=2, seed=4, start_player=0), [SkipPlacement()] * 2)
    saver = Autosaver(tmp_path / "g.arle-journal")
    saver.start(history)
    return saver, history


def test_each_append_to_the_journal_is_fsynced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saver, history = _saver(tmp_path)
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(listener.os, "fsync", lambda fd: synced.append(fd) or real(fd))
    history.apply(SkipPlacement())
    saver.sync(history)
    assert len(synced) == 1
    saver.close()


def test_a_failed_fsync_cuts_the_append_back_and_the_next_sync_catches_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saver, history = _saver(tmp_path)
    before = saver.path.read_bytes()
    real = os.fsync
    calls = [0]

    def failing_once(fd: int) -> None:
        calls[0] += 1
        if calls[0] == 1:
            raise OSError(5, "Input/output error")
        real(fd)

    monkeypatch.setattr(listener.os, "fsync", failing_once)
    history.apply(SkipPlacement())
    with pytest.raises(OSError):
        saver.sync(history)
    assert saver.path.read_bytes() == before  # cut back to the last whole line
    history.apply(SkipPlacement())
    saver.sync(history)
    assert resume(saver.path).history.moves == [SkipPlacement()] * 4
    saver.close()


def test_the_fallback_to_the_moves_before_damage_keeps_all_of_them(tmp_path: Path) -> None:
    """A damaged line, then an undo record and a move that does not replay: the moves before the
    damage (2) replay further than the line of play after it (1), and are kept, all of them."""
    path = tmp_path / "g.arle-journal"
    saver = Autosaver(path)
    saver.start(GameHistory(Setup(players=2, seed=4, start_player=0), [SkipPlacement()] * 2))
    saver.close()
    with path.open("ab") as f:
        f.write(b'#cut#\n{"len":1}\n{"n":2,"move":{"type":"PlaceWorker","space":"x"}}\n')
    resumed = resume(path)
    assert resumed.history.moves == [SkipPlacement()] * 2
    assert resumed.note == "Line 4 of the autosave was damaged and skipped; all 2 moves were recovered."
