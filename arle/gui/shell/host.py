"""What the window's parts (``lifecycle``: the game's life; ``game_files``: its files) ask of the
main window. ``main_window.MainWindow`` imports them: naming its shape keeps the imports one way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pathlib import Path

    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QProgressBar, QStackedWidget, QStatusBar, QWidget

    from arle.engine import Move
    from arle.files.autosave import Autosaver
    from arle.files.settings import Settings
    from arle.gui.kit.background import Worker
    from arle.gui.kit.bubble import Bubble
    from arle.gui.shell.game_files import GameFiles
    from arle.gui.shell.shown_game import ShownGame
    from arle.gui.shell.start_page import StartPage
    from arle.match import GameHistory


class Host(Protocol):
    """The main window as its parts see it."""

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
    side_action: QAction
    files: GameFiles

    def window(self) -> QWidget: ...
    def statusBar(self) -> QStatusBar: ...
    def set_warning(self, topic: str, text: str | None) -> None: ...
    def _save_settings(self) -> None: ...
    def _update_actions(self, *_: object) -> None: ...
    def _update_title(self, *_: object) -> None: ...
    def _apply_play_settings(self) -> None: ...
    def _confirm_move(self, move: Move) -> bool: ...
    def zoom_by(self, steps: int) -> None: ...
    def player_defaults(self) -> tuple[tuple[str, str], tuple[str, str]]: ...
    def install(self, history: GameHistory, colors: list[str] | None = None,
                save_path: Path | None = None, *, autosaver: Autosaver | None = None,
                connection: dict[str, Any] | None = None) -> None: ...
    def new_game(self) -> None: ...
    def rematch(self) -> None: ...
    def refresh_games(self) -> None: ...
    def may_drop_game(self) -> bool: ...
    def save_game(self) -> bool: ...
