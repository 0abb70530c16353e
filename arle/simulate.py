"""``python -m arle simulate``: complete games by a seeded random player, checked after every
move, one JSON line per game."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

from arle.engine import Game, Setup
from arle.engine import animals as animal_rules
from arle.engine import barn as barn_rules
from arle.engine.goods import cap_of
from arle.engine.moves import (
    Done,
    EndTurn,
    Move,
    MoveAnimal,
    ReleaseAnimal,
    ReturnEquipment,
    SkipPlacement,
)
from arle.engine.tiles import EQUIPMENT, STACK_OF, SUPPLY_LIMITS, Tile

#: How much the random player likes each kind of move: it must finish games, so it rarely
#: shuffles Animals, gives things back or skips a placement.
WEIGHTS: dict[type, float] = {
    MoveAnimal: 0.02,
    ReleaseAnimal: 0.01,
    ReturnEquipment: 0.005,
    SkipPlacement: 0.05,
    Done: 0.3,
    EndTurn: 0.3,
}


def choose_move(rng: random.Random, moves: list[Move]) -> Move:
    weights = [WEIGHTS.get(type(m), 1.0) for m in moves]
    return rng.choices(moves, weights)[0]


def setup_for(seed: int, players: int) -> Setup:
    """Every fourth game uses the first-game (light green) buildings, the others a random deal."""
    building_set = "first_game" if seed % 4 == 0 else "random"
    return Setup(players=players, seed=seed, building_set=building_set)


def check_invariants(game: Game) -> None:
    """Raise AssertionError when the state breaks a rule that must always hold."""
    s = game.state
    placed: Counter[str] = Counter()
    for p in s.players:
        for good, n in p.goods.items():
            assert n >= 0, f"{p.name} has {n} {good}"
            cap = cap_of(good)
            assert cap is None or n <= cap, f"{p.name} has {n} {good} over the cap {cap}"
        assert animal_rules.housing_valid(p), f"{p.name} keeps Animals where they may not live"
        if animal_rules.waiting(p):
            assert any(getattr(f, "kind", "") == "house_animals" for f in s.stack), "lost Animals"
        small, large = barn_rules.sizes(p)
        from arle.engine.tiles import barn_fits

        assert barn_fits(small, large), f"{p.name}'s Barn overflows"
        assert len(p.dikes) == 5 and len(set(p.dikes)) == 5, "Dikes overlap"
        for tile in p.tiles.values():
            if tile in Tile.__members__.values() and Tile(tile) in STACK_OF:
                placed[STACK_OF[Tile(tile)]] += 1
        for e in p.barn:
            placed[STACK_OF[e.kind]] += 1
            assert EQUIPMENT[e.kind]
        game.score(p.index)
    for stack, limit in SUPPLY_LIMITS.items():
        assert s.supply[stack] >= 0, f"negative supply of {stack}"
        assert s.supply[stack] + placed[stack] == limit, f"tiles of {stack} not conserved"
    if not game.over:
        assert game.legal_moves(), "no legal move before the end"


def play_one(seed: int, players: int, check: bool = True, max_moves: int = 20000) -> dict:
    rng = random.Random(seed)
    game = Game(setup_for(seed, players))
    moves: list[Move] = []
    result: dict = {"seed": seed, "players": players}
    try:
        while not game.over:
            legal = game.legal_moves()
            move = choose_move(rng, legal)
            game.apply(move)
            moves.append(move)
            if check:
                check_invariants(game)
            if len(moves) > max_moves:
                raise AssertionError(f"no end after {max_moves} moves")
        result.update(ok=True, scores=game.scores(), winner=game.state.winner)
    except Exception as exc:  # a failing game is reported, not fatal to the run
        result.update(ok=False, scores=game.scores(), error=f"{type(exc).__name__}: {exc}",
                      trace=traceback.format_exc(limit=8))
    result["moves"] = len(moves)
    result["_game"] = game
    result["_moves"] = moves
    return result


def save_json(game: Game, moves: list[Move], path: Path) -> None:
    """Write the game in the save format of ``arle.saves`` (``arle verify`` replays it)."""
    from arle.saves import save_game

    save_game(path, game.setup, moves, game)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="arle simulate", description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, choices=(1, 2), default=2)
    parser.add_argument("--save-dir", type=Path)
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    parser.add_argument("--coverage", action="store_true",
                        help="print what the games used: spaces, buildings, destinations, flips")
    args = parser.parse_args(argv)
    failed = 0
    coverage: Counter[str] = Counter()
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        result = play_one(seed, args.players, check=not args.no_check)
        game: Game = result.pop("_game")
        moves: list[Move] = result.pop("_moves")
        coverage.update(game.stats)
        if args.save_dir is not None:
            args.save_dir.mkdir(parents=True, exist_ok=True)
            path = args.save_dir / f"game-{seed}-{args.players}p.arle.json"
            save_json(game, moves, path)
        if not result["ok"]:
            failed += 1
        print(json.dumps(result), flush=True)
    if args.coverage:
        print(json.dumps({"coverage": dict(sorted(coverage.items()))}))
    elapsed = time.perf_counter() - started
    print(f"{args.games - failed} passed, {failed} failed in {elapsed:.1f}s", file=sys.stderr)
    return 1 if failed else 0


