"""``python -m arle arena``: computer players play seeded games without a window, one JSON line
per game (``seed``, ``levels``, ``scores``, ``winner``, ``moves``, ``think_s_p50/p95/max``) and a
summary line. Think times are CPU seconds of the thinking process (the machine may be shared)."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from arle.ai import LEVELS, choose
from arle.engine import MAX_MOVES, Game, Setup


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _rss_mb() -> float | None:
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def play(seed: int, levels: list[str]) -> tuple[dict, list[list[float]]]:
    """One game; returns its JSON record and each seat's think times."""
    g = Game(Setup(players=len(levels), seed=seed, start_player=0 if len(levels) == 2 else None))
    thinks: list[list[float]] = [[] for _ in levels]
    moves = 0
    while not g.over and moves < MAX_MOVES:
        actor = g.actor
        assert actor is not None
        start = time.process_time()
        move = choose(g, levels[actor])
        thinks[actor].append(time.process_time() - start)
        g.apply(move)
        moves += 1
    every = [t for seat in thinks for t in seat]
    record = {
        "seed": seed,
        "levels": levels,
        "scores": g.scores(),
        "winner": g.state.winner if g.over and len(levels) == 2 else None,
        "moves": moves,
        "think_s_p50": round(_quantile(every, 0.5), 4),
        "think_s_p95": round(_quantile(every, 0.95), 4),
        "think_s_max": round(max(every, default=0.0), 4),
    }
    return record, thinks


def _level(text: str) -> str:
    if text not in LEVELS:
        raise argparse.ArgumentTypeError(f"unknown level {text!r}: choose one of {', '.join(LEVELS)}")
    return text


def _pair(text: str) -> list[str]:
    levels = [_level(x.strip()) for x in text.split(",")]
    if len(levels) != 2:
        raise argparse.ArgumentTypeError("--levels takes two levels, like hard,normal")
    return levels


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="arle arena", description=__doc__)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--solo", action="store_true", help="one computer player alone (with --level)")
    mode.add_argument("--levels", type=_pair, help="two levels, like hard,normal (seats swap each game)")
    parser.add_argument("--level", type=_level, default="hard", help="the solo level (default hard)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="JSON lines (default: short text)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")

    scores: dict[str, list[float]] = {}
    wins: dict[str, int] = {}
    thinks: dict[str, list[float]] = {}
    for i in range(args.games):
        if args.solo:
            seed, levels = args.seed + i, [args.level]
        else:  # each seed twice, seats swapped
            seed = args.seed + i // 2
            levels = list(args.levels) if i % 2 == 0 else list(reversed(args.levels))
        record, seat_thinks = play(seed, levels)
        for seat, level in enumerate(levels):
            scores.setdefault(level, []).append(record["scores"][seat])
            thinks.setdefault(level, []).extend(seat_thinks[seat])
            wins.setdefault(level, 0)
        if record["winner"] is not None:
            wins[levels[record["winner"]]] += 1
        if args.json:
            print(json.dumps(record), flush=True)
        else:
            print(f"seed {seed}: {' vs '.join(levels)} scores {record['scores']} "
                  f"winner {record['winner']} moves {record['moves']} think p95 {record['think_s_p95']} s",
                  flush=True)
    summary = {
        "summary": True,
        "games": args.games,
        "levels": {
            level: {
                "mean": round(statistics.fmean(s), 2),
                "median": statistics.median(s),
                "min": min(s),
                "max": max(s),
                "wins": wins[level],
                "think_s_p50": round(_quantile(thinks[level], 0.5), 4),
                "think_s_p95": round(_quantile(thinks[level], 0.95), 4),
                "think_s_max": round(max(thinks[level], default=0.0), 4),
            }
            for level, s in scores.items()
        },
        "think_clock": "cpu",
        "rss_mb": _rss_mb(),
    }
    print(json.dumps(summary) if args.json else f"summary: {json.dumps(summary)}", flush=True)
    return 0
