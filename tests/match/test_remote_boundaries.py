"""Issue 47: Arle opens no server socket of its own (the wormhole library makes its connections),
and Twisted is imported only when live play starts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ARLE = Path(__file__).resolve().parents[2] / "arle"
SERVER_CALLS = ("socket.socket(", "create_server(", "start_server(", "socketserver", ".bind((")


@pytest.mark.parametrize("call", SERVER_CALLS)
def test_arle_opens_no_server_socket_of_its_own(call: str) -> None:
    users = [str(path.relative_to(ARLE)) for path in ARLE.rglob("*.py")
             if call in path.read_text(encoding="utf-8")]
    assert users == []


@pytest.mark.timeout(60)
def test_twisted_is_not_imported_before_remote_play_starts() -> None:
    """Importing the remote package, the link, the commands and the window loads no Twisted,
    crochet or wormhole: a game without a friend on another computer starts as before."""
    code = ("import sys, arle.match.remote, arle.match.remote.link, arle.commands.remote, "
            "arle.gui.friend, arle.gui.shell.main_window; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('twisted', 'crochet', 'wormhole', 'autobahn', 'nacl')))")
    env = {"QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ARLE.parent)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=50,
                         cwd=ARLE.parent, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
