"""What a sentence needs of the nouns it names, so that a translation says "la Forêt posée",
"l'Échoppe de tissage", "au joueur", "d'Anna" and never glues a bare name into a sentence.

A translated pattern asks for a form of a noun with a format spec: ``{tile:le}`` (the definite
article), ``{src:de}`` ("of the"), ``{dst:à}`` ("to the"), ``{animal:un}`` (the indefinite
article), ``{name:d}`` ("de" alone, elided: "d'Anna"), ``{tile:e}`` (the ending a past participle
takes after the noun: "posée"), ``{season:lower}``; a capital (``{kind:Le}``) begins a
sentence, and ``,lower`` after a form writes the noun in lower case (``{item:de,lower}``).
The noun is a ``Word``: its text in the language with its ``Features`` (gender, number,
elision), which the language's noun table gives by the English message id
(``resources/i18n/<code>/nouns.tsv``). English patterns use no spec; a spec a language does not
know leaves the word as it is.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

_VOWELS = frozenset("aàâäeéèêëiîïoôöuùûüyœæ")


@attrs.frozen(slots=True)
class Features:
    """A noun's grammar: ``gender`` "m" or "f", ``plural``, and ``elides`` (None: it elides when
    it starts with a vowel; True for an "h muet", False for an "h aspiré" or a name that keeps
    "de": "de Hage"); ``name``: a place's name, which takes no article ("à Norden", "Norden
    prend 2 cases")."""

    gender: str = "m"
    plural: bool = False
    elides: bool | None = None
    name: bool = False

    def elided(self, text: str) -> bool:
        if self.elides is not None:
            return self.elides
        return text[:1].lower() in _VOWELS


PLAIN = Features()

#: A language's forms: (spec, text, features) -> the text in that form, None for an unknown spec.
Forms = Callable[[str, str, Features], "str | None"]


class Word(str):
    """A noun as a language writes it, which a pattern may ask for in another form
    (``format(word, "le")``); as a ``str`` it is the bare text."""

    __slots__ = ("features", "forms")

    features: Features
    forms: Forms | None

    def __new__(cls, text: str, features: Features = PLAIN, forms: Forms | None = None) -> Word:
        word = super().__new__(cls, text)
        word.features = features
        word.forms = forms
        return word

    def __format__(self, spec: str) -> str:
        text = str(self)
        if not spec:
            return text
        if spec == "lower":
            return text[:1].lower() + text[1:]
        if spec == "upper":
            return text[:1].upper() + text[1:]
        if spec.endswith(",lower"):  # "{item:de,lower}": "de l'argile", the name inside a sentence
            lowered = text if self.features.name else text[:1].lower() + text[1:]  # (not "norden")
            return format(Word(lowered, self.features, self.forms), spec[:-6])
        if self.forms is not None:
            form = self.forms(spec.lower(), text, self.features)
            if form is not None:  # "{kind:Le}" begins a sentence: "La Digue est pleine"
                return form[:1].upper() + form[1:] if spec[:1].isupper() else form
        return text


def french_forms(spec: str, text: str, f: Features) -> str | None:
    """French articles, contractions, elision and the past participle's agreement."""
    elided = not f.plural and f.elided(text)
    feminine = f.gender == "f"
    if f.name:  # a town: "Norden", "de Norden", "à Norden"
        return {"le": text, "un": text, "à": "à " + text, "e": "",
                "de": ("d'" if elided else "de ") + text, "d": ("d'" if elided else "de ") + text}.get(spec)
    if spec == "le":
        return ("les " if f.plural else "l'" if elided else "la " if feminine else "le ") + text
    if spec == "de":
        return ("des " if f.plural else "de l'" if elided else "de la " if feminine else "du ") + text
    if spec == "à":
        return ("aux " if f.plural else "à l'" if elided else "à la " if feminine else "au ") + text
    if spec == "un":
        return ("des " if f.plural else "une " if feminine else "un ") + text
    if spec == "d":
        return ("d'" if f.elided(text) else "de ") + text
    if spec == "e":
        return ("e" if feminine else "") + ("s" if f.plural else "")
    return None


#: The forms each language knows, by its code (English needs none).
FORMS: dict[str, Forms] = {"fr": french_forms}
#: Languages that write the names of goods and Animals in lower case inside a sentence ("déplace
#: un mouton"), where English keeps the game's capitals ("moves a Sheep").
LOWER_CASE_NAMES = frozenset({"fr"})
