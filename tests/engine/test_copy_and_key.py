"""An engine ready to search (review issue "an engine ready to search"): ``Game.copy()`` is
independent of the original on the whole state and shares nothing a move can change, and
``Game.key()`` is equal exactly for equal positions, whichever moves led there."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from arle.commands.simulate import choose_move, setup_for
from arle.engine import MAX_MOVES, Game
from arle.engine.content.goods import Animal
from arle.engine.interpreter.moves import Move, MoveAnimal, PlaceWorker, ReleaseAnimal
from arle.engine.interpreter.state import GameState, PlayerState
from arle.engine.interpreter.steps import PayDecision
from tests.engine.helpers import S, me, new_game, set_animals


def _positions(seed: int, players: int = 2, limit: int = MAX_MOVES) -> Iterator[Game]:
    """Every position of a seeded random game (the same game object, moved on after each yield)."""
    rng = random.Random(seed)
    g = Game(setup_for(seed, players))
    for _ in range(limit):
        if g.over:
            return
        yield g
        g.apply(choose_move(rng, g.legal_moves()))


def _shuffler(rng: random.Random, moves: list[Move]) -> Move:
    """A random player who moves Animals about half the time: positions repeat."""
    animal_moves = [m for m in moves if isinstance(m, MoveAnimal)]
    if animal_moves and rng.random() < 0.5:
        return rng.choice(animal_moves)
    return choose_move(rng, moves)


# -- copy ---------------------------------------------------------------------------------------


def test_copy_does_not_share_setup_events():
    """Review issue: ``g.copy().setup_events is g.setup_events`` was true."""
    g = new_game()
    c = g.copy()
    assert c.setup_events is not g.setup_events
    assert c.setup_events == g.setup_events


def test_copy_does_not_carry_the_stats_counter():
    """Review issue: the ``stats`` coverage counter is no part of the position."""
    g = new_game()
    g.apply(PlaceWorker("summer.fisherman"))
    assert g.stats
    c = g.copy()
    assert not c.stats
    c.apply(c.legal_moves()[0])
    assert g.stats == {"space:summer.fisherman": 1}


def test_moves_applied_to_a_copy_leave_the_whole_original_unchanged():
    """Copy independence on the WHOLE state: along random games, a copy plays on for a while
    and the original's state, key and legal moves are as before."""
    for seed, players in ((3, 2), (4, 1), (5, 2)):
        rng = random.Random(seed)
        for n, g in enumerate(_positions(seed, players)):
            if n % 7:
                continue
            before_state = copy.deepcopy(g.state)
            before_key = g.key()
            before_legal = g.legal_moves()
            c = g.copy()
            assert c.state == g.state and c.key() == before_key
            for _ in range(25):
                if c.over:
                    break
                c.apply(_shuffler(rng, c.legal_moves()))
            assert g.state == before_state, f"seed {seed} move {n}"
            assert g.key() == before_key
            assert g.legal_moves() == before_legal


def test_a_copy_plays_on_exactly_like_the_original():
    """The same moves applied to the original and its copy give the same events and states."""
    rng = random.Random(11)
    g = Game(setup_for(11, 2))
    c = g.copy()
    while not g.over:
        move = choose_move(rng, g.legal_moves())
        assert c.legal_moves() == g.legal_moves()
        assert c.apply(move) == g.apply(move)
        assert c.state == g.state and c.key() == g.key()
    assert c.over and c.scores() == g.scores()


def _perturbed(value: object) -> object:
    """A different value of the same shape."""
    if isinstance(value, bool) or value is None:
        return 1 if value is None else not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "?"
    if isinstance(value, list):
        return value[1:] if value else [0]
    if isinstance(value, dict):
        return {**value, "?": 1} if not value else dict(list(value.items())[1:])
    raise AssertionError(f"no perturbation for {type(value).__name__}")


def _mid_game() -> Game:
    for n, g in enumerate(_positions(8)):
        if n == 120:
            return g
    raise AssertionError("the game ended early")


def test_every_field_of_the_state_is_in_the_key_and_the_copy():
    """Different positions differ: changing any one field of the game or a player changes the key,
    and a copy carries the change (a field added to the state must be added to both)."""
    g = _mid_game()
    records: list[tuple[str, object]] = [("game", g.state), ("player", me(g))]
    for what, record in records:
        for field in attrs.fields(type(record)):
            if field.name in ("players", "phase", "stack"):
                continue  # covered by the player fields, the tests below and the playouts
            changed = g.copy()
            target = changed.state if what == "game" else me(changed)
            setattr(target, field.name, _perturbed(getattr(target, field.name)))
            assert changed.key() != g.key(), f"{what}.{field.name} is not in the key"
            assert changed.copy().state == changed.state, f"{what}.{field.name} is not copied"
    assert {f.name for f in attrs.fields(GameState)} >= {"players", "stack"}
    assert attrs.fields(PlayerState)


# -- key ----------------------------------------------------------------------------------------


def _animal_game() -> Game:
    g = new_game()
    set_animals(me(g), {"d0": {S: 1}, "d1": {Animal.CATTLE: 1}})
    g.refresh()
    return g


