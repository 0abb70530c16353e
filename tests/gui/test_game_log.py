"""The game log (``arle.gui.side.game_log``): a move adds its rows at the top, an undo takes them
away, and the rows always say what the session's log says, newest first. Issue 15: a move
costs the rows it adds (a list view measured every row again on each insert) and a paint draws
the rows in view from cached pictures."""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

from arle.commands.simulate import choose_move
from arle.engine import Animal, Good
from arle.gui.session import new_session
from arle.gui.shell.main_window import new_setup
from arle.gui.side.game_log import GameLog, LogView
from arle.gui.side.panels import entry_text


def expected(session) -> list[str]:
    return [entry_text(session, e) for e in reversed(session.match.log)]


def play(session, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        assert session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))


def shown_log(qtbot, session, size: tuple[int, int] = (360, 300)) -> GameLog:
    log = GameLog(session)
    qtbot.addWidget(log)
    log.resize(*size)
    log.show()
    qtbot.waitExposed(log)
    return log


def test_the_log_holds_exactly_the_sessions_lines_after_moves_undo_and_redo(qtbot):
    session = new_session(new_setup(1, 6))  # solo: unlimited undo
    log = shown_log(qtbot, session)
    rng = random.Random(6)
    play(session, 25, rng)
    assert log.texts() == expected(session) and len(expected(session)) == 25
    for _ in range(4):
        assert session.undo()
    assert log.texts() == expected(session) and len(log.texts()) == 21
    assert session.redo() and session.redo()
    assert log.texts() == expected(session) and len(log.texts()) == 23
    play(session, 3, rng)  # a new move after undo drops the redo branch
    assert log.texts() == expected(session)
    assert log.texts()[0] == entry_text(session, session.match.log[-1])


def test_a_move_late_in_a_game_measures_only_its_own_row(qtbot):
    """A list view measured every row again on each insert: 200 rows, 200 measurements a move."""
    session = new_session(new_setup(2, 8))
    rng = random.Random(8)
    play(session, 180, rng)
    log = shown_log(qtbot, session)
    before = log.view.measured
    play(session, 1, rng)
    assert log.view.measured - before <= 1  # the new row (none if the same text was seen)
    assert session.undo()
    assert log.view.measured - before <= 1 and log.texts() == expected(session)


def test_a_loaded_game_replaces_every_row(qtbot):
    session = new_session(new_setup(2, 9))
    log = shown_log(qtbot, session)
    play(session, 6, random.Random(9))
    other = new_session(new_setup(2, 10))
    play(other, 4, random.Random(10))
    session.set_history(other.match.history)
    assert log.texts() == expected(session) and len(log.texts()) == 4


def test_rows_are_measured_again_only_when_the_width_changes(qtbot):
    session = new_session(new_setup(1, 6))
    play(session, 40, random.Random(6))
    log = shown_log(qtbot, session, (360, 300))
    measured = log.view.measured
    log.resize(360, 420)  # taller (still scrolling): no row wraps differently
    QApplication.processEvents()
    assert log.view.measured == measured
    log.resize(260, 420)  # narrower: each row wrapped anew, once
    QApplication.processEvents()
    assert log.view.measured == measured + len(set(log.texts()))


def test_a_player_looking_at_older_rows_keeps_them_in_view_when_the_computer_moves(qtbot, monkeypatch):
    session = new_session(new_setup(1, 6))
    rng = random.Random(6)
    play(session, 40, rng)
    log = shown_log(qtbot, session, (360, 200))
    bar = log.view.verticalScrollBar()
    assert bar.value() == 0 and log.newest.isHidden()  # at the top: the newest row shows
    bar.setValue(bar.maximum() // 2)
    looked_at = bar.value()
    assert not log.newest.isHidden()  # a way back to the newest rows
    monkeypatch.setattr(log.view, "_own_move", lambda added: False)  # (the computer's move)
    play(session, 1, rng)
    added = log.view._heights[-1]
    assert bar.value() == looked_at + added  # the same rows under the player's eyes
    log.newest.click()
    assert bar.value() == 0 and log.newest.isHidden()
    play(session, 1, rng)
    assert bar.value() == 0  # at the top, the new row shows


def test_the_log_comes_back_to_the_newest_rows_at_the_players_own_move(qtbot):
    """Issue 31: once scrolled, the log stayed scrolled and the newest moves were out of view."""
    session = new_session(new_setup(1, 6))
    rng = random.Random(6)
    play(session, 40, rng)
    log = shown_log(qtbot, session, (360, 200))
    bar = log.view.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)
    play(session, 1, rng)  # the person's move
    assert bar.value() == 0 and log.texts()[0] == entry_text(session, session.match.log[-1])


