"""The game page (``game_page``: the boards' tabs beside the side panel) and the side panel's
parts: whose turn and what is decided (``panels``, ``player_panel``), the game log
(``game_log``), the inventory summary and the scoring pad (``scoring_table``).
"""
