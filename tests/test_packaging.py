"""Packaging (issue 6): the wheel takes every resource along, and the installed game finds them."""

from __future__ import annotations

import glob
import tomllib
from pathlib import Path

import arle.resources

REPO = Path(__file__).resolve().parent.parent


def test_every_file_under_resources_is_in_the_wheels_data_files():
    data_files = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "data-files"
    ]
    listed: dict[str, str] = {}
    for target, patterns in data_files.items():
        for pattern in patterns:
            for found in glob.glob(str(REPO / pattern)):
                listed[Path(found).relative_to(REPO).as_posix()] = target
    files = [p.relative_to(REPO) for p in (REPO / "resources").rglob("*") if p.is_file()]
    assert files, "resources/ is empty"
    for rel in files:
        where = listed.get(rel.as_posix())
        assert where is not None, f"{rel} is missing from [tool.setuptools.data-files] in pyproject.toml"
        assert where == f"share/arle/{rel.parent.as_posix()}", f"{rel} lands in the wrong folder"


def test_a_wheel_install_finds_resources_under_share(monkeypatch, tmp_path):
    """Installed from a wheel: no resources/ beside the package, the data-files copy is used."""
    site = tmp_path / "site-packages" / "arle"
    site.mkdir(parents=True)
    data = tmp_path / "data"
    icon = data / "share" / "arle" / "resources" / "board" / "x.svg"
    icon.parent.mkdir(parents=True)
    icon.write_text("<svg/>")
    monkeypatch.setattr(arle.resources, "__file__", str(site / "resources.py"))
    monkeypatch.setattr(arle.resources.sysconfig, "get_path", lambda name, scheme=None: str(data))
    assert arle.resources.resource_path("board/x.svg") == icon
    # Missing everywhere: the checkout's place, so error messages name the usual folder.
    missing = arle.resources.resource_path("nope.svg")
    assert missing == tmp_path / "site-packages" / "resources" / "nope.svg"


def test_a_checkout_uses_the_resources_folder_beside_the_package():
    assert arle.resources.resource_path("icon.svg") == REPO / "resources" / "icon.svg"
    assert arle.resources.resource_path("icon.svg").is_file()
