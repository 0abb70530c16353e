"""Autosave after every move, one journal per unfinished game, and resume after a crash, a power
failure or a closed window: no game is ever lost, and New Game or Open never overwrite one.

- ``format``: the journal's lines, written and read;
- ``reader``: ``resume`` a journal, recovering what damage left (``Damage``, ``ResumedGame``);
- ``listener``: the ``Autosaver``, which writes a line for every change of the match it hears;
- ``summary`` and ``listing``: the unfinished games for the start page (``list_games``).
"""

from arle.files.errors import GameInUse
from arle.files.paths import autosave_path, new_autosave_path

from .listener import Autosaver, JournalChanged, keep_damaged_copy
from .listing import GameEntry, Listing, list_games, scan_games, set_aside
from .reader import Damage, ResumedGame, find_unfinished, load_autosave, resume

__all__ = [
    "Autosaver", "Damage", "GameEntry", "GameInUse", "JournalChanged", "Listing", "ResumedGame",
    "autosave_path", "find_unfinished", "keep_damaged_copy", "list_games", "load_autosave",
    "new_autosave_path", "resume", "scan_games", "set_aside",
]
