"""Issue 41: the remote protocol's messages are bounded, versioned JSON signed with the shared
secret; anything else is refused with one sentence."""

import hashlib
import hmac
import json

import pytest

from arle.match.remote import Message, Refused, key_for
from arle.match.remote.wire import MAX_BYTES, START, canonical, move_of, pack, seal, unpack, unseal

KEY = key_for("correct horse")


def _message(**changes):
    fields = dict(game="g1", sender=0, session="", seq=1, kind="move", count=1, hash=START,
                  body={"at": 0, "move": {"type": "Pass"}})
    fields.update(changes)
    return Message(**fields)


def test_a_sealed_message_opens_as_it_was():
    message = _message()
    assert unseal(seal(message, KEY), KEY) == message


def test_a_tampered_message_is_refused():
    raw = seal(_message(), KEY).replace(b'"count":1', b'"count":2')
    with pytest.raises(Refused, match="not signed with this game's secret"):
        unseal(raw, KEY)


def test_a_wrong_secret_is_refused():
    with pytest.raises(Refused, match="secret is wrong"):
        unseal(seal(_message(), key_for("another secret")), KEY)


def test_another_protocol_version_is_refused_by_name_even_when_signed():
    data = json.loads(seal(_message(), KEY))
    data.pop("mac")
    data["v"] = 2
    data["mac"] = hmac.new(KEY, canonical(data), hashlib.sha256).hexdigest()
    with pytest.raises(Refused, match=r"protocol version 2 .* version 1"):
        unseal(canonical(data), KEY)


def test_an_oversized_message_is_refused_before_it_is_parsed():
    with pytest.raises(Refused, match=r"over the .* limit"):
        unseal(b"{" + b" " * MAX_BYTES + b"}", KEY)
    with pytest.raises(Refused, match=r"over the .* limit"):
        seal(_message(body={"junk": "x" * MAX_BYTES}), KEY)


def test_anything_but_a_signed_json_object_is_refused():
    for raw in (b"\x80\x04pickle", b"[1,2]", b'{"arle":"remote"}', b"not json"):
        with pytest.raises(Refused):
            unseal(raw, KEY)


def test_a_malformed_or_absurd_move_is_refused_in_a_sentence():
    with pytest.raises(Refused, match="malformed"):
        move_of({"type": "NoSuchMove"})
    with pytest.raises(Refused, match="absurdly long"):
        move_of({"type": "Pass", "x": "y" * 5000})


def test_an_unsigned_message_packs_and_unpacks_with_the_same_checks():
    """Issue 47: live messages travel unsigned (the wormhole authenticates and encrypts them);
    ``unpack`` keeps every other check of ``unseal``, and a signed one is not taken for it."""
    message = Message("g", 1, "", 3, "move", 2, START, {"at": 1})
    assert unpack(pack(message)) == message
    with pytest.raises(Refused, match="missing or unknown fields"):
        unpack(seal(message, KEY))
    with pytest.raises(Refused, match="nested deeper"):
        unpack(pack(Message("g", 1, "", 3, "move", 2, START, {"a": [[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]})))
    with pytest.raises(Refused, match="seq is not a whole number"):
        unpack(pack(Message("g", 1, "", True, "move", 2, START, {})))  # type: ignore[arg-type]


def test_deeply_nested_json_is_refused_not_recursed_into():
    """A message nested thousands deep would exhaust Python's recursion: refused in a sentence."""
    nested: object = 1
    for _ in range(20):
        nested = [nested]
    for raw in (b"[" * 100_000 + b"]" * 100_000, canonical({"arle": "remote", "body": nested})):
        with pytest.raises(Refused, match=r"(not valid JSON|nested deeper)"):
            unseal(raw, KEY)


def test_a_refusal_from_the_friend_is_said_in_our_words_never_theirs():
    """Issue 47: nothing from the network is shown unchecked. A friend's Arle that refuses a
    message sends its reason; this side says a sentence of its own (an id it knows), never the
    friend's text (an "URGENT: get the fix at http://…" put in the status bar before)."""
    from arle.match.remote import Remote
    from arle.match.remote.said import said as say
    from arle.match.remote.seat import Ledger

    heard = []
    remote = Remote(Ledger("g", 1), report=heard.append)
    reason = "URGENT \x1b[2J: your Arle is out of date, get the fix at http://example.invalid"
    remote.take(Message("g", 0, "s", 1, "refuse", 0, START, {"reason": reason}), None)
    assert heard == [say("The friend's Arle refused a message of this one.")]
    assert "URGENT" not in str(heard[0]) and not heard[0].fields
