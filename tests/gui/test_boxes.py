"""The boards' boxes (``arle.gui.boards.boxes``) share one picture per look (issue 15: a picture of each
box held 10 MB for the six boards), look as a rounded box drawn whole, and follow the zoom."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QRegion, QTransform
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from arle.engine import Setup
from arle.gui.boards.boxes import BoxItem, box_path
from arle.match.history import GameHistory
from tests.gui.scene_helpers import channels_apart, open_main_window

FILL, EDGE = QColor("#e9e1c8"), QColor("#a89464")


def _image(scene: QGraphicsScene, scale: float = 1.0) -> QImage:
    """The scene painted at ``scale`` from its top left, as a board view paints it."""
    image = QImage(320, 200, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
    painter.setTransform(QTransform.fromScale(scale, scale))
    scene.render(painter, QRectF(0, 0, 320 / scale, 200 / scale), QRectF(0, 0, 320 / scale, 200 / scale))
    painter.end()
    return image


def _pixels_apart(a: QImage, b: QImage, tolerance: int) -> int:
    """How many pixels differ by more than ``tolerance`` in a channel."""
    return sum(1 for y in range(a.height()) for x in range(a.width())
               if max(abs(p - q) for p, q in zip(a.pixelColor(x, y).getRgb(), b.pixelColor(x, y).getRgb(),
                                                  strict=True)) > tolerance)


@pytest.mark.parametrize("dash", [False, True])
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_a_box_from_its_picture_looks_as_the_box_drawn_whole(qtbot, dash, scale) -> None:
    """Where its corner falls on a whole pixel, a box shown from its picture is the box drawn
    whole (elsewhere it is moved to the nearest pixel)."""
    rect = QRectF(20.6, 30.6, 120, 80)  # (its outline's outer edge at 20, 30)
    boxes, drawn = QGraphicsScene(0, 0, 320, 200), QGraphicsScene(0, 0, 320, 200)
    boxes.addItem(BoxItem(rect, FILL, EDGE, 8, 1.2, dash, scale, 1.0))
    pen = QPen(EDGE, 1.2)
    if dash:
        pen.setStyle(pen.style().DashLine)
    drawn.addPath(box_path(rect, 8), pen, FILL)
    a, b = _image(boxes, scale), _image(drawn, scale)
    assert a.pixelColor(QPoint(80, 70) * scale) == FILL
    # (a dashed outline's dash ends are shaded a shade apart, the stroke made at another origin)
    assert channels_apart(a, b) <= (16 if dash else 2), (dash, scale)
    assert _pixels_apart(a, b, 2) <= (80 if dash else 0)  # (of some 800 on the outline)


def test_boxes_of_one_look_share_one_picture_and_another_look_has_its_own(qtbot) -> None:
    same = [BoxItem(QRectF(10 + 60 * i, 10.3 * i, 50, 40), FILL, EDGE, 6, 1.2, False, 0.8, 1.0)
            for i in range(3)]
    other = BoxItem(QRectF(10, 120, 50, 40), QColor("#9fc3d6"), EDGE, 6, 1.2, False, 0.8, 1.0)
    keys = {item.pixmap().cacheKey() for item in same}
    assert len(keys) == 1
    assert other.pixmap().cacheKey() not in keys
    assert same[0].pixmap().width() == 42  # (50 + 1.2) * 0.8, rounded up, and a pixel to spare


def test_a_box_takes_the_picture_of_a_new_zoom_and_keeps_its_place_and_size(qtbot) -> None:
    box = BoxItem(QRectF(10.6, 10.6, 50, 40), FILL, EDGE, 6, 1.2, False, 1.0, 1.0)
    before = box.sceneBoundingRect()
    box.zoom(1.5, 2.0)
    assert box.pixmap().width() == 155  # 51.2 * 3, rounded up, and a pixel to spare
    assert box.pixmap().devicePixelRatio() == 2.0
    after = box.sceneBoundingRect()
    assert after.topLeft() == before.topLeft() == QRectF(10, 10, 1, 1).topLeft()
    assert abs(after.width() - 51.2) < 0.5 and abs(after.height() - 41.2) < 0.5


def test_a_board_behind_its_tab_paints_its_boxes_off_screen(qtbot) -> None:
    """As ``GamePage.prepare_next`` does: the view hidden, a strip painted into an image."""
    scene = QGraphicsScene(0, 0, 320, 200)
    scene.addItem(BoxItem(QRectF(10, 10, 50, 40), FILL, EDGE, 6, 1.2, True, 1.0, 1.0))
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.resize(340, 220)
    strip = QImage(320, 100, QImage.Format.Format_ARGB32_Premultiplied)
    strip.fill(QColor("white"))
    view.viewport().render(strip, QPoint(0, 0), QRegion(0, 0, 320, 100))
    assert strip.pixelColor(30, 30) == FILL


def test_the_boxes_of_a_home_board_follow_its_view_zoom(qtbot, monkeypatch, tmp_path) -> None:
    """A board's view zooms (the window resized, Ctrl+wheel): every box of its scene shows the
    picture made for the new zoom, one device pixel a pixel of it."""
    window = open_main_window(qtbot, monkeypatch, tmp_path, (1280, 720))
    window.life.install(GameHistory(Setup(players=2, seed=5, names=("Anna", "Ben"), start_player=0)))
    view = window.shown.page.home_views[0]
    window.shown.page.views.setCurrentWidget(view)
    qtbot.wait(10)
    boxes = [i for i in view.scene().items_now() if isinstance(i, BoxItem)]
    assert len(boxes) > 20
    for zoom in (1.0, 1.25, 0.8):
        view.set_zoom(zoom)
        scale = view.transform().m11()
        assert all(abs(b.transform().m11() * scale - 1) < 1e-9 for b in boxes), zoom
    window.resize(1600, 1000)
    qtbot.wait(10)
    assert view.transform().m11() != scale
    assert all(abs(b.transform().m11() * view.transform().m11() - 1) < 1e-9 for b in boxes)


def test_a_window_moved_to_a_screen_of_other_pixels_gives_the_boxes_pictures_for_it(qtbot, monkeypatch,
                                                                                      tmp_path) -> None:
    """Qt says the device pixel ratio changed (the window went to a screen of twice the pixels):
    every board's boxes take pictures of that many pixels, at the same zoom."""
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QWidget

    window = open_main_window(qtbot, monkeypatch, tmp_path, (1280, 720))
    window.life.install(GameHistory(Setup(players=2, seed=5, names=("Anna", "Ben"), start_player=0)))
    view = window.shown.page.home_views[0]
    boxes = [i for i in view.scene().items_now() if isinstance(i, BoxItem)]
    assert boxes and all(b.pixmap().devicePixelRatio() == 1.0 for b in boxes)
    monkeypatch.setattr(QWidget, "devicePixelRatioF", lambda self: 2.0)
    QCoreApplication.sendEvent(window.shown.page, QEvent(QEvent.Type.DevicePixelRatioChange))
    assert all(b.pixmap().devicePixelRatio() == 2.0 for b in boxes)
    assert all(abs(b.transform().m11() * view.transform().m11() - 1) < 1e-9 for b in boxes)


def test_the_action_spaces_grounds_follow_the_game_boards_zoom(qtbot, monkeypatch, tmp_path) -> None:
    """The action spaces show their shared grounds the same way (a picture made for the zoom,
    one device pixel a pixel), and take those of a new zoom."""
    window = open_main_window(qtbot, monkeypatch, tmp_path, (1280, 720))
    window.life.install(GameHistory(Setup(players=2, seed=5, names=("Anna", "Ben"), start_player=0)))
    view = window.shown.page.board_view
    cards = list(view.scene().spaces.values())
    assert len(cards) == 30
    for zoom in (1.0, 1.25):
        view.set_zoom(zoom)
        scale = view.transform().m11()
        assert all(abs(c.ground.transform().m11() * scale - 1) < 1e-9 for c in cards), zoom
        card = cards[0]
        shown = card.ground.sceneBoundingRect()
        assert abs(shown.width() - card.rect.width() - 4) < 2 / scale  # (the border's room: 2 a side)
