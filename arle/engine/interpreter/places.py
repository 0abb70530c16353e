"""Places as values: where an Animal lives, what a Flip turns, where a tile or a Dike goes.

Moves and the state keep a place as its code (``"d0"``, ``"s3,1b"``, ``"x"``, ``"e12"``,
``"m0"``, ``"dest:bremen"``, a bare ``"3,1"``), so that save files keep their format and moves stay
small, hashable and ordered as before. Code that needs the kind or the coordinates asks
``place(code)`` for a ``Place`` and makes a code with ``Place``'s constructors and ``code``: a
renamed code is then a change here, not in every view that picked one apart.
"""

from __future__ import annotations

import enum

import attrs


class PlaceKind(enum.Enum):
    #: An Animal's place on a Dike (``number``: the Dike's index in ``PlayerState.dikes``).
    DIKE = "d"
    #: A Home Board space (``row``, ``col``); ``second``: the second half of a Double Stall.
    SPACE = "s"
    #: Where gained Animals wait for a place.
    WAITING = "x"
    #: A piece of Equipment in the Barn (``number``: its id).
    EQUIPMENT = "e"
    #: A Moor tile (``number``: its id).
    MOOR = "m"
    #: A destination tile on a vehicle (``name``: its id).
    DESTINATION = "dest:"
    #: A position on the Home Board's grid, unprefixed: the land space a tile goes to (row,
    #: column) or the gap and column a Dike moves to.
    CELL = ""


@attrs.frozen
class Place:
    """One place, by kind; the fields that kind does not use stay at their defaults."""

    kind: PlaceKind
    row: int = 0
    col: int = 0
    number: int = 0
    second: bool = False
    name: str = ""

    @classmethod
    def dike(cls, number: int) -> Place:
        return cls(PlaceKind.DIKE, number=number)

    @classmethod
    def space(cls, row: int, col: int, second: bool = False) -> Place:
        return cls(PlaceKind.SPACE, row=row, col=col, second=second)

    @classmethod
    def waiting(cls) -> Place:
        return cls(PlaceKind.WAITING)

    @classmethod
    def equipment(cls, number: int) -> Place:
        return cls(PlaceKind.EQUIPMENT, number=number)

    @classmethod
    def moor(cls, number: int) -> Place:
        return cls(PlaceKind.MOOR, number=number)

    @classmethod
    def destination(cls, name: str) -> Place:
        return cls(PlaceKind.DESTINATION, name=name)

    @classmethod
    def cell(cls, row: int, col: int) -> Place:
        return cls(PlaceKind.CELL, row=row, col=col)

    @property
    def code(self) -> str:
        """The code moves, events and the state hold for this place."""
        kind = self.kind
        if kind is PlaceKind.WAITING:
            return "x"
        if kind in (PlaceKind.DIKE, PlaceKind.EQUIPMENT, PlaceKind.MOOR):
            return f"{kind.value}{self.number}"
        if kind is PlaceKind.DESTINATION:
            return f"{kind.value}{self.name}"
        grid = f"{self.row},{self.col}"
        if kind is PlaceKind.CELL:
            return grid
        return f"s{grid}b" if self.second else f"s{grid}"


def place(code: str) -> Place:
    """The place a code names. Raises ValueError for a code no place has."""
    try:
        if code == "x":
            return Place.waiting()
        if code.startswith("dest:"):
            return Place.destination(code[5:])
        head, rest = code[:1], code[1:]
        if head in ("d", "e", "m") and rest.isdigit():
            return Place(PlaceKind(head), number=int(rest))
        if head == "s":
            second = rest.endswith("b")
            r, c = (rest[:-1] if second else rest).split(",")
            return Place.space(int(r), int(c), second)
        r, c = code.split(",")
        return Place.cell(int(r), int(c))
    except ValueError:
        raise ValueError(f"no place has the code {code!r}") from None


def destination_of(item: str) -> str | None:
    """The destination a vehicle's load item is (``"dest:bremen"``: ``"bremen"``); None for a good."""
    return item[5:] if item.startswith("dest:") else None
