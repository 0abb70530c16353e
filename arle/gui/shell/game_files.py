"""The files of the game shown: open, save, the autosave journal, the games in progress and the
statistics, read and written off the GUI thread where they may take a while.

A part of the window that it owns (``MainWindow.files``), which sees the window through its
``Host`` shape; the save file and the journal themselves are the ``ShownGame``'s.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QCoreApplication, QTimer

from arle.files.errors import GameInUse, NamedSaveError, SaveError
from arle.files.paths import EXTENSION, saves_dir
from arle.gui.shell.start_page import damage_words

# Loaded with the start page, which is painted before the rules engine, the match and the boards
# are imported: what needs them imports them in the function that needs them (issue 49).
if TYPE_CHECKING:
    from collections.abc import Callable

    from arle.files.damaged import DamagedCopy
    from arle.files.journal import Listing, ResumedGame
    from arle.files.saves import LoadedSave, SaveDamage
    from arle.gui.shell.host import Host

log = logging.getLogger(__name__)

T = TypeVar("T")


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class GameFiles:
    """Open, save, continue: the files of the window's game (see the module)."""

    def __init__(self, window: Host) -> None:
        self.window = window

    def may_drop_game(self) -> bool:
        """Before the game shown is closed: if its journal is not up to date (autosave failed),
        offer to save it to a file. False: the player chose to stay."""
        shown = self.window.shown
        if shown is None or shown.session.match.game.over or "autosave" not in self.window.warnings:
            return True
        from PySide6.QtWidgets import QMessageBox  # (loaded when needed: 1 ms of the start)

        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self.window.window(), _tr("Keep this game?"),
            _tr("This game could not be autosaved. Save it to a file before it is closed?"),
            buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save)
        if answer == buttons.Save:
            return self.save_game()
        return answer == buttons.Discard

    # -- the games in progress -------------------------------------------------------------------------

    def refresh_games(self) -> None:
        """List the games in progress and the recent saves, read off the GUI thread and shown as
        they are read: with 2,000 games the list shows at once and fills in (issue 42 item 7)."""
        import queue

        use_autosave = self.window.use_autosave
        inbox: queue.SimpleQueue[Listing] = queue.SimpleQueue()
        page = self.window.start_page

        def work(should_stop: Callable[[], bool]) -> tuple[list[Path], list[DamagedCopy]]:
            from arle.files.damaged import damaged_copies

            if use_autosave:
                from arle.files.journal import scan_games

                for step in scan_games(should_stop=should_stop):
                    inbox.put(marked(step))
            return recent_files(), damaged_copies() if use_autosave else []

        def deliver() -> None:
            while not inbox.empty():
                page.add_listing(inbox.get_nowait())

        poll = QTimer(self.window.window())
        poll.setInterval(LISTING_POLL_MS)
        poll.timeout.connect(deliver)

        def finish(found: tuple[list[Path], list[DamagedCopy]]) -> None:
            poll.stop()
            poll.deleteLater()
            deliver()
            page.end_listing(*found)

        def failed(exc: BaseException) -> None:
            log.warning("cannot list the games: %s", exc)
            finish(([], []))

        if not self.window.lister.run(work, finish, failed):
            poll.deleteLater()
            # a listing is running: list again after it (not after the window is gone)
            QTimer.singleShot(100, self.window.window(), self.refresh_games)
            return
        page.begin_listing()
        poll.start()

    def continue_game(self, journal: Path) -> None:
        """Continue a game in progress from its journal, with its link to its save file."""
        from arle.files.journal import resume
        from arle.gui.kit.texts import language
        from arle.match.words import Wording

        words = Wording(language()).log_label  # the log is made in the one replay, off the GUI thread
        self.load_off_thread(_tr("the game"), lambda: resume(journal, words),
                   lambda resumed: self._resumed(journal, resumed), lambda exc: self._cannot_continue(exc))

    def _resumed(self, journal: Path, resumed: ResumedGame) -> None:
        from arle.files.journal import Autosaver

        if not self.may_drop_game():
            return
        # ``expect``: the journal must still hold the bytes read, else another window played on
        # meanwhile and this rewrite would destroy its moves (issue 42 item 2).
        saver = (Autosaver(journal, save_path=resumed.save_path, damaged=resumed.damaged,
                           expect=resumed.digest or None)
                 if self.window.use_autosave else None)
        if saver is not None:
            try:
                saver.start(resumed.history)
            except GameInUse as exc:
                self._cannot_continue(exc)
                return
            except (OSError, SaveError):
                pass  # install says so (autosave retries after each move, the original kept first)
        self.window.life.install(resumed.history, save_path=resumed.save_path, autosaver=saver,
                                 log=resumed.log)

        note = None if resumed.damage is None else damage_words(resumed.damage)
        if note is not None and saver is not None and saver.kept_original is not None:
            note += "\n" + _tr("The autosave as it was is kept as {path}.").format(path=saver.kept_original)
        self.window.set_warning("note", note)
        self.window.statusBar().showMessage(_tr("Welcome back: the game continues where you left it."), 6000)

    def _cannot_continue(self, exc: Exception) -> None:
        from PySide6.QtWidgets import QMessageBox  # (loaded when needed: 1 ms of the start)

        QMessageBox.warning(self.window.window(), _tr("Cannot continue"), sentence(exc))
        self.refresh_games()

    def set_aside(self, journal: Path) -> None:
        """Rename a damaged journal so it is not listed again, keeping it for a bug report."""
        from arle.files.journal import set_aside

        kept = set_aside(journal)
        if kept is None:
            self.window.statusBar().showMessage(_tr("The damaged game could not be set aside."), 8000)
        else:
            self.window.statusBar().showMessage(
                _tr("The damaged game was kept as {path}.").format(path=kept), 10000)
        self.refresh_games()

    def delete_copies(self, copies: list[DamagedCopy]) -> None:
        """Delete older copies of damaged files, once the player has said yes (never on its own)."""
        from PySide6.QtWidgets import QMessageBox  # (loaded when needed: 1 ms of the start)

        from arle.files.damaged import delete_copies

        buttons = QMessageBox.StandardButton
        text = (_tr("Delete 1 older copy of a damaged file? The newest copy of each file is kept.")
                if len(copies) == 1 else
                _tr("Delete {n} older copies of damaged files? The newest copy of each file is kept.")
                .format(n=len(copies)))
        if QMessageBox.question(self.window.window(), _tr("Delete the older copies"), text,
                                buttons.Yes | buttons.Cancel, buttons.Cancel) != buttons.Yes:
            return
        deleted, failed = delete_copies(copies)
        message = _tr("{n} copies deleted.").format(n=deleted)
        if failed:
            message += " " + _tr("{n} could not be deleted.").format(n=failed)
        self.window.statusBar().showMessage(message, 8000)
        self.refresh_games()

    # -- loading off the GUI thread ---------------------------------------------------------------------

    def load_off_thread(self, what: str, work: Callable[[], T], done: Callable[[T], None],
              failed: Callable[[Exception], None]) -> None:
        """Run ``work`` (read and replay a game) on the worker thread; the window stays live and
        shows that it is busy when that takes more than a moment."""

        def finish() -> None:
            self.window.busy.hide()
            self.window.statusBar().clearMessage()

        def succeeded(result: T) -> None:
            finish()
            done(result)

        def refused(exc: BaseException) -> None:
            finish()
            failed(exc if isinstance(exc, Exception) else RuntimeError(str(exc)))

        started = self.window.loader.run(lambda _stop: work(), succeeded, refused)
        if not started:
            self.window.statusBar().showMessage(_tr("Still reading a game: a moment, please."), 4000)
            return

        def show_busy() -> None:
            if self.window.loader.busy:
                self.window.busy.show()
                self.window.statusBar().showMessage(_tr("Reading {what}…").format(what=what))

        QTimer.singleShot(BUSY_AFTER_MS, show_busy)

    # -- files ----------------------------------------------------------------------------------------------

    def _dialog_dir(self) -> str:
        last = self.window.settings.last_directory
        if last and Path(last).is_dir():
            return last

        try:
            folder = saves_dir()
            folder.mkdir(parents=True, exist_ok=True)
            return str(folder)
        except OSError:
            return str(Path.home())

    def open_game(self) -> None:
        from PySide6.QtWidgets import QFileDialog  # (loaded when needed: 1 ms of the start)

        name, _ = QFileDialog.getOpenFileName(self.window.window(), _tr("Open a saved game"),
                                              self._dialog_dir(), _tr("Arle games (*.arle.json *.json)"))
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path) -> None:
        """Open a save file (read off the GUI thread); the game shown stays until it has loaded.

        A save some moves of which no longer replay (a rules fix made one illegal) opens at the
        moves before it, says what was kept and lost, and is not linked to the file: Save asks
        for a new name, so the original stays untouched (issue 42 item 3)."""
        from arle.files.saves import load_save
        from arle.gui.kit.texts import language
        from arle.match.words import Wording

        words = Wording(language()).log_label  # the log is made in the one replay, off the GUI thread

        def opened(loaded: LoadedSave) -> None:
            if not self.may_drop_game():
                return
            self._remember_dir(path)
            damage = loaded.damage
            self.window.life.install(loaded.history, save_path=path if damage is None else None,
                                     log=loaded.log)
            if damage is not None:
                self.window.set_warning("note", save_damage_words(damage, path.name))
            self.window.statusBar().showMessage(_tr("Opened {name}.").format(name=path.name), 6000)

        def refused(exc: Exception) -> None:
            from PySide6.QtWidgets import QMessageBox  # (loaded when needed: 1 ms of the start)

            QMessageBox.warning(self.window.window(), _tr("Cannot open {name}").format(name=path.name),
                                sentence(exc))

        self.load_off_thread(path.name, lambda: load_save(path, partial=True, words=words), opened, refused)

    def save_game(self) -> bool:
        shown = self.window.shown
        if shown is None:
            return False
        if shown.save_path is None:
            return self.save_game_as()
        return self.save_to(shown.save_path)

    def save_game_as(self) -> bool:
        if self.window.shown is None:
            return False

        names = "-".join(p.name for p in self.window.shown.session.match.game.state.players)
        start = str(Path(self._dialog_dir()) / f"{names}{EXTENSION}")
        from PySide6.QtWidgets import QFileDialog  # (loaded when needed: 1 ms of the start)

        name, _ = QFileDialog.getSaveFileName(self.window.window(), _tr("Save the game"), start,
                                              _tr("Arle games (*.arle.json)"))
        if not name:
            return False
        path = Path(name)
        if not path.name.endswith(EXTENSION):
            path = path.with_name(path.name.removesuffix(".json") + EXTENSION)
        return self.save_to(path)

    def save_to(self, path: Path) -> bool:
        """Save the game to ``path`` and link its journal to that file; False (and one sentence
        shown) when it cannot be saved."""
        if self.window.shown is None:
            return False
        try:
            self.window.shown.save_to(path)
        except (OSError, SaveError, ValueError) as exc:  # ValueError: a name no file can hold
            from PySide6.QtWidgets import QMessageBox  # (loaded when needed: 1 ms of the start)

            QMessageBox.warning(self.window.window(), _tr("Cannot save"), sentence(exc))
            return False
        self._remember_dir(path)
        self.window.update_title()
        self.window.statusBar().showMessage(_tr("Saved to {path}.").format(path=path), 6000)
        return True

    def _remember_dir(self, path: Path) -> None:
        self.window.settings.last_directory = str(path.parent)
        self.window.keep_settings()

    def show_statistics(self) -> None:
        from arle.files.stats import read_stats, summarize
        from arle.gui.shell.game_over import StatisticsDialog

        games, warning = read_stats()
        solo = [r.scores[0] for r in games.values() if r.solo and r.seat(0) == "person"]
        dialog = StatisticsDialog(summarize(games), warning, self.window.window(), solo_scores=solo)
        dialog.exec()
        dialog.deleteLater()


