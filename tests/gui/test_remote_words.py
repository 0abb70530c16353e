"""Issue 47 item 2: every sentence of remote play the window shows is in English and French. The
remote layer says each refusal and report as a message id with fields (``arle.match.remote.said``)
and the window puts it into its language: no English matched back by patterns, and nothing a
friend's Arle sends shown as text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arle.commands.translations import scan_source
from arle.engine import ENGLISH
from arle.gui.friend import failure_sentence, remote_sentence
from arle.gui.kit import texts
from arle.gui.shell.language import install_language, uninstall_language
from arle.match.remote import Refused
from arle.match.remote.said import Said, said

REMOTE = Path(__file__).resolve().parents[2] / "arle" / "match" / "remote"


def ids() -> list[str]:
    """Every message id the remote layer marks (``N_("...")``), from its sources."""
    found = []
    for path in sorted(REMOTE.glob("*.py")):
        found += [f.msgid for f in scan_source(path.read_text(encoding="utf-8"), path.name) if f.msgid]
    return sorted(set(found) - {"{file}: {reason}", "Refused {reason}"})


def filled(id: str) -> Said:
    """``id`` with a made-up value for each field (a name and a number a translation keeps)."""
    return said(id, **{name: f"x{i}7" for i, name in enumerate(re.findall(r"\{(\w+)\}", id))})


@pytest.fixture
def french(qapp):
    installed = install_language(qapp, "fr", "en")
    yield
    uninstall_language(qapp, installed)
    assert texts.language() is ENGLISH


def test_the_remote_layer_says_about_fifty_sentences_by_id():
    """(The count guards the scan: the refusals of the seat, the wire, the folder and the link.)"""
    assert len(ids()) >= 45


def test_each_sentence_of_the_remote_layer_is_said_in_english_as_it_is():
    for id in ids():
        assert remote_sentence(filled(id)) == str(filled(id)), id


def test_each_sentence_of_the_remote_layer_is_said_in_french(french):
    for id in ids():
        text = filled(id)
        shown = remote_sentence(text)
        assert shown != str(text), id
        for _name, value in text.fields:
            assert value in shown, (id, shown)
    assert remote_sentence(said("The code is wrong (or was already used): ask your friend for a new one.")) \
        == "Le code est faux (ou a déjà servi) : demandez-en un nouveau à votre ami."


def test_a_refusal_inside_another_is_said_in_french_too(french):
    """A turn file refused for a reason of the wire: both parts in the window's language."""
    inner = Refused("A message is not signed with this game's secret: tampered with, from another game, "
                    "or the secret is wrong.")
    outer = Refused("{file}: {reason}", file="turn-2-00001.json", reason=inner.said)
    shown = failure_sentence(outer)
    assert shown.startswith("turn-2-00001.json") and "secret" in shown and "signed" not in shown


def test_a_failure_that_is_no_refusal_is_said_without_python_words(french):
    assert failure_sentence(TimeoutError()) == remote_sentence(
        said("The connection to your friend failed ({what}).", what="TimeoutError"))
