"""Words a player reads, kept as English message ids with parameters (gettext style).

The engine never writes a finished sentence: it returns ``Text`` records, and whoever shows them
(the GUI, a command) puts them into a language with ``say``. ``str(text)`` is the English. A name
from the content tables (an action space, a good, a building) that a sentence mentions is passed as
``noun(name)`` so that it is translated too; a plain ``str`` parameter (a player's name) is shown
as it is. Nothing here reads a file: the GUI loads the compiled catalogues and hands them over as
a ``Language``.
"""

from __future__ import annotations

import functools
import gettext
import re
from collections.abc import Iterable
from typing import Union

import attrs

from .grammar import FORMS, LOWER_CASE_NAMES, PLAIN, Features, Word

Param = Union["Text", str, int, float, tuple["Param", ...]]


@attrs.frozen(slots=True)
class Text:
    """One sentence: its English ``msgid`` with ``{name}`` fields, their values and, for a
    sentence whose words follow a count, the English ``plural`` (the count is ``params["n"]``)."""

    msgid: str
    params: tuple[tuple[str, Param], ...] = ()
    plural: str | None = None

    def __str__(self) -> str:
        return say(self)

    def param(self, name: str) -> Param | None:
        return dict(self.params).get(name)


def t(msgid: str, /, **params: Param) -> Text:
    """A sentence to translate; ``params`` fill its ``{fields}``."""
    return Text(msgid, tuple(params.items()))


def tn(singular: str, plural: str, n: int, /, **params: Param) -> Text:
    """A sentence whose form follows the count ``n`` ("1 Sheep", "2 Cows"); ``{n}`` is the count."""
    return Text(singular, (("n", n), *params.items()), plural)


def noun(name: str) -> Text:
    """A name from the content tables, translated as a message of its own."""
    return Text(name)


def join(parts: Iterable[Param], separator: str | Text = ", ") -> Text:
    """Several texts in a row ("2 Wood, 1 Clay"), each translated on its own. A ``str``
    separator is punctuation (the pattern has no words to translate); a separator with words
    (``t(" or ")``) is a ``Text``, translated too."""
    items = tuple(parts)
    params = tuple((f"p{i}", p) for i, p in enumerate(items))
    if isinstance(separator, Text):
        msgid = "{sep}".join(f"{{p{i}}}" for i in range(len(items)))
        return Text(msgid, (*params, ("sep", separator)) if len(items) > 1 else params)
    return Text(separator.join(f"{{p{i}}}" for i in range(len(items))), params)


def listed(parts: list[Text], last_two: Text) -> Text:
    """Texts in a row, the last two joined by ``last_two`` (``t("{items} or {last}")``): "1 Wood,
    1 Clay or 1 Brick", not "1 Wood or 1 Clay or 1 Brick"."""
    if len(parts) < 2:
        return join(parts)
    return Text(last_two.msgid, (("items", join(parts[:-1])), ("last", parts[-1])))


class Language:
    """What ``say`` needs of a language: its translations and how it writes numbers."""

    def __init__(self, translations: gettext.NullTranslations | None = None,
                 code: str = "en", decimal_point: str = ".",
                 nouns: dict[str, Features] | None = None) -> None:
        self.translations = translations or gettext.NullTranslations()
        self.code = code
        self.decimal_point = decimal_point
        #: The grammar of the nouns the catalogue names, by English message id (``grammar``).
        self.nouns: dict[str, Features] = nouns or {}
        self.forms = FORMS.get(code)
        #: Whether a good's or an Animal's name is written in lower case inside a sentence.
        self.lower_case_names = code in LOWER_CASE_NAMES

    def word(self, msgid: str, text: str) -> str:
        """``text``, the translation of ``msgid``, as a ``Word`` that patterns can put an article
        before ("{tile:le}") when the language knows the noun; else as it is."""
        features = self.nouns.get(msgid)
        return text if features is None or self.forms is None else Word(text, features, self.forms)

    def gettext(self, msgid: str) -> str:
        return self.translations.gettext(msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def number(self, x: int | float) -> str:
        if isinstance(x, float) and x.is_integer():
            x = int(x)
        return f"{x:g}".replace(".", self.decimal_point) if isinstance(x, float) else str(x)


ENGLISH = Language()


@functools.lru_cache(maxsize=4096)
def _asks_forms(pattern: str) -> bool:
    """Whether a pattern asks a form of a field ("{tile:le}"), not just holds a colon."""
    return _FORM_FIELD.search(pattern) is not None


_FORM_FIELD = re.compile(r"\{\w+:")


def say(text: Param, language: Language = ENGLISH) -> str:
    """``text`` in ``language``; a field the translation lacks falls back to the English."""
    if isinstance(text, str):
        return text
    if isinstance(text, bool):
        return str(text)
    if isinstance(text, (int, float)):
        return language.number(text)
    if isinstance(text, tuple):
        return ", ".join(say(p, language) for p in text)
    if not text.msgid:
        return ""  # an empty join: gettext("") would be the catalogue's header
    values = {name: say(value, language) for name, value in text.params}
    if text.plural is not None:
        n = text.param("n")
        count = int(n) if isinstance(n, (int, float)) else 0
        pattern = language.ngettext(text.msgid, text.plural, count)
        english = text.msgid if count == 1 else text.plural
    else:
        pattern = language.gettext(text.msgid)
        english = text.msgid
    if not text.params:
        return language.word(text.msgid, pattern)
    if _asks_forms(pattern):  # a field asks for a form ("{part:lower}"): every value can give one
        values = {name: v if isinstance(v, Word) else Word(v, PLAIN, language.forms)
                  for name, v in values.items()}
    try:
        return language.word(text.msgid, pattern.format_map(values))
    except (KeyError, IndexError, ValueError):
        return english.format_map(values)
