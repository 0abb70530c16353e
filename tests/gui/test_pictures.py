"""Issue 13: the game board reads without hovering. Action spaces show what they do and
buildings what they cost as pictures (the goods' own icons with their counts, as the printed
tiles do) instead of a sentence cut off with "..."; the sentence stays in the tooltip. The
supply tab shows what its tiles cost (rulebook ↻3, the vehicle table; Stall 2 Clay and 1 Grain,
Stable 2 Bricks)."""

from __future__ import annotations

from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from arle.engine import ACTION_SPACES, EQUIPMENT, STALL_COST, Setup
from arle.gui.boards.board_scene import BoardScene
from arle.gui.boards.supply_scene import SupplyScene
from arle.gui.kit import art, pictures
from arle.gui.kit.pictures import Icon, PictureItem, cost_picture, space_picture, vehicle_cost_picture
from arle.gui.session import new_session
from arle.resources import resource_path


class Recorder:
    """A painter that notes every text and picture drawn through it (the rest goes on)."""

    def __init__(self, real: QPainter) -> None:
        self._real = real
        self.texts: list[str] = []

    def drawText(self, *args):
        self.texts.append(args[-1])
        return self._real.drawText(*args)

    def __getattr__(self, name):
        return getattr(self._real, name)


def _paint(item, monkeypatch) -> tuple[list[str], list[str]]:
    drawn: list[str] = []
    monkeypatch.setattr(art, "render", lambda painter, name, rect: drawn.append(name))
    image = QImage(400, 200, QImage.Format.Format_ARGB32)
    real = QPainter(image)
    recorder = Recorder(real)
    item.paint(recorder, QStyleOptionGraphicsItem(), None)
    if hasattr(item, "face"):  # an action space's words and pictures (issue 15)
        item.face.paint(recorder, QStyleOptionGraphicsItem(), None)
    real.end()
    return recorder.texts, drawn


def _board(qtbot):
    session = new_session(Setup(players=2, seed=5, names=("Anna", "Ben"), start_player=0))
    return BoardScene(session)


def test_every_action_space_has_a_picture_of_existing_icons():
    for space_id in ACTION_SPACES:
        tokens = space_picture(space_id)
        icons = [t for t in tokens if isinstance(t, Icon)]
        assert icons or space_id.endswith(("master", "warden")), space_id
        for icon in icons:
            assert resource_path(icon.resource).is_file(), icon.resource


def test_a_space_paints_its_icons_and_no_cut_off_text(qtbot, monkeypatch):
    scene = _board(qtbot)
    for space_id, item in scene.spaces.items():
        texts, drawn = _paint(item, monkeypatch)
        expected = [t.resource for t in space_picture(space_id) if isinstance(t, Icon)]
        assert drawn == expected, space_id
        assert not any("…" in t or "..." in t for t in texts), (space_id, texts)
        assert ACTION_SPACES[space_id].text not in texts  # the sentence is in the tooltip
        assert ACTION_SPACES[space_id].text in item.toolTip()


def test_the_fisherman_picture_says_sheep_and_food_per_fish_trap(qtbot, monkeypatch):
    """"Take 1 Sheep. Move your Fish Trap indicator 1 space. Then 1 Food per Fish Trap.\""""
    scene = _board(qtbot)
    texts, drawn = _paint(scene.spaces["summer.fisherman"], monkeypatch)
    assert drawn == ["animals/sheep.svg", "goods/food.svg"]
    assert "per Trap" in texts and "Trap +1" in texts


def test_a_building_paints_its_cost_in_icons(qtbot, monkeypatch):
    scene = _board(qtbot)
    for building, item in scene.buildings.items():
        texts, drawn = _paint(item, monkeypatch)
        expected = [t.resource for t in cost_picture(item.info.cost) if isinstance(t, Icon)]
        assert expected and drawn == expected, building
        assert not any("…" in t for t in texts)


def test_the_supply_tab_shows_the_costs_of_stalls_and_vehicles(qtbot):
    scene = SupplyScene(new_session(Setup(players=2, seed=5)))
    shown = [item.tokens for item in scene.items_now() if isinstance(item, PictureItem)]
    assert cost_picture(STALL_COST) in shown
    for kind, info in EQUIPMENT.items():
        picture = vehicle_cost_picture(kind.value)
        assert picture in shown, kind
        assert picture[0] == pictures.good("wood", info.wood)
        assert (pictures.good("horse", info.horses) in picture) == bool(info.horses)


def test_a_row_a_little_too_wide_is_drawn_smaller_inside_its_rect(monkeypatch):
    """The French Fisherman ("Piège +1", "par piège") is a little wider than its space: it
    wrapped onto a second line drawn below the space, under the next one."""
    from PySide6.QtCore import QRectF

    tokens = space_picture("summer.fisherman")
    full = pictures.width(tokens, 19, 12)
    rect = QRectF(0, 0, full * 0.93, 23)
    assert len(pictures.lines(tokens, rect.width(), 19, 12)) == 2
    painted: list[QRectF] = []
    monkeypatch.setattr(pictures, "_paint_token", lambda painter, token, r, size, px: painted.append(r))
    image = QImage(400, 100, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    pictures.paint(painter, tokens, rect, size=19, px=12)
    painter.end()
    assert len(painted) == len(tokens)
    assert all(rect.contains(r.center()) and r.bottom() <= rect.bottom() + 1 for r in painted)
