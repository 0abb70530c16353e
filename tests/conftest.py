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
