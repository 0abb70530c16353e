"""Issue 39: the match is the thing that plays (seats asked for moves by one loop) and is heard
(one complete ``Change`` per apply, undo and redo); issue 44, item 3: undo's policy against the
computer, tested where it lives."""

from __future__ import annotations

import random

import pytest

from arle.engine import Game, Move, Setup
from arle.match import (
    PERSON,
    Change,
    Computer,
    GameHistory,
    Match,
    Person,
    play,
)


class Recorder:
    """A listener that rebuilds the move list and the log from the changes alone."""

    def __init__(self) -> None:
        self.moves: list[Move] = []
        self.labels: list[str] = []
        self.causes: list[str] = []

    def __call__(self, change: Change) -> None:
        self.causes.append(change.cause)
        assert len(self.moves) == change.at + len(change.removed)  # nothing missed
        assert self.moves[change.at:] == change.moves_removed
        del self.moves[change.at:], self.labels[change.at:]
        self.moves += change.moves_added
        self.labels += [entry.label for entry in change.added]
        assert len(self.moves) == change.size


def test_a_whole_game_between_two_computer_seats_is_played_by_the_matchs_loop_without_a_window():
    """Issue 39, item 1: ``play`` asks each seat in turn (Easy against Random: a whole game in
    seconds) and every listener hears every move, whoever made it."""
    history = GameHistory(Setup(players=2, seed=3, start_player=0), seats=("easy", "random"))
    match = Match(history)
    heard = Recorder()
    match.listen(heard)
    play(match)
    assert match.game.over and len(history.moves) > 100
    assert heard.moves == history.moves and set(heard.causes) == {"apply"}
    assert heard.labels == [entry.label for entry in match.log]
    assert [seat.kind for seat in match.seats] == ["easy", "random"]
    assert [len(seat.thinks) for seat in match.seats if isinstance(seat, Computer)] == [
        sum(1 for m in history.movers if m == i) for i in range(2)]


def test_the_loop_stops_where_a_person_at_this_computer_is_to_move():
    """A person at this computer is never asked: the window sends their moves."""
    history = GameHistory(Setup(players=2, seed=5, start_player=1), seats=(PERSON, "random"))
    match = Match(history)
    play(match)
    assert match.game.actor == 0 and history.moves and match.turn() is None
    assert not match.computer_turn and match.step() is None


def test_a_person_seat_may_be_asked_headless_and_every_change_is_heard_complete():
    """Undo and redo are heard too, with the entries they take away and bring back."""
    rng = random.Random(9)
    seats = [Person(lambda g: rng.choice(g.legal_moves()))]
    match = Match(GameHistory(Setup(players=1, seed=9)), seats=seats)
    heard = Recorder()
    match.listen(heard)
    for _ in range(12):
        match.step()
    match.undo()
    match.undo()
    match.redo()
    for _ in range(3):
        match.step()
    assert heard.causes == ["apply"] * 12 + ["undo", "undo", "redo"] + ["apply"] * 3
    assert heard.moves == match.history.moves and len(heard.moves) == 14
    assert heard.labels == [entry.label for entry in match.log]


def test_an_answer_to_a_turn_that_is_gone_plays_nothing():
    """The window's driver thinks off its thread: an undo meanwhile makes its move stale."""
    history = GameHistory(Setup(players=2, seed=4, start_player=0), seats=(PERSON, "random"))
    match = Match(history)
    while not match.computer_turn:
        match.apply(match.legal_moves()[0])
    turn = match.turn()
    assert turn is not None and turn.actor == 1 and turn.game is not match.game
    move = turn.think()
    match.undo()
    assert match.answer(turn, move) is None
    assert not match.computer_turn


def test_every_listener_hears_a_change_even_when_one_fails():
    """A failing listener (a bug in a view) does not keep the journal from hearing the move."""
    match = Match(GameHistory(Setup(players=1, seed=2)))
    heard = Recorder()

    def broken(change: Change) -> None:
        raise RuntimeError("a view's bug")

    match.listen(broken)
    match.listen(heard)
    with pytest.raises(RuntimeError):
        match.apply(match.legal_moves()[0])
    assert heard.moves == match.history.moves and len(heard.moves) == 1


