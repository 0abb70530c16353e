"""``python tests/loopback_direct.py remote ...``: ``arle`` with magic-wormhole's Dilation
listening on 127.0.0.1 only and offering only that address, so that a test of direct connections
stays on loopback (the library listens on every interface and offers every address it finds)."""

import runpy
import sys

from twisted.internet import endpoints
from wormhole._dilation import connector


def _loopback(reactor, description):  # type: ignore[no-untyped-def]
    if description == "tcp:0":
        description = "tcp:0:interface=127.0.0.1"
    return endpoints.serverFromString(reactor, description)


connector.serverFromString = _loopback
connector.Connector._get_listener_addresses = lambda self: ["127.0.0.1"]
sys.argv = ["arle", *sys.argv[1:]]
runpy.run_module("arle", run_name="__main__", alter_sys=True)
