"""``python -m arle arena``: computer players play seeded games without a window, one JSON line
per game (``seed``, ``levels``, ``scores``, ``winner``, ``moves``, ``built``, ``vehicles``,
``digest``, ``think_s_p50/p95/max``) and a summary line. Think times are CPU seconds of the thinking process
(the machine may be shared). ``digest`` tells games apart (two equal digests: the same moves),
``built`` shows whether the players use the buildings the deal offers, ``vehicles`` whether
they have one at the end (the summary counts the games each level ended without either)."""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from arle.ai import LEVEL_NAMES
from arle.engine import EQUIPMENT, ORANGE, RED, Setup
from arle.match import Computer, GameHistory, Match
from arle.match import play as run
from arle.match.remote.wire import digest  # (equal for two games exactly when played alike)

#: Buildings dealt in every game: the others come from the variable sets (green, yellow, blue).
ALWAYS_DEALT = frozenset((*ORANGE, *RED))


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
    """One game, played by the match's loop with a computer seat per level; returns its JSON
    record and each seat's think times."""
    setup = Setup(players=len(levels), seed=seed, start_player=0 if len(levels) == 2 else None)
    seats = [Computer(level) for level in levels]
    match = run(Match(GameHistory(setup, seats=levels), seats=seats))
    g, played = match.game, match.history.moves
    thinks = [seat.thinks for seat in seats]
    every = [t for seat in thinks for t in seat]
    record = {
        "seed": seed,
        "levels": levels,
        "scores": g.scores(),
        "winner": g.state.winner if g.over and len(levels) == 2 else None,
        "moves": len(played),
        "built": [list(p.buildings) for p in g.state.players],
        "vehicles": [[e.kind.value for e in p.barn if EQUIPMENT[e.kind].spaces] for p in g.state.players],
        "digest": digest(played),
        "think_s_p50": round(_quantile(every, 0.5), 4),
        "think_s_p95": round(_quantile(every, 0.95), 4),
        "think_s_max": round(max(every, default=0.0), 4),
    }
    return record, thinks


def _level(text: str) -> str:
    if text not in LEVEL_NAMES:
        raise argparse.ArgumentTypeError(f"unknown level {text!r}: choose one of {', '.join(LEVEL_NAMES)}")
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
    digests: dict[str, set[str]] = {}
    built: dict[str, set[str]] = {}
    bare: dict[str, list[int]] = {}  # per level: games ended without a vehicle, without a building
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
            digests.setdefault(level, set()).add(record["digest"])
            built.setdefault(level, set()).update(record["built"][seat])
            lack = bare.setdefault(level, [0, 0])
            lack[0] += not record["vehicles"][seat]
            lack[1] += not record["built"][seat]
        if record["winner"] is not None:
            wins[levels[record["winner"]]] += 1
        if args.json:
            print(json.dumps(record), flush=True)
        else:
            print(f"seed {seed}: {' vs '.join(levels)} scores {record['scores']} "
                  f"winner {record['winner']} moves {record['moves']} built {record['built']} "
                  f"think p95 {record['think_s_p95']} s",
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
                "distinct_games": len(digests[level]),
                "distinct_buildings": len(built[level]),
                "distinct_variable_buildings": len(built[level] - ALWAYS_DEALT),
                "buildings": sorted(built[level]),
                "games_without_vehicle": bare[level][0],
                "games_without_building": bare[level][1],
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
