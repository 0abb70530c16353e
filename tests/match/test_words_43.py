"""Issue 43's words, said without Qt by ``arle.match.words`` in English and French: no option
shows an internal code, a capped sale names its cap, plurals, Dikes named by where they sit."""

from __future__ import annotations

import random
import re

import pytest

from arle.commands.simulate import choose_move, setup_for
from arle.engine import Game
from arle.files.catalogues import load_language
from arle.match.words import log_label, move_label

EN, FR = load_language("en"), load_language("fr")
#: What an internal code looks like in words: "E0", "d2", "s3,1", "grain_field", "dest:bremen".
CODE = re.compile(r"\b[A-Za-z]\d+\b|\b[a-z]+_[a-z_]+\b|dest:|\b[a-z]\d+,\d+")


def test_no_option_of_any_decision_is_labelled_with_an_internal_code():
    """Issue 43 item 1: the Smithy's exchange was a button "E0". Every legal move of every position
    of 24 seeded random games (solo and two players) is worded for its button and for the log
    in English and in French, and none looks like a code."""
    bad: set[tuple[str, str, str]] = set()
    for seed in range(1, 13):
        for players in (1, 2):
            game = Game(setup_for(seed, players))
            rng = random.Random(seed)
            while not game.over:
                legal = game.legal_moves()
                for move in legal:
                    for lang in (EN, FR):
                        for text in (move_label(game, move, lang), log_label(game, move, lang)):
                            if CODE.search(text) or text == type(move).__name__ != "Done":
                                bad.add((type(game.decision).__name__, lang.code, text))
                game.apply(choose_move(rng, legal, game))
    assert sorted(bad) == []


@pytest.mark.parametrize(("lang", "button", "log"), [
    (EN, "Exchange the Wagon for a Plow", "chooses to exchange the Wagon for a Plow"),
    (FR, "Échanger le Wagon contre une Charrue", "choisit d'échanger le Wagon contre une Charrue"),
])
def test_the_smithy_names_the_piece_it_exchanges(lang, button, log):
    from arle.engine import Choose

    game = _smithy_game()
    wagon = next(e for e in game.state.players[game.actor].barn if e.kind == "wagon")
    move = Choose(f"e{wagon.id}")
    assert move in game.legal_moves()
    assert move_label(game, move, lang) == button
    assert log_label(game, move, lang) == log


def _smithy_game() -> Game:
    """A game waiting for the Smithy's exchanges, with a Wagon in the Barn."""
    for seed in range(1, 200):
        game = Game(setup_for(seed, 2))
        rng = random.Random(seed)
        while not game.over:
            d = game.decision
            if type(d).__name__ == "SmithyDecision" and any(
                    e.kind == "wagon" for e in game.state.players[game.actor].barn):
                return game
            game.apply(choose_move(rng, game.legal_moves(), game))
    raise AssertionError("no seeded game reaches the Smithy with a Wagon")


def test_counted_horses_hides_and_bricks_take_the_english_plural():
    """Issue 43 item 7: "Pay 6 wood, 2 horse"; the log said "+2 Hide". Issue 50 item 13: counted
    in capitals everywhere in English, as the buttons are ("1 Wood" beside a "1 wood" prompt)."""
    from arle.engine import GoodsChanged, say
    from arle.engine.content.words import counted
    from arle.match.words import event_words

    assert [say(counted(x, 2)) for x in ("horse", "hide", "brick", "wood")] == [
        "2 Horses", "2 Hides", "2 Bricks", "2 Wood"]
    assert say(counted("horse", 1)) == "1 Horse"
    assert event_words(GoodsChanged(0, "hide", 2, 5), EN) == "+2 Hides"
    assert event_words(GoodsChanged(0, "brick", -3, 0), FR) == "-3 briques"


def _sale(food: int, chosen: bool = True) -> list[str]:
    """The log of a Horse sold at Aurich (5 Food) that gave ``food``, in English and French."""
    from arle.engine import AnimalsChanged, Choose, DestinationSold, Done, GoodsChanged
    from arle.match import LogEntry
    from arle.match.words import entry_text

    events = [AnimalsChanged(0, "horse", "d0", -1), GoodsChanged(0, "food", food, 30),
              DestinationSold(0, "aurich", "horse", food)]
    move = Choose("horse") if chosen else Done()
    return [entry_text([LogEntry(0, move, "…", events)], 0, ["Anna"], lang) for lang in (EN, FR)]


