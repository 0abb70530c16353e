"""The game page brings forward the board a pending decision is answered on, as the decision
declares it (``shown_on``), not by kind strings (issue 17: "sale", "sell" and "destination" were
looked for, but no decision had them, so a sale never brought the Storage board forward)."""

from __future__ import annotations

from arle.engine.goods import Good
from arle.engine.moves import Load
from arle.engine.tiles import Equipment
from arle.engine.travel import SaleDecision
from arle.files.history import GameHistory
from arle.gui.main_window import MainWindow, new_setup
from tests.engine.vehicle_helpers import give
from tests.gui.scene_helpers import refresh


def test_a_sale_brings_the_storage_board_forward(qtbot):
    """p. 11: loading a destination from "More actions" while the game board is shown opens its
    sale, which is answered on the Storage board."""
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.install(GameHistory(new_setup(2, 3)))
    page, session = window.page, window.session
    game = session.game
    actor = game.actor
    p = game.state.players[actor]
    cart = give(game, p, Equipment.CART)
    give(game, p, Equipment.PEAT_BOAT)  # two things to sell: the sale waits for a choice
    p.goods[Good.WINTER_WEAR] = 1
    refresh(session)
    page.views.setCurrentIndex(0)
    assert session.try_apply(Load(cart.id, 0, "dest:norden"))
    assert isinstance(game.decision, SaleDecision)
    assert page.views.currentIndex() == page.views.indexOf(page.storage_views[actor])
