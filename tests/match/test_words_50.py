"""Issue 50's words (items 17-20 and 23-28): the French an outside reader found translated, said
without Qt by the catalogues in English and French."""

from __future__ import annotations

from arle.engine import PlaceWorker, Setup, render, say, solo_rating
from arle.engine.interpreter.events import InventoryEnded, InventoryPart
from arle.engine.rules.refusals import refusal
from arle.files.catalogues import load_language
from arle.match.words import move_label
from arle.match.words.names import name_of, tr

EN, FR = load_language("en"), load_language("fr")


def test_the_french_solo_result_has_one_colon_and_says_vp_twice():
    """Item 17: "Résultat solo : -5,5 PV : 115,5 de moins qu'un score remarquable (110)"."""
    text = say(solo_rating(-5.5), FR)
    assert text == "-5,5 PV, soit 115,5 PV de moins qu'un score remarquable (110)"
    assert text.count(":") == 0 and say(solo_rating(112), FR).count(":") == 0


def test_a_worker_goes_on_an_action_and_the_master_has_its_accent():
    """Items 19 and 20: "Placer un ouvrier sur la case Ouvrier" read oddly; "Maitre" is the
    rulebook's spelling, "Maître" the word (as "Bûcheron" corrects the rulebook already)."""
    from arle.engine import Game

    g = Game(Setup(players=1, seed=1))
    assert move_label(g, PlaceWorker("summer.laborer"), FR) == "Placer un ouvrier sur l'action Ouvrier (été)"
    assert name_of("summer.master", FR) == "Maître"


def test_the_hint_and_the_review_speak_to_the_player_in_french():
    """Items 18 and 23: the Hint in the infinitive beside imperative prompts; the review's
    number not said to be a cost, and "la ligne suggérée"."""
    hint = FR.gettext("Hint: {move}. {why}")
    assert hint.startswith("Conseil : choisissez « {move} »")
    line = FR.gettext("{when}: you played “{played}”, which cost you about {cost} VP; the computer suggests "
                      "“{suggested}”. {why}")
    assert "ce choix vous a coûté environ {cost} PV" in line and "propose" in line


def test_french_counts_outside_the_engine_agree_with_their_number():
    """Item 25: "1 nourritures en tout", "{done} décisions sur {total}" printed "1 décisions"."""
    food = FR.gettext("Second Food indicator (+15): Food {n} in all").format(n=1)
    assert "nourritures" not in food and "1" in food
    progress = FR.gettext("Reviewing the decisions: {done}/{total}…").format(done=1, total=1)
    assert "décisions : 1/1" in progress


def test_loading_a_countable_good_reads_right_in_french():
    """Item 26: "Charger de la pelote de laine coûte 1 pelote de laine"."""
    from arle.engine import Good

    text = say(render(refusal("load.cannot_afford", item="woolen", cost="1 x")), FR)
    assert text.startswith("Le chargement de la pelote de laine coûte") and "Charger de la" not in text
    assert say(render(refusal("load.cannot_afford", item=Good.CLAY.value, cost="1 x")), FR).startswith(
        "Le chargement de l'argile coûte")


def test_the_travel_track_is_said_once_for_all_its_destinations():
    """Item 28: "Beemoor sur la piste d'expérience de voyage, Esens sur la piste d'expérience de
    voyage, …"."""
    from arle.engine import inventory_report

    events = [InventoryPart(0, "vehicles", (("dest:beemoor", 1), ("dest:esens", 1), ("wood", 2))),
              InventoryEnded(0, "november")]
    report = inventory_report(events, 0, "november")
    for lang, track in ((EN, "Travel Experience Track"), (FR, "piste d'expérience de voyage")):
        text = say(report.text(), lang)
        assert text.count(track) == 1, text
    assert "Beemoor, Esens to the Travel Experience Track" in say(report.text(), EN)


def test_the_and_or_prompt_has_no_colon_nor_slash_in_french():
    """Item 28: "Maintenant : Vous pouvez : prendre 1 cheval et/ou assécher une tourbière"."""
    assert tr("You may: {options}", FR) == "Vous pouvez {options}" and tr(" and/or ", FR) == " et "


