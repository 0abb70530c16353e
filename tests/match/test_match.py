"""Issue 34: the game being played is tested without Qt: seats, undo, the log, rematch, focus."""

from __future__ import annotations

import random

import pytest

from arle.engine import Game, PlaceTile, Setup, describe
from arle.match import (
    PERSON,
    GameHistory,
    Match,
    NewGameChoice,
    board_for,
    continued,
    new_history,
    rematch,
    replay_log,
)
from tests.saves.helpers import full_game


def first_legal(match: Match) -> None:
    match.apply(match.legal_moves()[0])


def test_a_rematch_keeps_everything_but_the_deal():
    """Seats and levels, names, colours, building set, starting player and friendly undo stay."""
    setup = Setup(players=2, seed=7, names=("Ada", "Bo"), building_set="first_game", start_player=1)
    choice = NewGameChoice(setup, True, ("#009E73", "#CC79A7"), (PERSON, "hard"))
    match = Match(new_history(choice), colors=choice.colors)
    first_legal(match)
    again = rematch(match, seed=99)
    assert again == NewGameChoice(
        Setup(players=2, seed=99, names=("Ada", "Bo"), building_set="first_game", start_player=1),
        True, ("#009E73", "#CC79A7"), (PERSON, "hard"))
    history = new_history(again)
    assert history.seats == (PERSON, "hard") and history.friendly_undo and history.moves == []
    assert rematch(match).setup.seed != -1  # a random deal when no seed is given


def test_a_rematch_fills_missing_colours():
    match = Match(GameHistory(Setup(players=1, seed=1)), colors=["#E69F00"])
    assert rematch(match, seed=2, fill=("#0072B2", "#009E73")).colors == ("#E69F00", "#0072B2")


def test_undo_against_the_computer_goes_back_to_the_persons_move():
    match = Match(GameHistory(Setup(players=2, seed=3, start_player=0), seats=(PERSON, "easy")))
    rng = random.Random(0)
    while not match.computer_turn:  # the person plays until the computer is to act
        match.apply(rng.choice(match.legal_moves()))
    persons = len(match.history.moves)
    while match.computer_turn:
        match.apply(rng.choice(match.legal_moves()))
    count = len(match.history.moves) - persons + 1  # the computer's moves and the person's last
    assert match.can_undo() and match.undo_count() == count
    assert len(match.undo().removed) == count
    assert len(match.history.moves) == persons - 1 == len(match.log)
    assert not match.computer_turn


def test_no_redo_while_the_computer_is_to_act():
    match = Match(GameHistory(Setup(players=2, seed=3, start_player=1), seats=(PERSON, "easy")))
    assert match.computer_turn and not match.can_undo() and not match.can_redo()
    with pytest.raises(ValueError):
        match.undo()


def test_hot_seat_undo_stops_at_the_other_players_move():
    match = Match(GameHistory(Setup(players=2, seed=5)))
    first = match.game.actor
    while match.game.actor == first:
        first_legal(match)
    first_legal(match)  # the other player's first move
    assert match.can_undo()
    match.undo()
    assert not match.can_undo()  # the first player's moves are locked for good
    assert match.can_redo()
    match.redo()
    assert len(match.log) == len(match.history.moves)


def test_the_log_follows_apply_undo_and_redo_and_replays_the_same():
    words = lambda game, move: f"{game.actor}:{describe(move)}"  # noqa: E731
    match = Match(GameHistory(Setup(players=1, seed=2)), words=words)
    for _ in range(5):
        before = match.game.actor
        change = match.apply(match.legal_moves()[0])
        assert change.added[0].label.startswith(f"{before}:") and change.added[0].actor == before
    match.undo()
    match.undo()
    assert len(match.log) == 3
    match.redo()
    assert [e.label for e in match.log] == [e.label for e in replay_log(match.history, words)]
    again = continued(match.history, ["#E69F00"], words)
    assert [e.label for e in again.log] == [e.label for e in match.log]


def test_focus_follows_the_decision():
    setup, moves = full_game(2, 1)
    game = Game(setup)
    assert board_for(game, game.legal_moves()) == "board"
    seen = set()
    for move in moves:
        game.apply(move)
        if any(isinstance(m, PlaceTile) for m in game.decision_moves()):
            assert board_for(game, game.legal_moves()) == "home"
            seen.add("home")
        elif game.decision is not None and game.decision.shown_on == "storage":
            assert board_for(game, game.legal_moves()) == "storage"
            seen.add("storage")
    assert game.over and board_for(game, []) == "scoring"
    assert seen == {"home", "storage"}
