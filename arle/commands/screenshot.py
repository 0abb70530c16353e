"""``python -m arle screenshot --out DIR``: the main screens as PNG files, from seeded games.

The games are played by the seeded random player (``arle.commands.simulate.choose_move``); for each picture
the tool looks for the moment of a game that shows what the picture is about (a summer work phase
with Workers out, a Home Board with Animals and moved Dikes, a Barn with loaded vehicles, a
finished game) and refuses to write a picture that does not show it. Everything runs offscreen,
with temporary config and data directories: the player's settings and autosave are never touched.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import attrs

from arle.commands.simulate import choose_move
from arle.engine import START_DIKES, Game, Move, Phase, PlaceKind, Setup, animal_total, place
from arle.match import Change

#: Seeds tried in order (2-player games) until one shows what a picture needs.
SEEDS = tuple(range(6, 30))
NAMES = ("Anna", "Ben")


# -- finding the moments ------------------------------------------------------------------------------


@attrs.frozen
class Played:
    """One seeded game: its setup and every move, in order."""

    setup: Setup
    moves: tuple[Move, ...]
    #: The winner's score (a higher-scoring game makes a fuller scoring pad).
    top_score: float


def play(seed: int, players: int = 2, watch: Callable[[Game, int, list], None] | None = None) -> Played:
    """A complete game by the seeded random player; ``watch(game, moves_so_far, events)`` after each
    move (``events``: what that move changed)."""
    setup = Setup(players=players, seed=seed, names=NAMES[:players])
    game = Game(setup)
    rng = random.Random(seed)
    moves: list[Move] = []
    while not game.over:
        move = choose_move(rng, game.legal_moves(), game)
        events = game.apply(move)
        moves.append(move)
        if watch is not None:
            watch(game, len(moves), events)
    top = max(game.score(i).total for i in range(len(game.state.players)))
    return Played(setup, tuple(moves), top)


def dikes_moved(game: Game, player: int) -> int:
    return sum(1 for d in game.state.players[player].dikes if d not in START_DIKES)


def animals_on_dikes(game: Game, player: int) -> int:
    p = game.state.players[player]
    return sum(sum(h.values()) for k, h in p.animals.items() if place(k).kind is PlaceKind.DIKE)


def loaded_vehicles(game: Game, player: int) -> tuple[int, int]:
    """(vehicles with a load, items loaded in all)."""
    barn = game.state.players[player].barn
    return sum(1 for e in barn if e.load), sum(len(e.load) for e in barn)


def is_summer_work(game: Game) -> bool:
    """Placing Workers in a summer, with Workers of both players already out."""
    s = game.state
    return (s.phase is Phase.WORK and s.season == "summer" and s.half_year >= 3 and game.decision is None
            and len(set(s.occupied.values())) == len(s.players) and len(s.occupied) >= 4)


def ends_inventory(game: Game, events: list) -> bool:
    """The move that ends a November inventorying after the first year (Animals, Fields and
    Food to pay make a full summary)."""
    from arle.engine import InventoryEnded

    return (game.state.phase is not Phase.INVENTORY and game.state.half_year >= 5
            and any(isinstance(e, InventoryEnded) and e.season == "november" for e in events))


def home_quality(game: Game, player: int) -> int:
    """How well a Home Board shows Animals, moved Dikes and tiles (0: not at all)."""
    p = game.state.players[player]
    animals = animal_total(p)
    moved = dikes_moved(game, player)
    on_dikes = animals_on_dikes(game, player)
    if animals < 4 or on_dikes < 1 or moved < 1 or len(p.tiles) < 3 or game.decision is not None:
        return 0
    return animals + 2 * on_dikes + 2 * moved + len(p.tiles)


def barn_quality(game: Game, player: int) -> int:
    """How well a Storage board shows loaded vehicles (0: fewer than 2 loaded, 3 items)."""
    vehicles, items = loaded_vehicles(game, player)
    if vehicles < 2 or items < 3:
        return 0
    return 3 * vehicles + items + len(game.state.players[player].barn)


@attrs.frozen
class Moment:
    """A point of a seeded game: the first ``count`` moves of ``played``, seen by ``player``."""

    played: Played
    count: int
    player: int = 0


class MomentFinder:
    """Plays seeded games (each once) and keeps, per picture, the best moment found so far."""

    def __init__(self, seeds: Sequence[int] = SEEDS, at_least: int = 3) -> None:
        self.seeds = list(seeds)
        #: Games played even when every picture is found (the best of them are shown).
        self.at_least = at_least
        self.summer: Moment | None = None
        self.home: tuple[int, Moment] | None = None
        self.barn: tuple[int, Moment] | None = None
        self.finished: Moment | None = None
        #: The move that ends a November inventorying (the inventory summary shows).
        self.inventory: Moment | None = None

    def complete(self) -> bool:
        return None not in (self.summer, self.home, self.barn, self.finished, self.inventory)

    def find(self) -> MomentFinder:
        for n, seed in enumerate(self.seeds):
            if self.complete() and n >= self.at_least:
                break
            self._scan(seed)
        missing = [n for n in ("summer", "home", "barn", "finished", "inventory") if getattr(self, n) is None]
        if missing:
            raise RuntimeError(f"no seeded game shows {', '.join(missing)} (seeds {self.seeds})")
        return self

    def _scan(self, seed: int) -> None:
        found: dict[str, tuple[int, int, int]] = {}  # picture -> (quality, moves, player)

        def watch(game: Game, count: int, events: list) -> None:
            if self.summer is None and "summer" not in found and is_summer_work(game):
                found["summer"] = (1, count, 0)
            if self.inventory is None and "inventory" not in found and ends_inventory(game, events):
                found["inventory"] = (1, count, 0)
            if not 4 <= game.state.half_year <= 8:
                return
            for i in range(len(game.state.players)):
                for name, quality in (("home", home_quality(game, i)), ("barn", barn_quality(game, i))):
                    if quality and quality > found.get(name, (0, 0, 0))[0]:
                        found[name] = (quality, count, i)

        played = play(seed, watch=watch)
        if self.summer is None and "summer" in found:
            self.summer = Moment(played, found["summer"][1])
        if self.inventory is None and "inventory" in found:
            self.inventory = Moment(played, found["inventory"][1])
        for name in ("home", "barn"):
            if name in found and found[name][0] > (getattr(self, name) or (0,))[0]:
                quality, count, player = found[name]
                setattr(self, name, (quality, Moment(played, count, player)))
        if self.finished is None or played.top_score > self.finished.played.top_score:
            self.finished = Moment(played, len(played.moves))


# -- the pictures ---------------------------------------------------------------------------------------


@contextmanager
def private_dirs() -> Iterator[Path]:
    """Temporary ARLE_CONFIG_DIR and ARLE_DATA_DIR for the duration (the old values come back)."""
    keys = ("ARLE_CONFIG_DIR", "ARLE_DATA_DIR")
    old = {k: os.environ.get(k) for k in keys}
    with tempfile.TemporaryDirectory(prefix="arle-screenshot-") as tmp:
        root = Path(tmp)
        os.environ["ARLE_CONFIG_DIR"] = str(root / "config")
        os.environ["ARLE_DATA_DIR"] = str(root / "data")
        try:
            yield root
        finally:
            for k, v in old.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


def history_at(moment: Moment):  # -> GameHistory
    from arle.match.history import GameHistory

    return GameHistory(moment.played.setup, moment.played.moves[: moment.count])


def _settle() -> None:
    from PySide6.QtWidgets import QApplication

    for _ in range(3):
        QApplication.processEvents()


def _wait(done: Callable[[], bool], timeout: float = 30.0,
          what: str = "the start page's list of games") -> None:
    """Run the event loop until ``done()`` (the start page lists its games, the guide computes
    its suggestion, off the GUI thread)."""
    import time

    from PySide6.QtWidgets import QApplication

    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            raise RuntimeError(f"timed out waiting for {what}")
        QApplication.processEvents()
        time.sleep(0.01)


def _with_dialog(background, dialog):  # -> QPixmap
    """The window picture, dimmed, with ``dialog`` centred on it under a drawn title bar (the
    offscreen platform draws no window frames)."""
    from PySide6.QtCore import QPoint, QRect, Qt
    from PySide6.QtGui import QColor, QFont, QPainter, QPen

    picture = background.copy()
    shot = dialog.grab()
    bar = 30
    painter = QPainter(picture)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(picture.rect(), QColor(20, 30, 25, 110))
    corner = QPoint((picture.width() - shot.width()) // 2, (picture.height() - shot.height() - bar) // 2)
    frame = QRect(corner, shot.size()).adjusted(0, 0, 0, bar)
    for k in range(8, 0, -1):  # a soft shadow
        painter.fillRect(frame.adjusted(-k + 3, -k + 5, k + 3, k + 5), QColor(0, 0, 0, 10))
    painter.fillRect(QRect(frame.topLeft(), frame.topRight() + QPoint(0, bar)), QColor("#dfe7dc"))
    font = QFont(dialog.font())
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor("#2b3a2f"))
    painter.drawText(QRect(frame.left(), frame.top(), frame.width(), bar), Qt.AlignmentFlag.AlignCenter,
                     dialog.windowTitle())
    painter.drawPixmap(frame.topLeft() + QPoint(0, bar), shot)
    painter.setPen(QPen(QColor("#7d8f80"), 1))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(frame.adjusted(-1, -1, 0, 0))
    painter.end()
    return picture


def render_all(out: Path, size: tuple[int, int], finder: MomentFinder | None = None,
               lang: str = "en") -> list[Path]:
    """Write the screenshots into ``out`` in ``lang`` ("en", "fr", "pseudo"); returns their paths,
    in the order a reader meets them."""
    from PySide6.QtWidgets import QApplication

    from arle.gui.shell.language import install_language, uninstall_language

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "arle"])
    installed = install_language(app, lang, "en")
    try:
        return _render_all(out, size, finder)
    finally:
        uninstall_language(app, installed)


def _render_all(out: Path, size: tuple[int, int], finder: MomentFinder | None) -> list[Path]:
    from arle.files.journal import Autosaver, new_autosave_path
    from arle.files.saves import EXTENSION, save_history, saves_dir
    from arle.gui.shell.dialogs import NewGameDialog
    from arle.gui.shell.main_window import MainWindow

    finder = finder or MomentFinder().find()
    assert finder.summer and finder.home and finder.barn and finder.finished and finder.inventory
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, pixmap, expected: tuple[int, int] = size) -> None:
        path = out / name
        image = pixmap.toImage()
        if (image.width(), image.height()) != expected:
            raise RuntimeError(f"{name} came out {image.width()}x{image.height()}, "
                               f"not {expected[0]}x{expected[1]}")
        if not image.save(str(path), "PNG"):
            raise OSError(f"cannot write {path}")
        written.append(path)

    with private_dirs():
        # A start page as a returning player sees it: an unfinished game to continue, recent games.
        _home_quality, home = finder.home
        _barn_quality, barn = finder.barn
        for moment in (home, barn):  # two games in progress, as the window leaves them
            saver = Autosaver(new_autosave_path(), durable=False)
            saver.start(history_at(moment))
            saver.close()
        folder = saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        save_history(folder / f"Anna-Ben{EXTENSION}", history_at(finder.finished))
        save_history(folder / f"Sunday with Ben{EXTENSION}", history_at(barn))

        window = MainWindow(autosave=True)  # lists the games above (in the temporary folder)
        window.resize(*size)
        window.show()
        _wait(lambda: window.start_page.filled > 0)
        _settle()
        page = window.start_page
        if page.continue_button.isHidden() or page.games.count() < 2 or page.recent.count() < 2:
            raise RuntimeError("the start page shows no Continue button, games in progress or recent games")
        window.use_autosave = False  # the pictures below write no journal
        window.statusBar().clearMessage()  # "Welcome to Arle." belongs to a moment, not to the screen
        start = window.grab()
        save("01-start.png", start)

        dialog = NewGameDialog(window, names=NAMES)
        # its own size: adjustSize() keeps a window within 2/3 of the (800x600 offscreen) screen
        dialog.resize(dialog.sizeHint())
        _settle()
        save("02-new-game.png", _with_dialog(start, dialog))
        dialog.deleteLater()

        def show(moment: Moment, view: Callable[[], object] | None, name: str,
                 expected: tuple[int, int] = size):  # -> QPixmap
            _install(window, moment, view)
            picture = window.grab()
            save(name, picture, expected)
            return picture

        summer = history_at(finder.summer).game
        if not is_summer_work(summer):
            raise RuntimeError("the summer picture would not show a summer work phase")
        show(finder.summer, lambda: window.shown.page.board_view, "03-summer-work.png")

        game = history_at(home).game
        if not home_quality(game, home.player):
            raise RuntimeError("the Home Board picture would not show Animals on Dikes and moved Dikes")
        show(home, lambda: window.shown.page.home_views[home.player], "04-home-board.png")

        if loaded_vehicles(history_at(barn).game, barn.player)[0] < 2:
            raise RuntimeError("the Barn picture would show fewer than 2 loaded vehicles")
        show(barn, lambda: window.shown.page.storage_views[barn.player], "05-barn.png")

        if not history_at(finder.finished).game.over:
            raise RuntimeError("the scoring picture would not show a finished game")
        scoring = show(finder.finished, None, "06-scoring.png")
        assert window.shown is not None
        if window.shown.page.views.currentIndex() != window.shown.page.scoring_index:
            raise RuntimeError("the finished game does not show the scoring table")
        _render_new_screens(window, finder, scoring, save)
        window.close()
        window.deleteLater()
        _settle()
    return written


def _install(window, moment: Moment, view: Callable[[], object] | None) -> None:
    """Show the game at ``moment`` in ``window``: ``view`` brought forward, the player of the
    moment's tab in front, no status message."""
    window.life.install(history_at(moment))
    assert window.shown is not None
    if view is not None:
        window.shown.page.views.setCurrentWidget(view())
    if moment.player < window.shown.page.player_tabs.count():
        window.shown.page.player_tabs.setCurrentIndex(moment.player)
    _settle()
    window.statusBar().clearMessage()


