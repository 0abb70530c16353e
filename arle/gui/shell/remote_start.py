"""Starting a game against a friend on another computer (issues 41, 47), for the window's
``game_life``: invite, join or a shared folder, and a refused start said in one sentence with
New Game's form opened again as the player filled it. Imported when such a game starts: the
wormhole's and the folder's code stay out of the window's start.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QMessageBox

from arle.gui.friend import Connection, failure_sentence
from arle.match import GameHistory
from arle.match.history import PERSON, REMOTE
from arle.match.remote import Refused, new_game_id
from arle.match.remote.link import Plan, folder_game, join_first
from arle.match.remote.servers import use as use_servers

if TYPE_CHECKING:
    from arle.engine import Setup
    from arle.gui.shell.dialogs import NewGameDialog, RemoteChoice
    from arle.gui.shell.host import Host
    from arle.match import NewGameChoice
    from arle.match.remote.wire import Message
    from arle.match.remote.wormhole_link import WormholeChannel


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


def start_remote(w: Host, choice: NewGameChoice, remote: RemoteChoice,
                 form: NewGameDialog | None, again: Callable[[NewGameDialog], None]) -> None:
    """A new game against a friend on another computer (issues 41, 47): invite (the game
    shows the code as soon as the meeting server gives it), join (the inviting side's game,
    met off the GUI thread) or by a shared folder (the game it holds, else a new one seat 1
    starts there). A refused start opens ``form``, the New Game form, again as the player
    filled it; a game that starts lets it go."""
    if not w.files.may_drop_game():
        _let_go(form)
        return
    use_servers(w.settings.mailbox, w.settings.relay)  # Settings → Network
    colors = list(choice.colors)
    seats = [PERSON, PERSON]
    seats[1 - remote.me] = REMOTE
    try:
        if remote.mode == "invite":
            history = GameHistory(choice.setup, seats=seats)
            history.remote = Plan("invite", new_game_id(), remote.me).to_dict()
            _let_go(form)
            w.life.install(history, colors)
            return
        if remote.mode == "folder":
            folder = Path(remote.folder)
            setup, game, moves = folder_game(folder, remote.secret, remote.me, choice.setup,
                                             new_game_id())
            history = GameHistory(setup, moves, seats=seats)
            history.remote = Plan("folder", game, remote.me, remote.secret,
                                  folder=str(folder.resolve())).to_dict()
            _let_go(form)
            w.life.install(history, colors)
            return
    except Refused as exc:
        _cannot_play(w, exc, form, again)
        return

    def joined(found: tuple[Setup, WormholeChannel, Message]) -> None:
        setup, channel, hello = found
        history = GameHistory(setup, seats=[REMOTE, PERSON])
        history.remote = Plan("join", hello.game, 1).to_dict()
        _let_go(form)
        w.life.install(history, colors, connection=Connection(first=(channel, hello)))

    w.files.load_off_thread(_tr("your friend's game"), lambda: join_first(remote.code), joined,
                            lambda exc: _cannot_play(w, exc, form, again))


def _cannot_play(w: Host, error: BaseException, form: NewGameDialog | None,
                 again: Callable[[NewGameDialog], None]) -> None:
    """A remote game that cannot start, in one sentence; then New Game's ``form`` again, as
    the player filled it (they correct the code rather than type everything anew)."""
    QMessageBox.warning(w.window(), _tr("Cannot play with your friend"),
                        failure_sentence(error))
    if form is not None:
        QTimer.singleShot(0, form, lambda: again(form))


def _let_go(form: NewGameDialog | None) -> None:
    """The game started (or will not be asked for): New Game's form is done with."""
    if form is not None:
        form.deleteLater()
