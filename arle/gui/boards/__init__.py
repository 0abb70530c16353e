"""The boards: every board is a ``scene.GameScene`` (``board_scene`` with its items in
``board_items``, ``home_scene`` with its layout in ``home_layout``, ``storage_scene``,
``supply_scene``), shown in a ``board_view.BoardView``; their pieces (``pieces``), boxes
(``boxes``), movements (``motion``) and the "Place here anyway?" question (``confirm``).
"""
