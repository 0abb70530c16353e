"""The French edition's catalogues (issue 14): every window text has its French, the committed
``.mo`` files are the compiled ``.po``, no ``tr()`` hides a text the catalogue cannot hold, and
Babel's PO/MO tools as ``arle translations`` uses them, the pseudo-locale and the language choice
do what they say."""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo

from arle.commands import translations
from arle.engine import noun, say, t, tn
from arle.files import catalogues

REPO = Path(__file__).resolve().parent.parent
FIELD = re.compile(r"\{[^{}]*\}")


def _gui_po() -> dict[str, Message]:
    catalogue = translations.read_catalogue(translations.po_path("fr"))
    return {m.id[0] if isinstance(m.id, tuple) else m.id: m for m in catalogue if m.id}


def test_every_window_text_has_its_french_translation():
    """Issue 14: a text the window shows without French fails here (run 'arle translations
    extract', translate the new msgids in resources/i18n/fr/gui.po, then 'compile')."""
    po = _gui_po()
    texts = {f.msgid for f in translations.scan() if f.msgid}
    assert texts, "the scan found no texts"
    not_extracted = sorted(texts - po.keys())
    assert not not_extracted, f"texts missing from gui.po (run 'arle translations extract'): {not_extracted}"
    untranslated = sorted(m for m in texts if not translations.translated(po[m]))
    assert not untranslated, f"texts without French in gui.po: {untranslated}"
    assert translations.untranslated(domains=("gui",)) == []


#: Fields a translation may use in place of the English one (their forms the grammar needs: French
#: "d'Anna" and "de Ben" for "{name}'s"), each given beside it wherever the text is formatted.
VARIANTS = {"{of_name}": "{name}"}


def test_french_translations_keep_the_fields_of_the_english():
    """A French text that loses or renames a {field} would fall back to English at run time."""
    def fields(text: str) -> list[str]:
        names = (re.sub(r":[^{}]*\}", "}", f) for f in FIELD.findall(text))  # "{tile:le}": {tile}
        return sorted({VARIANTS.get(f, f) for f in names})

    wrong = [(key, text) for key, m in _gui_po().items()
             for text in (m.string if isinstance(m.string, tuple) else (m.string,))
             if text and fields(key) != fields(text)]
    assert wrong == []


def test_a_variant_field_is_given_wherever_its_text_is_formatted():
    """A French "{of_name}" must find its value: the call formatting each text whose French uses
    it passes ``of_name`` too."""
    import json

    texts = [key for key, m in _gui_po().items() if "{of_name}" in m.string]
    assert len(texts) >= 4
    sources = "".join(path.read_text(encoding="utf-8") for path in (REPO / "arle").rglob("*.py"))
    for text in texts:
        at = sources.find(json.dumps(text, ensure_ascii=False))
        assert at >= 0, text
        assert "of_name=" in sources[at: at + 200], text


def test_the_committed_mo_files_are_the_compiled_po_files(tmp_path):
    """The .mo files ship with the game (no tool needed on install); they must match their .po."""
    pos = sorted((REPO / "resources" / "i18n").glob("*/*.po"))
    assert pos
    for po in pos:
        mo = po.with_suffix(".mo")
        assert mo.is_file(), f"{mo} is missing: run 'arle translations compile'"
        assert mo.read_bytes() == translations.compiled(po), f"{mo} is stale: run arle translations compile"


def test_no_translated_call_has_a_non_literal_text():
    """tr(f"...") or tr(variable) gives the catalogue nothing to hold: the text stays English."""
    bad = [f.where for f in translations.scan() if f.msgid is None]
    assert bad == []


def test_the_scan_finds_literal_texts_and_flags_the_others():
    source = (
        "def _tr(text):\n    return QCoreApplication.translate('Ctx', text)\n"
        "a = self.tr('Hello {name}')\n"
        "b = QCoreApplication.translate('Ctx', 'Two ' 'parts')\n"
        "c = N_('Marked')\n"
        "d = _tr(f'Bad {x}')\n"
        "e = tr(name)\n"
        "f = f'<b>{_tr(\"Hidden\")}</b>'\n"
        "def _t(text):\n    return tr(text, CONTEXT)\n"
    )
    found = [(f.msgid, f.where) for f in translations.scan_source(source, "m.py")]
    assert found == [("Hello {name}", "m.py:3"), ("Two parts", "m.py:4"), ("Marked", "m.py:5"),
                     (None, "m.py:6"), (None, "m.py:7"), (None, "m.py:8")]


def _catalogue(*messages: tuple[str | tuple[str, str], str | tuple[str, str]], **flags: set[str]) -> Catalog:
    catalogue = Catalog(locale="fr")
    catalogue.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n > 1);")]  # (as gui.po's)
    for msgid, msgstr in messages:
        catalogue.add(msgid, msgstr)
    for msgid, flag in flags.items():
        catalogue[msgid].flags |= flag
    return catalogue


def test_extract_keeps_existing_translations_and_drops_unused_texts(tmp_path):
    gui = tmp_path / "arle" / "gui"
    gui.mkdir(parents=True)
    (gui / "w.py").write_text("a = self.tr('Kept')\nb = self.tr('New')\n", encoding="utf-8")
    po = tmp_path / "resources" / "i18n" / "fr" / "gui.po"
    po.parent.mkdir(parents=True)
    translations.write_catalogue(po, _catalogue(("Kept", "Gardé"), ("Gone", "Parti")))
    assert translations.extract(tmp_path) == []
    text = po.read_text(encoding="utf-8")
    assert "#: arle/gui/w.py\nmsgid \"Kept\"\nmsgstr \"Gardé\"" in text
    assert "Gone" not in text
    assert "Last-Translator: Arle developers" in text and "EMAIL@ADDRESS" not in text and "YEAR" not in text
    kept = [(m.id, m.string) for m in translations.read_catalogue(po) if m.id]
    assert kept == [("Kept", "Gardé"), ("New", "")]
    assert translations.untranslated(tmp_path) == ["resources/i18n/fr/gui.po: 'New'"]
    before = po.read_bytes()
    translations.extract(tmp_path)
    assert po.read_bytes() == before  # (no date of today in the header: extracting again changes nothing)


