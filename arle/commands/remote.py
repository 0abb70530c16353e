"""``arle remote host|join|folder|bench``: the computer plays a friend on another computer, headless.

``host`` plays seat 1: it meets the friend through a magic-wormhole mailbox (``--mailbox``; a
transit relay ``--relay`` carries the bytes when no direct connection works, and ``--no-direct``
sends them all through it) and prints first, as soon as it exists, the code to give (a JSON line
``{"code": ...}`` with ``--json``); ``join --code`` plays seat 2; ``folder`` plays by turn files in a
shared folder; ``bench`` measures move-to-screen latency through a mailbox and relay. Each prints, when the
game ends, one JSON line: ``seat``, ``scores``, ``winner``, ``moves``, ``digest`` (as ``arle
arena``). Problems go to stderr, one sentence each. Exit codes: 0 the game ended, 1 refused (bad
input, another game), 3 the friend did not move within ``--wait`` seconds (the game is kept).
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from arle.ai import Cancelled
from arle.commands.arena import _level, _quantile
from arle.engine import Game, Move, Setup
from arle.match import Change, Computer, GameHistory, Match
from arle.match.history import REMOTE
from arle.match.remote import Ledger, Refused, Remote, digest, key_for, new_game_id
from arle.match.remote import folder as shared
from arle.match.remote.servers import MAILBOX, RELAY
from arle.match.remote.wire import Message, setup_of, setup_to_dict
from arle.match.seats import Seat, ShouldStop

if TYPE_CHECKING:
    from arle.match.remote.wormhole_link import WormholeChannel


def _say(text: object) -> None:
    print(f"arle remote: {text}", file=sys.stderr, flush=True)


def _event(**fields: object) -> None:
    """A progress line on stderr, as JSON (tests read the port and the invitation from it)."""
    print(json.dumps(fields), file=sys.stderr, flush=True)


class Clock:
    """``should_stop`` for the seats: True once the friend kept us waiting ``wait`` seconds."""

    def __init__(self, wait: float) -> None:
        self.wait = wait
        self.last = time.monotonic()
        self.ended = threading.Event()

    def moved(self, *_: object) -> None:
        self.last = time.monotonic()

    def __call__(self) -> bool:
        return self.ended.is_set() or time.monotonic() - self.last > self.wait


def _play(match: Match, remote: Remote, clock: Clock, seat: int, level: str, as_json: bool) -> int:
    """The match's loop, with the agreed undos and recovered moves ``settle`` plays."""
    match.listen(clock.moved)
    while not match.game.over:
        remote.settle(match)
        try:
            change = match.step(clock)
        except Cancelled:
            if clock():
                kept = any(isinstance(c, shared.FolderChannel) for c in remote.channels)
                _say(f"the friend has not moved for {clock.wait:g} s: "
                     + ("the game is kept in its folder, continue it later" if kept else
                        "the game is not kept (give --dir to keep a live game)"))
                return 3
            continue
        if change is None:
            break
    clock.ended.set()
    remote.finish()
    game, moves = match.game, match.history.moves
    record = {"seat": seat + 1, "level": level, "scores": game.scores(), "winner": game.state.winner,
              "moves": len(moves), "digest": digest(moves), "refused": [str(p) for p in remote.problems]}
    text = f"game over: scores {record['scores']} digest {record['digest']}"
    print(json.dumps(record) if as_json else text, flush=True)
    return 0


class Slow(Computer):
    """The computer, waiting ``delay`` seconds before each move (tests kill a side mid-game)."""

    def __init__(self, level: str, delay: float) -> None:
        super().__init__(level)
        self.delay = delay

    def choose(self, game: Game, should_stop: ShouldStop | None = None) -> Move:
        time.sleep(self.delay)
        return super().choose(game, should_stop)


def _match(setup: Setup, me: int, level: str, remote: Remote, delay: float = 0.0) -> Match:
    kinds = [level, REMOTE] if me == 0 else [REMOTE, level]
    mine = Slow(level, delay) if delay else Computer(level)
    seats: list[Seat] = [mine, remote] if me == 0 else [remote, mine]
    moves = remote.ledger.moves
    return Match(GameHistory(setup, moves, seats=kinds), seats=seats)


def _remote(ledger: Ledger, folder: Path | None, key: bytes) -> Remote:
    channels = [shared.FolderChannel(folder, ledger, key)] if folder is not None else []
    return Remote(ledger, channels, report=_say)


def _servers(args: argparse.Namespace) -> dict[str, object]:
    return {"mailbox": args.mailbox, "relay": args.relay or None, "direct": not args.no_direct,
            "wait": args.wait}


#: Live games kept in ``--dir`` are this side's own: their files are checked against damage only.
_KEPT_KEY = key_for("")


