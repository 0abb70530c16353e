"""The translation catalogues: read ``.po`` sources, write ``.mo`` files, load a ``Language``.

gettext, as issue 14 decided: ``resources/i18n/<code>/gui.po`` (the window's texts) and
``engine.po`` (the engine's message ids) are the sources, compiled to ``.mo`` next to them and
committed, so an install needs no tool. The PO reader and MO writer are small and here (the
stdlib reads ``.mo`` but ships no writer; Babel would be a dependency for 100 lines). Qt-free: the
GUI's ``QTranslator`` looks up the same ``Language``.
"""

from __future__ import annotations

import ast
import dataclasses
import gettext
import locale
import math
import os
import re
import struct
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from arle.files.resources import resource_path

if TYPE_CHECKING:  # the engine is imported only for another language than English (start-up time)
    from arle.engine import Language
    from arle.engine.content.grammar import Features

#: Languages a player can choose ("pseudo" is for testing the layout: bracketed, 40% longer).
LANGUAGES = ("en", "fr")
DOMAINS = ("gui", "engine")
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);", "en": "nplurals=2; plural=(n != 1);"}
DECIMAL_POINT = {"fr": ","}


def N_(text: str) -> str:
    """Marks a literal for the catalogue (``arle translations extract``) where a table defines it;
    the GUI shows it later with ``say(noun(x))``."""
    return text


@dataclasses.dataclass
class Entry:
    """One message of a ``.po`` file (``plural`` and ``msgstr[1]`` only for plural messages)."""

    msgid: str
    msgstr: str = ""
    plural: str | None = None
    msgstr_plural: list[str] = dataclasses.field(default_factory=list)
    locations: list[str] = dataclasses.field(default_factory=list)
    fuzzy: bool = False

    def translated(self) -> bool:
        if self.fuzzy:
            return False
        if self.plural is not None:
            return len(self.msgstr_plural) >= 2 and all(self.msgstr_plural)
        return bool(self.msgstr)


class PoError(ValueError):
    """A ``.po`` file this reader cannot understand (the line is named)."""


def read_po(text: str) -> tuple[str, list[Entry]]:
    """The header (``msgstr`` of the empty msgid) and the entries of a ``.po`` file's ``text``."""
    header = ""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    comments: list[str] = []
    current: str | None = None

    def finish() -> None:
        nonlocal header
        if "msgid" in fields:
            flags = [c for c in comments if c.startswith("#,")]
            locations = [w for c in comments if c.startswith("#:") for w in c[2:].split()]
            if fields["msgid"] == "" and "msgctxt" not in fields:
                header = fields.get("msgstr", "")
            else:
                plurals = [fields[k] for k in sorted(f for f in fields if f.startswith("msgstr["))]
                entries.append(Entry(fields["msgid"], fields.get("msgstr", ""), fields.get("msgid_plural"),
                                     plurals, locations, any("fuzzy" in f for f in flags)))
        fields.clear()
        comments.clear()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#~"):  # an obsolete message: not part of the catalogue
            continue
        if line.startswith("#"):
            if any(k.startswith("msgstr") for k in fields):
                finish()
                current = None
            comments.append(line)
            continue
        match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$', line)
        if match:
            key = match.group(1)
            if key in ("msgid", "msgctxt") and any(k.startswith("msgstr") for k in fields):
                finish()
            current = key
            fields[key] = _unquote(match.group(2), number)
        elif line.startswith('"') and current is not None:
            fields[current] += _unquote(line, number)
        else:
            raise PoError(f"line {number} is not a PO line: {line[:60]}")
    finish()
    return header, entries


def _unquote(quoted: str, number: int) -> str:
    try:
        value = ast.literal_eval(quoted)
    except (ValueError, SyntaxError):
        raise PoError(f"line {number} has a badly quoted string") from None
    if not isinstance(value, str):
        raise PoError(f"line {number} has a badly quoted string")
    return value


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" not in escaped[:-1]:
        return '"' + escaped.replace("\n", "\\n") + '"'
    lines = escaped.split("\n")
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{p}"' for p in parts)


