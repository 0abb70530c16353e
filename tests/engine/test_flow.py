"""Course of the Game (rulebook pp. 6-7): 9 half-years, months, the Special Action and the
Starting Player, the final turns, and the end (rulebook "The End of the Game and the Winner")."""

from __future__ import annotations

import pytest

from arle.engine import IllegalMove, Phase
from arle.engine.content.action_spaces import ACTION_SPACES
from arle.engine.content.goods import Good
from arle.engine.content.tiles import Equipment
from arle.engine.interpreter import flow
from arle.engine.interpreter.events import (
    GameEnded,
    HalfYearStarted,
    PhaseStarted,
    PlacementSkipped,
    TurnEnded,
    WorkerPlaced,
)
from arle.engine.interpreter.moves import EndTurn, PlaceWorker, SkipPlacement, TradePeat
from tests.engine.helpers import finish_work_phase, me, new_game, of_type, passive, play


def _play_passive_game(game):
    return play(game, passive, lambda g: g.over, limit=10000)


def test_nine_half_years_alternate_summer_odd_and_winter_even_then_the_game_ends():
    """Course of the Game: "played over 9 Half Years - alternating between Summer and Winter";
    "Summer Action Spaces are only available in odd-numbered Half Years, the Winter Action spaces
    only in even-numbered ones"; End: "The game ends after 9 rounds at the end of the last Summer
    Half Year"."""
    g = new_game()
    started = [(1, "summer")]  # half-year 1 started during setup
    for e in of_type(_play_passive_game(g), HalfYearStarted):
        started.append((e.half_year, e.season))
    assert started == [(n, "summer" if n % 2 else "winter") for n in range(1, 10)]
    assert g.over and g.state.phase is Phase.OVER and g.state.half_year == 9
    assert g.legal_moves() == [] and g.actor is None


@pytest.mark.parametrize("half_year", [1, 2])
def test_only_the_current_seasons_spaces_plus_the_other_season_special_action(half_year):
    """Course of the Game: 15 Action Spaces per half-year; Special Action: "In Summer, 1 of the 8
    Workers may use a Winter Action Space" and vice versa."""
    g = new_game()
    if half_year == 2:
        finish_work_phase(g)
    season = g.state.season
    spaces = {m.space for m in g.legal_moves() if isinstance(m, PlaceWorker)}
    own = {a for a in spaces if ACTION_SPACES[a].season == season}
    other = spaces - own
    assert len([a for a in ACTION_SPACES.values() if a.season == season]) == 15
    assert own and other, "both seasons' spaces are open before the Special Action is used"


def test_month_order_starting_player_first_then_alternating_8_placements():
    """Work Phase: "In each Month, the player with the Starting Player Marker goes first";
    4 Workers each, so 8 placements."""
    for start in (0, 1):
        g = new_game(start_player=start)
        actors = []
        while g.state.phase is Phase.WORK:
            actors.append(g.actor)
            g.apply(SkipPlacement())
        assert actors == [start, 1 - start] * 4


def test_solo_has_4_placements_per_half_year():
    """Solo Game Variant: "simply place your Workers one by one" - 4 Workers, one player."""
    g = new_game(players=1)
    actors = []
    while g.state.phase is Phase.WORK:
        actors.append(g.actor)
        g.apply(SkipPlacement())
    assert actors == [0, 0, 0, 0]


def test_skip_placement_takes_the_worker_off_the_month_track_and_does_nothing():
    """Work Phase: "Placing a Worker on an Action Space is not mandatory. You can, instead, remove
    him from the Month Space and do nothing on your turn.\""""
    g = new_game()
    goods_before = dict(me(g).goods)
    events = g.apply(SkipPlacement())
    assert of_type(events, PlacementSkipped) == [PlacementSkipped(0)]
    assert g.state.placements == [1, 0, 1, 0, 1, 0, 1]
    assert me(g).goods == goods_before and g.state.occupied == {}


