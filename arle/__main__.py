"""Command line entry point: ``arle`` / ``python -m arle``.

With no argument the game window opens. ``arle simulate ...`` plays games
headlessly; everything after ``simulate`` is handed to :mod:`arle.simulate`
untouched, so that module owns its own options and ``--help``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from arle import __version__


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arle",
        description="Fields of Arle for the desktop. Without a command, the game window opens.",
    )
    parser.add_argument("--version", action="version", version=f"arle {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser(
        "simulate",
        add_help=False,
        help="play games headlessly and print one JSON line per game (see 'arle simulate --help')",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    # argparse only sees the command word; whatever follows it is passed on verbatim.
    head, rest = (args[:1], args[1:]) if args[:1] == ["simulate"] else (args, [])
    ns = _parser().parse_args(head)

    if ns.command == "simulate":
        from arle.simulate import main as sim_main

        return sim_main(rest)

    from arle.gui.app import run

    return run()


if __name__ == "__main__":
    raise SystemExit(main())
