"""``python -m arle tune``: fit the computer's evaluation to games (issue 38).

A level plays seeded games (seeds 1000 and up only: 1-50 are kept for ``arle arena`` reports)
with the weights of the round; every position where a player starts an action is a sample of
what it still gained by the end. After each round the weights are fitted again on all samples
(``arle.ai.fit``: a ridge regression pulled toward the hand-set numbers) and the next round
plays with them. One game in five is held out of the fit and says how well each set of weights
predicts. Solo games fit the file's solo part, two-player games its two-player part (the other
part is kept). Every game is appended to the checkpoint as it ends, so a stopped run resumes where it
was; the weights file is written (atomically) after every round, with what produced it.

Runs for hours in the background, e.g.
``nohup nice -n 19 python -m arle tune --rounds 4 --games 40 --checkpoint tune.jsonl --out w.json &``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from arle.ai.fit import RIDGE, Fit, Sample, best_intercept, fit, rmse
from arle.ai.levels import LEVELS
from arle.ai.value import features, half_years_left, in_play, use
from arle.ai.weights import HAND_SET, RESOURCE, document, load
from arle.engine import HALF_YEARS, PlaceWorker, Setup
from arle.match import GameHistory, Match

#: Seeds below this are the report seeds of ``arle arena`` (1-50): never tuned on.
FIRST_SEED = 1000
#: Every ``HOLDOUT``-th game of a round is kept out of the fit, to judge it.
HOLDOUT = 5


def _commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10,
                             cwd=Path(__file__).resolve().parent, check=False)
    except OSError:
        return "unknown"
    return out.stdout.strip() or "unknown"


def play(seed: int, level: str, players: int) -> tuple[list[float], list[Sample]]:
    """One game of ``level`` in every seat: the final scores, and a sample at each start of an
    action (the actor's features and share of the game left; what it gained by the end)."""
    setup = Setup(players=players, seed=seed, start_player=0 if players == 2 else None)
    match = Match(GameHistory(setup, seats=(level,) * players))
    pending: list[tuple[int, float, list[float]]] = []
    while (turn := match.turn()) is not None:  # the match's loop, a sample before each action
        g = turn.game
        if any(type(m) is PlaceWorker for m in g.decision_moves()):
            base, phi = features(g, g.state.players[turn.actor])
            pending.append((turn.actor, base, [*phi, half_years_left(g) / HALF_YEARS]))
        match.answer(turn, turn.think())
    g = match.game
    scores = g.scores()
    return scores, [(scores[actor] - base, phi) for actor, base, phi in pending]


def _load_lines(path: Path) -> list[dict[str, Any]]:
    """The records of a checkpoint (a damaged line, as a stop mid-write leaves, is skipped)."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict):
            out.append(record)
    return out


def _load(path: Path) -> list[dict[str, Any]]:
    """The games of a checkpoint."""
    return [r for r in _load_lines(path) if {"round", "seed", "scores", "samples"} <= r.keys()]


def _samples(games: list[dict[str, Any]], held: bool) -> list[Sample]:
    return [(float(y), phi) for game in games if bool(game.get("held")) == held for y, phi in game["samples"]]


def _fit(games: list[dict[str, Any]], prior: dict[str, float], ridge: float) -> Fit:
    return fit(_samples(games, held=False), prior, ridge)


def _figures(games: list[dict[str, Any]], result: Fit, prior: dict[str, float]) -> dict[str, Any]:
    """How well the hand-set and the fitted weights predict the held-out games, and how each
    round played."""
    train, held = _samples(games, held=False), _samples(games, held=True)
    rounds: dict[int, list[float]] = {}
    for game in games:
        rounds.setdefault(int(game["round"]), []).extend(game["scores"])
    return {
        "samples": len(train),
        "held_out_samples": len(held),
        "held_out_rmse_vp": {
            "hand_set": round(rmse(held, prior, best_intercept(train, prior)), 3),
            "fitted": round(rmse(held, result.weights, result.intercept), 3),
        },
        "train_rmse_vp": round(result.rmse, 3),
        "mean_score_per_round": {str(r): round(statistics.fmean(s), 2) for r, s in sorted(rounds.items())},
    }


def _write(path: Path, data: dict[str, Any]) -> None:
    from arle.files.paths import atomic_write_text

    atomic_write_text(path, json.dumps(data, indent=1, sort_keys=False) + "\n")


def _seed(args: argparse.Namespace, rnd: int, i: int) -> int:
    return int(args.seed + rnd * args.games + i)


def main(argv: list[str]) -> int:
    from arle.resources import resource_path

    parser = argparse.ArgumentParser(prog="arle tune", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", choices=[x.name for x in LEVELS if x.solo is not None], default="hard",
                        help="the level that plays the games (default hard)")
    parser.add_argument("--players", type=int, choices=(1, 2), default=1,
                        help="1 (solo) or 2 (self-play)")
    parser.add_argument("--seed", type=int, default=FIRST_SEED,
                        help=f"the first seed (at least {FIRST_SEED})")
    parser.add_argument("--games", type=int, default=40, help="games per round (default 40)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds: each plays with the last fit (default 3)")
    parser.add_argument("--checkpoint", type=Path, default=Path("arle-tune.jsonl"),
                        help="the games played so far, one JSON line each; resumed from "
                        "(default arle-tune.jsonl)")
    parser.add_argument("--method", choices=("regress", "cma"), default="regress",
                        help="regress: fit on the games' positions (default); cma: CMA-ES over "
                        "the weights, solo only, needs pip install 'arle[tune]'")
    parser.add_argument("--popsize", type=int, default=8, help="CMA-ES candidates per generation")
    parser.add_argument("--ridge", type=float, default=RIDGE,
                        help=f"how strongly the fit is pulled toward the hand-set numbers (default {RIDGE})")
    parser.add_argument("--out", type=Path, default=None,
                        help=f"the weights file to write (default resources/{RESOURCE}, which the "
                        "game loads)")
    args = parser.parse_args(argv)
    if args.seed < FIRST_SEED:
        parser.error(f"--seed must be at least {FIRST_SEED}: seeds 1-50 are kept for reports")
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds must be at least 1")
    if args.method == "cma":
        try:
            import cma  # type: ignore[import-untyped,import-not-found,unused-ignore]  # noqa: F401
        except ImportError:
            parser.error("--method cma needs the optional extra: pip install 'arle[tune]'")
        if args.players != 1:
            parser.error("--method cma plays solo games only")
    out: Path = args.out if args.out is not None else resource_path(RESOURCE)
    before = in_play(args.players)
    try:
        if args.method == "cma":
            from .tune_cma import run

            run(args, out)
        else:
            _tune(args, out)
    finally:
        use(before, args.players)
    return 0


def _tune(args: argparse.Namespace, out: Path) -> None:
    """The rounds: play the games not yet in the checkpoint, fit, write the weights file."""
    prior = dict(HAND_SET)
    games = [g for g in _load(args.checkpoint)
             if g.get("level") == args.level and g.get("players") == args.players]
    done = {(int(g["round"]), int(g["seed"])) for g in games}
    for rnd in range(args.rounds):
        earlier = [g for g in games if int(g["round"]) < rnd]
        weights = prior if not earlier else _fit(earlier, prior, args.ridge).weights
        use(weights, args.players)
        for i in range(args.games):
            seed = _seed(args, rnd, i)
            if (rnd, seed) in done:
                continue
            start = time.process_time()
            scores, samples = play(seed, args.level, args.players)
            record = {"round": rnd, "seed": seed, "level": args.level, "players": args.players,
                      "held": i % HOLDOUT == HOLDOUT - 1, "scores": scores,
                      "cpu_s": round(time.process_time() - start, 1),
                      "samples": [[round(y, 4), [round(x, 4) for x in phi]] for y, phi in samples]}
            with args.checkpoint.open("a", encoding="utf-8") as f:
                f.write(json.dumps(record, separators=(",", ":")) + "\n")
            games.append(record)
            print(json.dumps({k: v for k, v in record.items() if k != "samples"}), flush=True)
        ours = [g for g in games if int(g["round"]) <= rnd]
        result = _fit(ours, prior, args.ridge)
        seeds = sorted(int(g["seed"]) for g in ours)
        provenance = {
            "tool": "arle tune", "method": "ridge regression of final VP less the live score on the "
            "features, pulled toward the hand-set numbers", "ridge": args.ridge, "level": args.level,
            "players": args.players,
            "seeds": [seeds[0], seeds[-1]], "games": len(ours), "rounds": rnd + 1, "commit": _commit(),
            "figures": _figures(ours, result, prior),
        }
        _write(out, document(load(out), args.players, result.weights, provenance))
        print(json.dumps({"round": rnd, "written": str(out), **provenance["figures"]}), flush=True)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
