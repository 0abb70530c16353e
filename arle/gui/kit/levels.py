"""The computer levels in words. Their records are ``arle.ai.LEVELS``, but the start page names the
levels of the games in progress before the rules engine (which ``arle.ai`` loads) is imported:
importing it on the window's thread froze the window (issue 42 item 7). So until ``arle.ai`` is
loaded, the labels come from ``LABELS``, which tests/ai/test_levels.py holds equal to the records.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QCoreApplication

from arle.files.catalogues import N_

#: The records' labels, by name, for the start page (held equal to ``arle.ai.LEVELS`` by a test).
LABELS: dict[str, str] = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"),
                          "expert": N_("Expert"), "random": N_("Random")}


def level_name(level: str) -> str:
    """A computer level in words (a level of a newer Arle, in a save: its name)."""
    if "arle.ai" in sys.modules:  # loaded: the records themselves
        from arle.ai.levels import LEVELS

        label = next((x.label for x in LEVELS if x.name == level), None)
    else:
        label = LABELS.get(level)
    return QCoreApplication.translate("Coach", label) if label is not None else level
