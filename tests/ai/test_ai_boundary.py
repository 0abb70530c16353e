"""The computer players stand on the engine alone (issue 11): no Qt, no files, no GUI, so a
thread of the window or a headless command can run them. One exception (issue 38): the
evaluation's weights are a data file under ``resources/``, found by the one locator of bundled
files, ``arle.resources`` (standard library only, no state)."""

from __future__ import annotations

import ast
from pathlib import Path

AI = Path(__file__).resolve().parents[2] / "arle" / "ai"


def test_the_ai_imports_only_the_engine():
    imported: set[str] = set()
    for path in AI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level:
                imported.add(node.module or "")
    ours = {m for m in imported if m.startswith(("arle", "PySide6", "shiboken6"))}
    assert ours and all(m.startswith("arle.engine") or m == "arle.resources" for m in ours), ours