def test_a_sale_trimmed_by_the_food_cap_names_the_cap():
    """Issue 43 item 6: "sells 1 Horse for 5 Food … +3 Food" did not say why only 3."""
    assert _sale(3) == ["Anna … — -1 Horse, Aurich: only +3 Food, Food stops at 30",
                        "Anna … — -1 cheval, Aurich : seulement +3 nourritures, la nourriture s'arrête à 30"]


def test_a_sales_food_is_said_once():
    """Issue 43 item 11: "(1 nourriture) — +1 nourriture, Hage : +1 nourriture" said it three
    times. A chosen sale's words say its Food; a sale the game made says it after the town."""
    assert _sale(5) == ["Anna … — -1 Horse", "Anna … — -1 cheval"]
    assert _sale(5, chosen=False) == ["Anna … — -1 Horse, Aurich: +5 Food",
                                      "Anna … — -1 cheval, Aurich : +5 nourritures"]


def test_french_refusals_are_one_sentence_each():
    """Issue 43 item 9: "Ce n'est pas possible maintenant : Élodie : placez un ouvrier." pasted
    the prompt after " : " or " — ", forced into lower case. Every refusal, in French and in
    English, is one sentence of its own."""
    from arle.engine import Text, say
    from arle.engine.content.messages import MESSAGES

    for msgid in MESSAGES.values():
        assert "{prompt" not in msgid, msgid
        french = FR.gettext(msgid)
        assert french != msgid and "{prompt" not in french, french
    assert say(Text(MESSAGES["not.now"]), FR) == "Ce n'est pas possible maintenant."
    assert say(Text(MESSAGES["worker.finish_first"]), FR) == "Terminez d'abord l'action en cours."


def test_a_lapsed_choice_is_one_french_sentence():
    """Issue 43 item 10: "vous pouvez remplacer … n'est plus possible" lower-cased the prompt."""
    from arle.engine import OptionsLapsed, t, tn

    prompt = tn("You may replace up to {n} Field with a Forest",
                "You may replace up to {n} Fields with Forests", 2)
    lapsed = OptionsLapsed(0, t("No longer possible, so not done: {what}", what=prompt))
    assert event_words_fr(lapsed) == \
        "« Vous pouvez remplacer 2 champs au plus par des forêts » n'est plus possible et ne se fait pas"


def event_words_fr(event) -> str | None:
    from arle.match.words import event_words

    return event_words(event, FR)


def _dike_game() -> tuple[Game, object]:
    """Seed 1's first Dike move, and the game before it."""
    from arle.engine import MoveDike

    game = Game(setup_for(1, 2))
    rng = random.Random(1)
    while not game.over:
        legal = game.legal_moves()
        dikes = [m for m in legal if isinstance(m, MoveDike)]
        if dikes:
            return game, dikes
        game.apply(choose_move(rng, legal, game))
    raise AssertionError("no Dike to move")


def test_dikes_are_named_by_where_they_sit():
    """Issue 43 item 11: "la Digue 4", "l'espace 1": numbers the board never shows. A Dike is
    named by its column, and the lower or upper one where its column holds two."""
    from arle.engine import MoveAnimal, MoveDike
    from arle.match.words.names import dike_name

    game, _ = _dike_game()
    p = game.state.players[game.actor]
    assert p.dikes == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]  # (the start: two rows)
    assert [dike_name(p, i, EN) for i in (0, 2, 3)] == [
        "the lower Dike in column 1", "the Dike in column 3", "the upper Dike in column 1"]
    assert f"{dike_name(p, 0, FR):le}" == "la digue du bas de la colonne 1"
    move = MoveDike(0, "2,2")
    assert move_label(game, move, EN) == "Move the lower Dike in column 1 up to column 3"
    assert log_label(game, move, FR) == "fait monter la digue du bas de la colonne 1 vers la colonne 3"
    assert log_label(game, MoveDike(2, "2,2"), FR) == "fait monter la digue de la colonne 3"
    animal = MoveAnimal("sheep", "s3,1", "d4")
    assert log_label(game, animal, FR) == \
        "déplace un mouton de la rangée 4, colonne 2 vers la digue du haut de la colonne 2"
    assert move_label(game, animal, EN) == "Move a Sheep from row 4, column 2 to the upper Dike in column 2"


