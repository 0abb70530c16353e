"""The supply board scene shows how many tiles of each stack are left (RULES-DECISIONS.md
"Supply limits": Forest/Park 5, Stall/Depot 7, Stable/Double Stall 3, Fields 14, Cart/Horse Cart 3,
Carriage/Droshky 3, Handcart/Wagon 2, Peat Boat/Plow 6; setup uses 2 Fields and 1 Stall per board)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QApplication, QGraphicsTextItem

from arle.engine.interpreter.moves import PlaceTile
from arle.engine.interpreter.steps import PlaceNewTile
from arle.gui.boards import supply_scene as SU
from arle.gui.boards.scene import SceneText
from arle.gui.boards.supply_scene import SupplyScene
from arle.match.change import Change
from tests.gui.scene_helpers import make_session, run_steps, show


def stack_texts(scene: SupplyScene, stack: str) -> list[str]:
    rect = SU.stack_rect(SU.STACKS.index(stack))
    return [i.toPlainText() for i in scene.items_now(rect) if isinstance(i, (QGraphicsTextItem, SceneText))]


def test_supply_counts_at_setup_for_two_players(qtbot):
    session = make_session(players=2)
    scene = SupplyScene(session)
    expected = {
        "field": "10 of 14 left",
        "stall_depot": "5 of 7 left",
        "forest_park": "5 of 5 left",
        "stable_double_stall": "3 of 3 left",
        "cart_horse_cart": "3 of 3 left",
        "carriage_droshky": "3 of 3 left",
        "handcart_wagon": "2 of 2 left",
        "peat_boat_plow": "6 of 6 left",
    }
    for stack, text in expected.items():
        assert text in stack_texts(scene, stack), stack


def test_supply_count_drops_when_a_forest_is_placed(qtbot, tmp_path):
    session = make_session(players=1)
    scene = SupplyScene(session)
    view = show(qtbot, scene, 880, 420)
    assert "12 of 14 left" in stack_texts(scene, "field")  # solo: 1 board's 2 Fields
    run_steps(session, 0, [PlaceNewTile("forest")])
    assert session.try_apply(PlaceTile("4,1"))
    QApplication.processEvents()
    assert "4 of 5 left" in stack_texts(scene, "forest_park")
    session.match.game.state.supply["handcart_wagon"] = 0
    session.changed.emit(Change("redo", [], 0))
    QApplication.processEvents()
    assert "none left" in stack_texts(scene, "handcart_wagon")
    out = os.environ.get("ARLE_SHOTS")
    path = (Path(out) if out else tmp_path) / "supply_board.png"
    assert view.grab().save(str(path))
    assert path.stat().st_size > 5_000
