"""``python -m arle bench``: measured speed, side by side in one run on this machine.

Figures are medians (and p95 where it matters) over repeated runs after a warm-up. Figures whose
subsystem is not available (yet) are reported as null with the reason. The engine is timed in CPU
time of this process (``time.process_time``), so other work on a loaded machine barely moves it.

The engine has targets (a computer player searches by copying and applying moves), printed with a
pass mark beside each. ``--check`` exits non-zero only when a figure is more than ``CHECK_SLACK``
times off its target: a loose regression bound for CI that a busy machine cannot trip.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from arle.commands.simulate import choose_move, setup_for
from arle.engine import Game

#: Engine speed targets: figure -> (True when higher is better, target).
TARGETS: dict[str, tuple[bool, float]] = {
    "move_us": (False, 50.0),  # one legal_moves() plus one apply(), median
    "copy_us": (False, 50.0),  # one Game.copy() of a mid-game position, median
    "engine_games_per_s": (True, 30.0),  # complete random 2-player games, one core
}
#: ``--check`` fails a figure only beyond this factor of its target.
CHECK_SLACK = 3.0
#: Mid-game positions whose copy is timed: every 20th move from the 80th to the 200th (random games
#: take about 270 moves).
COPY_AT = range(80, 201, 20)
COPY_REPEAT = 50

_clock = time.process_time


def _clock_cost() -> float:
    """The median CPU seconds between two back-to-back clock reads (a few microseconds: reading
    the process CPU clock is a system call). Subtracted from each timed interval of one move."""
    pairs = []
    for _ in range(2000):
        t0 = _clock()
        pairs.append(_clock() - t0)
    return statistics.median(pairs)


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


def _copy_seconds(game: Game) -> float:
    """CPU seconds of one copy of ``game``, averaged over ``COPY_REPEAT`` copies."""
    started = _clock()
    for _ in range(COPY_REPEAT):
        game.copy()
    return (_clock() - started) / COPY_REPEAT


def engine_figures(games: int) -> dict[str, float]:
    """Complete random 2-player games per second (one core, no invariant checks), the median
    microseconds of one legal_moves() plus one apply(), and of one copy of a mid-game position."""
    play_random(10_000)  # warm-up
    clock = 2 * _clock_cost()  # a move is timed as two intervals (choosing it is left out)
    per_move: list[float] = []
    copies: list[float] = []
    playing = 0.0
    for i in range(games):
        rng = random.Random(i)
        started = _clock()
        game = Game(setup_for(i, 2))
        n = 0
        while not game.over:
            t0 = _clock()
            legal = game.legal_moves()
            t1 = _clock()
            move = choose_move(rng, legal)
            t2 = _clock()
            game.apply(move)
            t3 = _clock()
            per_move.append(t1 - t0 + t3 - t2 - clock)
            n += 1
            if n in COPY_AT:
                paused = _clock()
                copies.append(_copy_seconds(game))
                started += _clock() - paused  # copying is no part of playing
        playing += _clock() - started
    return {
        "engine_games_per_s": round(games / playing, 2),
        "move_us": round(statistics.median(per_move) * 1e6, 1),
        "move_us_p95": round(_p95(per_move) * 1e6, 1),
        "copy_us": round(statistics.median(copies) * 1e6, 1),
    }


def passes(name: str, value: float, slack: float = 1.0) -> bool:
    """Whether ``value`` meets the target of ``name``, or is at most ``slack`` times off it."""
    higher, target = TARGETS[name]
    return value >= target / slack if higher else value <= target * slack


def marks(results: dict[str, float | None]) -> dict[str, str]:
    """The pass mark of each target figure measured: "PASS", or "FAIL" with the target."""
    out = {}
    for name, (higher, target) in TARGETS.items():
        value = results.get(name)
        if isinstance(value, int | float):
            sign = ">=" if higher else "<="
            out[name] = "PASS" if passes(name, value) else f"FAIL (target {sign} {target:g})"
    from arle.commands.bench_listing import APPEAR_S, FREEZE_S
    from arle.commands.bench_review import TARGET_S

    # the start page with many games (``--listing``) and the game review (``--review``)
    ceilings = (("list_", "_appear_s", APPEAR_S), ("list_", "_max_freeze_ms", FREEZE_S * 1000),
                ("review_", "_s", TARGET_S))
    for name, value in results.items():
        for prefix, suffix, target in ceilings:
            if name.startswith(prefix) and name.endswith(suffix) and not name.endswith("_cpu_s") \
                    and isinstance(value, int | float):
                out[name] = "PASS" if value <= target else f"FAIL (target <= {target:g})"
    return out


def check_failures(results: dict[str, float | None]) -> list[str]:
    """One sentence per target figure more than ``CHECK_SLACK`` times off its target."""
    failures = []
    for name, (higher, target) in TARGETS.items():
        value = results.get(name)
        if isinstance(value, int | float) and not passes(name, value, CHECK_SLACK):
            bound = target / CHECK_SLACK if higher else target * CHECK_SLACK
            worse = "below" if higher else "above"
            failures.append(
                f"{name} = {value:g} is {worse} {bound:g} ({CHECK_SLACK:g}x the target {target:g})"
            )
    return failures


def _figures() -> list[Callable[[bool], dict[str, float | None]]]:
    from arle.commands.bench_gui import gui_figures
    from arle.commands.bench_saves import saves_figures

    return [saves_figures, gui_figures]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="arle bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a smaller run (under a minute)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--engine", action="store_true", help="the engine figures only")
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 if an engine figure is more than {CHECK_SLACK:g}x off its target")
    parser.add_argument("--review", action="store_true",
                        help="only the game review's time for a whole solo game at Hard (target 2 minutes; "
                             "the game is played first, about a minute more)")
    parser.add_argument("--instructions", action="store_true",
                        help="only the instructions each move of the bench game costs the window, counted "
                             "by valgrind's callgrind (needs valgrind; --quick: 60 moves, about 3 minutes)")
    parser.add_argument("--listing", action="store_true",
                        help="only the start page with 500 and 2,000 games in progress, cold and warm "
                             "(--quick: 200 games; a few minutes)")
    args = parser.parse_args(argv)
    results: dict[str, float | None] = {}
    if args.listing:
        from arle.commands.bench_listing import listing_figures

        results.update(listing_figures(args.quick))
    elif args.review:
        from arle.commands.bench_review import review_figures

        results.update(review_figures(args.quick))
    elif args.instructions:
        from arle.commands.bench_instructions import instruction_figures

        results.update(instruction_figures(60 if args.quick else 100_000))
    else:
        results.update(engine_figures(5 if args.quick else 40))
    if not args.engine and not args.instructions and not args.listing and not args.review:
        for figure in _figures():
            results.update(figure(args.quick))
    mark = marks(results)
    if args.json:
        print(json.dumps({**results, "pass": {k: v == "PASS" for k, v in mark.items()}}))
    else:
        width = max(len(k) for k in results)
        for key, value in results.items():
            print(f"{key:<{width}}  {value}  {mark.get(key, '')}".rstrip())
    failures = check_failures(results) if args.check else []
    for failure in failures:
        print(f"bench check failed: {failure}")
    return 1 if failures else 0