#: The smallest screen the window fits without scrolling (CHANGELOG: "fits every screen from 1280x720").
SMALL = (1280, 720)


def _render_new_screens(window, finder: MomentFinder, scoring, save: Callable[..., None]) -> None:
    """The screens of issue 13: the boards on a 1280x720 screen, the inventory summary, How to
    play, the guided first game and the game-over screen (``scoring``: the window behind it)."""
    from arle.gui.shell.game_over import GameOverDialog
    from arle.gui.shell.how_to_play import HowToPlay

    def install(moment: Moment, view: Callable[[], object] | None = None) -> None:
        _install(window, moment, view)

    size = (window.width(), window.height())
    window.resize(*SMALL)
    _settle()
    install(finder.summer, lambda: window.shown.page.board_view)
    save("07-board-1280x720.png", window.grab(), SMALL)
    _quality, home = finder.home
    install(home, lambda: window.shown.page.home_views[home.player])
    save("08-home-board-1280x720.png", window.grab(), SMALL)
    window.resize(*size)
    _settle()

    install(finder.inventory)
    assert window.shown is not None
    summary = window.shown.page.inventory_summary
    log = window.shown.session.match.log
    summary._changed(Change("apply", list(log[-1].events), len(log) - 1, (log[-1],)))  # as the move would
    _settle()
    if summary.isHidden() or not summary.reports:
        raise RuntimeError("the inventory moment shows no inventory summary")
    save("09-inventory-summary.png", window.grab())

    help_window = HowToPlay(window)
    help_window.resize(min(760, size[0] - 40), min(640, size[1] - 80))
    help_window.show_section("overview")
    _settle()
    save("10-how-to-play.png", _with_dialog(window.grab(), help_window))
    help_window.close()
    help_window.deleteLater()

    window.life.start_tutorial()
    guide = window.shown.tutorial
    _wait(lambda: guide.suggestion is not None, what="the guided game's first suggestion")
    _settle()
    window.statusBar().clearMessage()
    save("11-guided-first-game.png", window.grab())
    guide.leave()
    _settle()

    # the game-over screen, over the finished game's scoring
    install(finder.finished)
    assert window.shown is not None
    dialog = GameOverDialog(window.shown.session, None, window)
    dialog.resize(dialog.sizeHint().boundedTo(scoring.size() * 0.95))
    _settle()
    save("12-final-scoring.png", _with_dialog(scoring, dialog))
    dialog.deleteLater()


# -- command line ----------------------------------------------------------------------------------------


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT, e.g. 1600x1000") from None
    if not (640 <= w <= 8000 and 480 <= h <= 8000):
        raise argparse.ArgumentTypeError("the size must be between 640x480 and 8000x8000")
    return w, h


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="arle screenshot",
        description="Render the main screens of seeded games to PNG files (offscreen; your settings "
                    "and autosave are not touched).",
    )
    parser.add_argument("--out", type=Path, required=True, help="folder for the PNG files")
    parser.add_argument("--size", type=_size, default=(1600, 1000), help="window size, WIDTHxHEIGHT")
    parser.add_argument("--lang", choices=("en", "fr", "pseudo"), default="en",
                        help="the language of the pictures (pseudo: every text bracketed and longer)")
    parser.add_argument("--onscreen", action="store_true",
                        help="use the normal display instead of the offscreen platform")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if not args.onscreen:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    for path in render_all(args.out, args.size, lang=args.lang):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
