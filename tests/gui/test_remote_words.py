"""Issue 47 item 2: every sentence of remote play the window shows is in English and French: the
remote layer's sentences (``arle.match.remote.said``) are found again by their message id and said
in the window's language, with their fields."""

from __future__ import annotations

import pytest

from arle.engine import ENGLISH
from arle.gui.friend import remote_sentence
from arle.gui.kit import texts
from arle.gui.shell.language import install_language, uninstall_language
from arle.match.remote import said

FIELDS = {"url": "ws://127.0.0.1:4000/v1", "seconds": "600", "what": "TimeoutError"}


@pytest.fixture
def french(qapp):
    installed = install_language(qapp, "fr", "en")
    yield
    uninstall_language(qapp, installed)
    assert texts.language() is ENGLISH


def test_each_sentence_of_the_remote_layer_is_said_in_english_as_it_is():
    for template in said.SENTENCES:
        text = template.format(**FIELDS)
        assert remote_sentence(text) == text


def test_each_sentence_of_the_remote_layer_is_said_in_french(french):
    for template in said.SENTENCES:
        text = template.format(**FIELDS)
        shown = remote_sentence(text)
        assert shown != text, template
        for name in FIELDS:
            if "{" + name + "}" in template:
                assert FIELDS[name] in shown
    assert remote_sentence(said.WRONG_CODE) == ("Le code est faux (ou a déjà servi) : demandez-en "
                                                "un nouveau à votre ami.")


def test_the_wormhole_link_says_its_refusals_by_message_id():
    """The ids the wormhole link raises are the ones the window translates."""
    from arle.match.remote import wormhole_link

    assert said.match(wormhole_link.UNREACHABLE.format(url="ws://x/v1")) == (said.UNREACHABLE,
                                                                               {"url": "ws://x/v1"})
    assert said.match(wormhole_link.WRONG_CODE) == (said.WRONG_CODE, {})
