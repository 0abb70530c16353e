"""The start page: New Game, Open, the games in progress (each autosaved in its own journal) and
the recent save files.

The page paints first and asks for its lists afterwards (``MainWindow.refresh_games`` reads the
journals off the GUI thread): start-up time is benchmarked, and a dozen games to list must not
delay the first picture.
"""

from __future__ import annotations

import datetime
import time
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QDate, QLocale, QSize, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from arle import __version__
from arle.gui.kit.level_words import seat_words
from arle.gui.shell.review_offer import attach_to_start_page

# Loaded with the start page, which is painted before the rules engine, the match and the boards
# are imported: what needs them imports them in the function that needs them (issue 49).
if TYPE_CHECKING:
    from PySide6.QtWidgets import QStatusBar

    from arle.files.damaged import DamagedCopy
    from arle.files.journal import Damage, GameEntry, Listing
    from arle.gui.shell.parts import FilesPart, LifePart

#: Item data: the journal's path, and what the entry is ("ok", "damaged", "in_use").
PATH_ROLE = Qt.ItemDataRole.UserRole
KIND_ROLE = Qt.ItemDataRole.UserRole + 1

HALF_YEARS = 9
#: The logo's size (px) where the page has room for all of it, and the least it shrinks to.
LOGO_SIZES = (96, 48)
#: The longest the list may hold the window's thread in one go while it fills (s): 2,000 games
#: are shown in slices, never freezing the window (issue 42 item 7 asks for at most 100 ms).
SLICE_S = 0.03


def _tr(text: str) -> str:
    return QCoreApplication.translate("StartPage", text)


def kind_of(entry: GameEntry) -> str:
    if entry.pending:
        return "pending"
    if entry.error:
        return "damaged" if entry.readable else "unreadable"
    return "in_use" if entry.in_use else "ok"


def when(stamp: float, now: datetime.datetime | None = None) -> str:
    """'today 14:05', 'yesterday 09:30' or '3 Nov 2026': when a game was last played."""
    moment = datetime.datetime.fromtimestamp(stamp)
    now = now or datetime.datetime.now()
    days = (now.date() - moment.date()).days
    if days == 0:
        return _tr("today {time}").format(time=moment.strftime("%H:%M"))
    if days == 1:
        return _tr("yesterday {time}").format(time=moment.strftime("%H:%M"))
    return QLocale().toString(QDate(moment.year, moment.month, moment.day), "d MMM yyyy")


def who_plays(entry: GameEntry) -> str:
    """The players' names, a computer's marked with its level ("Ben (computer, Hard)")."""
    return " – ".join(seat_words(name, entry.seats[i] if i < len(entry.seats) else "person")
                      for i, name in enumerate(entry.names))


def turn_words(entry: GameEntry) -> str | None:
    """A remote game's turn as this side last knew it: "your turn" or "waiting for Ben"; None for
    a game without a friend elsewhere, or not read yet."""
    if entry.me is None or entry.to_move not in (0, 1):
        return None
    if entry.to_move == entry.me:
        return _tr("your turn")
    friend = entry.names[entry.to_move] if entry.to_move < len(entry.names) else ""
    return _tr("waiting for {name}").format(name=friend or _tr("your friend"))


def game_text(entry: GameEntry) -> str:
    """Two lines: who plays, the half-year and the live scores; when it was last played and how
    it stands (damaged, open in another window, linked to a save file)."""
    if entry.error:
        who = " – ".join(entry.names) or _tr("A game")
        error = entry.error[:1].upper() + entry.error[1:].rstrip(".") + "."
        if not entry.readable:
            return _tr("{who}: the autosave cannot be read just now\n{error}").format(who=who, error=error)
        return _tr("{who}: the autosave is damaged\n{error}").format(who=who, error=error)
    if entry.pending:  # listed before it is read (many games: the list shows at once, issue 42 item 7)
        first = _tr("{names} · being read…").format(names=who_plays(entry) or _tr("A game"))
        return first + "\n" + _tr("last played {when}").format(when=when(entry.last_played))
    scores = " : ".join(QLocale().toString(float(s), "g", 12) for s in entry.scores)  # "7,5" in French
    names = who_plays(entry)
    if entry.guided:
        names = _tr("{names} (guided first game)").format(names=names)
    first = _tr("{names} · half-year {n} of {last} · {scores} VP").format(
        names=names, n=entry.half_year, last=HALF_YEARS, scores=scores)
    second = [_tr("last played {when}").format(when=when(entry.last_played))]
    turn = turn_words(entry)
    if turn is not None:
        second.insert(0, turn)
    if entry.save_path is not None:
        second.append(_tr("saved as {name}").format(name=entry.save_path.name))
    if entry.in_use:
        second.append(_tr("open in another Arle window"))
    text = first + "\n" + " · ".join(second)
    if entry.damage is not None:  # a damaged journal some moves of which replay: said before Continue
        keeps = _tr("Continuing keeps a copy of the autosave as it is.")
        text += "\n" + damage_words(entry.damage) + " " + keeps
    return text