def test_animals_the_game_moves_are_summed_up():
    """Issue 43 item 11: the log listed each Animal the game moved, coordinates and all."""
    from arle.engine import AnimalMoved, Done, GoodsChanged
    from arle.match import LogEntry
    from arle.match.words import entry_text

    events = [GoodsChanged(0, "wood", -1, 3), AnimalMoved(0, "sheep", "s3,1", "d0"),
              AnimalMoved(0, "sheep", "s3,1", "d1"), AnimalMoved(0, "cattle", "s3,2", "d2")]
    log = [LogEntry(0, Done(), "…", events)]
    assert entry_text(log, 0, ["Anna"], EN) == "Anna … — -1 Wood, Animals moved: 2 Sheep, 1 Cattle"
    assert entry_text(log, 0, ["Anna"], FR) == "Anna … — -1 bois, animaux déplacés : 2 moutons, 1 vache"
    log = [LogEntry(0, Done(), "…", events[:2])]
    assert entry_text(log, 0, ["Anna"], FR) == "Anna … — -1 bois, animal déplacé : 1 mouton"


def test_french_refusals_and_tips_agree():
    """Issue 43 item 12: "Charger de l'argile", "cases d'été"/"cases d'hiver", "Laissée … elle",
    and texts that said "le" or "arrive" whatever the noun's gender or number."""
    from arle.engine import Refusal, noun, render, say

    def refused(id_: str, **params) -> str:
        return say(render(Refusal(id_, tuple(params.items()))), FR)

    assert refused("load.cannot_afford", item="clay", cost="1 nourriture") == \
        "Le chargement de l'argile coûte 1 nourriture."  # (issue 50 item 26)
    assert refused("space.season_solo", season="winter") == \
        "En solo, seules les cases d'hiver sont utilisables maintenant."
    assert refused("space.season_solo", season="summer").startswith("En solo, seules les cases d'été ")
    left = "Left on the board at the end, it costs 1 VP like any dehydrated Moor."
    assert say(noun(left), FR) == \
        "Laissée sur le plateau à la fin, elle coûte 1 PV comme toute tourbière asséchée."
    assert FR.gettext("{animal}: drag it to another place, to the waiting area or onto Release.") == \
        "{animal} : à faire glisser vers une autre place, vers la zone d'attente ou sur Relâcher."
    assert FR.gettext("{item}: reaches your supply when the vehicles are emptied.").startswith(
        "{item} : pour votre réserve")
    assert FR.gettext("Undo") == "Reprise des coups"  # (not "Annuler", beside the Annuler button)


def test_a_building_s_cut_peat_prompt_names_the_building():
    """Issue 43 item 7: a "Cut Peat" prompt after the Turnery's Wood did not say whose it was."""
    from arle.engine import Setup, say
    from arle.engine.interpreter.steps import CutPeatDecision

    game = Game(Setup(players=1, seed=1))
    decision = CutPeatDecision(0, 2, True, source="turnery")
    assert say(decision.prompt(game)) == "Turnery: cut Peat, up to 2"
    assert say(decision.prompt(game), FR).endswith(" : extraire de la tourbe, 2 au plus")
    assert say(CutPeatDecision(0, 1, True, taken=1, source="saddlery").prompt(game)) == \
        "Saddlery: cut Peat, up to 1 more"
    assert say(CutPeatDecision(0, 2, True).prompt(game)) == "Cut Peat: up to 2"  # (an action space's)


def test_a_step_the_game_could_not_carry_out_leaves_a_log_line():
    """Issue 43 item 7: a Worker on the Baker with nothing to bake left no line saying why nothing
    happened. The log now says what was not done."""
    from arle.engine import OptionsLapsed, PlaceWorker
    from arle.match import LogEntry
    from arle.match.words import entry_text

    for seed in range(1, 40):
        game = Game(setup_for(seed, 2))
        rng = random.Random(seed)
        while not game.over:
            move = choose_move(rng, game.legal_moves(), game)
            actor, label = game.actor, log_label(game, move, FR)
            events = game.apply(move)
            if move == PlaceWorker("winter.baker") and any(isinstance(e, OptionsLapsed) for e in events):
                names = [p.name for p in game.state.players]
                text = entry_text([LogEntry(actor, move, label, list(events))], 0, names, FR)
                assert text.endswith("Boulanger (hiver) — 1 transformation n'a pas pu être faite"), text
                return
    raise AssertionError("no seeded game puts a Worker on the Baker with nothing to bake")