def test_an_occupied_action_space_is_blocked_until_the_end_of_the_work_phase():
    """Work Phase: "Each Action Space can only be occupied by a single Worker"."""
    g = new_game()
    events = g.apply(PlaceWorker("summer.woodcutter"))
    assert WorkerPlaced(0, "summer.woodcutter") in events
    assert g.state.occupied == {"summer.woodcutter": 0}
    assert PlaceWorker("summer.woodcutter") not in g.legal_moves()
    with pytest.raises(IllegalMove):
        g.apply(PlaceWorker("summer.woodcutter"))
    finish_work_phase(g)
    assert g.state.occupied == {}


def _other_season_spaces(g):
    return [m for m in g.legal_moves() if isinstance(m, PlaceWorker)
            and ACTION_SPACES[m.space].season != g.state.season]


def test_special_action_only_once_per_half_year_for_both_players():
    """Special Action: "1 of the 8 Workers may use a Winter Action Space" - once a Worker used it,
    neither player may, until the next half-year."""
    g = new_game()
    g.apply(PlaceWorker("winter.peat_boatman"))
    assert g.state.special_used_by == 0
    assert g.actor == 1 and _other_season_spaces(g) == []
    g.apply(SkipPlacement())
    assert g.actor == 0 and _other_season_spaces(g) == []
    finish_work_phase(g)
    assert g.state.season == "winter" and g.state.special_used_by is None
    assert _other_season_spaces(g), "the next half-year offers the Special Action again"


def test_special_action_not_in_solo():
    """Solo Game Variant: "there is no Special Action. This means you cannot use an Action Space
    of the other Season.\""""
    g = new_game(players=1)
    for _ in range(2):  # a summer and a winter
        while g.state.phase is Phase.WORK:
            assert _other_season_spaces(g) == []
            with pytest.raises(IllegalMove):
                other = "winter.peat_boatman" if g.state.season == "summer" else "summer.woodcutter"
                g.apply(PlaceWorker(other))
            g.apply(SkipPlacement())
        finish_work_phase(g)


@pytest.mark.parametrize(("start", "user", "next_start"), [
    (0, 0, 1),  # the Starting Player uses it: the opponent starts next
    (0, 1, 0),  # the other player uses it: the Starting Player keeps the marker
    (1, 1, 0),
    (1, 0, 1),
])
def test_special_action_hands_the_starting_player_marker_to_the_users_opponent(start, user, next_start):
    """Special Action: "When a player makes use of this Special Action, his opponent receives the
    Starting Player Marker for the subsequent Half Year.\""""
    g = new_game(start_player=start)
    while g.actor != user:
        g.apply(SkipPlacement())
    g.apply(PlaceWorker("winter.peat_boatman"))
    finish_work_phase(g)
    assert g.state.half_year == 2 and g.state.start_player == next_start
    assert g.state.placements == [next_start, 1 - next_start] * 4


def test_unused_special_action_marker_changes_hands_anyway():
    """Special Action: "If none of the 8 Workers makes use of the Special Action, the Starting
    Player Marker changes hands automatically at the end of the Half Year.\""""
    g = new_game(start_player=0)
    starters = [g.state.start_player]
    for _ in range(3):
        finish_work_phase(g)
        starters.append(g.state.start_player)
    assert starters == [0, 1, 0, 1]


def test_final_turns_follow_the_next_half_years_order_and_each_ends_explicitly():
    """Anytime Actions: "You decide when to end your Work Phase"; RULES-DECISIONS "Turn order":
    after the last placement each player, in the order of the next half-year, gets a final turn
    and ends the Work Phase explicitly."""
    g = new_game(start_player=0)
    g.apply(SkipPlacement())
    g.apply(PlaceWorker("winter.peat_boatman"))  # player 1 uses it: player 0 starts next
    for _ in range(6):
        g.apply(SkipPlacement())
    assert g.state.phase is Phase.FINAL_TURNS
    assert g.actor == 0 and EndTurn() in g.legal_moves()
    assert SkipPlacement() not in g.legal_moves()
    events = g.apply(EndTurn())
    assert of_type(events, TurnEnded) == [TurnEnded(0)]
    assert g.state.phase is Phase.FINAL_TURNS and g.actor == 1
    events = g.apply(EndTurn())
    assert PhaseStarted(-1, "inventory") in events
    assert g.state.half_year == 2


