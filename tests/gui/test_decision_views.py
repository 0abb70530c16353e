"""The game page brings forward the board a pending decision is answered on, as the decision
declares it (``shown_on``), not by kind strings (issue 17: "sale", "sell" and "destination" were
looked for, but no decision had them, so a sale never brought the Storage board forward)."""

from __future__ import annotations

from arle.engine.content.goods import Good
from arle.engine.content.tiles import Equipment
from arle.engine.interpreter.moves import Load
from arle.engine.rules.travel import SaleDecision
from arle.gui.shell.main_window import MainWindow, new_setup
from arle.match.history import GameHistory
from tests.engine.helpers import give
from tests.gui.scene_helpers import refresh


def test_a_sale_brings_the_storage_board_forward(qtbot):
    """p. 11: loading a destination from "More actions" while the game board is shown opens its
    sale, which is answered on the Storage board."""
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.life.install(GameHistory(new_setup(2, 3)))
    page, session = window.shown.page, window.shown.session
    game = session.match.game
    actor = game.actor
    p = game.state.players[actor]
    cart = give(game, p, Equipment.CART)
    give(game, p, Equipment.PEAT_BOAT)  # two things to sell: the sale waits for a choice
    p.goods[Good.WINTER_WEAR] = 1
    refresh(session)
    page.views.setCurrentIndex(0)
    assert session.try_apply(Load(cart.id, 0, "dest:norden"))
    assert isinstance(game.decision, SaleDecision)
    assert page.views.currentIndex() == page.views.indexOf(page.storage_views[actor])


def _labelled_choices(seeds: tuple[int, ...]):
    """(decision, option, label) for every Choose option of random games' decisions."""
    import random

    from arle.commands.simulate import choose_move, setup_for
    from arle.engine import Choose, Game
    from arle.gui.kit.style import move_label

    for seed in seeds:
        rng = random.Random(seed)
        g = Game(setup_for(seed, 2))
        while not g.over:
            if g.decision is not None:
                for m in g.decision_moves():
                    if isinstance(m, Choose):
                        yield g, g.decision, m.option, move_label(g, m)
            g.apply(choose_move(rng, g.legal_moves(), g))


def test_choice_buttons_are_labelled_by_what_the_options_name(qapp):
    """Issue 17: the panel labels a decision's options by its ``option_kind`` (once by kind
    strings, and by an ``option_label`` no decision defined)."""
    from arle.engine import OptionKind

    prefixes = {OptionKind.VEHICLE: "Build a ", OptionKind.SPACE: "Imitate ", OptionKind.PLOW: "Plow a ",
                OptionKind.ANIMAL: "Pay with "}
    seen: set[OptionKind] = set()
    for g, d, option, label in _labelled_choices((3, 4, 5, 6)):
        kind = d.option_kind
        seen.add(kind)
        if kind in prefixes:
            assert label.startswith(prefixes[kind]), (kind, label)
        elif kind is OptionKind.BUILDING:
            assert " VP): " in label and str(d.option_text(g, option)) in label
        elif kind is OptionKind.PART:
            text = str(d.option_text(g, option))
            assert label == text[:1].upper() + text[1:]
        elif kind in (OptionKind.CONVERSION, OptionKind.GO):
            assert label == str(d.option_text(g, option))
        elif kind is OptionKind.PAY:
            assert label == "Pay Sustenance"
    assert {*prefixes, OptionKind.PART, OptionKind.BUILDING, OptionKind.CONVERSION, OptionKind.PAY} <= seen


def test_build_buttons_show_what_the_vehicle_or_building_costs(qapp):
    """Issue 13: the buttons that build a Vehicle or a Building say its cost (the rulebook's
    vehicle table, ↻3: "Handcart: 2 Wood ... Cart: 5 Wood, 1 Horse"; a building's printed cost)."""
    from arle.engine import BUILDINGS, EQUIPMENT, Equipment, OptionKind
    from arle.gui.kit import style

    kinds = set()
    for _g, d, option, label in _labelled_choices((3, 4, 5, 6)):
        if d.option_kind is OptionKind.VEHICLE:
            info = EQUIPMENT[Equipment(option)]
            horses = f", {info.horses} Horse{'s' if info.horses > 1 else ''}" if info.horses else ""
            assert label == f"Build a {info.name} ({info.wood} Wood{horses})", label
            kinds.add(d.option_kind)
        elif d.option_kind is OptionKind.BUILDING:
            assert label.endswith(f" VP): {style.cost_text(BUILDINGS[option].cost)}")
            assert "Grain" in label or "Food" in label or "Timber" in label or "Brick" in label
            kinds.add(d.option_kind)
    assert kinds == {OptionKind.VEHICLE, OptionKind.BUILDING}
