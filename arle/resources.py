"""Locate files in the top-level ``resources/`` folder."""

from __future__ import annotations

import sys
import sysconfig
from pathlib import Path


def _roots() -> list[Path]:
    """Where ``resources/`` may be, most likely first."""
    base = getattr(sys, "_MEIPASS", None)
    if base:  # a frozen build (PyInstaller) unpacks it under sys._MEIPASS
        return [Path(base) / "resources"]
    # A source checkout or an editable install: next to the ``arle`` package.
    roots = [Path(__file__).resolve().parent.parent / "resources"]
    # A wheel install: pyproject's data-files put it under <data>/share/arle/ (venv/system or --user).
    for scheme in (sysconfig.get_default_scheme(), sysconfig.get_preferred_scheme("user")):
        roots.append(Path(sysconfig.get_path("data", scheme)) / "share" / "arle" / "resources")
    return roots


def resource_path(name: str) -> Path:
    """Path of ``resources/<name>``: the first place that has it (else where a checkout keeps it)."""
    roots = _roots()
    for root in roots:
        if (root / name).exists():
            return root / name
    return roots[0] / name