def test_the_journal_may_listen_first():
    order: list[str] = []
    match = Match(GameHistory(Setup(players=1, seed=2)))
    match.listen(lambda change: order.append("view"))
    match.listen(lambda change: order.append("journal"), first=True)
    match.apply(match.legal_moves()[0])
    assert order == ["journal", "view"]


def test_undo_against_the_computer_goes_back_to_the_first_move():
    """Issue 44, item 3: an off-by-one in ``Match.undo_count`` (``range(1, undo_limit)``) kept
    the person from taking back their first move against the computer; only a GUI test caught it.
    Each undo goes back to the person's previous decision, the last one to the very start."""
    history = GameHistory(Setup(players=2, seed=8, start_player=0), seats=(PERSON, "random"))
    match = Match(history)
    rng = random.Random(8)
    for _ in range(3):  # three decisions of the person's, each answered by the computer
        match.apply(rng.choice(match.legal_moves()))
        play(match)
    undos = 0
    while history.moves:
        assert match.can_undo(), f"stuck with {len(history.moves)} moves left"
        count = match.undo_count()
        assert count is not None and count >= 1
        before = len(history.moves)
        match.undo()
        assert len(history.moves) == before - count
        assert history.movers[-1:] != [1] or not history.moves  # never left on the computer's move
        undos += 1
    assert history.moves == [] and undos >= 3 and not match.can_undo()
    assert match.game.key() == Game(history.setup).key()


def test_the_seats_must_be_of_the_kinds_the_history_records():
    with pytest.raises(ValueError):
        Match(GameHistory(Setup(players=1, seed=1)), seats=[Computer("hard")])


def test_a_move_thought_out_before_an_undo_is_not_played_when_the_same_player_acts_again():
    """Issue 51, item 1: ``answer`` compares the move count too, not only the actor. A computer
    with two decisions in a row is asked at the second; one move is taken back (as an agreed
    undo does), so the same seat acts again, one move earlier: its answer is stale."""
    history = GameHistory(Setup(players=2, seed=6, start_player=0), seats=("random", "random"))
    match = Match(history)
    while not (history.moves and match.game.actor == history.movers[-1]):
        assert match.step() is not None
    turn = match.turn()
    assert turn is not None
    move = turn.think()
    match.undo(agreed=1)
    assert match.game.actor == turn.actor and len(history.moves) == turn.at - 1
    size = len(history.moves)
    assert match.answer(turn, move) is None
    assert len(history.moves) == size


def test_redo_words_its_log_line_in_the_position_before_the_move():
    """Issue 51, item 2: a move taken back and played again reads in the log as it did the first
    time (its words are of the position before it, as ``apply`` says them)."""
    from arle.engine import ENGLISH
    from arle.match.words import Wording

    rng = random.Random(4)
    match = Match(GameHistory(Setup(players=1, seed=4)), words=Wording(ENGLISH).log_label)
    for _ in range(60):
        match.apply(rng.choice(match.legal_moves()))
    first = [entry.label for entry in match.log]
    after = [match.words(match.history.position(i + 1), m) for i, m in enumerate(match.history.moves)]
    assert after != first  # (some words depend on the position: the check below can fail)
    while match.history.moves:
        match.history.undo()
        match.log.pop()
    while match.can_redo():
        match.redo()
    assert [entry.label for entry in match.log] == first


def test_a_person_may_not_redo_during_the_computers_turn():
    """Issue 51, item 3: ``can_redo`` is false while the computer is to act, even with moves to
    redo (the computer plays its own move; a redo then would play the person's old one)."""
    history = GameHistory(Setup(players=2, seed=8, start_player=0), seats=(PERSON, "random"))
    match = Match(history)
    match.apply(match.legal_moves()[0])
    while not match.computer_turn:
        match.apply(match.legal_moves()[0])
    play(match)
    match.undo()  # back to the person's decision, the computer's moves with it
    match.redo()  # the person's move again: the computer is to act, its moves still to redo
    assert match.computer_turn and history.can_redo()
    assert not match.can_redo()
    with pytest.raises(ValueError):
        match.redo()