def write_po(header: str, entries: Iterable[Entry]) -> str:
    """The text of a ``.po`` file (what ``read_po`` reads back)."""
    out = [f"msgid \"\"\nmsgstr {_quote(header)}\n"]
    for e in entries:
        lines = [f"#: {loc}" for loc in e.locations]
        if e.fuzzy:
            lines.append("#, fuzzy")
        lines.append(f"msgid {_quote(e.msgid)}")
        if e.plural is not None:
            lines.append(f"msgid_plural {_quote(e.plural)}")
            forms = e.msgstr_plural or ["", ""]
            lines += [f"msgstr[{i}] {_quote(s)}" for i, s in enumerate(forms)]
        else:
            lines.append(f"msgstr {_quote(e.msgstr)}")
        out.append("\n".join(lines) + "\n")
    return "\n".join(out)


def header_for(code: str) -> str:
    return ("Project-Id-Version: Arle\n"
            f"Language: {code}\n"
            "MIME-Version: 1.0\n"
            "Content-Type: text/plain; charset=UTF-8\n"
            "Content-Transfer-Encoding: 8bit\n"
            f"Plural-Forms: {PLURAL_FORMS.get(code, PLURAL_FORMS['en'])}\n")


def compile_mo(header: str, entries: Iterable[Entry]) -> bytes:
    """The ``.mo`` bytes (GNU format, little-endian) of the translated, non-fuzzy entries."""
    pairs = {b"": header.encode("utf-8")}
    for e in entries:
        if not e.translated():
            continue
        if e.plural is not None:
            key = f"{e.msgid}\0{e.plural}".encode()
            pairs[key] = "\0".join(e.msgstr_plural).encode("utf-8")
        else:
            pairs[e.msgid.encode("utf-8")] = e.msgstr.encode("utf-8")
    keys = sorted(pairs)
    count = len(keys)
    ids_at = 7 * 4
    strs_at = ids_at + count * 8
    data_at = strs_at + count * 8
    blob = bytearray()
    ids_table: list[int] = []
    strs_table: list[int] = []
    for table, values in ((ids_table, keys), (strs_table, [pairs[k] for k in keys])):
        for value in values:
            table += [len(value), data_at + len(blob)]
            blob += value + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, ids_at, strs_at, 0, 0)
    return head + struct.pack(f"<{2 * count}I", *ids_table) + struct.pack(f"<{2 * count}I", *strs_table) \
        + bytes(blob)


def catalogue_dir(code: str) -> Path:
    return resource_path(f"i18n/{code}")


def load_language(code: str) -> Language:
    """The ``Language`` for ``code`` ("en", "fr" or "pseudo"); a missing ``.mo`` leaves its texts
    in English (the engine's catalogue may come later than the window's)."""
    from arle.engine import ENGLISH, Language

    if code == "pseudo":
        return Language(PseudoTranslations(), code="pseudo")
    if code not in LANGUAGES or code == "en":
        return ENGLISH
    chain: gettext.NullTranslations | None = None
    for domain in DOMAINS:
        path = catalogue_dir(code) / f"{domain}.mo"
        try:
            with path.open("rb") as f:
                found = gettext.GNUTranslations(f)
        except (OSError, ValueError, struct.error):
            continue
        if chain is None:
            chain = found
        else:
            chain.add_fallback(found)
    return Language(chain, code=code, decimal_point=DECIMAL_POINT.get(code, "."),
                    nouns=load_nouns(code))


def nouns_path(code: str) -> Path:
    return catalogue_dir(code) / "nouns.tsv"


