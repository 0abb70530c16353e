"""A friend on another computer (issues 41, 47): the ``Remote`` seat, its wire protocol and two
ways to the friend, a shared folder of turn files (``folder``) and live play through
magic-wormhole (``wormhole_link``: a code, SPAKE2, an encrypted Dilated connection; imported only
when live play starts, with Twisted).

Each computer runs its own engine and only moves travel, in bounded JSON (``wire``): signed with
HMAC-SHA256 over the players' secret in a folder, authenticated and encrypted by the wormhole
live. No Qt, no files layer: the window and the commands (``arle remote``) drive it.
"""

from .seat import REMOTE, Channel, Ledger, Remote, new_game_id
from .wire import VERSION, Message, Refused, digest, key_for

__all__ = ["REMOTE", "VERSION", "Channel", "Ledger", "Message", "Refused", "Remote", "digest", "key_for",
           "new_game_id"]
