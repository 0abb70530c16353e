"""What the window's parts (``game_life``: the game's life; ``game_files``: its files) ask of the
main window. ``main_window.MainWindow`` imports them: naming its shape keeps the imports one way;
what they ask of each other is ``parts``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from arle.gui.shell.menus import Menus, MenuWindow

if TYPE_CHECKING:
    from PySide6.QtWidgets import QProgressBar, QStackedWidget, QStatusBar, QWidget

    from arle.gui.kit.background import Worker
    from arle.gui.kit.bubble import Bubble
    from arle.gui.shell.start_page import StartPage


class Host(MenuWindow, Protocol):
    """The main window as its parts see it: public members only (issue 49: the parts read 14
    private members of the window); what the menus act on (its settings, the game shown, the
    other parts) too."""

    #: What the player must not miss, by topic (``MainWindow.set_warning``).
    warnings: dict[str, str]
    use_autosave: bool
    news: str
    stack: QStackedWidget
    start_page: StartPage
    bubble: Bubble
    busy: QProgressBar
    loader: Worker
    lister: Worker
    menus: Menus

    def window(self) -> QWidget: ...
    def statusBar(self) -> QStatusBar: ...
    def set_warning(self, topic: str, text: str | None) -> None: ...
    def keep_settings(self) -> None: ...
    def set_tutorial_done(self) -> None: ...
    def update_title(self, *_: object) -> None: ...
    def apply_play_settings(self) -> None: ...
