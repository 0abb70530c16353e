"""The one load pipeline of save files and journals, each step one room, taken in order:

read the bytes (``arle.files.paths.read_chunks``) -> parse the format into the raw record
(``arle.files.journal.format.parse_journal`` or ``arle.files.save_format.parse_save``) ->
validate, replay and compare the final state (``arle.files.records.replay_raw``).

What each format's damage cost rides along in what the pipeline returns (``Loaded``): the saves
and the journal's reader put it into words (``load_save``, ``resume``; the journal package takes
the same steps itself, since no room of it may import this one: lint-imports forbids the circle).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from arle.files.journal.format import parse_journal
from arle.files.paths import Bytes, read_chunks
from arle.files.records import Loaded, RawGame, replay_raw
from arle.files.save_format import MAX_FILE_BYTES, parse_save

if TYPE_CHECKING:
    from arle.match.change import Words


def load(path: Path, *, journal: bool, partial: bool = False, words: Words | None = None) -> Loaded:
    """The game in the file at ``path``, a journal or a save; SaveError (one sentence) when it
    cannot be played. Read only. ``partial``: a save's moves that do not replay leave the moves
    before them (a journal's always do). With ``words``, the log is made in the same replay."""
    seen = Bytes() if journal else Bytes(MAX_FILE_BYTES + 1)  # one byte more: "too large"
    chunks = read_chunks(path, seen)
    raw: RawGame = (parse_journal(chunks, seen) if journal
                    else parse_save(chunks, path.name, partial=partial, path=path))
    return replay_raw(raw, words)
