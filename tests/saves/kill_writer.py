"""A process that plays random games and writes saves as fast as it can, for the kill test.

Before each write it prints ``<kind>W <moves>`` (the write in flight) and after it ``<kind>A
<moves>`` (done): kind ``J`` the autosave journal, ``S`` a full crash-safe save. Usage:
``python kill_writer.py DIR SEED [journal-only]`` (journal-only: no full saves, so that kills
land in journal appends more often).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from arle.commands.simulate import choose_move, setup_for
from arle.files.journal import Autosaver
from arle.files.saves import save_history
from arle.match.history import GameHistory


def main() -> None:
    folder, seed = Path(sys.argv[1]), int(sys.argv[2])
    full_saves = sys.argv[3:] != ["journal-only"]
    rng = random.Random(seed)
    saver = Autosaver(folder / "autosave.arle-journal")
    game_seed = seed
    while True:
        history = GameHistory(setup_for(game_seed, 2), friendly_undo=True)
        print(f"JW {len(history.moves)}", flush=True)
        saver.start(history)
        print(f"JA {len(history.moves)}", flush=True)
        while not history.game.over:
            if history.moves and rng.random() < 0.1:
                history.undo()
            else:
                history.apply(choose_move(rng, history.game.legal_moves()))
            print(f"JW {len(history.moves)}", flush=True)
            saver.sync(history)
            print(f"JA {len(history.moves)}", flush=True)
            if not full_saves:
                continue
            print(f"SW {len(history.moves)}", flush=True)
            save_history(folder / "game.arle.json", history)
            print(f"SA {len(history.moves)}", flush=True)
        game_seed += 1


if __name__ == "__main__":
    main()
