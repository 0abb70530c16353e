"""The Storage board scene: loading vehicles, selling at a destination and returning Equipment
by real mouse drags and clicks (rulebook pp. 10-11 "Loading Vehicles"; RULES-DECISIONS.md
"Vehicle spaces" and "Barn")."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

from PySide6.QtCore import QPointF

from arle.engine.content.goods import Good
from arle.engine.content.tiles import Equipment
from arle.engine.interpreter.moves import Choose, Done, Load, ReturnEquipment
from arle.engine.rules.travel import SaleDecision
from arle.gui.boards import storage_scene as SS
from arle.gui.boards.pieces import ClickItem
from arle.gui.boards.storage_scene import StorageScene
from tests.engine.helpers import give
from tests.engine.vehicle_helpers import cargo
from tests.gui.scene_helpers import Messages, click, drag, make_session, refresh, show

E = Equipment


def storage(qtbot, session, player=0):
    scene = StorageScene(session, player)
    view = show(qtbot, scene, 900, 800)
    return scene, view


def test_wood_dragged_onto_a_handcart_is_loaded_as_timber(qtbot):
    """p. 10: a Single Space takes Wood, which turns into Timber at once; 1 Wood is paid."""
    session = make_session()
    game = session.match.game
    p = game.state.players[0]
    cart = give(game, p, E.HANDCART)
    refresh(session)
    scene, view = storage(qtbot, session)
    move = Load(cart.id, 0, "wood")
    assert move in session.match.legal_moves()
    drag(view, scene.source_pos(move), scene.target_pos(move))
    assert cargo(cart) == [(0, 1, "timber")]
    assert p.goods[Good.WOOD] == 3


def test_linen_on_a_cart_lights_up_combined_spaces_and_drops_on_the_nearest(qtbot):
    """RULES-DECISIONS "Vehicle spaces": a Cart's adjacent Single Spaces combine for Linen (2
    spaces). Both pairs are targets; dropping at the centre of spaces 1-2 loads from space 1."""
    session = make_session()
    game = session.match.game
    p = game.state.players[0]
    cart = give(game, p, E.CART)
    p.goods[Good.LINEN] = 1
    refresh(session)
    scene, view = storage(qtbot, session)
    targets = {m for m in session.match.legal_moves() if isinstance(m, Load) and m.item == "linen"}
    assert targets == {Load(cart.id, 0, "linen"), Load(cart.id, 1, "linen")}
    # Each target covers two adjacent loading spaces as one rectangle.
    spaces = SS.loading_rects(cart, SS.parking(p)[cart.id])
    for m in targets:
        assert scene.load_rect(m) == spaces[m.start].united(spaces[m.start + 1])
    move = Load(cart.id, 1, "linen")
    drag(view, scene.source_pos(move), scene.target_pos(move))
    assert cargo(cart) == [(1, 2, "summer_wear")]
    assert p.goods[Good.LINEN] == 0


def test_a_refused_load_snaps_back_with_a_reason(qtbot):
    """Linen needs 2 spaces: a Handcart (1 Single Space) cannot take it."""
    session = make_session()
    game = session.match.game
    p = game.state.players[0]
    cart = give(game, p, E.HANDCART)
    p.goods[Good.LINEN] = 1
    refresh(session)
    _scene, view = storage(qtbot, session)
    messages = Messages(session)
    space = SS.loading_rects(cart, SS.parking(p)[cart.id])[0]
    drag(view, SS.goods_rect(SS.LOADABLE.index("linen")).center(), space.center())
    assert cargo(cart) == []
    assert p.goods[Good.LINEN] == 1
    # what the engine refuses (issue 17), said of the space it was dropped on (issue 43)
    assert messages.texts[-1] == ("Linen takes 2 spaces: a Double Space, or Single Spaces side by side "
                                  "on a Large Vehicle. The Handcart has only one Single Space.")


def test_each_loading_space_says_what_it_is_and_a_misfit_says_why_of_that_space(qtbot):
    """Issue 43 item 3: the loading spaces were labelled "S" and "DD" with no tooltip, and Linen
    dropped on a Single Space snapped back with a sentence about Double Spaces. Each space now
    says "single" or "double", its tooltip what it holds; a good that does not fit is told why
    of the space it was dropped on (rulebook p. 10; RULES-DECISIONS "Vehicle spaces")."""
    session = make_session()
    game = session.match.game
    p = game.state.players[0]
    wagon, droshky = give(game, p, E.WAGON), give(game, p, E.DROSHKY)
    p.goods[Good.LINEN] = 1
    refresh(session)
    scene, view = storage(qtbot, session)
    texts = {item.toPlainText() for item in scene.items() if hasattr(item, "toPlainText")}
    assert not {"S", "DD"} & texts
    for piece in (wagon, droshky):
        rects = SS.loading_rects(piece, SS.parking(p)[piece.id])
        for rect, size in zip(rects, SS.EQUIPMENT[piece.kind].spaces, strict=True):
            here = scene.items_now(rect.topLeft() + QPointF(8, 6))
            label = {i.toPlainText() for i in here if hasattr(i, "toPlainText")}
            assert label == {"single" if size == 1 else "double"}
            tips = {i.toolTip() for i in scene.items_now(rect.center())} - {""}
            assert any(t.startswith("Single Space" if size == 1 else "Double Space") for t in tips), tips
    messages = Messages(session)
    spaces = SS.loading_rects(wagon, SS.parking(p)[wagon.id])
    linen = SS.goods_rect(SS.LOADABLE.index("linen")).center()
    drag(view, linen, spaces[0].center())
    assert messages.texts[-1].endswith("The Wagon is a small vehicle: its Single Spaces do not combine.")
    first = SS.loading_rects(droshky, SS.parking(p)[droshky.id])
    drag(view, linen, first[2].center())  # the Droshky's last Single Space: nothing to its right
    assert messages.texts[-1] == ("Linen takes 2 spaces: from this space to the right, the Droshky's "
                                  "spaces do not add up to exactly 2.")
    drag(view, SS.goods_rect(SS.LOADABLE.index("wood")).center(), first[1].center())
    assert messages.texts[-1] == ("Wood takes 1 space, and a Double Space holds only items of size 2 or "
                                  "more: drop it on a Single Space.")
    assert p.goods[Good.LINEN] == 1 and not wagon.load and not droshky.load


def test_loading_a_destination_opens_the_sale_panel_and_a_click_sells(qtbot):
    """p. 11: loading Norden sells its items, each once, at least one: 1 Winter Wear gives 7
    Food; then the Peat Boat could still be sold or the player is done. The buttons are seen:
    drawn over the sale panel, not under it (issue 15)."""
    session = make_session()
    game = session.match.game
    p = game.state.players[0]
    cart = give(game, p, E.CART)
    give(game, p, E.PEAT_BOAT)
    p.goods[Good.WINTER_WEAR] = 1
    refresh(session)
    scene, view = storage(qtbot, session)
    food = p.goods[Good.FOOD]
    move = Load(cart.id, 0, "dest:norden")
    drag(view, scene.source_pos(move), scene.target_pos(move))
    assert "norden" not in p.destinations
    assert isinstance(game.decision, SaleDecision)
    sell = Choose("winter_wear")
    pos = scene.target_pos(sell)
    assert pos is not None
    top = scene.itemAt(pos, view.transform())
    assert isinstance(top, ClickItem) and top.move == sell
    click(view, pos)
    assert p.goods[Good.FOOD] == food + 7
    assert p.goods[Good.WINTER_WEAR] == 0
    click(view, scene.target_pos(Done()))
    assert game.decision is None
    assert cargo(cart) == [(0, 2, "dest:norden")]


def test_returning_equipment_by_dragging_it_to_the_supply(qtbot):
    """RULES-DECISIONS "Barn": Equipment may be returned to the supply at any time."""
    session = make_session()
    game = session.match.game
    p = game.state.players[0]
    boat = give(game, p, E.PEAT_BOAT)
    left = game.state.supply["peat_boat_plow"]
    refresh(session)
    scene, view = storage(qtbot, session)
    move = ReturnEquipment(boat.id)
    drag(view, scene.source_pos(move), scene.target_pos(move))
    assert p.barn == []
    assert game.state.supply["peat_boat_plow"] == left + 1


def test_barn_parking_puts_a_fifth_small_piece_on_the_lowest_large_space():
    """RULES-DECISIONS "Barn": 4 small spaces; the lowest large space may hold a small piece."""
    session = make_session()
    game = session.match.game
    p = game.state.players[0]
    pieces = [give(game, p, k) for k in (E.PLOW, E.PEAT_BOAT, E.HANDCART, E.WAGON, E.PLOW)]
    places = SS.parking(p)
    assert [places[e.id] for e in pieces[:4]] == [SS.small_space_rect(i) for i in range(4)]
    assert places[pieces[4].id] == SS.large_space_rect(2)


def test_storage_board_renders_a_loaded_barn(qtbot, tmp_path):
    session = make_session()
    game = session.match.game
    p = game.state.players[0]
    for kind in (E.HANDCART, E.CART, E.DROSHKY, E.PEAT_BOAT):
        give(game, p, kind)
    p.goods[Good.LINEN] = 1
    refresh(session)
    scene, view = storage(qtbot, session)
    for move in (Load(p.barn[1].id, 0, "wood"), Load(p.barn[2].id, 1, "linen")):
        drag(view, scene.source_pos(move), scene.target_pos(move))
    assert [it.item for e in p.barn for it in e.load] == ["timber", "summer_wear"]
    out = os.environ.get("ARLE_SHOTS")
    path = (Path(out) if out else tmp_path) / "storage_board.png"
    assert view.grab().save(str(path))
    assert path.stat().st_size > 10_000


def test_the_bremen_sale_list_puts_a_wrapped_line_above_the_next_not_over_it(qtbot):
    """Issue 43: the sale panel's list of what Bremen buys drew a line that wrapped ("2 Animals
    of the same type: 9 Food (not possible now)") over the next one. Each entry starts below the
    one before it."""
    session = make_session()
    game = session.match.game
    p = game.state.players[0]
    cart = give(game, p, E.HORSE_CART)
    for good in (Good.TIMBER, Good.LINEN, Good.WOOLEN, Good.LEATHER, Good.SUMMER_WEAR, Good.WINTER_WEAR,
                 Good.LEATHER_WEAR):
        p.goods[good] = 2
    refresh(session)
    scene, _view = storage(qtbot, session)
    assert session.try_apply(Load(cart.id, 0, "dest:bremen"))
    refresh(session)
    assert isinstance(game.decision, SaleDecision)
    panel = SS.PANEL_RECT
    listed = sorted((i.sceneBoundingRect() for i in scene.items_now() if hasattr(i, "toPlainText")
                     and abs(i.sceneBoundingRect().x() - panel.x() - 12) < 1
                     and panel.top() + 30 < i.sceneBoundingRect().y() < panel.bottom() - 40),
                    key=lambda r: r.y())
    assert len(listed) == len(SS.DESTINATIONS["bremen"].sales) == 5
    assert any(r.height() > 30 for r in listed)  # (one wraps, at least)
    for above, below in itertools.pairwise(listed):
        assert below.top() >= above.bottom() - 4, (above, below)  # (a text's blank margin: 4)


def test_a_destination_on_a_loaded_vehicle_is_named_in_whole_words(qtbot):
    """Issue 43: "Beemoor" loaded on a Wagon's Single Space wrapped in the middle of the word
    ("Beemoo / r"). A destination's name on a vehicle shrinks until each word fits its line."""
    from arle.engine.interpreter.state import LoadItem
    from arle.gui.kit.style import name_of

    session = make_session()
    game = session.match.game
    p = game.state.players[0]
    wagon = give(game, p, E.WAGON)
    checked = 0
    for dest in ("hage", "beemoor", "dornum"):
        wagon.load = [LoadItem(0, 1, f"dest:{dest}")]
        refresh(session)
        scene, _view = storage(qtbot, session)
        space = SS.loading_rects(wagon, SS.parking(p)[wagon.id])[0]
        names = [i for i in scene.items_now() if hasattr(i, "document") and i.toPlainText() == name_of(dest)
                 and space.contains(i.sceneBoundingRect().center())]
        assert len(names) == 1, dest
        name = names[0]
        alone = name.document().clone()
        alone.setTextWidth(-1)  # (unwrapped: one line, each name being one word)
        assert name.document().size().height() <= alone.size().height() + 0.5, dest
        checked += 1
    assert checked == 3


