"""Issue 39 item 4: the words of moves, the log and numbers are made without Qt
(``arle.match.words``), from a gettext ``Language``, in English and in French."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from arle.engine import Game, GoodsChanged, PlaceWorker, Setup, ToolAdvanced
from arle.files.catalogues import load_language
from arle.match import GameHistory, Match
from arle.match.words import Wording, entry_text, event_words, log_label, move_label, number

REPO = Path(__file__).resolve().parents[2]
FR = load_language("fr")
EN = load_language("en")


@pytest.mark.parametrize(("lang", "label", "log"), [
    (EN, "Place a Worker on Woodcutter (Summer)", "places a Worker on Woodcutter (Summer)"),
    (FR, "Placer un ouvrier sur l'action Bûcheron (été)", "place un ouvrier sur l'action Bûcheron (été)"),
])
def test_a_move_is_worded_for_its_button_and_the_log_in_the_language_given(lang, label, log):
    game = Game(Setup(players=2, seed=1))
    move = PlaceWorker("summer.woodcutter")
    assert move_label(game, move, lang) == label
    assert log_label(game, move, lang) == log
    assert Wording(lang).log_label(game, move) == log


def test_numbers_are_written_as_the_language_writes_them():
    """The scores: "7,5" in French (as Qt's French locale wrote them), "7.5" in English."""
    assert [number(x, FR) for x in (7.5, 12.0, -2.5, 1234.5)] == ["7,5", "12", "-2,5", "1\u202f234,5"]
    assert [number(x, EN) for x in (7.5, 12.0, -2.5, 1234.5)] == ["7.5", "12", "-2.5", "1234.5"]


def test_events_are_worded_in_the_language_given():
    assert event_words(GoodsChanged(0, "hide", 2, 5), FR) == "+2 peaux"
    assert event_words(GoodsChanged(0, "hide", -1, 5), EN) == "-1 Hide"
    assert event_words(ToolAdvanced(0, "fish_trap", 3), EN) == "3 Fish Traps now"
    assert event_words(ToolAdvanced(0, "fish_trap", 3), FR) == "3 pièges à poissons"  # (issue 43)


def test_a_log_entry_names_its_player_and_what_the_move_did():
    history = GameHistory(Setup(players=2, seed=7, names=("Anna", "Élodie")))
    match = Match(history, words=Wording(FR).log_label)
    match.apply(PlaceWorker("summer.woodcutter"))
    assert entry_text(match.log, 0, ("Anna", "Élodie"), FR) == \
        "Anna place un ouvrier sur l'action Bûcheron (été) — +3 bois"


def test_simulate_prints_a_french_log_without_qt():
    """``arle simulate --seed 7 --log --lang fr``: the game log in French, PySide6 never loaded."""
    code = ("import sys; from arle.__main__ import main; "
            "rc = main(['simulate', '--seed', '7', '--games', '1', '--log', '--lang', 'fr']); "
            "print('QT', [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]); "
            "sys.exit(rc)")
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                            timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1] == "QT []"
    assert lines[0] == "Joueur 1 place un ouvrier sur l'action Bûcheron (été) — +3 bois"
    assert any(line.startswith("Inventaire de Joueur 2 — ") for line in lines)
    assert '"seed": 7' in lines[-2]
