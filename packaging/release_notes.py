"""Print the CHANGELOG.md section of a release: the notes of its GitHub Release.

    python3 packaging/release_notes.py v0.2.0 > notes.md

The release workflow runs this before it builds anything, so a tag that does not name the version
in ``arle/__init__.py``, or a version the CHANGELOG has no section for, stops the release at once
(exit 1 and one line on stderr) instead of publishing installers without notes.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def version_in_source(repo: Path = REPO) -> str:
    """``__version__`` from ``arle/__init__.py``, read as text: the game need not be installed."""
    text = (repo / "arle" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    if not found:
        raise ValueError("arle/__init__.py has no __version__")
    return found.group(1)


def section(changelog: str, version: str) -> str:
    """The body under ``## [version]`` (Keep a Changelog), up to the next ``## `` heading."""
    heading = re.compile(rf"^## \[?{re.escape(version)}\]?(?:\s.*)?$", re.MULTILINE)
    found = heading.search(changelog)
    if not found:
        raise ValueError(f"CHANGELOG.md has no section for {version} (a heading '## [{version}] - date')")
    following = re.compile(r"^## ", re.MULTILINE).search(changelog, found.end())
    body = changelog[found.end() : following.start() if following else len(changelog)]
    # Link definitions ("[0.1.0]: https://...") belong to the whole file, not to this section.
    body = re.sub(r"^\[[^\]]+\]: \S+\s*$", "", body, flags=re.MULTILINE).strip()
    if not body:
        raise ValueError(f"the CHANGELOG.md section for {version} is empty")
    return body + "\n"


def notes_for_tag(tag: str, repo: Path = REPO) -> str:
    version = version_in_source(repo)
    if tag != f"v{version}":
        raise ValueError(f"the tag {tag} does not match the version in arle/__init__.py (want v{version})")
    return section((repo / "CHANGELOG.md").read_text(encoding="utf-8"), version)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: release_notes.py v<version>", file=sys.stderr)
        return 2
    try:
        notes = notes_for_tag(argv[0])
    except (OSError, ValueError) as exc:
        print(f"release_notes.py: {exc}", file=sys.stderr)
        return 1
    sys.stdout.write(notes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
