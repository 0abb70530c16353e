"""The game content as data: action spaces, buildings, destinations, goods, tiles, tools, the
numbers and notes RULES-DECISIONS.md decides, and the English words of the engine's messages."""