def _kept(directory: Path | None, me: int) -> tuple[Setup, str, list[Move], list[int]] | None:
    """The live game kept in ``directory`` (setup, id, this side's moves and who made them)."""
    if directory is None or not (directory / shared.GAME_FILE).exists():
        return None
    setup, game = shared.read_game(directory, _KEPT_KEY)
    moves, movers = shared.rebuild(directory, _KEPT_KEY, me, setup, game, _say)
    _event(kept=len(moves), game=game)
    return setup, game, moves, movers


def host(args: argparse.Namespace) -> int:
    """Invite a friend through the mailbox: the code first (a JSON line on stdout), then seat 1.
    With ``--dir``, a game kept there goes on (a new code; both sides resync)."""
    from arle.match.remote import wormhole_link

    kept = _kept(args.dir, 0)
    if kept is None:
        setup, game = Setup(players=2, seed=args.seed, start_player=0), new_game_id()
        moves: list[Move] = []
        movers: list[int] = []
        if args.dir is not None:
            shared.create_game(args.dir, _KEPT_KEY, setup, game)
    else:
        setup, game, moves, movers = kept

    def announce(code: str) -> None:
        print(json.dumps({"code": code}) if args.json else f"code: {code}", flush=True)

    channel = wormhole_link.meet(None, on_code=announce, **_servers(args))  # type: ignore[arg-type]
    try:
        ledger = Ledger(game, 0, moves, movers)
        hello = wormhole_link.hello(channel, ledger, {"setup": setup_to_dict(setup)})
        return _live(channel, hello, ledger, setup, args)
    finally:
        channel.close()


def join(args: argparse.Namespace) -> int:
    """Join a friend's invitation with its code: seat 2. With ``--dir``, a game kept there goes
    on (the two sides check they hold the same game: its id, move count and hash)."""
    from arle.match.remote import wormhole_link

    kept = _kept(args.dir, 1)
    channel = wormhole_link.meet(args.code.strip(), **_servers(args))  # type: ignore[arg-type]
    try:
        if kept is not None:
            setup, game, moves, movers = kept
            ledger = Ledger(game, 1, moves, movers)
            hello = wormhole_link.hello(channel, ledger, {})
            if hello.game != game:
                raise Refused("the friend invited you to another game than the one kept in "
                              f"{args.dir}: give another --dir to start it")
        else:
            hello = wormhole_link.hello(channel, None, {})
            setup = setup_of(hello.body.get("setup"))
            ledger = Ledger(hello.game, 1)
            if args.dir is not None:
                shared.create_game(args.dir, _KEPT_KEY, setup, hello.game)
        return _live(channel, hello, ledger, setup, args)
    finally:
        channel.close()


def _live(channel: WormholeChannel, hello: Message, ledger: Ledger, setup: Setup,
          args: argparse.Namespace) -> int:
    channel.ledger = ledger
    clock = Clock(args.wait)
    remote = _remote(ledger, args.dir, _KEPT_KEY)
    remote.patience = args.wait
    match = _match(setup, ledger.me, args.level, remote, args.move_delay)
    remote.connect(channel, hello)
    try:
        return _play(match, remote, clock, ledger.me, args.level, args.json)
    finally:
        clock.ended.set()
        remote.close()


def folder(args: argparse.Namespace) -> int:
    key = key_for(args.secret)
    if not args.secret:
        _say("without --secret, turn files are checked against damage but anyone who can write to "
             "the folder could forge one")
    me = args.seat - 1
    directory: Path = args.dir
    clock = Clock(args.wait)
    if not (directory / shared.GAME_FILE).exists():
        if me == 0:
            if args.seed is None:
                raise Refused("seat 1 starts a game in an empty folder: give it --seed")
            shared.create_game(directory, key, Setup(players=2, seed=args.seed, start_player=0),
                               new_game_id())
        else:
            shared.wait_game(directory, key, args.wait)
    setup, game = shared.read_game(directory, key)
    moves, movers = shared.rebuild(directory, key, me, setup, game, _say)
    ledger = Ledger(game, me, moves, movers)
    remote = _remote(ledger, directory, key)
    match = _match(setup, me, args.level, remote, args.move_delay)
    _event(folder=str(directory), seat=args.seat, moves=len(moves))
    return _play(match, remote, clock, me, args.level, args.json)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arle remote", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    modes = parser.add_subparsers(dest="mode", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--level", type=_level, default="easy", help="the computer's level (default easy)")
    common.add_argument("--json", action="store_true", help="the result as one JSON line")
    common.add_argument("--move-delay", type=float, default=0.0, help=argparse.SUPPRESS)  # (tests)
    common.add_argument("--wait", type=float, default=600.0,
                        help="give up after the friend kept us waiting this many seconds (default 600)")
    live = argparse.ArgumentParser(add_help=False, parents=[common])
    live.add_argument("--mailbox", default=MAILBOX, help=f"the meeting (mailbox) server (default {MAILBOX})")
    live.add_argument("--relay", default=RELAY, help=f"the transit relay, tcp:HOST:PORT (default {RELAY})")
    live.add_argument("--no-direct", action="store_true",
                      help="no direct connection: every byte goes through the relay")
    live.add_argument("--dir", type=Path,
                      help="keep the game in this folder (this side's own): run again to go on, "
                           "with a new code")
    h = modes.add_parser("host", parents=[live], help="play seat 1: invite a friend with a code")
    h.add_argument("--seed", type=int, default=1)
    j = modes.add_parser("join", parents=[live], help="play seat 2 with a friend's code")
    j.add_argument("--code", required=True, help="the code the inviting friend read out")
    f = modes.add_parser("folder", parents=[common], help="play by turn files in a shared folder")
    f.add_argument("--dir", type=Path, required=True, help="the folder both players sync")
    f.add_argument("--seat", type=int, choices=(1, 2), required=True)
    f.add_argument("--seed", type=int, help="the deal, for seat 1 starting a game")
    f.add_argument("--secret", default="", help="the secret both players share (strongly advised)")
    b = modes.add_parser("bench", parents=[live],
                         help="move-to-screen latency through a mailbox and relay (give local ones)")
    b.add_argument("--games", type=int, default=3)
    return parser


