"""A friend on another computer (issue 41): the ``Remote`` seat, its wire protocol and two ways to
the friend, a shared folder of turn files (``folder``) and a live TCP connection (``live``).

Each computer runs its own engine and only moves travel, in bounded JSON signed with HMAC-SHA256
over the players' shared secret (``wire``). No Qt, no files layer: the window and the commands
(``arle remote``) drive it.
"""

from .seat import REMOTE, Channel, Ledger, Remote, new_game_id
from .wire import VERSION, Message, Refused, digest, key_for

__all__ = ["REMOTE", "VERSION", "Channel", "Ledger", "Message", "Refused", "Remote", "digest", "key_for",
           "new_game_id"]
