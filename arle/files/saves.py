"""Save files: the setup and the move list as JSON, verified by replaying them.

A save is plain data written with cattrs from the engine's own attrs records (``Setup`` and the
moves), never pickle, nothing that executes. Loading parses the file here, then validates and
replays it as a journal is (``arle.files.records``: every move through the engine's one door,
``Game.apply``, so a file can hold nothing the rules would not allow), then compares the result
with the ``final`` summary written beside the moves (``arle.files.final``: half-year, phase, who
acts, scores and a SHA-256 fingerprint of the state).

Every way a file can be wrong raises ``SaveError`` with one sentence for the player; the GUI shows
it and keeps running, ``arle verify`` prints it and exits non-zero.

Format history (``schema``): 1 = what the first ``simulate --save-dir`` wrote (format, schema,
setup, moves); 2 = adds ``app_version``, ``options`` (friendly undo) and ``final``. ``final`` may
carry ``fingerprint`` (the ``FINGERPRINT_VERSION`` of its ``state_sha256``; absent means 1).
``options`` may carry ``seats`` (who plays each seat: "person" or a computer level); absent means
every seat a person, and an Arle that does not know the key still opens the game, all-person.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from arle import __version__
from arle.engine import Game, Move, Setup, move_to_dict
from arle.files.errors import (  # noqa: F401 (SaveError and the text helpers are still offered here)
    MAX_MESSAGE_CHARS,
    MAX_NAME_CHARS,
    NamedSaveError,
    SaveError,
    is_valid_text,
    shown,
    strict_json,
    valid_text,
)
from arle.files.final import check_final, summary
from arle.files.paths import (  # noqa: F401 (EXTENSION, data_dir, saves_dir, the writers: still offered here)
    EXTENSION,
    FileTooLarge,
    NotARegularFile,
    NotWrittenThrough,
    ReadOnlyFile,
    atomic_write_text,
    data_dir,
    fsync_dir,
    holds_secret,
    read_bounded,
    saves_dir,
)
from arle.files.records import (
    options_dict,
    read_move_records,
    read_moves,
    read_record,
    replay_prefix,
    setup_to_dict,
)
from arle.match.change import LogEntry, Words
from arle.match.history import GameHistory

FORMAT = "arle-save"
SCHEMA = 2

#: Limits against absurd files: a real game has a few hundred moves and a few tens of kilobytes.
MAX_FILE_BYTES = 4 * 1024 * 1024
# -- where saves live ---------------------------------------------------------------------------------


def default_save_path(stem: str) -> Path:
    """``<data dir>/saves/<stem>.arle.json``."""
    return saves_dir() / f"{stem}{EXTENSION}"


# -- writing ------------------------------------------------------------------------------------------


def save_dict(
    setup: Setup, moves: Sequence[Move], game: Game, *, friendly_undo: bool = False,
    seats: Sequence[str] | None = None, remote: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The whole save as JSON-ready data; ``game`` is the game after ``moves``."""
    return {
        "format": FORMAT,
        "schema": SCHEMA,
        "app_version": __version__,
        "setup": setup_to_dict(setup),
        "options": options_dict(friendly_undo, seats, remote),
        "moves": [move_to_dict(m) for m in moves],
        "final": summary(game),
    }


