"""Issue 15: the window weighs like a bare Qt window. What a game in the window does not need
yet is not loaded: cattrs (about 6 MB with what it imports) only when a file is read or written."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = r"""
import random, sys
from PySide6.QtWidgets import QApplication
from arle.gui.app import build_window
from arle.match.history import GameHistory
from arle.commands.simulate import choose_move, setup_for
from arle.engine import move_to_dict
app = QApplication(sys.argv)
w = build_window(autosave=False); w.resize(1280, 720); w.show()
history = GameHistory(setup_for(3, 2)); rng = random.Random(3)
while len(history.moves) < 40:
    history.apply(choose_move(rng, history.game.legal_moves()))
w.life.install(history)
app.processEvents()
assert all(move_to_dict(m)["type"] for m in history.moves)  # written as a journal would
print("cattrs" in sys.modules)
"""


def test_a_game_in_the_window_does_not_load_cattrs() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=os.getcwd())
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True,
                         timeout=120, check=True).stdout
    assert out.strip().splitlines()[-1] == "False"


SOURCES = r"""
import linecache, os, sys
import arle
from arle.gui.app import build_window
from arle.gui.side.game_page import GamePage
# Arle's modules imported after PySide6 (the two packages above it are imported before it)
home = os.path.dirname(arle.__file__)
before = {os.path.join(home, "__init__.py"), os.path.join(home, "gui", "__init__.py")}
print(sorted(name for name in linecache.cache if name.startswith(home) and name not in before))
"""


def test_the_window_does_not_read_its_own_sources() -> None:
    """PySide6's import hook read the whole source of every module imported after it (to look
    for ``__feature__``): some 60 files, 10-20 ms and 4 MB before the first window (issue 15)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=os.getcwd())
    out = subprocess.run([sys.executable, "-c", SOURCES], env=env, capture_output=True, text=True,
                         timeout=120, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"
