"""``arle --self-test``: prove that an installed copy of the game really works, then exit.

Installers are checked with it (``packaging/``) and so is the source tree (``tests/test_selftest.py``).
It starts Qt, builds the main window, starts a seeded game and plays moves through the window's
session, renders every scene and page once to an in-memory image, saves the game to a temporary
folder and loads it back. It prints one line and exits 0, or prints the one-line failure and exits
non-zero.

It drives the real ``MainWindow`` through its session, and finds the pages and scenes to render
among the window's tabs, stacked pages and graphics views. It never touches the player's own saves or
settings: the data folders point into a temporary folder, and autosave is switched off.

On Linux without a display (no ``DISPLAY``/``WAYLAND_DISPLAY``) it selects Qt's offscreen platform
itself; elsewhere ``QT_QPA_PLATFORM=offscreen`` selects it. A windowed build on Windows has no
console: the result line then also goes to ``<temp>/arle-self-test.txt``.
"""

from __future__ import annotations

import contextlib
import faulthandler
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Qt and the game are imported once the platform is chosen
    from PySide6.QtWidgets import QApplication

    from arle.engine import Game, Setup
    from arle.gui.session import GameSession
    from arle.gui.shell.main_window import MainWindow
    from arle.match.history import GameHistory

#: The seed of the test game: a fixed one, so a failure can be replayed.
SEED = 20_240_601
#: Moves played through the window before the scenes are rendered again (a whole game takes ~250;
#: each move redraws the window, so a few dozen keep the self-test to seconds).
MOVES = 40
#: A hung self-test (a modal dialog nobody closes, a deadlock) is killed after this many seconds.
DEADLINE_S = 120
REPORT_NAME = "arle-self-test.txt"


class SelfTestError(Exception):
    """A check failed; the message is the one line printed."""


def _say(line: str) -> None:
    """Print ``line``; a windowed build without a console also gets it into a file."""
    stream = sys.stdout
    if stream is not None:
        try:
            print(line, file=stream, flush=True)
            return
        except (OSError, ValueError):
            pass
    with contextlib.suppress(OSError):
        (Path(tempfile.gettempdir()) / REPORT_NAME).write_text(line + "\n", encoding="utf-8")


@contextlib.contextmanager
def _private_dirs(root: Path) -> Iterator[None]:
    """Point every per-user data and config folder into ``root`` while the test runs."""
    names = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
             "ARLE_DATA_DIR", "ARLE_CONFIG_DIR")  # ARLE_*: Windows ignores XDG; they win over it too
    saved_env = {var: os.environ.get(var) for var in names}
    for var in names:
        (root / var.lower()).mkdir(exist_ok=True)
        os.environ[var] = str(root / var.lower())
    try:
        yield
    finally:
        for var, value in saved_env.items():
            if value is None:
                os.environ.pop(var, None)
            else:
                os.environ[var] = value


def _choose_platform() -> None:
    if (
        sys.platform.startswith("linux")
        and "QT_QPA_PLATFORM" not in os.environ
        and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    ):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"