def test_row_pictures_are_reused_and_kept_to_a_bounded_number(qtbot):
    """Rows paint from a cached picture, but a long game must not keep one per row it ever
    showed (memory, issue 7: ``rss_ratio``): the pictures painted longest ago are dropped."""
    session = new_session(new_setup(1, 6))
    play(session, 2 * LogView.KEEP, random.Random(6))  # (a solo game lasts longer)
    log = shown_log(qtbot, session, (360, 300))
    assert len(set(log.texts())) > LogView.KEEP  # more different rows than pictures kept
    view, bar = log.view, log.view.verticalScrollBar()
    view.viewport().grab()
    first = dict(view._pictures)
    view.viewport().grab()  # the same rows again: the same pictures
    assert view._pictures == first and 0 < len(first) < LogView.KEEP
    while bar.value() < bar.maximum():  # every row shown once
        bar.setValue(bar.value() + bar.pageStep())
        view.viewport().grab()
    assert len(view._pictures) == LogView.KEEP
    assert any(key[0] == log.texts()[-1] for key in view._pictures)  # the last painted stays


def _seeded_two_player_log(seed: int = 3, half_years: int = 2):
    session = new_session(new_setup(2, seed))
    rng = random.Random(seed)
    while session.match.game.state.half_year <= half_years:
        play(session, 1, rng)
    return session


def test_the_log_names_built_vehicles_and_where_tiles_went():
    """Issue 13: "which vehicle was built, where an automatically placed tile went": every
    entry whose move gained Equipment names it, every placed tile says its row and column."""
    from arle.engine import BUILDINGS, PlaceTile
    from arle.engine.interpreter import events as E
    from arle.gui.kit import style

    session = _seeded_two_player_log()
    gained = placed = 0
    for entry in session.match.log:
        text = entry_text(session, entry)
        for e in entry.events:
            if isinstance(e, E.EquipmentChanged) and e.gained:
                gained += 1
                assert f"new {style.name_of(e.kind)} in the Barn" in text
            if isinstance(e, E.TilePlaced):
                placed += 1
                where = style.holder_text("s" + e.space)
                if isinstance(entry.move, PlaceTile):  # the move says it: "builds the Mill at..."
                    said = "builds the {} at {}" if e.tile in BUILDINGS else "places a {} at {}"
                else:  # placed by the game, the only space left: the effect says it
                    said = "built {} at {}" if e.tile in BUILDINGS else "{} placed at {}"
                assert said.format(style.name_of(e.tile), where) in text
    assert gained and placed


def test_each_player_inventory_is_one_line_credited_to_that_player():
    """Issue 13: both players' inventorying used to be credited to the second player's "End
    turn" and cut with "…"; now each player has one line of their own with their report
    (rulebook p. 8), nothing cut."""
    from arle.engine import inventory_report, say
    from arle.engine.interpreter import events as E

    session = _seeded_two_player_log()
    ends = [(i, e) for i, entry in enumerate(session.match.log) for e in entry.events
            if isinstance(e, E.InventoryEnded)]
    assert len(ends) == 4  # two players, two inventories
    for i, ended in ends:
        entry = session.match.log[i]
        lines = entry_text(session, entry).split("\n")
        name = session.match.player_name(ended.player)
        mine = [line for line in lines if line.startswith(f"{name}'s inventory — ")]
        assert len(mine) == 1, lines
        events = [e for earlier in session.match.log[: i + 1] for e in earlier.events]
        report = say(inventory_report(events, ended.player, ended.season).text())
        assert mine[0].endswith(report) and "…" not in mine[0]


