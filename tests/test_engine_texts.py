"""The engine's texts in French (issue 14): every msgid the engine can produce has a French
translation in ``resources/i18n/fr/engine.po``, with the French rulebook's terms and plurals, and
saves stay language-neutral."""

from __future__ import annotations

import ast
import gettext
import json
import re
from pathlib import Path

import attrs
import pytest

from arle.engine import (
    ENGLISH,
    Choose,
    CutPeat,
    Game,
    Language,
    Move,
    PlaceWorker,
    Setup,
    Text,
    move_to_dict,
    render,
    say,
    solo_rating,
)
from arle.engine.content.catalogue import msgids
from arle.engine.interpreter import events

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "arle" / "engine"
PO = ROOT / "resources" / "i18n" / "fr" / "engine.po"
CALLS = {"t": 1, "tn": 2, "noun": 1}  # the text functions and how many literal msgids they take


def code_msgids() -> tuple[list[str | tuple[str, str]], list[str]]:
    """The literal msgids of ``t(``/``tn(``/``noun(`` calls in the engine, and where a ``t(`` or
    ``tn(`` call has a first argument that is not a literal (an extractor could not see it)."""
    found: list[str | tuple[str, str]] = []
    bad: list[str] = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            n = CALLS.get(node.func.id)
            if n is None or path.name == "text.py":
                continue
            args = node.args[:n]
            literal = len(args) == n and all(
                isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args)
            if literal:
                values = [a.value for a in args]  # type: ignore[attr-defined]
                found.append(values[0] if n == 1 else (values[0], values[1]))
            elif node.func.id != "noun":  # noun(x) of a content name: the catalogue lists x
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found, bad


def all_msgids() -> list[str | tuple[str, str]]:
    return list(dict.fromkeys([*code_msgids()[0], *msgids()]))


def _unquote(line: str) -> str:
    return json.loads(line)  # a PO string is a C string: JSON reads the escapes it uses


def parse_po(text: str) -> dict[str | tuple[str, str], str | tuple[str, ...]]:
    """A small PO reader: msgid (and msgid_plural) to msgstr (or the msgstr[i] forms)."""
    entries: dict[str | tuple[str, str], str | tuple[str, ...]] = {}
    fields: dict[str, str] = {}
    last = ""

    def flush() -> None:
        if fields.get("msgid"):
            if "msgid_plural" in fields:
                forms = tuple(fields[k] for k in sorted(fields) if k.startswith("msgstr["))
                entries[(fields["msgid"], fields["msgid_plural"])] = forms
            else:
                entries[fields["msgid"]] = fields.get("msgstr", "")
        fields.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line:
                flush()
            continue
        match = re.match(r'^(msgid_plural|msgid|msgstr(?:\[\d\])?)\s+(".*")$', line)
        if match:
            key = match.group(1)
            if key == "msgid" and "msgid" in fields:
                flush()
            last = key
            fields[last] = _unquote(match.group(2))
        else:
            fields[last] += _unquote(line)
    flush()
    return entries


CATALOGUE = parse_po(PO.read_text(encoding="utf-8")) if PO.exists() else {}


class _French(gettext.NullTranslations):
    """engine.po as a gettext catalogue (the runtime loader compiles it; this reads the source)."""

    def gettext(self, message: str) -> str:
        found = CATALOGUE.get(message)
        return found if isinstance(found, str) and found else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = CATALOGUE.get((singular, plural))
        if isinstance(forms, tuple) and len(forms) == 2:
            return forms[1 if n > 1 else 0]
        return singular if n == 1 else plural


FR = Language(_French(), code="fr", decimal_point=",")


def fr(text: Text | str) -> str:
    return say(text, FR)


# -- the catalogue is complete ---------------------------------------------------------------------


def test_every_t_and_tn_call_has_a_literal_msgid() -> None:
    """An extractor reads msgids from the source: a computed first argument would be missed."""
    assert code_msgids()[1] == []


def test_every_engine_msgid_has_a_french_translation() -> None:
    missing = [m for m in all_msgids() if not _translated(m)]
    assert missing == []


def _translated(msgid: str | tuple[str, str]) -> bool:
    found = CATALOGUE.get(msgid)
    if isinstance(msgid, tuple):
        return isinstance(found, tuple) and len(found) == 2 and all(found)
    return isinstance(found, str) and bool(found)


def test_french_keeps_every_placeholder() -> None:
    """A translation naming other fields than its msgid would fall back to English."""
    fields = re.compile(r"\{(\w+)(?::[^{}]*)?\}")  # (a form asked of a noun, "{tile:le}", is that field)
    wrong = []
    for msgid, french in CATALOGUE.items():
        english = msgid if isinstance(msgid, str) else msgid[0]
        for form in (french,) if isinstance(french, str) else french:
            if set(fields.findall(form)) != set(fields.findall(english)):
                wrong.append(english)
    assert wrong == []