class SelfTest:
    """The checks, in order; each records what it saw in ``notes`` for the final line."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.notes: list[str] = []
        self.app: QApplication | None = None
        self.window: MainWindow | None = None
        self.session: GameSession | None = None
        self.history: GameHistory | None = None
        self.dialogs: list[str] = []
        self.dialog_texts: list[str] = []

    # -- the steps ----------------------------------------------------------------------------------

    def version(self) -> None:
        from arle import __version__

        if getattr(sys, "frozen", False) and __version__ == "0.0.0":
            raise SelfTestError("the frozen build lost the package metadata: the version reads 0.0.0")
        self.notes.append(f"arle {__version__}")

    def resources(self) -> None:
        from arle.resources import resource_path

        icon = resource_path("icon.svg")
        if not icon.is_file():
            raise SelfTestError(f"resource missing: {icon}")

    def qt(self) -> None:
        from PySide6.QtCore import QStandardPaths, QTimer
        from PySide6.QtGui import QIcon, QImageReader
        from PySide6.QtWidgets import QApplication

        from arle.resources import resource_path

        QStandardPaths.setTestModeEnabled(True)
        _quiet_offscreen_warning()
        self.app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "arle"])
        formats = {bytes(f).decode() for f in QImageReader.supportedImageFormats()}
        if "svg" not in formats:
            raise SelfTestError("Qt's SVG image plugin is missing (imageformats/qsvg)")
        if QIcon(str(resource_path("icon.svg"))).pixmap(64, 64).isNull():
            raise SelfTestError("the SVG icon does not render (iconengines/qsvgicon missing?)")
        # A modal dialog opened by the window would block for ever: close it and remember it.
        self._closer = QTimer()
        self._closer.setInterval(200)
        self._closer.timeout.connect(self._close_modal)
        self._closer.start()
        self.notes.append(f"Qt {self.app.platformName()}")

    def window_(self) -> None:
        self.window = build_main_window()
        self.window.resize(max(self.window.width(), 1000), max(self.window.height(), 700))
        self.window.show()
        self._settle()
        self.notes.append(f"window {type(self.window).__name__}")

    def game(self) -> None:
        from arle.engine import Setup

        setup = Setup(players=2, seed=SEED, names=("Self", "Test"))
        history = _new_history(setup)
        self.window.life.install(history)
        self.session = self.window.shown.session
        self.history = history
        self._settle()
        self._render_all("start")

    def play(self) -> None:
        from arle.commands.simulate import choose_move

        rng = random.Random(SEED)
        played = 0
        while played < MOVES and not self._game().over:
            move = choose_move(rng, self._game().legal_moves())
            if not self.session.try_apply(move):
                raise SelfTestError(f"the window's session refused a legal move: {move!r}")
            played += 1
            if played % 20 == 0:
                self._settle()
        self._settle()
        self.notes.append(f"{played} moves")

    def render(self) -> None:
        count = self._render_all("played")
        self.notes.append(f"{count} views rendered")

    def save_and_load(self) -> None:
        game = self._game()
        path = self.tmp / "saves" / "self-test.arle.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        loaded = save_and_reload(path, self.history, game)
        if _state_key(loaded) != _state_key(game):
            raise SelfTestError("the game loaded back differs from the game saved")
        from arle.files.saves import load_history

        self.window.life.install(load_history(path))
        self.session = self.window.shown.session
        self._settle()
        self._render_all("loaded")
        self.notes.append(f"saved and loaded {path.stat().st_size} bytes")

    def about(self) -> None:
        """The About box shows the version (issue 6)."""
        from arle import __version__

        seen = len(self.dialog_texts)
        self.window.menus.about.trigger()  # a modal dialog: the closer timer records its text and closes it
        self._settle()
        self._close_modal()
        text = " ".join(self.dialog_texts[seen:])
        if not text:
            raise SelfTestError("Help → About Arle opened no dialog")
        if __version__ not in text:
            raise SelfTestError(f"the About box does not show the version {__version__}")
        self.notes.append("About box shows the version")

    def close(self) -> None:
        if self.dialogs:
            self.notes.append(f"closed dialogs: {', '.join(self.dialogs)}")
        if self.window is not None:
            self.window.close()
            self.window.deleteLater()
        self._settle()

    # -- helpers -------------------------------------------------------------------------------------

    def _game(self) -> Game:
        return self.session.match.game

    def _settle(self) -> None:
        from PySide6.QtCore import QEventLoop

        if self.app is not None:
            self.app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)

    def _close_modal(self) -> None:
        from PySide6.QtWidgets import QApplication, QLabel

        modal = QApplication.activeModalWidget()
        if modal is not None:
            self.dialogs.append(modal.windowTitle() or type(modal).__name__)
            texts = [modal.windowTitle(), *(label.text() for label in modal.findChildren(QLabel))]
            text_of = getattr(modal, "text", None)
            if callable(text_of):
                texts.append(str(text_of()))
            self.dialog_texts.append(" ".join(texts))
            reject = getattr(modal, "reject", None)
            (reject or modal.close)()

    def _render_all(self, when: str) -> int:
        """Grab the window on every tab/stacked page, and render every graphics scene once."""
        from PySide6.QtWidgets import QStackedWidget, QTabWidget

        count = 0
        _grab(self.window, f"window ({when})")
        count += 1
        for pages in [*self.window.findChildren(QTabWidget), *self.window.findChildren(QStackedWidget)]:
            current = pages.currentIndex()
            for index in range(pages.count()):
                pages.setCurrentIndex(index)
                self._settle()
                _grab(self.window, f"{type(pages).__name__} page {index} ({when})")
                count += 1
            pages.setCurrentIndex(current)
        for scene in _scenes(self.window):
            _render_scene(scene, when)
            count += 1
        return count


#: What the offscreen platform says for every window shown: noise in the self-test's output.
_NOISE = "This plugin does not support propagateSizeHints()"


def _quiet_offscreen_warning() -> None:
    from PySide6.QtCore import qInstallMessageHandler

    def handler(_mode: Any, _context: Any, message: str) -> None:
        if message != _NOISE and sys.stderr is not None:
            print(message, file=sys.stderr)

    _previous_handler.append(qInstallMessageHandler(handler))


_previous_handler: list[Any] = []


def _restore_messages() -> None:
    if _previous_handler:
        from PySide6.QtCore import qInstallMessageHandler

        qInstallMessageHandler(_previous_handler.pop())


def _grab(widget: Any, what: str) -> None:
    image = widget.grab().toImage()
    if image.isNull() or image.width() == 0 or image.height() == 0:
        raise SelfTestError(f"rendering the {what} gave an empty image")


def _scenes(window: Any) -> list[Any]:
    from PySide6.QtWidgets import QGraphicsView

    seen: list[Any] = []
    for view in window.findChildren(QGraphicsView):
        scene = view.scene()
        if scene is not None and all(scene is not s for s in seen):
            seen.append(scene)
    return seen


def _render_scene(scene: Any, when: str) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    rect = scene.itemsBoundingRect() if scene.sceneRect().isEmpty() else scene.sceneRect()
    width = max(1, min(4096, int(rect.width())))
    height = max(1, min(4096, int(rect.height())))
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    try:
        scene.render(painter, QRectF(0, 0, width, height), rect)
    finally:
        painter.end()
    name = scene.objectName() or type(scene).__name__
    if image.isNull():
        raise SelfTestError(f"rendering the scene {name} ({when}) failed")
    if getattr(scene, "items_now", scene.items)() and _blank(image):
        raise SelfTestError(f"the scene {name} ({when}) has items but rendered nothing (SVG art missing?)")


def _blank(image: Any) -> bool:
    """True when a grid of samples over ``image`` finds nothing but transparency."""
    step_x = max(1, image.width() // 48)
    step_y = max(1, image.height() // 48)
    return all(
        image.pixelColor(x, y).alpha() == 0
        for y in range(0, image.height(), step_y)
        for x in range(0, image.width(), step_x)
    )


# -- the game and its file ------------------------------------------------------------------------------


def build_main_window() -> MainWindow:
    """The real main window; autosave off, so the player's games in progress are never touched."""
    from arle.gui.shell.main_window import MainWindow

    return MainWindow(autosave=False)


