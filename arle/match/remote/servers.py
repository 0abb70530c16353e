"""The servers live play meets through (issue 47), without importing Twisted: the public ones the
magic-wormhole project runs, used with Arle's own application id unless the player names others
(Settings → Network: ``use``)."""

from __future__ import annotations

#: Arle's own application id on the mailbox servers.
APPID = "arle.game/fields-of-arle/v1"
#: The meeting (mailbox, rendezvous) server.
MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
#: The transit relay, for when no direct connection works.
RELAY = "tcp:transit.magic-wormhole.io:4001"
#: Whether a direct connection is tried before the relay (False: every byte through the relay).
DIRECT = True

#: The player's own servers ("": the public ones above).
_chosen = {"mailbox": "", "relay": ""}


def use(mailbox: str, relay: str) -> None:
    """Meet through these servers from now on ("" for either: the public one)."""
    _chosen.update(mailbox=mailbox.strip(), relay=relay.strip())


def mailbox() -> str:
    return _chosen["mailbox"] or MAILBOX


def relay() -> str:
    return _chosen["relay"] or RELAY


__all__ = ["APPID", "DIRECT", "MAILBOX", "RELAY", "mailbox", "relay",
           "use"]
