"""``arle tune --method cma``: CMA-ES over the evaluation's weights (issue 38), each candidate
judged by the mean final score of a level playing solo games with it. Needs the optional extra
``pip install 'arle[tune]'`` (the ``cma`` package and numpy); the game never does.

Generation ``g`` plays seeds ``seed + g*games`` onward, every candidate and the starting weights
(the yardstick) on the same deals. Each judged candidate is appended to the checkpoint; CMA-ES
is seeded, so a resumed run asks the same candidates again and takes their scores from it.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from arle.ai.fit import BOUNDS
from arle.ai.value import use
from arle.ai.weights import FEATURES, HAND_SET

from .tune import _commit, _load_lines, _write, play

#: A step of 1 in CMA-ES's space moves a weight by this share of its hand-set value (at least
#: ``FLOOR``, so that weights set to 0 by hand can move too).
STEP = 0.5
FLOOR = 0.3


def _weights(x: Any) -> dict[str, float]:
    low, high = BOUNDS
    return {n: min(high, max(low, HAND_SET[n] + max(FLOOR, HAND_SET[n]) * STEP * float(v)))
            for n, v in zip(FEATURES, x, strict=True)}


def _judge(weights: dict[str, float], seeds: list[int], level: str) -> float:
    use(weights, 1)
    return statistics.fmean(play(seed, level, 1)[0][0] for seed in seeds)


def run(args: argparse.Namespace, out: Path) -> None:
    import cma  # type: ignore[import-untyped,import-not-found,unused-ignore]  # the optional extra

    from arle.ai.weights import document, load

    done: dict[tuple[int, int], float] = {}
    for record in _load_lines(args.checkpoint):
        if record.get("method") == "cma" and record.get("level") == args.level:
            done[(int(record["generation"]), int(record["candidate"]))] = float(record["score"])
    es = cma.CMAEvolutionStrategy([0.0] * len(FEATURES), 1.0,
                                  {"seed": 38, "popsize": args.popsize, "verbose": -9})
    for gen in range(args.rounds):
        seeds = [args.seed + gen * args.games + i for i in range(args.games)]
        xs = es.ask()
        scores = []
        for i, x in enumerate([[0.0] * len(FEATURES), *xs]):  # candidate 0: the yardstick
            score = done.get((gen, i))
            if score is None:
                score = _judge(_weights(x), seeds, args.level)
                record = {"method": "cma", "level": args.level, "generation": gen, "candidate": i,
                          "seeds": [seeds[0], seeds[-1]], "score": score,
                          "weights": _weights(x)}
                with args.checkpoint.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(record, separators=(",", ":")) + "\n")
                print(json.dumps({k: v for k, v in record.items() if k != "weights"}), flush=True)
            scores.append(score)
        es.tell(xs, [-s for s in scores[1:]])  # CMA-ES minimises
        best = _weights(es.result.xfavorite)
        provenance = {
            "tool": "arle tune --method cma", "method": "CMA-ES over the weights, each candidate "
            "judged by its mean solo score", "level": args.level, "players": 1,
            "seeds": [args.seed, seeds[-1]], "games": args.games * (gen + 1),
            "rounds": gen + 1, "popsize": args.popsize, "commit": _commit(),
            "figures": {"hand_set_mean": round(scores[0], 2),
                        "best_candidate_mean": round(max(scores[1:]), 2),
                        "generation_mean": round(statistics.fmean(scores[1:]), 2)},
        }
        _write(out, document(load(out), 1, best, provenance))
        print(json.dumps({"generation": gen, "written": str(out), **provenance["figures"]}), flush=True)