def test_a_misfit_is_said_in_french_with_its_articles(qtbot):
    """Issue 43 item 3 in French: the sentence names the good with its article, in lower case
    inside the sentence, and the vehicle with its own ("Le Wagon")."""
    from PySide6.QtWidgets import QApplication

    from arle.gui.shell.language import install_language, uninstall_language

    app = QApplication.instance()
    installed = install_language(app, "fr", "fr")
    try:
        session = make_session()
        game = session.match.game
        p = game.state.players[0]
        wagon = give(game, p, E.WAGON)
        p.goods[Good.LINEN] = 1
        refresh(session)
        _scene, view = storage(qtbot, session)
        messages = Messages(session)
        drag(view, SS.goods_rect(SS.LOADABLE.index("linen")).center(),
             SS.loading_rects(wagon, SS.parking(p)[wagon.id])[0].center())
        assert messages.texts[-1] == ("La toile de lin prend 2 cases : une case double, ou des cases simples "
                                      "côte à côte sur un grand véhicule. Le Wagon est un petit véhicule : "
                                      "ses cases simples ne se combinent pas.")
        assert SS.space_name(1) == "simple" and SS.space_tooltip(2, True).startswith("Case double")
    finally:
        uninstall_language(app, installed)


def test_the_load_strip_shows_the_peat_that_loading_clay_costs(qtbot):
    """Rulebook p. 11 (and the Clay tile): loading Clay costs 1 Peat besides the Clay (issue 50
    item 10: the strip showed only Clay -> Brick). The strip shows every cost of a load beside
    its good: the Peat next to the Clay, nothing extra next to Wood or the fabrics."""
    session = make_session()
    scene, _view = storage(qtbot, session)
    arts = [(item.art, item.rect) for item in scene.items() if getattr(item, "art", None)]

    def extras(key: str) -> list[str]:
        rect = SS.goods_rect(SS.LOADABLE.index(key))
        beside = rect.adjusted(rect.width(), 36, rect.width() + 40, 40)
        return [art for art, r in arts if beside.contains(r.center())]

    assert extras("clay") == ["goods/peat.svg"]
    assert extras("wood") == [] and extras("linen") == [] and extras("leather") == []