def test_the_log_counts_a_chosen_animal_as_its_button_does():
    """Item 13: the log said "chooses 1 cattle" beside a button "1 Cattle"."""
    from arle.engine import Animal, Choose, Game
    from arle.engine.interpreter.steps import TakeAnimal
    from arle.match.words import log_label
    from tests.engine.helpers import run_steps

    g = Game(Setup(players=1, seed=1))
    run_steps(g, 0, [TakeAnimal((Animal.SHEEP, Animal.CATTLE, Animal.HORSE))])
    assert log_label(g, Choose("cattle"), EN) == "chooses 1 Cattle"
    assert log_label(g, Choose("cattle"), FR) == "choisit 1 vache"


def test_a_count_beside_its_number_is_written_as_the_log_writes_it():
    """Item 21: the panel said "2 Chevaux" and the log "+1 cheval"."""
    from arle.match.words.names import count_name, count_text

    assert count_name("horse", 2, FR) == "chevaux" and count_text("horse", 1, FR) == "1 cheval"
    assert count_name("horse", 2, EN) == "Horses"


def test_the_farmers_inn_says_a_field_becomes_a_forest():
    """Item 2 (its log sentence): the log said "places the tile at row 4, column 1", not that a
    Field became a Forest; the button said "Place the tile"."""
    from arle.engine import Game, PlaceTile
    from arle.engine.rules.building_steps import ReplaceFields
    from arle.match.words import log_label
    from tests.engine.helpers import run_steps

    g = Game(Setup(players=1, seed=1))
    run_steps(g, 0, [ReplaceFields(3)])
    move = PlaceTile("3,0")
    assert log_label(g, move, EN) == "turns the Grain Field at row 4, column 1 into a Forest"
    assert move_label(g, move, EN) == "Turn the Grain Field at row 4, column 1 into a Forest"
    assert log_label(g, move, FR) == "remplace le champ de blé en rangée 4, colonne 1 par une Forêt"


def test_an_inns_cost_names_its_goods_as_the_buttons_do():
    """Item 13: "Pay 9 food and 2 different of 1 wood, 1 clay…" beside capitalized buttons: the
    goods counted in capitals in English, "different" said of several goods, the choice listed
    with "and"; French in lower case as its log writes them."""
    from arle.engine.content.buildings import BUILDINGS
    from arle.match.words.names import cost_text

    assert cost_text(BUILDINGS["farmers_house"].cost, EN) == "1 Grain, 1 Building Material"  # (the buttons)
    assert cost_text(BUILDINGS["potters_inn"].cost, EN) == "9 Food, 2 different Building Materials"
    cost = BUILDINGS["potters_inn"].cost.text()
    assert say(cost) == "9 Food and 2 different goods among 1 Wood, 1 Clay, 1 Timber and 1 Brick"
    assert say(cost, FR) == ("9 nourritures et 2 ressources différentes parmi 1 bois, 1 argile, "
                             "1 madrier et 1 brique")


def test_no_english_prompt_button_or_log_line_counts_a_good_in_lower_case():
    """Item 13: "Choose one: 1 sheep, 1 cattle or 1 horse", the Mill's "3 fields: 8 food": over a
    seeded game, every prompt, every button and every log line in English writes a counted good,
    Animal or tile as the buttons do ("1 Sheep", "3 Fields")."""
    import random
    import re

    from arle.engine import Game
    from arle.match.words import event_words

    lower = re.compile(r"\b\d+ (food|grain|flax|wool|hides?|wood|clay|timber|bricks?|peat|linen|woolen|"
                       r"leather|summer wear|winter wear|leather wear|sheep|cattle|horses?|fields?|"
                       r"stalls?|stables?|dairy animals?)\b")
    rng = random.Random(3)
    g = Game(Setup(players=2, seed=3))
    texts: list[str] = []
    while not g.over:
        texts.append(say(g.prompt()))
        moves = g.legal_moves()
        texts += [move_label(g, m, EN) for m in moves]
        texts += [t for e in g.apply(rng.choice(moves)) if (t := event_words(e, EN))]
    assert len(texts) > 2000
    assert [t for t in texts if lower.search(t)] == []
