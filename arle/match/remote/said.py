"""What remote play says, as message ids with fields (issue 47): every refusal (``Refused``) and
every report of the link, the seat and the shared folder is a ``Said``, which the window puts
into the player's language (``arle.gui.friend.remote_sentence``) and the commands print in
English (``str``). Nothing a friend's Arle sends is shown as text: a friend's refusal is said
in a sentence of ours."""

from __future__ import annotations

import attrs


def N_(text: str) -> str:
    """Marks a message id for the catalogues (``arle translations extract``)."""
    return text


@attrs.frozen
class Said:
    """A sentence of remote play: its message id (the English, with ``{fields}``) and fields."""

    id: str
    #: Each field's text, or a ``Said`` of its own (a refusal said inside another).
    fields: tuple[tuple[str, str | Said], ...] = ()

    def __str__(self) -> str:
        return self.id.format(**{name: str(value) for name, value in self.fields})


def said(id: str, **fields: object) -> Said:
    """``id`` with its fields (made text: a number, a file's name, a server's address; a
    ``Said`` stays one, to be put into the player's language too)."""
    return Said(id, tuple((name, value if isinstance(value, Said) else str(value))
                          for name, value in fields.items()))


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


__all__ = ["Said", "said"]