def test_po_header_declares_utf8_and_french_plurals() -> None:
    head = PO.read_text(encoding="utf-8").split("\n\n", 1)[0]
    assert "charset=UTF-8" in head and "Plural-Forms: nplurals=2; plural=(n > 1);" in head


# -- French in real situations -------------------------------------------------------------------


def _placed(game: Game, space: str) -> Game:
    game.apply(PlaceWorker(space))
    return game


def test_french_phase_prompt_names_the_player() -> None:
    game = Game(Setup(players=1, names=("Anna",), seed=3))
    assert fr(game.prompt()) == "Anna : placez un ouvrier"
    assert str(game.prompt()) == "Anna: place a Worker"


def test_french_counts_follow_the_french_plural_rule() -> None:
    """French: 0 and 1 take the singular ("1 mouton", "2 moutons", "0 cheval", "2 chevaux")."""
    from arle.engine.content.words import counted

    assert [fr(counted("sheep", n)) for n in (0, 1, 2)] == ["0 mouton", "1 mouton", "2 moutons"]
    assert [fr(counted("horse", n)) for n in (1, 3)] == ["1 cheval", "3 chevaux"]
    assert str(counted("sheep", 2)) == "2 Sheep"


def test_french_option_prompts_use_the_rulebook_terms() -> None:
    """The Grocer's "either ... or" and the Colonist's "and/or" (rulebook p. 13), in French."""
    grocer = _placed(Game(Setup(players=1, seed=3)), "summer.grocer")
    assert fr(grocer.prompt()) == (
        "Choisissez : 1 madrier, 1 brique, 1 mouton, 1 vache ou 1 cheval")
    colonist = _placed(Game(Setup(players=1, seed=3)), "summer.colonist")
    # (issue 50 item 28: "Maintenant : Vous pouvez : … et/ou …" had three colons and "et/ou")
    assert fr(colonist.prompt()) == "Vous pouvez prendre 1 cheval et assécher une tourbière"
    options = [m for m in colonist.legal_moves() if isinstance(m, Choose)]
    assert colonist.decision is not None
    assert [fr(colonist.decision.option_text(colonist, m.option)) for m in options] == [
        "prendre 1 cheval", "assécher une tourbière"]


def test_french_count_prompt_and_cut_peat() -> None:
    """"Per Spade, you may cut 1 Peat" (Peat Cutter): the prompt counts what is left."""
    from arle.engine.interpreter.steps import CutPeatDecision

    game = Game(Setup(players=1, seed=3))
    assert fr(CutPeatDecision(0, 3).prompt(game)) == "Extraire de la tourbe : 3 au plus"
    assert str(CutPeatDecision(0, 3).prompt(game)) == "Cut Peat: up to 3"
    assert fr(CutPeatDecision(0, 2, taken=1).prompt(game)) == "Extraire de la tourbe : encore 2 au plus"
    assert str(CutPeatDecision(0, 2, taken=1).prompt(game)) == "Cut Peat: up to 2 more"


def test_french_refusal_names_the_space_in_french() -> None:
    game = Game(Setup(players=2, names=("Anna", "Bruno"), start_player=0, seed=3))
    game.apply(PlaceWorker("summer.fisherman"))
    while game.actor != 1:  # the Fisherman asks nothing of Anna; Bruno places next
        game.apply(game.decision_moves()[-1])
    reason = game.why_not(PlaceWorker("summer.fisherman"))
    assert reason is not None
    assert fr(render(reason)) == "La case Pêcheur (été) est déjà occupée par Anna."
    assert str(render(reason)) == "Summer: Fisherman is already taken by Anna."


def test_french_log_line_and_refusal_of_a_cut() -> None:
    """A log line (``ActionUsed``) and a refusal carrying a prompt, both in French."""
    game = _placed(Game(Setup(players=1, seed=3)), "summer.woolen_weaver")
    reason = game.why_not(CutPeat(0))
    assert reason is not None and fr(render(reason)).startswith(
        "Vous ne pouvez extraire de la tourbe que lorsqu'une action le permet (tourbier, ")
    logged = events.ActionUsed(0, "milking", _milking(4))
    assert fr(logged.text) == "la traite rapporte 4 nourritures"


def _milking(food: int) -> Text:
    from arle.engine.content.text import t
    from arle.engine.content.words import counted

    return t("milking gives {food}", food=counted("food", food))


def test_french_solo_rating_writes_decimal_commas() -> None:
    """Solo (rulebook "The Solo Game Variant"): 110 VP is a remarkable score."""
    assert fr(solo_rating(33.5)) == "33,5 PV, soit 76,5 PV de moins qu'un score remarquable (110)"
    assert str(solo_rating(33.5)) == "33.5 VP: 76.5 short of a remarkable score (110)"


# -- saves stay language-neutral -----------------------------------------------------------------