def test_a_refusal_names_a_good_with_its_article_and_a_town_without():
    """Issue 43 item 12: "Le cuir (taille 1)" where it read "Cuir (taille 1)", and a town takes no
    article ("Norden prend 2 cases", "à Norden"): the noun table marks places' names (n)."""
    from arle.engine import Features, Refusal, Word, render, say
    from arle.engine.content.grammar import french_forms

    def said(item: str, size: int) -> str:
        return say(render(Refusal("load.does_not_fit", (("item", item), ("size", size)))), FR)

    assert said("leather", 1).startswith("Le cuir (taille 1) ne tient pas ici")
    assert said("dest:norden", 2).startswith("Norden (taille 2) ne tient pas ici")
    assert said("dest:emden", 2).startswith("Emden (taille 2)")
    town = Word("Norden", Features("m", name=True), french_forms)
    assert [format(town, spec) for spec in ("à", "de", "le,lower")] == ["à Norden", "de Norden", "Norden"]


def test_the_warden_says_the_stall_becomes_a_depot_and_where_its_animals_go():
    """Issue 50 items 8 and 22: the Hint said "Flip Stall" and the log "Animals moved: 3 Horses",
    never that the Stall becomes a Depot nor where its Horses went. The button (and so the Hint)
    and the log say both, in English and French."""
    from arle.engine import Animal, Flip, PlaceWorker, Setup
    from arle.match import LogEntry
    from arle.match.words import entry_text

    game = Game(Setup(players=1, seed=1))
    game.state.players[0].animals = {"s4,0": {Animal.HORSE: 3}}
    game.refresh()
    game.apply(PlaceWorker("summer.warden"))
    flip = Flip("s4,0")
    assert move_label(game, flip, EN) == ("Turn the Stall at row 5, column 1 into a Depot (its Animals "
                                          "move: 2 Horses to row 4, column 3; 1 Horse to row 5, column 2)")
    assert move_label(game, flip, FR) == (
        "Faire de la Stalle en rangée 5, colonne 1 un Entrepôt (ses animaux partent : 2 chevaux vers la "
        "rangée 4, colonne 3 ; 1 cheval vers la rangée 5, colonne 2)")
    label = log_label(game, flip, EN)
    assert label == "turns the Stall at row 5, column 1 into a Depot"
    line = entry_text([LogEntry(0, flip, label, game.copy().apply(flip))], 0, ["Anna"], EN)
    assert line == ("Anna turns the Stall at row 5, column 1 into a Depot — Animals moved: 2 Horses to "
                    "row 4, column 3; 1 Horse to row 5, column 2")


def test_what_an_action_does_after_its_animals_are_housed_is_said_on_its_own_line():
    """Issue 50 item 9: "Player 2 releases a Sheep — -1 Sheep, 5 Fish Traps now, +5 Food": the
    Fisherman's Sheep had no place, and what the Fisherman did after the release was glued to it.
    The release says its own effect; the Fisherman's go on a line of their own."""
    from arle.engine import Animal, PlaceWorker, ReleaseAnimal, Setup, animal_holders
    from arle.match import LogEntry
    from arle.match.words import entry_text

    game = Game(Setup(players=1, seed=1))
    p = game.state.players[0]
    for holder, size, _, _ in animal_holders(p):
        p.animals[holder] = {Animal.HORSE: size}  # (no place left for the Fisherman's Sheep)
    game.refresh()
    game.apply(PlaceWorker("summer.fisherman"))
    release = ReleaseAnimal(Animal.SHEEP, "x")
    label, events = log_label(game, release, EN), game.apply(release)
    assert entry_text([LogEntry(0, release, label, events)], 0, ["Anna"], EN) == (
        "Anna releases a Sheep — -1 Sheep\nAnna: Fisherman (Summer) goes on — 3 Fish Traps now, +3 Food")
    french = entry_text([LogEntry(0, release, label, events)], 0, ["Anna"], FR)
    assert french.split("\n")[0].endswith("-1 mouton")


def test_animals_moved_takes_its_plural_from_the_number_of_animals_not_of_kinds():
    """Issue 51, item 11: two Sheep moved by the game are "Animals moved", though of one kind."""
    from arle.engine import AnimalMoved, Done
    from arle.match import LogEntry
    from arle.match.words import entry_text

    events = [AnimalMoved(0, "sheep", "s3,1", "d0"), AnimalMoved(0, "sheep", "s3,1", "d1")]
    log = [LogEntry(0, Done(), "…", events)]
    assert entry_text(log, 0, ["Anna"], EN) == "Anna … — Animals moved: 2 Sheep"
    assert entry_text(log, 0, ["Anna"], FR) == "Anna … — animaux déplacés : 2 moutons"
