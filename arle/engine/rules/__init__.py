"""The rule areas, one module each: Animals, the Home Board, the Barn and vehicles, building,
travel, inventorying, scoring, payments, anytime actions, and why a move is refused."""