def test_the_log_says_where_an_automatically_placed_tile_went_and_which_animal_it_moved():
    """Issue 13: a Forest taken at the Forester goes by itself onto the one empty land space
    left (rulebook ↻2, tiles go on empty Land Spaces; a decision with a single answer is taken for
    the player); the Sheep grazing there moves to a fitting place (Rules Notes "New Animals");
    the log says both, with the row and column the Home Board shows."""
    from arle.engine import Choose, PlaceWorker
    from arle.engine.interpreter import events as E
    from arle.engine.rules import homeboard
    from arle.gui.kit import style

    session = new_session(new_setup(1, 6))
    p = session.match.game.state.players[0]
    p.goods[Good.FOOD] = 5
    free = homeboard.empty_land_spaces(p)
    last, rest = free[0], free[1:]
    for space in rest:
        p.tiles[space] = "forest"
    where = f"s{last[0]},{last[1]}"
    p.animals[where] = {Animal.SHEEP: 1}
    session.match.game.refresh()
    assert session.try_apply(PlaceWorker("summer.forester"))
    assert session.try_apply(Choose("forest"))
    entry = session.match.log[-1]
    assert any(isinstance(e, E.AnimalMoved) for e in entry.events)
    text = entry_text(session, entry)
    assert f"Forest placed at {style.holder_text(where)}" in text
    assert "Animal moved: 1 Sheep" in text  # (summed up, the board shows where: issue 43)


def test_rows_added_at_the_top_move_the_others_down_as_painted(qtbot):
    """Issue 15: a move's rows are painted and the rows below are moved down as they are (the
    whole log was painted again each move): the log then shows exactly what a fresh paint of it
    shows, move after move, at the top and scrolled."""
    session = new_session(new_setup(2, 9))
    log = shown_log(qtbot, session, (360, 260))
    viewport = log.view.viewport()
    rng = random.Random(9)
    paints: list[int] = []

    class Paints(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                paints.append(event.region().boundingRect().height())
            return False

    for step in range(30):
        play(session, 1, rng)
        if step == 20:
            log.view.verticalScrollBar().setValue(30)  # reading older rows: they stay in place
        QApplication.processEvents()
        shown = viewport.grab().toImage()
        viewport.repaint()
        assert viewport.grab().toImage() == shown, step
    log.view.verticalScrollBar().setValue(0)
    QApplication.processEvents()
    seen = Paints()
    viewport.installEventFilter(seen)
    play(session, 1, rng)
    QApplication.processEvents()
    assert paints and max(paints) < viewport.height() / 2  # the new row, not the whole log


def test_the_log_scroll_bar_is_repainted_only_when_its_handle_changes_and_is_never_stale(qtbot):
    """Issue 15: each move changes the log's range, and its scroll bar was painted again every
    move; it is painted when its handle moves or changes size, and always shows what a bar
    painted afresh shows."""
    import random

    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    from arle.commands.simulate import choose_move
    from arle.gui.shell.main_window import MainWindow, new_setup
    from arle.match.history import GameHistory

    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    window.life.install(GameHistory(new_setup(2, 4)))
    QApplication.processEvents()
    bar = window.shown.page.log.view.verticalScrollBar()

    class Paints(QObject):
        count = 0

        def eventFilter(self, obj, event):
            if obj is bar and event.type() == QEvent.Type.Paint:
                self.count += 1
            return False

    paints = Paints()
    bar.installEventFilter(paints)
    rng, session = random.Random(4), window.shown.session
    for move in range(200):
        if move == 100:  # a long log: its handle is small, and a row more seldom changes it
            paints.count = 0
        assert session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))
        QApplication.processEvents()
        if bar.isVisible() and move % 40 == 0:
            shown = bar.grab().toImage()
            bar.repaint()
            assert bar.grab().toImage() == shown
    assert bar.isVisible() and bar.maximum() > 0
    assert paints.count < 50  # (painted at every move before: about 100 here)


