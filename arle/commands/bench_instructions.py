"""``arle bench --instructions``: the instructions each move of the bench game costs the window,
counted by callgrind (valgrind): a measure the machine's load cannot move.

On a shared two-core machine the CPU time of one repaint varies by more than most changes to
the window (the same 300 repaints read 0.95 ms in one process and 2.7 ms in the next). Counted
instructions repeat to the last digits, so two versions can be compared move by move, even
run side by side. They undercount pixel work (a megapixel blended is few wide instructions):
``arle bench`` remains the judge of the targets.

The bench game (seed 5, two players, 1600x1000, the window thinking between moves) is played
in a child process under ``valgrind --tool=callgrind``. Each move, its handlers, the deferred
redraws and its paint run inside ``operator.call``, and callgrind counts only there
(``--toggle-collect``) and writes one count a move (``--dump-after``). Everything runs about 50
times slower under valgrind, so timers that fire while the player thinks in a real run (the
boards' preparation, the pieces' glides, the pictures taken of new looks, the collector) would
fire inside moves: they are held during a move and run after it, as a real run does.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The kinds of move counted apart: those that bring another board forward, those that turn the
#: phase or the half-year, and the others.
KINDS = ("all", "plain", "tab", "phase", "half")


def instruction_figures(moves: int) -> dict[str, Any]:
    """Millions of instructions a move, mean and median by kind (``instructions_*``), or why
    they could not be counted (``instructions_error``)."""
    if shutil.which("valgrind") is None:
        return {"instructions_error": "valgrind is not installed"}
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        command = ["valgrind", "--tool=callgrind", "--toggle-collect=_operator_call",
                   "--dump-after=_operator_call", f"--callgrind-out-file={out / 'cg'}.%p",
                   sys.executable, "-m", "arle.commands.bench_instructions", str(moves),
                   str(out / "kinds.json")]
        env = {**os.environ, "PYTHONHASHSEED": "0", "QT_QPA_PLATFORM": "offscreen"}
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0 or not (out / "kinds.json").is_file():
            return {"instructions_error": f"the counted run failed: {done.stderr.strip()[-300:]}"}
        kinds = json.loads((out / "kinds.json").read_text())
        return summary(kinds, dump_totals(out))


def dump_totals(folder: Path) -> list[int]:
    """The instructions of each dump callgrind wrote in ``folder`` (``cg.<pid>.<n>``), by ``n``."""
    dumps = []
    for path in folder.glob("cg.*.*"):
        number = path.name.rsplit(".", 1)[1]
        if number.isdigit():
            dumps.append((int(number), path))
    totals = []
    for _, path in sorted(dumps):
        for line in path.read_text().splitlines():
            if line.startswith("totals:"):
                totals.append(int(line.split()[1]))
                break
    return totals


def summary(kinds: list[str], totals: list[int]) -> dict[str, Any]:
    """Mean and median millions of instructions a move, for each kind of move (``KINDS``)."""
    if len(kinds) != len(totals) or not totals:
        return {"instructions_error": f"{len(totals)} counts for {len(kinds)} moves (is Python built with "
                                      "its symbols? callgrind needs _operator_call)"}
    out: dict[str, Any] = {"instructions_moves": len(totals)}
    for kind in KINDS:
        counts = [n for k, n in zip(kinds, totals, strict=True) if kind in ("all", k)]
        if counts:
            out[f"instructions_M_{kind}_mean"] = round(statistics.mean(counts) / 1e6, 2)
            out[f"instructions_M_{kind}_median"] = round(statistics.median(counts) / 1e6, 2)
    return out


def _hold(cls: type, name: str, held: list[Callable[[], None]], holding: list[bool]) -> None:
    """While ``holding[0]``, calls of ``cls.name`` are kept in ``held`` instead of made."""
    original = getattr(cls, name)

    def later(self: Any, *args: Any) -> Any:
        if holding[0]:
            held.append(lambda: original(self, *args))
            return None
        return original(self, *args)

    setattr(cls, name, later)


def counted_game(moves: int, out: Path) -> None:
    """The child run under callgrind: the bench game's first ``moves`` moves, each inside
    ``operator.call``; the kind of each move is written to ``out``."""
    import operator
    import random

    import arle.gui.boards.motion as motion
    import arle.gui.kit.collector as collector
    import arle.gui.kit.looks as looks
    import arle.gui.side.game_page as game_page
    from arle.commands.bench_gui import BENCH_SEED, bench_window, settle, think
    from arle.commands.simulate import choose_move

    held: list[Callable[[], None]] = []
    holding = [False]
    _hold(game_page.GamePage, "_prepare_later", held, holding)
    _hold(looks.LookPictures, "keep", held, holding)
    glide = motion.Motions.glide
    paused: list[Any] = []

    def glide_held(self: Any, *args: Any, **kwargs: Any) -> None:
        started = len(self._running)
        glide(self, *args, **kwargs)
        if holding[0]:
            for animation, *_ in self._running[started:]:
                animation.pause()
                paused.append(animation)

    motion.Motions.glide = glide_held  # type: ignore[method-assign]
    window = bench_window()
    collector._collector.timer.stop()
    session, rng, kinds = window.shown.session, random.Random(BENCH_SEED), []

    def move(chosen: Any) -> None:
        holding[0] = True
        session.try_apply(chosen)
        settle()
        holding[0] = False

    think(window)
    page = window.shown.page
    while not session.match.game.over and len(kinds) < moves:
        chosen = choose_move(rng, session.match.legal_moves())
        tab, state = page.views.currentIndex(), session.match.game.state
        half_year, phase = state.half_year, state.phase
        operator.call(move, chosen)  # (counted)
        for later in held:
            later()
        held.clear()
        for animation in paused:
            animation.resume()
        paused.clear()
        page._prepare_later()
        collector._collector.collect()
        state = session.match.game.state
        kinds.append("tab" if page.views.currentIndex() != tab else "half" if state.half_year != half_year
                     else "phase" if state.phase != phase else "plain")
        for scene in page.scenes:
            scene.motions.finish()
        settle()
        window.repaint()
        think(window)
    out.write_text(json.dumps(kinds))


if __name__ == "__main__":
    counted_game(int(sys.argv[1]), Path(sys.argv[2]))
