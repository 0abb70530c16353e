"""Quitting never crashes (issue "Nothing lost, nothing crashes", item 1).

Quit after New Game had replaced a running game ended in a segfault (exit 139, "QObject: shared
QObject was deleted directly") most of the time: the window, the New Game dialog kept as its child
and the old game's session and scenes were left for PySide's exit handler, which deleted them after
Python had half torn them down. The whole application runs in a subprocess, so a segfault fails
the test instead of killing pytest; it runs several times because the crash did not come every time.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Continue (or a new game), a few moves, Game > New Game, Start in the real dialog, Ctrl+Q: as a player.
SCRIPT = r"""
import random
import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from arle.gui import app
from arle.gui.shell.main_window import new_setup
from arle.match.history import GameHistory
from arle.commands.simulate import choose_move

build = app.build_window


def scripted(**kwargs):
    window = build(**kwargs)

    def press_start():
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(20, press_start)
            return
        dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()

    def play():
        if sys.argv[2] == "continue":
            if window.start_page.filled == 0:  # the games in progress are listed after the first paint
                QTimer.singleShot(20, play)
                return
            window.start_page.continue_button.click()
        else:
            window.life.install(GameHistory(new_setup(2, 3)))
        play_on()

    def play_on():
        if window.shown is None:  # the game is still being read
            QTimer.singleShot(20, play_on)
            return
        rng = random.Random(int(sys.argv[1]))
        for _ in range(int(sys.argv[1])):
            s = window.shown.session
            s.try_apply(choose_move(rng, s.match.legal_moves(), s.match.game))
        QTimer.singleShot(10, window.menus.new.trigger)
        QTimer.singleShot(50, press_start)
        QTimer.singleShot(600, window.menus.quit.trigger)

    QTimer.singleShot(200, play)
    return window


if sys.argv[2] == "continue":  # a game left by an earlier session
    from arle.files.journal import Autosaver, new_autosave_path

    saver = Autosaver(new_autosave_path(), durable=False)
    saver.start(GameHistory(new_setup(2, 5)))
    saver.close()
app.build_window = scripted
sys.exit(app.run(["arle"]))
"""


@pytest.mark.parametrize(("start", "moves"), [("continue", 0), ("continue", 0), ("continue", 3),
                                             ("new", 0), ("new", 3), ("new", 12)])
def test_quit_after_new_game_replaced_a_game_exits_cleanly(tmp_path, start, moves):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
               ARLE_DATA_DIR=str(tmp_path / "data"), ARLE_CONFIG_DIR=str(tmp_path / "config"))
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(moves), start], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert "deleted directly" not in done.stderr
    assert done.returncode == 0, done.stderr[-2000:]
