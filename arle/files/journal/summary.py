"""The summary cache beside each journal (``<journal>.summary``): what the start page needs that
only a replay tells (half-year, scores, over, whose turn, damage), because replaying a dozen long
games would delay the start page. Not fsynced: a lost summary is only rebuilt by replay. It is
trusted only for the exact bytes it was made from (their SHA-256) and when it holds only what a
game can.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arle.files.errors import MAX_MESSAGE_CHARS, STRICT_JSON, SaveError, is_valid_text
from arle.files.paths import read_bounded, writable_target

from .reader import Damage, resume, resume_bytes

if TYPE_CHECKING:
    from arle.match.history import GameHistory


#: The summary cache of ``x.arle-journal`` is ``x.arle-journal.summary``.
SUMMARY_SUFFIX = ".summary"


#: 4: whose turn (a remote game's line); 3: damage as data; 2: tied to the journal's SHA-256,
#: names read from the header
_SUMMARY_VERSION = 4


#: No game scores more (or loses more); a summary saying so is not believed.
MAX_SCORE = 1000


def summary_path(path: Path) -> Path:
    return path.with_name(path.name + SUMMARY_SUFFIX)


def summary_of(history: GameHistory, damage: Damage | None = None) -> dict[str, Any]:
    """What the start page needs that only a replay tells (names and seats are in the header)."""
    game = history.game
    return {
        "half_year": game.state.half_year,
        "scores": game.scores(),
        "over": game.over,
        "actor": game.actor,
        "error": None,
        "damage": None if damage is None else damage.as_dict(),
    }


def replayed_summary(raw: bytes | Path) -> dict[str, Any]:
    try:
        resumed = resume_bytes(raw) if isinstance(raw, bytes) else resume(raw)
    except SaveError as exc:
        return {"half_year": 1, "scores": [], "over": False, "actor": None, "error": str(exc), "damage": None}
    return summary_of(resumed.history, resumed.damage)


def write_summary(path: Path, summary: dict[str, Any], digest: str) -> None:
    """Not fsynced: a lost summary is only rebuilt by replay."""
    data = {"v": _SUMMARY_VERSION, **summary}
    data["sha256"] = _seal(data, digest)
    target = writable_target(summary_path(path))  # a link, a FIFO put there: NotWrittenThrough
    tmp = path.with_name(f".{path.name}{SUMMARY_SUFFIX}.{os.urandom(6).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(json.dumps(data, ensure_ascii=True).encode("ascii"))
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _seal(summary: dict[str, Any], digest: str) -> str:
    """The SHA-256 of the journal's digest and the summary's own values: a summary edited by hand,
    or left from other bytes of the journal, does not match."""
    text = json.dumps(summary, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(f"{digest}\n{text}".encode("ascii")).hexdigest()


def _score(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and abs(value) <= MAX_SCORE


def _sentence(value: Any) -> bool:
    return value is None or (isinstance(value, str) and 0 < len(value) <= MAX_MESSAGE_CHARS
                             and is_valid_text(value))


def read_summary(path: Path, digest: str) -> dict[str, Any] | None:
    """The cached summary when it was made from the journal's bytes as they are now and holds
    only what a game can, else None (then the journal is replayed)."""
    try:
        data = STRICT_JSON.decode(read_bounded(summary_path(path), 64 * 1024).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("v") != _SUMMARY_VERSION:
        return None
    if data.get("sha256") != _seal({k: v for k, v in data.items() if k != "sha256"}, digest):
        return None
    scores, half_year = data.get("scores"), data.get("half_year")
    valid = (
        isinstance(scores, list) and len(scores) <= 2 and all(map(_score, scores))
        and isinstance(half_year, int) and not isinstance(half_year, bool) and 1 <= half_year <= 9
        and _sentence(data.get("error"))
        and (data.get("damage") is None or Damage.from_dict(data.get("damage")) is not None)
        and isinstance(data.get("over"), bool)
        and data.get("actor") in (None, 0, 1) and not isinstance(data.get("actor"), bool)
    )
    return data if valid else None
