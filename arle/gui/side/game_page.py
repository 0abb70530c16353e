"""The game page: boards on the left, one tab per view (game board; each player's Home Board and
Storage board; the supply board; the final scoring), on the right the turn banner, the decision
panel, the players' supply and score, and the game log. The view the player to act needs is
brought forward automatically when the decision changes; every view stays one click away.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCursor,
    QIcon,
    QImage,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmapCache,
    QRegion,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QScrollArea,
    QScrollBar,
    QSizePolicy,
    QSplitter,
    QTabBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from arle.engine import PlaceWorker
from arle.gui.boards.board_scene import BoardScene
from arle.gui.boards.board_view import BoardView
from arle.gui.boards.home_scene import HomeBoardScene
from arle.gui.boards.storage_scene import StorageScene
from arle.gui.boards.supply_scene import SupplyScene
from arle.gui.coach import Coach, CoachBar
from arle.gui.kit import style
from arle.gui.kit.looks import LookPictures, widget_look
from arle.gui.seat_driver import SeatDriver
from arle.gui.side.game_log import GameLog
from arle.gui.side.inventory_summary import InventorySummary
from arle.gui.side.one_paint import OnePaint
from arle.gui.side.panels import DecisionPanel, TurnBanner
from arle.gui.side.player_panel import PlayerPanel
from arle.gui.side.scoring_table import ScoringTable
from arle.match import board_for

if TYPE_CHECKING:
    from PySide6.QtCore import QPointF

    from arle.engine import Move
    from arle.gui.boards.scene import GameScene
    from arle.gui.session import GameSession


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


#: Room (KB) for the boards' cached pictures at a device pixel ratio of 1. Qt's 10 MB default held
#: two boards at 1600x1000 (the game board's pictures take 6 MB, the five others 8.5 MB in all):
#: each board brought forward drew every piece again (7-12 ms instead of 3-5 ms), and pushed the
#: game board's pictures out for the way back.
PICTURE_CACHE_KB = 24 * 1024

#: How long (ms) the window waits after a change, for the player's next input, before it makes the
#: boards behind other tabs ready (``GamePage.prepare_next``); then one step follows another.
PREPARE_AFTER_MS = 100
#: The height (px) of the strips a board behind its tab is painted in off screen, a strip a step:
#: a board's first paint makes every picture of it (up to 27 ms for the supply board), and a
#: picture of a whole board would take 4.5 MB at once.
PREPARE_STRIP = 160

#: The heights (px) the side panel's parts keep in a short window (1280x720 with a title bar and
#: a task bar): the rest of each scrolls.
DECISION_FLOOR, SUPPLY_FLOOR = 200, 120
#: The game log shows at least this many one-line rows, however short the window: one computer
#: turn writes 3-6 entries, which a player follows there.
LOG_LINES = 12
#: The side panel's height (px) from which the players' panels show their score breakdown (about
#: 930 at 1600x1000, 610-640 at 1280x720).
SCORES_FROM_HEIGHT = 760
#: The inventory summary's least width (px) over the full game board: its words in two columns.
SUMMARY_MIN_W = 330
#: The share of the side panel's height up to which the decision keeps the room the decisions
#: before it needed (most need 87-143 px, a choice of buildings up to about 230; the side panel
#: is about 930 px high in a 1600x1000 window, 610 px at 1280x720).
DECISION_STEADY = 0.16


class PicturedTabBar(QTabBar):
    """A tab bar that blits a picture of its tabs for each look it has shown (the tabs, their
    sizes, the current, hovered and focused tab, font and colours; ``arle.gui.kit.looks``). Qt
    paints the whole bar whenever the current tab changes, laying out and styling each title
    again: a third of the whole window's repaint in a move that brings another board forward.
    A few looks are kept: going back and forth between the boards blits them."""

    #: How many pictures (looks) are kept: the game board, and each player's Home Board and
    #: Storage board in a two-player game.
    KEPT = 6

    def __init__(self) -> None:
        super().__init__()
        self.looks = LookPictures(self, self.look, self.KEPT)

    def look(self) -> tuple[Any, ...]:
        """Everything the tabs' picture depends on."""
        hovered = self.tabAt(self.mapFromGlobal(QCursor.pos())) if self.underMouse() else -1
        tabs = tuple((self.tabText(i), self.tabIcon(i).cacheKey(), self.tabRect(i).getRect(),
                      self.isTabEnabled(i)) for i in range(self.count()))
        return (tabs, self.currentIndex(), hovered, self.hasFocus(),
                QApplication.mouseButtons() != Qt.MouseButton.NoButton, *widget_look(self),
                self.palette().cacheKey())

    def pictures(self) -> int:
        """How many looks are kept as pictures (tests)."""
        return len(self.looks.pictures)

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.looks.blit():
            super().paintEvent(event)
        if not self.looks.rendering:  # (the picture holds the tabs only)
            painter = QPainter(self)
            self.paint_over(painter, event)
            painter.end()

    def paint_over(self, painter: QPainter, event: QPaintEvent) -> None:
        """Draw over the tabs (nothing here)."""


