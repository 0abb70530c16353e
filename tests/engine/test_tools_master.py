"""Tools and the Master (rulebook p. 12 "Master", example ↻5 on p. 14, the Tool table of the
appendix "Index of Equipment and Tools", and ↻8: using Tools costs nothing)."""

from __future__ import annotations

import pytest

from arle.engine.content.tools import TOOL_TRACKS, Tool, last_position, tool_count, tool_vp
from arle.engine.interpreter.moves import AdvanceTool, Done
from tests.engine.helpers import (
    clear_goods,
    done,
    game_in,
    have,
    idle,
    me,
    options,
    pay,
    payments,
    place,
    set_goods,
    set_tool,
)

#: The appendix table: start count, cost per move, then the counts (VP) of the later spaces.
APPENDIX = {
    Tool.FISH_TRAP: ((2, 3, 4, 5, 6), (0, 0, 0, 0, 3), {"wood": 1}),
    Tool.FLESHING_BEAM: ((3, 5, 6), (0, 1, 3), {"wood": 1}),
    Tool.WEAVING_LOOM: ((2, 3, 4, 5), (0, 1, 3, 4), {"wood": 2}),
    Tool.SLAUGHTERING_TABLE: ((2, 3, 4), (0, 1, 2), {"clay": 1}),
    Tool.SPADE: ((3, 5, 7), (0, 0, 2), {"wood": 1}),
    Tool.SHOVEL: ((3, 4, 5, 6), (0, 0, 0, 0), {"wood": 1}),
    Tool.POTTERY_WHEEL: ((2, 3, 4), (0, 0, 2), {"clay": 1}),
    Tool.OVEN: ((1, 2, 3, 4), (0, 1, 5, 7), {"brick": 1}),
    Tool.AXE: ((3, 4, 5, 6), (0, 0, 0, 0), {"wood": 1}),
    Tool.WORKBENCH: ((2, 3, 4), (0, 1, 4), {"clay": 2}),
}


@pytest.mark.parametrize("tool", list(Tool))
def test_tool_tracks_match_the_appendix_table(tool):
    """Appendix "Tools": e.g. Ovens 1, 1 Brick, "2 (1 VP), 3 (5 VP), and finally 4 (7 VP)"."""
    counts, vps, cost = APPENDIX[tool]
    track = TOOL_TRACKS[tool]
    assert track.counts == counts and track.vps == vps
    assert {g.value: n for g, n in track.cost} == cost
    assert [tool_count(tool, i) for i in range(last_position(tool) + 1)] == list(counts)
    assert tool_vp(tool, last_position(tool)) == vps[-1]


def test_ten_tool_tracks_start_on_the_leftmost_space():
    """Setup: "place one each on each of the 10 Tool Tracks ... on the leftmost space"."""
    g = game_in()
    assert len(Tool) == 10
    assert all(pos == 0 for pos in me(g).tools.values())


@pytest.mark.parametrize("season", ["summer", "winter"])
def test_master_rulebook_example_a_new_workbench_counts_at_once(season):
    """↻5: "you have 2 Workbenches ... including the Workbench Tool Indicator. This costs 2 Clay,
    but now you have 3 Workbenches. The additional Workbench counts immediately, so you can still
    move 2 more Tool Indicators (for a total of 3 movements)" - e.g. Axes (1 Wood) and Ovens
    (1 Brick)."""
    g = game_in(season)
    p = me(g)
    set_goods(p, brick=1)
    place(g, f"{season}.master")
    g.apply(AdvanceTool(Tool.WORKBENCH))
    assert payments(g) == [{"clay": 2}, {"brick": 1, "clay": 1}]  # Brick may pay for Clay
    pay(g, clay=2)
    assert have(p, "clay") == 2
    assert tool_count(Tool.WORKBENCH, p.tools[Tool.WORKBENCH]) == 3
    g.apply(AdvanceTool(Tool.AXE))
    g.apply(AdvanceTool(Tool.OVEN))
    assert idle(g)  # 3 movements: the Master is over
    assert have(p, "wood") == 3 and have(p, "brick") == 0
    assert tool_count(Tool.AXE, p.tools[Tool.AXE]) == 4
    assert tool_count(Tool.OVEN, p.tools[Tool.OVEN]) == 2


