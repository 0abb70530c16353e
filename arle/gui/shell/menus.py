"""The window's menus and shortcuts as a table (what each item says, its keys, what it does), and
which of them the game shown enables. The window builds ``Menus`` once; its parts refresh them
with ``Menus.update`` when the situation changes (a move, an undo, a friend's answer).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QMainWindow, QWidget

from arle.gui.shell.language import add_language_menu

if TYPE_CHECKING:
    from PySide6.QtGui import QActionGroup

    from arle.files.settings import Settings
    from arle.gui.shell.parts import FilesPart, LifePart
    from arle.gui.shell.shown_game import ShownGame


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class MenuWindow(Protocol):
    """What the menus act on: the window's own commands and its parts."""

    settings: Settings
    shown: ShownGame | None

    @property
    def life(self) -> LifePart: ...
    @property
    def files(self) -> FilesPart: ...

    def close(self) -> bool: ...
    def show_settings(self) -> None: ...
    def zoom_by(self, steps: int) -> None: ...
    def set_zoom(self, zoom: float) -> None: ...
    def language_chosen(self, code: str) -> None: ...
    def show_how_to_play(self, section: str | None = None) -> None: ...


Keys = str | QKeySequence.StandardKey | tuple[str | QKeySequence.StandardKey, ...] | None
#: One menu item: the ``Menus`` member, its words, its keys and what it does.
Item = tuple[str, str, Keys, Callable[[], object]]
S = QKeySequence.StandardKey


def _on_shown(w: MenuWindow, act: Callable[[ShownGame], object]) -> Callable[[], object]:
    """An item that acts on the game shown (nothing on the start page)."""
    return lambda: act(w.shown) if w.shown is not None else None


def _modal(name: str, parent: QWidget) -> Callable[[], object]:
    """Help's dialog ``name`` of ``shell.dialogs``, imported when asked: the start page is painted
    before the rules engine is loaded, and the dialogs need it."""
    def show() -> None:
        from arle.gui.shell import dialogs

        shown: QDialog = getattr(dialogs, name)(parent)
        shown.exec()
        shown.deleteLater()
    return show


def _table(w: MenuWindow, parent: QWidget) -> list[tuple[str, str, list[Item | None]]]:
    """The menus in order, in the window's language (built after its translator is installed);
    ``None`` is a separator; "view" gets the languages after its boards."""
    return [
        ("game", _tr("&Game"), [
            ("new", _tr("&New Game…"), S.New, lambda: w.life.new_game()),
            ("open", _tr("&Open…"), S.Open, lambda: w.files.open_game()),
            ("save", _tr("&Save"), "Ctrl+S", lambda: w.files.save_game()),
            ("save_as", _tr("Save &As…"), "Ctrl+Shift+S", lambda: w.files.save_game_as()),
            ("close_game", _tr("&Close Game"), "Ctrl+W", lambda: w.life.close_to_start_page()),
            None,
            ("review", _tr("&Review This Game…"), None, _on_shown(w, lambda s: s.review(parent))),
            ("stats", _tr("S&tatistics"), None, lambda: w.files.show_statistics()),
            ("settings", _tr("Settin&gs…"), "Ctrl+,", w.show_settings),
            None,
            ("quit", _tr("&Quit"), "Ctrl+Q", w.close),
        ]),
        ("edit", _tr("&Edit"), [
            ("undo", _tr("&Undo"), "Ctrl+Z", _on_shown(w, lambda s: s.undo())),
            ("redo", _tr("&Redo"), ("Ctrl+Shift+Z", "Ctrl+Y"), _on_shown(w, lambda s: s.session.redo())),
            ("hint", _tr("&Hint"), "H", _on_shown(w, lambda s: s.page.coach.ask())),
        ]),
        ("view", _tr("&View"), [
            ("board", _tr("Game &board"), "Ctrl+1", _on_shown(w, lambda s: s.show_view("board"))),
            ("home", _tr("My &Home Board"), "Ctrl+2", _on_shown(w, lambda s: s.show_view("home"))),
            ("storage", _tr("My &Storage board"), "Ctrl+3", _on_shown(w, lambda s: s.show_view("storage"))),
            None,
            ("zoom_in", _tr("Zoom &In"), (S.ZoomIn, "Ctrl+="), lambda: w.zoom_by(1)),
            ("zoom_out", _tr("Zoom &Out"), S.ZoomOut, lambda: w.zoom_by(-1)),
            ("zoom_reset", _tr("&Fit the Boards"), "Ctrl+0", lambda: w.set_zoom(1.0)),
            ("side", _tr("Side &Panel"), "F9", lambda: None),  # checkable: see Menus
        ]),
        ("help", _tr("&Help"), [
            ("how_to", _tr("&How to play"), "Shift+F1", lambda: w.show_how_to_play()),
            ("tutorial", _tr("&Guided first game"), None, lambda: w.life.start_tutorial()),
            ("rules", _tr("&Rules Notes"), "F1", _modal("RulesNotesDialog", parent)),
            ("about", _tr("&About Arle"), None, _modal("AboutDialog", parent)),
        ]),
    ]


