"""Issue 42 item 3: a save with one unplayable move was refused whole. Saves keep what can be
replayed, as journals do: the moves before the first that cannot be read or played, a sentence
saying what was kept and lost, and the file left untouched."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from arle.engine import FREE_MOVES, Game, MoveAnimal, Setup, move_to_dict
from arle.files import saves
from arle.files.errors import SaveError
from arle.match.history import GameHistory
from tests.saves.helpers import full_game


def _save_with(tmp_path: Path, change) -> tuple[Path, int]:
    setup, moves = full_game(5, 2)
    history = GameHistory(setup, moves[:120])
    data = saves.save_dict(history.setup, history.moves, history.game)
    change(data["moves"])
    path = tmp_path / "g.arle.json"
    path.write_text(saves.dumps(data))
    return path, len(data["moves"])


def test_a_move_a_rules_fix_made_illegal_keeps_the_59_moves_before_it(tmp_path: Path) -> None:
    def illegal(moves: list) -> None:
        moves[59] = {"type": "PlaceWorker", "space": "nowhere"}

    path, total = _save_with(tmp_path, illegal)
    before = path.read_bytes()
    with pytest.raises(SaveError, match="move 60"):
        saves.load_save(path)  # ``arle verify`` stays strict
    loaded = saves.load_save(path, partial=True)
    assert len(loaded.history.moves) == 59 and loaded.damage is not None
    assert (loaded.damage.move, loaded.damage.kept, loaded.damage.lost) == (60, 59, total - 59)
    assert str(loaded.damage).startswith("Move 60 of the save is not ")
    assert "the first 59 moves were kept; 61 moves could not be used" in str(loaded.damage)
    assert path.read_bytes() == before


def test_a_move_type_this_arle_does_not_know_keeps_the_moves_before_it(tmp_path: Path) -> None:
    def unknown(moves: list) -> None:
        moves[30] = {"type": "FlyToTheMoon"}

    path, _total = _save_with(tmp_path, unknown)
    loaded = saves.load_save(path, partial=True)
    assert len(loaded.history.moves) == 30 and loaded.damage is not None and loaded.damage.why == "unknown"


@pytest.mark.parametrize("move", ["x", 7, [1], None, True])
def test_a_move_that_is_not_an_object_keeps_the_moves_before_it(tmp_path: Path, move: object) -> None:
    """Issue 49: a move that is a text, a number or a list crashed the partial replay (it was taken
    for a move already read); it is a move this Arle does not know, and the strict load says so."""

    def not_an_object(moves: list) -> None:
        moves[30] = move

    path, _total = _save_with(tmp_path, not_an_object)
    loaded = saves.load_save(path, partial=True)
    assert len(loaded.history.moves) == 30 and loaded.damage is not None and loaded.damage.why == "unknown"
    with pytest.raises(SaveError, match="move 31 is not a valid move: a move must be an object"):
        saves.load_save(path)


def test_a_whole_save_loads_as_before_and_is_still_checked(tmp_path: Path) -> None:
    path, total = _save_with(tmp_path, lambda moves: None)
    loaded = saves.load_save(path, partial=True)
    assert loaded.damage is None and len(loaded.history.moves) == total
    data = json.loads(path.read_text())
    data["final"]["scores"] = [99, 99]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="final state"):
        saves.load_save(path, partial=True)


def test_a_2600_move_save_of_the_previous_version_opens_at_its_first_2500_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The previous version let anytime moves (Animals moved back and forth) go on past 2,500
    moves; this one does not, so such a save stops there instead of being refused whole."""
    from arle.engine.interpreter import game as game_module

    setup = Setup(players=2, seed=6)
    with monkeypatch.context() as old_version:  # the game bounded only by the history then
        old_version.setattr(game_module, "FREE_MOVES", 10**6)
        game, moves, rng = Game(setup), [], random.Random(6)
        while len(moves) < 2600:
            shuffles = [m for m in game.anytime_moves() if isinstance(m, MoveAnimal)]
            move = rng.choice(shuffles) if shuffles else rng.choice(game.decision_moves())
            game.apply(move)
            moves.append(move)
    data = saves.save_dict(setup, moves, game)
    path = tmp_path / "old.arle.json"
    path.write_text(saves.dumps(data))
    loaded = saves.load_save(path, partial=True)
    kept = len(loaded.history.moves)
    assert kept >= FREE_MOVES and loaded.damage is not None and loaded.damage.why == "illegal"
    assert kept + loaded.damage.lost == 2600
    assert loaded.history.moves == moves[:kept]
    assert json.loads(path.read_text())["moves"] == [move_to_dict(m) for m in moves]
