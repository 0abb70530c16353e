"""``python -m arle fuzz``: long robustness runs, each a documented command with a CI-sized slice.

- ``fuzz games``: seeded random games through ``GameHistory`` with, after every move, the
  invariants of ``simulate``, a live score, an undo/redo check (undo gives back the state before
  the move, redo the same next state) and, at every power-of-two move number, a save → load round
  trip that must give the same state and the same legal moves.
- ``fuzz saves``: valid saves mutated (truncated, moves deleted, duplicated or swapped, numbers,
  types, names and versions changed, huge strings, deep nesting, lone surrogates, duplicated keys,
  a tampered final state); each case must load to a valid game or be refused with a ``SaveError``
  sentence, never another exception, never a hang. Then damaged journals
  (``arle.commands.fuzz_journals``: a lying summary, a read that fails once, a bad record at a
  random place, flipped bytes), each keeping exactly the moves it can. Then the outside probes
  of the file layer (``probe_files``): FIFOs and /dev/zero links in place of a save, the settings
  and a journal, a full disk under the journal, two windows on one game; each must end in one
  sentence.
- ``fuzz gui``: the GUI monkey (``arle.commands.fuzz_gui``): seeded sessions of random legal gestures,
  refused drops and undo/redo through the real window, offscreen, to the end of each game.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

from arle.commands.simulate import check_invariants, choose_move, setup_for
from arle.files import saves
from arle.files.final import fingerprint
from arle.match.history import GameHistory


class FuzzFailure(AssertionError):
    pass


def _power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def fuzz_game(seed: int, players: int, undo_every: int = 1) -> dict[str, Any]:
    """One deep-checked game; returns its JSON line (ok False with the error on failure)."""
    rng = random.Random(seed)
    history = GameHistory(setup_for(seed, players), friendly_undo=True)
    checks: Counter[str] = Counter()
    try:
        while not history.game.over:
            game = history.game
            move = choose_move(rng, game.legal_moves())
            before = fingerprint(game) if len(history.moves) % undo_every == 0 else None
            history.apply(move)
            game = history.game
            check_invariants(game)
            for i in range(len(game.state.players)):
                game.score(i)
            n = len(history.moves)
            if before is not None:
                after = fingerprint(game)
                legal_after = game.legal_moves()
                history.undo()
                if fingerprint(history.game) != before:
                    raise FuzzFailure(f"undo of move {n} did not restore the state before it")
                history.redo()
                if fingerprint(history.game) != after:
                    raise FuzzFailure(f"redo of move {n} did not give the same state")
                if history.game.legal_moves() != legal_after:
                    raise FuzzFailure(f"redo of move {n} did not give the same legal moves")
                checks["undo_redo"] += 1
            if _power_of_two(n):
                data = saves.save_dict(history.setup, history.moves, history.game)
                loaded = saves.loads(saves.dumps(data))
                if fingerprint(loaded.game) != fingerprint(history.game):
                    raise FuzzFailure(f"save and load at move {n} changed the state")
                if loaded.game.legal_moves() != history.game.legal_moves():
                    raise FuzzFailure(f"save and load at move {n} changed the legal moves")
                checks["save_load"] += 1
        return {"seed": seed, "players": players, "moves": len(history.moves), "ok": True,
                "scores": history.game.scores(), "checks": dict(checks)}
    except Exception as exc:
        return {"seed": seed, "players": players, "moves": len(history.moves), "ok": False,
                "error": f"{type(exc).__name__}: {exc}"}


# -- save-file mutations -------------------------------------------------------------------------------


def _walk(value: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, (*path, i))


def _set(data: Any, path: tuple, value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _rename(data: Any, path: tuple, rng: random.Random) -> None:
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if isinstance(parent, dict) and path:
        parent[f"{path[-1]}_{rng.randrange(100)}"] = parent.pop(path[-1])


def mutate(text: str, rng: random.Random) -> str:
    """One random damage to a save's text."""
    kind = rng.choice(("truncate", "delete_move", "duplicate_move", "swap_moves", "number", "type",
                       "rename", "version", "huge_string", "deep_nesting", "bytes", "surrogate",
                       "duplicate_key", "tamper_final"))
    if kind == "truncate":
        return text[: rng.randrange(len(text))]
    if kind == "bytes":
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(["\x00", "}", "\"", "\\", "ÿ", "\n"]) + text[i + 1 :]
    data = json.loads(text)
    if kind == "duplicate_key":
        key = rng.choice(list(data))
        return text.rstrip()[:-1] + f", {json.dumps(key)}: {json.dumps(data[key])}}}"
    if kind == "tamper_final":
        return json.dumps(tamper_final(data, rng))
    moves = data.get("moves", [])
    if kind == "delete_move" and moves:
        del moves[rng.randrange(len(moves))]
    elif kind == "duplicate_move" and moves:
        i = rng.randrange(len(moves))
        moves.insert(i, copy.deepcopy(moves[i]))
    elif kind == "swap_moves" and len(moves) > 1:
        i, j = rng.sample(range(len(moves)), 2)
        moves[i], moves[j] = moves[j], moves[i]
    elif kind in ("number", "type", "rename"):
        leaves = [(p, v) for p, v in _walk(data) if p]
        path, _value = rng.choice(leaves)
        if kind == "rename":
            _rename(data, path, rng)
        elif kind == "number":
            _set(data, path, rng.choice([-1, 0, 1, 2, 3, 7, 99, 10**9, -(10**12), 2**70, 0.5]))
        else:
            _set(data, path, rng.choice([None, "x", [], {}, True, [1, 2], {"a": 1}, 1.5]))
    elif kind == "version":
        key = rng.choice(["schema", "format", "app_version"])
        data[key] = rng.choice([0, -1, 3, 99, "2", None, "arle-save", "other", 2.0])
    elif kind == "huge_string":
        leaves = [p for p, _ in _walk(data) if p]
        _set(data, rng.choice(leaves), "A" * rng.choice([10_000, 1_000_000, 5_000_000]))
    elif kind == "deep_nesting":
        return _nest(json.dumps(data), rng.choice([100, 5_000, 100_000]))
    elif kind == "surrogate":
        texts = [p for p, v in _walk(data) if p and isinstance(v, str)]
        if texts:
            _set(data, rng.choice(texts), rng.choice(["\ud800", "a\udfff", "\udcff\udcfe"]))
    return json.dumps(data)