def read_nouns(text: str) -> dict[str, tuple[str, Features]]:
    """A noun table: each line ``English<TAB>translation<TAB>gender<TAB>number[<TAB>elision]``
    (gender m/f, number s/p, elision yes/no when the first letter does not tell); ``#`` starts a
    comment. Returns the translation and the features by English message id."""
    from arle.engine.content.grammar import Features

    nouns: dict[str, tuple[str, Features]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) not in (4, 5) or cells[2] not in ("m", "f") or cells[3] not in ("s", "p") \
                or (len(cells) == 5 and cells[4] not in ("yes", "no")):
            raise PoError(f"line {number} of the noun table: English, translation, m/f, s/p "
                          f"and maybe yes/no expected, not {line!r}")
        elides = None if len(cells) == 4 else cells[4] == "yes"
        nouns[cells[0]] = (cells[1], Features(cells[2], cells[3] == "p", elides))
    return nouns


def load_nouns(code: str) -> dict[str, Features]:
    """The grammar of the catalogue's nouns for ``code`` (none: the words are shown bare)."""
    try:
        text = nouns_path(code).read_text(encoding="utf-8")
    except OSError:
        return {}
    return {msgid: features for msgid, (_, features) in read_nouns(text).items()}


# -- choosing the language ----------------------------------------------------------------------------------


def language_from_locale(name: str | None) -> str:
    """"fr" for a French locale name ("fr_FR.UTF-8", "fr-CA", "French_France"), else "en"."""
    name = (name or "").strip().lower()
    return "fr" if name.startswith(("fr_", "fr-", "fr.", "french")) or name == "fr" else "en"


def system_language(platform_locale: str | None = None) -> str:
    """The system's language: LANGUAGE, LC_ALL, LC_MESSAGES, LANG (gettext's order), else
    ``platform_locale`` (the GUI passes Qt's, which knows the Windows and macOS setting), else
    ``locale.getlocale()``."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        first = value.split(":")[0]
        if first and first not in ("C", "POSIX") and not first.startswith("C."):
            return language_from_locale(first)
    if platform_locale:
        return language_from_locale(platform_locale)
    try:
        return language_from_locale(locale.getlocale()[0])
    except ValueError:
        return "en"


def choose_language(requested: str | None, setting: str, platform_locale: str | None = None) -> str:
    """The language to run in: ``requested`` (``--lang``) if given, else the ``language`` setting
    unless it is "system" (or unknown), else the system's."""
    for choice in (requested, setting):
        if choice in (*LANGUAGES, "pseudo"):
            return choice
    return system_language(platform_locale)


# -- the pseudo-locale --------------------------------------------------------------------------------------

#: Kept as they are: {fields}, HTML tags and entities, Qt's %1/%n, menu mnemonics' "&&".
_KEEP = re.compile(r"\{[^{}]*\}|<[^<>]*>|&[a-zA-Z#0-9]+;|%[0-9n]|&&")
_WORD = re.compile(r"[^\W\d_]+")
_ACCENTS = str.maketrans("aeiouAEIOUcnyCNY", "àéîõüÀÉÎÕÜçñýÇÑÝ")


def pseudo(text: str) -> str:
    """``text`` bracketed, accented and about 40% longer (each word grows, so lines still wrap
    where a real translation's would), with its fields and markup intact: a text the catalogue
    misses shows up unbracketed, one cut off loses its "]"."""
    if not text:
        return text
    out: list[str] = []
    at = 0
    for match in _KEEP.finditer(text):
        out.append(_longer(text[at:match.start()]))
        out.append(match.group())
        at = match.end()
    out.append(_longer(text[at:]))
    inner = "".join(out)
    short = math.ceil(len(text) * 0.4) - (len(inner) - len(text))  # spaces and markup count too
    return "[" + inner + "~" * max(0, short) + "]"


def _longer(plain: str) -> str:
    return _WORD.sub(lambda m: m.group().translate(_ACCENTS) + "~" * math.ceil(len(m.group()) * 0.4), plain)


class PseudoTranslations(gettext.NullTranslations):
    """Every message "translated" by ``pseudo``."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
