"""``python -m arle fuzz gui``: the GUI monkey. Seeded sessions of random gestures through the real
main window (offscreen, 1600x1000) to the end of a game.

Each session plays random legal moves (``simulate.choose_move``) by the gestures of
``arle.commands.driver`` (Workers dragged or their spaces clicked, tiles, Dikes, Peat, Animals and
loads dragged, buttons, the "More actions" menu); between them it drops random pieces on places
that are no legal target (the piece must snap back, nothing may change, the status bar must say
why), clicks random points of the boards (a click that makes a move must make one legal move)
and, in solo games, clicks Edit > Undo and Redo at random. A session fails on any exception
(also one raised inside a Qt event handler, which Qt would only print), on a legal move that no
gesture makes, on Qt warnings about invalid geometry, deleted or dangling items, QGraphicsScene or
QPainter, and when the final scores differ from the same moves replayed in a bare engine or from
the Scoring tab. One JSON line per session.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from typing import Any

from arle.commands.simulate import choose_move, setup_for
from arle.engine import Game

#: Qt warnings that fail a session (lower case substrings).
BAD_WARNINGS = ("geometry", "qgraphicsscene", "qgraphicsitem", "qgraphicsview", "qpainter", "deleted",
                "dangling", "invalid", "null pixmap", "paint device")
#: Harmless: the offscreen platform says what it cannot do ("This plugin does not support
#: propagateSizeHints()", "... raise()", "... grabbing the keyboard" for popup menus).
IGNORED_WARNINGS = ("This plugin does not support",)

WIDTH, HEIGHT = 1600, 1000


class MonkeyFailure(AssertionError):
    pass


class QtWatch:
    """Collects Qt warnings and exceptions raised inside Qt event handlers while installed."""

    def __init__(self) -> None:
        self.bad: list[str] = []
        self.other: Counter[str] = Counter()
        self.exceptions: list[str] = []
        self._previous_handler: Any = None
        self._previous_hook: Any = None

    def __enter__(self) -> QtWatch:
        from PySide6.QtCore import qInstallMessageHandler

        self._previous_handler = qInstallMessageHandler(self._message)
        self._previous_hook = sys.excepthook
        sys.excepthook = self._exception
        return self

    def __exit__(self, *_: Any) -> None:
        from PySide6.QtCore import qInstallMessageHandler

        qInstallMessageHandler(self._previous_handler)
        sys.excepthook = self._previous_hook

    def _message(self, mode: Any, _context: Any, message: str) -> None:
        from PySide6.QtCore import QtMsgType

        if any(s in message for s in IGNORED_WARNINGS) or mode in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg):
            return
        if any(s in message.lower() for s in BAD_WARNINGS):
            self.bad.append(message[:300])
        else:
            self.other[message[:120]] += 1

    def _exception(self, kind: type, value: BaseException, tb: Any) -> None:
        self.exceptions.append("".join(traceback.format_exception(kind, value, tb, limit=6))[-1500:])

    def check(self) -> None:
        if self.exceptions:
            raise MonkeyFailure(f"exception in a Qt handler: {self.exceptions[0]}")
        if self.bad:
            raise MonkeyFailure(f"Qt warning: {self.bad[0]}")


def app() -> Any:
    """The QApplication (offscreen unless a platform was chosen)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication(["arle-fuzz-gui"])


def open_window(setup: Any) -> Any:
    """A shown main window at 1600x1000 with a fresh game of ``setup``."""
    from PySide6.QtWidgets import QApplication

    from arle.gui.shell.main_window import MainWindow
    from arle.match.history import GameHistory

    window = MainWindow(autosave=False)
    window.resize(WIDTH, HEIGHT)
    window.show()
    window.life.install(GameHistory(setup))
    QApplication.processEvents()
    return window


def check_end(window: Any) -> list[float]:
    """The game is over, its scores equal a bare engine replay and the Scoring tab shows them."""
    session = window.shown.session
    game = session.match.game
    if not game.over:
        raise MonkeyFailure("the game did not end")
    bare = Game(session.match.setup)
    for move in session.match.history.moves:
        bare.apply(move)
    scores = [float(s) for s in game.scores()]
    if [float(s) for s in bare.scores()] != scores:
        raise MonkeyFailure(f"GUI scores {scores} differ from the replay {bare.scores()}")
    page = window.shown.page
    if page.views.currentIndex() != page.scoring_index:
        raise MonkeyFailure("the Scoring tab is not shown at the end")
    if page.scoring.totals() != scores:
        raise MonkeyFailure(f"the Scoring tab shows {page.scoring.totals()}, the game {scores}")
    return scores