def _show_side_panel(w: MenuWindow, shown: bool) -> None:
    """F9: the side panel off, for a small screen's boards, and back."""
    if w.shown is not None:
        w.shown.page.side.setVisible(shown)


def _keys(keys: Keys) -> list[QKeySequence]:
    if keys is None:
        return []
    return [QKeySequence(k) for k in (keys if isinstance(keys, tuple) else (keys,))]


class Menus:
    """The window's actions by name (``menus.undo``, ``menus.side``…) and the menu bar."""

    new: QAction
    open: QAction
    save: QAction
    save_as: QAction
    close_game: QAction
    review: QAction
    stats: QAction
    settings: QAction
    quit: QAction
    undo: QAction
    redo: QAction
    hint: QAction
    board: QAction
    home: QAction
    storage: QAction
    zoom_in: QAction
    zoom_out: QAction
    zoom_reset: QAction
    side: QAction
    how_to: QAction
    tutorial: QAction
    rules: QAction
    about: QAction
    languages: QActionGroup

    #: Enabled with a game shown, and only then.
    PLAYING = ("save", "save_as", "close_game", "review", "board", "home", "storage", "zoom_in",
               "zoom_out", "zoom_reset", "side")

    def __init__(self, w: MenuWindow, window: QMainWindow) -> None:
        self._state: tuple[bool, ...] | None = None
        slots: dict[str, Callable[[], object]] = {}
        for key, title, items in _table(w, window):
            menu = window.menuBar().addMenu(title)
            for item in items:
                if item is None:
                    menu.addSeparator()
                    if key == "view" and not hasattr(self, "languages"):
                        self.languages = add_language_menu(menu, w.settings.language, w.language_chosen)
                    continue
                name, text, keys, slot = item
                action = QAction(text, window)
                action.setShortcuts(_keys(keys))
                action.triggered.connect(slot)
                window.addAction(action)
                menu.addAction(action)
                setattr(self, name, action)
                slots[name] = slot
        self.side.setCheckable(True)
        self.side.setChecked(True)
        self.side.toggled.connect(lambda on: _show_side_panel(w, on))
        # A disabled Undo or Redo still answers its keys: the status bar says why nothing happened.
        self.refused_keys = [QShortcut(key, window, slots[name]) for name in ("undo", "redo")
                             for key in getattr(self, name).shortcuts()]

    def update(self, shown: ShownGame | None) -> None:
        """Enable what the game shown allows; Undo says "Ask to take back" against a friend on
        another computer (issue 41: undo only by agreement)."""
        session = shown.session if shown is not None else None
        friend = shown.friend if shown is not None else None
        undo = friend.can_ask() if friend is not None else session is not None and session.match.can_undo()
        state = (session is not None, undo, session is not None and session.match.can_redo(),
                 session is not None and session.match.coached, friend is not None)
        if state == self._state:  # (a move that changes none of these changes no action)
            return
        self._state = state
        playing = state[0]
        for name in self.PLAYING:
            getattr(self, name).setEnabled(playing)
        self.undo.setEnabled(state[1])
        self.undo.setText(_tr("Ask to &take back") if state[4] else _tr("&Undo"))
        self.redo.setEnabled(state[2])
        self.hint.setEnabled(state[3])
        for shortcut in self.refused_keys:  # one owner per key: an enabled action's own
            action = self.undo if shortcut.key() in self.undo.shortcuts() else self.redo
            shortcut.setEnabled(playing and not action.isEnabled())