def test_po_round_trip_and_mo_read_by_gettext(tmp_path):
    """Quotes, backslashes, new lines, plurals and fuzzy entries survive the ``.po`` as
    ``arle translations`` writes it (long lines not wrapped); the ``.mo`` is what the stdlib's
    GNUTranslations reads (French plural: 0 and 1 are singular; fuzzy and untranslated texts
    stay English)."""
    long = "A sentence long enough that a wrapping writer would cut it in two at its seventy-sixth column."
    catalogue = _catalogue(
        ('Say "hi"\\now', 'Dis « salut »\\maintenant'),
        ("{name} ({vp} VP)\n{text}", "{name} ({vp} PV)\n{text}"),
        (("{n} Sheep", "{n} Sheep"), ("{n} mouton", "{n} moutons")),
        ("Unsure", "Pas sûr"),
        ("Untranslated", ""),
        (long, long.upper()),
        Unsure={"fuzzy"},
    )
    po = tmp_path / "x.po"
    translations.write_catalogue(po, catalogue)
    assert f'msgstr "{long.upper()}"' in po.read_text(encoding="utf-8")
    back = translations.read_catalogue(po)
    assert [(m.id, m.string, m.fuzzy) for m in back] == [(m.id, m.string, m.fuzzy) for m in catalogue]
    compiled = io.BytesIO()
    write_mo(compiled, back)
    language = gettext.GNUTranslations(io.BytesIO(compiled.getvalue()))
    assert language.gettext('Say "hi"\\now') == 'Dis « salut »\\maintenant'
    assert language.gettext("{name} ({vp} VP)\n{text}") == "{name} ({vp} PV)\n{text}"
    assert language.ngettext("{n} Sheep", "{n} Sheep", 0) == "{n} mouton"
    assert language.ngettext("{n} Sheep", "{n} Sheep", 2) == "{n} moutons"
    assert language.gettext("Unsure") == "Unsure"  # fuzzy: not used
    assert language.gettext("Untranslated") == "Untranslated"


def test_a_broken_po_file_is_named(tmp_path):
    po = tmp_path / "gui.po"
    po.write_text('msgid "a"\nnonsense\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"gui\.po"):
        translations.read_catalogue(po)


def test_french_language_translates_window_texts_and_writes_decimal_commas():
    french = catalogues.load_language("fr")
    assert french.code == "fr"
    assert say(noun("Horse Cart"), french) == "Charriot"
    assert say(t("{name}: Home Board", name="Anna"), french) == "Anna : Village"
    assert say(1.5, french) == "1,5"
    assert catalogues.load_language("en") is catalogues.load_language("xx")  # English: no catalogue


def test_pseudo_brackets_lengthens_and_keeps_fields_and_markup():
    """The pseudo-locale makes untranslated (unbracketed) and cut-off (no "]") texts visible."""
    english = "<b>{name}</b> has 12 Sheep &amp; %1 &&more"
    text = catalogues.pseudo(english)
    assert text.startswith("[") and text.endswith("]")
    assert FIELD.findall(text) == ["{name}"]
    for kept in ("<b>", "</b>", "&amp;", "%1", "&&"):
        assert kept in text
    plain = "Drag the tile onto an empty land space."
    assert len(catalogues.pseudo(plain)) >= 1.4 * len(plain) + 2  # 40% longer, and the brackets
    pseudo = catalogues.load_language("pseudo")
    assert say(tn("{n} Sheep", "{n} Sheep", 2), pseudo).startswith("[2 Shéép")


@pytest.mark.parametrize(("environment", "platform", "expected"), [
    ({"LANG": "fr_FR.UTF-8"}, None, "fr"),
    ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "fr_CA.UTF-8"}, None, "fr"),
    ({"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"}, None, "en"),
    ({"LANGUAGE": "fr:en", "LANG": "en_US.UTF-8"}, None, "fr"),
    ({"LANG": "C.UTF-8"}, "fr_BE", "fr"),  # no locale in the environment: the platform's (Windows, macOS)
    ({}, "en_US", "en"),
])
def test_the_system_language_follows_the_locale(monkeypatch, environment, platform, expected):
    """Issue 14: the language follows the system locale (LANG / the OS setting)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in environment.items():
        monkeypatch.setenv(var, value)
    assert catalogues.system_language(platform) == expected


def test_lang_for_one_run_beats_the_setting_which_beats_the_system(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr_FR")
    assert catalogues.choose_language(None, "system") == "fr"
    assert catalogues.choose_language(None, "en") == "en"
    assert catalogues.choose_language("pseudo", "en") == "pseudo"
    assert catalogues.choose_language(None, "klingon") == "fr"  # an unknown setting: the system's


def test_the_wheel_ships_the_compiled_catalogues():
    """'pip install .' must carry the .mo files (data-files, checked for every resource by
    test_packaging): the French catalogue is found under resources/i18n/fr."""
    assert (catalogues.catalogue_dir("fr") / "gui.mo").is_file()
