"""Every tile-placing decision says one thing three ways (issue 50 item 2): the tile in the Home
Board's "Tile to place" box is the tile its moves place, the spaces lit are exactly its legal
targets, and the side panel's words name what to drag where. The Farmer's Inn's "replace up to 3
of your Fields with Forests" (rulebook p. 20) showed an empty box, lit nothing and said "a
glowing empty land space"; its log said "places the tile".

The engine has two decisions answered by ``PlaceTile``: ``PlaceTileDecision`` (a new tile or a
building on an empty land space) and ``ReplaceFieldsDecision`` (the Farmer's Inn)."""

from __future__ import annotations

import pytest

from arle.engine import BUILDINGS, PlaceTile, Tile
from arle.engine.interpreter.steps import PlaceNewTile, PlaceTileDecision
from arle.engine.rules.building_steps import ReplaceFields, ReplaceFieldsDecision
from arle.gui.boards.home_scene import HomeBoardScene
from arle.gui.side.panels import drag_hint
from tests.gui.scene_helpers import drag, make_session, refresh, run_steps, show

#: A tile of every kind the supply board gives, and a building (placed once bought).
NEW_TILES = ["grain_field", "flax_field", "forest", "park", "stall", "farmers_inn"]


def lit(scene: HomeBoardScene) -> set[str]:
    """The Home Board spaces drawn as targets for a tile (the grid's parts, as last drawn)."""
    spaces = set()
    for name, part in scene._parts.items():
        if name.startswith("space ") and part.key is not None and part.key[-1] is True \
                and part.key[0] in ("land", "tile"):
            r, c = name.removeprefix("space ").split(",")
            spaces.add(f"{r},{c}")
    return spaces


def fields(p) -> set[str]:
    return {f"{r},{c}" for (r, c), t in p.tiles.items() if t in ("grain_field", "flax_field")}


def with_fields(session, spaces=((2, 0), (2, 1), (3, 0))):
    """Player 1 with Fields on ``spaces`` (rows 1-6 land: Dikes at gaps 2 and 3)."""
    p = session.match.game.state.players[0]
    p.dikes = [(2, 0), (2, 1), (2, 2), (3, 0), (3, 1)]
    for i, space in enumerate(spaces):
        p.tiles[space] = (Tile.GRAIN_FIELD if i % 2 == 0 else Tile.FLAX_FIELD).value
    return p


@pytest.mark.parametrize("tile", NEW_TILES)
def test_a_new_tile_is_shown_lit_and_said_as_the_engine_places_it(qtbot, tile):
    """PlaceTileDecision: the box holds the tile, the empty land spaces glow, nothing else."""
    session = make_session(buildings=("farmers_inn",))
    run_steps(session, 0, [PlaceNewTile(tile)])
    d = session.match.game.decision
    assert isinstance(d, PlaceTileDecision)
    scene = HomeBoardScene(session, 0)
    show(qtbot, scene, 800, 900)
    targets = {m.space for m in session.match.legal_moves() if isinstance(m, PlaceTile)}
    assert scene.pending_tile() == tile
    assert lit(scene) == targets and targets
    assert "empty land space" in drag_hint(session)
    if tile in BUILDINGS:
        assert "Place the Farmer's Inn on an empty land space" in str(session.match.game.prompt())


def test_the_farmers_inn_shows_a_forest_lights_the_fields_and_says_so(qtbot):
    """Farmer's Inn: "replace up to 3 of your Fields with Forests"; the Fields glow, the box
    holds a Forest, the panel says to drag a Forest onto a Field, Done stops."""
    session = make_session()
    p = with_fields(session)
    run_steps(session, 0, [ReplaceFields(3)])
    assert isinstance(session.match.game.decision, ReplaceFieldsDecision)
    scene = HomeBoardScene(session, 0)
    show(qtbot, scene, 800, 900)
    assert scene.pending_tile() == "forest"
    assert lit(scene) == fields(p) >= {"2,0", "2,1", "3,0"}  # the Fields, and no empty land
    hint = drag_hint(session)
    assert "Drag a Forest onto one of your glowing Fields (up to 3 more)" in hint
    assert "empty land" not in hint
    assert p.tiles[(2, 0)] == "grain_field"


def test_a_forest_dragged_onto_a_field_replaces_it_and_the_log_says_so(qtbot):
    """The drop turns that Field into a Forest; the log: "turns the Grain Field at … into a
    Forest"; the next Fields still glow, the count goes down."""
    session = make_session()
    p = with_fields(session)
    run_steps(session, 0, [ReplaceFields(3)])
    scene = HomeBoardScene(session, 0)
    view = show(qtbot, scene, 800, 900)
    drag(view, scene.source_pos(PlaceTile("2,0")), scene.target_pos(PlaceTile("2,0")))
    assert p.tiles[(2, 0)] == "forest"
    refresh(session)
    assert "2,0" not in fields(p) and lit(scene) == fields(p) >= {"2,1", "3,0"}
    assert "(up to 2 more)" in drag_hint(session)
    words = session.match.log[-1].label
    assert "turns the Grain Field at " in words and "into a Forest" in words, words


def test_no_forest_left_lights_nothing(qtbot):
    """Forests are limited (rulebook: "only a limited supply of Forest Tiles"): none left, no
    Field glows and the Farmer's Inn asks nothing."""
    session = make_session()
    with_fields(session)
    session.match.game.state.supply["forest_park"] = 0
    run_steps(session, 0, [ReplaceFields(3)])
    assert not isinstance(session.match.game.decision, ReplaceFieldsDecision)
    scene = HomeBoardScene(session, 0)
    show(qtbot, scene, 800, 900)
    assert lit(scene) == set()
