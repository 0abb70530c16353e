"""Issue 38 item 5: one ``Level`` record per level; the seats, the settings, New Game, the coach
and the arena take their lists from it."""

from __future__ import annotations

import attrs
import pytest

import arle.ai
import arle.ai.levels
from arle.ai import LEVEL_NAMES, LEVELS, Level, level
from arle.match import PERSON, SEAT_KINDS


def test_the_seat_kinds_are_a_person_then_the_level_records_names_in_order():
    """Issue 39: the match takes its seat kinds from the records (one list, not two)."""
    assert tuple(x.name for x in LEVELS) == LEVEL_NAMES
    assert (PERSON, *LEVEL_NAMES) == SEAT_KINDS


def test_a_level_is_found_by_name_and_an_unknown_one_is_refused_in_one_sentence():
    assert level("hard").name == "hard" and level("hard").solo is not None
    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        level("grandmaster")
    with pytest.raises(ValueError, match="unknown level"):
        arle.ai.players.effort("grandmaster")


def test_every_offered_level_says_what_it_is_like_and_searches_in_both_games():
    for x in arle.ai.levels.offered():
        assert x.label and x.about.endswith(".") and x.solo is not None and x.two_player is not None


def test_a_new_level_is_one_entry(monkeypatch, qtbot):
    """Add one Level record: the search, New Game's seat list and the coach's words follow it
    (the seat kinds follow the records' names when the module is loaded)."""
    from arle.gui.kit.level_words import level_name
    from arle.gui.shell.dialogs import NewGameDialog

    master = Level("master", "Master", "Thinks very long.", solo=level("hard").solo,
                   two_player=level("hard").two_player)
    monkeypatch.setattr(arle.ai.levels, "LEVELS", (*LEVELS, master))
    assert arle.ai.players.effort("master", 2) is level("hard").two_player
    assert level_name("master") == "Master"
    dialog = NewGameDialog(seats=("master", "person"))
    qtbot.addWidget(dialog)
    box = dialog.seat_boxes[0]
    assert [box.itemData(i) for i in range(box.count())] == [
        "person", *(x.name for x in LEVELS if x.offered), "master"]  # (a friend elsewhere: own choice)
    assert box.currentData() == "master"
    assert "Thinks very long." in dialog.level_note.text()


def test_the_records_are_frozen():
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        level("easy").label = "x"  # type: ignore[misc]


def test_the_start_pages_labels_are_the_records_labels():
    """The start page names levels before the engine is loaded (issue 42 item 7) from a table
    that must be the records' own."""
    from arle.gui.kit.level_words import labels

    assert {x.name: x.label for x in LEVELS} == labels()  # (English: no language installed)


def test_new_game_offers_expert_only_as_strong_as_it_measured():
    """Issue 50, "And the levels": a level New Game offers as stronger must be stronger. Expert
    won ``EXPERT_AGAINST_HARD`` (9 of 20 two-player games against Hard, seats swapped), short of
    12 of 20: its words, in English and in French, say it is about as strong as Hard, give the
    figure, and claim no strength over it."""
    from arle.ai.levels import EXPERT_AGAINST_HARD
    from arle.files.catalogues import load_language
    from arle.match.words.names import tr

    won, played = EXPERT_AGAINST_HARD
    assert won < 12 * played / 20  # (were it stronger, these words would have to change with it)
    english = level("expert").about
    french = tr(english, load_language("fr"))
    assert "about as strong" in english and f"{won} of {played}" in english
    assert "strongest" not in english and "stronger" not in english and "best" not in english
    assert "aussi fort" in french and f"{won} parties sur {played}" in french and french != english
    assert "meilleur" not in french and "plus fort" not in french
