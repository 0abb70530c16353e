"""Decisions are types, not strings (issue 17): each decision class declares what it offers
(``answers``, ``option_kind``, ``option_text``) and what may happen while it waits
(``allows_anytime``, ``allows_loading``), and nothing tells decisions apart by a name."""

from __future__ import annotations

import random
from collections.abc import Iterator

import arle.engine
from arle.commands.simulate import choose_move, setup_for
from arle.engine import Choose, Decision, Game, Load, ReleaseAnimal
from arle.engine.interpreter.steps import CountedDecision, PlaceTileDecision


def _decision_classes(cls: type = Decision) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _decision_classes(sub)


def _decided(seeds: tuple[int, ...], players: int) -> Iterator[tuple[Game, Decision]]:
    """Every position of seeded random games where a decision waits."""
    for seed in seeds:
        rng = random.Random(seed)
        g = Game(setup_for(seed, players))
        while not g.over:
            if g.decision is not None:
                yield g, g.decision
            g.apply(choose_move(rng, g.legal_moves(), g))


def test_no_decision_has_a_string_kind():
    """Issue 17: the GUI compared ``kind`` strings, some of them stale ("sale", "sell",
    "destination"); decisions are told apart by their type and declarations only."""
    classes = list(_decision_classes())
    assert len(classes) > 20
    assert not [c.__name__ for c in classes if hasattr(c, "kind")]


def test_every_concrete_decision_declares_its_answers():
    """A decision without ``answers`` could not be read by a view or the computer player."""
    for cls in _decision_classes():
        if cls is CountedDecision:
            continue
        assert cls.answers, cls.__name__
        if Choose in cls.answers:
            assert cls.option_kind is not None, cls.__name__


def test_decisions_offer_only_what_they_declare():
    """In random games every decision's options are of its declared move types, and each Choose
    option has words (``option_text``) for the panel and the log."""
    seen: set[type] = set()
    for g, d in _decided((3, 4, 5), 2):
        seen.add(type(d))
        for move in g.decision_moves():
            assert type(move) in d.answers, (type(d).__name__, move)
            if isinstance(move, Choose):
                assert d.option_text(g, move.option), (type(d).__name__, move)
    assert len(seen) >= 10


def test_while_paying_only_releases_and_never_loading_during_a_sale():
    """Rulebook p. 9 and RULES-DECISIONS: while a payment waits, the only anytime moves are
    releases of Animals it does not ask for; a sale is answered before anything is loaded.
    Both follow the decision's own declarations (once two separate lists of kinds)."""
    checked_anytime = checked_loading = 0
    for g, d in _decided((6, 7), 2):
        if not d.allows_anytime:
            checked_anytime += 1
            assert all(isinstance(m, ReleaseAnimal) for m in g.anytime_moves())
        if not d.allows_loading:
            checked_loading += 1
            assert not any(isinstance(m, Load) for m in g.legal_moves())
    assert checked_anytime and checked_loading


def test_the_pay_and_sale_decisions_declare_their_limits():
    from arle.engine.interpreter.steps import PayDecision
    from arle.engine.rules.travel import SaleDecision

    assert not PayDecision.allows_anytime and not PayDecision.allows_loading
    assert SaleDecision.allows_anytime and not SaleDecision.allows_loading
    assert Decision.allows_anytime and Decision.allows_loading


def test_one_decision_places_tiles_and_buildings():
    """The two near-copies (a tile from the supply board, a building just bought) are one
    ``PlaceTileDecision``; a placed building is owned at once."""
    from arle.engine.rules.build import PlaceBuilding
    from tests.engine.helpers import new_game

    g = new_game(1)
    p = g.state.players[0]
    d = PlaceBuilding("carpenters_workshop").run(g, p)
    assert isinstance(d, PlaceTileDecision)
    assert "Carpenter" in str(d.prompt(g))
    move = d.options(g)[0]
    d.choose(g, move)
    assert "carpenters_workshop" in p.buildings and d.finished


def test_the_public_api_lists_what_it_exports():
    """``arle.engine.__all__`` is the deliberate public API: each name exists."""
    assert all(hasattr(arle.engine, name) for name in arle.engine.__all__)
