"""The decision panel's buttons: in the order of the moves, the default one marked, Tab going
through them in that order, and each button keeping its style once made (issue 15: a button
given another role was styled again, 0.2 ms, in one move of two)."""

from __future__ import annotations

import itertools
import random

import pytest
from PySide6.QtWidgets import QApplication, QPushButton

from arle.commands.driver import settle
from arle.commands.simulate import choose_move
from arle.engine import Setup
from arle.engine.content.buildings import BUILDINGS
from arle.engine.interpreter.moves import Choose, Done, EndTurn, SkipPlacement
from arle.gui.kit import style
from arle.gui.shell.main_window import MainWindow, new_setup
from arle.gui.side.panels import BUTTON_MOVES, BUTTON_TEXT_WIDTH, default_move
from arle.match.change import Change
from arle.match.history import GameHistory
from tests.gui.scene_helpers import channels_apart


@pytest.fixture
def window(qtbot) -> MainWindow:
    w = MainWindow(autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    return w


def check_buttons(window: MainWindow, roles: dict[int, str]) -> None:
    """The panel shows the session's button moves, in order, as a player sees them."""
    session, panel = window.shown.session, window.shown.page.decision
    shown = [m for m in session.match.legal_moves() if isinstance(m, BUTTON_MOVES)]
    default = default_move(shown)
    assert [panel.button_moves[b] for b in panel.buttons] == shown
    hint = window.shown.page.coach_bar.button  # (in the panel's title row)
    visible = [b for b in panel.findChildren(QPushButton) if b.isVisible() and b is not hint]
    assert sorted(visible, key=lambda b: b.y()) == panel.buttons  # top to bottom, none other
    for b in panel.buttons:
        move = panel.button_moves[b]
        assert b.text().replace("\n", " ") == style.move_label(session.match.game, move)  # (long: 2 lines)
        room = max(BUTTON_TEXT_WIDTH, panel.contentsRect().width() - 32)  # (margins, border, padding)
        assert all(b.fontMetrics().horizontalAdvance(line) <= room for line in b.text().split("\n"))
        role = "defaultButton" if move == default else \
            "skipButton" if isinstance(move, SkipPlacement) else "choiceButton"
        assert b.objectName() == role
        assert b.isDefault() == (role == "defaultButton")
        assert roles.setdefault(id(b), role) == role  # a button keeps the role it was made for
    for before, after in itertools.pairwise([*panel.buttons, panel.more]):
        assert before.nextInFocusChain() is after


def test_the_buttons_follow_the_moves_in_order_and_keep_their_style(window, monkeypatch):
    """Decisions whose default changes place (a choice first, then Done alone, then Skip
    beside it) are shown in the moves' order, by buttons that keep their style."""
    window.life.install(GameHistory(new_setup(1, 2)))
    session = window.shown.session
    names = sorted(BUILDINGS)[:3]
    decisions = [
        [Choose(names[0]), Choose(names[1]), Done()],
        [Done()],
        [SkipPlacement(), EndTurn()],
        [Choose(names[2]), Done(), SkipPlacement()],
        [SkipPlacement(), Choose(names[0]), Choose(names[1]), Choose(names[2])],
        [],
        [Choose(names[1]), Done()],
    ]
    roles: dict[int, str] = {}
    for moves in decisions:
        monkeypatch.setattr(session.match, "legal_moves", lambda moves=moves: list(moves))
        session.changed.emit(Change("redo", [], 0))
        settle()
        check_buttons(window, roles)
    assert len(window.shown.page.decision.buttons) == 2


def test_the_buttons_over_a_game(window):
    window.life.install(GameHistory(new_setup(2, 8)))
    session, rng, roles = window.shown.session, random.Random(8), {}
    for _ in range(80):
        assert session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))
        settle()
        check_buttons(window, roles)


