"""Issue 34: places are values made and read through ``place``/``Place``; moves keep their codes,
so save files keep their format."""

from __future__ import annotations

import attrs
import pytest

from arle.engine import (
    Flip,
    Load,
    MoveAnimal,
    MoveDike,
    Place,
    PlaceKind,
    PlaceTile,
    ReleaseAnimal,
    move_to_dict,
    place,
)
from tests.saves.helpers import full_game

CODES = {
    "x": Place.waiting(),
    "d3": Place.dike(3),
    "s4,1": Place.space(4, 1),
    "s4,1b": Place.space(4, 1, second=True),
    "e12": Place.equipment(12),
    "m0": Place.moor(0),
    "dest:bremen": Place.destination("bremen"),
    "2,0": Place.cell(2, 0),
}


@pytest.mark.parametrize("code", sorted(CODES))
def test_a_code_names_one_place_and_back(code):
    assert place(code) == CODES[code] and CODES[code].code == code


@pytest.mark.parametrize("code", ["", "q", "s3", "d", "ex", "s1,2,3", "wood"])
def test_no_place_has_a_malformed_code(code):
    with pytest.raises(ValueError, match="no place"):
        place(code)


def test_every_place_a_game_names_reads_back_to_its_code():
    fields = {MoveAnimal: ("src", "dst"), ReleaseAnimal: ("src",), Flip: ("target",),
              PlaceTile: ("space",), MoveDike: ("to",)}
    kinds = set()
    for players in (1, 2):
        for move in full_game(3, players)[1]:
            for name in fields.get(type(move), ()):
                code = getattr(move, name)
                kinds.add(place(code).kind)
                assert place(code).code == code
            if isinstance(move, Load) and move.item.startswith("dest:"):
                assert place(move.item).kind is PlaceKind.DESTINATION
    assert {PlaceKind.CELL, PlaceKind.SPACE, PlaceKind.DIKE} <= kinds


def test_moves_still_serialise_their_places_as_codes():
    move = MoveAnimal("sheep", "x", "s4,1b")
    assert move_to_dict(move)["dst"] == "s4,1b" and attrs.evolve(move, dst=Place.dike(0).code).dst == "d0"
