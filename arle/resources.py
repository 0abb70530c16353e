"""Locate files in the top-level ``resources/`` folder."""

from __future__ import annotations

import sys
from pathlib import Path


def resource_path(name: str) -> Path:
    """Path of ``resources/<name>``.

    In a frozen build (PyInstaller) the folder is unpacked under ``sys._MEIPASS``;
    otherwise it sits at the repository top level, next to the ``arle`` package
    (a source checkout or an editable install).
    """
    base = getattr(sys, "_MEIPASS", None)
    root = Path(base) if base else Path(__file__).resolve().parent.parent
    return root / "resources" / name
