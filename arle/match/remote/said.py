"""The sentences of remote play a window shows most, as message ids (issue 47): the remote layer
says them in English through ``report`` and ``Refused``; the window finds the id again
(``match``) and shows it in the player's language with the same fields."""

from __future__ import annotations

import re


def N_(text: str) -> str:
    """Marks a message id for the catalogues (``arle translations extract``)."""
    return text


UNREACHABLE = N_("Cannot reach the meeting server {url}: check the internet connection or the "
                 "server in Settings.")
WRONG_CODE = N_("The code is wrong (or was already used): ask your friend for a new one.")
NOT_CAME = N_("Your friend did not come within {seconds} s.")
FAILED = N_("The connection to your friend failed ({what}).")
NO_HELLO = N_("Your friend's Arle did not say hello in time.")
NOT_HELLO = N_("The friend's first message is not a hello.")
OTHER_GAME = N_("The friend is playing another game.")
CLOSED = N_("Your friend closed the connection.")
INVITE_AGAIN = N_("To go on with this game, ask your friend to invite you again and join with "
                  "the new code from New Game.")

#: Every id above, for ``match``.
SENTENCES = (UNREACHABLE, WRONG_CODE, NOT_CAME, FAILED, NO_HELLO, NOT_HELLO, OTHER_GAME, CLOSED,
             INVITE_AGAIN)


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)"
                              for i, p in enumerate(parts)) + r"\Z")


_PATTERNS = tuple((template, _pattern(template)) for template in SENTENCES)


def match(text: str) -> tuple[str, dict[str, str]] | None:
    """The message id a sentence says, and its fields (None: not one of ``SENTENCES``)."""
    for template, pattern in _PATTERNS:
        found = pattern.match(text)
        if found:
            return template, found.groupdict()
    return None


__all__ = ["SENTENCES", "match"]
