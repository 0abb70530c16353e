"""Qt views of the game, in four rooms around a few modules.

- ``app`` starts the window; ``session`` is the Qt face of the game being played (``arle.match``);
  ``computer`` plays the computer's seats and ``coach`` gives hints, both off the GUI thread;
  ``assists`` makes the moves the play settings make for the player; ``tutorial`` guides the
  first game.
- ``shell``: the window (``main_window``: menus), the start page, the dialogs, the language menu.
- ``side``: the game page (the boards' tabs beside the side panel), the panels, the game log.
- ``boards``: the scenes of the boards, their pieces, boxes and movements, their views.
- ``kit``: what every room uses: colours, names and labels (``style``), the language (``texts``),
  pictures, the background worker.

The rooms mostly build on one another (shell on side, side on boards, all on kit and on the
session); no module imports one that imports it back (``tests/test_boundaries.py``).
"""

from __future__ import annotations

import ctypes
import os
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


def _serial_painting() -> None:
    """Keep Qt's raster painting on the GUI thread. Qt 6 hands every fill taller than about 96
    lines (a scroll bar, a panel's background) to a pool of threads and waits for them: on a
    two-core machine handing over and waiting cost a millisecond a fill, a hundred times the
    fill (a scroll bar repainted several times faster without the pool). Read by Qt when it
    first paints; a value the user set is kept."""
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")


_serial_painting()


def _no_source_reading() -> None:
    """Stop PySide6 reading the source of every module imported after it.

    Its import hook reads a module's whole source text to see whether it names PySide6 (a
    module that does may turn on PySide's optional ``__feature__`` switches; Arle turns on
    none), and the texts stay in ``linecache``: some 60 modules read and kept before the first
    window. Every module is taken as one that names PySide6, as its sources
    would say: no switches, the same as before. A PySide6 without this hook is left alone."""
    import PySide6.QtCore  # noqa: F401  (loads shiboken's import hook)

    hook = sys.modules.get("shibokensupport.feature")
    if hook is not None and callable(getattr(hook, "_mod_uses_pyside", None)):
        setattr(hook, "_mod_uses_pyside", lambda module: True)  # noqa: B010 (a private hook)


_no_source_reading()