def test_final_turn_order_without_special_action_is_the_other_player_first():
    g = new_game(start_player=1)
    for _ in range(8):
        g.apply(SkipPlacement())
    assert g.state.phase is Phase.FINAL_TURNS and g.state.queue == [0, 1]


def test_after_half_year_9_each_player_may_trade_peat_before_scoring_then_the_game_ends():
    """End of the Game: after the November Inventorying "each player may use his Peat Boat (if he
    has one) to exchange his remaining Peat for other goods" before scoring."""
    g = new_game(start_player=0)
    while g.state.half_year < 9:
        finish_work_phase(g)
    from arle.engine.rules import barn
    barn.add(g, me(g, 1), Equipment.PEAT_BOAT)
    me(g, 1).goods[Good.PEAT] = 20
    me(g, 1).goods[Good.FOOD] = 20
    g.refresh()
    for _ in range(8):
        g.apply(SkipPlacement())
    play(g, passive, lambda g: g.state.phase is not Phase.FINAL_TURNS and not g.state.stack)
    assert g.state.phase is Phase.LAST_TRADE
    assert g.actor == 1, "only the player who can trade gets a last turn"
    assert TradePeat(Good.WOOL) in g.legal_moves()
    wool = me(g, 1).goods[Good.WOOL]
    g.apply(TradePeat(Good.WOOL))
    assert me(g, 1).goods[Good.WOOL] == wool + 1
    events = g.apply(EndTurn())
    ended = of_type(events, GameEnded)
    assert g.over and len(ended) == 1
    assert ended[0].scores == tuple(g.scores())


def test_tie_goes_to_the_starting_player_of_a_hypothetical_10th_half_year():
    """End of the Game: "In case of a tie, the Starting Player of a hypothetical 10th Half Year
    breaks the tie". Two passive players score the same; the marker changed hands every
    half-year, so the player who started half-year 9 does not start the 10th."""
    for start in (0, 1):
        g = new_game(start_player=start)
        _play_passive_game(g)
        scores = g.scores()
        assert scores[0] == scores[1]
        # Half-years 1, 3, 5, 7, 9 started by ``start``; the hypothetical 10th by the other.
        assert g.state.start_player == 1 - start
        assert g.state.winner == 1 - start


def test_tie_break_follows_the_special_action_of_half_year_9():
    """The 10th half-year's Starting Player is the opponent of whoever used the Special Action in
    half-year 9 (rulebook "Special Action and Starting Player")."""
    g = new_game(start_player=0)
    while g.state.half_year < 9:
        finish_work_phase(g)
    assert g.state.start_player == 0
    g.apply(SkipPlacement())
    g.apply(PlaceWorker("winter.peat_boatman"))  # player 1: player 0 would start the 10th
    _play_passive_game(g)
    assert g.state.start_player == 0
    g.scores = lambda: [7.0, 7.0]  # a tie, whatever the two players did
    assert flow.winner(g) == 0


def test_winner_is_the_player_with_most_points():
    """End of the Game: "the player with the most Victory Points wins"."""
    g = new_game(start_player=0)
    g.state.start_player = 0
    g.scores = lambda: [10.0, 12.5]  # the flow only reads the totals
    assert flow.winner(g) == 1
    g.scores = lambda: [12.5, 12.5]
    assert flow.winner(g) == 0
    g.state.start_player = 1
    assert flow.winner(g) == 1


def test_next_start_player_rule_in_isolation():
    g = new_game(start_player=1)
    s = g.state
    assert flow.next_start_player(s) == 0
    s.special_used_by = 0
    assert flow.next_start_player(s) == 1
    s.special_used_by = 1
    assert flow.next_start_player(s) == 0


def test_prompt_names_the_player_and_what_to_do_in_each_phase():
    g = new_game(start_player=1)
    assert str(g.prompt()) == "Player 2: place a Worker"
    for _ in range(8):
        g.apply(SkipPlacement())
    assert str(g.prompt()) == "Player 1: load vehicles and end your Work Phase"
    _play_passive_game(g)
    assert str(g.prompt()) == "The game is over"