class MarkedTabBar(PicturedTabBar):
    """Tabs of which one is marked with a dot: the board the player to act needs now. The dot is
    drawn in the tab's top right corner, not written into its title: a new title lays the tab
    bar and the page around it out again in each move that changes the board needed, a dot
    repaints two tabs."""

    #: The dot's diameter and its distance from the tab's top right corner (px): in the tab's
    #: margin, clear of its title.
    DOT, DOT_INSET = 8.0, 3.0

    def __init__(self) -> None:
        super().__init__()
        self._marked = -1

    def marked(self) -> int:
        """The index of the marked tab, -1 if none."""
        return self._marked

    def mark(self, index: int) -> None:
        """Mark the tab at ``index`` (-1: none). A screen reader hears the dot as "● " before the
        tab's name."""
        if index == self._marked:
            return
        for i in (self._marked, index):
            if 0 <= i < self.count():
                name = self.tabText(i).replace("&&", "&")  # (one "&" marks a shortcut)
                self.setAccessibleTabName(i, ("● " if i == index else "") + name)
                self.update(self.tabRect(i))
        self._marked = index

    def paint_over(self, painter: QPainter, event: QPaintEvent) -> None:
        if not 0 <= self._marked < self.count():
            return
        rect = self.tabRect(self._marked)
        if not event.rect().intersects(rect):
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self.palette().base(), 1.5))
        painter.setBrush(self.palette().windowText())
        d, inset = self.DOT, self.DOT_INSET
        painter.drawEllipse(QRectF(rect.right() - inset - d, rect.top() + inset, d, d))


class PicturedTabs(QTabWidget):
    """A tab widget whose tab bar paints from pictures (``PicturedTabBar``)."""

    def __init__(self, bar: PicturedTabBar | None = None) -> None:
        super().__init__()
        self.setTabBar(bar if bar is not None else PicturedTabBar())


class PanedTabs(PicturedTabs):
    """Pictured tabs whose pane (the frame around the page, Qt's own painting) is painted from
    pictures too: a player's panel brought forward with the turn repaints the pane under it,
    and the style drew its frame and ground again in each move in which the turn passed."""

    def __init__(self) -> None:
        super().__init__()
        self.looks = LookPictures(self, self.look, 4)

    def look(self) -> tuple[Any, ...]:
        """Everything the pane's picture depends on: its size, the tabs' place, the current
        tab's (the frame meets it), colours and style."""
        bar = self.tabBar()
        return (*widget_look(self), bar.geometry().getRect(), bar.tabRect(bar.currentIndex()).getRect(),
                self.documentMode(), self.tabPosition(), self.palette().cacheKey())

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.looks.blit():
            super().paintEvent(event)


class BoardTabs(PicturedTabs):
    """The page's views, one tab each, the one needed now marked (``MarkedTabBar``). Each tab has
    a whole title and a short one (a player's boards without the player's name, which their icon
    and tooltip still give): a window too narrow for every whole title shows the short ones, so
    no title is cut ("Game bo…", "Sup…" at 1280x720 with long names)."""

    def __init__(self) -> None:
        bar = MarkedTabBar()
        super().__init__(bar)
        self._marked = bar
        self._titles: list[tuple[str, str]] = []

    def set_titles(self, titles: list[tuple[str, str]]) -> None:
        """(whole, short) titles of the tabs, in order; shown as the width allows."""
        self._titles = titles
        self.fit_titles()

    def fit_titles(self) -> None:
        if len(self._titles) != self.count():
            return
        bar = self.tabBar()
        whole = [w for w, _ in self._titles]
        spare = self.width() - sum(bar.tabSizeHint(i).width() - bar.fontMetrics().horizontalAdvance(
            bar.tabText(i)) for i in range(self.count()))
        fits = sum(bar.fontMetrics().horizontalAdvance(t) for t in whole) <= spare
        for i, (long, short) in enumerate(self._titles):
            title = long if fits else short
            if bar.tabText(i) != title:
                bar.setTabText(i, title)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_titles()  # (a title only changes when the width crosses what the whole ones need)

    def marked_bar(self) -> MarkedTabBar:
        """The tab bar, with its mark (``tabBar()`` as Qt types it)."""
        return self._marked


