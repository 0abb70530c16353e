"""``arle bench --listing``: the start page with many games in progress (issue 42 item 7).

Folders of 500 and 2,000 journals (near-finished games of 12 seeded random games, written under
many names) are listed twice: cold, without the summary cache beside each journal (the first
start after an upgrade: every journal is replayed), and warm, with it. For each, the file layer's
``list_games`` time, then a real window started on that data folder: how long after the first
paint the list appears, when it is complete, and the longest the window's event loop was held
(its freeze) from the first paint to the complete list. Targets: the list appears within 0.5 s
of the first paint, and no freeze exceeds 100 ms.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: The sizes listed (games in progress), and the quick run's.
SIZES = (500, 2000)
QUICK_SIZES = (200,)
#: The targets: the list appears within this long of the first paint, and no freeze is longer.
APPEAR_S = 0.5
FREEZE_S = 0.1


def make_journals(folder: Path, count: int, distinct: int = 12) -> None:
    """``count`` journals in ``folder``: ``distinct`` near-finished random games, each under many
    names (the bytes of one game are written as they are: listing reads each file on its own)."""
    import attrs

    from arle.commands.simulate import play_one
    from arle.files.journal import Autosaver
    from arle.match.history import GameHistory

    folder.mkdir(parents=True, exist_ok=True)
    bodies = []
    for seed in range(1, distinct + 1):
        result = play_one(seed, 2, check=False)
        moves = result["_moves"]
        cut = len(moves) - 1 - seed * 7 % 40  # unfinished, at various half-years
        path = folder / f"proto{seed}.arle-journal"
        saver = Autosaver(path, durable=False)
        setup = attrs.evolve(result["_game"].setup, names=("Anna", f"Ben {seed}"))  # names play no part
        saver.start(GameHistory(setup, moves[:cut]))
        saver.close()
        bodies.append(path.read_bytes())
        for extra in (path, path.with_name(path.name + ".summary"), path.with_name(path.name + ".lock")):
            extra.unlink(missing_ok=True)
    now = time.time()
    for i in range(count):
        path = folder / f"{i:032x}.arle-journal"
        path.write_bytes(bodies[i % distinct])
        os.utime(path, (now - i * 60, now - i * 60))


def _drop_summaries(folder: Path) -> None:
    for cache in folder.glob("*.summary"):
        cache.unlink()


def files_figures(folder: Path, count: int) -> dict[str, float]:
    """``list_games`` alone, cold then warm (seconds)."""
    from arle.files.journal import list_games

    _drop_summaries(folder)
    t0 = time.perf_counter()
    listed = list_games(folder)
    cold = time.perf_counter() - t0
    assert len(listed) == count, (len(listed), count)
    t0 = time.perf_counter()
    list_games(folder)
    warm = time.perf_counter() - t0
    return {"cold": cold, "warm": warm}


#: The child: a window on ARLE_DATA_DIR, timing the start page's list (JSON on stdout).
_CHILD = "arle.commands.bench_listing"


def window_figures(data: Path, count: int, timeout_s: float = 300.0) -> dict[str, Any]:
    env = dict(os.environ, ARLE_DATA_DIR=str(data),
               QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    env["ARLE_CONFIG_DIR"] = str(data / "config")
    out = subprocess.run([sys.executable, "-m", _CHILD, "--child", str(count)], env=env, capture_output=True,
                         text=True, timeout=timeout_s, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"the listing window failed: {out.stderr.strip()[-500:]}")
    figures: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def _child(count: int) -> int:
    """Start a window, and time its start page from the first paint until ``count`` games are listed
    and every one is read."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from arle.gui.shell.main_window import MainWindow

    window = MainWindow(autosave=True)
    page = window.start_page
    marks: dict[str, float] = {}
    ticks: list[float] = []
    real_paint = page.paintEvent

    def paint(event: Any) -> None:
        marks.setdefault("paint", time.perf_counter())
        real_paint(event)

    page.paintEvent = paint  # type: ignore[method-assign]

    def tick() -> None:
        now = time.perf_counter()
        ticks.append(now)
        shown = page.games.count()
        if "paint" in marks and shown and "appear" not in marks:
            marks["appear"] = now
        if shown >= count and page.complete and "complete" not in marks:
            marks["complete"] = now
            QTimer.singleShot(0, app.quit)

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(5)
    window.resize(1280, 800)
    window.show()
    QTimer.singleShot(600_000, app.quit)
    app.exec()
    paint_at, complete_at = marks["paint"], marks.get("complete", float("inf"))
    after = [t for t in ticks if paint_at <= t <= complete_at]  # (quitting closes the window: not timed)
    gaps = [b - a for a, b in itertools.pairwise(after)]
    print(json.dumps({
        "appear_s": round(marks["appear"] - paint_at, 3),
        "complete_s": round(marks.get("complete", float("nan")) - paint_at, 3),
        "max_freeze_ms": round(1000 * max(gaps, default=0.0), 1),
        "listed": page.games.count(),
    }))
    window.close()
    return 0


def listing_figures(quick: bool = False) -> dict[str, float | None]:
    results: dict[str, float | None] = {}
    for count in QUICK_SIZES if quick else SIZES:
        with tempfile.TemporaryDirectory(prefix="arle-bench-listing-") as tmp:
            data = Path(tmp)
            folder = data / "autosaves"
            make_journals(folder, count)
            files = files_figures(folder, count)
            for state in ("cold", "warm"):
                if state == "cold":
                    _drop_summaries(folder)
                window = window_figures(data, count)
                results[f"list_{count}_{state}_files_s"] = round(files[state], 3)
                results[f"list_{count}_{state}_appear_s"] = window["appear_s"]
                results[f"list_{count}_{state}_complete_s"] = window["complete_s"]
                results[f"list_{count}_{state}_max_freeze_ms"] = window["max_freeze_ms"]
    return results


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        raise SystemExit(_child(int(sys.argv[2])))
    print(json.dumps(listing_figures("--quick" in sys.argv), indent=1))
