"""``arle review FILE [--level hard|expert] [--json] [--lang fr]``: the moments of a game that
cost the most (issue 40), costliest first, for a journal or a save, finished or in progress.

A finished review is kept beside the file (``FILE.review.json``): the same game reviewed again
at the same level is read back at once. The game's own file is only read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    from pathlib import Path

    from arle.ai import COACH_LEVEL
    from arle.files.catalogues import load_language
    from arle.files.errors import SaveError
    from arle.files.reviews import cached, keep, read_reviewed
    from arle.match.review import (
        REVIEW_LEVELS,
        moment_line,
        moments_json,
        review,
        say_moment,
    )
    from arle.match.words.names import tr, trn

    parser = argparse.ArgumentParser(prog="arle review", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", metavar="FILE", help="a journal (.arle-journal) or a save (.arle.json)")
    parser.add_argument("--level", choices=REVIEW_LEVELS, default=COACH_LEVEL,
                        help=f"the computer level that reviews (default: {COACH_LEVEL}, the coach's Hint's)")
    parser.add_argument("--json", action="store_true",
                        help='print one JSON object: {"moments": [{"move", "cost", "played", "suggested", '
                             '"why"}, ...], "left_out": N}, costliest first; N: moves of a damaged file '
                             'that could not be replayed')
    parser.add_argument("--lang", choices=("en", "fr"), default="en", help="the language of the words")
    parser.add_argument("--no-cache", action="store_true", help="review again even if a review is kept")
    args = parser.parse_args(argv)
    path = Path(args.file)
    try:
        reviewed = read_reviewed(path)
    except SaveError as exc:
        print(f"arle review: {exc}", file=sys.stderr)
        return 1
    history = reviewed.history
    lang = load_language(args.lang)
    found = None if args.no_cache else cached(path, history, args.level)
    if found is None:
        def progress(done: int, total: int) -> None:
            if not args.json and sys.stderr.isatty():
                print(f"\rreviewing: {done}/{total} decisions", end="", file=sys.stderr, flush=True)

        found = review(history.setup, history.moves, history.seats, args.level, on_progress=progress)
        if not args.json and sys.stderr.isatty():
            print(file=sys.stderr)
        keep(path, found)
    setup, moves = history.setup, history.moves
    if args.json:
        print(json.dumps({"file": str(path), "level": found.level, "decisions": found.decisions,
                          "left_out": reviewed.left_out,
                          "moments": moments_json(found.moments, setup, moves, lang)}, ensure_ascii=False))
        return 0
    if reviewed.left_out:
        print(trn("The file is damaged: {count} move could not be replayed and is left out of this review.",
                  "The file is damaged: {count} moves could not be replayed and are left out of this review.",
                  reviewed.left_out, lang).format(count=reviewed.left_out))
    if not found.moments:
        print(tr("No decision cost anything the computer could see.", lang))
    for i, moment in enumerate(found.moments, start=1):
        said = say_moment(moment, history.position(moment.move), lang)
        print(f"{i}. [{moment.move}] {moment_line(moment, said, lang)}")
    return 0
