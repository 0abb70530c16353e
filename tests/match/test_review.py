"""Issue 40: the game review. The games in ``data/`` were played by Hard, seed 1, solo, through
``play(Match(GameHistory(setup, seats=("hard",))))``: ``hard_own`` as Hard played it, and
``hard_blunder`` with one deliberate blunder, the 10th Worker taken off the month track without
being placed (``SkipPlacement``, move 39). A whole review at Hard takes half a minute, so the
fast tests review the first half-years (the blunder included) and the whole games are ``slow``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arle.ai import Cancelled
from arle.engine import Done, SkipPlacement
from arle.files.catalogues import load_language
from arle.files.reviews import cache_path, cached, keep
from arle.files.saves import load_history, save_history
from arle.match import GameHistory
from arle.match.review import Moment, Review, actions, costliest, position_before, review, say_moment

DATA = Path(__file__).parent / "data"
BLUNDER = 39
#: The first half-years: the blunder's action and a few after it.
PREFIX = 41


def _game(name: str, upto: int | None = None) -> GameHistory:
    history = load_history(DATA / f"{name}.arle.json")
    if upto is not None:
        history = GameHistory(history.setup, history.moves[:upto], seats=history.seats)
    return history


@pytest.fixture(scope="module")
def blunder_review() -> tuple[GameHistory, Review, list[int], list[tuple[int, int]]]:
    history = _game("hard_blunder", PREFIX)
    found: list[int] = []
    progress: list[tuple[int, int]] = []
    done = review(history.setup, history.moves, history.seats, "hard",
                  on_moment=lambda m: found.append(m.move), on_progress=lambda d, t: progress.append((d, t)))
    return history, done, found, progress


def test_the_data_game_has_its_blunder_at_the_tenth_placement():
    history = _game("hard_blunder")
    assert type(history.moves[BLUNDER]) is SkipPlacement
    placements = [m for m in history.moves[:BLUNDER] if type(m).__name__ == "PlaceWorker"]
    assert len(placements) == 9


def test_a_worker_not_placed_is_among_the_three_costliest_moments(blunder_review):
    _, done, found, progress = blunder_review
    assert BLUNDER in [m.move for m in done.moments[:3]]
    blunder = next(m for m in done.moments if m.move == BLUNDER)
    assert blunder.cost >= 1.0 and blunder.half_year == 3
    assert blunder.played[0] == SkipPlacement() and type(blunder.suggested[0]).__name__ == "PlaceWorker"
    # moments are told as they are found, and the progress goes from none to all
    assert BLUNDER in found
    assert progress[0][0] == 0 and progress[-1][0] == progress[-1][1] == done.decisions


def test_moments_are_listed_costliest_first(blunder_review):
    costs = [m.cost for m in blunder_review[1].moments]
    assert costs == sorted(costs, reverse=True) and len(costs) <= 5


def test_the_computers_own_play_costs_little():
    history = _game("hard_own", PREFIX)
    done = review(history.setup, history.moves, history.seats, "hard")
    assert all(m.cost < 1.0 for m in done.moments), done.moments


def test_the_review_is_deterministic(blunder_review):
    history, done, _, _ = blunder_review
    again = review(history.setup, history.moves, history.seats, "hard")
    assert again == done


def test_the_review_stops_when_asked():
    history = _game("hard_blunder", PREFIX)
    with pytest.raises(Cancelled):
        review(history.setup, history.moves, history.seats, "hard", should_stop=lambda: True)


def test_a_review_is_made_at_hard_or_expert_only():
    history = _game("hard_blunder", 4)
    with pytest.raises(ValueError, match="hard or expert"):
        review(history.setup, history.moves, history.seats, "easy")


def test_the_moment_in_english_and_in_french(blunder_review):
    history, done, _, _ = blunder_review
    blunder = next(m for m in done.moments if m.move == BLUNDER)
    before = position_before(history.setup, history.moves, BLUNDER)
    en = say_moment(blunder, before, load_language("en"))
    assert en.when == "Half-year 3 (Summer)"
    assert en.played == "Skip this Worker"
    assert en.suggested.startswith("Place a Worker on ")
    assert en.why.startswith("A Worker taken off the month track without being placed gains nothing "
                             "this half-year.")
    assert en.cost == f"{blunder.cost:g}"
    fr = say_moment(blunder, before, load_language("fr"))
    assert fr.when == "Semestre 3 (été)"
    assert fr.played == "Passer cet ouvrier"
    assert fr.suggested.startswith("Placer un ouvrier sur l'action ")
    assert fr.why.startswith("Un ouvrier retiré de la piste des mois sans être placé ne rapporte rien "
                             "ce semestre.")
    assert fr.cost == f"{blunder.cost:g}".replace(".", ",")


def test_the_review_names_what_the_two_lines_end_with_in_both_languages(blunder_review):
    """Issue 50 item 5: not "leaves a position the computer values about 15.9 VP higher" but
    what differs (the goods, building, Animals or feeding the two lines end with)."""
    history, done, _, _ = blunder_review
    import attrs

    from arle.ai import Reason

    blunder = next(m for m in done.moments if m.move == BLUNDER)
    before = position_before(history.setup, history.moves, BLUNDER)
    assert blunder.differs is not None and blunder.differs.id == "ai.reason.differs.goods"
    en, fr = say_moment(blunder, before).why, say_moment(blunder, before, load_language("fr")).why
    assert "After the suggestion you would have 1 Grain, 1 Brick, 1 Leather more than after your move." in en
    assert "Avec la suite proposée, vous auriez " in fr and " de plus qu'après votre coup." in fr
    vague = attrs.evolve(blunder, played=blunder.suggested,
                         reason=Reason("ai.reason.position", {"margin": 0}))
    assert say_moment(vague, before).why == (
        "After the suggestion you would have 1 Grain, 1 Brick, 1 Leather more than after your move.")
    for words in (en, fr, say_moment(vague, before).why):
        assert "values" not in words and "estime" not in words and "ligne" not in words


def _hinted_game(players: int, seed: int, half_years: int) -> GameHistory:
    """A seeded game whose person (seat 0) takes the Hint's move at every decision, the other
    seat Hard, up to the end of ``half_years`` half-years."""
    from arle.ai import choose, hint
    from arle.engine import Game, Setup

    seats = ("person", "hard")[:players]
    setup = Setup(players=players, seed=seed, names=("Anna", "Ben")[:players])
    g, moves = Game(setup), []
    while not g.over and g.state.half_year <= half_years:
        move = hint(g)[0] if g.actor == 0 else choose(g, "hard")
        g.apply(move)
        moves.append(move)
    return GameHistory(setup, moves, seats=seats)


@pytest.mark.parametrize(("players", "seed", "half_years"), [(1, 2, 4), (2, 1, 3)])
def test_a_game_that_takes_the_hint_at_every_decision_costs_nothing_in_its_review(players, seed, half_years):
    """Issue 50 item 1: the Hint asked Expert, the review Hard, and the review called a hinted
    move costly. One level for both (``COACH_LEVEL``, the review's default and the Hint's), and
    the review searches again where the Hint would: a game that took the Hint at every decision
    has no moment of 1 VP or more (none at all). The first half-years of a solo and a two-player
    game against Hard; ``test_a_whole_hinted_game_costs_nothing`` plays one to its end."""
    from arle.ai import COACH_LEVEL

    history = _hinted_game(players, seed, half_years)
    done = review(history.setup, history.moves, history.seats)
    assert done.level == COACH_LEVEL and done.decisions >= 15
    assert done.moments == (), done.moments


@pytest.mark.slow
def test_a_whole_hinted_game_costs_nothing():
    """Issue 50 item 1, a whole two-player game against Hard (seed 1; about 2 minutes)."""
    history = _hinted_game(2, 1, 99)
    assert review(history.setup, history.moves, history.seats).moments == ()


# -- the cache beside the game ----------------------------------------------------------------------


def test_a_review_is_kept_beside_its_game_and_read_back(tmp_path, blunder_review):
    history, done, _, _ = blunder_review
    path = tmp_path / "game.arle.json"
    save_history(path, history)
    before = path.read_bytes()
    assert cached(path, history, "hard") is None
    assert keep(path, done)
    assert cache_path(path).name == "game.arle.json.review.json"
    assert cached(path, history, "hard") == done
    assert cached(path, history, "expert") is None  # another level: reviewed again
    longer = GameHistory(history.setup, _game("hard_blunder", PREFIX + 1).moves, seats=history.seats)
    assert cached(path, longer, "hard") is None  # the game went on: reviewed again
    assert path.read_bytes() == before


@pytest.mark.parametrize("text", ["", "not json", "{}", '{"format": "arle-review", "reviews": 3}',
                                  '{"format": "arle-review", "reviews": [{"key": 1}]}', "\ud800"])
def test_a_bad_cache_is_ignored_and_rewritten(tmp_path, blunder_review, text):
    history, done, _, _ = blunder_review
    path = tmp_path / "game.arle.json"
    save_history(path, history)
    cache_path(path).write_text(text, encoding="utf-8", errors="surrogatepass")
    assert cached(path, history, "hard") is None
    assert keep(path, done) and cached(path, history, "hard") == done
    assert load_history(path).moves == history.moves


def test_a_cache_with_the_right_key_but_altered_moments_is_ignored(tmp_path, blunder_review):
    history, done, _, _ = blunder_review
    path = tmp_path / "game.arle.json"
    keep(path, done)
    data = json.loads(cache_path(path).read_text())
    data["reviews"][0]["moments"][0]["played"] = [{"type": "NoSuchMove"}]
    cache_path(path).write_text(json.dumps(data))
    assert cached(path, history, "hard") is None


# -- the command ------------------------------------------------------------------------------------


def test_arle_review_json_lists_the_moments_and_keeps_the_review(tmp_path, capsys, monkeypatch,
                                                                 blunder_review):
    from arle.commands import review_command as command

    history, done, _, _ = blunder_review
    path = tmp_path / "game.arle.json"
    save_history(path, history)
    keep(path, done)  # reviewed already: the command reads it back
    monkeypatch.setattr("arle.match.review.review", lambda *a, **k: pytest.fail("reviewed again"))
    assert command.main([str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [m["move"] for m in out["moments"]] == [m.move for m in done.moments]
    first = out["moments"][[m["move"] for m in out["moments"]].index(BLUNDER)]
    assert set(first) >= {"move", "cost", "played", "suggested", "why"}
    assert first["played"] == "Skip this Worker"
    assert command.main([str(path), "--lang", "fr"]) == 0
    assert "Passer cet ouvrier" in capsys.readouterr().out


def test_arle_review_says_in_one_sentence_what_it_cannot_read(tmp_path, capsys):
    from arle.commands import review_command as command

    bad = tmp_path / "bad.arle.json"
    bad.write_text("{")
    assert command.main([str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("arle review: ") and "\n" not in err


@pytest.mark.slow
@pytest.mark.parametrize("name", ["hard_blunder", "hard_own"])
def test_whole_games_reviewed(name):
    history = _game(name)
    done = review(history.setup, history.moves, history.seats, "hard")
    if name == "hard_blunder":
        assert BLUNDER in [m.move for m in done.moments[:3]]
    else:
        assert all(m.cost < 1.0 for m in done.moments)


def test_the_scores_through_the_half_years_end_with_the_final_score():
    """Issue 40's game-over chart: one total per half-year, the last the final score."""
    from arle.match.scores import scores_by_half_year

    history = _game("hard_own")
    scores = scores_by_half_year(history.setup, history.moves)
    assert len(scores) == 9 and scores[-1] == tuple(history.game.scores())
    assert len(scores_by_half_year(history.setup, history.moves[:PREFIX])) == 2  # a game in progress