def test_the_buttons_are_painted_from_pictures_that_show_what_qt_paints(window, qtbot, monkeypatch):
    """Issue 15: a style-sheet button cost 0.3-0.6 ms a paint, in most moves (the panel around
    it changed). Each look (words, size, role, state) is painted by Qt once, then blitted from
    its picture, which shows what Qt paints; words not seen before are painted by Qt."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QCursor
    from PySide6.QtWidgets import QApplication, QToolButton

    from arle.gui.kit.looks import BUTTON_PICTURES, KEEP_AFTER_MS, PicturedButton, button_look

    window.life.install(GameHistory(new_setup(1, 2)))
    session, panel = window.shown.session, window.shown.page.decision
    QCursor.setPos(window.mapToGlobal(QPoint(5, window.height() - 5)))  # (no button hovered)
    qt_paints: list[bool] = []  # each time Qt painted a button: whether its look had a picture
    original = QPushButton.paintEvent
    monkeypatch.setattr(QPushButton, "paintEvent", lambda self, e: (
        qt_paints.append(button_look(self) in BUTTON_PICTURES)
        if isinstance(self, PicturedButton) and not self.looks.rendering else None,
        original(self, e)))
    decisions = [[Done()], [SkipPlacement(), EndTurn()], [Done()], [SkipPlacement(), EndTurn()]]
    for moves in decisions:
        monkeypatch.setattr(session.match, "legal_moves", lambda moves=moves: list(moves))
        session.changed.emit(Change("redo", [], 0))
        settle()
        window.repaint()
        qtbot.wait(2 * KEEP_AFTER_MS)  # (the pictures are taken a moment after)
    assert qt_paints and not any(qt_paints)  # Qt painted the first two decisions' looks only
    assert len(qt_paints) == 3  # Done (the default), Skip, End turn (the default)
    for button in [*panel.buttons, panel.more]:
        assert button_look(button) in button.looks.pictures, button.text()
        shown = button.grab().toImage()
        button.looks.rendering = True  # (as Qt paints it)
        own = button.grab().toImage()
        button.looks.rendering = False
        assert channels_apart(shown, own) <= 2, button.text()  # (a rounded edge's blending)
    assert isinstance(panel.more, QToolButton)
    # new words: painted by Qt, not from the picture of other words
    monkeypatch.setattr(session.match, "legal_moves", lambda: [Choose(sorted(BUILDINGS)[0]), Done()])
    session.changed.emit(Change("redo", [], 0))
    settle()
    window.repaint()
    QApplication.processEvents()
    assert qt_paints[-1] is False and panel.buttons[0].text() in {
        style.move_label(session.match.game, Choose(sorted(BUILDINGS)[0]))}


def test_a_long_label_goes_on_two_lines_instead_of_past_the_side_panel():
    """Issue 31: a French building button ("...1 matériau de con") was wider than the side panel
    and cut at its edge; a label wider than ``BUTTON_TEXT_WIDTH`` wraps at a space."""
    from arle.gui.side.panels import wrapped

    def advance(text: str) -> int:
        return 7 * len(text)  # a monospace font of 7 px

    label = "Atelier du charpentier (1 PV) : 1 matériau de construction, 1 nourriture"
    lines = wrapped(label, advance, 280).split("\n")
    assert lines == ["Atelier du charpentier (1 PV) : 1", "matériau de construction, 1 nourriture"]
    assert all(advance(line) <= 280 for line in lines)
    assert wrapped("Pay Sustenance", advance, 280) == "Pay Sustenance"


def test_a_choice_of_buildings_fits_the_side_panel_in_a_window_resized_after_the_game_opened(qtbot):
    """Issue 43 item 5: the list of buildings in the side panel was cut off: a game opened
    before the window had its size (a real window is framed and placed after it is shown) kept
    its one-line French labels, and the buttons made the decision panel wider than its scroll
    area (511 px in 364). The labels now follow the panel's width: every button lies within
    the scroll area's view and every line within its button."""
    from arle.gui.shell.language import install_language, uninstall_language

    app = QApplication.instance()
    installed = install_language(app, "fr", "fr")
    try:
        history = GameHistory(Setup(players=2, seed=6, names=("Anna", "Ben"), start_player=0))
        rng = random.Random(3)
        while not (type(history.game.decision).__name__ == "ChooseBuildingDecision"
                   and len(history.game.decision_moves()) >= 10):  # (the 163rd move in 2026-11)
            assert not history.game.over
            history.apply(choose_move(rng, history.game.legal_moves(), history.game))
        w = MainWindow(autosave=False)
        qtbot.addWidget(w)
        w.show()
        w.life.install(history)
        settle()
        w.resize(1280, 680)
        settle()
        panel, view = w.shown.page.decision, w.shown.page.decision_scroll.viewport()
        assert len(panel.buttons) >= 10
        assert panel.width() <= view.width()
        for b in panel.buttons:
            lines = b.text().split("\n")
            assert b.geometry().right() < view.width()
            assert max(b.fontMetrics().horizontalAdvance(line) for line in lines) <= b.width() - 16, lines
        assert any("\n" in b.text() for b in panel.buttons)  # (long labels take two lines)
    finally:
        uninstall_language(app, installed)


def test_the_decision_buttons_stay_where_they_are_from_one_decision_to_the_next(qtbot):
    """Issue 43: the side panel's buttons shifted under the mouse: the default button was 4 px
    taller than a choice and 8 px taller than Skip, so a button moved when the default changed;
    and the hint above them took one line more or less from one decision to the next. Every
    one-line button is now as tall as the others, and the first one is always right under the
    panel's title row (the hint comes under the buttons)."""
    w = MainWindow(autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 680)
    w.show()
    w.life.install(GameHistory(new_setup(2, 5)))
    session, panel, rng = w.shown.session, w.shown.page.decision, random.Random(3)
    heights, tops, hints = set(), set(), set()
    for _ in range(150):
        if session.match.game.over:
            break
        settle()
        for b in panel.buttons:
            if "\n" not in b.text():
                heights.add(b.height())
        if panel.buttons:
            tops.add(panel.buttons[0].y())
        hints.add(panel.hint.height() if panel.hint.isVisible() else 0)
        assert session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))
    assert len(hints) >= 2  # (the hint did change height)
    assert len(heights) == 1, heights
    assert len(tops) == 1, tops


