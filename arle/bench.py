"""``python -m arle bench``: measured speed, side by side in one run on this machine.

Figures are medians (and p95 where it matters) over repeated runs after a warm-up. Figures whose
subsystem is not available (yet) are reported as null with the reason.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from arle.engine import Game
from arle.simulate import choose_move, setup_for


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def play_random(seed: int, players: int = 2) -> tuple[Game, list]:
    rng = random.Random(seed)
    game = Game(setup_for(seed, players))
    moves = []
    while not game.over:
        move = choose_move(rng, game.legal_moves())
        game.apply(move)
        moves.append(move)
    return game, moves


def engine_figures(games: int) -> dict[str, float]:
    """Complete random 2-player games per second (one core, no invariant checks), and the
    median microseconds of one legal_moves() plus one apply()."""
    play_random(10_000)  # warm-up
    per_move: list[float] = []
    started = time.perf_counter()
    for i in range(games):
        rng = random.Random(i)
        game = Game(setup_for(i, 2))
        while not game.over:
            t0 = time.perf_counter()
            move = choose_move(rng, game.legal_moves())
            game.apply(move)
            per_move.append(time.perf_counter() - t0)
    elapsed = time.perf_counter() - started
    return {
        "engine_games_per_s": round(games / elapsed, 2),
        "move_us": round(statistics.median(per_move) * 1e6, 1),
        "move_us_p95": round(_p95(per_move) * 1e6, 1),
    }


def _figures() -> list[Callable[[bool], dict[str, float | None]]]:
    from arle.bench_gui import gui_figures
    from arle.bench_saves import saves_figures

    return [saves_figures, gui_figures]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="arle bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a smaller run (under a minute)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    results: dict[str, float | None] = {}
    results.update(engine_figures(5 if args.quick else 40))
    for figure in _figures():
        results.update(figure(args.quick))
    if args.json:
        print(json.dumps(results))
    else:
        width = max(len(k) for k in results)
        for key, value in results.items():
            print(f"{key:<{width}}  {value}")
    return 0