class ChoiceScroll(QScrollArea):
    """Holds a side panel part (the decision, the players' supply): asks for the room all of it
    needs, scrolls when the window has less (QScrollArea would keep the size hint its widget had
    when it was set). ``floor``: the height it keeps however short the window is. ``steady``:
    the share of the side panel's height it keeps once its widget needed it; a shorter decision
    leaves room under its buttons instead of moving everything under it (a hint of one line
    more or less, a button more or less: the players' supply and the game log moved, and were
    painted again, in three moves of five). A taller one (a choice of thirteen buildings) takes
    the room it needs, and gives it back after. A short window keeps less, for the supply."""

    #: The overlaid scroll bar's width (px): within the panels' own right margin (8 px).
    BAR = 7

    def __init__(self, floor: int = 300, steady: float = 0.0) -> None:
        super().__init__()
        self.floor = floor
        self.steady = steady
        self._kept = 0
        # The scroll bar lies over the widget's right margin instead of taking room beside it: a
        # bar that narrowed the widget as it came wrapped the buttons' words onto more lines,
        # which then needed the bar, and it stayed (a choice of 6 buildings at 1600x1000 with a
        # two-line prompt, issue 50 item 14). The area's own bar stays hidden and scrolls (wheel,
        # keys, ensureVisible); the overlay follows it.
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        inner = self.verticalScrollBar()
        self.bar = QScrollBar(Qt.Orientation.Vertical, self)
        self.bar.setObjectName("overlayBar")
        self.bar.hide()
        inner.rangeChanged.connect(self._follow_range)
        inner.valueChanged.connect(self.bar.setValue)
        self.bar.valueChanged.connect(inner.setValue)

    def _follow_range(self, low: int, high: int) -> None:
        self.bar.setRange(low, high)
        self.bar.setPageStep(self.verticalScrollBar().pageStep())
        self.bar.setVisible(high > low)
        self._place_bar()

    def _place_bar(self) -> None:
        frame = self.frameWidth()
        self.bar.setGeometry(self.width() - frame - self.BAR, frame, self.BAR, self.height() - 2 * frame)
        self.bar.raise_()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_bar()

    def _needed(self, widget: QWidget) -> QSize:
        frame = 2 * self.frameWidth()
        return widget.sizeHint() + QSize(frame, frame)

    def sizeHint(self) -> QSize:
        widget = self.widget()
        if widget is None:
            return super().sizeHint()
        hint = self._needed(widget)
        panel = self.parentWidget()
        room = round(self.steady * panel.height()) if panel is not None else 0
        self._kept = min(max(self._kept, hint.height()), room)
        return QSize(hint.width(), max(hint.height(), self._kept))

    def hold(self, widget: QWidget) -> None:
        """Show ``widget`` (``setWidget``) and follow its size: its layout's requests ask the side
        panel for room again."""
        self.setWidget(widget)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The panel's buttons changed: ask the side panel's layout for room again.
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)

    def minimumSizeHint(self) -> QSize:
        """A usual decision (up to ~6 buttons) stays visible: the game log gives way first."""
        widget = self.widget()
        if widget is None:
            return super().minimumSizeHint()
        hint = self._needed(widget)
        width = widget.minimumSizeHint().width() + 2 * self.frameWidth()
        return QSize(width, min(hint.height(), self.floor))


