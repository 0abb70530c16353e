"""Helpers for the board scene tests: a session on an explicit setup, a view showing a scene,
and real mouse drags and clicks sent to the view's viewport (from ``arle.commands.driver``)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsView

from arle.commands.driver import click, drag, move_held, view_point
from arle.engine import Setup
from arle.engine.interpreter.steps import Script
from arle.gui.session import new_session
from arle.match.change import Change

__all__ = ["Messages", "click", "drag", "make_session", "open_main_window", "refresh", "run_steps", "show"]


def open_main_window(qtbot: Any, monkeypatch: Any, tmp_path: Any, size: tuple[int, int]) -> Any:
    """The real main window, shown at ``size``, with settings and games in ``tmp_path``."""
    from arle.gui.shell.main_window import MainWindow

    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path / "data"))
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


def make_session(players: int = 2, buildings: tuple[str, ...] = ()) -> Any:
    return new_session(
        Setup(players=players, seed=1, start_player=0, building_set="explicit", buildings=buildings)
    )


def refresh(session: Any) -> None:
    """After editing ``session.match.game.state`` directly: let the game re-derive its moves, redraw."""
    session.match.game.refresh()
    session.changed.emit(Change("redo", [], 0))


def run_steps(session: Any, player: int, steps: list[Any]) -> None:
    """Run rule steps for ``player`` (as an action would) up to the first decision."""
    game = session.match.game
    game.push(Script(player, list(steps), source="test"))
    refresh(session)


def show(qtbot: Any, scene: Any, width: int, height: int) -> QGraphicsView:
    view = QGraphicsView(scene)
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    qtbot.addWidget(view)
    view.resize(width, height)
    view.show()
    qtbot.waitExposed(view)
    view.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
    QApplication.processEvents()
    return view


def _vp(view: QGraphicsView, scene_pos: QPointF) -> QPoint:
    return view_point(view, scene_pos)


def _move(view: QGraphicsView, point: QPoint) -> None:
    """A mouse move with the left button held (QTest.mouseMove does not carry buttons)."""
    move_held(view.viewport(), point)


class Messages:
    """Collects ``session.message``."""

    def __init__(self, session: Any) -> None:
        self.texts: list[str] = []
        session.message.connect(self.texts.append)


def channels_apart(a: QImage, b: QImage, rows: range | None = None) -> int:
    """The largest difference of one colour channel between two pictures (in ``rows``: all).
    Rows alike byte for byte are passed over whole (a window's picture is a million pixels)."""
    assert a.size() == b.size()
    a = a.convertToFormat(QImage.Format.Format_ARGB32)
    b = b.convertToFormat(QImage.Format.Format_ARGB32)
    line = a.bytesPerLine()
    bits_a, bits_b = bytes(a.constBits()), bytes(b.constBits())
    worst = 0
    for y in rows if rows is not None else range(a.height()):
        row_a, row_b = bits_a[y * line:(y + 1) * line], bits_b[y * line:(y + 1) * line]
        if row_a != row_b:
            worst = max(worst, *(abs(p - q) for p, q in zip(row_a, row_b, strict=True)))
    return worst
