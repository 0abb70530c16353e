"""Issue 42 item 7: many games in progress. ``scan_games`` gives the list a part at a time: every
journal at once (a pending entry when its summary cache does not tell), then each replayed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from arle.commands.bench_listing import make_journals
from arle.files.journal import Autosaver, list_games, scan_games
from arle.match.history import GameHistory
from tests.saves.helpers import full_game


def test_every_journal_is_listed_before_any_is_replayed_then_each_is_filled_in(tmp_path: Path) -> None:
    make_journals(tmp_path, 30, distinct=3)
    setup, moves = full_game(2, 1)
    finished = Autosaver(tmp_path / "over.arle-journal", durable=False)
    finished.start(GameHistory(setup, moves))
    finished.close()
    steps = list(scan_games(tmp_path, step_s=1e9))  # one step per pass
    first, rest = steps[0], steps[1:]
    assert len(first.entries) == 31 and all(e.pending for e in first.entries)
    named = [e for e in first.entries if e.path.name != "over.arle-journal"]
    assert all(e.names for e in named), "the names come from each journal's first line"
    stamps = [e.last_played for e in first.entries]
    assert stamps == sorted(stamps, reverse=True), "the order last played, newest first"
    filled = {e.path: e for step in rest for e in step.entries}
    assert len(filled) == 30 and not any(e.pending for e in filled.values())
    assert [p for step in rest for p in step.removed] == [tmp_path / "over.arle-journal"]
    # Warm: the summary caches tell everything at once.
    (warm,) = scan_games(tmp_path, step_s=1e9)
    assert len(warm.entries) == 30 and not any(e.pending for e in warm.entries)
    assert {e.path: e for e in warm.entries} == filled
    assert [e.path for e in list_games(tmp_path)] == [e.path for e in warm.entries]


def test_the_first_part_comes_before_the_whole_folder_is_read(tmp_path: Path) -> None:
    make_journals(tmp_path, 100, distinct=2)
    first = next(scan_games(tmp_path))
    assert 0 < len(first.entries) < 100


def test_the_start_page_names_computer_levels_without_the_rules_engine() -> None:
    """130 ms of a 280 ms freeze with 2,000 games was the engine imported on the window's thread
    (the level names lived beside the coach)."""
    from arle.files.journal import GameEntry

    code = ("import sys; from pathlib import Path; "
            "from PySide6.QtWidgets import QApplication; app = QApplication([]); "
            "from arle.files.journal import GameEntry; from arle.gui.shell.start_page import game_text; "
            "e = GameEntry(Path('g'), ('Ada', 'Ben'), 3, (1, 2), 0.0, None, False, "
            "seats=('person', 'hard')); "
            "assert 'computer, Hard' in game_text(e); "
            "from arle.files.settings import Settings, save_settings; import tempfile; "
            "save_settings(Settings(), Path(tempfile.mkdtemp()) / 's.json'); "
            "print([m for m in sys.modules if m.startswith(('arle.engine', 'arle.files.saves'))])")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent.parent),
           "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         check=True)
    assert out.stdout.strip() == "[]", out.stdout
    assert GameEntry  # (the same record the window lists)
