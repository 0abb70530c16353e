"""``arle remote host|join|folder``: the computer plays a friend on another computer, headless.

``host`` plays seat 1 and waits for a friend on the address it chose (``--address``, default
127.0.0.1; it prints an invitation code on stderr), ``join`` plays seat 2 (``--address`` and
``--secret``, or ``--code``), ``folder`` plays by turn files in a shared folder. With ``--dir`` a
live game also keeps its turn files and journal there, so that a dropped connection or a killed
process loses nothing: run the same command again, or go on by ``folder``. Each prints, when the
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
from collections.abc import Callable
from pathlib import Path

from arle.ai import Cancelled
from arle.commands.arena import _level, _quantile
from arle.engine import Game, Move, Setup
from arle.match import Change, Computer, GameHistory, Match
from arle.match.history import REMOTE
from arle.match.remote import Ledger, Refused, Remote, digest, key_for, live, new_game_id
from arle.match.remote import folder as shared
from arle.match.remote.wire import Message, setup_of, setup_to_dict
from arle.match.seats import Seat, ShouldStop


def _say(text: str) -> None:
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
              "moves": len(moves), "digest": digest(moves), "refused": remote.problems}
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


def _kept(folder: Path | None, key: bytes, me: int) -> tuple[Setup, str, list[Move], list[int]] | None:
    """The game kept in ``folder`` (setup, id, moves, movers), if there is one."""
    if folder is None or not (folder / shared.GAME_FILE).exists():
        return None
    setup, game = shared.read_game(folder, key)
    moves, movers = shared.rebuild(folder, key, me, setup, game, _say)
    return setup, game, moves, movers


def _remote(ledger: Ledger, folder: Path | None, key: bytes) -> Remote:
    channels = [shared.FolderChannel(folder, ledger, key)] if folder is not None else []
    return Remote(ledger, channels, report=_say)


def _keep_connected(remote: Remote, match_over: Callable[[], bool], clock: Clock,
                    connect: Callable[[], None]) -> threading.Thread:
    """A thread that (re)connects whenever no live connection is open, until the game ends."""

    said: set[str] = set()

    def run() -> None:
        while not match_over() and not clock.ended.is_set():
            if not any(isinstance(c, live.LiveChannel) and c.open for c in remote.channels):
                try:
                    connect()
                except Refused as exc:
                    if str(exc) not in said:  # each reason once, however often it is retried
                        said.add(str(exc))
                        _say(str(exc))
                    time.sleep(0.5)
            time.sleep(0.05)

    thread = threading.Thread(target=run, name="arle-remote-connect", daemon=True)
    thread.start()
    return thread


def host(args: argparse.Namespace) -> int:
    key = key_for(args.secret)
    me = 0
    kept = _kept(args.dir, key, me)
    if kept is None:
        setup, game = Setup(players=2, seed=args.seed, start_player=0), new_game_id()
        moves: list[Move] = []
        movers: list[int] = []
        if args.dir is not None:
            shared.create_game(args.dir, key, setup, game)
    else:
        setup, game, moves, movers = kept
    ledger = Ledger(game, me, moves, movers)
    remote = _remote(ledger, args.dir, key)
    match = _match(setup, me, args.level, remote, args.move_delay)
    clock = Clock(args.wait)
    server = live.Host(args.address, args.port)
    _event(hosting=args.address, port=server.port, moves=len(moves),
           invitation=live.invitation(args.address, server.port, args.secret))

    def connect() -> None:
        sock = server.accept(0.5, clock)
        if sock is None:
            return
        try:
            hello, session = live.handshake(sock, key, me, ledger, setup_to_dict(setup))
            channel = live.LiveChannel(sock, ledger, key, session, report=_say)
            remote.connect(channel, hello)
            clock.moved()
            _event(connected=True, friend_moves=hello.count)
        except Refused as exc:
            sock.close()
            raise Refused(f"a connection was refused: {exc}") from None

    try:
        _keep_connected(remote, lambda: match.game.over, clock, connect)
        return _play(match, remote, clock, me, args.level, args.json)
    finally:
        clock.ended.set()
        server.close()  # the socket listens only while hosting


def join(args: argparse.Namespace) -> int:
    if args.code:
        address, port, secret = live.read_invitation(args.code)
    elif args.address and args.secret is not None:
        (address, port), secret = live.split_address(args.address), args.secret
    else:
        raise Refused("join needs --code, or --address and --secret")
    key = key_for(secret)
    me = 1
    kept = _kept(args.dir, key, me)
    clock = Clock(args.wait)
    ledger: Ledger | None = None
    if kept is not None:
        setup, game, moves, movers = kept
        ledger = Ledger(game, me, moves, movers)
    deadline = time.monotonic() + args.wait
    while True:  # the host may not be listening yet
        try:
            sock = live.connect(address, port)
            break
        except Refused:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
    try:
        hello, session = live.handshake(sock, key, me, ledger)
    except Refused:
        sock.close()
        raise
    if ledger is None:
        setup = setup_of(hello.body.get("setup"))
        ledger = Ledger(hello.game, me)
        if args.dir is not None and not (args.dir / shared.GAME_FILE).exists():
            shared.create_game(args.dir, key, setup, ledger.game)
    remote = _remote(ledger, args.dir, key)
    match = _match(setup, me, args.level, remote, args.move_delay)
    remote.connect(live.LiveChannel(sock, ledger, key, session, report=_say), hello)
    _event(connected=True, friend_moves=hello.count)
    known = ledger

    def reconnect() -> None:
        sock = live.connect(address, port, timeout=2.0)
        try:
            hello, session = live.handshake(sock, key, me, known)
            remote.connect(live.LiveChannel(sock, known, key, session, report=_say), hello)
            _event(connected=True, friend_moves=hello.count)
        except Refused:
            sock.close()
            raise

    _keep_connected(remote, lambda: match.game.over, clock, reconnect)
    try:
        return _play(match, remote, clock, me, args.level, args.json)
    finally:
        clock.ended.set()


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
    h = modes.add_parser("host", parents=[common], help="play seat 1 and wait for a friend")
    h.add_argument("--address", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    h.add_argument("--port", type=int, required=True, help="the port (0: any free one, printed)")
    h.add_argument("--secret", required=True, help="the secret both players share")
    h.add_argument("--seed", type=int, default=1)
    h.add_argument("--dir", type=Path, help="also keep the game in this (shared) folder")
    j = modes.add_parser("join", parents=[common], help="play seat 2 against a host")
    j.add_argument("--address", help="the host as HOST:PORT")
    j.add_argument("--secret", help="the secret both players share")
    j.add_argument("--code", help="the host's invitation code (instead of --address and --secret)")
    j.add_argument("--dir", type=Path, help="also keep the game in this (shared) folder")
    f = modes.add_parser("folder", parents=[common], help="play by turn files in a shared folder")
    f.add_argument("--dir", type=Path, required=True, help="the folder both players sync")
    f.add_argument("--seat", type=int, choices=(1, 2), required=True)
    f.add_argument("--seed", type=int, help="the deal, for seat 1 starting a game")
    f.add_argument("--secret", default="", help="the secret both players share (strongly advised)")
    b = modes.add_parser("bench", help="move-to-screen latency of a live game on loopback")
    b.add_argument("--games", type=int, default=3)
    b.add_argument("--json", action="store_true")
    return parser


def bench(args: argparse.Namespace) -> int:
    """Two sides in this process, on 127.0.0.1: from a move made on one side (its ``Change``
    heard) to the same move's ``Change`` heard on the other (where the window draws it)."""
    latencies: list[float] = []
    key = key_for("bench")
    for seed in range(1, args.games + 1):
        latencies += _bench_game(seed, key)
    p95 = round(_quantile(latencies, 0.95), 2)
    record = {"bench": "remote_move_to_screen_ms", "moves": len(latencies),
              "p50": round(_quantile(latencies, 0.5), 2), "p95": p95,
              "max": round(max(latencies, default=0.0), 2), "target_p95": 50.0, "pass": p95 <= 50.0}
    print(json.dumps(record) if args.json else
          f"move to screen on loopback: p50 {record['p50']} ms, p95 {record['p95']} ms "
          f"(target 50), max {record['max']} ms over {record['moves']} moves", flush=True)
    return 0


