"""Issue 32: French that reads as written by a French speaker. Whole seeded games are played in
French (players whose names start with a vowel, so that "de" must elide) and every line of the
game log is checked for what the reviewer found: counts in brackets, a count before a singular
noun, "de Anna", "le Échoppe", a raw code, an English word; and the noun table that gives the
articles their gender is checked against the catalogue."""

from __future__ import annotations

import random
import re

import pytest

from arle.commands.simulate import choose_move
from arle.commands.translations import read_catalogue
from arle.engine import Setup
from arle.files.catalogues import nouns_path, read_nouns
from arle.gui.kit import texts
from arle.gui.session import new_session
from arle.gui.shell.language import install_language, uninstall_language
from arle.gui.side.panels import entry_text
from arle.resources import resource_path

FRENCH = resource_path("i18n/fr")
VOWEL = "aàâeéèêëiîïoôuùûyœAÀÂEÉÈÊIÎOÔUÙÛYŒ"


@pytest.fixture
def french(qapp):
    installed = install_language(qapp, "fr", "fr")
    yield texts.language()
    uninstall_language(qapp, installed)


def _log(seed: int, players: int) -> list[str]:
    names = ("Anna", "Élodie")[:players]
    session = new_session(Setup(players=players, seed=seed, names=names))
    rng = random.Random(seed)
    lines: list[str] = []
    while not session.match.game.over:
        assert session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))
        lines += entry_text(session, session.match.log[-1]).split("\n")
    return lines


@pytest.fixture(scope="module")
def french_logs(qapp) -> list[str]:
    installed = install_language(qapp, "fr", "fr")
    try:
        return _log(5, 2) + _log(3, 1)
    finally:
        uninstall_language(qapp, installed)


def _catalogue_words(field: str) -> set[str]:
    words: set[str] = set()
    for domain in ("gui", "engine"):
        for m in read_catalogue(FRENCH / f"{domain}.po"):
            if not m.id:
                continue
            ids = list(m.id) if isinstance(m.id, tuple) else [m.id]
            strings = list(m.string) if isinstance(m.string, tuple) else [m.string]
            texts_ = ids if field == "msgid" else strings
            for text in texts_:
                words |= {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿœŒ]+", re.sub(r"\{[^{}]*\}", " ", text))}
    return words


def test_the_log_of_a_french_game_holds_no_bracketed_plural_nor_raw_code(french_logs):
    assert len(french_logs) > 300
    bad = [line for line in french_logs
           if "(s)" in line or re.search(r"\b[a-z]+_[a-z_]+\b|dest:|\b[sdem]\d+\b|\d,\d", line)]
    assert bad == []


def test_the_log_of_a_french_game_elides_and_contracts(french_logs):
    """"d'Anna", "l'Échoppe de tissage", "de l'argile"; never "de Anna", "le Échoppe", "de le",
    "à les"."""
    bad = [line for line in french_logs
           if re.search(rf"\b(de|le|la|que) [{VOWEL}]", line) or re.search(r"\b(de|à) (le|les)\b", line)]
    assert bad == []
    assert any("Inventaire d'Anna" in line for line in french_logs)
    assert any("Inventaire d'Élodie" in line for line in french_logs)


def test_the_log_of_a_french_game_counts_in_the_plural_after_two(french, french_logs):
    """"2 moutons", "1 vêtement de cuir": a count agrees with its noun, for every good and
    Animal whose French plural differs from the singular."""
    from arle.engine import counted, say
    from arle.engine.content.words import NAMES

    forms = []
    for key in NAMES:
        one, many = (say(counted(key, n), french).split(" ", 1)[1] for n in (1, 2))
        if one != many:
            forms.append((one, many))
    assert ("mouton", "moutons") in forms and ("vêtement de cuir", "vêtements de cuir") in forms
    bad = []
    for line in french_logs:
        for one, many in forms:
            if re.search(rf"\b([2-9]|\d\d+) {re.escape(one)}\b(?!s)", line) \
                    or re.search(rf"(?<![\d])\b1 {re.escape(many)}\b", line):
                bad.append(line)
    assert bad == []