def _new_history(setup: Setup) -> GameHistory:
    from arle.match.history import GameHistory

    return GameHistory(setup)


def save_and_reload(path: Path, history: GameHistory, game: Game) -> Game:
    """Write the game with ``arle.files.saves`` and read it back."""
    from arle.files.saves import load_history, save_history

    del game  # the history holds it
    save_history(path, history)
    return load_history(path).game


def _state_key(game: Game) -> str:
    from arle.files.final import fingerprint

    return fingerprint(game)


def _watchdog() -> None:
    """Kill a hung self-test after ``DEADLINE_S`` with a traceback (exit code 1)."""
    try:
        faulthandler.dump_traceback_later(DEADLINE_S, exit=True)
    except (AttributeError, ValueError, RuntimeError, OSError):  # no usable stderr (windowed build)
        hang = open(Path(tempfile.gettempdir()) / "arle-self-test-hang.txt", "w")  # noqa: SIM115
        faulthandler.dump_traceback_later(DEADLINE_S, exit=True, file=hang)


# -- entry point ----------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run every check; 0 if all pass, else 1 with the failure on one line."""
    del argv  # no options yet
    started = time.perf_counter()
    _choose_platform()
    _watchdog()
    try:
        with tempfile.TemporaryDirectory(prefix="arle-self-test-") as tmp, _private_dirs(Path(tmp)):
            test = SelfTest(Path(tmp))
            steps: list[tuple[str, Callable[[], None]]] = [
                ("version", test.version),
                ("resources", test.resources),
                ("Qt", test.qt),
                ("main window", test.window_),
                ("new game", test.game),
                ("play", test.play),
                ("render", test.render),
                ("save and load", test.save_and_load),
                ("About box", test.about),
                ("close", test.close),
            ]
            for name, step in steps:
                try:
                    step()
                except Exception as exc:
                    detail = str(exc) if isinstance(exc, SelfTestError) else f"{type(exc).__name__}: {exc}"
                    _say(f"arle self-test FAILED at {name}: {' '.join(detail.split())}")
                    return 1
    finally:
        faulthandler.cancel_dump_traceback_later()
        _restore_messages()
    _say(f"arle self-test passed in {time.perf_counter() - started:.1f}s: {', '.join(test.notes)}")
    return 0