def marked(step: Listing) -> Listing:
    """A step of the listing with the guided first game marked (issue 43). On the worker thread."""
    import dataclasses

    from arle.gui.tutorial import is_guided

    entries = [dataclasses.replace(e, guided=True)
               if not e.error and not e.pending and is_guided(e.setup) else e
               for e in step.entries]
    return dataclasses.replace(step, entries=entries)


def save_damage_words(damage: SaveDamage, name: str) -> str:
    """What a save that does not replay whole kept and lost (``SaveDamage``), in the player's language."""
    why = {
        "unknown": _tr("Move {move} of {name} is not a move this Arle knows"),
        "illegal": _tr("Move {move} of {name} is not legal at its place in the game (half-year {half_year})"),
        "after_end": _tr("Move {move} of {name} comes after the end of the game"),
    }.get(damage.why, _tr("Move {move} of {name} could not be replayed"))
    cause = why.format(move=damage.move, name=name, half_year=damage.half_year)
    kept = (_tr("no move could be kept") if damage.kept == 0 else _tr("the first move was kept")
            if damage.kept == 1 else _tr("the first {n} moves were kept").format(n=damage.kept))
    lost = (_tr("1 move could not be used") if damage.lost == 1
            else _tr("{n} moves could not be used").format(n=damage.lost))
    return _tr("{cause}: {kept}; {lost}. The file is left as it is: save the game under a new name "
               "to keep it.").format(cause=cause, kept=kept, lost=lost)


