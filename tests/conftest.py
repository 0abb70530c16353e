"""Shared test setup.

Qt must not need a display: select the offscreen platform before anything imports Qt
(an explicit QT_QPA_PLATFORM in the environment still wins).

CI runs the suite on Linux, Windows and macOS (.github/workflows/ci.yml). A test that needs what
one of them lacks says so with a marker and is skipped there with its reason (``pytest -rs`` lists
them):

- ``@pytest.mark.posix_only("needs SIGALRM")``: skipped on Windows (no FIFOs, chmod modes,
  SIGKILL or SIGALRM there);
- ``@pytest.mark.windows_only("why")``: runs on Windows only (file locking, %LOCALAPPDATA%...).

Every test has a time limit (pytest-timeout, ``timeout`` in pyproject: a hang is a named failure);
a ``slow`` test, a whole game played or reviewed, gets ``SLOW_TIMEOUT`` instead.
"""

from __future__ import annotations

import os
import sys

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

#: marker name -> (does this system have it?, what the skip says it needs)
_PLATFORM_MARKERS = {
    "posix_only": (os.name == "posix", "POSIX only"),
    "windows_only": (sys.platform == "win32", "Windows only"),
}
#: Seconds a ``slow`` test may take (the slowest, a whole two-player review, about 2 minutes alone).
SLOW_TIMEOUT = 1800


def pytest_configure(config: pytest.Config) -> None:
    for name, (_present, what) in _PLATFORM_MARKERS.items():
        config.addinivalue_line("markers", f"{name}(reason): {what}; skipped elsewhere with the reason")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip marked tests where their system is missing; a marker without a reason is an error
    everywhere, not only on the system where it would skip."""
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))
        for name, (present, what) in _PLATFORM_MARKERS.items():
            marker = item.get_closest_marker(name)
            if marker is None:
                continue
            reason = marker.args[0] if marker.args else marker.kwargs.get("reason")
            if not reason:
                raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.{name} needs a reason")
            if not present:
                item.add_marker(pytest.mark.skip(reason=f"{what}: {reason}"))


# -- magic-wormhole servers on loopback (issue 47) ---------------------------------------------------

def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class TwistServer:
    """A ``twist`` server (the mailbox or the transit relay) on a free loopback port, started by
    the tests themselves; ``stop`` and ``start`` again keep the port (a relay cut)."""

    def __init__(self, plugin: str, tmp: object, *extra: str) -> None:
        self.plugin, self.tmp, self.extra = plugin, tmp, extra
        self.port = _free_port()
        self.proc: object = None

    def start(self) -> None:
        import socket
        import subprocess
        import time

        # ``python -m twisted`` is ``twist``, found the same way on every system (Scripts\twist.exe)
        port = f"--port=tcp:{self.port}:interface=127.0.0.1"
        self.proc = subprocess.Popen([sys.executable, "-m", "twisted", self.plugin, port, *self.extra],
                                     cwd=str(self.tmp), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        end = time.monotonic() + 30
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"{self.plugin} did not start on port {self.port}")

    def stop(self) -> None:
        import subprocess

        proc = self.proc
        if isinstance(proc, subprocess.Popen) and proc.poll() is None:
            proc.kill()
            proc.wait(30)


class WormholeServers:
    """The mailbox's URL and the relay's hint, as ``arle remote --mailbox/--relay`` take them."""

    def __init__(self, mailbox: TwistServer, relay: TwistServer) -> None:
        self.mailbox_server, self.relay_server = mailbox, relay
        self.mailbox = f"ws://127.0.0.1:{mailbox.port}/v1"
        self.relay = f"tcp:127.0.0.1:{relay.port}"

    def args(self) -> tuple[str, ...]:
        return ("--mailbox", self.mailbox, "--relay", self.relay)


@pytest.fixture
def wormhole_servers(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """A real magic-wormhole mailbox server and transit relay on free loopback ports, stopped after."""
    tmp = tmp_path_factory.mktemp("wormhole-servers")
    mailbox = TwistServer("wormhole-mailbox", tmp, f"--channel-db={tmp / 'channels.sqlite'}")
    relay = TwistServer("transitrelay", tmp)
    try:
        mailbox.start()
        relay.start()
        yield WormholeServers(mailbox, relay)
    finally:
        relay.stop()
        mailbox.stop()