def test_the_log_scroll_bar_draws_its_handle_where_it_scrolls_and_its_arrows_scroll(qtbot):
    """Issue 15: the log's scroll bar is painted flat (the style's cost 0.8 ms a paint, in most
    moves): its handle is drawn where the style puts it, and its parts work as the style's."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QStyle, QStyleOptionSlider

    from arle.gui.side.game_log import RowsScrollBar

    bar = RowsScrollBar()
    qtbot.addWidget(bar)
    bar.resize(14, 300)
    bar.setRange(0, 100)
    bar.setPageStep(25)
    bar.show()
    qtbot.waitExposed(bar)

    def part(which: QStyle.SubControl):
        option = QStyleOptionSlider()
        bar.initStyleOption(option)
        return bar.style().subControlRect(QStyle.ComplexControl.CC_ScrollBar, option, which, bar)

    groove = bar.palette().window().color().darker(110).rgb()
    for value in (0, 50, 100):
        bar.setValue(value)
        image = bar.grab().toImage()
        handle = part(QStyle.SubControl.SC_ScrollBarSlider)
        assert image.pixelColor(handle.center()).rgb() != groove, value
        for y in (handle.top() - 3, handle.bottom() + 3):  # the groove beside the handle
            if part(QStyle.SubControl.SC_ScrollBarGroove).contains(handle.center().x(), y):
                assert image.pixelColor(handle.center().x(), y).rgb() == groove, (value, y)
    bar.setValue(50)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=part(QStyle.SubControl.SC_ScrollBarAddLine).center())
    assert bar.value() == 50 + bar.singleStep()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=part(QStyle.SubControl.SC_ScrollBarSubLine).center())
    assert bar.value() == 50


def test_an_option_given_up_by_an_anytime_move_is_said_in_the_log():
    """Issue 31: loading the last Wood onto a new Wagon while "You may: build a Peat Boat" was
    offered ended that action with no line in the log."""
    from arle.engine import Choose, Equipment, Load, PlaceWorker

    session = new_session(new_setup(2, 3))
    game = session.match.game
    p = game.state.players[game.actor]
    game.state.half_year = 2  # a winter half-year: the Wainwright is open
    p.goods[Good.WOOD], p.goods[Good.TIMBER] = 5, 0
    game.refresh()
    for move in (PlaceWorker("winter.wainwright"), Choose("vehicle"), Choose(Equipment.WAGON.value)):
        assert session.try_apply(move)
    wagon = next(e for e in p.barn if e.kind is Equipment.WAGON)
    assert session.try_apply(Load(wagon.id, 0, "wood"))
    assert "No longer possible, so not done: build a Peat Boat" in entry_text(session, session.match.log[-1])


def test_the_last_november_inventory_is_logged_as_it_happened():
    """Issue 31: the last inventory's line said "nothing" for Milking, Harvest, Food and Fuel, and
    no bottleneck, for both players in every game: the trade phase after it started it over."""
    from arle.engine import InventoryEnded

    session = new_session(new_setup(2, 5))
    rng = random.Random(5)
    while not session.match.game.over:
        play(session, 1, rng)
    last = [i for i, entry in enumerate(session.match.log) for e in entry.events
            if isinstance(e, InventoryEnded) and session.match.game.state.half_year == 9][-2:]
    lines = [line for i in sorted(set(last)) for line in entry_text(session, session.match.log[i]).split("\n")
             if "inventory — " in line]
    assert len(lines) == 2
    for line in lines:
        assert "Food paid: nothing" not in line or "Bottleneck" in line, line
        assert "Fuel paid: nothing" not in line or "Bottleneck" in line, line


def test_a_sale_that_gives_no_food_says_the_goods_track_is_full(qapp):
    """Rulebook, Goods Track: "you can have up to 30 Food" ("any excess Food is lost"). A sale
    made with the Food marker there gave "Aurich: +0 Food", which read like a wrong sale; a sale
    that pays no Food by its nature (Bremen: remove a Moor) says nothing of Food."""
    from arle.engine.interpreter.events import DestinationSold
    from arle.gui.side.panels import event_words

    assert event_words(DestinationSold(1, "aurich", "horse", 0)) == "Aurich: no Food, the goods track is full"
    assert event_words(DestinationSold(1, "aurich", "horse", 5)) == "Aurich: +5 Food"
    assert event_words(DestinationSold(1, "bremen", "moor:2", 0)) is None