def test_an_animal_moved_there_and_back_gives_the_same_key():
    """Review issue: moving an Animal there and back is the same position (rulebook p. 7,
    rearranging Animals at any time), though the holders' dict order changed."""
    g = _animal_game()
    before = g.key()
    there = MoveAnimal(S, "d0", "d2")
    g.apply(there)
    assert g.key() != before
    g.apply(MoveAnimal(S, "d2", "d0"))
    assert list(me(g).animals) == ["d1", "d0"]  # another order of the same holders
    assert g.key() == before
    assert hash(g.key()) == hash(before)


def test_moves_that_commute_give_the_same_key_in_either_order():
    """Two anytime moves on different Animals (rulebook p. 7) commute: the same position."""
    a, b = _animal_game(), _animal_game()
    first, second = MoveAnimal(S, "d0", "d2"), ReleaseAnimal(Animal.CATTLE, "d1")
    a.apply(first)
    a.apply(second)
    b.apply(second)
    b.apply(first)
    assert a.state == b.state and a.key() == b.key()
    assert a.key() != _animal_game().key()


@settings(max_examples=6, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([1, 2]))
def test_keys_are_equal_exactly_when_positions_are_equal(seed, players):
    """Property over random playouts that shuffle Animals (so positions repeat): equal keys
    mean equal states, and equal states equal keys."""
    rng = random.Random(seed)
    g = Game(setup_for(seed, players))
    seen: list[tuple[tuple, GameState]] = []
    for _ in range(160):
        if g.over:
            break
        seen.append((g.key(), copy.deepcopy(g.state)))
        g.apply(_shuffler(rng, g.legal_moves()))
    by_key: dict[tuple, GameState] = {}
    for key, state in seen:
        if key in by_key:
            assert by_key[key] == state
        by_key[key] = state
    for i, (key_i, state_i) in enumerate(seen):
        for key_j, state_j in seen[i + 1 :]:
            assert (key_i == key_j) == (state_i == state_j)


# -- the move lists and the bound ----------------------------------------------------------------


def test_decision_moves_and_anytime_moves_split_the_legal_moves():
    """The moves answering the pending decision come first, the anytime moves (rulebook p. 7)
    after; a Worker placement is never an anytime move."""
    for n, g in enumerate(_positions(12)):
        legal = g.legal_moves()
        decision, anytime = g.decision_moves(), g.anytime_moves()
        assert decision + anytime == legal and decision
        assert not any(isinstance(m, PlaceWorker) for m in anytime)
        if isinstance(g.decision, PayDecision):  # only releasing (p. 9) while paying
            assert all(isinstance(m, ReleaseAnimal) for m in anytime)
        if n > 200:
            break


def test_random_games_stay_far_below_the_declared_bound():
    for seed in (1, 2):
        moves = sum(1 for _ in _positions(seed))
        assert 0 < moves < MAX_MOVES // 5


def test_legal_moves_are_distinct_along_random_games():
    """``legal_moves()`` joins the anytime moves to the decision's without hashing them when
    their move types differ: that relies on every rules module offering each move once."""
    for seed, players in ((13, 2), (14, 1)):
        rng = random.Random(seed)
        g = Game(setup_for(seed, players))
        while not g.over:
            legal = g.legal_moves()
            assert len(set(legal)) == len(legal), legal
            g.apply(_shuffler(rng, legal))


def test_an_equal_move_read_back_from_a_save_is_applied_like_the_offered_one():
    """Moves rebuilt from JSON are equal but not identical to the offered ones (saves replay)."""
    from arle.engine import move_from_dict, move_to_dict

    rng = random.Random(15)
    a, b = Game(setup_for(15, 2)), Game(setup_for(15, 2))
    for _ in range(150):
        move = _shuffler(rng, a.legal_moves())
        again = move_from_dict(move_to_dict(move))
        assert again is not move
        assert b.apply(again) == a.apply(move)
    assert a.key() == b.key()


def test_the_remembered_animal_moves_match_a_fresh_listing_at_every_position():
    """``board_animal_moves`` (moving and releasing Animals, rulebook p. 9) and
    ``animals.holders`` are remembered per board (``board_memo``): along random games that
    shuffle Animals they must equal the listings computed afresh."""
    from arle.engine.rules.animals import holders
    from arle.engine.rules.anytime import board_animal_moves

    for seed, players in ((16, 2), (17, 1)):
        rng = random.Random(seed)
        g = Game(setup_for(seed, players))
        while not g.over:
            for p in g.state.players:
                assert board_animal_moves(p) == board_animal_moves.uncached(p)
                assert holders(p) == holders.uncached(p)
            g.apply(_shuffler(rng, g.legal_moves()))


def test_refresh_after_editing_the_state_forgets_the_pending_options():
    """``apply`` keeps the options it found for the pending decision for ``legal_moves()``;
    tests that edit ``state`` directly then call ``refresh()`` must get options afresh (and a
    decision left with no option is dropped, as the flow drops it)."""
    rng = random.Random(18)
    g = Game(setup_for(18, 2))
    changed = 0
    while not g.over:
        move = choose_move(rng, g.legal_moves())
        c = g.copy()
        c.apply(move)
        if c.decision is not None:
            d, before = c.decision, c.decision.options(c)
            for good in me(c, d.player).goods:
                me(c, d.player).goods[good] = 0
            c.refresh()
            if c.decision is d:
                fresh = d.options(c)
                assert c.decision_moves() == fresh
                changed += fresh != before
            else:
                changed += 1
        g.apply(move)
    assert changed > 5
