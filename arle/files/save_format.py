"""The save file's format as it is read: the JSON, its header, the keys of its schema and the
migration of older schemas, into the raw record that the one load pipeline validates and replays
(``arle.files.loading``; written by ``arle.files.saves``).

Format history (``schema``): 1 = what the first ``simulate --save-dir`` wrote (format, schema,
setup, moves); 2 = adds ``app_version``, ``options`` (friendly undo) and ``final``. ``final`` may
carry ``fingerprint`` (the ``FINGERPRINT_VERSION`` of its ``state_sha256``; absent means 1).
``options`` may carry ``seats`` (who plays each seat: "person" or a computer level); absent means
every seat a person, and an Arle that does not know the key still opens the game, all-person.
"""

from __future__ import annotations

import errno
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import attrs

from arle.files.errors import STRICT_JSON, NamedSaveError, shown
from arle.files.paths import NotARegularFile

FORMAT = "arle-save"
SCHEMA = 2

#: Limits against absurd files: a real game has a few hundred moves and a few tens of kilobytes.
MAX_FILE_BYTES = 4 * 1024 * 1024


@attrs.frozen
class SaveFile:
    """A save as its format reads it, migrated to ``SCHEMA``: the raw record of
    ``arle.files.records`` (``RawGame``), nothing of it trusted yet."""

    #: The whole record (its setup, options and app_version are the header).
    header: dict[str, Any]
    #: The schema the file was written in (before migration).
    schema: int
    #: Opened whole (not ``partial``): a move that cannot be read or played refuses the file.
    strict: bool
    #: A save has no damaged line to try the moves before.
    before_damage: None = None

    @property
    def moves(self) -> Any:
        return self.header.get("moves")

    @property
    def final(self) -> Any:
        """The summary written beside the moves (None in a schema 1 file)."""
        return self.header.get("final")


def parse_save(raw: Iterable[bytes] | bytes | str, name: str, *, partial: bool = False,
               path: Path | None = None) -> SaveFile:
    """The save in ``raw`` (its bytes, a chunk at a time from ``read_chunks`` of ``path``, or its
    text), read as far as its format goes; NamedSaveError (one sentence) for what is not one."""
    if not isinstance(raw, bytes | str):
        raw = _joined(raw, path)
    if len(raw) > MAX_FILE_BYTES:
        raise NamedSaveError(f"{name} is too large for a save file (the limit is {MAX_FILE_BYTES:,} bytes)")
    data = parse_json(raw, name)
    schema = check_header(data, name)
    check_schema_keys(data, schema, name)
    return SaveFile(migrate(data, schema), schema, not partial)


def _joined(chunks: Iterable[bytes], path: Path | None) -> bytes:
    """The bytes of a save file read from ``path``; what fails to read is one sentence."""
    try:
        return b"".join(chunks)
    except FileNotFoundError:
        raise NamedSaveError(f"{path} does not exist") from None
    except NotARegularFile as exc:
        what = "a folder" if exc.errno == errno.EISDIR else "a pipe or a device"
        raise NamedSaveError(f"{path} is {what}, not a save file") from None
    except OSError as exc:
        raise NamedSaveError(f"{path} cannot be read: {exc.strerror or exc}") from None


def parse_json(raw: bytes | str, name: str) -> Any:
    if isinstance(raw, bytes):
        if not raw.strip():
            raise NamedSaveError(f"{name} is empty")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise NamedSaveError(f"{name} is not an Arle save: it is not text (not UTF-8 JSON)") from None
    else:
        text = raw
        if not text.strip():
            raise NamedSaveError(f"{name} is empty")
    text = text.removeprefix("\ufeff")  # a UTF-8 byte order mark, as some editors write
    try:
        return STRICT_JSON.decode(text)
    except RecursionError:
        raise NamedSaveError(f"{name} is not an Arle save: its JSON is nested absurdly deep") from None
    except json.JSONDecodeError as exc:
        if text.lstrip()[:1] == "{" and _unclosed(text):
            raise NamedSaveError(f"{name} is truncated: it ends in the middle of the data") from None
        raise NamedSaveError(
            f"{name} is not an Arle save: it is not valid JSON (line {exc.lineno}, column {exc.colno})"
        ) from None
    except ValueError as exc:  # a duplicated key, an integer with thousands of digits
        raise NamedSaveError(f"{name} is not an Arle save: {str(exc)[:100]}") from None


def _unclosed(text: str) -> bool:
    """True when the text stops inside a string or before closing every bracket it opened: the
    mark of a file cut short, rather than one that is not JSON at all."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return False  # the data closed: whatever is wrong, it was not cut short
    return in_string or depth > 0


def check_header(data: Any, name: str) -> int:
    if not isinstance(data, dict):
        raise NamedSaveError(f"{name} is not an Arle save: it holds JSON but not a save record")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise NamedSaveError(f"{name} is not an Arle save (format "
                             f"{shown(fmt, 40) if fmt is not None else 'no format name'}, "
                             f"expected \"{FORMAT}\")")
    schema = data.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise NamedSaveError(f"{name} has no valid schema version number")
    if schema > SCHEMA:
        version = data.get("app_version")
        by = f" by Arle {version}" if isinstance(version, str) and len(version) < 40 else ""
        raise NamedSaveError(
            f"{name} was saved{by} in save format version {shown(schema)}, newer than this Arle reads "
            f"(up to {SCHEMA}); please update Arle"
        )
    return schema


#: What each schema's files hold at their top level; a file claiming a schema is checked as
#: strictly as that schema allows, so an edited number cannot switch a check off.
SCHEMA_KEYS: dict[int, frozenset[str]] = {
    1: frozenset({"format", "schema", "setup", "moves"}),
    2: frozenset({"format", "schema", "app_version", "setup", "options", "moves", "final"}),
}
#: The keys a file of each schema must hold (schema 2's ``final`` is what detects edited moves).
SCHEMA_REQUIRED: dict[int, frozenset[str]] = {
    1: frozenset({"format", "schema", "setup", "moves"}),
    2: frozenset({"format", "schema", "setup", "moves", "final"}),
}


def check_schema_keys(data: dict[str, Any], schema: int, name: str) -> None:
    """A file of ``schema`` holds no key of a later schema and every key its schema requires."""
    later = sorted(k for k in set(data) - SCHEMA_KEYS[schema] if k in SCHEMA_KEYS[SCHEMA])
    if later:
        raise NamedSaveError(
            f"{name} claims save format version {schema} but holds {', '.join(later)}, which that "
            "version did not have: the file was changed"
        )
    missing = sorted(SCHEMA_REQUIRED[schema] - set(data))
    if missing:
        raise NamedSaveError(
            f"{name} lacks {', '.join(missing)}, which save format version {schema} requires")
    if schema >= 2 and not isinstance(data.get("final"), dict):
        raise NamedSaveError(
            f"{name} has no final state record, which save format version {schema} requires")


def _migrate_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (the first simulate saves) had no app version, options or final summary."""
    return {**data, "schema": 2, "app_version": "unknown", "options": {"friendly_undo": False},
            "final": None}


#: MIGRATIONS[n] turns a version n file into version n + 1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _migrate_1_to_2}


def migrate(data: dict[str, Any], schema: int) -> dict[str, Any]:
    while schema < SCHEMA:
        data = MIGRATIONS[schema](data)
        schema += 1
    return data
