"""Start the desktop application: QApplication, translations, the main window."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Sequence

import shiboken6
from PySide6.QtCore import QEvent, QLibraryInfo, QLocale, QObject, QTimer, QTranslator
from PySide6.QtWidgets import QApplication

from arle import __version__
from arle.files.resources import resource_path
from arle.gui.main_window import APP_NAME, MainWindow, app_icon

__all__ = ["APP_NAME", "app_icon", "build_window", "install_translations", "run"]


def install_translations(app: QApplication, language: str | None = None) -> list[QTranslator]:
    """Load Qt's own and Arle's translations for ``language`` (default: the system locale).

    Arle's are ``resources/i18n/arle_<lang>.qm``: a French edition is a file to add there.
    """
    lang = language or QLocale.system().name().split("_")[0]
    loaded = []
    for name, folder in (("qtbase", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)),
                         ("arle", str(resource_path("i18n")))):
        translator = QTranslator(app)
        if translator.load(f"{name}_{lang}", folder):
            app.installTranslator(translator)
            loaded.append(translator)
    return loaded


def build_window(*, autosave: bool = True) -> MainWindow:
    """Build the main window without showing it (a QApplication must exist)."""
    return MainWindow(autosave=autosave)


def run(argv: Sequence[str] | None = None) -> int:
    """Start the application and return its exit code.

    ``argv`` is handed to QApplication (program name first); default ``sys.argv``.
    """
    app = QApplication.instance() or QApplication(list(sys.argv if argv is None else argv))
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setWindowIcon(app_icon())
    window = build_window()
    install_translations(app, window.settings.language)
    if os.environ.get("ARLE_BENCH_FIRST_PAINT"):
        _quit_after_first_paint(app, window)
    window.show()
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
