"""Command line entry point: ``arle`` / ``python -m arle``.

With no argument the game window opens. ``arle COMMAND ...`` runs a headless command; everything
after the command word is handed to that command's ``main(argv)`` untouched, so each command owns
its own options and ``--help``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from arle import __version__

if TYPE_CHECKING:
    import argparse

#: command word -> ("module:function", help). The function takes the remaining argv, returns an exit code.
COMMANDS: dict[str, tuple[str, str]] = {
    "simulate": ("arle.commands.simulate:main", "play seeded random games and print one JSON line per game"),
    "fuzz": ("arle.commands.fuzz:main", "long robustness runs: deep-checked games and mutated save files"),
    "bench": ("arle.commands.bench:main", "measure the engine, saves, undo and GUI speed"),
    "verify": ("arle.files.saves:verify_main", "replay a save file and print where the game stands as JSON"),
    "arena": ("arle.commands.arena:main", "computer players play seeded games; one JSON line per game"),
    "tune": ("arle.commands.tune:main", "fit the computer's evaluation to seeded games (hours, resumable)"),
    "review": ("arle.commands.review_command:main",
               "the costliest moments of a game, from a journal or a save"),
    "remote": ("arle.commands.remote:main", "play a friend on another computer, live or by a shared folder"),
    "screenshot": ("arle.commands.screenshot:main", "render the main screens of seeded games to PNG files"),
    "translations": ("arle.commands.translations:main", "extract, compile or check the French catalogue"),
}


#: The commands that take their own ``--lang``: given before the command word, it is handed on.
LANG_COMMANDS = ("screenshot", "review")


def command_at(args: Sequence[str]) -> int | None:
    """Where the command word is in ``args``: the first word that names a command and is not
    the value of an option before it (issue 43: ``arle --lang fr screenshot`` failed, the
    options before the word were parsed with the command's own)."""
    for i, word in enumerate(args):
        if word.startswith("-") or (i > 0 and args[i - 1] == "--lang"):
            continue  # an option, or the language after --lang
        return i if word in COMMANDS else None  # (a stray word: argparse says what is wrong)
    return None


def _parser() -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(
        prog="arle",
        description="Fields of Arle for the desktop. Without a command, the game window opens.",
    )
    parser.add_argument("--version", action="version", version=f"arle {__version__}")
    parser.add_argument(
        "--self-test", action="store_true", help="check that this copy works (offscreen), then exit 0 or 1"
    )
    parser.add_argument("--lang", choices=("en", "fr", "pseudo"),
                        help="the language for this run (pseudo: every text bracketed and longer, to test)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (_target, text) in COMMANDS.items():
        commands.add_parser(name, add_help=False, help=f"{text} (see 'arle {name} --help')")
    return parser


#: What Qt's X11 platform loads that a minimal Linux desktop may lack: (library, Debian package).
XCB_LIBRARIES = (
    ("libxcb-cursor.so.0", "libxcb-cursor0"),
    ("libxcb-icccm.so.4", "libxcb-icccm4"),
    ("libxcb-keysyms.so.1", "libxcb-keysyms1"),
    ("libxcb-image.so.0", "libxcb-image0"),
    ("libxcb-render-util.so.0", "libxcb-render-util0"),
    ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
)


def missing_for_window() -> list[str]:
    """The Debian packages whose libraries Qt's X11 platform would fail to load here: Qt then
    aborts with "Could not load the Qt platform plugin xcb", which says nothing of what to do."""
    import os

    platform = os.environ.get("QT_QPA_PLATFORM", "")
    uses_x11 = platform.startswith("xcb") or (not platform and not os.environ.get("WAYLAND_DISPLAY"))
    if not sys.platform.startswith("linux") or not uses_x11 or not os.environ.get("DISPLAY"):
        return []
    import ctypes

    missing = []
    for library, package in XCB_LIBRARIES:
        try:
            ctypes.CDLL(library)
        except OSError:
            missing.append(package)
    return missing


#: Programs that show a message in a window of their own, without Qt: (program, its arguments).
MESSAGE_PROGRAMS = (
    ("zenity", ["--error", "--title=Arle", "--no-markup", "--text"]),
    ("kdialog", ["--title", "Arle", "--error"]),
    ("xmessage", ["-center", "-title", "Arle"]),
)


def tell_in_window(text: str) -> bool:
    """Show ``text`` in a small window where the desktop has a program for it (issue 43: a
    player who started Arle from a menu never saw the terminal); whether one was shown."""
    import shutil
    import subprocess
    import textwrap

    text = textwrap.fill(text, 72)  # (xmessage shows one line as it is, past the screen's edge)
    for program, args in MESSAGE_PROGRAMS:
        path = shutil.which(program)
        if path is None:
            continue
        try:  # (it returns when the player closes it; its exit status says which button)
            subprocess.run([path, *args, text], check=False, timeout=600)
        except (OSError, subprocess.SubprocessError):
            continue
        return True
    return False


def _window(lang: str | None = None) -> int:
    missing = missing_for_window()
    if missing:
        text = (f"Arle cannot open its window: this system lacks libraries Qt needs. On Debian or "
                f"Ubuntu, install them with: sudo apt install {' '.join(missing)}")
        print(text, file=sys.stderr)
        tell_in_window(text)
        return 1
    from arle.gui.app import run

    return run(lang=lang)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:  # the usual double-click start: straight to the window, no argparse to import
        return _window()
    # argparse only sees the options before the command word and the word itself; whatever
    # follows it is passed on verbatim.
    at = command_at(args)
    head, rest = (args[: at + 1], args[at + 1 :]) if at is not None else (args, [])
    parser = _parser()
    ns = parser.parse_args(head)

    if ns.self_test:
        from arle.commands.selftest import main as self_test

        return self_test()

    if ns.command:
        if hasattr(sys.stdout, "reconfigure"):  # UTF-8 JSON, not a Windows pipe's cp1252 (None: no console)
            sys.stdout.reconfigure(encoding="utf-8")
        if ns.lang is not None:  # "arle --lang fr screenshot": the command's own option
            if ns.command not in LANG_COMMANDS:
                parser.error(f"--lang is for the window and for: {', '.join(LANG_COMMANDS)}; "
                             f"'arle {ns.command}' has no language")
            if "--lang" not in rest and not any(a.startswith("--lang=") for a in rest):
                rest = ["--lang", ns.lang, *rest]
        module, _, func = COMMANDS[ns.command][0].partition(":")
        return int(getattr(importlib.import_module(module), func)(rest) or 0)

    return _window(ns.lang)


if __name__ == "__main__":
    raise SystemExit(main())
