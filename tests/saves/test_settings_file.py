"""Issue 4, "Settings": preferences persist in a JSON file under the platform config directory;
a corrupt file falls back to defaults with a warning and never stops the app."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import platformdirs
import pytest

from arle.files.settings import Settings, load_settings, read_settings, save_settings, settings_path


def test_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    mine = Settings(player_names=["Ada", "Bo"], player_colours=["#112233", "#aabbcc"],
                    window_geometry="AdnQywADAAAAAA==", last_directory="/home/ada/games", language="fr",
                    friendly_undo=True)
    save_settings(mine, path)
    assert read_settings(path) == (mine, None)
    assert json.loads(path.read_text())["player_names"] == ["Ada", "Bo"]


def test_missing_file_gives_defaults_silently(tmp_path: Path) -> None:
    assert read_settings(tmp_path / "none.json") == (Settings(), None)


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00", b"[1, 2]", b"", b"[" * 5000])
def test_corrupt_file_falls_back_to_defaults_with_a_warning(
    tmp_path: Path, content: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="arle.files.settings"):
        settings, warning = read_settings(path)
    assert settings == Settings()
    assert warning is not None and "using the defaults" in warning
    assert warning in caplog.text


def test_a_bad_field_falls_back_alone(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"player_names": ["Ada", "Bo"], "player_colours": ["red", 3],
                                "friendly_undo": "yes", "future_option": 1}))
    settings, warning = read_settings(path)
    assert settings.player_names == ["Ada", "Bo"]
    assert settings.player_colours == Settings().player_colours
    assert settings.friendly_undo is False
    assert warning is not None and "player_colours, friendly_undo" in warning
    assert load_settings(path) == settings


def test_location_is_the_platform_config_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ARLE_CONFIG_DIR", raising=False)
    assert settings_path() == Path(platformdirs.user_config_dir("arle", appauthor=False)) / "settings.json"
    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path))
    save_settings(Settings(language="fr"))
    assert load_settings().language == "fr"


# -- the Settings dialog's keys (issue 13) -------------------------------------------------------------------

PLAY_SETTINGS = {"computer_pace": "instant", "animations": "fast", "confirm_end_turn": True,
                 "auto_pay": True, "cut_all_peat": True, "zoom": 1.25}


def test_each_play_setting_round_trips(tmp_path: Path) -> None:
    """Issue 13: every key of the Settings dialog is kept as chosen."""
    path = tmp_path / "settings.json"
    mine = Settings(**PLAY_SETTINGS)
    save_settings(mine, path)
    assert read_settings(path) == (mine, None)
    assert {k: json.loads(path.read_text())[k] for k in PLAY_SETTINGS} == PLAY_SETTINGS


@pytest.mark.parametrize(("key", "bad"), [
    ("computer_pace", "warp"), ("computer_pace", 2), ("animations", "ON"), ("animations", None),
    ("confirm_end_turn", "yes"), ("auto_pay", 1), ("cut_all_peat", []),
    ("zoom", True), ("zoom", "1.5"), ("zoom", 0.1), ("zoom", 1e308), ("zoom", -1),
])
def test_a_corrupt_play_setting_gives_its_default_and_a_warning(tmp_path: Path, key: str,
                                                                bad: object) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({**PLAY_SETTINGS, key: bad}))
    settings, warning = read_settings(path)
    assert getattr(settings, key) == getattr(Settings(), key)
    assert warning is not None and key in warning
    others = {k: v for k, v in PLAY_SETTINGS.items() if k != key}
    assert {k: getattr(settings, k) for k in others} == others


def test_a_whole_number_zoom_reads_as_a_float(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"zoom": 2}))
    settings, warning = read_settings(path)
    assert warning is None and settings.zoom == 2.0 and isinstance(settings.zoom, float)


def test_computer_pace_is_kept_and_an_unknown_pace_falls_back_to_normal(tmp_path: Path) -> None:
    """Issue 11: the setting ``computer_pace`` (slow / normal / instant)."""
    path = tmp_path / "settings.json"
    save_settings(Settings(computer_pace="instant"), path)
    assert read_settings(path)[0].computer_pace == "instant"
    path.write_text(json.dumps({"computer_pace": "warp"}))
    settings, warning = read_settings(path)
    assert settings.computer_pace == "normal"
    assert warning is not None and "computer_pace" in warning


def test_the_seats_chosen_in_new_game_round_trip_and_an_unknown_seat_is_not_kept(tmp_path: Path) -> None:
    """Issue 31: New Game remembers who played each seat (and how many players)."""
    path = tmp_path / "settings.json"
    save_settings(Settings(player_seats=["easy", "hard"], players=1), path)
    assert read_settings(path) == (Settings(player_seats=["easy", "hard"], players=1), None)
    path.write_text('{"player_seats": ["person", "grandmaster"], "players": 3}')
    settings, warning = read_settings(path)
    assert (settings.player_seats, settings.players) == (["person", "person"], 2) and warning is not None
