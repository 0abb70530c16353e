"""``arle bench --review``: how long the game review (issue 40) takes for a whole solo game at
Hard, the target being 2 minutes on a 2-core machine.

The game is played first (not timed): seed 1, solo, Hard's own play with the 10th Worker taken
off the month track without being placed, as the review's tests play it. The review is timed in
wall-clock seconds (what a person waits) and in CPU seconds of this process (what a loaded
machine does not change much); the search's safety cap is in wall-clock time, so on a very busy
machine the two differ and a move's suggestion may too.
"""

from __future__ import annotations

import time

from arle.engine import PlaceWorker, Setup, SkipPlacement
from arle.match import GameHistory, Match, play
from arle.match.review import review

#: The target for a whole solo game at Hard, in seconds.
TARGET_S = 120.0


def blundered_game(seed: int = 1, blunder_at: int = 10) -> GameHistory:
    """A solo game of Hard's own play whose ``blunder_at``-th Worker is not placed."""
    match = Match(GameHistory(Setup(players=1, seed=seed), seats=("hard",)))
    placements = 0
    while (turn := match.turn()) is not None:
        move = turn.think()
        if type(move) is PlaceWorker:
            placements += 1
            if placements == blunder_at:
                match.apply(SkipPlacement())
                break
        match.answer(turn, move)
    play(match)
    return match.history


def review_figures(quick: bool = False, level: str = "hard") -> dict[str, float | None]:
    """The review's time for one whole game (``quick``: its first 60 moves)."""
    history = blundered_game()
    moves = history.moves[:60] if quick else history.moves
    wall, cpu = time.perf_counter(), time.process_time()
    done = review(history.setup, moves, history.seats, level)
    return {
        "review_moves": float(len(moves)),
        "review_decisions": float(done.decisions),
        f"review_{level}_s": round(time.perf_counter() - wall, 1),
        f"review_{level}_cpu_s": round(time.process_time() - cpu, 1),
    }