def test_the_default_button_does_not_look_like_the_hint(window):
    """Issue 50 item 4: the first button of every choice (the one Enter presses) was filled green,
    so it looked like the coach's suggestion. It keeps its role (bold, Enter) but the same
    background and border as the other choices; only the Hint marks a button."""
    window.life.install(GameHistory(new_setup(2, 3)))
    panel = window.shown.page.decision
    rng = random.Random(3)
    for _ in range(400):
        roles = {b.objectName() for b in panel.buttons if b.isVisible()}
        if {"defaultButton", "choiceButton"} <= roles:
            break
        session = window.shown.session
        session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))
        settle()
    else:
        pytest.fail("no decision with a default and another choice in 400 moves")
    default = next(b for b in panel.buttons if b.objectName() == "defaultButton")
    choice = next(b for b in panel.buttons if b.objectName() == "choiceButton")

    def background(button: QPushButton) -> tuple[int, int, int]:
        image = button.grab().toImage()
        c = image.pixelColor(image.width() // 2, 4)  # inside the border, above the words
        return c.red(), c.green(), c.blue()

    def border(button: QPushButton) -> tuple[int, int, int]:
        image = button.grab().toImage()
        c = image.pixelColor(image.width() // 2, 0)
        return c.red(), c.green(), c.blue()

    assert background(default) == background(choice)
    assert border(default) == border(choice)
    assert default.isDefault()  # Enter still plays it


def test_the_hint_s_words_do_not_move_the_buttons(window, qtbot):
    """Issue 50 item 14: the Hint's line appeared above the decision and pushed its buttons down
    38 px under the mouse (two clicks missed). The words come below the buttons."""
    window.life.install(GameHistory(new_setup(1, 5)))
    qtbot.wait(50)
    panel = window.shown.page.decision
    first = panel.buttons[0]
    before = first.mapTo(window, first.rect().topLeft())
    window.shown.page.coach.said.emit("Hint: Place a Worker on Master (Summer). This action scores 3 VP "
                                "(tools), a line long enough to wrap onto a second line here.")
    qtbot.wait(50)
    assert window.shown.page.coach_bar.words.isVisible()
    assert first.mapTo(window, first.rect().topLeft()) == before


def test_a_two_line_prompt_does_not_move_the_buttons(window, qtbot):
    """Issue 50 item 14: a prompt that wrapped onto a second line pushed the decision's buttons
    down 17 px under the mouse. The banner keeps two lines' room for the prompt."""
    window.life.install(GameHistory(new_setup(1, 5)))
    qtbot.wait(50)
    prompt = window.shown.page.banner.prompt
    first = window.shown.page.decision.buttons[0]
    prompt.setText("Pay 1 Food.")
    qtbot.wait(50)
    before = first.mapTo(window, first.rect().topLeft())
    prompt.setText("Pay 9 Food and 2 different goods among 1 Wood, 1 Clay, 1 Timber and 1 Brick.")
    qtbot.wait(50)
    lines = prompt.heightForWidth(prompt.width()) // prompt.fontMetrics().lineSpacing()
    assert lines == 2  # (the prompt wraps, and keeps to the two lines kept for it)
    assert first.mapTo(window, first.rect().topLeft()) == before


def test_a_long_choice_scrolls_with_a_bar_that_takes_no_width_from_the_buttons(qtbot):
    """Issue 50 item 14: with the prompt's two lines kept, a choice of 6 buildings at 1600x1000
    got a scroll bar that narrowed the buttons; their words wrapped onto more lines, which then
    needed the bar, and it stayed (and the window painted twice). The bar now lies over the
    panel's right margin: a choice of 10 or more buildings scrolls, the buttons keep the width
    they have without it, and the bar covers none of them."""
    history = GameHistory(Setup(players=2, seed=6, names=("Anna", "Ben"), start_player=0))
    rng = random.Random(3)
    while not (type(history.game.decision).__name__ == "ChooseBuildingDecision"
               and len(history.game.decision_moves()) >= 10):
        history.apply(choose_move(rng, history.game.legal_moves(), history.game))
    w = MainWindow(autosave=False)
    qtbot.addWidget(w)
    w.show()
    w.resize(1280, 720)
    settle()
    w.life.install(history)
    settle()
    scroll, panel = w.shown.page.decision_scroll, w.shown.page.decision
    assert scroll.bar.isVisible() and scroll.bar.maximum() > 0
    assert panel.width() == scroll.width() - 2 * scroll.frameWidth()  # (no room taken for the bar)
    assert all(b.geometry().right() < scroll.bar.x() for b in panel.buttons)
    scroll.bar.setValue(scroll.bar.maximum())  # (the overlay scrolls the panel)
    assert scroll.verticalScrollBar().value() == scroll.bar.maximum()