def undo_redo(driver: Any, rng: random.Random) -> None:
    """Edit > Undo 1-3 moves, then either Redo them all (the same moves must come back) or carry
    on from there with other moves."""
    history = driver.session.match.history
    before = list(history.moves)
    undone = 0
    for _ in range(rng.randint(1, 3)):
        undone += driver.undo()
    if undone and rng.random() < 0.5:
        for _ in range(undone):
            if not driver.redo():
                raise MonkeyFailure("Redo is disabled right after Undo")
        if history.moves != before:
            raise MonkeyFailure("Undo then Redo did not give back the same moves")


def note_growth(window: Any, result: dict[str, Any]) -> None:
    """Record (without failing) when the window outgrew the size it was given: its minimum
    size grew with what it shows (a long list of decision buttons)."""
    size = window.size()
    if size.width() > WIDTH or size.height() > HEIGHT:
        grown = result.setdefault("window_grew", {"max": [WIDTH, HEIGHT], "times": 0})
        grown["max"] = [max(grown["max"][0], size.width()), max(grown["max"][1], size.height())]
        grown["times"] += 1
        if "buttons" not in grown:
            grown["buttons"] = len(window.shown.page.decision.buttons)
            grown["at_move"] = len(window.shown.session.match.history.moves)


def gui_session(seed: int, players: int, *, drop_rate: float = 0.08, undo_rate: float = 0.04,
                click_rate: float = 0.05, max_gestures: int = 5000) -> dict[str, Any]:
    """One monkey session; returns its JSON line (ok False with the error on failure)."""
    from arle.commands.driver import GestureDriver, settle

    app()
    started = time.perf_counter()
    rng = random.Random(seed)
    result: dict[str, Any] = {"seed": seed, "players": players}
    window = None
    driver = None
    with QtWatch() as watch:
        try:
            window = open_window(setup_for(seed, players))
            driver = GestureDriver(window, rng=rng)
            solo = players == 1
            for _ in range(max_gestures):
                if window.shown.session.match.game.over:
                    break
                r = rng.random()
                if r < drop_rate:
                    driver.illegal_drop(rng)
                elif r < drop_rate + click_rate:
                    driver.random_click(rng)
                elif solo and r < drop_rate + click_rate + undo_rate:
                    undo_redo(driver, rng)
                else:
                    session = window.shown.session
                    driver.play(choose_move(rng, session.match.legal_moves(), session.match.game))
                watch.check()
                note_growth(window, result)
            result["scores"] = check_end(window)
            watch.check()
            result["ok"] = True
        except Exception as exc:  # a failing session is reported, not fatal to the run
            result["ok"] = False
            result["error"] = f"{type(exc).__name__}: {exc}"[:1500]
            result["trace"] = traceback.format_exc(limit=6)[-2000:]
            if watch.exceptions:  # the cause, when a handler raised and Qt only printed it
                result["qt_exception"] = watch.exceptions[0]
        finally:
            if window is not None:
                result["moves"] = len(window.shown.session.match.history.moves)
                window.close()
                window.deleteLater()
                settle()
    if driver is not None:
        result["gestures"] = {**driver.counts, "refused_drop": driver.refused_drops}
        result["moves_by_type"] = dict(driver.by_type)
    if watch.other:
        result["other_qt_messages"] = dict(watch.other.most_common(5))
    result["seconds"] = round(time.perf_counter() - started, 1)
    return result


def run(sessions: int, seed: int, players: int | None) -> int:
    """Print one JSON line per session and a summary on stderr; the number of failed sessions."""
    import json

    os.environ.setdefault("ARLE_CONFIG_DIR", tempfile.mkdtemp(prefix="arle-fuzz-gui-config-"))
    os.environ.setdefault("ARLE_DATA_DIR", tempfile.mkdtemp(prefix="arle-fuzz-gui-data-"))
    started = time.perf_counter()
    failed = 0
    for i in range(sessions):
        line = gui_session(seed + i, players or (1 if i % 2 == 0 else 2))
        failed += not line["ok"]
        print(json.dumps(line), flush=True)
    print(f"{sessions - failed} passed, {failed} failed in {time.perf_counter() - started:.1f}s",
          file=sys.stderr)
    return failed
