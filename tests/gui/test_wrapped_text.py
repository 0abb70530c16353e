"""The side panel's changing texts (``WrappedText``) look and measure as a word-wrapped label,
and ask for a new layout only when their height changes (issue 15: every new prompt laid the
side panel out again and measured its words two or three times)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from arle.commands.simulate import choose_move
from arle.gui.kit.wrapped_text import WrappedText
from arle.gui.shell.main_window import MainWindow, new_setup
from arle.match.history import GameHistory

TEXTS = [
    "Player 2: place a Worker",
    "Drag your next Worker from the month track onto a glowing action space (or click the space).",
    "Choose which of your Animals to house: the Stable holds three, the Stall one more.",
    "Ein Wort",
]


@pytest.fixture
def pair(qtbot) -> tuple[QLabel, WrappedText]:
    """A word-wrapped label and the widget that stands for it, in one font and colour."""
    label, text = QLabel(), WrappedText()
    label.setWordWrap(True)
    font = QFont(label.font())
    font.setPixelSize(14)
    for widget in (label, text):
        qtbot.addWidget(widget)
        widget.setFont(font)
        widget.setStyleSheet("color: #35523f;")
    return label, text


@pytest.mark.parametrize("width", [80, 200, 352, 362, 600])
def test_the_height_for_a_width_is_a_word_wrapped_labels(pair, width):
    label, text = pair
    for words in TEXTS:
        label.setText(words)
        text.setText(words)
        assert text.heightForWidth(width) == label.heightForWidth(width), (words, width)


def test_the_words_are_drawn_as_a_word_wrapped_label_draws_them(pair):
    label, text = pair
    for words in TEXTS:
        label.setText(words)
        text.setText(words)
        for widget in (label, text):
            widget.resize(300, label.heightForWidth(300))
        assert text.grab().toImage() == label.grab().toImage(), words


class _Requests(QObject):
    """Counts the layout requests a widget receives."""

    def __init__(self, watched: QWidget) -> None:
        super().__init__()
        self.count = 0
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def test_a_new_text_asks_for_a_new_layout_only_when_its_height_changes(qtbot):
    holder = QWidget()
    qtbot.addWidget(holder)
    text = WrappedText("Player 1: place a Worker")
    lay = QVBoxLayout(holder)
    lay.addWidget(text)
    lay.addStretch(1)
    holder.resize(300, 200)
    holder.show()
    qtbot.waitExposed(holder)
    qtbot.wait(10)  # (the first layout)
    requests = _Requests(holder)
    one_line = text.height()

    text.setText("Player 2: place a Worker")  # one line as before
    qtbot.wait(10)
    assert requests.count == 0
    assert text.height() == one_line

    text.setText(TEXTS[1])  # three lines at 300 px
    qtbot.waitUntil(lambda: text.height() > one_line)
    assert requests.count == 1
    assert text.height() == text.heightForWidth(text.width()) >= 2 * one_line


def test_the_banner_and_the_decision_show_what_the_game_asks_over_a_game(qtbot):
    """Over the moves of a game the banner's prompt and the decision's hint hold the session's
    words, at the height those words need in the side panel's width."""
    from arle.gui.kit.texts import say
    from arle.gui.side.panels import drag_hint

    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    window.life.install(GameHistory(new_setup(2, 11)))
    session, page, rng = window.shown.session, window.shown.page, random.Random(11)
    for _ in range(40):
        assert session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))
        qtbot.waitUntil(lambda: not page.one_paint.pending)
        QApplication.processEvents()
        assert page.banner.prompt.text() == say(session.match.game.prompt())
        assert page.decision.hint.text() == drag_hint(session)
        title = page.banner.title
        assert title.height() >= title.heightForWidth(title.width()), title.text()  # (beside the piece)
        for words in (page.banner.prompt, page.decision.hint):
            if words.isVisible():
                assert words.height() == words.heightForWidth(words.width()), words.text()


def test_words_shown_again_are_blitted_from_the_picture_they_were_drawn_into(pair):
    """The prompts come back move after move: each text is drawn once into a picture."""
    _, text = pair
    text.resize(300, 60)
    first: dict[str, int] = {}
    for words in [TEXTS[0], TEXTS[1], TEXTS[0], TEXTS[1], TEXTS[0]]:
        text.setText(words)
        text.grab()
        pictures = {key[0]: picture.cacheKey() for key, picture in text._pictures.items()}
        assert first.setdefault(words, pictures[words]) == pictures[words]
    assert len(text._pictures) == 2