def test_master_without_moving_the_workbench_2_movements_only():
    """↻5: "Alternatively, you can keep your 2 Clay, not move the Workbench Tool Indicator and
    still move 2 other Tool Indicators"."""
    g = game_in()
    p = me(g)
    place(g, "summer.master")
    g.apply(AdvanceTool(Tool.AXE))
    g.apply(AdvanceTool(Tool.FISH_TRAP))
    assert idle(g)
    assert have(p, "wood") == 2 and have(p, "clay") == 4


def test_master_moves_different_indicators_only():
    """Master: "You cannot move a Tool Indicator more than once - you may only move different
    ones"."""
    g = game_in()
    place(g, "summer.master")
    g.apply(AdvanceTool(Tool.AXE))
    assert AdvanceTool(Tool.AXE) not in options(g)
    assert AdvanceTool(Tool.FISH_TRAP) in options(g) and Done() in options(g)


def test_master_spade_track_moves_2_spades_for_1_wood():
    """↻5: "moving the Spade Tool Indicator increases the number of Spades by 2, but it still only
    costs 1 Wood per movement"."""
    g = game_in()
    p = me(g)
    place(g, "summer.master")
    g.apply(AdvanceTool(Tool.SPADE))
    assert tool_count(Tool.SPADE, p.tools[Tool.SPADE]) == 5
    assert have(p, "wood") == 3


def test_master_oven_is_paid_with_a_brick_and_clay_cannot_pay_for_it():
    """p. 6: "You have to pay 1 Brick to move the Oven Tool Indicator" - only Brick pays for Clay,
    not the other way round."""
    g = game_in()
    p = me(g)
    place(g, "summer.master")
    assert have(p, "brick") == 0
    assert AdvanceTool(Tool.OVEN) not in options(g)


def test_master_costs_timber_for_wood_and_the_player_chooses():
    """"you can always pay Timber instead of Wood": a Weaving Loom move (2 Wood) with 1 Wood and
    2 Timber may be paid 1 Wood + 1 Timber or 2 Timber."""
    g = game_in()
    p = me(g)
    set_goods(p, wood=1, timber=2)
    place(g, "summer.master")
    g.apply(AdvanceTool(Tool.WEAVING_LOOM))
    assert payments(g) == [{"timber": 1, "wood": 1}, {"timber": 2}]
    pay(g, timber=2)
    assert have(p, "wood") == 1 and have(p, "timber") == 0
    assert tool_count(Tool.WEAVING_LOOM, p.tools[Tool.WEAVING_LOOM]) == 3


def test_master_only_affordable_moves_are_offered():
    g = game_in()
    p = me(g)
    clear_goods(p)
    set_goods(p, clay=1)
    place(g, "summer.master")
    assert options(g) == [
        AdvanceTool(Tool.SLAUGHTERING_TABLE), AdvanceTool(Tool.POTTERY_WHEEL), Done()
    ]


def test_master_an_indicator_at_the_end_of_its_track_is_not_offered():
    g = game_in()
    p = me(g)
    set_tool(p, Tool.SPADE, 7)
    place(g, "summer.master")
    assert AdvanceTool(Tool.SPADE) not in options(g)


def test_master_with_4_workbenches_moves_4_indicators():
    """Master: "Per Workbench you have (i.e. up to 2, 3, or 4 times)"."""
    g = game_in()
    p = me(g)
    set_tool(p, Tool.WORKBENCH, 4)
    set_goods(p, wood=10)
    place(g, "summer.master")
    for tool in (Tool.AXE, Tool.SPADE, Tool.SHOVEL, Tool.FISH_TRAP):
        g.apply(AdvanceTool(tool))
    assert idle(g)
    assert have(p, "wood") == 6


def test_using_tools_costs_nothing():
    """↻8: "you do not have to pay the costs printed in front of the Tool Tracks" when using them:
    the Clay Worker gives 3 Clay and takes no Wood."""
    g = game_in()
    p = me(g)
    place(g, "summer.clay_worker")
    assert have(p, "clay") == 7 and have(p, "wood") == 4


def test_master_may_stop_early():
    g = game_in()
    p = me(g)
    place(g, "summer.master")
    done(g)
    assert idle(g) and have(p, "wood") == 4
    assert all(pos == 0 for pos in p.tools.values())
