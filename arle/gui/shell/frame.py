"""The window's frame: its style sheet, icon and size, and the memory its start leaves behind."""

from __future__ import annotations

import functools
import linecache

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QWidget

from arle.resources import resource_path

APP_NAME = "Arle"
DEFAULT_SIZE = (1600, 1000)
#: Room kept for a title bar and borders around the window while the system has not said.
FRAME_ALLOWANCE = QSize(16, 40)

STYLE_SHEET = """
#backdrop { background: qlineargradient(x1:0, y1:0, x2:0, y2:1,
            stop:0 #dcecf2, stop:0.62 #eef3e4, stop:1 #cfe3b8); }
#card { background: rgba(255, 255, 255, 0.9); border: 1px solid #b9ccb0; border-radius: 18px; }
#title { color: #2d4f3a; font-size: 26px; font-weight: 600; }
#subtitle { color: #4c6a57; font-size: 15px; }
#version { color: #7a8f80; font-size: 12px; }
#warning { color: #8a2c1f; font-weight: 600; background: #fbe9e4; border: 1px solid #e8b7ab;
           border-radius: 4px; padding: 2px 8px; }
#games { font-size: 13px; }
#games::item { padding: 5px 4px; border-bottom: 1px solid #e1e8dc; }
#games::item:selected { background: #cfe3d4; color: #1f2d24; }
#asideButton { padding: 6px 12px; color: #8a2c1f; }
#startButton { font-size: 16px; padding: 10px 18px; }
#sidePanel { background: #f6f2e6; }
#sectionTitle { font-weight: 600; color: #2b3a2f; }
#turnTitle { font-size: 17px; font-weight: 700; }
#turnPrompt { font-size: 14px; }
#hint { color: #35523f; }
#defaultButton { font-weight: 700; }
#defaultButton, #choiceButton, #skipButton { border: 2px solid #c4bca4; border-radius: 5px;
                                             padding: 5px; background: #fcfaf4; }
#defaultButton:hover, #choiceButton:hover, #skipButton:hover { background: #f1ecdc; }
#defaultButton:pressed, #choiceButton:pressed, #skipButton:pressed { background: #e2dcc8; }
#skipButton { color: #6d7a6f; }
#scoreTotal { font-size: 16px; font-weight: 700; }
#playerName { font-size: 14px; font-weight: 600; }
#scoringTitle { font-size: 20px; font-weight: 700; }
#scoringResult { font-size: 16px; font-weight: 600; color: #2d4f3a; }
#bubble { background: #fff4d6; color: #5a2a14; border: 1px solid #c98a3c; border-radius: 8px;
          padding: 6px 10px; font-size: 13px; }
"""


@functools.cache
def app_icon() -> QIcon:
    """The game's icon, read once: the application, the window and the start page show it."""
    path = resource_path("icon.svg")
    return QIcon(str(path)) if path.is_file() else QIcon()


def forget_module_sources() -> None:
    """Drop the source text of imported modules from ``linecache``.

    PySide6's import hook reads the whole source of every module imported after it (to look for
    ``from __feature__ import``) and that text stays cached, megabytes of it once the engine and
    the boards are loaded. Tracebacks read a file again when they need it; generated code
    (``<attrs generated ...>``, which cannot be read again) is kept.
    """
    for name in [n for n in linecache.cache if not n.startswith("<")]:
        linecache.cache.pop(name, None)


# -- the window -------------------------------------------------------------------------------------------


def fitted(rect: QRect, screen: QRect, frame: QSize) -> QRect:
    """``rect`` (a window's inside) made to fit on ``screen`` with its ``frame`` (title bar and
    borders) around it: shrunk if larger, moved if it hangs off. The frame's side borders are
    taken as equal and its bottom as thin as a side, the rest of its height being the title bar
    above the inside: the inside is placed below it, so the title bar stays on the screen."""
    side = frame.width() // 2
    top = frame.height() - side
    width = min(rect.width(), screen.width() - frame.width())
    height = min(rect.height(), screen.height() - frame.height())
    x = min(max(rect.x(), screen.x() + side), screen.right() + 1 - width - side)
    y = min(max(rect.y(), screen.y() + top), screen.bottom() + 1 - height - side)
    return QRect(x, y, width, height)


def on_screen(frame: QRect, screen: QRect) -> QPoint:
    """Where a window whose ``frame`` (title bar and borders included) hangs off ``screen`` goes:
    moved so that its title bar and left border are on it (a frame larger than the screen keeps
    its top left corner on it)."""
    x = max(screen.x(), min(frame.x(), screen.right() + 1 - frame.width()))
    y = max(screen.y(), min(frame.y(), screen.bottom() + 1 - frame.height()))
    return QPoint(x, y)


def keep_frame_on_screen(window: QWidget) -> None:
    """Move ``window`` so that its title bar and borders are on its screen: before the first show
    the frame is a guess (``FRAME_ALLOWANCE``), and a window manager may place the inside where it
    was asked and the title bar above the screen, with no handle or close button."""
    screen = window.screen().availableGeometry() if window.screen() is not None else None
    if screen is None or window.isMaximized() or window.isFullScreen() or not window.isVisible():
        return
    frame = window.frameGeometry()
    place = on_screen(frame, screen)
    if place != frame.topLeft():
        window.move(place)  # (a top-level window's pos() is its frame's)
