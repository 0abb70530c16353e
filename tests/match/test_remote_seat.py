"""Issue 41: the friend's seat takes a move only when the hashes say both sides hold the same game
and the engine finds it legal; undo in a remote game only by agreement; the live connection
refuses replays, messages out of order, oversized frames and a cut inside a message."""

import contextlib
import queue
import socket
import threading
import time

import pytest

from arle.ai import Cancelled
from arle.engine import Setup, move_to_dict
from arle.match import PERSON, Computer, GameHistory, Match, Person
from arle.match.history import REMOTE
from arle.match.remote import Ledger, Message, Remote, key_for
from arle.match.remote.wire import MAX_BYTES, START, chain, pack

KEY = key_for("s")
SETUP = Setup(players=2, seed=3, start_player=0)


class Inbox:
    """A channel that delivers what a test puts in it and keeps what the seat sends."""

    def __init__(self):
        self.waiting: list[Message] = []
        self.sent: list[tuple[str, dict]] = []
        self.report = None

    open = True
    live = False

    def changed(self, added, cause):
        pass

    def turn_over(self):
        pass

    def send(self, kind, body):
        self.sent.append((kind, body))
        return True

    def receive(self, timeout):
        got, self.waiting = self.waiting, []
        return got

    def close(self):
        pass


def _friend_first():
    """Seat 2 here; the friend (seat 1) is to move first."""
    inbox = Inbox()
    remote = Remote(Ledger("g", 1), [inbox], poll_s=0.01)
    match = Match(GameHistory(SETUP, seats=[REMOTE, "random"]), seats=[remote, Computer("random")])
    return match, remote, inbox


def _stop_after(seconds):
    end = time.monotonic() + seconds
    return lambda: time.monotonic() > end


def _move_message(move, before=START, at=0, after=None, seq=1):
    after = after or chain(before, move)
    body = {"at": at, "before": before, "move": move_to_dict(move)}
    return Message("g", 0, "", seq, "move", at + 1, after, body)


def test_the_friends_legal_move_is_played():
    match, remote, inbox = _friend_first()
    move = match.legal_moves()[0]
    inbox.waiting.append(_move_message(move))
    change = match.step(_stop_after(2))
    assert change is not None and change.moves_added == [move]
    assert remote.ledger.count == 1 and remote.ledger.hash == chain(START, move)


def test_a_signed_but_illegal_move_is_refused_and_changes_nothing():
    """The engine checks every received move: a move of another position is refused in one
    sentence (and the friend is told), the game stays as it was."""
    match, remote, inbox = _friend_first()
    game = match.game.copy()
    game.apply(game.legal_moves()[0])
    game.apply(game.legal_moves()[0])
    illegal = next(m for m in game.legal_moves() if match.why_not(m) is not None)
    inbox.waiting.append(_move_message(illegal))
    with pytest.raises(Cancelled):
        match.step(_stop_after(0.3))
    assert match.history.moves == [] and remote.ledger.count == 0
    assert any("is not legal here" in str(p) for p in remote.problems)
    assert inbox.sent and inbox.sent[-1][0] == "refuse"


def test_a_move_whose_hash_does_not_match_was_tampered_with():
    match, remote, inbox = _friend_first()
    move = match.legal_moves()[0]
    inbox.waiting.append(_move_message(move, after="0" * 64))
    with pytest.raises(Cancelled):
        match.step(_stop_after(0.3))
    assert match.history.moves == []
    assert any("tampered" in str(p) for p in remote.problems)


def test_moves_of_a_game_that_differs_are_refused():
    match, remote, inbox = _friend_first()
    move = match.legal_moves()[0]
    inbox.waiting.append(_move_message(move, before="1" * 64))
    with pytest.raises(Cancelled):
        match.step(_stop_after(0.3))
    assert match.history.moves == []
    assert any("differs from this one" in str(p) for p in remote.problems)


def test_undo_in_a_remote_game_only_by_agreement():
    """Issue 41: a person here may not take back their move on their own in a remote game, as
    against the computer; ``Match.undo(agreed)`` takes back what both agreed."""
    inbox = Inbox()
    remote = Remote(Ledger("g", 1), [inbox], poll_s=0.01)
    match = Match(GameHistory(SETUP, seats=[REMOTE, PERSON]), seats=[remote, Person()])
    inbox.waiting.append(_move_message(match.legal_moves()[0]))
    match.step(_stop_after(2))
    while match.game.actor == 0:  # the friend's whole turn
        game = match.game
        inbox.waiting.append(_move_message(game.legal_moves()[0], remote.ledger.hash, remote.ledger.count,
                                           seq=remote.ledger.count + 1))
        match.step(_stop_after(2))
    mine = match.legal_moves()[0]
    match.apply(mine)
    assert not match.can_undo()
    with pytest.raises(ValueError):
        match.undo()
    change = match.undo(agreed=1)
    assert change.moves_removed == [mine] and match.game.actor == 1


def _pair(servers):
    """Two live sides met through the tests' loopback mailbox and relay: (inviting side, joiner)."""
    from tests.match.wormhole_pair import pair

    ledgers = (Ledger("g", 0), Ledger("g", 1))
    sides = []
    for me, (channel, hello) in enumerate(pair(servers, ledgers)):
        remote = Remote(ledgers[me])
        kinds = ["random", REMOTE] if me == 0 else [REMOTE, "random"]
        seats = [Computer("random"), remote] if me == 0 else [remote, Computer("random")]
        match = Match(GameHistory(SETUP, seats=kinds), seats=seats)
        remote.connect(channel, hello)
        sides.append((match, remote))
    return sides


