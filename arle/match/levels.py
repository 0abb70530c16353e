"""The computer's levels by name, weakest first: what a seat may hold besides a person.

``arle.ai.LEVELS`` gives each name its ``Level`` record (its search, label and description).
This plain table is here because the game being played may import only itself and the engine
(tests/test_boundaries.py), not ``arle.ai``; tests/ai/test_levels.py checks that the two agree.
"""

#: The levels a person may choose in New Game, then the uniform random floor of tests and arena.
COMPUTER_LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert", "random")
