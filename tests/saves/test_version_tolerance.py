"""The recorded final state of a save is always checked (a tampered file must not load because its
``app_version`` label is missing or changed), except the fingerprint when it was made by another
fingerprint format (``FINGERPRINT_VERSION``): a change of the hashing must not refuse older saves."""

from __future__ import annotations

import json

import pytest

from arle.commands.simulate import play_one
from arle.files import saves
from arle.files.final import FINGERPRINT_VERSION, fingerprint


def _saved_game_text() -> dict:
    result = play_one(3, 2)
    game = result["_game"]
    return json.loads(saves.dumps(saves.save_dict(game.setup, result["_moves"], game)))


@pytest.mark.parametrize("version", ["0.0.1-older", None, 7, "absent"])
def test_a_tampered_final_state_is_refused_whatever_the_app_version(version: object) -> None:
    """Outside probe: a tampered final state was accepted whenever app_version was missing,
    changed or not a string."""
    data = _saved_game_text()
    if version == "absent":
        del data["app_version"]
    else:
        data["app_version"] = version
    data["final"]["state_sha256"] = "0" * 64
    with pytest.raises(saves.SaveError, match="does not give the saved final state"):
        saves.loads(json.dumps(data))


def test_tampered_scores_are_refused_even_with_another_fingerprint_format() -> None:
    data = _saved_game_text()
    data["final"]["fingerprint"] = FINGERPRINT_VERSION + 1
    data["final"]["scores"] = [99, 99]
    with pytest.raises(saves.SaveError, match="fingerprinted by a newer Arle"):
        saves.loads(json.dumps(data))


def test_a_fingerprint_version_this_arle_does_not_know_is_refused() -> None:
    """Issue 33: a fingerprint version edited to one this Arle does not make switched the state
    check off, so edited moves were accepted; a newer or an invalid version is refused."""
    data = _saved_game_text()
    newer = FINGERPRINT_VERSION + 1
    for version, words in ((newer, f"fingerprinted by a newer Arle (version {newer}"),
                           (0, "no valid fingerprint version"), (True, "no valid fingerprint version")):
        data["final"]["fingerprint"] = version
        data["final"]["state_sha256"] = "0" * 64
        with pytest.raises(saves.SaveError, match=words.replace("(", r"\(")):
            saves.loads(json.dumps(data))


def test_a_save_without_a_fingerprint_version_is_of_the_first_format() -> None:
    """Saves written before the fingerprint was versioned are checked as version 1."""
    data = _saved_game_text()
    del data["final"]["fingerprint"]
    saves.loads(json.dumps(data))
    data["final"]["state_sha256"] = "0" * 64
    with pytest.raises(saves.SaveError, match="does not give the saved final state"):
        saves.loads(json.dumps(data))


def test_a_version_1_fingerprint_made_with_the_old_prompts_is_checked_with_them() -> None:
    """Issue 31 reworded two prompts ("Convert: up to 2", not "up to 2 more", before any; "Choose
    one (1 of 2)" at the Potter's Inn), which fingerprint version 1 hashed. A save made by the
    earlier Arle, its last position at the Potter, still opens, and is still checked: its moves
    edited, it is refused."""
    from arle.engine import PlaceWorker, Setup
    from arle.match.history import GameHistory

    history = GameHistory(Setup(players=2, seed=3, start_player=0))
    while history.game.state.half_year < 2:  # the first decision each time: to the winter half-year
        history.apply(history.game.decision_moves()[0])
    assert PlaceWorker("winter.potter") in history.game.legal_moves()
    history.apply(PlaceWorker("winter.potter"))
    prompt = str(history.game.prompt())
    assert prompt.startswith("Convert: up to ") and "more" not in prompt
    data = saves.save_dict(history.setup, history.moves, history.game)
    data["final"]["state_sha256"] = fingerprint(history.game, 1)
    data["final"]["fingerprint"] = 1
    assert fingerprint(history.game, 1) != fingerprint(history.game)
    assert len(saves.loads(json.dumps(data)).history.moves) == len(history.moves)
    del data["final"]["fingerprint"]  # absent: version 1
    assert len(saves.loads(json.dumps(data)).history.moves) == len(history.moves)
    data["moves"] = data["moves"][:-1]
    data["final"]["phase"] = history.game.state.phase.value
    with pytest.raises(saves.SaveError, match="does not give the saved final state"):
        saves.loads(json.dumps(data))
