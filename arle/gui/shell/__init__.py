"""The window around the game: ``main_window`` (menus), the start page, the dialogs (New Game,
settings, game over, help) and the language menu.
"""
