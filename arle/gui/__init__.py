"""Qt views of the game."""
