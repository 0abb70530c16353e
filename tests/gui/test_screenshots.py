"""``arle screenshot``: the command writes the main screens as real pictures of the asked size,
and never touches the player's settings or autosave."""

from __future__ import annotations

import os
from collections import Counter

import attrs
import pytest
from PySide6.QtGui import QImage

from arle.__main__ import main
from arle.commands.screenshot import MomentFinder, animals_on_dikes, dikes_moved, history_at, loaded_vehicles
from arle.engine.interpreter.events import InventoryEnded

EXPECTED = ["01-start.png", "02-new-game.png", "03-summer-work.png", "04-home-board.png", "05-barn.png",
            "06-scoring.png", "07-board-1280x720.png", "08-home-board-1280x720.png",
            "09-inventory-summary.png", "10-how-to-play.png", "11-guided-first-game.png",
            "12-final-scoring.png"]


def colour_spread(image: QImage, step: int = 7) -> tuple[int, float]:
    """(distinct colours, share of the most common one) over a grid of sampled pixels."""
    counts = Counter(
        image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)
    )
    return len(counts), counts.most_common(1)[0][1] / sum(counts.values())


@pytest.fixture
def user_dirs(tmp_path, monkeypatch):
    """Stand-ins for the player's own config and data folders: the command must leave them alone."""
    config, data = tmp_path / "user-config", tmp_path / "user-data"
    config.mkdir()
    data.mkdir()
    monkeypatch.setenv("ARLE_CONFIG_DIR", str(config))
    monkeypatch.setenv("ARLE_DATA_DIR", str(data))
    return config, data


def test_screenshot_command_writes_every_screen_at_the_asked_size(qtbot, tmp_path, user_dirs, capsys):
    out = tmp_path / "shots"
    assert main(["screenshot", "--out", str(out), "--size", "1280x800"]) == 0

    assert sorted(p.name for p in out.iterdir()) == EXPECTED
    assert capsys.readouterr().out.split() == [str(out / name) for name in EXPECTED]
    for name in EXPECTED:
        image = QImage(str(out / name))
        # the smallest screen the window fits (CHANGELOG) whatever --size asks
        expected = (1280, 720) if "1280x720" in name else (1280, 800)
        assert (image.width(), image.height()) == expected, name
        colours, top_share = colour_spread(image)
        assert colours >= 40, f"{name} has only {colours} colours: blank or nearly so"
        assert top_share < 0.85, f"{name} is {top_share:.0%} one colour"
    # The pictures differ from each other (each shows another screen).
    assert len({(out / n).read_bytes() for n in EXPECTED}) == len(EXPECTED)

    config, data = user_dirs
    assert list(config.iterdir()) == [] and list(data.iterdir()) == []
    assert os.environ["ARLE_CONFIG_DIR"] == str(config) and os.environ["ARLE_DATA_DIR"] == str(data)


def test_the_chosen_moments_show_what_the_pictures_are_about():
    finder = MomentFinder().find()
    _quality, home = finder.home
    game = history_at(home).game
    assert dikes_moved(game, home.player) >= 1 and animals_on_dikes(game, home.player) >= 1
    _quality, barn = finder.barn
    assert loaded_vehicles(history_at(barn).game, barn.player)[0] >= 2
    summer = history_at(finder.summer).game
    assert summer.state.season == "summer" and len(summer.state.occupied) >= 4
    assert history_at(finder.finished).game.over
    moment = finder.inventory
    before = history_at(attrs.evolve(moment, count=moment.count - 1))
    ended = before.apply(moment.played.moves[moment.count - 1])
    assert any(isinstance(e, InventoryEnded) and e.season == "november" for e in ended)


def test_a_bad_size_is_refused_with_a_usage_message(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["screenshot", "--out", "x", "--size", "huge"])
    assert stop.value.code == 2
    assert "WIDTHxHEIGHT" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--lang", "fr", "screenshot", "--out", "x"],
                                  ["--lang=fr", "screenshot", "--out", "x"],
                                  ["screenshot", "--lang", "fr", "--out", "x"]])
def test_the_language_option_works_before_or_after_the_command_word(monkeypatch, argv):
    """Issue 43 item 8: ``arle --lang fr screenshot`` failed (the options before the command
    word were parsed with the command's own, and ``--out`` was unknown)."""
    import arle.commands.screenshot as command

    asked = []
    monkeypatch.setattr(command, "render_all", lambda out, size, lang: asked.append(lang) or [])
    assert main(argv) == 0
    assert asked == ["fr"]


def test_the_language_option_before_a_command_without_one_is_refused_in_a_sentence(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "fr", "simulate"])
    assert stop.value.code == 2
    assert "'arle simulate' has no language" in capsys.readouterr().err
