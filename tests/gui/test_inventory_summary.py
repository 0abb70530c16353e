"""The inventory summary (issue 13): after each inventorying a window says, per player, what it
gave and took, with the rulebook's numbers (p. 8, "Phase 3: Inventoring": milking 1 Food for 2
Sheep and 1 Food for 1 Cattle; 1 Grain per Grain Field; Sustenance 3 Food and 2 Peat, a missing
Peat costing 2 VP), and is dismissed with Continue (a panel of the window: Ctrl+Z goes on working)."""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox

from arle.engine import Animal, Good, Tile
from arle.engine import events as E
from arle.gui.inventory_summary import InventorySummary
from arle.gui.main_window import new_setup
from arle.gui.session import new_session
from tests.engine.helpers import passive


def _to_november(session) -> None:
    p = session.game.state.players[0]
    for good in Good:
        p.goods[good] = 0
    p.goods[Good.PEAT] = 1
    p.tiles = {(3, 2): Tile.GRAIN_FIELD.value}
    p.animals = {"d0": {Animal.SHEEP: 1}, "d1": {Animal.SHEEP: 1}, "d2": {Animal.CATTLE: 1}}
    session.game.refresh()
    while not any(isinstance(e, E.InventoryEnded) for e in (session.log[-1].events if session.log else [])):
        assert session.try_apply(passive(session.legal_moves()))


def test_the_summary_appears_after_inventorying_with_the_rulebook_numbers_and_is_dismissed(qtbot):
    session = new_session(new_setup(2, 4))
    summary = InventorySummary(session)
    qtbot.addWidget(summary)
    _to_november(session)
    while session.game.state.half_year == 1:  # the other player's inventory, if it waits
        assert session.try_apply(passive(session.legal_moves()))
    dialog = summary
    assert not dialog.isHidden()
    assert [r.player for r in dialog.reports] == [0, 1]
    mine = dialog.reports[0]
    assert (mine.milking, mine.harvest) == ((("food", 2),), (("grain", 1),))
    assert mine.food == (("food", 2), ("grain", 1)) and mine.fuel == (("peat", 1),)
    assert mine.vp == -2
    texts = dialog.texts()
    assert "2 Food" in texts and "1 Grain" in texts and "1 Peat missing: -2 VP" in texts
    boxes = [b.title() for b in dialog.findChildren(QGroupBox)]
    assert boxes == [session.player_name(0), session.player_name(1)]
    assert dialog.title.text() == "November inventory"
    dialog.button.click()
    assert dialog.isHidden()


def test_an_undo_closes_the_summary(qtbot):
    session = new_session(new_setup(1, 4))  # solo: undo is always allowed
    summary = InventorySummary(session)
    qtbot.addWidget(summary)
    _to_november(session)
    assert not summary.isHidden() and [r.player for r in summary.reports] == [0]
    assert session.undo()
    assert summary.isHidden()
