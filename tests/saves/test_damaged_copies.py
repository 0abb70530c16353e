"""Issue 42 item 8: ``.damaged`` copies piled up without limit (55 cycles made 55 copies). They
are kept, listed, and the older ones (all but the newest copy of each file) are deleted only when
the player asks."""

from __future__ import annotations

import os
from pathlib import Path

from arle.files.damaged import damaged_copies, delete_copies, older_copies
from arle.files.paths import keep_copy


def _copies_of(path: Path, count: int, start: float = 1_000_000.0) -> list[Path]:
    made = []
    for i in range(count):
        copy = keep_copy(path, f"copy {i}".encode())
        os.utime(copy, (start + i, start + i))
        made.append(copy)
    return made


def test_copies_are_listed_and_only_the_older_ones_are_offered(tmp_path: Path) -> None:
    journal = tmp_path / "g.arle-journal"
    journal.write_text("journal")
    stats = tmp_path / "stats.json"
    made = _copies_of(journal, 55) + _copies_of(stats, 1)
    (tmp_path / "unrelated.txt").write_text("x")
    copies = damaged_copies([tmp_path])
    assert {c.path for c in copies} == set(made)
    assert {c.original for c in copies} == {journal, stats}
    older = older_copies(copies)
    assert len(older) == 54 and made[54] not in {c.path for c in older}
    assert damaged_copies([tmp_path]) == copies, "listing deletes nothing"
    assert delete_copies(older) == (54, 0)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "g.arle-journal", "g.arle-journal.55.damaged", "stats.json.damaged", "unrelated.txt"]


def test_only_a_copy_arle_made_is_ever_deleted(tmp_path: Path) -> None:
    from arle.files.damaged import DamagedCopy

    keep = tmp_path / "notes.txt"
    keep.write_text("mine")
    assert delete_copies([DamagedCopy(keep, keep, 4, 0.0)]) == (0, 1) and keep.exists()


def test_a_copy_made_under_a_freed_name_after_listing_is_not_deleted(tmp_path: Path) -> None:
    """Issue 48 item 5: another window made a new copy under the name of a listed one meanwhile:
    the click deletes only the files that were listed."""
    older = tmp_path / "stats.json.damaged"
    older.write_bytes(b"old")
    os.utime(older, (1_000_000, 1_000_000))
    (tmp_path / "stats.json.2.damaged").write_bytes(b"newer")
    listed = older_copies(damaged_copies([tmp_path]))
    assert [c.path for c in listed] == [older]
    older.unlink()  # another window: deleted, then a new copy under the freed name
    older.write_bytes(b"the newest copy")
    assert delete_copies(listed) == (0, 0)
    assert older.read_bytes() == b"the newest copy"
