"""The start page's offer of a game review (issue 40): "Review this game" in the context menu of
its games in progress and recent saves, and a button for the game selected. Kept apart from the
review window (``review``), which needs the rules engine: the start page is painted before the
engine is imported (issue 15), and the review is loaded only when it is asked for.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QPoint, Qt
from PySide6.QtWidgets import QBoxLayout, QListWidget, QMenu, QPushButton, QWidget


def _tr(text: str) -> str:
    return QCoreApplication.translate("Review", text)


class StartLists(Protocol):
    """What the review asks of the start page: its two lists and the window."""

    games: QListWidget
    recent: QListWidget

    @property
    def window_(self) -> object: ...


def _open(path: Path, window: object) -> None:
    from arle.gui.shell.review_window import open_file

    open_file(path, window if isinstance(window, QWidget) else None)


def attach_to_start_page(page: StartLists, path_role: int, kind_role: int) -> QPushButton:
    """The start page's offer: "Review this game" in the context menu of its games in progress
    and recent saves, and a button under them for the game selected (``path_role`` and
    ``kind_role``: where its items keep their file and what it is)."""
    PATH_ROLE, KIND_ROLE = path_role, kind_role

    button = QPushButton(_tr("Review the selected game"))
    button.setObjectName("reviewButton")
    button.setToolTip(_tr("The moments that cost the most, replayed on the board."))
    button.hide()
    lists = (page.games, page.recent)

    def selected() -> Path | None:
        for widget in lists:
            item = widget.currentItem()
            if (item is not None and widget.isVisible() and item.isSelected()
                    and item.data(KIND_ROLE) in (None, "ok", "in_use")):
                return Path(item.data(PATH_ROLE))
        return None

    def update() -> None:
        button.setVisible(selected() is not None)

    def review_selected() -> None:
        path = selected()
        if path is not None:
            _open(path, page.window_)

    def menu(widget: QListWidget, point: QPoint) -> None:
        item = widget.itemAt(point)
        if item is None or item.data(KIND_ROLE) not in (None, "ok", "in_use"):
            return
        context = QMenu(widget)
        action = context.addAction(_tr("Review this game"))
        action.triggered.connect(lambda: _open(Path(item.data(PATH_ROLE)), page.window_))
        context.exec(widget.mapToGlobal(point))

    for widget in lists:
        widget.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        widget.customContextMenuRequested.connect(lambda point, w=widget: menu(w, point))
        widget.itemSelectionChanged.connect(update)
    button.clicked.connect(review_selected)
    holder = page.recent.parentWidget()
    layout = holder.layout() if holder is not None else None
    if isinstance(layout, QBoxLayout):  # under the recent saves
        layout.insertWidget(layout.indexOf(page.recent) + 1, button)
    return button
