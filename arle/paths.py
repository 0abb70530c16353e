"""Where Arle keeps its files: the data folder, the saves folder, the autosave journal.

Kept apart from ``arle.saves`` (which needs the rules engine) so that the start page can look for
the last game and the recent saves before the engine is loaded: the first window paints sooner.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

#: The file extension of saves (the ``.json`` keeps them openable by any text editor).
EXTENSION = ".arle.json"


def data_dir() -> Path:
    """The user data directory (``ARLE_DATA_DIR`` overrides it, for tests and portable installs)."""
    override = os.environ.get("ARLE_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("arle", appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_path() -> Path:
    """The journal of the game in progress (``arle.autosave``)."""
    return data_dir() / "autosave.arle-journal"
