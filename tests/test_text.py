"""The engine's texts: English message ids with parameters, rendered in a language (issue 14)."""

from __future__ import annotations

import gettext
from typing import ClassVar

from arle.engine.content.text import ENGLISH, Language, join, noun, say, t, tn


class _French(gettext.NullTranslations):
    """A two-entry French catalogue, French plural rule (0 and 1 are singular)."""

    WORDS: ClassVar[dict[str, str]] = {
        "Sheep": "Mouton", "Take {what} from {space}.": "Prenez {what} à {space}.",
        "Fisherman": "Pêcheur"}

    def gettext(self, message: str) -> str:
        return self.WORDS.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if singular == "{n} Sheep":
            return "{n} mouton" if n <= 1 else "{n} moutons"
        return singular if n == 1 else plural


FR = Language(_French(), code="fr", decimal_point=",")


def test_english_is_the_msgid_filled_in() -> None:
    text = t("Take {what} from {space}.", what=tn("{n} Sheep", "{n} Sheep", 2), space=noun("Fisherman"))
    assert str(text) == "Take 2 Sheep from Fisherman."


def test_french_translates_nested_names_and_follows_plural_rule() -> None:
    """French: 0 and 1 take the singular ("1 mouton", "2 moutons")."""
    assert say(tn("{n} Sheep", "{n} Sheep", 1), FR) == "1 mouton"
    assert say(tn("{n} Sheep", "{n} Sheep", 0), FR) == "0 mouton"
    text = t("Take {what} from {space}.", what=tn("{n} Sheep", "{n} Sheep", 2), space=noun("Fisherman"))
    assert say(text, FR) == "Prenez 2 moutons à Pêcheur."


def test_decimal_comma_in_french() -> None:
    assert say(t("{vp} VP", vp=1.5), FR) == "1,5 VP"
    assert say(t("{vp} VP", vp=1.5), ENGLISH) == "1.5 VP"
    assert say(t("{vp} VP", vp=2.0), FR) == "2 VP"


def test_join_translates_each_part() -> None:
    assert say(join([noun("Sheep"), noun("Fisherman")]), FR) == "Mouton, Pêcheur"


def test_a_broken_translation_falls_back_to_english() -> None:
    class Broken(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return "{missing}"

    assert say(t("Take {what}.", what="x"), Language(Broken())) == "Take x."
