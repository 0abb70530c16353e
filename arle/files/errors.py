"""The errors of the file layer and the checks every reader shares, without the rules engine:
the start page lists the unfinished games (``arle.files.journal.list_games``) before the engine loads.

Every way a file can be wrong raises ``SaveError`` with one short sentence for the player.
"""

from __future__ import annotations

import json
from typing import Any

#: The longest message a SaveError keeps (any echoed value is cut short before this).
MAX_MESSAGE_CHARS = 300
#: The longest player name or building name a file may hold.
MAX_NAME_CHARS = 64


class SaveError(Exception):
    """A save file that cannot be played; ``str(error)`` is one sentence for the player.

    Whatever a caller put in it, the sentence is one short line of valid text: newlines become
    spaces, characters that cannot be printed (lone surrogates) become U+FFFD, and it is cut
    at ``MAX_MESSAGE_CHARS``."""

    def __init__(self, message: str) -> None:
        text = valid_text(" ".join(str(message).split()))
        if len(text) > MAX_MESSAGE_CHARS:
            text = text[: MAX_MESSAGE_CHARS - 1] + "…"
        super().__init__(text)


class NamedSaveError(SaveError):
    """A SaveError whose sentence begins with a file's name or path: shown as it is, never
    capitalised ("cases/fifo.arle.json is a pipe", not "Cases/fifo...")."""


def valid_text(text: str) -> str:
    """``text`` with every lone surrogate (text no file can hold) replaced by U+FFFD."""
    if is_valid_text(text):
        return text
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)


def is_valid_text(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def shown(value: Any, limit: int = 24) -> str:
    """A value echoed in a message: its JSON, cut short (a 4,000-digit number stays a few characters)."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):  # e.g. an int too long to print
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        dup = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise ValueError(f"the key {shown(dup)} appears twice in one record")
    return data


#: No number in Arle's files has more digits (Python refuses 4,300 with a message about itself).
MAX_DIGITS = 40


def bounded_int(text: str) -> int:
    """An integer of JSON, refused in words when it is absurdly long."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise ValueError(f"a number in it has {digits:,} digits")
    return int(text)


def no_constant(name: str) -> Any:
    """NaN and Infinity are not JSON (Python's reader accepts them)."""
    raise ValueError(f"it holds {name}, which is not a number JSON allows")


#: The JSON reader of every file Arle reads (``STRICT_JSON.decode(text)``): it refuses duplicated
#: keys (which would silently keep the last one), numbers of absurd length and NaN or Infinity,
#: each with a sentence of its own (a ``ValueError``; a ``JSONDecodeError`` for what is not JSON).
STRICT_JSON = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_int=bounded_int,
                               parse_constant=no_constant)


class JournalUnreadable(SaveError):
    """A journal that could not be read just now (permissions, a drive gone): its bytes say nothing
    about the game, so this is never remembered as damage (the next listing reads it again)."""


class GameInUse(SaveError):
    """Another Arle window (or another ``Autosaver``) is playing this game."""

    def __init__(self, message: str = "this game is open in another Arle window") -> None:
        super().__init__(message)