def damage_words(damage: Damage) -> str:
    """What a damaged autosave kept and lost, in the player's language (``Damage`` is data)."""
    if damage.kind == "skipped":
        lines = ", ".join(map(str, damage.lines))
        text = (_tr("Line {lines} of the autosave was damaged and skipped") if len(damage.lines) == 1
                else _tr("Lines {lines} of the autosave were damaged and skipped"))
        return text.format(lines=lines) + "; " + _tr("all {n} moves were recovered.").format(n=damage.kept)
    if damage.kind == "move":
        why = {
            "unknown": _tr("Move {move} of the autosave (line {line}) is not a move this Arle knows"),
            "illegal": _tr("Move {move} of the autosave (line {line}) is not legal at its place in the "
                           "game (half-year {half_year})"),
            "after_end": _tr("Move {move} of the autosave (line {line}) comes after the end of the game"),
        }.get(damage.why, _tr("Move {move} of the autosave (line {line}) could not be replayed"))
        cause = why.format(move=damage.move, line=damage.move_line, half_year=damage.half_year)
        if damage.lines:
            cause = _tr("Line {line} of the autosave is damaged.").format(line=damage.lines[0]) + " " + cause
    elif damage.kind == "line":
        cause = _tr("Line {line} of the autosave is damaged").format(line=damage.lines[0])
    else:
        cause = _tr("Line {line} of the autosave does not follow the moves before it").format(
            line=damage.lines[0])
    kept = (_tr("no move could be kept") if damage.kept == 0 else _tr("the first move was kept")
            if damage.kept == 1 else _tr("the first {n} moves were kept").format(n=damage.kept))
    if damage.lost:
        lost = (_tr("1 move could not be used") if damage.lost == 1
                else _tr("{n} moves could not be used").format(n=damage.lost))
        return _tr("{cause}: {kept}; {lost}.").format(cause=cause, kept=kept, lost=lost)
    return _tr("{cause}: {kept}.").format(cause=cause, kept=kept)


class StartWindow(Protocol):
    """What the start page asks of the main window (``main_window.MainWindow``, which imports
    this module: the protocol keeps the import one way) and of its parts."""

    @property
    def life(self) -> LifePart: ...
    @property
    def files(self) -> FilesPart: ...

    def show_how_to_play(self, section: str | None = None) -> None: ...
    def statusBar(self) -> QStatusBar: ...


