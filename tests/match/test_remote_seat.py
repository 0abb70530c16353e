"""Issue 41: the friend's seat takes a move only when the hashes say both sides hold the same game
and the engine finds it legal; undo in a remote game only by agreement; the live connection
refuses replays, messages out of order, oversized frames and a cut inside a message."""

import contextlib
import socket
import threading
import time

import pytest

from arle.ai import Cancelled
from arle.engine import Setup, move_to_dict
from arle.match import PERSON, Computer, GameHistory, Match, Person
from arle.match.history import REMOTE
from arle.match.remote import Ledger, Message, Remote, key_for
from arle.match.remote.live import LiveChannel, handshake, write_frame
from arle.match.remote.wire import START, chain, seal

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
    assert any("is not legal here" in p for p in remote.problems)
    assert inbox.sent and inbox.sent[-1][0] == "refuse"


def test_a_move_whose_hash_does_not_match_was_tampered_with():
    match, remote, inbox = _friend_first()
    move = match.legal_moves()[0]
    inbox.waiting.append(_move_message(move, after="0" * 64))
    with pytest.raises(Cancelled):
        match.step(_stop_after(0.3))
    assert match.history.moves == []
    assert any("tampered" in p for p in remote.problems)


def test_moves_of_a_game_that_differs_are_refused():
    match, remote, inbox = _friend_first()
    move = match.legal_moves()[0]
    inbox.waiting.append(_move_message(move, before="1" * 64))
    with pytest.raises(Cancelled):
        match.step(_stop_after(0.3))
    assert match.history.moves == []
    assert any("differs from this one" in p for p in remote.problems)


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


def _pair():
    """Two live sides over a loopback socket, in this process: (host side, join side)."""
    server = socket.create_server(("127.0.0.1", 0))
    joined = socket.create_connection(server.getsockname())
    hosted, _ = server.accept()
    server.close()
    ledgers = [Ledger("g", 0), Ledger("g", 1)]
    out = {}
    shake = threading.Thread(target=lambda: out.update(host=handshake(hosted, KEY, 0, ledgers[0])),
                             daemon=True)
    shake.start()
    hello_from_host, session = handshake(joined, KEY, 1, ledgers[1])
    shake.join(30)
    assert not shake.is_alive(), "the host's handshake never ended"
    sides = []
    ends = ((0, hosted, *out["host"]), (1, joined, hello_from_host, session))
    for me, sock, hello, sess in ends:
        remote = Remote(ledgers[me], poll_s=0.01)
        kinds = ["random", REMOTE] if me == 0 else [REMOTE, "random"]
        seats = [Computer("random"), remote] if me == 0 else [remote, Computer("random")]
        match = Match(GameHistory(SETUP, seats=kinds), seats=seats)
        remote.connect(LiveChannel(sock, ledgers[me], KEY, sess), hello)
        sides.append((match, remote))
    return sides


def _play_until(sides, count, seconds=30.0):
    """Both sides play (each on its thread) until their games hold ``count`` moves, or for
    ``seconds`` at most: a side that is stuck ends too, so that no thread outlives the test."""
    end = time.monotonic() + seconds

    def run(match, remote):
        while len(match.history.moves) < count and time.monotonic() < end:
            remote.settle(match)
            with contextlib.suppress(Cancelled):
                match.step(lambda: remote.ledger.count >= count or time.monotonic() >= end)

    threads = [threading.Thread(target=run, args=side, daemon=True) for side in sides]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 10)
    assert not any(thread.is_alive() for thread in threads), "a side kept playing"


def _ask(asker, friend, count):
    """``asker`` asks to take back ``count`` moves while the friend's side listens."""
    answers = []
    thread = threading.Thread(target=lambda: answers.append(asker.ask_undo(count, timeout=5)), daemon=True)
    thread.start()
    while thread.is_alive():
        friend.poll(0.01)
    return answers[0]


@pytest.fixture
def live_pair():
    """``_pair``'s two sides, their connections closed after the test (their threads end)."""
    sides = _pair()
    yield sides
    for _match, remote in sides:
        for channel in remote.channels:
            channel.close()


def test_a_headless_friend_never_agrees_to_an_undo_unless_told(live_pair):
    """Issue 41: undo by agreement (asked and accepted, as at the table); a headless side never
    agrees unless told to, and then both sides take back the same moves."""
    (host, host_remote), (join, join_remote) = sides = live_pair
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


@pytest.fixture
def listening():
    """A live channel on one end of a loopback connection, and the raw other end (both closed
    after the test: the channel's reader thread ends)."""
    server = socket.create_server(("127.0.0.1", 0))
    raw = socket.create_connection(server.getsockname())
    sock, _ = server.accept()
    server.close()
    problems = []
    channel = LiveChannel(sock, Ledger("g", 1), KEY, "sess", report=problems.append)
    yield channel, raw, problems
    channel.close()
    raw.close()


def _wait_closed(channel):
    end = time.monotonic() + 15
    while channel.open and time.monotonic() < end:
        time.sleep(0.01)
    assert not channel.open


def _frame(seq, kind="end", session="sess"):
    return seal(Message("g", 0, session, seq, kind, 0, START, {}), KEY)


def test_a_replayed_live_message_is_refused(listening):
    channel, raw, problems = listening
    write_frame(raw, _frame(1))
    write_frame(raw, _frame(1))
    _wait_closed(channel)
    assert [m.seq for m in channel.receive(0)] == [1]
    assert problems == ["a message was replayed (number 1 came already): refused"]


def test_a_live_message_out_of_order_is_refused(listening):
    channel, raw, problems = listening
    write_frame(raw, _frame(2))
    _wait_closed(channel)
    assert channel.receive(0) == [] and "out of order" in problems[0]


def test_a_message_of_an_earlier_connection_is_refused(listening):
    channel, raw, problems = listening
    write_frame(raw, _frame(1, session="an earlier one"))
    _wait_closed(channel)
    assert channel.receive(0) == [] and "earlier connection" in problems[0]


def test_an_oversized_frame_is_refused_before_it_is_read(listening):
    channel, raw, problems = listening
    raw.sendall((50 << 20).to_bytes(4, "big"))
    _wait_closed(channel)
    assert "over the" in problems[0]


def test_a_disconnect_in_the_middle_of_a_message_takes_nothing_of_it(listening):
    channel, raw, problems = listening
    frame = _frame(1)
    raw.sendall(len(frame).to_bytes(4, "big") + frame[:20])
    raw.close()
    _wait_closed(channel)
    assert channel.receive(0) == []
    assert problems == ["the connection closed in the middle of a message: nothing of it was taken"]


def test_a_flood_of_messages_is_cut_off(listening):
    channel, raw, problems = listening
    try:
        for seq in range(1, 2000):
            write_frame(raw, _frame(seq))
    except OSError:
        pass
    _wait_closed(channel)
    assert "too fast" in problems[0]
