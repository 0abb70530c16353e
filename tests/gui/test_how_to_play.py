"""Help > How to play (issue 13): the rules of the base game in the app's words (overview, a
half-year, the work phase, inventorying, scoring), with the app's pictures, in English and in
French (the French rulebook's terms), opened from the Help menu, from the start page, from a
``howto:`` link and by the shortcut the action spaces' tooltips name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from arle.engine import Language
from arle.gui.kit import texts
from arle.gui.shell import how_to_play
from arle.gui.shell.how_to_play import SECTIONS, HowToPlay, open_link, page_path
from arle.gui.shell.main_window import MainWindow, new_setup
from arle.match.history import GameHistory
from tests.gui.scene_helpers import open_main_window


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    return open_main_window(qtbot, monkeypatch, tmp_path, (1280, 720))


def _dialog(w: MainWindow) -> HowToPlay:
    dialog = w.findChild(HowToPlay)
    assert dialog is not None and dialog.isVisible()
    return dialog


@pytest.mark.parametrize("code", ["en", "fr"])
def test_each_section_is_there_with_a_heading_and_the_pictures_exist(code):
    path = Path(page_path(code))
    assert path.name == f"how_to_play.{code}.html"
    page = path.read_text(encoding="utf-8")
    for section in SECTIONS:
        assert re.search(rf'<a name="{section}"></a>\s*<h2>', page), section
        assert f'href="#{section}"' in page, section  # the contents line links to it
    pictures = re.findall(r'<img src="([^"]+)"', page)
    assert len(pictures) >= 10
    for src in pictures:
        assert (path.parent / src).is_file(), src


def test_the_page_follows_the_windows_language():
    try:
        texts.set_language(Language(code="fr"))
        assert page_path().endswith("how_to_play.fr.html")
        texts.set_language(Language(code="de"))  # no German page: English
        assert page_path().endswith("how_to_play.en.html")
    finally:
        texts.set_language(texts.ENGLISH)


def test_opens_from_the_help_menu_with_every_section_shown(qtbot, window):
    titles = [a.text() for a in window.menuBar().actions()]
    help_menu = window.menuBar().actions()[titles.index("&Help")].menu()
    assert window.menus.how_to in help_menu.actions()
    window.menus.how_to.trigger()
    dialog = _dialog(window)
    text = dialog.browser.document().toPlainText()
    for heading in ("The aim", "A half-year", "The work phase", "Inventorying", "Scoring"):
        assert heading in text
    assert dialog.section == "overview"  # nothing is being played


def test_opens_from_the_start_page(qtbot, window):
    qtbot.mouseClick(window.start_page.how_to_button, Qt.MouseButton.LeftButton)
    assert _dialog(window).section == "overview"


def test_a_howto_link_opens_its_section_scrolled_to_it(qtbot, window):
    assert open_link(window, "howto:scoring")
    dialog = _dialog(window)
    qtbot.waitUntil(lambda: dialog.browser.verticalScrollBar().value() > 0)
    assert dialog.section == "scoring"
    scoring_at = dialog.browser.verticalScrollBar().value()
    open_link(window, "howto:half-year")
    assert window.findChildren(HowToPlay) == [dialog]  # one window, brought forward
    assert dialog.browser.verticalScrollBar().value() < scoring_at
    assert not open_link(window, "https://example.org")


def test_the_action_space_tooltip_names_the_shortcut_that_opens_the_work_phase(qtbot, window):
    window.life.install(GameHistory(new_setup(1, 3)))
    tooltip = window.shown.page.board_scene.spaces["summer.colonist"].toolTip()
    assert "Shift+F1" in tooltip and "How to play" in tooltip
    assert window.menus.how_to.shortcut().toString() == "Shift+F1"
    window.menus.how_to.trigger()
    assert _dialog(window).section == how_to_play.section_for(window.shown.session.match.game) == "work-phase"


@pytest.mark.parametrize(("code", "computer", "two"), [
    ("en", "against the computer", "unless friendly undo was chosen"),
    ("fr", "contre l'ordinateur", "sauf si l'annulation amicale a été choisie"),
])
def test_the_undo_line_says_the_policy_against_the_computer_and_with_friendly_undo(code, computer, two):
    """Issue 43: the undo line said "any number alone, your own moves in a two-player game",
    which is wrong for a game against the computer (GameHistory.unlimited: every move, each undo
    back to the person's previous decision) and for friendly undo."""
    from arle.match.history import GameHistory as History

    page = Path(page_path(code)).read_text(encoding="utf-8")
    line = next(li for li in re.findall(r"<li>(.*?)</li>", page, re.S) if "Ctrl+Z" in li)
    assert computer in line and two in " ".join(line.split())
    assert History(new_setup(2, 3), seats=("person", "easy")).unlimited  # (what the line says)
