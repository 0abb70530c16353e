"""Pieces that move: a piece whose place changed glides there instead of jumping.

A scene redraws from the state (``arle.gui.boards.scene``); this module only decorates that redraw. Before
a rebuild the scene notes where each piece is (``Snapshot``); after it, a piece that vanished from
one place and a piece that looks the same and appeared at another are paired, and the new piece is
shown gliding from the old place along a small arc (a Dike slides, an Animal hops, a Worker goes
to its space). The state is never animated, only the picture: ``finish`` puts every piece where
the state says at once, and a scene calls it before any redraw, undo or new game, so an animation
can be interrupted at any moment and never leaves a piece mid-way.

Speed is a setting (``animations``: on / fast / off); off draws the new picture at once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPointF

if TYPE_CHECKING:  # (the window's start sets the speed: the animation classes load at the first glide)
    from PySide6.QtCore import QVariantAnimation
    from PySide6.QtWidgets import QGraphicsItem

#: Milliseconds a move takes to play, per setting (within a few frames: short enough never to
#: hold a player up, long enough to see where a piece went).
DURATIONS = {"on": 260, "fast": 120, "off": 0}
#: More pieces than this changing place at once (a new half-year, a tab rebuilt) is not a move
#: to follow: the picture changes at once.
MAX_MOVING = 6

_speed = "on"


def set_speed(name: str) -> None:
    """``on``, ``fast`` or ``off`` (the ``animations`` setting); anything else means ``on``."""
    global _speed
    _speed = name if name in DURATIONS else "on"


def duration() -> int:
    return DURATIONS[_speed]


_ANIMATION: tuple[Any, ...] = ()


def _animation_classes() -> tuple[Any, Any]:
    """QVariantAnimation and QEasingCurve, loaded with the first board, not at the window's start
    (which they would slow); kept here, not imported in ``glide``, where the import statement went through
    PySide6's import hook at each glide."""
    global _ANIMATION
    if not _ANIMATION:
        from PySide6.QtCore import QEasingCurve, QVariantAnimation

        _ANIMATION = (QVariantAnimation, QEasingCurve)
    return _ANIMATION


def _centre(item: QGraphicsItem) -> QPointF:
    return item.mapToScene(item.boundingRect().center())


class Snapshot:
    """Where each piece was before a rebuild, by what it looks like apart from its place."""

    def __init__(self, items: Iterable[tuple[Any, QGraphicsItem]]) -> None:
        self.where: dict[Any, list[QPointF]] = {}
        self.ids: set[int] = set()
        #: The pieces themselves, kept alive while the snapshot is: a piece the rebuild took away
        #: and freed left its id to a new piece, which then counted as kept and did not glide.
        self.items: list[QGraphicsItem] = []
        for key, item in items:
            self.where.setdefault(key, []).append(_centre(item))
            self.ids.add(id(item))
            self.items.append(item)

    def pairs(self, items: Iterable[tuple[Any, QGraphicsItem]],
              dropped: tuple[QPointF, QPointF] | None = None) -> list[tuple[QGraphicsItem, QPointF]]:
        """(new piece, where it was) for each piece that changed place. A piece the player just
        dropped glides from the drop point (``dropped`` = its old centre, the drop point)."""
        now: dict[Any, list[tuple[QPointF, QGraphicsItem]]] = {}
        for key, item in items:
            if id(item) not in self.ids:  # a piece kept by the rebuild did not move
                now.setdefault(key, []).append((_centre(item), item))
        out: list[tuple[QGraphicsItem, QPointF]] = []
        for key, appeared in now.items():
            before = self.where.get(key, [])
            gone = [p for p in before if not any(_near(p, q) for q, _ in appeared)]
            came = [(q, item) for q, item in appeared if not any(_near(q, p) for p in before)]
            if not gone or len(gone) != len(came):
                continue
            for q, item in came:  # each to the nearest old place left
                p = min(gone, key=lambda p: _dist(p, q))
                gone.remove(p)
                if dropped is not None and _near(p, dropped[0]):
                    p = dropped[1]
                out.append((item, p))
        return out if len(out) <= MAX_MOVING else []


def _dist(a: QPointF, b: QPointF) -> float:
    return math.hypot(a.x() - b.x(), a.y() - b.y())


def _near(a: QPointF, b: QPointF) -> bool:
    return _dist(a, b) < 0.5


class Motions:
    """The animations running in one scene; ``finish`` ends them all with every piece in place."""

    def __init__(self, owner: QObject) -> None:
        _animation_classes()  # (loaded with the boards, not in the first move that glides)
        self.owner = owner
        #: (animation, piece, its place; None: a piece only shown while it moves)
        self._running: list[tuple[QVariantAnimation, QGraphicsItem, QPointF | None]] = []

    @property
    def active(self) -> bool:
        return bool(self._running)

    def glide(self, item: QGraphicsItem, start: QPointF, *, lift: float | None = None,
              remove_after: bool = False) -> None:
        """Show ``item`` (already where it belongs) coming from the scene point ``start``: from
        there to its place along an arc ``lift`` high (default: a small hop, by the distance).
        ``remove_after``: a piece only shown while it moves (it is taken out of the scene)."""
        ms = duration()
        end = QPointF(item.pos())
        offset = start - _centre(item)
        distance = math.hypot(offset.x(), offset.y())
        if ms <= 0 or distance < 1.0:
            if remove_after and item.scene() is not None:
                item.scene().removeItem(item)
            return
        height = min(24.0, distance / 5) if lift is None else lift
        QVariantAnimation, QEasingCurve = _animation_classes()

        anim = QVariantAnimation(self.owner)
        anim.setDuration(ms)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)

        def step(t: Any) -> None:
            f = 1.0 - float(t)
            item.setPos(end + offset * f - QPointF(0, height * math.sin(math.pi * float(t))))

        anim.valueChanged.connect(step)
        entry = (anim, item, None if remove_after else end)
        anim.finished.connect(lambda: self._land(entry))
        self._running.append(entry)
        step(0.0)
        anim.start()

    def _land(self, entry: tuple[QVariantAnimation, QGraphicsItem, QPointF | None]) -> None:
        """End one glide: the piece at its place (or out of the scene, ``end`` None)."""
        if entry not in self._running:
            return
        self._running.remove(entry)
        anim, item, end = entry
        anim.stop()
        if end is not None:
            item.setPos(end)
        elif item.scene() is not None:
            item.scene().removeItem(item)
        anim.deleteLater()

    def finish(self) -> None:
        """Every piece where the state says, now (before a redraw, an undo, a new game)."""
        for entry in list(self._running):
            self._land(entry)
