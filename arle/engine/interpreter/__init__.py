"""The interpreter: the game and its state, moves, events, and the step machine that runs
actions as data (steps, decisions, the flow of phases). ``Game`` is the one door."""
