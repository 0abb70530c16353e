"""A save written by another Arle version loads when its moves replay legally (issue 4: a game is
never lost; a rules fix in an update may change the state the moves lead to)."""

from __future__ import annotations

import json

import pytest

from arle import saves
from arle.simulate import play_one


def _saved_game_text() -> dict:
    result = play_one(3, 2)
    game = result["_game"]
    return json.loads(saves.dumps(saves.save_dict(game.setup, result["_moves"], game)))


def test_other_version_with_changed_final_state_still_loads() -> None:
    data = _saved_game_text()
    data["app_version"] = "0.0.1-older"
    data["final"]["state_sha256"] = "0" * 64
    loaded = saves.loads(json.dumps(data))
    assert len(loaded.history.moves) == len(data["moves"])


def test_same_version_with_changed_final_state_is_refused() -> None:
    data = _saved_game_text()
    data["final"]["state_sha256"] = "0" * 64
    with pytest.raises(saves.SaveError, match="does not give the saved final state"):
        saves.loads(json.dumps(data))