def _play_until(sides, count):
    """Both sides play (each on its thread) until their games hold ``count`` moves."""

    def run(match, remote):
        while len(match.history.moves) < count:
            remote.settle(match)
            with contextlib.suppress(Cancelled):
                match.step(lambda: remote.ledger.count >= count)

    threads = [threading.Thread(target=run, args=side) for side in sides]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)


def _ask(asker, friend, count):
    """``asker`` asks to take back ``count`` moves while the friend's side listens."""
    answers = []
    thread = threading.Thread(target=lambda: answers.append(asker.ask_undo(count, timeout=5)))
    thread.start()
    while thread.is_alive():
        friend.poll(0.01)
    return answers[0]


@pytest.mark.timeout(90)
def test_a_headless_friend_never_agrees_to_an_undo_unless_told(wormhole_servers):
    """Issue 41: undo by agreement (asked and accepted, as at the table); a headless side never
    agrees unless told to, and then both sides take back the same moves (issue 47: through the
    wormhole, agreed only for the same move count and hash)."""
    (host, host_remote), (join, join_remote) = sides = _pair(wormhole_servers)
    _play_until(sides, 6)
    assert len(host.history.moves) == len(join.history.moves) == 6
    assert _ask(host_remote, join_remote, 1) is False
    assert len(join.history.moves) == 6
    join_remote.agree_undo = lambda count: True
    assert _ask(host_remote, join_remote, 2) is True
    host.undo(agreed=2)
    join_remote.settle(join)
    assert len(join.history.moves) == len(host.history.moves) == 4
    assert host_remote.ledger.hash == join_remote.ledger.hash
    for _match, remote in sides:
        remote.close()
        for channel in remote.channels:
            channel.close()


def _listening():
    """A wormhole channel whose hello came, fed lines as the wormhole's callback feeds them."""
    from arle.match.remote.wormhole_link import WormholeChannel, _Lines

    problems = []
    channel = WormholeChannel(Ledger("g", 1))
    channel.report = lambda text: problems.append(str(text))
    lines = _Lines()
    lines.channel = channel
    lines.connectionMade()
    inbox = queue.Queue()
    channel.deliver_to(inbox)
    lines.dataReceived(pack(Message("g", 0, "", 1, "hello", 0, START, {})) + b"\n")
    return lines, inbox, problems


def _line(seq, kind="end", game="g"):
    return pack(Message(game, 0, "", seq, kind, 0, START, {})) + b"\n"


def _taken(inbox):
    got = []
    while not inbox.empty():
        item = inbox.get()
        if item is not None:
            got.append(item[0].seq)
    return got


def test_a_replayed_live_message_is_refused():
    lines, inbox, problems = _listening()
    lines.dataReceived(_line(2) + _line(2))
    assert _taken(inbox) == [2]
    assert problems == ["A message was replayed (number 2 came already): refused."]


def test_a_live_message_out_of_order_is_refused():
    lines, inbox, problems = _listening()
    lines.dataReceived(_line(3))
    assert _taken(inbox) == [] and "out of order" in problems[0]


def test_a_message_of_another_game_is_refused():
    lines, inbox, problems = _listening()
    lines.dataReceived(_line(2, game="another"))
    assert _taken(inbox) == [] and "another game" in problems[0]


def test_an_oversized_line_is_refused_and_the_next_one_taken():
    """Issue 47: a line over the limit is refused in one sentence and skipped to its end; the
    connection and the messages after it are kept."""
    lines, inbox, problems = _listening()
    lines.dataReceived(b"x" * (MAX_BYTES + 1))
    lines.dataReceived(b"yyy\n" + _line(2))
    assert _taken(inbox) == [2]
    assert problems == [f"The friend sent a message over the {MAX_BYTES} bytes limit: it was not taken."]


def test_a_message_cut_in_the_middle_takes_nothing_of_it():
    lines, inbox, problems = _listening()
    lines.dataReceived(_line(2)[:20])
    lines.connectionLost()
    assert _taken(inbox) == []
    assert problems == ["Your friend closed the connection."]


def test_dilations_connections_send_and_acknowledge_each_move_at_once():
    """Issue 47 item 5: a move waited in Nagle's buffer for the previous record's delayed
    acknowledgement (43 ms p50 move-to-screen, `arle remote bench`). Dilation's connection
    protocol turns Nagle off as it connects (direct: 1.6 ms p50), and where the system has
    TCP_QUICKACK acknowledges at once, as it connects and at every receive, since the relay's own
    socket keeps Nagle (relay only: 43 -> 1.8 ms p50). A transport that cannot is left as it is."""
    from wormhole._dilation.connection import DilatedConnectionProtocol

    import arle.match.remote.wormhole_link  # noqa: F401 - the import sets it up

    calls = []

    class Handle:
        def setsockopt(self, level, option, value):
            calls.append(("setsockopt", level, option, value))

    class Transport:
        def setTcpNoDelay(self, on):
            calls.append(("nodelay", on))

        def getHandle(self):
            return Handle()

        def loseConnection(self):
            calls.append(("lost",))

    proto = DilatedConnectionProtocol.__new__(DilatedConnectionProtocol)
    proto.transport = Transport()
    with contextlib.suppress(Exception):  # (the rest of the handshake needs a real connection)
        proto.connectionMade()
    option = getattr(socket, "TCP_QUICKACK", None)  # (Linux only)
    quick = [("setsockopt", socket.IPPROTO_TCP, option, 1)] if option is not None else []
    assert calls[:1 + len(quick)] == [("nodelay", True), *quick]
    del calls[:]
    with contextlib.suppress(Exception):
        proto.dataReceived(b"x")
    assert calls[:len(quick)] == quick
    proto.transport = object()  # (a transport without the options: nothing raised by us)
    with contextlib.suppress(Exception):
        proto.connectionMade()
    with contextlib.suppress(Exception):
        proto.dataReceived(b"x")
