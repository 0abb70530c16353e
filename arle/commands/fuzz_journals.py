"""The journals' part of ``python -m arle fuzz saves`` (issue 33): journals of seeded games with a
summary that lies, a read that fails once, or a bad record at a random place. Each case must keep
every move that can be kept, exactly, and delete or hide no game.

``journal_cases`` yields ``(case, problem)`` with problem None when the case held.
"""

from __future__ import annotations

import contextlib
import json
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from arle.commands.simulate import choose_move, setup_for
from arle.files import paths
from arle.files.errors import SaveError
from arle.files.journal import Autosaver, list_games, resume
from arle.files.journal.summary import SUMMARY_SUFFIX
from arle.match.history import GameHistory

KINDS = ("lying summary", "unreadable then readable", "bad record", "flipped bytes")
#: Records that cannot be replayed where they stand (each keeps exactly the moves before it).
BAD_RECORDS = (
    b"#garbage#",
    b'{"n":%d,"move":{"type":"Teleport","to":"Bremen"}}',
    b'{"n":%d,"move":{"type":"PlaceWorker","space":"x"}}',
    b'{"n":%d,"move":{"type":"Choose","option":7}}',
    b'{"n":%d}',
)


def journal_cases(cases: int, seed: int) -> Iterator[tuple[str, str | None]]:
    rng = random.Random(seed)
    games = [_game(seed + i, 2 if i % 2 else 1, rng.randrange(40, 200)) for i in range(3)]
    with tempfile.TemporaryDirectory(prefix="arle-journals-") as name:
        root = Path(name)
        for case in range(cases):
            kind = KINDS[case % len(KINDS)]
            folder = root / str(case)
            folder.mkdir()
            history = rng.choice(games)
            path = folder / "g.arle-journal"
            saver = Autosaver(path, durable=False)
            saver.start(GameHistory(history.setup, history.moves))
            saver.close()
            try:
                {"lying summary": _lying_summary, "unreadable then readable": _unreadable,
                 "bad record": _bad_record, "flipped bytes": _flipped}[kind](path, history, rng)
                problem = None
            except Exception as exc:
                problem = f"{type(exc).__name__}: {str(exc)[:200]}"
            yield f"{case} ({kind})", problem


def _game(seed: int, players: int, length: int) -> GameHistory:
    history = GameHistory(setup_for(seed, players))
    rng = random.Random(seed)
    while not history.game.over and len(history.moves) < length:
        history.apply(choose_move(rng, history.game.legal_moves()))
    if history.game.over:  # a finished game's journal is deleted: keep it unfinished
        history.undo()
    return history


def _check(ok: bool, problem: str) -> None:
    if not ok:
        raise AssertionError(problem)


def _listed_as(path: Path, history: GameHistory) -> None:
    entries = list_games(path.parent)
    _check(path.exists(), "the journal was deleted")
    _check(len(entries) == 1, f"{len(entries)} games listed")
    (entry,) = entries
    game = history.game
    _check(entry.error is None and entry.note is None, f"listed as damaged: {entry.error or entry.note}")
    _check((entry.half_year, entry.scores) == (game.state.half_year, tuple(game.scores())),
           f"listed as half-year {entry.half_year}, {entry.scores}")
    _check(entry.names == tuple(history.setup.names), f"listed with the names {entry.names!r}")


def _lying_summary(path: Path, history: GameHistory, rng: random.Random) -> None:
    summary = path.with_name(path.name + SUMMARY_SUFFIX)
    data = json.loads(summary.read_text())
    lies: list[dict[str, Any]] = [
        {"over": True}, {"half_year": rng.randint(1, 9)}, {"scores": [1e308, -1e308]},
        {"error": "the autosave is damaged"}, {"note": "moves were lost"}, {"names": ["x" * 5000]},
        {"sha256": f"{rng.getrandbits(256):064x}"}, {"v": 1}, {"half_year": "4"}, {"scores": [rng.random()]},
    ]
    for lie in rng.sample(lies, rng.randint(1, 3)):
        data.update(lie)
    summary.write_text(json.dumps(data))
    _listed_as(path, history)


def _unreadable(path: Path, history: GameHistory, rng: random.Random) -> None:
    summary = path.with_name(path.name + SUMMARY_SUFFIX)
    if rng.random() < 0.5:
        summary.unlink()
    real = paths.open_regular  # (every read of a journal opens it so)

    def refused(p: Path) -> int:
        if Path(p) == path:
            raise PermissionError(13, "Permission denied", str(p))
        return real(p)

    paths.open_regular = refused  # type: ignore[assignment]
    try:
        (entry,) = list_games(path.parent)
        _check(entry.error is not None and not entry.readable, "an unreadable journal was not said")
    finally:
        paths.open_regular = real  # type: ignore[assignment]
    _listed_as(path, history)


def _bad_record(path: Path, history: GameHistory, rng: random.Random) -> None:
    lines = path.read_bytes().split(b"\n")
    n = rng.randint(1, len(history.moves))
    record = rng.choice(BAD_RECORDS)
    lines[n] = record % n if b"%d" in record else record
    path.write_bytes(b"\n".join(lines))
    original = path.read_bytes()
    resumed = resume(path)
    kept = len(resumed.history.moves)
    _check(resumed.history.moves == history.moves[: n - 1],
           f"record {n} bad: {kept} moves kept, not the {n - 1} before it")
    last = n == len(history.moves)  # a bad last line may as well be a move in flight: none lost
    _check(resumed.lost == len(history.moves) - (n - 1) or (last and resumed.lost == 0),
           f"{resumed.lost} said lost")
    kept_words = f"the first {n - 1} moves were kept" if n > 2 else "kept"
    note = resumed.note or ""
    _check(kept_words in note or (last and "recovered" in note), f"note: {resumed.note}")
    (entry,) = list_games(path.parent)
    _check(entry.note == resumed.note and path.exists(), "the start page does not say what is kept")
    saver = Autosaver(path, durable=False, damaged=resumed.damaged)
    saver.start(resumed.history)
    saver.close()
    _check(saver.kept_original is not None and saver.kept_original.read_bytes() == original,
           "the original was not kept before the rewrite")
    again = resume(path)
    _check(again.note is None and again.history.moves == history.moves[: n - 1], "the rewrite lost moves")


def _flipped(path: Path, history: GameHistory, rng: random.Random) -> None:
    """Bytes changed anywhere: whatever is kept is the start of the real game, or one sentence."""
    data = bytearray(path.read_bytes())
    for _ in range(rng.randint(1, 4)):
        data[rng.randrange(len(data))] = rng.randrange(256)
    path.write_bytes(bytes(data))
    with contextlib.suppress(SaveError):
        resumed = resume(path)
        kept = resumed.history.moves
        if resumed.history.setup == history.setup:
            _check(kept == history.moves[: len(kept)] or resumed.note is not None,
                   "moves kept that the game did not play, without a note")
    entries = list_games(path.parent)
    _check(len(entries) == 1 and path.exists(), "a damaged journal was deleted or hidden")