def tamper_final(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A save whose recorded final state was edited, its app_version dropped or changed: it must
    be refused (an outside probe found it accepted)."""
    final = data.get("final")
    if isinstance(final, dict) and "state_sha256" in final:
        final["state_sha256"] = "0" * 64
    choice = rng.randrange(3)
    if choice == 0:
        data.pop("app_version", None)
    elif choice == 1:
        data["app_version"] = rng.choice(["0.0.1", None, 7, ["x"]])
    return data


def _nest(text: str, depth: int) -> str:
    return text[:-1] + ', "deep": ' + "[" * depth + "]" * depth + "}"


class _Timeout(Exception):
    pass


def _alarm(_signum: int, _frame: Any) -> None:
    raise _Timeout


def check_case(text: str, limit_s: int) -> str:
    """"loaded", "refused", or raise FuzzFailure."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(limit_s)
    try:
        loaded = saves.loads(text)
        check_invariants(loaded.game)
        return "loaded"
    except saves.SaveError as exc:
        message = str(exc)
        if "\n" in message or not message:
            raise FuzzFailure(f"refusal message is not one line: {message!r}") from None
        return "refused"
    except _Timeout:
        raise FuzzFailure(f"no answer within {limit_s} s") from None
    except Exception as exc:
        raise FuzzFailure(f"{type(exc).__name__}: {str(exc)[:200]}") from None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def fuzz_saves(cases: int, seed: int, limit_s: int = 20, bases: int = 4, probes: bool = True,
               journal_cases: int | None = None) -> dict[str, Any]:
    """``cases`` mutated saves, then ``journal_cases`` damaged journals (default: a fifth of
    ``cases``, see ``arle.commands.fuzz_journals``), then the outside probes."""
    journal_cases = cases // 5 if journal_cases is None else journal_cases
    rng = random.Random(seed)
    texts = []
    for i in range(bases):
        history = GameHistory(setup_for(seed + i, 2 if i % 2 else 1))
        game_rng = random.Random(seed + i)
        stop = rng.randrange(20, 400)
        while not history.game.over and len(history.moves) < stop:
            history.apply(choose_move(game_rng, history.game.legal_moves()))
        texts.append(saves.dumps(saves.save_dict(history.setup, history.moves, history.game)))
    outcome: Counter[str] = Counter()
    failures: list[str] = []
    for case in range(cases):
        text = mutate(rng.choice(texts), rng)
        tampered = json.dumps(tamper_final(json.loads(rng.choice(texts)), rng)) if case % 50 == 0 else None
        try:
            outcome[check_case(text, limit_s)] += 1
            if tampered is not None and check_case(tampered, limit_s) != "refused":
                raise FuzzFailure("a save with a tampered final state was accepted")
        except FuzzFailure as exc:
            failures.append(f"case {case}: {exc}")
    journals = 0
    if journal_cases:
        from arle.commands.fuzz_journals import journal_cases as cases_of_journals

        for name, problem in cases_of_journals(journal_cases, seed):
            journals += 1
            if problem:
                failures.append(f"journal case {name}: {problem}")
    probed = 0
    if probes:
        from arle.commands.fuzz_files import probe_files

        for name, problem in probe_files(texts[0], limit_s):
            probed += 1
            if problem:
                failures.append(f"probe {name}: {problem}")
    return {"cases": cases, "seed": seed, **outcome, "journals": journals, "probes": probed,
            "failures": failures[:20],
            "failed": len(failures), "ok": not failures}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="arle fuzz", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    g = sub.add_parser("games", help="deep-checked random games")
    g.add_argument("--games", type=int, default=10)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--players", type=int, choices=(1, 2), default=2)
    g.add_argument("--undo-every", type=int, default=1, help="check undo/redo every N moves")
    s = sub.add_parser("saves", help="mutated save files")
    s.add_argument("--cases", type=int, default=200)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--journals", type=int, help="damaged journals (default: a fifth of --cases)")
    u = sub.add_parser("gui", help="the GUI monkey: random gestures through the window to the end")
    u.add_argument("--sessions", type=int, default=20)
    u.add_argument("--seed", type=int, default=1)
    u.add_argument("--players", type=int, choices=(1, 2), help="default: solo and 2 players in turn")
    args = parser.parse_args(argv)
    if args.what == "gui":
        from arle.commands.fuzz_gui import run

        return 1 if run(args.sessions, args.seed, args.players) else 0
    started = time.perf_counter()
    failed = 0
    if args.what == "games":
        for i in range(args.games):
            line = fuzz_game(args.seed + i, args.players, args.undo_every)
            failed += not line["ok"]
            print(json.dumps(line), flush=True)
        total = args.games
    else:
        result = fuzz_saves(args.cases, args.seed, journal_cases=args.journals)
        failed = result["failed"]
        total = args.cases
        print(json.dumps(result))
    print(f"{total - failed} passed, {failed} failed in {time.perf_counter() - started:.1f}s",
          file=sys.stderr)
    return 1 if failed else 0

