"""The copies of damaged files Arle keeps (``*.damaged``: journals set aside or rewritten after
damage, statistics and settings that could not all be read). They are never deleted on Arle's
own; the start page shows them and offers to delete the older ones (issue 42 item 8: 55
damage-and-continue cycles left 55 copies). No Qt, no engine."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from arle.files.paths import DAMAGED_COPY, autosave_dir, data_dir

#: ``name.damaged`` or ``name.N.damaged``: the copy's original is ``name``.


@dataclasses.dataclass(frozen=True)
class DamagedCopy:
    path: Path
    #: The file it is a copy of (it may be gone: a journal set aside).
    original: Path
    size: int
    #: When it was made (epoch seconds).
    made: float
    #: (device, inode) when listed: a copy is deleted only while it is still that very file.
    identity: tuple[int, int] = (0, 0)

    def still_listed(self) -> bool:
        """Whether the file at ``path`` is still the one listed (issue 48 item 5: another window may
        have made a new copy under a freed name since the page was shown)."""
        try:
            st = os.lstat(self.path)
        except OSError:
            return False
        return (st.st_size, st.st_mtime, (st.st_dev, st.st_ino)) == (self.size, self.made, self.identity)


def folders() -> list[Path]:
    """Where Arle keeps such copies: the games in progress, the data folder, the settings' folder."""
    from arle.files.settings import config_dir

    return [autosave_dir(), data_dir(), config_dir()]


def damaged_copies(where: list[Path] | None = None) -> list[DamagedCopy]:
    """Every ``.damaged`` copy in ``where`` (default ``folders()``), the newest first."""
    copies: list[DamagedCopy] = []
    seen: set[str] = set()
    for folder in folders() if where is None else where:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            match = DAMAGED_COPY.match(entry.name)
            if match is None or entry.path in seen:
                continue
            try:
                if not entry.is_file(follow_symlinks=False):
                    continue
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            seen.add(entry.path)
            copies.append(DamagedCopy(Path(entry.path), Path(folder) / match["original"], st.st_size,
                                      st.st_mtime, (st.st_dev, st.st_ino)))
    copies.sort(key=lambda c: c.made, reverse=True)
    return copies


def older_copies(copies: list[DamagedCopy]) -> list[DamagedCopy]:
    """The copies that are not the newest of their original: the ones to offer to delete."""
    newest: set[Path] = set()
    older: list[DamagedCopy] = []
    for copy in sorted(copies, key=lambda c: c.made, reverse=True):
        if copy.original in newest:
            older.append(copy)
        else:
            newest.add(copy.original)
    return older


def delete_copies(copies: list[DamagedCopy]) -> tuple[int, int]:
    """Delete ``copies`` (the player asked to): how many were deleted, how many could not be. A copy
    replaced since it was listed is left: it is not the one the player was shown."""
    deleted = failed = 0
    for copy in copies:
        if not DAMAGED_COPY.match(copy.path.name):  # only ever a copy Arle made
            failed += 1
            continue
        if not copy.still_listed():
            continue
        try:
            copy.path.unlink()
            deleted += 1
        except FileNotFoundError:
            pass
        except OSError:
            failed += 1
    return deleted, failed
