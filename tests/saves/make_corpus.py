"""Regenerate the corpus of broken save files: ``python tests/saves/make_corpus.py``.

Each file breaks one thing (see ``test_broken_saves.EXPECTED``). They start from a short valid
game (three skipped Worker placements, always legal in the Work Phase, rulebook p. 6) so that
rules changes in the engine do not change why a file is refused. The over-4-MB file is made by
the test itself rather than kept in the repository.
"""

from __future__ import annotations

import json
from pathlib import Path

from arle.engine import Game, Setup
from arle.engine.interpreter.moves import SkipPlacement
from arle.files.saves import dumps, save_dict

HERE = Path(__file__).parent
CORPUS = HERE / "corpus"


def base() -> dict:
    setup = Setup(players=2, seed=1, start_player=0)
    moves = [SkipPlacement()] * 3
    game = Game(setup)
    for m in moves:
        game.apply(m)
    return save_dict(setup, moves, game)


def variants() -> dict[str, bytes]:
    good = dumps(base())
    out: dict[str, bytes] = {}

    def edited(name: str, change) -> None:
        data = base()
        change(data)
        compact = len(data["moves"]) > 100 if isinstance(data.get("moves"), list) else False
        out[name] = json.dumps(data, indent=None if compact else 1).encode()

    out["not_json.arle.json"] = b"Dear friend, here is my Fields of Arle game!\n"
    out["empty.arle.json"] = b""
    out["not_text.arle.json"] = bytes(range(256)) * 4
    out["truncated.arle.json"] = good[: len(good) // 2].encode()
    out["not_a_record.arle.json"] = b"[1, 2, 3]\n"
    edited("wrong_format.arle.json", lambda d: d.update(format="chess-save"))
    edited("no_schema.arle.json", lambda d: d.pop("schema"))
    edited("future_schema.arle.json", lambda d: d.update(schema=99, app_version="9.0"))
    edited("no_setup.arle.json", lambda d: d.pop("setup"))
    edited("setup_unknown_field.arle.json", lambda d: d["setup"].update(variant="deluxe"))
    edited("setup_bad_type.arle.json", lambda d: d["setup"].update(seed="forty-two"))
    edited("setup_three_players.arle.json", lambda d: d["setup"].update(players=3))
    edited("setup_long_names.arle.json", lambda d: d["setup"].update(names=["x" * 500, "y"]))
    edited("setup_too_many_names.arle.json", lambda d: d["setup"].update(names=["a", "b", "c"]))
    edited("bad_options.arle.json", lambda d: d.update(options={"friendly_undo": "yes"}))
    edited("moves_not_a_list.arle.json", lambda d: d.update(moves={"1": "SkipPlacement"}))
    edited("malformed_move.arle.json", lambda d: d["moves"].__setitem__(1, {"type": "Teleport"}))
    edited(
        "illegal_move.arle.json",
        lambda d: d["moves"].__setitem__(2, {"type": "PlaceWorker", "space": "summer.moon"}),
    )
    edited("snapshot_mismatch.arle.json", lambda d: d["final"].update(state_sha256="0" * 64))
    edited("score_mismatch.arle.json", lambda d: d["final"].update(scores=[99.0, 0.0]))
    edited("final_incomplete.arle.json", lambda d: d.update(final={"half_year": 1}))
    edited("too_many_moves.arle.json", lambda d: d.update(moves=[0] * 20_001))
    out["nested_too_deep.arle.json"] = b"[" * 100_000 + b"]" * 100_000  # Python 3.13 parses 5,000
    return out


def main() -> None:
    CORPUS.mkdir(exist_ok=True)
    for old in CORPUS.glob("*.arle.json"):
        old.unlink()
    for name, data in variants().items():
        (CORPUS / name).write_bytes(data)
    print(f"{len(variants())} files in {CORPUS}")


if __name__ == "__main__":
    main()
