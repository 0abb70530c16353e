"""``python -m arle translations extract|compile|check``: keep the window's catalogue up to date.

extract: scan ``arle/`` outside the engine with ``ast`` for the literal texts of ``tr(...)``,
``_tr(...)``, ``_t(...)``, ``N_(...)`` and ``translate(context, ...)`` calls and update every
``resources/i18n/<code>/gui.po``, keeping the translations it has (a text no longer used is
dropped). compile: write each ``.mo`` next to its ``.po`` (``engine.po`` too). check: list
the texts of every catalogue without a translation and exit 1 if there is one.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Sequence
from pathlib import Path

import attrs

from arle.files.catalogues import DOMAINS, LANGUAGES, Entry, compile_mo, header_for, read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
#: Calls whose first argument is a text to translate ("translate": the second, after the context).
TRANSLATING = frozenset({"tr", "_tr", "_t", "translate", "N_"})


@attrs.frozen
class Found:
    msgid: str | None  # None: the text is not a literal (a defect)
    where: str  # "arle/gui/x.py:12"


def _name(call: ast.Call) -> str | None:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def scan_source(source: str, where: str) -> list[Found]:
    """Every translated text in one module's ``source``, in order. The bodies of the wrappers
    themselves (``def _tr(text): return translate("Ctx", text)``) are not scanned."""
    found: list[Found] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in TRANSLATING:
            return
        if isinstance(node, ast.Call) and _name(node) in TRANSLATING:
            index = 1 if _name(node) == "translate" else 0
            if len(node.args) > index:
                arg = node.args[index]
                text = arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
                found.append(Found(text, f"{where}:{node.lineno}"))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


def scan(root: Path = ROOT) -> list[Found]:
    """The translated texts of ``arle/`` outside the engine (whose texts are ``engine.po``'s)."""
    found: list[Found] = []
    for path in sorted((root / "arle").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith("arle/engine/"):
            continue
        found += scan_source(path.read_text(encoding="utf-8"), rel)
    return found


def po_path(code: str, root: Path = ROOT) -> Path:
    return root / "resources" / "i18n" / code / "gui.po"


def extract(root: Path = ROOT, codes: Sequence[str] = ("fr",)) -> list[str]:
    """Update each ``gui.po`` from the sources; returns the non-literal calls (defects)."""
    found = scan(root)
    bad = [f.where for f in found if f.msgid is None]
    locations: dict[str, list[str]] = {}
    for f in found:
        if f.msgid:
            locations.setdefault(f.msgid, []).append(f.where.rsplit(":", 1)[0])
    for code in codes:
        path = po_path(code, root)
        old: dict[str, Entry] = {}
        header = header_for(code)
        if path.exists():
            header, entries = read_po(path.read_text(encoding="utf-8"))
            old = {e.msgid: e for e in entries}
        entries = []
        for msgid, where in locations.items():
            entry = old.get(msgid) or Entry(msgid)
            entry.locations = sorted(set(where), key=where.index)
            entries.append(entry)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(write_po(header, entries), encoding="utf-8", newline="\n")
    return bad


def compile_all(root: Path = ROOT) -> list[Path]:
    """Write ``X.mo`` beside every ``resources/i18n/*/X.po``."""
    written = []
    for po in sorted((root / "resources" / "i18n").glob("*/*.po")):
        header, entries = read_po(po.read_text(encoding="utf-8"))
        mo = po.with_suffix(".mo")
        mo.write_bytes(compile_mo(header, entries))
        written.append(mo)
    return written


def untranslated(root: Path = ROOT, domains: Sequence[str] = DOMAINS) -> list[str]:
    """"<file>: <msgid>" for every message of a catalogue (``gui.po``, ``engine.po``) without a
    translation."""
    missing = []
    for code in LANGUAGES:
        for domain in domains:
            path = root / "resources" / "i18n" / code / f"{domain}.po"
            if code == "en" or not path.exists():
                continue
            _header, entries = read_po(path.read_text(encoding="utf-8"))
            name = path.relative_to(root).as_posix()
            missing += [f"{name}: {e.msgid!r}" for e in entries if not e.translated()]
    return missing


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="arle translations", description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("extract", "compile", "check"))
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.action == "extract":
        bad = extract()
        for where in bad:
            print(f"{where}: the text to translate is not a literal string", file=sys.stderr)
        return 1 if bad else 0
    if args.action == "compile":
        for path in compile_all():
            print(path.relative_to(ROOT).as_posix())
        return 0
    missing = untranslated()
    for line in missing:
        print(line)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
