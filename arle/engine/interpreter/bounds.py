"""How many moves a game may hold: one bound for every player, search, history and save.

``Game`` counts its moves (``Game.played``) and lists no anytime move from ``FREE_MOVES`` on and no
move at all at ``MAX_MOVES``, so that ``legal_moves()`` is the one answer everyone asks (issue 42:
a search that picked from an unbounded list trapped the game past 2,500 moves).
"""

#: The most moves a game may hold, and so a save or an autosave: about nine times the longest of
#: 600 random games (334 moves with two players, 193 solo), so no real game comes near it, while a
#: hostile file of this length still verifies in about a second. The rules alone set no bound,
#: since anytime moves can repeat a position (an Animal moved there and back): ``GameHistory``
#: refuses a move past it with a sentence, and a search cuts repeats by ``Game.key()``.
MAX_MOVES = 3_000
#: From this many moves on, only moves that answer the pending decision are accepted (anytime
#: moves, the ones that can repeat, stop): a random game needs at most 247 such moves from its
#: start to its end (seeds 1-59, both player counts), so a game at this bound can still be
#: finished well within ``MAX_MOVES`` instead of being trapped there.
FREE_MOVES = 2_500