def _costing(*costs: float) -> list[Moment]:
    """Moments of these costs, at moves 0, 1, 2, ... (what ``costliest`` ranks)."""
    from arle.ai import Reason

    reason = Reason("ai.reason.position", {})
    return [Moment(i, i, 0, 1, cost, (), (), reason) for i, cost in enumerate(costs)]


def test_a_fourth_and_fifth_moment_of_exactly_one_vp_are_listed():
    """Issue 51, item 4: the extra moments are listed while each costs ``WORTH`` (1 VP) or more:
    exactly 1 VP is in, just under it is out."""
    assert [m.cost for m in costliest(_costing(3.0, 2.0, 1.5, 1.0, 1.0))] == [3.0, 2.0, 1.5, 1.0, 1.0]
    assert [m.cost for m in costliest(_costing(3.0, 2.0, 1.5, 1.0, 0.9))] == [3.0, 2.0, 1.5, 1.0]
    assert [m.cost for m in costliest(_costing(0.5, 0.4, 0.3, 0.2))] == [0.5, 0.4, 0.3]


def test_among_equal_costs_the_earlier_moment_comes_first():
    """Issue 51, item 5: moments that cost the same are listed in the game's order."""
    assert [m.move for m in costliest(_costing(2.0, 2.0, 3.0, 2.0))] == [2, 0, 1, 3]


