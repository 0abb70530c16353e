"""The application window.

For now it is a placeholder: the game board is not built yet, and the window says so.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QFrame, QLabel, QMainWindow, QVBoxLayout, QWidget

from arle import __version__
from arle.resources import resource_path

APP_NAME = "Arle"
WINDOW_SIZE = (1000, 700)

_STYLE = """
#backdrop {
    background: qlineargradient(x1:0, y1:0, x2:0, y2:1,
                                stop:0 #dcecf2, stop:0.62 #eef3e4, stop:1 #cfe3b8);
}
#card {
    background: rgba(255, 255, 255, 0.86);
    border: 1px solid #b9ccb0;
    border-radius: 18px;
}
#title {
    color: #2d4f3a;
    font-size: 24px;
    font-weight: 600;
}
#subtitle {
    color: #4c6a57;
    font-size: 15px;
}
#version {
    color: #7a8f80;
    font-size: 12px;
}
"""


def app_icon() -> QIcon:
    """The window icon; an empty icon if the resource file is missing."""
    path = resource_path("icon.svg")
    return QIcon(str(path)) if path.is_file() else QIcon()


def _label(text: str, name: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName(name)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    return label


def build_window() -> QMainWindow:
    """Build the main window without showing it (a QApplication must exist)."""
    window = QMainWindow()
    window.setWindowTitle(APP_NAME)
    window.setWindowIcon(app_icon())
    window.resize(*WINDOW_SIZE)

    backdrop = QWidget()
    backdrop.setObjectName("backdrop")
    backdrop.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
    backdrop.setStyleSheet(_STYLE)

    card = QFrame()
    card.setObjectName("card")
    card.setMinimumWidth(640)
    inner = QVBoxLayout(card)
    inner.setContentsMargins(40, 36, 40, 32)
    inner.setSpacing(14)

    logo = QLabel()
    logo.setObjectName("logo")
    logo.setAlignment(Qt.AlignmentFlag.AlignCenter)
    logo.setPixmap(app_icon().pixmap(128, 128))
    inner.addWidget(logo)

    inner.addWidget(_label("Fields of Arle — the game board is coming soon", "title"))
    inner.addWidget(
        _label(
            "Hot-seat for two players or solo with undo.\n"
            "The rules engine is being written; this window will become\n"
            "the farm, the dike and the tidal flats.",
            "subtitle",
        )
    )
    inner.addWidget(_label(f"Version {__version__}", "version"))

    outer = QVBoxLayout(backdrop)
    outer.addStretch(1)
    outer.addWidget(card, 0, Qt.AlignmentFlag.AlignHCenter)
    outer.addStretch(1)

    window.setCentralWidget(backdrop)
    return window


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
    window.show()
    return app.exec()