def recent_files(limit: int = 6) -> list[Path]:
    """The save files in the saves folder, most recently written first."""
    try:
        stamped = [(p.stat().st_mtime, p) for p in saves_dir().glob(f"*{EXTENSION}") if p.is_file()]
    except OSError:
        return []
    return [p for _t, p in sorted(stamped, reverse=True)[:limit]]


#: A load that takes longer than this shows the busy indicator (ms).
BUSY_AFTER_MS = 250
#: How often the parts of a listing read off the GUI thread are looked for (ms).
LISTING_POLL_MS = 40


def reason(exc: Exception) -> str:
    """What went wrong, in a few words: an OSError's reason without the errno, else the message."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc).rstrip(".") or type(exc).__name__


def sentence(exc: Exception) -> str:
    """One sentence for the player, whatever ``exc`` is (the file layer's own sentence if it has one)."""
    if isinstance(exc, UnicodeError):
        return _tr("The game holds a name that is not valid text, so it cannot be written to a file.")
    if isinstance(exc, SaveError):  # the file layer writes its sentences in lower case
        text = str(exc).rstrip(".")
        return (text if isinstance(exc, NamedSaveError) else text[:1].upper() + text[1:]) + "."
    if isinstance(exc, OSError):
        return _tr("The file cannot be read or written: {reason}.").format(reason=reason(exc))
    log.error("unexpected error", exc_info=exc)
    return _tr("Something went wrong: {error}.").format(error=reason(exc))


