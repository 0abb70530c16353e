"""Issue 41 in the window: a friend on another computer is just a seat that is not local, so the
window's ``SeatDriver`` plays it as it plays the computer (its think waits for the friend's move,
off the GUI thread), and the window says when the friend has moved."""

from __future__ import annotations

import socket
import threading

from arle.ai import Cancelled
from arle.commands.arena import play as arena
from arle.engine import Setup
from arle.gui.seats import SeatDriver
from arle.gui.session import GameSession
from arle.match import Computer, GameHistory, Match
from arle.match.history import REMOTE
from arle.match.remote import Ledger, Remote, key_for
from arle.match.remote.live import LiveChannel, handshake

KEY = key_for("s")
SETUP = Setup(players=2, seed=4, start_player=0)


def _connected() -> tuple[Remote, Remote]:
    """The friend's seat in the window (seat 2 here) and the window's seat at the friend's."""
    server = socket.create_server(("127.0.0.1", 0))
    there = socket.create_connection(server.getsockname())
    here, _ = server.accept()
    server.close()
    ledgers = [Ledger("g", 0), Ledger("g", 1)]
    shaken: dict[str, tuple] = {}
    shake = threading.Thread(target=lambda: shaken.update(friend=handshake(there, KEY, 0, ledgers[0])),
                             daemon=True)
    shake.start()
    hello, session = handshake(here, KEY, 1, ledgers[1])
    shake.join(30)
    assert not shake.is_alive(), "the friend's handshake never ended"
    ours, theirs = Remote(ledgers[1]), Remote(ledgers[0])
    ours.connect(LiveChannel(here, ledgers[1], KEY, session), hello)
    theirs.connect(LiveChannel(there, ledgers[0], KEY, shaken["friend"][1]), shaken["friend"][0])
    return ours, theirs


def test_the_seat_driver_plays_a_friend_on_another_computer(qtbot) -> None:
    ours, theirs = _connected()
    friend = Match(GameHistory(SETUP, seats=["random", REMOTE]), seats=[Computer("random"), theirs])
    stop = threading.Event()

    def friend_plays() -> None:
        while not friend.game.over and not stop.is_set():
            try:
                friend.step(stop.is_set)
            except Cancelled:
                return
        theirs.finish(2.0)

    here = Match(GameHistory(SETUP, seats=[REMOTE, "random"]), seats=[ours, Computer("random")])
    window = GameSession(here)
    said: list[str] = []
    window.message.connect(said.append)
    driver = SeatDriver(window, pace="instant")
    playing = threading.Thread(target=friend_plays, daemon=True)
    playing.start()
    try:
        driver.start()
        qtbot.waitUntil(lambda: window.match.game.over, timeout=60_000)
    finally:
        stop.set()
        driver.stop(wait=2.0)
        playing.join(10)
        for remote in (ours, theirs):  # (their reader threads end with the connections)
            for channel in remote.channels:
                channel.close()
    assert not playing.is_alive()
    assert window.match.history.moves == friend.history.moves
    assert arena(4, ["random", "random"])[0]["digest"] == _digest(window.match)
    assert "Your friend has moved." in said


def _digest(match: Match) -> str:
    from arle.match.remote import digest

    return digest(match.history.moves)
