"""Two ends of a live game met through the tests' own loopback mailbox and relay (issue 47)."""

from __future__ import annotations

import threading

from arle.match.remote import Ledger, Message
from arle.match.remote.wire import setup_to_dict
from arle.match.remote.wormhole_link import WormholeChannel, hello, meet


def pair(servers, ledgers: tuple[Ledger, Ledger], setup=None) -> tuple[tuple[WormholeChannel, Message],
                                                                    tuple[WormholeChannel, Message]]:
    """(the inviting side's channel and the joiner's hello, the joiner's channel and the inviting
    side's hello), direct connections off: every byte through the relay."""
    where = {"mailbox": servers.mailbox, "relay": servers.relay, "direct": False, "wait": 60}
    codes: list[str] = []
    ready = threading.Event()
    invited: list[WormholeChannel] = []

    def heard(code: str) -> None:
        codes.append(code)
        ready.set()

    inviting = threading.Thread(target=lambda: invited.append(meet(None, on_code=heard, **where)))
    inviting.start()
    assert ready.wait(60)
    joined = meet(codes[0], **where)
    inviting.join(60)
    hellos: dict[str, Message] = {}
    body = {"setup": setup_to_dict(setup)} if setup is not None else {}
    shake = threading.Thread(target=lambda: hellos.update(host=hello(invited[0], ledgers[0], body)))
    shake.start()
    from_host = hello(joined, ledgers[1], {})
    shake.join(60)
    return (invited[0], hellos["host"]), (joined, from_host)
