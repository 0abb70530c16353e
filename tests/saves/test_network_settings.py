"""Issue 47 (Settings → Network): the player's own meeting server and relay are kept in the
settings file, checked there (a ws:// or wss:// URL, a tcp:HOST:PORT hint), and anything else in
the file gives the public servers (empty) with a warning."""

from __future__ import annotations

import json

from arle.files.settings import Settings, network_valid, read_settings, save_settings


def test_network_servers_are_kept_in_the_settings_file(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(mailbox="wss://example.org/v1", relay="tcp:example.org:4001"), path)
    settings, warning = read_settings(path)
    assert (settings.mailbox, settings.relay, warning) == ("wss://example.org/v1",
                                                           "tcp:example.org:4001", None)


def test_a_malformed_server_in_the_file_gives_the_public_one_with_a_warning(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"mailbox": "http://example.org", "relay": "example.org:4001"}))
    settings, warning = read_settings(path)
    assert (settings.mailbox, settings.relay) == ("", "")
    assert warning is not None and "mailbox, relay" in warning


def test_what_a_server_may_be_written_as():
    assert network_valid("mailbox", "ws://127.0.0.1:4000/v1")
    assert network_valid("mailbox", "ws://[::1]:4000/v1")
    assert network_valid("relay", "tcp:127.0.0.1:4001")
    assert network_valid("mailbox", "") and network_valid("relay", "")
    for bad in ("http://example.org/v1", "ws://", "ws://a b/v1", "example.org"):
        assert not network_valid("mailbox", bad), bad
    for bad in ("tcp:example.org", "example.org:4001", "tcp:a:port"):
        assert not network_valid("relay", bad), bad