def dumps(data: dict[str, Any]) -> str:
    """One move per line: readable, and a diff of two saves shows the moves that differ."""
    head = {k: v for k, v in data.items() if k not in ("moves", "final")}
    lines = [json.dumps(head, indent=1, ensure_ascii=False)[:-2] + ","]
    moves = data["moves"]
    lines.append(' "moves": [' + ("" if moves else "],"))
    for i, m in enumerate(moves):
        lines.append("  " + json.dumps(m, ensure_ascii=False) + ("," if i < len(moves) - 1 else ""))
    if moves:
        lines.append(" ],")
    final = json.dumps(data["final"], indent=1, ensure_ascii=False).replace("\n", "\n ")
    lines.append(f' "final": {final}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def save_history(path: Path, history: GameHistory) -> None:
    """Save the session's game (crash-safe). Raises only OSError (the disk) or SaveError (one
    sentence: the game holds something no file can)."""
    save_game(path, history.setup, history.moves, history.game, friendly_undo=history.friendly_undo,
              seats=history.seats, remote=history.remote)


def save_game(
    path: Path, setup: Setup, moves: Sequence[Move], game: Game, *, friendly_undo: bool = False,
    seats: Sequence[str] | None = None, remote: dict[str, Any] | None = None,
) -> None:
    bad = [n for n in (*setup.names, *setup.buildings) if not is_valid_text(n)]
    if bad:
        raise SaveError("the game cannot be saved: a player name is not valid text (a lone surrogate)")
    try:
        text = dumps(save_dict(setup, moves, game, friendly_undo=friendly_undo, seats=seats, remote=remote))
        atomic_write_text(Path(path), text, chosen=True, private=holds_secret(remote))
    except NotWrittenThrough as exc:
        raise NamedSaveError(f"{Path(path).name} is not a regular file ({exc.strerror}): save the game "
                             "under another name") from None
    except ReadOnlyFile:
        raise NamedSaveError(f"{Path(path).name} is read-only, so it was left as it is: save the game "
                             "under another name") from None
    except OSError:
        raise
    except (ValueError, TypeError, RecursionError) as exc:  # UnicodeError is a ValueError
        raise SaveError(f"the game cannot be saved: {type(exc).__name__}: {str(exc)[:80]}") from None


# -- reading --------------------------------------------------------------------------------------------


@attrs.frozen
class SaveDamage:
    """A save whose moves do not all replay (issue 42 item 3): the moves before the first that
    cannot be read or played are kept, the file itself is never changed. Data, for the window to
    put in the player's language; ``str()`` is the English sentence."""

    #: The first move (from 1) that could not be read or played.
    move: int
    #: How many moves were kept (``move - 1``) and how many of the file's could not be used.
    kept: int
    lost: int
    #: Why, as ``Stop.kind``: "unknown", "illegal", "after_end" or "error".
    why: str
    #: The half-year the game was in at that move.
    half_year: int

    def __str__(self) -> str:
        why = {"unknown": "is not a move this Arle knows",
               "illegal": f"is not legal at its place in the game (half-year {self.half_year})",
               "after_end": "comes after the end of the game"}.get(self.why, "could not be replayed")
        kept = ("no move could be kept" if self.kept == 0 else "the first move was kept" if self.kept == 1
                else f"the first {self.kept:,} moves were kept")
        lost = f"{self.lost:,} {'move' if self.lost == 1 else 'moves'} could not be used"
        return f"Move {self.move:,} of the save {why}: {kept}; {lost}; the file is left as it is."


@attrs.frozen
class LoadedSave:
    history: GameHistory
    schema: int  # the schema the file was written in (before migration)
    app_version: str
    #: Only from ``load_save(..., partial=True)``: the moves that could not be replayed.
    damage: SaveDamage | None = None
    #: The log in words, made in the one replay when ``load_save`` was given words.
    log: list[LogEntry] | None = None

    @property
    def game(self) -> Game:
        return self.history.game


def load_history(path: Path) -> GameHistory:
    return load_save(path).history


def load_save(path: Path, *, partial: bool = False, words: Words | None = None) -> LoadedSave:
    """Read, check and replay a save file; raises SaveError with one sentence otherwise.

    ``partial``: a move that cannot be read or played (a rules fix made it illegal, a move type
    this Arle does not know) does not refuse the file: the moves before it are loaded and
    ``damage`` says what was kept and lost (the file is only read). With ``words``, the game's
    log is made in the same replay (``LoadedSave.log``)."""
    path = Path(path)
    try:
        raw = read_bounded(path, MAX_FILE_BYTES)  # a FIFO must not hang, /dev/zero not fill memory
    except FileNotFoundError:
        raise NamedSaveError(f"{path} does not exist") from None
    except FileTooLarge:
        raise NamedSaveError(
            f"{path.name} is too large for a save file (the limit is {MAX_FILE_BYTES:,} bytes)"
        ) from None
    except NotARegularFile as exc:
        what = "a folder" if exc.errno == errno.EISDIR else "a pipe or a device"
        raise NamedSaveError(f"{path} is {what}, not a save file") from None
    except OSError as exc:
        raise NamedSaveError(f"{path} cannot be read: {exc.strerror or exc}") from None
    return loads(raw, name=path.name, partial=partial, words=words)


def loads(raw: bytes | str, name: str = "The save file", *, partial: bool = False,
          words: Words | None = None) -> LoadedSave:
    """Check and replay a save given as bytes or text (``partial``: as ``load_save``): parsed here,
    then validated and replayed as a journal is (``arle.files.records``), then the final state
    compared."""
    if len(raw) > MAX_FILE_BYTES:
        raise NamedSaveError(f"{name} is too large for a save file (the limit is {MAX_FILE_BYTES:,} bytes)")
    data = parse_json(raw, name)
    schema = check_header(data, name)
    check_schema_keys(data, schema, name)
    data = migrate(data, schema)
    record = read_record(data)
    log: list[LogEntry] | None = [] if words is not None else None
    moves = read_move_records(data.get("moves")) if partial else read_moves(data.get("moves"))
    history, stop = replay_prefix(record, moves, words=words, log=log)
    if stop is not None and not partial:
        raise SaveError(stop.sentence)
    if stop is not None:  # the final state is that of all the moves: nothing to compare
        kept = len(history.moves)
        damage = SaveDamage(stop.number, kept, len(data["moves"]) - kept, stop.kind, stop.half_year)
        return LoadedSave(history, schema, record.app_version, damage, log)
    check_final(data.get("final"), history.game)
    return LoadedSave(history, schema, record.app_version, log=log)


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
        return strict_json(text)
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
        got = shown(fmt, 40) if fmt is not None else "no format name"
        raise NamedSaveError(f"{name} is not an Arle save (format {got}, expected \"{FORMAT}\")")
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


# -- the verify command -----------------------------------------------------------------------------------


def _printable(text: str) -> bool:
    """Whether stderr's encoding can show ``text`` (a C-locale console cannot show "Zoë")."""
    import sys

    try:
        text.encode(getattr(sys.stderr, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def report(loaded: LoadedSave) -> dict[str, Any]:
    """What ``arle verify`` prints: where the game stands and the live score breakdown."""
    game = loaded.game
    s = game.state
    actor = game.actor
    return {
        "schema": loaded.schema,
        "app_version": loaded.app_version,
        "moves": len(loaded.history.moves),
        "half_year": s.half_year,
        "phase": s.phase.value,
        "over": game.over,
        "turn": None if actor is None else {"player": actor, "name": s.players[actor].name},
        "prompt": str(game.prompt()),  # English: saves are language-neutral
        "winner": s.winner,
        "scores": [
            {"player": p.index, "name": p.name, **game.score(p.index).as_dict()} for p in s.players
        ],
    }


def verify_main(argv: Sequence[str] | None = None) -> int:
    """``python -m arle verify FILE``: exit 0 and a JSON report, or 1 and one line on stderr."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(
        prog="arle verify", description="Replay a save file and print where the game stands as JSON."
    )
    parser.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    try:
        loaded = load_save(args.file)
        text = json.dumps(report(loaded), indent=1, ensure_ascii=False)
    except SaveError as exc:
        print(f"arle verify: {exc}".encode("ascii", "backslashreplace").decode("ascii")
              if not _printable(str(exc)) else f"arle verify: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # an engine bug met while replaying: still one line, no traceback
        print(f"arle verify: {args.file.name} could not be replayed ({type(exc).__name__}: {exc})",
              file=sys.stderr)
        return 2
    try:
        try:
            print(text, flush=True)
        except UnicodeEncodeError:  # a console that cannot show the names: escape them
            print(json.dumps(report(loaded), indent=1, ensure_ascii=True), flush=True)
    except BrokenPipeError:  # ``arle verify FILE | head``: the reader left, nothing is wrong
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keeps the interpreter's exit flush quiet
    return 0
