"""Qt views of the game."""

from __future__ import annotations

import ctypes
import sys


def _pin_singletons() -> None:
    """Work around a PySide6 binding bug on Python 3.11: many Qt methods (QPainter.setPen,
    QFont.setBold, bool getters...) return ``None``/``True``/``False`` without taking a
    reference, so every call lowers that object's reference count by one and a few thousand
    paint calls end in "Fatal Python error: none_dealloc" (or bool_dealloc). From Python 3.12
    these objects are immortal and the bug is harmless; on 3.11 we give them (and the other
    objects 3.12 makes immortal: small ints, empty tuple/str/bytes) a reference count so large
    that it can never reach zero.
    """
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    pinned: list[object] = [None, True, False, Ellipsis, NotImplemented, (), "", b""]
    pinned += list(range(-5, 257))
    pinned += [chr(i) for i in range(256)]
    for obj in pinned:
        ctypes.c_ssize_t.from_address(id(obj)).value += 1 << 40


_pin_singletons()