def test_the_log_of_a_french_game_has_no_english_word(french_logs):
    """Every word of the log is the catalogue's French (or a name): a word only the English
    texts use means a text that did not go through the catalogue."""
    english_only = _catalogue_words("msgid") - _catalogue_words("msgstr")
    english_only -= {"anna"}
    found = {w for line in french_logs for w in re.findall(r"[A-Za-zÀ-ÿœŒ]+", line)
             if w.lower() in english_only}
    assert found == set()


def test_the_log_of_a_french_game_is_whole_sentences(french_logs):
    """The log says what each player did, not a button's order: "Anna place un ouvrier sur la
    case Bûcheron (été)", not "Anna : Placer un ouvrier sur Été : Bûcheron"."""
    acted = [line for line in french_logs if line.startswith(("Anna ", "Élodie "))]
    assert len(acted) > 200
    orders = [line for line in acted if re.match(r"\w+ :? ?[A-ZÉ][a-zé]+er\b", line)]
    assert orders == []
    assert not [line for line in french_logs if " : " in line.split(" — ")[0]
                and not line.startswith(("Inventaire", "Anna :", "Élodie :"))
                and "utilise" not in line and "plus possible" not in line]


def test_the_noun_table_names_every_thing_of_the_game_with_its_catalogue_words(french):
    """The articles' genders (resources/i18n/fr/nouns.tsv) are given for every good, Animal,
    tile, vehicle, building, destination, action space and tool, under the very French name
    the catalogue gives it."""
    from arle.engine import ACTION_SPACES, BUILDINGS, DESTINATIONS, TOOL_TRACKS
    from arle.match.words.names import _GOOD_NAMES

    table = read_nouns(nouns_path("fr").read_text(encoding="utf-8"))
    names = [*_GOOD_NAMES.values(), *(b.name for b in BUILDINGS.values()),
             *(d.name for d in DESTINATIONS.values()), *(a.name for a in ACTION_SPACES.values()),
             *(t.name for t in TOOL_TRACKS.values())]
    assert [n for n in names if n not in table] == []
    wrong = [(msgid, french_text, french.gettext(msgid)) for msgid, (french_text, _) in table.items()
             if french.gettext(msgid) != french_text]
    assert wrong == []


@pytest.mark.parametrize(("msgid", "spec", "expected"), [
    ("Forest", "le", "la Forêt"),
    ("Weaving Parlor", "le", "l'Échoppe de tissage"),
    ("Horse Cart", "à", "au Charriot"),
    ("Axes", "le", "les Haches"),
    ("Clay", "de", "de l'Argile"),
    ("Plow", "un", "une Charrue"),
    ("Workbenches", "de", "des Établis"),
    ("Hage", "d", "de Hage"),
    ("Forest", "e", "e"),
    ("Stable", "e", "e"),
    ("Wagon", "e", ""),
])
def test_french_nouns_take_the_article_their_gender_asks(french, msgid, spec, expected):
    """Rulebook terms with their articles as the French rulebook writes them ("la forêt",
    "l'étable", "les haches"); "{tile:e}" is a participle's ending: "Forêt posée"."""
    from arle.engine import noun, say

    assert format(say(noun(msgid), french), spec) == expected


def test_a_name_that_starts_with_a_vowel_elides_de(french):
    from arle.engine import PLAIN, Word

    assert format(Word("Anna", PLAIN, french.forms), "d") == "d'Anna"
    assert format(Word("Ben", PLAIN, french.forms), "d") == "de Ben"


def test_english_ignores_the_forms_a_french_pattern_asks(qapp):
    """English patterns ask for no form; a Word shown in English is its bare text."""
    from arle.engine import ENGLISH, noun, say

    word = say(noun("Forest"), ENGLISH)
    assert f"{word}" == "Forest" and str(word) == "Forest"
