"""What the window's parts (``game_life``: the game's life; ``game_files``: its files) ask of the
main window. ``main_window.MainWindow`` imports them: naming its shape keeps the imports one way;
what they ask of each other is ``parts``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtWidgets import QProgressBar, QStackedWidget, QStatusBar, QWidget

    from arle.files.settings import Settings
    from arle.gui.kit.background import Worker
    from arle.gui.kit.bubble import Bubble
    from arle.gui.shell.menus import Menus
    from arle.gui.shell.parts import FilesPart, LifePart
    from arle.gui.shell.shown_game import ShownGame
    from arle.gui.shell.start_page import StartPage


class Host(Protocol):
    """The main window as its parts see it: public members only (issue 49: the parts read 14
    private members of the window)."""

    settings: Settings
    #: What the player must not miss, by topic (``MainWindow.set_warning``).
    warnings: dict[str, str]
    use_autosave: bool
    news: str
    shown: ShownGame | None
    stack: QStackedWidget
    start_page: StartPage
    bubble: Bubble
    busy: QProgressBar
    loader: Worker
    lister: Worker
    menus: Menus

    @property
    def files(self) -> FilesPart: ...
    @property
    def life(self) -> LifePart: ...

    def window(self) -> QWidget: ...
    def statusBar(self) -> QStatusBar: ...
    def set_warning(self, topic: str, text: str | None) -> None: ...
    def keep_settings(self) -> None: ...
    def set_tutorial_done(self) -> None: ...
    def update_title(self, *_: object) -> None: ...
    def apply_play_settings(self) -> None: ...
    def zoom_by(self, steps: int) -> None: ...
    def show_how_to_play(self, section: str | None = None) -> None: ...
