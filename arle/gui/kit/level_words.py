"""The computer levels in words. Their records are ``arle.ai.LEVELS``, but the start page names the
levels of the games in progress before the rules engine (which ``arle.ai`` loads) is imported:
importing it on the window's thread froze the window (issue 42 item 7). So until ``arle.ai`` is
loaded, the labels come from ``labels()``, which tests/ai/test_levels.py holds equal to the
records.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QCoreApplication


def _tr(text: str) -> str:
    return QCoreApplication.translate("Coach", text)


def labels() -> dict[str, str]:
    """The records' labels by name, in the window's language, without the engine."""
    return {"easy": _tr("Easy"), "normal": _tr("Normal"), "hard": _tr("Hard"), "expert": _tr("Expert"),
            "random": _tr("Random")}


def level_name(level: str) -> str:
    """A computer level in words (a level of a newer Arle, in a save: its name)."""
    if "arle.ai" in sys.modules:  # loaded: the records themselves
        from arle.ai.levels import LEVELS
        from arle.engine import noun
        from arle.gui.kit.texts import say

        return next((say(noun(x.label)) for x in LEVELS if x.name == level), level)
    return labels().get(level, level)


def seat_words(name: str, seat: str) -> str:
    """A player's name with who plays the seat: a person's bare, a friend's "on another computer",
    the computer's with its level ("Ben (computer, Hard)")."""
    if seat == "person":
        return name
    if seat == "remote":
        return _tr("{name} (on another computer)").format(name=name)
    return _tr("{name} (computer, {level})").format(name=name, level=level_name(seat))