def _colonist_then_done() -> tuple[GameHistory, list]:
    """Hard's own game, but its first action (the Colonist) ended at its second step with Done
    instead of taking the Horse: a costly move that is not where its action began."""
    history = _game("hard_own")
    return history, [history.moves[0], Done()]


def test_an_action_still_being_played_is_not_reviewed():
    """Issue 51, item 6: in a game in progress, the action not yet over is left out (its end
    cannot be valued); every action a prefix lists is one the whole game lists alike."""
    history = _game("hard_own", PREFIX)
    whole = [(a.start, a.end, a.player) for a in actions(history.setup, history.moves, (0,))]
    for n in range(len(history.moves)):
        part = [(a.start, a.end, a.player) for a in actions(history.setup, history.moves[:n], (0,))]
        assert set(part) <= set(whole), n
    assert review(history.setup, history.moves[:1], history.seats, "hard").decisions == 0


def test_the_moments_move_is_the_first_move_that_left_the_suggestion():
    """Issue 51, item 7: ``move`` is the first move off the Hint's line (the position shown is
    before it), ``start`` where the action began."""
    history, moves = _colonist_then_done()
    done = review(history.setup, moves, history.seats, "hard")
    assert [(m.start, m.move, m.played) for m in done.moments] == [(0, 1, (Done(),))]