def _bench_game(seed: int, key: bytes) -> list[float]:
    setup, game = Setup(players=2, seed=seed, start_player=0), new_game_id()
    server = live.Host("127.0.0.1", 0)
    made: dict[int, float] = {}
    shown: dict[int, float] = {}
    sides: list[tuple[Match, Remote]] = []
    sock_host: list[object] = []

    def accept() -> None:
        sock_host.append(server.accept(10.0))

    waiter = threading.Thread(target=accept)
    waiter.start()
    joined = live.connect("127.0.0.1", server.port)
    waiter.join()
    hosted = sock_host[0]
    assert isinstance(hosted, type(joined))
    ledgers = [Ledger(game, 0), Ledger(game, 1)]
    hellos: list[tuple[Message, str]] = []
    shake = threading.Thread(target=lambda: hellos.append(
        live.handshake(hosted, key, 0, ledgers[0], setup_to_dict(setup))))
    shake.start()
    hello_join, session = live.handshake(joined, key, 1, ledgers[1])
    shake.join()
    server.close()
    for me, sock, hello, sess in ((0, hosted, hello_join, session), (1, joined, hellos[0][0], hellos[0][1])):
        remote = Remote(ledgers[me])
        match = _match(setup, me, "random", remote)
        remote.connect(live.LiveChannel(sock, ledgers[me], key, sess), hello)

        def heard(change: Change, me: int = me) -> None:
            now = time.perf_counter()
            for offset, entry in enumerate(change.added):
                (made if entry.actor == me else shown)[change.at + offset] = now

        match.listen(heard, first=True)  # made: before the seat sends it; shown: as a view hears
        sides.append((match, remote))

    def run(side: tuple[Match, Remote]) -> None:
        match, remote = side
        while not match.game.over and match.step() is not None:
            pass
        remote.finish(1.0)

    threads = [threading.Thread(target=run, args=(side,)) for side in sides]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    for _, remote in sides:
        for channel in remote.channels:
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
