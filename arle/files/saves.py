"""Save files: the setup and the move list as JSON, verified by replaying them.

A save is plain data written with cattrs from the engine's own attrs records (``Setup`` and the
moves), never pickle, nothing that executes. Loading replays every move through the engine's one
door (``Game.apply``), so a file can hold nothing the rules would not allow, and then compares the
result with the ``final`` summary written beside the moves (half-year, phase, who acts, scores
and a SHA-256 fingerprint of the state).

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
import functools
import hashlib
import json
import os
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path
from typing import Any

import attrs

from arle import __version__
from arle.engine import (
    MAX_MOVES,
    Game,
    IllegalMove,
    Move,
    Setup,
    describe,
    implied_flip,
    move_from_dict,
    move_to_dict,
)
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
from arle.files.paths import (  # noqa: F401 (EXTENSION, data_dir, saves_dir, the writers: still offered here)
    EXTENSION,
    FileTooLarge,
    NotARegularFile,
    ReadOnlyFile,
    atomic_write_text,
    data_dir,
    fsync_dir,
    read_bounded,
    saves_dir,
)
from arle.match.history import PERSON, REMOTE, SEAT_KINDS, GameHistory, seats_for
from arle.match.play import LogEntry, Words

FORMAT = "arle-save"
SCHEMA = 2

#: The version of ``fingerprint``'s format: raise it whenever ``canonical`` or ``fingerprint``
#: change what they hash, so that saves fingerprinted the old way are not refused as tampered.
FINGERPRINT_VERSION = 2
#: Version 1 hashed the prompts as Arle 0.1 worded them: a counted choice said "up to 2 more"
#: before any was taken, and the Potter's Inn's Animals had no "(1 of 2)". Version 2 hashes
#: today's words; a version 1 save is checked with the old words (``_prompt_v1``), just as strictly.

#: Limits against absurd files: a real game has a few hundred moves and a few tens of kilobytes.
MAX_FILE_BYTES = 4 * 1024 * 1024
#: The most moves a real game holds, with a wide margin. Undo is not in the move list, but some
#: moves can repeat without end (an animal moved back and forth), so the rules give no bound;
#: measured instead: the longest of 600 seeded random games (``arle simulate`` seeds 1000-1299
#: with 2 players, 5000-5299 solo, November 2026) had 334 moves (2 players; solo 193), and the
#: random player already moves animals and returns Equipment more than people do. 3,000 is nine
#: times that, and replays in about a second; a 19,999-move file took 7 s to verify.
MAX_BUILDINGS = 64


@functools.cache
def _converter() -> Any:
    """cattrs, loaded when a file is first written or read (a window that opens none never needs it)."""
    import cattrs

    return cattrs.Converter()


# -- where saves live ---------------------------------------------------------------------------------


def default_save_path(stem: str) -> Path:
    """``<data dir>/saves/<stem>.arle.json``."""
    return saves_dir() / f"{stem}{EXTENSION}"


# -- writing ------------------------------------------------------------------------------------------


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    data: dict[str, Any] = _converter().unstructure(setup)
    return data


def options_dict(friendly_undo: bool, seats: Sequence[str] | None,
                 remote: dict[str, Any] | None = None) -> dict[str, Any]:
    """The ``options`` record of a save or a journal header (``seats`` only when a computer or a
    friend elsewhere plays; ``remote``: how to reach that friend, with the secret, issue 41)."""
    options: dict[str, Any] = {"friendly_undo": friendly_undo}
    if seats is not None and any(s != PERSON for s in seats):
        options["seats"] = list(seats)
    if remote is not None:
        options["remote"] = dict(remote)
    return options


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
        atomic_write_text(Path(path), text)
    except ReadOnlyFile:
        raise NamedSaveError(f"{Path(path).name} is read-only, so it was left as it is: save the game "
                             "under another name") from None
    except OSError:
        raise
    except (ValueError, TypeError, RecursionError) as exc:  # UnicodeError is a ValueError
        raise SaveError(f"the game cannot be saved: {type(exc).__name__}: {str(exc)[:80]}") from None


# -- the verified final state ---------------------------------------------------------------------------


def canonical(value: Any) -> Any:
    """A JSON-ready form of engine data that depends only on its contents (dict order, object
    identity and memory addresses play no part), for a fingerprint that is stable across runs."""
    if attrs.has(type(value)):
        fields = {a.name: canonical(getattr(value, a.name)) for a in attrs.fields(type(value))}
        return [type(value).__name__, fields]
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        items = [[canonical(k), canonical(v)] for k, v in value.items()]
        return sorted(items, key=lambda kv: json.dumps(kv[0], sort_keys=True))
    if isinstance(value, list | tuple):
        return [canonical(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((canonical(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if callable(value):
        return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', type(value).__name__)}"
    return repr(value)


def fingerprint(game: Game, version: int = FINGERPRINT_VERSION) -> str:
    """SHA-256 of the state players can see and act on: every field of the game state except
    the engine's internal decision stack, which is pinned down instead by who acts, the prompt
    and the legal moves."""
    state = {
        a.name: canonical(getattr(game.state, a.name)) for a in attrs.fields(type(game.state))
        if a.name != "stack"
    }
    data = {
        "state": state,
        "actor": game.actor,
        "prompt": str(game.prompt() if version >= 2 else _prompt_v1(game)),  # English: language-neutral
        "legal": [move_to_dict(m) for m in game.legal_moves()],
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _prompt_v1(game: Game) -> Any:
    """The prompt as fingerprint version 1 worded it (see ``FINGERPRINT_VERSION``)."""
    d: Any = game.decision
    if d is None:
        return game.prompt()
    fields = attrs.fields_dict(type(d))
    if "taken" in fields and d.taken == 0:
        d = attrs.evolve(d, taken=1)
    if "nth" in fields and d.nth is not None:
        d = attrs.evolve(d, nth=None)
    return d.prompt(game)


def summary(game: Game) -> dict[str, Any]:
    s = game.state
    return {
        "half_year": s.half_year,
        "phase": s.phase.value,
        "actor": game.actor,
        "scores": game.scores(),
        "state_sha256": fingerprint(game),
        "fingerprint": FINGERPRINT_VERSION,
    }


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
    """Check and replay a save given as bytes or text (``partial``: as ``load_save``)."""
    if len(raw) > MAX_FILE_BYTES:
        raise NamedSaveError(f"{name} is too large for a save file (the limit is {MAX_FILE_BYTES:,} bytes)")
    data = parse_json(raw, name)
    schema = check_header(data, name)
    check_schema_keys(data, schema, name)
    data = migrate(data, schema)
    setup = read_setup(data.get("setup"))
    friendly = read_options(data.get("options"))
    seats = read_seats(data.get("options"), setup.players)
    version = data.get("app_version")
    app_version = valid_text(version[:40]) if isinstance(version, str) else "unknown"
    log: list[LogEntry] | None = [] if words is not None else None
    remote = read_remote(data.get("options"), seats)
    if partial:
        records = read_move_records(data.get("moves"))
        history, stop = replay_prefix(setup, records, friendly, seats, words=words, log=log)
        if stop is not None:  # the final state is that of all the moves: nothing to compare
            kept = len(history.moves)
            damage = SaveDamage(stop.number, kept, len(data["moves"]) - kept, stop.kind, stop.half_year)
            history.remote = remote
            return LoadedSave(history, schema, app_version, damage, log)
    else:
        history, stop = replay_prefix(setup, read_moves(data.get("moves")), friendly, seats, words=words,
                                      log=log)
        if stop is not None:
            raise SaveError(stop.sentence)
    history.remote = remote
    check_final(data.get("final"), history.game)
    return LoadedSave(history, schema, app_version, log=log)


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


def read_setup(raw: Any) -> Setup:
    if not isinstance(raw, dict):
        raise SaveError("the save has no game setup")
    fields = {a.name for a in attrs.fields(Setup)}
    unknown = sorted(set(raw) - fields)
    if unknown:
        raise SaveError(f"the game setup has unknown fields: {', '.join(map(str, unknown))[:80]}")

    def ints(key: str, allow_none: bool = False) -> None:
        v = raw.get(key)
        if key not in raw or (allow_none and v is None):
            return
        if not isinstance(v, int) or isinstance(v, bool) or abs(v) >= 2**63:
            raise SaveError(f"the game setup's {key} must be a whole number")

    ints("players")
    ints("seed")
    ints("start_player", allow_none=True)
    for key, limit in (("names", 2), ("buildings", MAX_BUILDINGS)):
        v = raw.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise SaveError(f"the game setup's {key} must be a list of texts")
        if not all(is_valid_text(x) for x in v):
            raise SaveError(f"the game setup's {key} include one that is not valid text (a lone surrogate)")
        if len(v) > limit:
            raise SaveError(f"the game setup has too many {key} ({len(v)}, at most {limit})")
        if any(len(x) > MAX_NAME_CHARS for x in v):
            raise SaveError(
                f"the game setup's {key} include one absurdly long ({MAX_NAME_CHARS} characters at most)"
            )
    building_set = raw.get("building_set", "")
    if not (isinstance(building_set, str) and is_valid_text(building_set)):
        raise SaveError("the game setup's building_set must be a text")
    try:
        setup: Setup = _converter().structure(raw, Setup)
        return setup
    except Exception as exc:
        cause: BaseException = exc
        while isinstance(cause, BaseExceptionGroup) and cause.exceptions:  # cattrs' validation errors
            cause = cause.exceptions[0]
        raise SaveError(f"the game setup is not valid: {cause}") from None


def read_options(raw: Any) -> bool:
    if raw is None:
        return False
    if not isinstance(raw, dict) or not isinstance(raw.get("friendly_undo", False), bool):
        raise SaveError("the save's options are not valid (friendly_undo must be true or false)")
    return bool(raw.get("friendly_undo", False))


def read_seats(raw: Any, players: int) -> tuple[str, ...]:
    """Who plays each seat (``options.seats``); every seat a person when the save does not say."""
    seats = raw.get("seats") if isinstance(raw, dict) else None
    if seats is None:
        return seats_for(players, None)
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise SaveError("the save's seats are not valid (a list of \"person\" or a computer level)")
    try:
        return seats_for(players, seats)
    except ValueError:
        raise SaveError(
            f"the save's seats are not valid: {players} of {', '.join((*SEAT_KINDS, REMOTE))} "
            f"expected, found {shown(seats, 60)}"
        ) from None


def read_remote(raw: Any, seats: Sequence[str]) -> dict[str, Any] | None:
    """How to reach the friend of a remote game (``options.remote``, issue 41), checked; None for
    a game without a friend elsewhere. Raises SaveError for a remote seat without it, or a record
    that is not one."""
    from arle.match.remote.link import Plan

    record = raw.get("remote") if isinstance(raw, dict) else None
    if REMOTE not in seats:
        return None
    if record is None:
        raise SaveError("the game is against a friend on another computer but does not say how "
                        "to reach them")
    try:
        return Plan.of(record).to_dict()
    except ValueError as exc:
        raise SaveError(f"the game is not valid: {exc}") from None


def read_move_records(raw: Any) -> list[Any]:
    """The move list as records still to be read (``replay_prefix`` reads each in turn): the
    moves past ``MAX_MOVES`` are left out, as moves that could not be used."""
    if not isinstance(raw, list):
        raise SaveError("the save has no move list")
    return raw[:MAX_MOVES]


def read_moves(raw: Any) -> list[Move]:
    if not isinstance(raw, list):
        raise SaveError("the save has no move list")
    if len(raw) > MAX_MOVES:
        raise SaveError(f"the save has {len(raw):,} moves, more than any game can have (limit {MAX_MOVES:,})")
    moves: list[Move] = []
    for i, item in enumerate(raw, start=1):
        try:
            moves.append(move_from_dict(item))
        except Exception as exc:
            raise SaveError(f"move {i} is not a valid move: {str(exc)[:120]}") from None
    return moves


def replay(setup: Setup, moves: Sequence[Move], friendly_undo: bool,
           seats: Sequence[str] | None = None) -> GameHistory:
    """The game after ``moves``; raises SaveError (one sentence) at the first that does not replay."""
    history, stop = replay_prefix(setup, moves, friendly_undo, seats)
    if stop is not None:
        raise SaveError(stop.sentence)
    return history


@attrs.frozen
class Stop:
    """Where a replay stopped: move ``number`` (from 1) could not be played, and why."""

    number: int
    #: Why, as the end of a sentence ("is not legal at its place in the game (half-year 3)").
    why: str
    #: The whole sentence, naming the move ("move 4 (EndTurn()) is not legal ...").
    sentence: str
    #: Why, as a word a view puts in its language: "unknown" (not a move this Arle knows),
    #: "illegal", "after_end" (after the end of the game) or "error" (the engine failed).
    kind: str = "error"
    #: The half-year the game was in at that move.
    half_year: int = 0


def replay_prefix(setup: Setup, moves: Sequence[Move | dict[str, Any]], friendly_undo: bool,
                  seats: Sequence[str] | None = None, *, words: Words | None = None,
                  log: list[LogEntry] | None = None) -> tuple[GameHistory, Stop | None]:
    """The game after as many of ``moves`` as replay, and where it stopped (None: all of them).

    An item that is a dict is a move record still to be read (``move_from_dict``): a journal
    keeps the moves before a record this Arle cannot read or play, a save file refuses it whole.
    With ``words`` and ``log``, each replayed move's log entry is added to ``log`` on the way (a
    continued game is replayed once, for its state and its log alike: ``Match(..., log=log)``).
    Raises SaveError only when the setup cannot start a game."""
    try:
        history = GameHistory(setup, friendly_undo=friendly_undo, seats=seats)
    except Exception as exc:
        raise SaveError(f"the game setup cannot start a game: {str(exc)[:120]}") from None
    for i, item in enumerate(moves, start=1):
        move: Move
        half_year = history.game.state.half_year
        if not isinstance(item, dict):
            move = item
        else:
            try:
                move = move_from_dict(item)
            except Exception as exc:
                why = f"is not a move this Arle knows: {str(exc)[:120]}"
                return history, Stop(i, why, f"move {i} {why}", "unknown", half_year)
        if history.game.over:
            why, kind = "comes after the end of the game", "after_end"
        else:
            try:
                implied = implied_flip(history.game, move)  # (an older Arle's flip without asking)
                for each in (move,) if implied is None else (implied, move):
                    actor = history.game.actor
                    label = _label(words, history.game, each) if log is not None else ""
                    events = history.apply(each)
                    if log is not None:
                        log.append(LogEntry(actor, each, label, list(events)))
                continue
            except IllegalMove:
                why, kind = f"is not legal at its place in the game (half-year {half_year})", "illegal"
            except Exception as exc:  # an engine bug: still one sentence, never a traceback
                why, kind = f"could not be replayed: {type(exc).__name__}: {str(exc)[:80]}", "error"
        return history, Stop(i, why, f"move {i} ({describe(move)}) {why}", kind, half_year)
    return history, None


def _label(words: Words | None, game: Game, move: Move) -> str:
    """A move's log words before it is replayed; the engine's compact form if the words fail (a
    move that turns out not to replay is reported by the replay, not by its words)."""
    try:
        return words(game, move) if words is not None else describe(move)
    except Exception:  # any failure of the words: the replay decides about the move
        return describe(move)


def check_final(raw: Any, game: Game) -> None:
    """Compare the saved summary with the replayed game (version 1 files have none).

    The check always runs, whatever ``app_version`` says (it is only a label anyone can edit).
    The fingerprint is compared as the version it was made with hashes (a change of the hashing
    must not refuse every older save, nor let an edited version number skip the check)."""
    if raw is None:
        return
    if not isinstance(raw, dict):
        raise SaveError("the save's final state record is not valid")
    made_as = raw.get("fingerprint", 1)
    if not isinstance(made_as, int) or isinstance(made_as, bool) or made_as < 1:
        raise SaveError("the save's final state record has no valid fingerprint version")
    if made_as > FINGERPRINT_VERSION:
        raise SaveError(
            f"the save's final state was fingerprinted by a newer Arle (version {shown(made_as)}, this "
            f"Arle knows up to {FINGERPRINT_VERSION}); please update Arle"
        )
    actual = summary(game)
    actual["state_sha256"] = fingerprint(game, made_as)  # every version this Arle knows is checked
    keys = ["half_year", "phase", "actor", "scores", "state_sha256"]
    for key in keys:
        if key not in raw:
            raise SaveError(f"the save's final state record lacks {key}")
        if raw[key] != actual[key]:
            raise SaveError(
                f"replaying the moves does not give the saved final state ({key}: saved {shown(raw[key])}, "
                f"replayed {shown(actual[key])}); the file was changed or made by another "
                "version of the rules"
            )


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