def bench(args: argparse.Namespace) -> int:
    """Two sides in this process meeting through the mailbox and relay given (``--no-direct``:
    every byte through the relay): from a move made on one side (its ``Change`` heard) to the same
    move's ``Change`` heard on the other (where the window draws it)."""
    latencies: list[float] = []
    for seed in range(1, args.games + 1):
        latencies += _bench_game(seed, args)
    p95 = round(_quantile(latencies, 0.95), 2)
    p50 = round(_quantile(latencies, 0.5), 2)
    record = {"bench": "remote_move_to_screen_ms", "relay_only": args.no_direct, "moves": len(latencies),
              "p50": p50, "p95": p95, "max": round(max(latencies, default=0.0), 2),
              "target_p50": 20.0, "target_p95": 50.0, "pass": p50 <= 20.0 and p95 <= 50.0}
    road = "through the relay only" if args.no_direct else "direct or through the relay"
    print(json.dumps(record) if args.json else
          f"move to screen, {road}: p50 {p50} ms (target 20), p95 {p95} ms (target 50), "
          f"max {record['max']} ms over {record['moves']} moves", flush=True)
    return 0


def _bench_game(seed: int, args: argparse.Namespace) -> list[float]:
    from arle.match.remote import wormhole_link

    setup = Setup(players=2, seed=seed, start_player=0)
    ledgers = [Ledger(new_game_id(), 0), Ledger("", 1)]
    codes: list[str] = []
    got = threading.Event()
    channels: list[WormholeChannel] = []

    def invite() -> None:
        def heard(code: str) -> None:
            codes.append(code)
            got.set()

        channels.append(wormhole_link.meet(None, on_code=heard, **_servers(args)))  # type: ignore[arg-type]

    inviting = threading.Thread(target=invite, name="arle-bench-invite")
    inviting.start()
    got.wait(60)
    joined = wormhole_link.meet(codes[0], **_servers(args))  # type: ignore[arg-type]
    inviting.join(60)
    hosted = channels[0]
    hellos: list[Message] = []
    shake = threading.Thread(target=lambda: hellos.append(
        wormhole_link.hello(hosted, ledgers[0], {"setup": setup_to_dict(setup)})))
    shake.start()
    hello_join = wormhole_link.hello(joined, None, {})
    shake.join(60)
    ledgers[1] = Ledger(hello_join.game, 1)
    made: dict[int, float] = {}
    shown: dict[int, float] = {}
    sides: list[tuple[Match, Remote]] = []
    for me, channel, hello in ((0, hosted, hellos[0]), (1, joined, hello_join)):
        channel.ledger = ledgers[me]
        remote = Remote(ledgers[me])
        match = _match(setup, me, "random", remote)
        remote.connect(channel, hello)

        def heard_change(change: Change, me: int = me) -> None:
            now = time.perf_counter()
            for offset, entry in enumerate(change.added):
                (made if entry.actor == me else shown)[change.at + offset] = now

        match.listen(heard_change, first=True)  # made: before the seat sends it; shown: as a view hears
        sides.append((match, remote))

    def run(side: tuple[Match, Remote]) -> None:
        match, remote = side
        while not match.game.over and match.step() is not None:
            pass
        remote.finish(1.0)

    threads = [threading.Thread(target=run, args=(side,), name="arle-bench-side") for side in sides]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    for _, remote in sides:
        remote.close()
    for channel in (hosted, joined):
        channel.close()
    return [(shown[i] - made[i]) * 1000 for i in made if i in shown]


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        return {"host": host, "join": join, "folder": folder, "bench": bench}[args.mode](args)
    except Refused as exc:
        _say(str(exc))
        return 1
    except KeyboardInterrupt:
        _say("stopped: the game is kept")
        return 3
