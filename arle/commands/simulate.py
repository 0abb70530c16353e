"""``python -m arle simulate``: complete games by a seeded random player, checked after every
move, one JSON line per game (``--log``: each game's log in words before it, without Qt)."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

from arle.engine import (
    BUILDINGS,
    EQUIPMENT,
    MAX_MOVES,
    RED,
    STACK_OF,
    SUPPLY_LIMITS,
    YELLOW,
    Choose,
    Done,
    EndTurn,
    Game,
    Good,
    HouseAnimalsDecision,
    Language,
    Load,
    Move,
    MoveAnimal,
    Pay,
    PlaceWorker,
    ReleaseAnimal,
    ReturnEquipment,
    Setup,
    SkipPlacement,
    Tile,
    UseBuilding,
    animal_housing_valid,
    animals_waiting,
    barn_sizes,
    buildable_buildings,
    cap_of,
)
from arle.match import Change, GameHistory, LogEntry, Match, Person, Words, play
from arle.match.change import plain_words

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


#: Buildings a random player almost never affords (3 Timber + 3 Bricks + 15 Food, 25 Food...):
#: chosen whenever offered, and the build spaces are taken whenever one of them is affordable.
HARD_BUILDINGS = frozenset({*RED, "waterfront_house", "weaving_mill", "textile_house"})
#: Buildings built too rarely otherwise (2 of 5 yellow are in play; the Mill needs 8 Grain or Flax).
RARE_BUILDINGS = frozenset({*YELLOW, "mill", "saddlery", "joinery"})
BUILD_SPACES = frozenset({"summer.builder", "summer.carpenter", "summer.forester",
                          "winter.wood_trader", "winter.laborer"})
#: Where a saving player goes: Wood, Clay, Timber, Brick, Food and Vehicles to load.
SAVER_SPACES = frozenset({"summer.woodcutter", "summer.clay_worker", "summer.fisherman",
                          "summer.grocer", "summer.laborer", "winter.wood_trader",
                          "winter.builders_merchant", "winter.wainwright", "winter.baker",
                          "winter.potter"})
SAVER_CHOICES = frozenset({"timber", "vehicle", "handcart", "wagon", "cart", "horse_cart",
                           "carriage", "droshky"})


def _bias(m: Move, hard_affordable: bool, saver: bool) -> float:
    """Steer the random player so that every building gets built in a few hundred games: one
    player of each game (by seed) saves Timber, Bricks and Food for the large buildings."""
    if isinstance(m, Choose) and m.option in HARD_BUILDINGS:
        return 50.0
    if isinstance(m, Choose) and m.option in RARE_BUILDINGS:
        return 10.0
    if isinstance(m, PlaceWorker) and m.space in BUILD_SPACES and hard_affordable:
        return 50.0
    if not saver:
        return 1.0
    if isinstance(m, Choose) and m.option in BUILDINGS:
        return 0.2
    if isinstance(m, PlaceWorker) and m.space in BUILD_SPACES:
        return 0.1
    if isinstance(m, UseBuilding):
        return 0.1
    if isinstance(m, Pay) and any(g in (Good.TIMBER, Good.BRICK) for g, _ in m.goods):
        return 0.1
    if isinstance(m, Load) and m.item in ("wood", "clay"):
        return 10.0
    if isinstance(m, PlaceWorker) and m.space in SAVER_SPACES:
        return 10.0
    if isinstance(m, Choose) and m.option in SAVER_CHOICES:
        return 10.0
    return 1.0


def choose_move(rng: random.Random, moves: list[Move], game: Game | None = None) -> Move:
    """A weighted random legal move; given the game, with the building bias of ``_bias``."""
    weights = [WEIGHTS.get(type(m), 1.0) for m in moves]
    if game is not None and game.actor is not None:
        actor = game.actor
        saver = (game.setup.seed + actor) % 2 == 0
        hard = bool(HARD_BUILDINGS & set(buildable_buildings(game, game.state.players[actor])))
        weights = [w * _bias(m, hard, saver) for w, m in zip(weights, moves, strict=True)]
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
        assert animal_housing_valid(p), f"{p.name} keeps Animals where they may not live"
        if animals_waiting(p):
            assert any(isinstance(f, HouseAnimalsDecision) for f in s.stack), "lost Animals"
        small, large = barn_sizes(p)
        from arle.engine import barn_fits

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


def play_one(seed: int, players: int, check: bool = True, max_moves: int = MAX_MOVES,
             words: Words = plain_words) -> dict:
    """One game by the match's loop, each seat a seeded random player; every change is checked
    (a listener of the match) when ``check``; its log (``_log``) in ``words``."""
    rng = random.Random(seed)
    match = Match(GameHistory(setup_for(seed, players)), words=words,
                  seats=[Person(lambda g: choose_move(rng, g.legal_moves(), g)) for _ in range(players)])
    moves = match.history.moves
    result: dict = {"seed": seed, "players": players}

    def checked(change: Change) -> None:
        if check:
            check_invariants(match.game)
        if len(moves) > max_moves:
            raise AssertionError(f"no end after {max_moves} moves")

    match.listen(checked)
    try:
        play(match)
        result.update(ok=True, scores=match.game.scores(), winner=match.game.state.winner)
    except Exception as exc:  # a failing game is reported, not fatal to the run
        result.update(ok=False, scores=match.game.scores(), error=f"{type(exc).__name__}: {exc}",
                      trace=traceback.format_exc(limit=8))
    result["moves"] = len(moves)
    result["_game"] = match.game
    result["_moves"] = list(moves)
    result["_log"] = match.log
    return result


def save_json(game: Game, moves: list[Move], path: Path) -> None:
    """Write the game in the save format of ``arle.files.saves`` (``arle verify`` replays it)."""
    from arle.files.saves import save_game

    save_game(path, game.setup, moves, game)


def log_text(game: Game, log: list[LogEntry], language: Language) -> list[str]:
    """The game log in words, as the window's log says it, in ``language`` (made by the match
    while the game was played, with ``arle.match.words``: no Qt is imported)."""
    from arle.match.words import log_lines
    from arle.match.words.names import tr

    # (the engine's default names are English: "Player 1" is "Joueur 1" in a French log)
    names = [tr("Player {n}", language).format(n=i + 1) if p.name == f"Player {i + 1}" else p.name
             for i, p in enumerate(game.state.players)]
    return log_lines(log, names, language)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="arle simulate", description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, choices=(1, 2), default=2)
    parser.add_argument("--save-dir", type=Path)
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    parser.add_argument("--coverage", action="store_true",
                        help="print what the games used: spaces, buildings, destinations, flips")
    parser.add_argument("--log", action="store_true", help="print each game's log in words before its line")
    parser.add_argument("--lang", choices=("en", "fr", "pseudo"), default="en",
                        help="the language of the log (with --log)")
    args = parser.parse_args(argv)
    failed = 0
    coverage: Counter[str] = Counter()
    started = time.perf_counter()
    language = words = None
    if args.log:
        from arle.files.catalogues import load_language
        from arle.match.words import Wording

        language = load_language(args.lang)
        words = Wording(language).log_label
    for i in range(args.games):
        seed = args.seed + i
        result = play_one(seed, args.players, check=not args.no_check, words=words or plain_words)
        game: Game = result.pop("_game")
        moves: list[Move] = result.pop("_moves")
        log: list[LogEntry] = result.pop("_log")
        coverage.update(game.stats)
        if language is not None:
            print("\n".join(log_text(game, log, language)), flush=True)
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


