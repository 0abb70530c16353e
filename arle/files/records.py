"""The game record that save files and journals share, and the steps of the one load pipeline
(``arle.files.loading``) that come after each format has parsed its file into the raw record
(``RawGame``: ``arle.files.save_format``, ``arle.files.journal.format``): validate
(``read_record``: the setup, the options, the seats, how to reach a friend) -> replay
(``replay_prefix``: every move through the engine's one door, ``Game.apply``, so a file can hold
nothing the rules forbid) -> compare the final state (``arle.files.final``); ``replay_raw`` takes
them in that order. Writing uses the same records (``setup_to_dict``, ``options_dict``).

Every way a record can be wrong raises ``SaveError`` with one sentence for the player.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import attrs

from arle.engine import MAX_MOVES, Game, IllegalMove, Move, Setup, describe, implied_flip, move_from_dict
from arle.files.errors import MAX_NAME_CHARS, SaveError, is_valid_text, shown, valid_text
from arle.files.final import check_final
from arle.match.change import LogEntry, Words
from arle.match.history import PERSON, REMOTE, SEAT_KINDS, GameHistory

#: The most buildings a setup may name (a real one names a few dozen at most).
MAX_BUILDINGS = 64


@functools.cache
def _converter() -> Any:
    """cattrs, loaded when a file is first written or read (a window that opens none never needs it)."""
    import cattrs

    return cattrs.Converter()


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


@attrs.frozen
class GameRecord:
    """What a file says about its game before its moves, validated: the setup, friendly undo, who
    plays each seat, how to reach a friend elsewhere (None: no friend elsewhere) and the Arle that
    wrote it (a label anyone can edit, never trusted: "unknown" when it is not a text)."""

    setup: Setup
    friendly_undo: bool
    seats: tuple[str, ...]
    remote: dict[str, Any] | None
    app_version: str = "unknown"


def read_record(data: Mapping[str, Any]) -> GameRecord:
    """Validate the ``setup`` and ``options`` of a save file or a journal's first line; raises
    SaveError (one sentence) at the first thing wrong."""
    setup = read_setup(data.get("setup"))
    version = data.get("app_version")
    app_version = valid_text(version[:40]) if isinstance(version, str) else "unknown"
    friendly = read_options(data.get("options"))
    seats = read_seats(data.get("options"), setup.players)
    return GameRecord(setup, friendly, seats, read_remote(data.get("options"), seats), app_version)


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
    """Who plays each seat (``options.seats``): one of ``SEAT_KINDS`` or ``REMOTE`` for each
    player; every seat a person when the save does not say."""
    seats = raw.get("seats") if isinstance(raw, dict) else None
    if seats is None:
        return (PERSON,) * players
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise SaveError("the save's seats are not valid (a list of \"person\" or a computer level)")
    kinds = (*SEAT_KINDS, REMOTE)
    if len(seats) != players or not set(seats) <= set(kinds):
        raise SaveError(f"the save's seats are not valid: {players} of {', '.join(kinds)} "
                        f"expected, found {shown(seats, 60)}")
    return tuple(seats)


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


class RawGame(Protocol):
    """What a format makes of its file (``SaveFile``, ``Journal``), before any of it is trusted."""

    @property
    def header(self) -> Mapping[str, Any]:
        """Holds the ``setup``, the ``options`` and the ``app_version`` (``read_record``)."""

    @property
    def moves(self) -> Any:
        """The move records, still to be read (anything, in a file that is not a save)."""

    @property
    def before_damage(self) -> list[Any] | None:
        """The moves before a journal's first damaged line: tried too, when they keep more."""

    @property
    def strict(self) -> bool:
        """Whether a move that cannot be read or played refuses the whole file."""

    @property
    def final(self) -> Any:
        """The final summary written beside the moves (None: none to compare)."""


@attrs.frozen
class Loaded:
    """A file's game as the pipeline leaves it: the raw record it came from, the validated
    record, the game after the moves that replayed, where they stopped (None: all of them), which
    move list was kept (0: the file's; 1: the moves before its damage) and the log in words."""

    raw: RawGame
    record: GameRecord
    history: GameHistory
    stop: Stop | None
    attempt: int = 0
    log: list[LogEntry] | None = None


def replay_raw(raw: RawGame, words: Words | None = None) -> Loaded:
    """Validate ``raw``, replay its moves (and, if they stop, the moves before its damage: the
    damaged line may have held a move the rest depends on; the list that keeps more wins) and
    compare the final state when every move replayed. SaveError (one sentence) when the file
    cannot be played, or when a ``strict`` file's move cannot."""
    record = read_record(raw.header)
    moves = read_moves(raw.moves) if raw.strict else read_move_records(raw.moves)
    tries = [moves] if raw.before_damage is None else [moves, raw.before_damage]
    kept: Loaded | None = None
    for attempt, each in enumerate(tries):
        log: list[LogEntry] | None = [] if words is not None else None
        history, stop = replay_prefix(record, each, words=words, log=log)
        if kept is None or len(history.moves) > len(kept.history.moves):
            kept = Loaded(raw, record, history, stop, attempt, log)
        if stop is None:
            break
    assert kept is not None  # (``tries`` is never empty)
    if kept.stop is not None and raw.strict:
        raise SaveError(kept.stop.sentence)
    if kept.stop is None:
        check_final(raw.final, kept.history.game)
    return kept


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


def replay_prefix(record: GameRecord, moves: Sequence[Any], *,
                  words: Words | None = None,
                  log: list[LogEntry] | None = None) -> tuple[GameHistory, Stop | None]:
    """The game of ``record`` after as many of ``moves`` as replay, and where it stopped (None:
    all of them).

    An item that is not a move (an attrs record of the engine) is a move record still to be read
    (``move_from_dict``), whatever JSON it is: a journal keeps the moves before a record this Arle
    cannot read or play, a save file refuses it whole.
    With ``words`` and ``log``, each replayed move's log entry is added to ``log`` on the way (a
    continued game is replayed once, for its state and its log alike: ``Match(..., log=log)``).
    Raises SaveError only when the setup cannot start a game."""
    try:
        history = GameHistory(record.setup, friendly_undo=record.friendly_undo, seats=record.seats)
    except Exception as exc:
        raise SaveError(f"the game setup cannot start a game: {str(exc)[:120]}") from None
    history.remote = record.remote
    for i, item in enumerate(moves, start=1):
        move: Move
        half_year = history.game.state.half_year
        if attrs.has(type(item)):
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
