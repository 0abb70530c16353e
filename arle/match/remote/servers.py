"""The servers live play meets through (issue 47), without importing Twisted: the public ones the
magic-wormhole project runs, used with Arle's own application id unless the player names others."""

#: Arle's own application id on the mailbox servers.
APPID = "arle.game/fields-of-arle/v1"
#: The meeting (mailbox, rendezvous) server.
MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
#: The transit relay, for when no direct connection works.
RELAY = "tcp:transit.magic-wormhole.io:4001"
#: Whether a direct connection is tried before the relay (False: every byte through the relay).
DIRECT = True

__all__ = ["APPID", "DIRECT", "MAILBOX", "RELAY"]
