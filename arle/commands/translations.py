"""``python -m arle translations extract|compile|check``: keep the window's catalogue up to date,
with Babel (a development dependency: the ``test`` extra); the game itself reads the committed
``.mo`` files with the standard library's ``gettext``.

extract: find with Babel's Python extractor the literal texts of ``tr(...)``, ``_tr(...)``,
``_t(...)``, ``N_(...)`` and ``translate(context, ...)`` calls in ``arle/`` outside the engine and
update every ``resources/i18n/<code>/gui.po``, keeping the translations it has (a text no longer
used is dropped; a new one waits for its translation). compile: write each ``.mo`` next to its
``.po`` (``engine.po`` too). check: list the texts of every catalogue without a translation and
exit 1 if there is one.
"""

from __future__ import annotations

import argparse
import ast
import io
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from arle.files.catalogues import DOMAINS, LANGUAGES

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message

ROOT = Path(__file__).resolve().parents[2]
#: Calls whose first argument is a text to translate (``translate``: the second, after Qt's
#: context), in Babel's keyword form.
KEYWORDS: dict[str, tuple[int, ...] | None] = {"tr": None, "_tr": None, "_t": None, "N_": None,
                                               "translate": (2,), "trn": (1, 2)}
#: The catalogues' own date (Babel writes it in the header): a fixed one, so that extracting twice
#: changes nothing.
CREATED = datetime(2026, 11, 1)


def _need_babel() -> None:
    """A clear message when the development dependency is missing."""
    try:
        import babel  # noqa: F401
    except ImportError:
        raise SystemExit("arle translations needs Babel: pip install -e '.[test]'") from None


@attrs.frozen
class Found:
    msgid: str | None  # None: the text is not a literal (a defect)
    where: str  # "arle/gui/x.py:12"
    plural: str | None = None  # a counted text's plural (``trn``)


def scan_source(source: str, where: str) -> list[Found]:
    """Every translated text in one module's ``source``, in order: the literal ones as Babel's
    extractor finds them, and the calls whose text is not a literal (``non_literal``)."""
    from babel.messages.extract import extract_python

    found: list[Found] = []
    calls = extract_python(io.BytesIO(source.encode("utf-8")), KEYWORDS, [], {})
    for lineno, name, messages, _comments in calls:
        texts = messages if isinstance(messages, tuple) else (messages,)
        index = 1 if name == "translate" else 0
        text = texts[index] if len(texts) > index else None
        plural = texts[1] if name == "trn" and len(texts) > 1 else None
        if isinstance(text, str):
            found.append(Found(text, f"{where}:{lineno}", plural if isinstance(plural, str) else None))
    found += [Found(None, f"{where}:{line}") for line in non_literal(source)]
    return found


def non_literal(source: str) -> list[int]:
    """The lines of the calls whose text to translate is not a literal string (``tr(f"...")``,
    ``tr(name)``), or that Babel's extractor cannot see (inside an f-string): the catalogue
    would miss them. Babel skips the first without a line, and cannot tell them from the
    wrappers' own bodies (``def _t(text): return tr(text, CTX)``), which are skipped here."""
    lines: list[int] = []

    def visit(node: ast.AST, in_fstring: bool = False) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in KEYWORDS:
            return
        in_fstring = in_fstring or isinstance(node, ast.JoinedStr)
        if isinstance(node, ast.Call) and in_fstring and _name(node) in KEYWORDS:
            lines.append(node.lineno)
        elif isinstance(node, ast.Call):
            name = _name(node)
            index = 1 if name == "translate" else 0
            if name in KEYWORDS and len(node.args) > index:
                arg = node.args[index]
                if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                    lines.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child, in_fstring)

    visit(ast.parse(source))
    return lines


def _name(call: ast.Call) -> str | None:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


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


def read_catalogue(path: Path) -> Catalog:
    """A ``.po`` file as a Babel ``Catalog``; a line Babel cannot read raises ``ValueError``
    naming the file."""
    from babel.messages.pofile import PoFileError, read_po

    with path.open("rb") as f:
        try:
            return read_po(f, abort_invalid=True)
        except PoFileError as exc:
            raise ValueError(f"{path.name}: {exc}") from None


