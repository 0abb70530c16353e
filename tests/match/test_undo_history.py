"""Issue 4, "Undo and redo": ``GameHistory`` returns to exactly the state before a move, and holds
the take-back policy (solo unlimited; hot-seat only your own moves until the other player moves,
unless friendly undo)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arle.engine import IllegalMove, Setup
from arle.engine.interpreter.moves import PlaceWorker, SkipPlacement
from arle.match.history import SNAPSHOT_EVERY, GameHistory
from tests.saves.helpers import assert_same_game, full_game, replayed

positions = st.tuples(st.integers(1, 12), st.sampled_from([1, 2]), st.floats(0, 1))


def at(seed: int, players: int, fraction: float, *, friendly: bool = True):
    setup, moves = full_game(seed, players)
    k = max(1, round(fraction * len(moves)))
    return setup, moves, k, GameHistory(setup, moves[:k], friendly_undo=friendly)


@settings(max_examples=12, deadline=None)
@given(position=positions, count=st.integers(1, 40))
def test_undo_k_times_gives_the_game_before_those_moves_and_redo_k_restores_it(position, count) -> None:
    setup, moves, k, history = at(*position)
    count = min(count, k)
    for _ in range(count):
        history.undo()
    assert history.moves == list(moves[: k - count])
    assert_same_game(history.game, replayed(setup, moves[: k - count]))
    for _ in range(count):
        history.redo()
    assert not history.can_redo()
    assert_same_game(history.game, replayed(setup, moves[:k]))


@settings(max_examples=12, deadline=None)
@given(position=positions, pick=st.randoms(use_true_random=False))
def test_undo_then_another_move_then_undo_gives_the_same_game(position, pick: random.Random) -> None:
    setup, moves, k, history = at(*position)
    history.undo()
    before = history.game.copy()
    other = pick.choice(history.game.legal_moves())
    history.apply(other)
    assert not history.can_redo()  # a new move clears the redo stack
    history.undo()
    assert_same_game(history.game, before)
    assert_same_game(history.game, replayed(setup, moves[: k - 1]))


def test_solo_undo_goes_back_to_the_first_move_and_matches_every_step() -> None:
    setup, moves = full_game(5, 1)
    assert len(moves) > 3 * SNAPSHOT_EVERY  # crosses several snapshots
    history = GameHistory(setup, moves)
    # Reference: the game after each number of moves, recorded while playing forward.
    reference = replayed(setup, [])
    after = [reference.copy()]
    for move in moves:
        reference.apply(move)
        after.append(reference.copy())
    for n in range(len(moves) - 1, -1, -1):
        assert history.can_undo()
        history.undo()
        assert_same_game(history.game, after[n])
    assert not history.can_undo() and history.moves == []
    with pytest.raises(ValueError, match="no move you may take back"):
        history.undo()
    for n in range(1, len(moves) + 1):
        history.redo()
        assert history.game.state == after[n].state
    assert not history.can_redo()
    with pytest.raises(ValueError, match="no move to redo"):
        history.redo()


def test_an_illegal_move_changes_nothing() -> None:
    history = GameHistory(Setup(players=1, seed=3), [SkipPlacement()])
    history.undo()
    before = history.game.copy()
    with pytest.raises(IllegalMove):
        history.apply(PlaceWorker("summer.moon"))
    assert history.moves == [] and history.can_redo()
    assert history.game.state == before.state


def movers(setup: Setup, moves) -> list[int]:
    game = replayed(setup, [])
    out = []
    for move in moves:
        out.append(game.actor)
        game.apply(move)
    return out


def test_hot_seat_undo_only_own_moves_until_the_other_player_moves() -> None:
    """Issue 4: a hot-seat player may undo their own moves until the other player has made one."""
    setup, moves = full_game(3, 2)
    who = movers(setup, moves)
    # Find a run of at least two moves by one player, followed by the other player's move.
    start = next(i for i in range(1, len(who) - 2)
                 if who[i - 1] != who[i] == who[i + 1] != who[i + 2])
    end = start + 2
    while who[end] == who[start]:
        end += 1
    # After the run: the mover may take back the whole run, not the other player's move before it.
    history = GameHistory(setup, moves[:end])
    assert history.undo_limit == end - start
    for _ in range(end - start):
        history.undo()
    assert not history.can_undo()
    # Once the other player has moved, the run is locked, even if that move is taken back.
    history = GameHistory(setup, moves[: end + 1])
    assert history.undo_limit == 1
    history.undo()
    assert not history.can_undo() and history.can_redo()
    history.redo()
    assert history.undo_limit == 1


def test_friendly_undo_lifts_the_hot_seat_limit() -> None:
    setup, moves = full_game(3, 2)
    history = GameHistory(setup, moves[:40], friendly_undo=True)
    assert history.undo_limit == 40
    for _ in range(40):
        history.undo()
    assert_same_game(history.game, replayed(setup, []))


def test_solo_is_unlimited_without_friendly_undo() -> None:
    setup, moves = full_game(2, 1)
    assert GameHistory(setup, moves[:30]).undo_limit == 30


def test_snapshots_are_not_shared_with_the_live_game() -> None:
    """Playing on after an undo must not change the snapshots later undos start from."""
    setup, moves = full_game(6, 2)
    k = 2 * SNAPSHOT_EVERY + 3
    history = GameHistory(setup, moves[:k], friendly_undo=True)
    for _ in range(4):
        history.undo()  # now just below a snapshot boundary
    history.redo()
    history.redo()
    for _ in range(3):
        history.undo()
    assert_same_game(history.game, replayed(setup, moves[: k - 5]))


def test_a_game_holds_at_most_max_moves_so_every_game_can_be_saved_and_continued(monkeypatch) -> None:
    """Saves and autosaves refuse move lists longer than ``MAX_MOVES`` (issue 12: a 19,999-move
    file froze the window), so the history refuses a move past it with a sentence, changing
    nothing, instead of playing on into a game that could not be continued."""
    import random

    import pytest

    from arle.engine import IllegalMove, Setup
    from arle.engine.interpreter import game as game_module
    from arle.engine.rules import refusals as refusals_module
    from arle.match.history import GameHistory

    monkeypatch.setattr(game_module, "MAX_MOVES", 6)  # the game's own bound (issue 42: one answer)
    monkeypatch.setattr(refusals_module, "MAX_MOVES", 6)
    h = GameHistory(Setup(players=1, seed=4))
    rng = random.Random(4)
    for _ in range(6):
        h.apply(rng.choice(h.game.legal_moves()))
    before = list(h.moves)
    assert h.legal_moves() == [] == h.game.legal_moves()
    with pytest.raises(IllegalMove):
        h.apply(before[-1])
    reason = h.game.why_not(before[-1])
    assert reason is not None and reason.id == "game.full" and reason.get("moves") == 6
    assert h.moves == before


def test_a_game_at_the_free_moves_bound_can_still_be_finished(monkeypatch) -> None:
    """Issue 33, item 5: at the bound every move was refused, even placing a Worker. From
    ``FREE_MOVES`` on, the anytime moves (the ones that can repeat) are refused with a sentence
    saying what is still allowed, and the moves of the decision in hand finish the game within
    ``MAX_MOVES``."""
    import random

    import pytest

    from arle.engine import FREE_MOVES, MAX_MOVES, IllegalMove, MoveAnimal, Setup
    from arle.match.history import GameHistory

    assert FREE_MOVES + 300 < MAX_MOVES  # a whole game takes at most 247 decision moves
    h = GameHistory(Setup(players=2, seed=6))
    rng = random.Random(6)
    while len(h.moves) < FREE_MOVES:  # Animals moved back and forth (the moves that can repeat)
        shuffles = [m for m in h.game.anytime_moves() if isinstance(m, MoveAnimal)]
        h.apply(rng.choice(shuffles) if shuffles else rng.choice(h.game.decision_moves()))
    unbounded = h.game.copy()
    unbounded.played = 0  # the same position in a short game: its anytime moves are legal there
    unbounded.refresh()
    assert h.game.state.half_year == 1 and unbounded.anytime_moves() and not h.game.anytime_moves()
    before = list(h.moves)
    with pytest.raises(IllegalMove, match="only moves that answer the decision in hand are allowed"):
        h.apply(unbounded.anytime_moves()[0])
    assert h.moves == before
    assert h.legal_moves() == h.game.decision_moves() == h.game.legal_moves()
    while not h.game.over:
        h.apply(rng.choice(h.legal_moves()))
    assert len(h.moves) < MAX_MOVES