def _holds_text(value: object) -> bool:
    if isinstance(value, Text):
        return True
    if isinstance(value, tuple | list):
        return any(_holds_text(v) for v in value)
    if isinstance(value, dict):
        return any(_holds_text(v) for v in value.values())
    if attrs.has(type(value)):
        return any(_holds_text(getattr(value, f.name)) for f in attrs.fields(type(value)))
    return False


@pytest.mark.parametrize("players", [1, 2])
def test_moves_and_saves_never_hold_a_text(players: int) -> None:
    """A save is the setup and the moves (plus an English summary): no ``Text``, so a game saved
    while the window speaks French opens in English."""
    from arle.files.saves import dumps, save_dict
    from arle.gui.kit import texts

    game = Game(Setup(players=players, seed=11))
    played: list[Move] = []
    for _ in range(120):
        if game.over:  # (the Warden's Done, issue 50, changed the moves drawn: a game may end first)
            break
        legal = game.legal_moves()
        assert not any(_holds_text(m) for m in legal)
        move = legal[len(played) * 7 % len(legal)]
        game.apply(move)
        played.append(move)
    assert all(json.dumps(move_to_dict(m)) for m in played)
    english = dumps(save_dict(game.setup, played, game))
    texts.set_language(FR)
    try:
        french = dumps(save_dict(game.setup, played, game))
    finally:
        texts.set_language(ENGLISH)
    assert french == english  # the fingerprint hashes the English prompt, whatever the window says


def _msgids_in(text: object) -> set[str | tuple[str, str]]:
    """Every msgid a rendered text looks up (the joins' patterns have no words: left out)."""
    if not isinstance(text, Text):
        return set()
    found: set[str | tuple[str, str]] = set()
    if re.sub(r"\{\w+\}", "", text.msgid).strip(" ,/+"):
        found.add(text.msgid if text.plural is None else (text.msgid, text.plural))
    for _, value in text.params:
        found |= _msgids_in(value)
    return found


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_text_of_a_random_game_is_in_the_french_catalogue(seed: int) -> None:
    """The prompts, option texts, refusals and log lines a game really shows, names included
    (a name built at run time that the catalogue missed would stay English)."""
    import random

    rng = random.Random(seed)
    game = Game(Setup(players=1 + seed % 2, seed=seed))
    shown: set[str | tuple[str, str]] = set()
    for _ in range(600):
        if game.over:
            break
        shown |= _msgids_in(game.prompt())
        d = game.decision
        legal = game.legal_moves()
        for move in legal:
            if d is not None and isinstance(move, Choose):
                shown |= _msgids_in(d.option_text(game, move.option))
        for probe in (PlaceWorker("summer.fisherman"), CutPeat(0)):
            reason = game.why_not(probe)
            if reason is not None:
                shown |= _msgids_in(render(reason))
        for event in game.apply(rng.choice(legal)):
            if isinstance(event, events.ActionUsed):
                shown |= _msgids_in(event.text)
    missing = sorted(str(m) for m in shown if not _translated(m))
    assert missing == []


def test_an_empty_join_says_nothing_not_the_catalogue_header() -> None:
    """gettext("") is a compiled catalogue's header: a sale prompt with no sale left joins
    nothing and must not show it."""
    from arle.engine import join

    class WithHeader(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return "Content-Type: text/plain; charset=UTF-8" if message == "" else message

    assert say(join([]), Language(WithHeader())) == ""


def test_french_inventory_report_counts_take_the_french_plural() -> None:
    """The inventory summary (rulebook p. 8) counts goods with the French plural: "2 nourritures",
    "3 moutons" (a bare "{n} {good}" would read "2 Nourriture")."""
    from arle.engine.rules.inventory_report import InventoryReport

    report = InventoryReport(0, "may", breeding=(("sheep", 3),), food=(("food", 2),),
                             missing_food=2, missing_fuel=1, vp=-6)
    assert fr(report.text()) == ("reproduction : 3 moutons ; tonte : rien ; "
                                 "nourriture payée : 2 nourritures ; "
                                 "pénurie : il manque 2 nourritures + 1 tourbe (-6 PV)")


def test_french_score_reasons_write_half_points_with_a_decimal_comma() -> None:
    """Timber scores ½ VP (rulebook, "The End of the Game and the Winner"): in French the
    reason reads "+1,5 PV", with the animals counted in French ("0 vache")."""
    from arle.engine.rules.scoring import score_reasons

    p = Game(Setup(players=1, seed=3)).state.players[0]
    from arle.engine.content.goods import Good

    p.goods = {**p.goods, Good.TIMBER: 3}
    reasons = {k: fr(v) for k, v in score_reasons(p).items()}
    assert "3 madriers : +1,5 PV" in reasons["clothing_and_materials"]
    assert reasons["animals"].startswith("0 ")
    assert "+1.5 VP" in str(score_reasons(p)["clothing_and_materials"])