def write_catalogue(path: Path, catalogue: Catalog) -> None:
    """``catalogue`` as a ``.po`` file: lines not wrapped (a text is one line to search for)."""
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalogue, width=0, ignore_obsolete=True, include_lineno=False)
    path.write_bytes(out.getvalue())


def extract(root: Path = ROOT, codes: Sequence[str] = ("fr",)) -> list[str]:
    """Update each ``gui.po`` from the sources; returns the non-literal calls (defects)."""
    from babel.messages.catalog import Catalog

    found = scan(root)
    bad = [f.where for f in found if f.msgid is None]
    template = Catalog(project="Arle", creation_date=CREATED)
    for f in found:
        if f.msgid:
            module, _, line = f.where.rpartition(":")
            template.add((f.msgid, f.plural) if f.plural else f.msgid, locations=[(module, int(line))])
    for code in codes:
        path = po_path(code, root)
        if path.exists():
            catalogue = read_catalogue(path)
        else:
            catalogue = Catalog(locale=code, project="Arle", creation_date=CREATED, revision_date=CREATED)
        catalogue.update(template, no_fuzzy_matching=True, update_creation_date=False)
        _sign(catalogue)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_catalogue(path, catalogue)
    return bad


def _sign(catalogue: Catalog) -> None:
    """The header's fields that Babel would leave as placeholders (or date with today)."""
    catalogue.header_comment = "# French translation of Arle's window texts (arle translations extract)."
    for field, value in (("project", "Arle"), ("version", ""), ("msgid_bugs_address", ""),
                         ("last_translator", "Arle developers"), ("language_team", "French"),
                         ("creation_date", CREATED), ("revision_date", CREATED)):
        setattr(catalogue, field, value)


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of ``po`` (translated, not fuzzy texts). Its header's creation date is
    pinned: Babel dates a ``.po`` without one with today, and the same ``.po`` must give the same
    ``.mo`` (the committed files are checked against it)."""
    from babel.messages.mofile import write_mo

    catalogue = read_catalogue(po)
    catalogue.creation_date = CREATED
    out = io.BytesIO()
    write_mo(out, catalogue)
    return out.getvalue()


def compile_all(root: Path = ROOT) -> list[Path]:
    """Write ``X.mo`` beside every ``resources/i18n/*/X.po``."""
    written = []
    for po in sorted((root / "resources" / "i18n").glob("*/*.po")):
        mo = po.with_suffix(".mo")
        mo.write_bytes(compiled(po))
        written.append(mo)
    return written


def translated(message: Message) -> bool:
    """Whether a catalogue's message has its translation (every plural form; not fuzzy)."""
    string = message.string
    if message.fuzzy:
        return False
    return all(string) if isinstance(string, tuple | list) else bool(string)


def untranslated(root: Path = ROOT, domains: Sequence[str] = DOMAINS) -> list[str]:
    """"<file>: <msgid>" for every message of a catalogue (``gui.po``, ``engine.po``) without a
    translation."""
    missing = []
    for code in LANGUAGES:
        for domain in domains:
            path = root / "resources" / "i18n" / code / f"{domain}.po"
            if code == "en" or not path.exists():
                continue
            name = path.relative_to(root).as_posix()
            for message in read_catalogue(path):
                if message.id and not translated(message):
                    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
                    missing.append(f"{name}: {msgid!r}")
    return missing


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="arle translations", description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("extract", "compile", "check"))
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    _need_babel()
    try:
        return _run(args.action)
    except ValueError as exc:
        print(f"a catalogue cannot be read: {exc}", file=sys.stderr)
        return 1


def _run(action: str) -> int:
    if action == "extract":
        bad = extract()
        for where in bad:
            print(f"{where}: the text to translate is not a literal string", file=sys.stderr)
        return 1 if bad else 0
    if action == "compile":
        for path in compile_all():
            print(path.relative_to(ROOT).as_posix())
        return 0
    missing = untranslated()
    for line in missing:
        print(line)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
