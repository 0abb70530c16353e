"""A finished game review kept beside its game (issue 40): ``<game file>.review.json``, so that
opening the review again is instant.

The cache is only ever a copy of what a review found: each review in it carries the key of what
it depends on (the setup, the moves, the level and the review's version, ``review_key``), and a
review is read back only when its key is the game's own. A cache that cannot be read, is of
another version, or whose key does not match is ignored (and rewritten by the next review); the
game's own file is never written here, so changing or deleting the cache cannot damage it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from pathlib import Path
from typing import Any

from arle.files.loading import load
from arle.files.paths import JOURNAL_EXTENSION, atomic_write_text, read_bounded
from arle.match.history import GameHistory
from arle.match.review import REVIEW_LEVELS, Review, review_key

FORMAT = "arle-review"
SUFFIX = ".review.json"
#: A cache holds a few reviews of a few moments: anything larger is not ours.
MAX_BYTES = 256 * 1024
#: A real cache nests 6 levels (reviews, a review, its moments, a moment, its moves, a move's own).
MAX_DEPTH = 32


def cache_path(game_path: Path) -> Path:
    """Where the review of the game in ``game_path`` is kept."""
    game_path = Path(game_path)
    return game_path.with_name(game_path.name + SUFFIX)


def load_game(path: Path) -> GameHistory:
    """The game in ``path``, a journal (``.arle-journal``) or a save; ``SaveError`` (one
    sentence) when it cannot be read. Read only: the file is not touched."""
    path = Path(path)
    return load(path, journal=path.name.endswith(JOURNAL_EXTENSION)).history


@dataclasses.dataclass(frozen=True)
class ReviewedGame:
    """A game to review, and how many of its file's moves could not be replayed (a damaged
    journal or save): the review says so rather than passing for the whole game."""

    history: GameHistory
    left_out: int = 0


def read_reviewed(path: Path) -> ReviewedGame:
    """The moves of ``path`` that replay, and how many were left out; ``SaveError`` (one
    sentence) when none can be read. Read only."""
    path = Path(path)
    if path.name.endswith(JOURNAL_EXTENSION):
        from arle.files.journal.reader import resume

        resumed = resume(path)
        return ReviewedGame(resumed.history, resumed.damage.lost if resumed.damage else 0)
    from arle.files.saves import load_save

    loaded = load_save(path, partial=True)
    return ReviewedGame(loaded.history, loaded.damage.lost if loaded.damage else 0)


def cached(game_path: Path, history: GameHistory, level: str) -> Review | None:
    """The review of this game at ``level`` kept beside ``game_path``; None when there is none
    that matches the game as it is now."""
    key = review_key(history.setup, history.moves, level)
    for data in _reviews(cache_path(game_path)):
        if data.get("key") == key and data.get("level") == level:
            try:
                return Review.from_dict(data)
            except Exception:  # a cache is untrusted: any error is no cache
                return None
    return None


def keep(game_path: Path, review: Review) -> bool:
    """Keep ``review`` beside ``game_path`` (with the other level's, when it is for the same
    moves); False when the folder cannot be written (the review is simply made again)."""
    path = cache_path(game_path)
    others = [d for d in _reviews(path)
              if d.get("level") != review.level and d.get("level") in REVIEW_LEVELS]
    text = json.dumps({"format": FORMAT, "reviews": [*others, review.to_dict()]}, ensure_ascii=False)
    try:
        atomic_write_text(path, text + "\n")
    except OSError:
        return False
    return True


def _reviews(path: Path) -> list[dict[str, Any]]:
    """The reviews recorded in the cache at ``path``; none when it is missing, not ours, nested
    deeper than a review is or unreadable in any way (a cache is read as any untrusted file)."""
    with contextlib.suppress(OSError, ValueError, RecursionError, MemoryError):  # UnicodeError: ValueError
        raw = read_bounded(path, MAX_BYTES)  # (OSError: none, too large, not a regular file)
        if _depth(raw) > MAX_DEPTH:
            return []
        data = json.loads(raw.decode("utf-8"))
        if isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("reviews"), list):
            return [d for d in data["reviews"] if isinstance(d, dict)]
    return []


def _depth(raw: bytes) -> int:
    """How deep the JSON in ``raw`` nests, counted on the bytes before it is parsed (brackets
    inside strings count too: only an upper bound, which is all a refusal needs)."""
    depth = deepest = 0
    for byte in raw:
        if byte in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        elif byte in b"]}":
            depth -= 1
    return deepest
