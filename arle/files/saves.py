"""Save files: the setup and the move list as JSON, verified by replaying them.

A save is plain data written with cattrs from the engine's own attrs records (``Setup`` and the
moves), never pickle, nothing that executes. Loading goes through the one load pipeline that
journals go through too (``arle.files.loading``): the file is parsed (``arle.files.save_format``,
which also keeps the format's history), validated and replayed as a journal is
(``arle.files.records``: every move through the engine's one door, ``Game.apply``, so a file can
hold nothing the rules would not allow), then the result is compared with the ``final`` summary
written beside the moves (``arle.files.final``: half-year, phase, who acts, scores and a SHA-256
fingerprint of the state).

Every way a file can be wrong raises ``SaveError`` with one sentence for the player; the GUI shows
it and keeps running, ``arle verify`` prints it and exits non-zero.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
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
    valid_text,
)
from arle.files.final import summary
from arle.files.loading import load
from arle.files.paths import (  # noqa: F401 (EXTENSION, data_dir, saves_dir, the writers: still offered here)
    EXTENSION,
    NotWrittenThrough,
    ReadOnlyFile,
    atomic_write_text,
    data_dir,
    fsync_dir,
    holds_secret,
    saves_dir,
)
from arle.files.records import Loaded, options_dict, replay_raw, setup_to_dict
from arle.files.save_format import FORMAT, SCHEMA, SaveFile, parse_save
from arle.match.change import LogEntry, Words
from arle.match.history import GameHistory

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
    """Read, check and replay a save file (``arle.files.loading``); raises SaveError with one
    sentence otherwise.

    ``partial``: a move that cannot be read or played (a rules fix made it illegal, a move type
    this Arle does not know) does not refuse the file: the moves before it are loaded and
    ``damage`` says what was kept and lost (the file is only read). With ``words``, the game's
    log is made in the same replay (``LoadedSave.log``)."""
    return _loaded(load(Path(path), journal=False, partial=partial, words=words))


def loads(raw: bytes | str, name: str = "The save file", *, partial: bool = False,
          words: Words | None = None) -> LoadedSave:
    """Check and replay a save given as bytes or text (``partial``: as ``load_save``): parsed
    (``arle.files.save_format``), then validated and replayed as a journal is
    (``arle.files.records``), then the final state compared."""
    return _loaded(replay_raw(parse_save(raw, name, partial=partial), words))


def _loaded(loaded: Loaded) -> LoadedSave:
    """The save's game, with what the moves that did not replay cost (only when ``partial``)."""
    save, history, stop = loaded.raw, loaded.history, loaded.stop
    assert isinstance(save, SaveFile)
    if stop is None:
        return LoadedSave(history, save.schema, loaded.record.app_version, log=loaded.log)
    kept = len(history.moves)
    damage = SaveDamage(stop.number, kept, len(save.moves) - kept, stop.kind, stop.half_year)
    return LoadedSave(history, save.schema, loaded.record.app_version, damage, loaded.log)


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