# -- issue 48 item 3: the cache is read as any untrusted file; a damaged file's review says what it left out


def test_a_cache_nested_2000_deep_is_no_cache_and_is_rewritten(tmp_path, blunder_review):
    history, done, _, _ = blunder_review
    path = tmp_path / "game.arle.json"
    save_history(path, history)
    cache_path(path).write_text('{"format": "arle-review", "reviews": [' + "[" * 2000 + "]" * 2000 + "]}")
    assert cached(path, history, "hard") is None
    assert keep(path, done) and cached(path, history, "hard") == done


@pytest.mark.skipif(not hasattr(__import__("os"), "symlink"), reason="no symlinks here")
def test_a_cache_linked_to_the_game_itself_never_writes_into_the_game(tmp_path, blunder_review):
    """Issue 48 item 1: the review was written into the save, 120 moves destroyed."""
    history, done, _, _ = blunder_review
    path = tmp_path / "game.arle.json"
    save_history(path, history)
    before = path.read_bytes()
    cache_path(path).symlink_to(path)
    assert not keep(path, done)
    assert path.read_bytes() == before and cache_path(path).is_symlink()


def test_the_review_of_a_damaged_file_says_how_many_moves_it_left_out(tmp_path, capsys, monkeypatch,
                                                                      blunder_review):
    from arle.commands import review_command as command

    history, _, _, _ = blunder_review
    path = tmp_path / "game.arle.json"
    save_history(path, history)
    data = json.loads(path.read_text())
    data["moves"][20] = {"type": "NoSuchMove"}
    path.write_text(json.dumps(data))
    monkeypatch.setattr("arle.match.review.review", lambda *a, **k: Review("hard", "k", 0, ()))
    assert command.main([str(path), "--json", "--no-cache"]) == 0
    assert json.loads(capsys.readouterr().out)["left_out"] == PREFIX - 20
    assert command.main([str(path), "--no-cache"]) == 0
    assert f"{PREFIX - 20} moves could not be replayed and are left out" in capsys.readouterr().out
    assert command.main([str(path), "--no-cache", "--lang", "fr"]) == 0
    assert f"{PREFIX - 20} coups" in capsys.readouterr().out
