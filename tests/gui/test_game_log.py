"""The game log is a list view over a model of ``session.log`` (issue 7: the list widget laid
out and repainted every row after each move): a move adds one row at the top, an undo takes it
away, and the rows always say what the session's log says, newest first."""

from __future__ import annotations

import random

from PySide6.QtCore import QRect
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

from arle.commands.simulate import choose_move
from arle.engine import Animal, Good
from arle.gui.main_window import new_setup
from arle.gui.panels import GameLog, LogDelegate, LogModel, entry_text
from arle.gui.session import new_session


def expected(session) -> list[str]:
    return [entry_text(session, e) for e in reversed(session.log)]


def play(session, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        assert session.try_apply(choose_move(rng, session.legal_moves(), session.game))


class Signals:
    """What a model told its views."""

    def __init__(self, model: LogModel) -> None:
        self.seen: list[tuple[str, int, int]] = []
        model.rowsInserted.connect(lambda _p, first, last: self.seen.append(("inserted", first, last)))
        model.rowsRemoved.connect(lambda _p, first, last: self.seen.append(("removed", first, last)))
        model.modelReset.connect(lambda: self.seen.append(("reset", 0, 0)))
        model.dataChanged.connect(lambda a, b, _r=(): self.seen.append(("changed", a.row(), b.row())))
        model.layoutChanged.connect(lambda *_: self.seen.append(("layout", 0, 0)))


def test_log_model_holds_exactly_the_sessions_lines_after_moves_undo_and_redo(qtbot):
    session = new_session(new_setup(1, 6))  # solo: unlimited undo
    log = GameLog(session)
    qtbot.addWidget(log)
    rng = random.Random(6)
    play(session, 25, rng)
    assert log.texts() == expected(session) and len(expected(session)) == 25
    for _ in range(4):
        assert session.undo()
    assert log.texts() == expected(session) and log.model.rowCount() == 21
    assert session.redo() and session.redo()
    assert log.texts() == expected(session) and log.model.rowCount() == 23
    play(session, 3, rng)  # a new move after undo drops the redo branch
    assert log.texts() == expected(session)
    index = log.model.index(0)
    assert log.model.data(index) == entry_text(session, session.log[-1])
    assert log.model.data(log.model.index(log.model.rowCount())) is None  # past the end: nothing


def test_a_new_move_inserts_one_row_at_the_top_and_an_undo_removes_only_it(qtbot):
    session = new_session(new_setup(1, 8))
    log = GameLog(session)
    qtbot.addWidget(log)
    rng = random.Random(8)
    play(session, 10, rng)
    signals = Signals(log.model)
    play(session, 1, rng)
    assert signals.seen == [("inserted", 0, 0)]  # no reset, no other row touched
    signals.seen.clear()
    assert session.undo()
    assert signals.seen == [("removed", 0, 0)]


def test_a_loaded_game_replaces_every_row(qtbot):
    session = new_session(new_setup(2, 9))
    log = GameLog(session)
    qtbot.addWidget(log)
    play(session, 6, random.Random(9))
    other = new_session(new_setup(2, 10))
    play(other, 4, random.Random(10))
    session.set_history(other.history)
    assert log.texts() == expected(session) and log.model.rowCount() == 4


def test_log_rows_are_measured_once_per_text_and_width(qtbot, monkeypatch):
    """A new row makes the list lay out every row again: the wrapped text is measured once."""
    session = new_session(new_setup(1, 6))
    play(session, 3, random.Random(6))
    qtbot.addWidget(GameLog(session))
    model = LogModel(session)
    delegate = LogDelegate()
    calls: list[int] = []
    measure = QStyledItemDelegate.sizeHint

    def counting(self, option, index):
        calls.append(index.row())
        return measure(self, option, index)

    monkeypatch.setattr(QStyledItemDelegate, "sizeHint", counting)
    option = QStyleOptionViewItem()
    option.rect.setWidth(200)
    first = [delegate.sizeHint(option, model.index(r)) for r in range(3)]
    again = [delegate.sizeHint(option, model.index(r)) for r in range(3)]
    assert calls == [0, 1, 2] and again == first
    option.rect.setWidth(120)  # another width: measured again
    delegate.sizeHint(option, model.index(0))
    assert calls == [0, 1, 2, 0]


def test_log_row_pictures_are_reused_and_kept_to_a_bounded_number(qtbot):
    """Rows paint from a cached picture, but a long game must not keep one per row it ever
    showed (memory, issue 7: ``rss_ratio``): the pictures painted longest ago are dropped."""
    session = new_session(new_setup(1, 6))
    play(session, 2 * LogDelegate.KEEP, random.Random(6))
    log = GameLog(session)
    assert len(set(log.texts())) > LogDelegate.KEEP  # more different rows than pictures kept
    qtbot.addWidget(log)
    delegate = log.list.itemDelegate()
    target = QPixmap(400, 60)
    painter = QPainter(target)
    option = QStyleOptionViewItem()
    option.rect = QRect(0, 0, 300, 30)
    option.palette = log.list.palette()
    try:
        delegate.paint(painter, option, log.model.index(0))
        first = dict(delegate._pictures)
        delegate.paint(painter, option, log.model.index(0))  # the same row again: the same picture
        assert delegate._pictures == first and len(first) == 1
        for row in range(log.model.rowCount()):
            delegate.paint(painter, option, log.model.index(row))
    finally:
        painter.end()
    assert len(delegate._pictures) == LogDelegate.KEEP
    newest = {key[0] for key in delegate._pictures}
    assert log.model.data(log.model.index(log.model.rowCount() - 1)) in newest  # the last painted stays


def _seeded_two_player_log(seed: int = 3, half_years: int = 2):
    session = new_session(new_setup(2, seed))
    rng = random.Random(seed)
    while session.game.state.half_year <= half_years:
        play(session, 1, rng)
    return session


def test_the_log_names_built_vehicles_and_where_tiles_went():
    """Issue 13: "which vehicle was built, where an automatically placed tile went": every
    entry whose move gained Equipment names it, every placed tile says its row and column."""
    from arle.engine import BUILDINGS
    from arle.engine import events as E
    from arle.gui import style

    session = _seeded_two_player_log()
    gained = placed = 0
    for entry in session.log:
        text = entry_text(session, entry)
        for e in entry.events:
            if isinstance(e, E.EquipmentChanged) and e.gained:
                gained += 1
                assert f"new {style.name_of(e.kind)} in the Barn" in text
            if isinstance(e, E.TilePlaced):
                placed += 1
                where = style.holder_text("s" + e.space)
                built = "built {} at {}" if e.tile in BUILDINGS else "{} placed at {}"
                assert built.format(style.name_of(e.tile), where) in text
    assert gained and placed


def test_each_player_inventory_is_one_line_credited_to_that_player():
    """Issue 13: both players' inventorying used to be credited to the second player's "End
    turn" and cut with "…"; now each player has one line of their own with their report
    (rulebook p. 8), nothing cut."""
    from arle.engine import events as E
    from arle.engine import inventory_report, say

    session = _seeded_two_player_log()
    ends = [(i, e) for i, entry in enumerate(session.log) for e in entry.events
            if isinstance(e, E.InventoryEnded)]
    assert len(ends) == 4  # two players, two inventories
    for i, ended in ends:
        entry = session.log[i]
        lines = entry_text(session, entry).split("\n")
        name = session.player_name(ended.player)
        mine = [line for line in lines if line.startswith(f"{name}:") and "inventory:" in line]
        assert len(mine) == 1, lines
        events = [e for earlier in session.log[: i + 1] for e in earlier.events]
        report = say(inventory_report(events, ended.player, ended.season).text())
        assert mine[0].endswith(report) and "…" not in mine[0]


def test_the_log_says_where_an_automatically_placed_tile_went_and_which_animal_it_moved():
    """Issue 13: a Forest taken at the Forester goes by itself onto the one empty land space
    left (rulebook ↻2, tiles go on empty Land Spaces; a decision with a single answer is taken for
    the player); the Sheep grazing there moves to a fitting place (Rules Notes "New Animals");
    the log says both, with the row and column the Home Board shows."""
    from arle.engine import Choose, PlaceWorker, homeboard
    from arle.engine import events as E
    from arle.gui import style

    session = new_session(new_setup(1, 6))
    p = session.game.state.players[0]
    p.goods[Good.FOOD] = 5
    free = homeboard.empty_land_spaces(p)
    last, rest = free[0], free[1:]
    for space in rest:
        p.tiles[space] = "forest"
    where = f"s{last[0]},{last[1]}"
    p.animals[where] = {Animal.SHEEP: 1}
    session.game.refresh()
    assert session.try_apply(PlaceWorker("summer.forester"))
    assert session.try_apply(Choose("forest"))
    entry = session.log[-1]
    moved = next(e for e in entry.events if isinstance(e, E.AnimalMoved))
    text = entry_text(session, entry)
    assert f"Forest placed at {style.holder_text(where)}" in text
    assert f"Sheep moved from {style.holder_text(where)} to {style.holder_text(moved.dst)}" in text
