"""Tests marked ``slow`` (whole games of Hard, minutes each) run only when asked for, with
``-m slow``: the default test command must stay fast."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    for item in items:
        if "slow" in item.keywords and HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(skip)
