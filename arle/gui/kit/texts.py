"""The language the window speaks, and ``say`` to put the engine's texts into it.

The engine returns ``Text`` records (English message ids with parameters); every place in the GUI
that shows one goes through ``say`` here, so one call at startup (``set_language``) switches the
whole window.
"""

from __future__ import annotations

from arle.engine import ENGLISH, Language, Text
from arle.engine import say as _say

_current: Language = ENGLISH


def set_language(language: Language) -> None:
    """Called once, before the first window is built."""
    global _current
    _current = language


def language() -> Language:
    return _current


def say(text: Text | str | int | float) -> str:
    """``text`` in the window's language (a plain str is shown as it is)."""
    return _say(text, _current)


#: The scheme of a link to a section of Help > How to play (``shell.how_to_play.open_link``).
HOWTO_SCHEME = "howto"


def howto_link(section: str, text: str) -> str:
    """A rich-text link to a How to play ``section``: kept here so that the rooms below the shell
    (the guide's card) can write one without importing the shell."""
    return f'<a href="{HOWTO_SCHEME}:{section}">{text}</a>'
