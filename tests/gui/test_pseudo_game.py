"""Issue 32: the pseudo-locale shows that every text a player reads went through the catalogue.
A whole seeded game is played in the window in the pseudo-locale, and at every tenth move the
visible texts (labels, buttons, tabs, group titles, the log) are read: every word but the
players' names must be the pseudo-locale's ("[Plàçés~~ à~ Wõrkér~~]")."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QGroupBox,
    QLabel,
    QTabBar,
    QWidget,
)

from arle.commands.simulate import choose_move
from arle.engine import Setup
from arle.gui.shell.language import install_language, uninstall_language
from arle.gui.shell.main_window import MainWindow
from arle.match.history import GameHistory

NAMES = ("Anna", "Ben")


@pytest.fixture
def pseudo(qapp, monkeypatch, tmp_path):
    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path / "data"))
    installed = install_language(qapp, "pseudo", "en")
    yield
    uninstall_language(qapp, installed)


def _plain_words(text: str) -> list[str]:
    """The words of ``text`` the pseudo-locale did not write: it accents every a, e, i, o, u, c,
    n and y ("Wõrkér"), so a word that still has one came from outside the catalogue, even
    inside a bracketed sentence ("[Anna [is done]]"). HTML tags, entities and the players'
    names are left out."""
    text = re.sub(r"<[^<>]*>|&[a-zA-Z#0-9]+;", " ", text)
    for name in NAMES:
        text = text.replace(name, " ")
    return [w for w in re.findall(r"[^\W\d_]+", text) if re.search("[aeiouAEIOUcnyCNY]", w)]


def _visible_texts(window: MainWindow) -> list[str]:
    found: list[str] = []
    for w in window.findChildren(QWidget):
        if not w.isVisible():
            continue
        if isinstance(w, (QLabel, QAbstractButton)):
            found.append(w.text())
        elif isinstance(w, QGroupBox):
            found.append(w.title())
        elif isinstance(w, QTabBar):
            found += [w.tabText(i) for i in range(w.count())]
        elif isinstance(w, QGraphicsView) and w.scene() is not None:
            for item in w.scene().items():
                if isinstance(item, (QGraphicsSimpleTextItem, QGraphicsTextItem)) and item.isVisible():
                    found.append(item.toPlainText() if isinstance(item, QGraphicsTextItem) else item.text())
                if item.toolTip():
                    found.append(item.toolTip())
    assert window.shown is not None
    found += window.shown.page.log.texts()
    return [t for t in found if t]


def test_every_text_of_a_whole_game_in_the_pseudo_locale_went_through_the_catalogue(qtbot, pseudo):
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    window.life.install(GameHistory(Setup(players=2, seed=5, names=NAMES)))
    session, rng = window.shown.session, random.Random(5)
    assert session is not None
    leaks: dict[str, str] = {}
    moves = 0
    while not session.match.game.over:
        assert session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))
        moves += 1
        if moves % 10 == 0 or session.match.game.over:
            qtbot.wait(1)
            for text in _visible_texts(window):
                for plain in _plain_words(text):
                    leaks.setdefault(plain, text)
    assert moves > 150
    assert leaks == {}
