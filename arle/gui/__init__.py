"""Qt views of the game."""

from __future__ import annotations

import ctypes
import sys


def _pin_none() -> None:
    """Work around a PySide6 binding bug on Python 3.11: many void Qt methods (QPainter.setPen,
    QFont.setBold...) return ``None`` without taking a reference, so every call lowers None's
    reference count by one and a few thousand paint calls end in "Fatal Python error:
    none_dealloc". From Python 3.12 None is immortal and the bug is harmless; on 3.11 we give
    None a reference count so large that it can never reach zero.
    """
    if sys.version_info < (3, 12) and sys.implementation.name == "cpython":
        refcnt = ctypes.c_ssize_t.from_address(id(None))
        refcnt.value += 1 << 48


_pin_none()