class Holder(QWidget):
    """Holds a part of the page (the boards' tabs, the side panel) without a layout, sized to
    itself.

    The side panel's parts change height with the decision (more buttons, a hint), the tab bar
    with the tab marked for the player to act, and Qt passes every finished layout up to the
    parent (``QLayout::activate`` ends in ``updateGeometry``): held in the splitter, each change
    climbed through the page stack to the window and laid the whole window out again, in two or
    three more passes and paints per move. The splitter still asks the part's size hints here
    when it lays out (a resize)."""

    def __init__(self, panel: QWidget, resized: Callable[[QSize], None] | None = None) -> None:
        super().__init__()
        self.panel = panel
        #: Told the new size before the panel is laid out in it.
        self.resized = resized
        panel.setParent(self)

    def resizeEvent(self, event: QResizeEvent) -> None:
        if self.resized is not None:
            self.resized(event.size())
        self.panel.setGeometry(self.rect())
        super().resizeEvent(event)

    def sizeHint(self) -> QSize:
        return self.panel.sizeHint()

    def minimumSizeHint(self) -> QSize:
        return self.panel.minimumSizeHint()


class GamePage(QSplitter):
    """Boards on the left (tabs), panels on the right."""

    #: Ctrl+wheel on a board: zoom every board by this many steps.
    zoomAsked = Signal(int)

    def __init__(self, session: GameSession) -> None:
        super().__init__(Qt.Orientation.Horizontal)
        self.session = session
        ratio = self.devicePixelRatioF()
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), round(PICTURE_CACHE_KB * ratio * ratio)))
        self.views = BoardTabs()
        self.views.setDocumentMode(True)
        # In a narrow window the tabs' names are shortened, never scrolled out of sight.
        self.views.setUsesScrollButtons(False)
        self.views.setElideMode(Qt.TextElideMode.ElideRight)
        self.board_scene = BoardScene(session)
        self.board_view = BoardView(self.board_scene)
        self.views.addTab(self.board_view, _tr("Game board"))
        self.home_views: list[BoardView] = []
        self.storage_views: list[BoardView] = []
        self.scenes: list[GameScene] = [self.board_scene]
        players = len(session.match.game.state.players)
        for i in range(players):
            name = session.match.player_name(i)
            icon = QIcon(style.piece_pixmap(style.player_shape(i), style.player_color(session, i), 16))
            home = self._scene_view(HomeBoardScene(session, i))
            self.home_views.append(home)
            self.views.addTab(home, icon, _tr("{name}: Home Board").format(name=name))
            storage = self._scene_view(StorageScene(session, i))
            self.storage_views.append(storage)
            self.views.addTab(storage, icon, _tr("{name}: Barn && Travel").format(name=name))
        self.supply_view = self._scene_view(SupplyScene(session))
        self.views.addTab(self.supply_view, _tr("Supply"))
        self.scoring = ScoringTable(session)
        self.scoring_index = self.views.addTab(self.scoring, _tr("Scoring"))
        # The live scoring pad is filled when it is looked at, not after every move behind its tab.
        self._scoring_stale = False
        session.changed.disconnect(self.scoring.refresh)
        session.changed.connect(self._scoring_changed)
        self.views.currentChanged.connect(self._scoring_shown)
        self.base_titles = [self.views.tabText(i) for i in range(self.views.count())]
        shorts = [_tr("Home Board"), _tr("Barn && Travel")] * players
        self.views.set_titles([(t, shorts[i - 1] if 0 < i <= 2 * players else t)
                               for i, t in enumerate(self.base_titles)])
        #: The tabs' names as said (a title writes "&" as "&&": one "&" marks a shortcut).
        self.tab_names = [title.replace("&&", "&") for title in self.base_titles]
        for i, name in enumerate(self.tab_names):  # the whole name where the tab shortens it
            self.views.setTabToolTip(i, name)
            self.views.tabBar().setAccessibleTabName(i, name)

        side = QWidget()
        side.setObjectName("sidePanel")
        side.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        side_lay = QVBoxLayout(side)
        side_lay.setContentsMargins(6, 6, 6, 6)
        side_lay.setSpacing(6)
        self.banner = TurnBanner(session)
        self.decision = DecisionPanel(session)
        self.player_tabs = PanedTabs()
        self.player_panels = [PlayerPanel(session, i) for i in range(players)]
        for i, panel in enumerate(self.player_panels):
            icon = QIcon(style.piece_pixmap(style.player_shape(i), style.player_color(session, i), 16))
            self.player_tabs.addTab(panel, icon, session.match.player_name(i))
        self.log = GameLog(session)
        side_lay.addWidget(self.banner)
        # the computer's seats and the coach (started by the window once the page is shown)
        self.seats = SeatDriver(session, parent=self)
        self.coach = Coach(self, parent=self)
        self.coach_bar = CoachBar(self, self.coach, self.seats, side)  # parented: never a window
        self.decision.add_corner(self.coach_bar.button)
        self.board_scene.laidOut.connect(lambda: self.coach.relight(self.board_scene))
        # A long list of choices (13 buildings) scrolls instead of making the window taller than the
        # screen; the game log gives up its room first.
        self.log.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        self.log.setMinimumHeight(self.log.floor(LOG_LINES))
        self.decision_scroll = ChoiceScroll(DECISION_FLOOR, DECISION_STEADY)
        self.decision_scroll.hold(self.decision)
        self.decision_scroll.setWidgetResizable(True)
        self.decision_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.decision_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        side_lay.addWidget(self.decision_scroll)
        # Below the decision: the Hint's words (two lines) and the computer's status come and go
        # without moving the buttons under the mouse (issue 50 item 14: 38 px, two missed clicks).
        side_lay.addWidget(self.coach_bar)
        # The players' supply scrolls too on a short screen (1280x720): the log stays in view.
        self.player_scroll = ChoiceScroll(SUPPLY_FLOOR)
        self.player_scroll.hold(self.player_tabs)
        self.player_scroll.setWidgetResizable(True)
        self.player_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.player_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        side_lay.addWidget(self.player_scroll)
        side_lay.addWidget(self.log, 1)
        #: What the splitter holds at the right (hidden with View > Side panel); ``side_panel`` in it.
        self.side = Holder(side, self._side_resized)
        self.side.setMinimumWidth(340)
        self.side.setMaximumWidth(460)
        self.side_panel = side
        self.addWidget(Holder(self.views))
        self.addWidget(self.side)
        self.setCollapsible(0, False)  # the boards never; the side panel when dragged away
        self.setStretchFactor(0, 1)
        self.setStretchFactor(1, 0)
        self.setSizes([1210, 390])  # at 1600 px the game board shows whole at its readable size
        for view in self.board_views():
            view.zoomAsked.connect(self.zoomAsked)
        self._last_focus: tuple[Any, ...] | None = None
        session.changed.connect(self.follow)
        session.reset.connect(self.follow)
        self.follow()
        #: One paint a move: the rule and its keeper (``one_paint``).
        self.one_paint = OnePaint(lambda: self.scenes, self)
        session.changed.connect(self.one_paint.soon)
        session.reset.connect(self.one_paint.soon)

        self.inventory_summary = InventorySummary(session)
        self.inventory_summary.room = self._summary_room
        self.inventory_summary.attach(self.views)
        #: Boards behind other tabs are made ready while the player thinks (``prepare_next``).
        self._prepare = QTimer(self)
        self._prepare.setSingleShot(True)
        self._prepare.timeout.connect(self.prepare_next)
        #: Boards drawn behind their tab and still to be painted: (view, top of the next strip; -1:
        #: to be laid out first).
        self._unpainted: list[tuple[BoardView, int]] = []
        session.changed.connect(self._prepare_later)
        session.reset.connect(self._prepare_later)
        self._prepare_later()

    def board_views(self) -> list[BoardView]:
        return [self.board_view, *self.home_views, *self.storage_views, self.supply_view]

    def set_zoom(self, zoom: float) -> None:
        for view in self.board_views():
            view.set_zoom(zoom)

    def _scoring_changed(self, *_: Any) -> None:
        if self.session.match.game.over or self.views.currentIndex() == self.scoring_index:
            self.scoring.refresh()
        else:
            self._scoring_stale = True

    def _scoring_shown(self, index: int) -> None:
        if index == self.scoring_index and self._scoring_stale:
            self._scoring_stale = False
            self.scoring.refresh()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.DevicePixelRatioChange:  # (the window went to another screen)
            for view in self.board_views():
                view.fit()  # (the boards' pictures are made for the screen's pixels: ``boards.boxes``)
        return super().event(event)

    def _bring_forward(self, index: int) -> None:
        """Show the view at ``index``. It is painted with the rest of the move (``one_paint``):
        events sent here, inside the move's handlers, would put the settle behind the
        scenes' own processing (a nested ``sendPostedEvents`` makes what is posted next wait
        for what was already queued), and the window would be painted two or three times."""
        self.views.setCurrentIndex(index)

    # -- the boards behind other tabs ------------------------------------------------------------

    def _prepare_later(self, *_: Any) -> None:
        self._prepare.start(PREPARE_AFTER_MS)

    def preparing(self) -> bool:
        """Whether a board behind another tab is still to be made ready (tests, ``bench``)."""
        return self._prepare.isActive()

    def prepare_next(self) -> None:
        """Make one board behind another tab ready for the move that brings it forward: drawn
        from the state in one step, painted off screen a strip a step after it, so that its
        pieces' and texts' pictures are made. The move that brings it forward then costs a paint of cached
        pictures (a Home Board hidden for a few moves took longer than a frame to draw, and as
        long again to paint its new pictures). Each step is one event: the player's input comes between them,
        and a drag or a glide in progress puts them off."""
        busy = any(scene.drag.active or scene.motions.active for scene in self.scenes)
        if busy or QApplication.mouseButtons() != Qt.MouseButton.NoButton:
            self._prepare_later()
            return
        if self._unpainted:
            view, top = self._unpainted.pop(0)
            if not view.isVisible():
                if top < 0:  # laid out in a step of its own: its boxes' pictures may be made then
                    self._lay_out_behind(view)
                    self._unpainted.insert(0, (view, 0))
                else:
                    self._paint_off_screen(view, top)
                    if top + PREPARE_STRIP < view.viewport().height():
                        self._unpainted.insert(0, (view, top + PREPARE_STRIP))
        else:
            behind = next((v for v in self._prepare_order() if not v.isVisible() and v.board.prepare()), None)
            if behind is None:
                return
            self._unpainted.append((behind, -1))
        self._prepare.start(0)

    def _prepare_order(self) -> list[BoardView]:
        """The boards a move may bring forward, those the player to act is likeliest to need
        first: their own, then the others'. The supply board comes forward only when its tab is
        clicked, and changes with most moves (drawing it is dear): it waits for that."""
        actor = self.session.match.game.actor or 0
        players = range(len(self.home_views))
        order = [*(self.home_views[(actor + i) % len(players)] for i in players),
                 *(self.storage_views[(actor + i) % len(players)] for i in players)]
        return [*order, self.board_view]

    def _lay_out_behind(self, view: BoardView) -> None:
        """Give ``view`` the place of the tab in front, as showing it would: a tab's page is laid
        out only when it comes forward, and Qt keeps a hidden widget's resize until it is shown
        (the board would be painted at the wrong zoom, and again when shown)."""
        place = self.views.currentWidget().geometry()
        if view.geometry() != place:
            old = view.size()
            view.setGeometry(place)
            QCoreApplication.sendEvent(view, QResizeEvent(view.size(), old))

    @staticmethod
    def _paint_off_screen(view: BoardView, top: int) -> None:
        """Paint the strip of ``view`` from ``top`` down as if shown, into a picture thrown away:
        its items make their cached pictures for this view, as its first paint would."""
        viewport = view.viewport()
        ratio = viewport.devicePixelRatioF()
        width = viewport.width()
        strip = QImage(round(width * ratio), round(PREPARE_STRIP * ratio),
                       QImage.Format.Format_ARGB32_Premultiplied)
        strip.setDevicePixelRatio(ratio)
        viewport.render(strip, QPoint(0, 0), QRegion(0, top, width, PREPARE_STRIP))

    def _scene_view(self, scene: GameScene) -> BoardView:
        self.scenes.append(scene)
        return BoardView(scene)

    # -- showing a move on its board ------------------------------------------------------------------

    def places_of(self, move: Move) -> list[tuple[BoardView, QPointF]]:
        """Where ``move`` is dropped or clicked on the boards of the player to act, the game board
        first: the one path by which the coach's hint and the guide's suggestion find a move's
        board (``BoardView.mark`` puts their mark there)."""
        actor = self.session.match.game.actor or 0
        views = [self.board_view, self.home_views[actor], self.storage_views[actor]]
        found = [(view, view.board.target_pos(move)) for view in views]
        return [(view, pos) for view, pos in found if pos is not None]

    def _side_resized(self, size: QSize) -> None:
        """A short side panel (1280x720) shows the players' totals without their breakdown, so
        their goods and the game log's rows stay in view."""
        for panel in self.player_panels:
            panel.show_scores(size.height() >= SCORES_FROM_HEIGHT)

    # -- which view the player needs ------------------------------------------------------------------

    def wanted_view(self) -> int:
        """Index of the tab the player to act needs for the pending decision (``board_for``)."""
        g = self.session.match.game
        board = board_for(g, self.session.match.legal_moves())
        actor = g.actor if g.actor is not None else 0
        if board == "scoring":
            return self.scoring_index
        if board == "board":
            return 0
        if board == "home":
            return self.views.indexOf(self.home_views[actor])
        if board == "storage":
            return self.views.indexOf(self.storage_views[actor])
        return self.views.currentIndex()

    def follow(self, *_: Any) -> None:
        """Bring the needed view forward when the decision changes; mark tabs with work to do."""
        g = self.session.match.game
        d = g.decision
        # (each Worker placed too: the next one is shown with its targets, even to the same player)
        key = (g.actor, type(d) if d is not None else g.state.phase, g.over, id(d), len(g.state.occupied))
        wanted = self.wanted_view()
        if key != self._last_focus:
            self._last_focus = key
            if wanted != self.views.currentIndex():
                self._bring_forward(wanted)
            if g.actor is not None and g.actor < self.player_tabs.count():
                self.player_tabs.setCurrentIndex(g.actor)
            if wanted == 0 and not g.over and d is None:
                self._show_next_worker()
            elif not g.over:
                self.show_decision()
        self.views.marked_bar().mark(-1 if g.over else wanted)

    def decision_places(self, view: BoardView) -> list[QPointF]:
        """Where on ``view`` the pending decision is made: the pieces to drag first (the tile
        to place, a Dike, Peat on a Moor, an Animal), then where they go or what is clicked."""
        scene = view.board
        moves = self.session.match.game.decision_moves()
        sources = [pos for m in moves if (pos := scene.source_pos(m)) is not None]
        targets = [pos for m in moves if (pos := scene.target_pos(m)) is not None]
        if sources:  # the places nearest to the pieces first
            targets.sort(key=lambda t: min((t - s).manhattanLength() for s in sources))
        frame = scene.decision_frame()  # (a panel's title and corners before its buttons)
        corners = [frame.topLeft(), frame.bottomRight()] if frame is not None else []
        return [*corners, *sources, *targets]

    def show_decision(self) -> bool:
        """Scroll the board in front to what the decision in progress needs (its pieces and
        their targets), where the board scrolls; whether it scrolled."""
        view = self.views.currentWidget()
        if not isinstance(view, BoardView) or not view.isVisible():
            return False
        return view.bring_into_view(self.decision_places(view))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # The boards have their size only now: a game opened in a small window shows its Worker.
        if self.views.currentIndex() == 0 and not self.session.match.game.over:
            QTimer.singleShot(0, self._show_next_worker)

    def _summary_room(self, november: bool) -> QRect | None:
        """Where the inventory summary may lie over the boards: over the full game board's
        column of the season not next (after November the summer spaces, after May the winter
        ones), in the boards' coordinates; None on the narrow board (its top corner). A column
        narrower than the summary's words need is widened towards the centre, under the month
        track, whose Workers stay in view."""
        scene, view = self.board_scene, self.board_view
        if scene.narrow is not None:
            return None
        column = view.mapFromScene(scene.season_rect("summer" if november else "winter")).boundingRect()
        if column.width() < SUMMARY_MIN_W:
            if november:
                column.setRight(column.left() + SUMMARY_MIN_W)
            else:
                column.setLeft(column.right() - SUMMARY_MIN_W)
            month = view.mapFromScene(scene.month.sceneBoundingRect()).boundingRect()
            column.setTop(max(column.top(), month.bottom() + 6))
        shown = column.intersected(view.viewport().rect())
        return QRect(view.viewport().mapTo(self.views, shown.topLeft()), shown.size())

    def _show_next_worker(self) -> None:
        """A game board that scrolls (a small window) shows the Worker to place next and, as
        many as fit with it, the action spaces it may go to, nearest first: at 1366x768 all of
        the season's (issue 50 item 11; the other season's lie below the rest)."""
        view, scene = self.board_view, self.board_scene
        token = scene.next_worker()
        if token is None:
            return
        start = token.sceneBoundingRect().center()
        targets = [pos for move in self.session.match.legal_of(PlaceWorker)
                   if (pos := scene.target_pos(move)) is not None]
        targets.sort(key=lambda t: (t - start).manhattanLength())
        view.bring_into_view([start, *targets])


def adopt(page: GamePage, session: GameSession) -> None:
    """Make ``page`` the Qt parent of its session and scenes: they live and die with it."""
    session.setParent(page)
    for scene in page.scenes:
        scene.setParent(page)

