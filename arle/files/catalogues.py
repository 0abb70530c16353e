"""The translation catalogues at run time: load a ``Language`` from the compiled ``.mo`` files.

gettext, as issue 14 decided: ``resources/i18n/<code>/gui.po`` (the window's texts) and
``engine.po`` (the engine's message ids) are the sources, compiled to ``.mo`` next to them and
committed, so that an install needs no tool: the standard library's ``gettext`` reads them.
Babel, a development dependency, reads and writes the ``.po`` files and compiles them
(``arle translations``). Qt-free: the GUI's ``QTranslator`` looks up the same ``Language``.
"""

from __future__ import annotations

import gettext
import locale
import math
import os
import re
import struct
from pathlib import Path
from typing import TYPE_CHECKING

from arle.resources import resource_path

if TYPE_CHECKING:  # the engine is imported only for another language than English (start-up time)
    from arle.engine import Features, Language

#: Languages a player can choose ("pseudo" is for testing the layout: bracketed, 40% longer).
LANGUAGES = ("en", "fr")
DOMAINS = ("gui", "engine")
DECIMAL_POINT = {"fr": ","}


def N_(text: str) -> str:
    """Marks a literal for the catalogue (``arle translations extract``) where a table defines it;
    the GUI shows it later with ``say(noun(x))``."""
    return text


class NounTableError(ValueError):
    """A noun table (``nouns.tsv``) line this reader cannot understand (the line is named)."""


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
    (gender m/f, number s/p, or n for a place's name, which takes no article; elision yes/no
    when the first letter does not tell); ``#`` starts a comment. Returns the translation and
    the features by English message id."""
    from arle.engine import Features

    nouns: dict[str, tuple[str, Features]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) not in (4, 5) or cells[2] not in ("m", "f") or cells[3] not in ("s", "p", "n") \
                or (len(cells) == 5 and cells[4] not in ("yes", "no")):
            raise NounTableError(f"line {number} of the noun table: English, translation, m/f, s/p/n "
                          f"and maybe yes/no expected, not {line!r}")
        elides = None if len(cells) == 4 else cells[4] == "yes"
        nouns[cells[0]] = (cells[1], Features(cells[2], cells[3] == "p", elides, cells[3] == "n"))
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
