"""Architectural boundaries that must hold whatever the code does."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_engine_imports_no_qt():
    """The rules engine is pure Python: importing it must not load any Qt binding."""
    code = (
        "import arle.engine, sys; "
        "print([m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'PyQt'))])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]", result.stdout
