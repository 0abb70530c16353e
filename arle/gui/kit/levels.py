"""The computer levels in words, without the rules engine: the start page names them before the
engine is loaded (importing it on the window's thread froze the window, issue 42 item 7)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def _tr(text: str) -> str:
    return QCoreApplication.translate("Coach", text)


def level_name(level: str) -> str:
    """A computer level in words."""
    names = {"easy": _tr("Easy"), "normal": _tr("Normal"), "hard": _tr("Hard"), "expert": _tr("Expert"),
             "random": _tr("Random")}
    return names.get(level, level)
