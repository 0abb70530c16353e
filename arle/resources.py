"""Locate files in the top-level ``resources/`` folder: the one fact about where Arle is installed
that every layer may ask (the computer players read their tuned weights there, the window its
pictures), so it stands below them all and imports nothing of Arle (issue 49)."""

from __future__ import annotations

import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path


def _roots() -> Iterator[Path]:
    """Where ``resources/`` may be, most likely first (lazily: asking sysconfig for the install
    folders costs about half a millisecond, and a checkout or frozen build never needs them)."""
    base = getattr(sys, "_MEIPASS", None)
    if base:  # a frozen build (PyInstaller) unpacks it under sys._MEIPASS
        yield Path(base) / "resources"
        return
    # A source checkout or an editable install: next to the ``arle`` package.
    yield Path(__file__).resolve().parents[1] / "resources"
    # A wheel install: pyproject's data-files put it under <data>/share/arle/ (venv/system or --user).
    for scheme in (sysconfig.get_default_scheme(), sysconfig.get_preferred_scheme("user")):
        yield Path(sysconfig.get_path("data", scheme)) / "share" / "arle" / "resources"


def resource_path(name: str) -> Path:
    """Path of ``resources/<name>``: the first place that has it (else where a checkout keeps it)."""
    first: Path | None = None
    for root in _roots():
        first = first or root
        if (root / name).exists():
            return root / name
    assert first is not None  # _roots always yields
    return first / name
