"""One paint a move: the rule, and the one place that keeps it.

**Rule.** A move (an undo, a redo, a new game) is laid out first and then painted once: the boards
shown, the side panel and the tabs together, in one paint of the window.

**Why it needs keeping.** A scene processes its changed items in an event of its own and then
paints the whole window at once (``QGraphicsScene`` dispatches its views' pending paints
synchronously). Left to the event loop, that came before the side panel was laid out, and the
window was painted again after each round of layout: two to four times a move.

**How.** After a change the page posts one ``SETTLE`` event at high priority, so that it comes
before the scenes' own processing; ``settle`` then redraws the shown boards, does every layout
(``LAYOUT_ROUNDS`` rounds: each lays out one level of nested layouts, the side panel has fewer),
takes the paints widgets asked for later, and only then lets the scenes process their items.
Deferred like the boards' own redraw, never inside the handler of the piece that made the move;
code inside a move's handlers must not send posted events itself (``GamePage._bring_forward``).

A move that brings another board forward is painted a second time (the tab's first paint is
Qt's). Kept by ``tests/gui/test_paint_once.py`` (``test_a_move_paints_the_window_once``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt

if TYPE_CHECKING:
    from arle.gui.boards.scene import GameScene

#: Rounds of posted layout requests taken before the paint: one a level of nesting.
LAYOUT_ROUNDS = 8


class OnePaint(QObject):
    """Settles a page after each change so that the window paints once (see the module)."""

    #: The event that settles the page: posted at high priority (see the module).
    SETTLE = QEvent.Type(QEvent.registerEventType())

    def __init__(self, scenes: Callable[[], Sequence[GameScene]], parent: QObject) -> None:
        super().__init__(parent)
        self._scenes = scenes
        #: A settle is posted and not yet done.
        self.pending = False

    def soon(self, *_: Any) -> None:
        """After a change: settle once the change's handlers have all run."""
        if not self.pending:
            self.pending = True
            QCoreApplication.postEvent(self, QEvent(self.SETTLE), Qt.EventPriority.HighEventPriority.value)

    def event(self, event: QEvent) -> bool:
        if event.type() == self.SETTLE:
            self.settle()
            return True
        return super().event(event)

    def settle(self) -> None:
        """Redraw the shown boards and lay everything out, then let the scenes paint, once."""
        self.pending = False
        shown = [scene for scene in self._scenes() if scene.shown()]
        for scene in shown:
            scene.ensure_fresh()
        for _ in range(LAYOUT_ROUNDS):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        # A widget shown (the player to act's panel) asks to be painted in an event posted for
        # later: taken now, it is painted with the rest instead of in a second paint.
        QCoreApplication.sendPostedEvents(None, QEvent.Type.UpdateLater)
        for scene in shown:
            QCoreApplication.sendPostedEvents(scene, QEvent.Type.MetaCall)
