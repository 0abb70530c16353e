"""The outside probes of the file layer, run by ``python -m arle fuzz saves``: each hostile file or
fault found by a probe outside the team, replayed against the real readers and writers.

Every probe must end in one sentence (a ``SaveError``, a settings warning, an ``OSError`` from
sync) and lose no game; ``probe_files`` yields ``(name, problem)`` with problem None when it held.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from arle.engine import Setup, move_from_dict
from arle.files import saves
from arle.files.journal import Autosaver, GameInUse, list_games, resume
from arle.files.locks import GameLock
from arle.files.records import read_setup
from arle.files.settings import read_settings
from arle.match.history import GameHistory

_HOLDER = (
    "import sys, time\nfrom arle.files.locks import GameLock\nlock = GameLock(sys.argv[1])\n"
    "print('held' if lock.acquire() else 'refused', flush=True)\ntime.sleep(60)\n"
)


class _Hung(Exception):
    pass


def _alarm(_signum: int, _frame: Any) -> None:
    raise _Hung


def probe_files(save_text: str, limit_s: int = 20) -> Iterator[tuple[str, str | None]]:
    """Run every probe on the valid save ``save_text`` in a temporary folder."""
    with tempfile.TemporaryDirectory(prefix="arle-probe-") as name:
        folder = Path(name)
        data = json.loads(save_text)
        probes: list[tuple[str, Callable[[], None]]] = [
            ("lone surrogate", lambda: _surrogate(folder, data)),
            ("duplicated keys", lambda: _refused(save_text.rstrip()[:-1] + ', "moves": []}', "twice")),
            ("tampered final state without app_version", lambda: _tampered(data)),
            ("full disk", lambda: _full_disk(folder, data)),
            ("two lock holders", lambda: _two_holders(folder)),
        ]
        if hasattr(os, "mkfifo"):
            probes.append(("FIFO", lambda: _special(folder / "fifo", os.mkfifo)))
        if Path("/dev/zero").exists():
            probes.append(("link to /dev/zero", lambda: _special(folder / "zero", _zero_link)))
        quiet = logging.getLogger("arle.files.settings")
        was = quiet.disabled
        quiet.disabled = True  # the settings warnings expected here are checked, not printed
        try:
            for probe_name, probe in probes:
                yield probe_name, _run(probe, limit_s)
        finally:
            quiet.disabled = was


def _run(probe: Callable[[], None], limit_s: int) -> str | None:
    timed = hasattr(signal, "SIGALRM")
    if timed:
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(limit_s)
    try:
        probe()
        return None
    except _Hung:
        return f"no answer within {limit_s} s"
    except Exception as exc:
        return f"{type(exc).__name__}: {str(exc)[:200]}"
    finally:
        if timed:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)


def _check(ok: bool, problem: str) -> None:
    if not ok:
        raise AssertionError(problem)


def _one_sentence(exc: BaseException) -> None:
    _check(bool(str(exc)) and "\n" not in str(exc) and len(str(exc)) <= saves.MAX_MESSAGE_CHARS,
           f"not one short sentence: {str(exc)[:80]!r}")


def _refused(text: str, words: str) -> None:
    try:
        saves.loads(text)
    except saves.SaveError as exc:
        _one_sentence(exc)
        _check(words in str(exc), f"refused for another reason: {exc}")
        return
    raise AssertionError("accepted")


def _surrogate(folder: Path, data: dict[str, Any]) -> None:
    bad = {**data, "setup": {**data["setup"], "names": ["\ud800", "B"]}}
    _refused(json.dumps(bad), "not valid text")
    path = folder / "surrogate.arle.json"
    try:
        saves.save_history(path, GameHistory(Setup(players=2, seed=1, names=["\ud800", "B"])))
    except saves.SaveError as exc:
        _one_sentence(exc)
    else:
        raise AssertionError("a lone surrogate name was saved")
    settings = folder / "settings.json"
    settings.write_text('{"player_names": ["\\ud800", "B"]}')
    values, warning = read_settings(settings)
    _check(warning is not None and values.player_names == ["\ufffd", "B"], "settings not repaired")


def _tampered(data: dict[str, Any]) -> None:
    for version in (None, "0.0.1", 7, "absent"):
        copy = json.loads(json.dumps(data))
        copy["final"]["state_sha256"] = "0" * 64
        if version == "absent":
            del copy["app_version"]
        else:
            copy["app_version"] = version
        _refused(json.dumps(copy), "does not give the saved final state")


def _full_disk(folder: Path, data: dict[str, Any]) -> None:
    moves = [move_from_dict(m) for m in data["moves"]]
    _check(len(moves) >= 4, "the base game is too short for this probe")
    path = folder / "full.arle-journal"
    saver = Autosaver(path, durable=False)
    history = GameHistory(read_setup(data["setup"]), moves[:-3])
    saver.start(history)
    real_write = os.write

    def short_then_enospc(fd: int, chunk: bytes) -> int:
        real_write(fd, bytes(chunk[: max(1, len(chunk) // 2)]))
        raise OSError(errno.ENOSPC, "No space left on device")

    try:
        os.write = short_then_enospc
        history.apply(moves[-3])
        try:
            saver.sync(history)
        except OSError:
            pass
        else:
            raise AssertionError("a failed append was not reported")
    finally:
        os.write = real_write
    _check(path.read_bytes().endswith(b"\n"), "a failed append left a cut line")
    for move in moves[-2:]:
        history.apply(move)
    saver.sync(history)
    resumed = resume(path)
    _check(resumed.history.moves == moves and resumed.note is None, "moves were lost after a full disk")
    saver.discard()


def _two_holders(folder: Path) -> None:
    path = folder / "locked.arle-journal"
    a, b = GameLock(path), GameLock(path)
    _check(a.acquire() and not b.acquire(), "two locks in one process both held the game")
    a.release()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).resolve().parents[2]),
                                                                      os.environ.get("PYTHONPATH")]))}
    proc = subprocess.Popen([sys.executable, "-c", _HOLDER, str(path)], stdout=subprocess.PIPE,
                            text=True, env=env)
    try:
        assert proc.stdout is not None
        _check(proc.stdout.readline().strip() == "held", "the other process could not take the lock")
        try:
            Autosaver(path).start(GameHistory(Setup(players=1, seed=1)))
        except GameInUse as exc:
            _one_sentence(exc)
        else:
            raise AssertionError("a second window took a game another process holds")
    finally:
        proc.kill()
        proc.wait(timeout=30)
        if proc.stdout is not None:
            proc.stdout.close()
    saver = Autosaver(path)
    saver.start(GameHistory(Setup(players=1, seed=1)))  # the killed holder's lock is free at once
    saver.discard()


def _zero_link(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _special(base: Path, make: Callable[[Path], Any]) -> None:
    """A FIFO or a link to /dev/zero as a save, the settings and a journal."""
    base.mkdir()
    save, settings, journal = base / "s.arle.json", base / "settings.json", base / "j.arle-journal"
    for path in (save, settings, journal):
        make(path)
    for reader in (lambda: saves.load_save(save), lambda: resume(journal)):
        try:
            reader()
        except saves.SaveError as exc:
            _one_sentence(exc)
        else:
            raise AssertionError("a special file was read as a game")
    _check(read_settings(settings)[1] is not None, "no warning for special settings file")
    entries = list_games(base)
    _check(len(entries) == 1 and entries[0].error is not None, "a special journal was listed as a game")
