"""GUI figures for ``arle bench``: repaint time per move, cold start and memory against a bare
PySide6 window, measured side by side in one run (issue 7).

- ``repaint_ms_p95``: in-process, a real main window at 1600×1000 (offscreen unless a display is
  set): from ``session.try_apply(move)`` until the window has repainted, over a full game.
  ``repaint_cpu_ms_*`` are the same moves in CPU time of this process: on a loaded machine the
  wall-clock figures also hold the time other processes had the cores.
- ``startup_ratio``: whole-process cold start of ``python -m arle`` to its first painted main
  window, divided by the same for a bare script showing an empty QMainWindow; runs alternate,
  after one warm-up run of each. Modules load from compiled bytecode as in an installed copy
  (pip compiles on install): the children may write it under a temporary folder even where
  PYTHONDONTWRITEBYTECODE is set, else every start would compile the game's sources again.
- ``rss_ratio``: peak resident memory of a process showing the game window mid-game, divided by
  that of the bare window (VmHWM from /proc, Linux: ru_maxrss would carry over the peak of the
  parent process across exec).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

#: The bare reference: an empty QMainWindow, quitting at its first paint.
BARE = r"""
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
w = QMainWindow(); w.resize(1600, 1000)
class First(QObject):
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Type.Paint:
            print("FIRST_PAINT", time.time(), flush=True)
            QTimer.singleShot(0, app.quit)
        return False
f = First(); w.installEventFilter(f); w.show(); app.exec()
print("MAXRSS_KB", [l.split()[1] for l in open("/proc/self/status") if l.startswith("VmHWM")][0], flush=True)
"""

#: The game window mid-game (for memory): the real main window with a seeded game half played.
MIDGAME = r"""
import random, sys
from PySide6.QtWidgets import QApplication
from arle.gui.app import build_window
from arle.history import GameHistory
from arle.simulate import choose_move, setup_for
app = QApplication(sys.argv)
w = build_window(autosave=False); w.resize(1600, 1000); w.show()
history = GameHistory(setup_for(3, 2)); rng = random.Random(3)
while len(history.moves) < 130 and not history.game.over:
    history.apply(choose_move(rng, history.game.legal_moves()))
w.install(history)
for _ in range(3):
    app.processEvents(); w.repaint()
print("MAXRSS_KB", [l.split()[1] for l in open("/proc/self/status") if l.startswith("VmHWM")][0], flush=True)
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["ARLE_BENCH_FIRST_PAINT"] = "1"  # the app prints FIRST_PAINT and quits (arle.gui.app)
    env["ARLE_CONFIG_DIR"] = env.get("ARLE_BENCH_CONFIG_DIR", "/tmp/arle-bench-config")
    env["ARLE_DATA_DIR"] = env.get("ARLE_BENCH_DATA_DIR", "/tmp/arle-bench-data")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # see the module docstring
    env["PYTHONPYCACHEPREFIX"] = env.get("ARLE_BENCH_PYCACHE", "/tmp/arle-bench-pycache")
    return env


def _run(args: list[str]) -> dict[str, float]:
    """Run a process; returns its start-to-first-paint seconds and/or peak RSS in KiB."""
    started = time.time()
    out = subprocess.run(args, env=_env(), capture_output=True, text=True, timeout=120).stdout
    found: dict[str, float] = {}
    for line in out.splitlines():
        key, _, value = line.partition(" ")
        if key == "FIRST_PAINT":
            found["startup_s"] = float(value) - started
        elif key == "MAXRSS_KB":
            found["rss_kb"] = float(value)
    return found


def startup_figures(runs: int) -> dict[str, Any]:
    app_times: list[float] = []
    bare_times: list[float] = []
    _run([sys.executable, "-m", "arle"])  # warm-up: bytecode written, files in the page cache
    _run([sys.executable, "-c", BARE])
    for _ in range(runs):  # alternate, so that both see the same machine load
        app = _run([sys.executable, "-m", "arle"])
        bare = _run([sys.executable, "-c", BARE])
        if "startup_s" not in app:
            return {"startup_ratio": None, "startup_note": "the app printed no FIRST_PAINT"}
        app_times.append(app["startup_s"])
        bare_times.append(bare["startup_s"])
    a, b = statistics.median(app_times), statistics.median(bare_times)
    return {"startup_app_s": round(a, 3), "startup_bare_s": round(b, 3),
            "startup_ratio": round(a / b, 3)}


def rss_figures(runs: int) -> dict[str, Any]:
    game = [_run([sys.executable, "-c", MIDGAME]).get("rss_kb", 0.0) for _ in range(runs)]
    bare = [_run([sys.executable, "-c", BARE]).get("rss_kb", 0.0) for _ in range(runs)]
    g, b = statistics.median(game), statistics.median(bare)
    return {"rss_game_mb": round(g / 1024, 1), "rss_bare_mb": round(b / 1024, 1),
            "rss_ratio": round(g / b, 3) if b else None}


def repaint_figures(quick: bool) -> dict[str, Any]:
    """Apply each move of a seeded full game through the session, then repaint the window."""
    import random

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from arle.gui.app import build_window
    from arle.history import GameHistory
    from arle.selftest import _quiet_offscreen_warning
    from arle.simulate import choose_move, setup_for

    app = QApplication.instance() or QApplication([])
    _quiet_offscreen_warning()
    window = build_window(autosave=False)
    window.resize(1600, 1000)
    window.show()
    seed = 5
    window.install(GameHistory(setup_for(seed, 2)))
    app.processEvents()
    session = window.session
    rng = random.Random(seed)
    times: list[float] = []
    cpu: list[float] = []
    limit = 60 if quick else 100_000
    while not session.game.over and len(times) < limit:
        move = choose_move(rng, session.legal_moves())
        t0, c0 = time.perf_counter(), time.process_time()
        session.try_apply(move)
        app.processEvents()
        window.repaint()
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    window.close()
    return {"repaint_moves": len(times), "repaint_ms_median": round(statistics.median(times) * 1e3, 2),
            "repaint_ms_p95": round(_p95(times) * 1e3, 2),
            "repaint_cpu_ms_median": round(statistics.median(cpu) * 1e3, 2),
            "repaint_cpu_ms_p95": round(_p95(cpu) * 1e3, 2)}


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def gui_figures(quick: bool) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for name, fn in (("repaint", lambda: repaint_figures(quick)),
                     ("startup", lambda: startup_figures(5 if quick else 9)),
                     ("rss", lambda: rss_figures(1 if quick else 3))):
        try:
            results.update(fn())
        except Exception as exc:  # a figure that cannot be measured is reported, not fatal
            results[f"{name}_error"] = f"{type(exc).__name__}: {exc}"[:200]
    return results


if __name__ == "__main__":
    print(json.dumps(gui_figures("--quick" in sys.argv)))
