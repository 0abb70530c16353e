"""The 10 Tool Tracks (rulebook appendix "Index of Equipment and Tools")."""

from __future__ import annotations

from enum import StrEnum

import attrs

from .goods import Good


class Tool(StrEnum):
    FISH_TRAP = "fish_trap"
    FLESHING_BEAM = "fleshing_beam"
    WEAVING_LOOM = "weaving_loom"
    SLAUGHTERING_TABLE = "slaughtering_table"
    SPADE = "spade"
    SHOVEL = "shovel"
    POTTERY_WHEEL = "pottery_wheel"
    OVEN = "oven"
    AXE = "axe"
    WORKBENCH = "workbench"


@attrs.frozen
class ToolTrack:
    """Spaces of one track, left to right: the number of tools and the VP of each space."""

    tool: Tool
    name: str
    counts: tuple[int, ...]
    vps: tuple[int, ...]
    cost: tuple[tuple[Good, int], ...]


TOOL_TRACKS: dict[Tool, ToolTrack] = {
    t.tool: t
    for t in (
        ToolTrack(Tool.FISH_TRAP, "Fish Traps", (2, 3, 4, 5, 6), (0, 0, 0, 0, 3), ((Good.WOOD, 1),)),
        ToolTrack(Tool.FLESHING_BEAM, "Fleshing Beams", (3, 5, 6), (0, 1, 3), ((Good.WOOD, 1),)),
        ToolTrack(Tool.WEAVING_LOOM, "Weaving Looms", (2, 3, 4, 5), (0, 1, 3, 4), ((Good.WOOD, 2),)),
        ToolTrack(
            Tool.SLAUGHTERING_TABLE, "Slaughtering Tables", (2, 3, 4), (0, 1, 2), ((Good.CLAY, 1),)
        ),
        ToolTrack(Tool.SPADE, "Spades", (3, 5, 7), (0, 0, 2), ((Good.WOOD, 1),)),
        ToolTrack(Tool.SHOVEL, "Shovels", (3, 4, 5, 6), (0, 0, 0, 0), ((Good.WOOD, 1),)),
        ToolTrack(Tool.POTTERY_WHEEL, "Pottery Wheels", (2, 3, 4), (0, 0, 2), ((Good.CLAY, 1),)),
        ToolTrack(Tool.OVEN, "Ovens", (1, 2, 3, 4), (0, 1, 5, 7), ((Good.BRICK, 1),)),
        ToolTrack(Tool.AXE, "Axes", (3, 4, 5, 6), (0, 0, 0, 0), ((Good.WOOD, 1),)),
        ToolTrack(Tool.WORKBENCH, "Workbenches", (2, 3, 4), (0, 1, 4), ((Good.CLAY, 2),)),
    )
}


def tool_count(tool: Tool, position: int) -> int:
    return TOOL_TRACKS[tool].counts[position]


def tool_vp(tool: Tool, position: int) -> int:
    return TOOL_TRACKS[tool].vps[position]


def last_position(tool: Tool) -> int:
    return len(TOOL_TRACKS[tool].counts) - 1
