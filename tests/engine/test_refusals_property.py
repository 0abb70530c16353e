"""``Game.why_not`` over random playouts (issue 17): for every candidate move a gesture can make
(Workers on spaces, Animals between holders, loads, tiles, Dikes, Peat, flips, Equipment), the
engine gives a reason exactly when the move is not in ``legal_moves()``, words every reason it
gives, and changes nothing by explaining."""

from __future__ import annotations

import random
import re
import string
from collections import Counter
from pathlib import Path

import pytest

from arle.commands.simulate import choose_move, setup_for
from arle.engine import Game, Text, render
from arle.engine.content.action_spaces import ACTION_SPACES
from arle.engine.content.destinations import DESTINATIONS
from arle.engine.content.goods import ANIMALS
from arle.engine.content.messages import MESSAGES
from arle.engine.interpreter.moves import (
    CutPeat,
    Done,
    Flip,
    Load,
    Move,
    MoveAnimal,
    MoveDike,
    PlaceTile,
    PlaceWorker,
    ReleaseAnimal,
    ReturnEquipment,
)
from arle.engine.rules import homeboard as hb
from arle.engine.rules.animals import WAITING, holders
from arle.engine.rules.vehicles import GOOD_LOADS

GESTURES = (PlaceWorker, MoveAnimal, ReleaseAnimal, Load, PlaceTile, MoveDike, CutPeat, Flip,
            ReturnEquipment)
SPACES = [f"{r},{c}" for r in range(hb.ROWS) for c in range(hb.COLS)]
ITEMS = [*GOOD_LOADS, *(f"dest:{d}" for d in DESTINATIONS)]


def candidates(g: Game) -> list[Move]:
    """Every move the drag gestures map to in this position, legal or not, and a few bogus ones."""
    p = g.state.players[g.actor or 0]
    places = [h for h, *_ in holders(p)]
    sources = [h for h in p.animals] + places[:2]
    moves: list[Move] = [PlaceWorker(s) for s in (*ACTION_SPACES, "nowhere")]
    moves += [MoveAnimal(a, s, d) for a in ANIMALS for s in sources for d in (*places, WAITING, "s9,9")]
    moves += [ReleaseAnimal(a, s) for a in ANIMALS for s in (*sources, WAITING)]
    vehicles = [e.id for e in p.barn] + [99]
    moves += [Load(v, start, item) for v in vehicles for start in range(5) for item in ITEMS]
    moves += [PlaceTile(s) for s in (*SPACES, "9,0")]
    moves += [MoveDike(d, f"{gap},{c}") for d in range(5) for gap in range(hb.GAPS) for c in range(3)]
    moors = [m.id for m in p.moors] + [99]
    moves += [CutPeat(m) for m in moors]
    moves += [Flip(t) for t in (*(f"e{v}" for v in vehicles), *(f"s{s}" for s in SPACES),
                                *(f"m{m}" for m in moors))]
    moves += [ReturnEquipment(v) for v in vehicles]
    return [*moves, Done(), *g.legal_moves()]


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _check_position(g: Game, seen: Counter[str]) -> None:
    legal = set(g.legal_moves())
    key = g.key()
    for move in candidates(g):
        reason = g.why_not(move)
        assert (reason is None) == (move in legal), f"{move}: {reason} ({g.prompt()})"
        if reason is None:
            continue
        seen[reason.id] += 1
        # A move a drag makes always gets its own reason; only the other moves get "not.now".
        assert reason.id != "not.now" or not isinstance(move, GESTURES), f"{move}: {reason}"
        assert reason.id in MESSAGES, reason
        assert _placeholders(MESSAGES[reason.id]) <= {n for n, _ in reason.params}, reason
        assert all(type(v) in (str, int, float, Text) for _, v in reason.params), reason
        assert str(render(reason)).strip()
    assert g.key() == key and set(g.legal_moves()) == legal, "explaining changed the game"


def _playout(seed: int, players: int, every: int, seen: Counter[str]) -> int:
    rng = random.Random(seed)
    g = Game(setup_for(seed, players))
    checked = 0
    for n in range(2000):
        if g.over:
            break
        if n % every == 0:
            _check_position(g, seen)
            checked += 1
        g.apply(choose_move(rng, g.legal_moves(), g))
    return checked


@pytest.mark.parametrize(("seed", "players"), [(11, 2), (12, 2), (13, 1), (14, 2), (16, 1), (17, 2)])
def test_why_not_is_none_exactly_for_legal_moves(seed, players):
    """The property of issue 17: ``why_not(m) is None`` iff ``m in legal_moves()``, over many
    positions of a random game and every candidate move of the gesture kinds."""
    seen: Counter[str] = Counter()
    checked = _playout(seed, players, 5, seen)
    assert checked >= 20
    assert len(seen) >= 12, seen  # the positions met many kinds of refusal, not only the fallback


def test_every_message_id_given_by_the_engine_is_in_the_catalogue():
    """Each id the explainers can give (read from their source) has English words."""
    import arle.engine.rules.refusals as a
    import arle.engine.rules.refusals_pieces as b

    ids = set()
    for module in (a, b):
        text = Path(module.__file__).read_text(encoding="utf-8")
        ids |= set(re.findall(r'refusal\(\s*"([a-z_.]+)"', text))
    assert len(ids) > 30
    assert ids <= set(MESSAGES), ids - set(MESSAGES)