class Logo(QWidget):
    """The app's icon at the top of the start page: 96 px where the page has room, down to 48 px
    in a short window (issue 43: in French, with saved games listed, a 1280x720 screen squeezed a
    fixed 96 px picture and cut it)."""

    def __init__(self, icon: QIcon) -> None:
        super().__init__()
        self.icon = icon
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

    def sizeHint(self) -> QSize:
        return QSize(LOGO_SIZES[0], LOGO_SIZES[0])

    def minimumSizeHint(self) -> QSize:
        return QSize(LOGO_SIZES[1], LOGO_SIZES[1])

    def side(self) -> int:
        """The size the picture is shown at: the widget's height, at most the full size."""
        return max(1, min(self.height(), LOGO_SIZES[0]))

    def paintEvent(self, event: QPaintEvent) -> None:
        side = self.side()
        picture = self.icon.pixmap(side, side)
        QPainter(self).drawPixmap((self.width() - side) // 2, (self.height() - side) // 2, picture)


class StartPage(QWidget):
    """New Game, Continue (the most recent game), Open, the games in progress, the recent saves."""

    def __init__(self, window: StartWindow, icon: QIcon) -> None:
        super().__init__()
        self.window_ = window
        self.setObjectName("backdrop")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        card = QFrame()
        card.setObjectName("card")
        card.setMinimumWidth(620)
        inner = QVBoxLayout(card)
        inner.setContentsMargins(40, 26, 40, 24)
        inner.setSpacing(8)
        #: The logo, as large as the page leaves room for (issue 43).
        self.logo = Logo(icon)
        inner.addWidget(self.logo)
        for text, name in ((_tr("Fields of Arle"), "title"),
                           (_tr("Farming on the East Frisian coast, solo or for two, at one table or apart."),
                            "subtitle")):
            label = QLabel(text)
            label.setObjectName(name)
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setWordWrap(True)
            inner.addWidget(label)
        #: Continues the most recently played game (hidden when there is none to continue).
        self.continue_button = QPushButton(_tr("Continue the last game"))
        self.new_button = QPushButton(_tr("New Game…"))
        self.open_button = QPushButton(_tr("Open a saved game…"))
        for b in (self.continue_button, self.new_button, self.open_button):
            b.setObjectName("startButton")
            inner.addWidget(b)
        self.continue_button.hide()
        self.continue_button.clicked.connect(self._continue_latest)
        self.new_button.clicked.connect(window.life.new_game)
        self.open_button.clicked.connect(window.files.open_game)
        learn = QHBoxLayout()  # learning the game: the guide and the rules in the app's words
        self.tutorial_button = QPushButton(_tr("Guided first game"))
        self.how_to_button = QPushButton(_tr("How to play"))
        for b in (self.tutorial_button, self.how_to_button):
            learn.addWidget(b)
        inner.addLayout(learn)
        self.tutorial_button.clicked.connect(window.life.start_tutorial)
        self.how_to_button.clicked.connect(lambda: window.show_how_to_play("overview"))

        self.games_title = QLabel(_tr("Games in progress (double-click one to continue it)"))
        self.games_title.setObjectName("subtitle")
        self.games = QListWidget()
        self.games.setObjectName("games")
        self.games.setWordWrap(True)
        self.games.setMaximumHeight(220)
        # Laid out a batch of rows at a time, its height set from its first rows (``_update_latest``):
        # fitting it to all its contents laid out 2,000 word-wrapped rows in one go (280 ms).
        self.games.setLayoutMode(QListWidget.LayoutMode.Batched)
        self.games.setBatchSize(50)
        self.games.itemActivated.connect(self._activated)
        self.games.currentItemChanged.connect(lambda *_: self._update_aside())
        self.aside_button = QPushButton(_tr("Set the damaged game aside"))
        self.aside_button.setObjectName("asideButton")
        self.aside_button.clicked.connect(self._set_aside)
        #: The copies of damaged files kept (never deleted on Arle's own), and the offer to delete
        #: the older ones (issue 42 item 8).
        self.copies_label = QLabel()
        self.copies_label.setObjectName("copies")
        self.copies_label.setWordWrap(True)
        self.copies_button = QPushButton()
        self.copies_button.setObjectName("copiesButton")
        self.copies_button.clicked.connect(self._delete_older_copies)
        self.recent_title = QLabel(_tr("Recent saved games"))
        self.recent_title.setObjectName("subtitle")
        self.recent = QListWidget()
        self.recent.setMaximumHeight(110)
        self.recent.setSizeAdjustPolicy(QListWidget.SizeAdjustPolicy.AdjustToContents)
        self.recent.itemActivated.connect(lambda item: window.files.open_path(Path(item.data(PATH_ROLE))))
        for w in (self.games_title, self.games, self.aside_button, self.copies_label, self.copies_button,
                  self.recent_title, self.recent):
            inner.addWidget(w)
            w.hide()
        version = QLabel(_tr("Version {version}").format(version=__version__))
        version.setObjectName("version")
        version.setAlignment(Qt.AlignmentFlag.AlignCenter)
        inner.addWidget(version)
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        outer.addWidget(card, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(2)
        self._asked = False
        #: The last complete listing: the entries of the games in progress.
        self.entries: list[GameEntry] = []
        #: How often the lists were filled (tests wait for the first time).
        self.filled = 0
        #: The listing shown is complete (False while its parts arrive).
        self.complete = False
        self._items: dict[str, QListWidgetItem] = {}  # by journal path
        self._listed: dict[str, GameEntry] = {}  # by journal path, in the order listed
        self._todo: deque[GameEntry | Path] = deque()  # arrived, not yet shown
        self._recent: list[Path] = []
        #: The copies of damaged files kept, as last listed.
        self.copies: list[DamagedCopy] = []
        self._fresh = self._ending = self._drain_asked = False

        #: "Review the selected game" (issue 40), under the lists.
        self.review_button = attach_to_start_page(self, PATH_ROLE, KIND_ROLE)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._asked:  # after the first picture, not before it
            self._asked = True
            QTimer.singleShot(0, self, self.window_.files.refresh_games)

    # -- the lists ---------------------------------------------------------------------------------------

    def show_games(self, entries: Sequence[GameEntry], recent: Sequence[Path]) -> None:
        """Show a whole listing at once (``begin_listing``, ``add_listing``, ``end_listing``)."""
        from arle.files.journal import Listing

        self.begin_listing()
        self.add_listing(Listing(list(entries)))
        self.end_listing(recent)

    def begin_listing(self) -> None:
        """A listing starts: the list shown stays until its first part arrives."""
        self._fresh = True
        self.complete = False

    def add_listing(self, step: Listing) -> None:
        """A part of the listing (``arle.files.journal.scan_games``): shown in slices of at most
        ``SLICE_S`` of the window's time each, so that 2,000 games never freeze it."""
        if self._fresh:
            self._fresh = False
            self._clear_games()
        self._todo.extend(step.removed)
        self._todo.extend(step.entries)
        self._drain()

    def end_listing(self, recent: Sequence[Path], copies: Sequence[DamagedCopy] = ()) -> None:
        """The listing is complete; ``recent``: the recent save files; ``copies``: the copies of
        damaged files kept (``arle.files.damaged``)."""
        if self._fresh:  # not one game listed
            self._fresh = False
            self._clear_games()
        self._recent = list(recent)
        self.copies = list(copies)
        self._ending = True
        self._drain()

    def _clear_games(self) -> None:
        self.games.clear()
        self._items.clear()
        self._listed.clear()
        self._todo.clear()

    def _drain(self) -> None:
        """Show what has arrived, for at most ``SLICE_S``; the rest in the next turn of the loop."""
        self._drain_asked = False
        deadline = time.perf_counter() + SLICE_S
        while self._todo:
            self._show(self._todo.popleft())
            if time.perf_counter() >= deadline:
                break
        if self._todo:
            if not self._drain_asked:
                self._drain_asked = True
                QTimer.singleShot(0, self._drain)
        elif self._ending:
            self._finish()
        self._update_latest()

    def _show(self, change: GameEntry | Path) -> None:
        if isinstance(change, Path):  # a game that left the list (finished, or gone)
            key = str(change)
            self._listed.pop(key, None)
            old = self._items.pop(key, None)
            if old is not None:
                self.games.takeItem(self.games.row(old))
            return
        key = str(change.path)
        item = self._items.get(key)
        if item is None:
            item = QListWidgetItem()
            self._items[key] = item
            self.games.addItem(item)
        self._listed[key] = change
        item.setText(game_text(change))
        item.setData(PATH_ROLE, key)
        item.setData(KIND_ROLE, kind_of(change))
        colour = "#a0362a" if change.error else "#7a8278" if change.in_use or change.pending else None
        item.setForeground(QBrush(QColor(colour)) if colour else QBrush())

    def _finish(self) -> None:
        """The listing is complete: the damaged games, which cannot be played, below the rest."""
        self._ending = False
        for key, entry in self._listed.items():
            if entry.error:
                item = self.games.takeItem(self.games.row(self._items[key]))
                self.games.addItem(item)
        # Newest first, as listed; the damaged ones below the rest.
        self.entries = sorted(self._listed.values(), key=lambda e: (e.error is not None, -e.last_played))
        self.recent.clear()
        for path in self._recent:
            item = QListWidgetItem(path.name.removesuffix(".arle.json"))
            item.setData(PATH_ROLE, str(path))
            item.setToolTip(str(path))
            self.recent.addItem(item)
        self.recent.setVisible(bool(self._recent))
        self.recent_title.setVisible(bool(self._recent))
        self._update_aside()
        self._show_copies()
        self.complete = True
        self.filled += 1

    def _update_latest(self) -> None:
        latest = self.latest()
        self.continue_button.setVisible(latest is not None)
        if latest is not None:
            self.continue_button.setText(_tr("Continue: {names}, half-year {n}").format(
                names=who_plays(latest), n=latest.half_year))
        shown = bool(self._items)
        self.games.setVisible(shown)
        self.games_title.setVisible(shown)
        # A short window (1280x720) keeps two whole games in progress in view (the second was
        # half cut), and the recent saves no taller than their rows.
        for widget, keep in ((self.games, 2), (self.recent, 3)):
            rows = sum(widget.sizeHintForRow(i) for i in range(min(keep, widget.count())))
            widget.setMinimumHeight(rows + 2 * widget.frameWidth())

    def latest(self) -> GameEntry | None:
        """The most recently played game that can be continued here."""
        return next((e for e in self._listed.values() if kind_of(e) == "ok"), None)

    def _continue_latest(self) -> None:
        latest = self.latest()
        if latest is not None:
            self.window_.files.continue_game(latest.path)

    def _activated(self, item: QListWidgetItem) -> None:
        path, kind = Path(item.data(PATH_ROLE)), item.data(KIND_ROLE)
        if kind == "damaged":
            self.window_.statusBar().showMessage(
                _tr("This autosave cannot be played: set it aside to keep it for a bug report."), 8000)
        elif kind == "unreadable":
            self.window_.statusBar().showMessage(
                _tr("This autosave cannot be read just now: nothing was changed, and it is read again "
                    "the next time the games are listed."), 8000)
        elif kind == "in_use":
            self.window_.statusBar().showMessage(
                _tr("This game is open in another Arle window: continue it there."), 8000)
        else:
            self.window_.files.continue_game(path)

    def _update_aside(self) -> None:
        self.aside_button.setVisible(any(kind_of(e) == "damaged" for e in self._listed.values()))

    def _show_copies(self) -> None:
        """How many copies of damaged files are kept, and the offer to delete all but the newest
        copy of each file (never done without the player)."""
        from arle.files.damaged import older_copies

        copies = self.copies
        self.copies_label.setVisible(bool(copies))
        older = older_copies(copies)
        self.copies_button.setVisible(bool(older))
        if not copies:
            return
        size = QLocale().formattedDataSize(sum(c.size for c in copies))
        text = (_tr("1 copy of a damaged file is kept ({size}) for a bug report.") if len(copies) == 1
                else _tr("{n} copies of damaged files are kept ({size}) for a bug report."))
        self.copies_label.setText(text.format(n=len(copies), size=size))
        self.copies_label.setToolTip("\n".join(str(c.path) for c in copies[:20])
                                     + ("\n…" if len(copies) > 20 else ""))
        self.copies_button.setText(_tr("Delete the older copy…") if len(older) == 1
                                   else _tr("Delete the {n} older copies…").format(n=len(older)))

    def _delete_older_copies(self) -> None:
        from arle.files.damaged import older_copies

        older = older_copies(self.copies)
        if older:
            self.window_.files.delete_copies(older)

    def _set_aside(self) -> None:
        """Set aside the damaged game selected, else the first damaged one listed."""
        item = self.games.currentItem()
        if item is not None and item.data(KIND_ROLE) == "damaged":
            self.window_.files.set_aside(Path(item.data(PATH_ROLE)))
            return
        damaged = next((e for e in self._listed.values() if kind_of(e) == "damaged"), None)
        if damaged is not None:
            self.window_.files.set_aside(damaged.path)
