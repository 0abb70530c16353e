"""Start the desktop application: QApplication, translations, the main window."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Sequence

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

from arle import __version__
from arle.files.settings import load_settings
from arle.gui.shell.frame import APP_NAME, app_icon, keep_frame_on_screen
from arle.gui.shell.language import install_language
from arle.gui.shell.main_window import MainWindow

__all__ = ["APP_NAME", "app_icon", "build_window", "run"]


def build_window(*, autosave: bool = True) -> MainWindow:
    """Build the main window without showing it (a QApplication must exist)."""
    return MainWindow(autosave=autosave)


def run(argv: Sequence[str] | None = None, lang: str | None = None) -> int:
    """Start the application and return its exit code.

    ``argv`` is handed to QApplication (program name first); default ``sys.argv``. ``lang``
    ("en", "fr", "pseudo"): the language for this run, instead of the setting or the system's.
    """
    running = QApplication.instance()
    args = list(sys.argv if argv is None else argv)
    app = running if isinstance(running, QApplication) else QApplication(args)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setWindowIcon(app_icon())
    install_language(app, lang, load_settings().language)  # before the first window's texts are made
    window = build_window()
    if os.environ.get("ARLE_BENCH_FIRST_PAINT"):
        _quit_after_first_paint(app, window)
    window.show()
    for delay in (250, 1000):  # once the window manager has framed it (a slow one, a second)
        QTimer.singleShot(delay, window, lambda: keep_frame_on_screen(window))  # (not after it)
    code = app.exec()
    # The window goes before the QApplication, in Qt's order. Left to PySide's exit handler, it
    # and its children were deleted after Python had half torn them down: "shared QObject was
    # deleted directly" and a segfault (exit 139) after a game was replaced by New Game.
    shiboken6.delete(window)
    return code


class _FirstPaint(QObject):
    """For ``arle bench``: report the moment the main window is first painted, then quit."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self.app = app

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            print("FIRST_PAINT", time.time(), flush=True)
            QTimer.singleShot(0, self.app.quit)
        return False


def _quit_after_first_paint(app: QApplication, window: MainWindow) -> None:
    window.installEventFilter(_FirstPaint(app))
