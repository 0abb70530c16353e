"""Issues 41 and 47 in the window: a friend on another computer is just a seat that is not local, so the
window's ``SeatDriver`` plays it as it plays the computer (its think waits for the friend's move,
off the GUI thread), and the window says when the friend has moved."""

from __future__ import annotations

import threading

import pytest

from arle.ai import Cancelled
from arle.commands.arena import play as arena
from arle.engine import Setup
from arle.gui.seat_driver import SeatDriver
from arle.gui.session import GameSession
from arle.match import Computer, GameHistory, Match
from arle.match.history import REMOTE
from arle.match.remote import Ledger, Remote

SETUP = Setup(players=2, seed=4, start_player=0)


def _connected(servers) -> tuple[Remote, Remote]:
    """The friend's seat in the window (seat 2 here) and the window's seat at the friend's, met
    through the tests' loopback mailbox and relay (issue 47)."""
    from tests.match.wormhole_pair import pair

    ledgers = (Ledger("g", 0), Ledger("g", 1))
    (theirs_channel, from_join), (ours_channel, from_host) = pair(servers, ledgers)
    ours, theirs = Remote(ledgers[1]), Remote(ledgers[0])
    ours.connect(ours_channel, from_host)
    theirs.connect(theirs_channel, from_join)
    return ours, theirs


@pytest.mark.timeout(120)
def test_the_seat_driver_plays_a_friend_on_another_computer(qtbot, wormhole_servers) -> None:
    ours, theirs = _connected(wormhole_servers)
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
        ours.wake()  # the driver's think, if it still waits for the friend, asks should_stop
        playing.join(10)
        for remote in (ours, theirs):
            remote.close()
            for channel in remote.channels:
                channel.close()
    assert window.match.history.moves == friend.history.moves
    assert arena(4, ["random", "random"])[0]["digest"] == _digest(window.match)
    assert "Your friend has moved." in said


def _digest(match: Match) -> str:
    from arle.match.remote import digest

    return digest(match.history.moves)


def test_a_friends_turn_is_waited_for_with_the_collector_running(qtbot) -> None:
    """Issue 47 item 5: the friend's move comes from the wormhole's callback, and the window only
    waits for it. The wait ran on the computer's thinker, which pauses the garbage collector (for
    a search's many positions): a friend who took minutes, or a window closed mid-wait, left it
    paused. A friend's turn runs on its own worker, named for it, the collector untouched."""
    import threading

    from arle.ai import Cancelled
    from arle.engine import Setup
    from arle.gui.kit import collector
    from arle.gui.seat_driver import SeatDriver
    from arle.gui.session import GameSession
    from arle.match import GameHistory, Match
    from arle.match.history import PERSON, REMOTE
    from arle.match.seats import Person

    waiting = threading.Event()

    class Friend:
        kind, local = REMOTE, False

        def choose(self, game, should_stop=None):
            waiting.set()
            while not (should_stop and should_stop()):
                waiting.wait(0.01)
            raise Cancelled()

        def inform(self, change) -> None:
            pass

    history = GameHistory(Setup(players=2, seed=3, names=("Anna", "Ben"), start_player=0),
                          seats=[REMOTE, PERSON])
    session = GameSession(Match(history, seats=[Friend(), Person()]))
    driver = SeatDriver(session, "instant")
    before = collector.start().paused
    driver.start()
    qtbot.waitUntil(waiting.is_set, timeout=5000)
    assert driver.busy and driver.waiter.busy and not driver.thinker.busy
    assert driver.waiter._job.thread.name == "arle-friend-turn"
    assert collector.start().paused == before
    driver.stop(wait=1.0)
    assert not driver.busy
