"""What the window's parts (``lifecycle``: the game's life; ``game_files``: its files) ask of the
main window. ``main_window.MainWindow`` imports them: naming its shape keeps the imports one way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QProgressBar, QStackedWidget, QStatusBar, QWidget

    from arle.engine import Move
    from arle.files.journal import Autosaver
    from arle.files.settings import Settings
    from arle.gui.friend import Connection
    from arle.gui.kit.background import Worker
    from arle.gui.kit.bubble import Bubble
    from arle.gui.shell.shown_game import ShownGame
    from arle.gui.shell.start_page import StartPage
    from arle.match import GameHistory, LogEntry


T = TypeVar("T")


class Loader(Protocol):
    """What a part asks of the window's files (``game_files.GameFiles``): work off the GUI thread."""

    def load_off_thread(self, what: str, work: Callable[[], T], done: Callable[[T], None],
              failed: Callable[[Exception], None]) -> None: ...


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
    side_action: QAction
    @property
    def files(self) -> Loader: ...


    def window(self) -> QWidget: ...
    def statusBar(self) -> QStatusBar: ...
    def set_warning(self, topic: str, text: str | None) -> None: ...
    def keep_settings(self) -> None: ...
    def update_actions(self, *_: object) -> None: ...
    def update_title(self, *_: object) -> None: ...
    def apply_play_settings(self) -> None: ...
    def confirm_move(self, move: Move) -> bool: ...
    def zoom_by(self, steps: int) -> None: ...
    def player_defaults(self) -> tuple[tuple[str, str], tuple[str, str]]: ...
    def install(self, history: GameHistory, colors: list[str] | None = None,
                save_path: Path | None = None, *, autosaver: Autosaver | None = None,
                log: Sequence[LogEntry] | None = None, connection: Connection | None = None) -> None: ...
    def new_game(self) -> None: ...
    def rematch(self) -> None: ...
    def refresh_games(self) -> None: ...
    def may_drop_game(self) -> bool: ...
    def save_game(self) -> bool: ...
