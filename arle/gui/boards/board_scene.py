"""The shared game board: 30 action spaces, month track, half-year track, tool tracks, buildings.

Every item paints itself from ``session.match.game.state``; the scene only decides what is legal to
light up and turns mouse gestures into moves. Worker placement is a drag: press the next Worker
on the month track, drag it onto an action space, release. Legal spaces glow while dragging; a
drop anywhere else snaps the Worker back and the status bar says why. A click on a glowing
space places the Worker too.

It is a ``GameScene`` like the other boards (``arle.gui.boards.scene``): the Worker is a
``pieces.DragPiece`` and the items take their own clicks; it differs only in how it redraws
(its items stay and repaint when their look changes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QPointF, QRect, QRectF, Signal
from PySide6.QtGui import QBrush, QPainter
from PySide6.QtWidgets import QGraphicsItem

from arle.engine import (
    BUILDINGS,
    SUMMER,
    WINTER,
    AdvanceTool,
    Choose,
    Phase,
    PlaceWorker,
    Tool,
    WorkerPlaced,
    does_nothing,
    noun,
)
from arle.gui.boards.board_items import (
    BUILDING_MIN_W,
    CENTER_X,
    COL_TOP,
    NARROW_MIN_W,
    SCENE_H,
    SCENE_W,
    SPACE_GAP,
    SPACE_H,
    SPACE_W,
    BuildingItem,
    HeaderItem,
    MonthTrackItem,
    SeasonLabel,
    SpaceItem,
    ToolTrackItem,
    WorkerGhost,
    WorkerToken,
    svg,
)
from arle.gui.boards.confirm import place_anyway
from arle.gui.boards.pieces import Candidate
from arle.gui.boards.scene import GameScene
from arle.gui.kit import style
from arle.gui.kit.texts import say

if TYPE_CHECKING:
    from arle.engine import Move
    from arle.gui.session import GameSession


def _tr(text: str) -> str:
    return QCoreApplication.translate("BoardScene", text)


class SpaceLights:
    """The game board's drag lights: while a Worker is dragged the legal action spaces glow and
    the one under it lights up (where other boards draw target boxes, ``pieces.DragHelper``)."""

    def __init__(self, board: BoardScene) -> None:
        self.board = board
        self.active = False
        self.candidates: list[Candidate] = []

    def begin(self, piece: QGraphicsItem, candidates: list[Candidate]) -> None:
        self.active = True
        self.candidates = candidates
        self.board._update_glow(dragging=True)

    def target_at(self, pos: QPointF) -> Candidate | None:
        space = self.board.item_at(pos, SpaceItem)
        if not isinstance(space, SpaceItem):
            return None
        return next((c for c in self.candidates if c.move == PlaceWorker(space.space_id)), None)

    def hover(self, pos: QPointF) -> None:
        hovered = self.board.item_at(pos, SpaceItem)
        for item in self.board.spaces.values():
            item.hover = item is hovered
            item.refresh_look()  # (repaints the space's overlay if its hover changed)

    def end(self) -> None:
        if not self.active:
            return
        self.active = False
        self.candidates = []
        for item in self.board.spaces.values():
            item.hover = False
        self.board._update_glow()


class BoardScene(GameScene):
    """The game board: persistent items repainted when their look changes; a Worker is dragged,
    spaces, buildings and tool tracks are clicked, each ending in ``session.try_apply``."""

    FULL_SIZE = (SCENE_W, SCENE_H)
    #: The board was laid out anew (``lay_out``: the window grew or shrank): the marks on it (the
    #: tutorial's frame, the coach's ring) go where their spaces now lie.
    laidOut = Signal()

    def __init__(self, session: GameSession, parent: QObject | None = None) -> None:
        super().__init__(session, parent)
        self.drag = SpaceLights(self)
        self.setBackgroundBrush(QBrush(style.BOARD_BG))
        self.spaces: dict[str, SpaceItem] = {}
        self.tools: dict[Tool, ToolTrackItem] = {}
        self.buildings: dict[str, BuildingItem] = {}
        self.workers: list[WorkerToken] = []
        #: The narrow layout's width (``lay_out``); None: the full board.
        self.narrow: float | None = None
        #: The items ``_build_centre`` made (made anew when the board's width changes).
        self._centre: list[QGraphicsItem] = []
        #: The season whose spaces are in the left column of a narrow board (None: not placed).
        self._spaces_first: str | None = None
        self._retired: list[WorkerToken] = []
        #: The Worker the last move placed: (player, space, where it starts its glide).
        self._glide: tuple[int, str, QPointF] | None = None
        #: What each group of items showed at the last update (see ``_update_glow``).
        self._groups: dict[str, tuple[Any, ...]] = {}
        self._build_static()
        self.refresh()
        session.reset.connect(self.rebuild)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        painter.fillRect(rect, style.BOARD_BG)
        svg(painter, "board_backdrop", self.sceneRect())

    # -- building the board ----------------------------------------------------------------------

    def _build_static(self) -> None:
        for spaces in (SUMMER, WINTER):
            for space in spaces:
                item = SpaceItem(self, space.id, QRectF(0, 0, SPACE_W, SPACE_H))
                self.spaces[space.id] = item
                self.addItem(item)
        self._build_centre()

    def _build_centre(self) -> None:
        """The header, the month track and the Tool Tracks across the board's width, the
        buildings under them, the action spaces beside them (``_place_spaces``)."""
        width = self.board_width()
        for old in self._centre:
            self.removeItem(old)
        self._groups.clear()  # (new items: none shows anything yet)
        centre_w = width - CENTER_X - (10 if self.narrow else CENTER_X)
        # A narrow board's header lies over its centre only, so that the season's action spaces
        # start at the top: all fifteen show at once at 1366x768 (issue 50 item 11).
        self.header = HeaderItem(self, QRectF(CENTER_X, 6, centre_w, HeaderItem.height_at(centre_w))
                                 if self.narrow else QRectF(10, 6, width - 20, HeaderItem.ROW_H))
        self.addItem(self.header)
        month_top = self.header.rect.bottom() + 6
        self.month = MonthTrackItem(self, QRectF(CENTER_X, month_top, centre_w, 100))
        self.addItem(self.month)
        top = month_top + 108
        row_h = 31.0
        self.tools = {}
        for i, tool in enumerate(Tool):
            item = ToolTrackItem(self, tool, QRectF(CENTER_X, top + i * (row_h + 2), centre_w, row_h))
            self.tools[tool] = item
            self.addItem(item)
        self._buildings_top = top + 10 * (row_h + 2) + 8
        self.season_label = SeasonLabel(self, QRectF(10, 0, 400, 30))  # (a narrow board's only)
        self.season_label.setVisible(bool(self.narrow))
        self.addItem(self.season_label)
        self._centre = [self.header, self.month, *self.tools.values(), self.season_label]
        self._build_buildings()
        self._spaces_first = None
        self._place_spaces()

    def board_width(self) -> float:
        """The board's width: the full board's, or the narrow one's (``lay_out``)."""
        return self.narrow or SCENE_W

    def lay_out(self, width: float | None) -> None:
        """Show the full board (None), or the narrow one at most ``width`` wide (a small window's
        board, at least ``NARROW_MIN_W``): the action spaces of the season now in one column
        beside the tracks and the buildings, and the other season's below them all, where the
        full board has them in a column of its own on the right."""
        narrow = None if width is None else max(NARROW_MIN_W, min(SCENE_W, width // 20 * 20))
        if narrow == self.narrow:
            return
        self.narrow = narrow
        self._build_centre()
        self.refresh()
        self.laidOut.emit()

    def _all_buildings(self) -> list[str]:
        s = self.session.match.game.state
        built = [b for p in s.players for b in p.buildings]
        order = list(BUILDINGS)
        return sorted({*s.available_buildings, *built}, key=order.index)

    def _build_buildings(self) -> None:
        self._groups.pop("buildings", None)  # (new items: none shows anything yet)
        for item in self.buildings.values():
            self.removeItem(item)
        self.buildings = {}
        names = self._all_buildings()
        centre_w = self.month.rect.width()
        gap = 6.0
        cols = 6 if not self.narrow else max(1, int((centre_w + gap) // (BUILDING_MIN_W + gap)))
        w = (centre_w - gap * (cols - 1)) / cols
        rows = max(1, -(-len(names) // cols))
        h = 104.0 if self.narrow else \
            min(104.0, (SCENE_H - 6 - self._buildings_top - gap * (rows - 1)) / rows)
        for i, b in enumerate(names):
            r, c = divmod(i, cols)
            rect = QRectF(CENTER_X + c * (w + gap), self._buildings_top + r * (h + gap), w, h)
            item = BuildingItem(self, b, rect)
            self.buildings[b] = item
            self.addItem(item)
        self._buildings_bottom = self._buildings_top + rows * (h + gap) - gap

    def _place_spaces(self) -> None:
        """Put the action spaces where the layout has them: summer's on the left and winter's
        on the right of the full board; on a narrow one the season now's on the left and the
        other's in rows below (they change places at each half-year)."""
        season = self.session.match.game.state.season
        first = season if self.narrow else "summer, on the full board"
        if first == self._spaces_first:
            return
        self._spaces_first = first
        column = SPACE_H + SPACE_GAP
        if not self.narrow:
            for spaces, x in ((SUMMER, 10.0), (WINTER, SCENE_W - 10 - SPACE_W)):
                for i, space in enumerate(spaces):
                    self.spaces[space.id].place(QPointF(x, COL_TOP + i * column))
            self.setSceneRect(0, 0, SCENE_W, SCENE_H)
            return
        now, other = (SUMMER, WINTER) if season == "summer" else (WINTER, SUMMER)
        for i, space in enumerate(now):
            self.spaces[space.id].place(QPointF(10, 6 + i * column))
        top = max(6 + len(now) * column, self._buildings_bottom + 10)
        self.season_label.place(QPointF(10, top))
        self.season_label.refresh_look()
        top += self.season_label.rect.height() + 4
        gap = 12.0
        cols = max(1, int((self.board_width() - 20 + gap) // (SPACE_W + gap)))
        rows = -(-len(other) // cols)
        for i, space in enumerate(other):  # (down each column first, in the full board's order)
            c, r = divmod(i, rows)
            self.spaces[space.id].place(QPointF(10 + c * (SPACE_W + gap), top + r * column))
        self.setSceneRect(0, 0, self.board_width(), top + rows * column + 6)

    def season_rect(self, season: str) -> QRectF:
        """Where the action spaces of ``season`` lie together."""
        rect = QRectF()
        for space in SUMMER if season == "summer" else WINTER:
            rect = rect.united(self.spaces[space.id].sceneBoundingRect())
        return rect

    def rebuild(self) -> None:
        """A new game was installed: the set of buildings may differ."""
        self._build_buildings()
        self._spaces_first = None  # (the buildings may be more or fewer: the spaces below move)
        self._place_spaces()
        self.refresh()

    # -- state -> items --------------------------------------------------------------------------------

    def next_placer(self) -> int | None:
        s = self.session.match.game.state
        if s.phase is Phase.WORK and s.placements:
            return s.placements[0]
        return None

    def _on_changed(self, *args: Any) -> None:
        """Redrawn after the move's handlers, with the rest of the window (``GameScene``): a move
        that takes the player to another board (a Home Board action) hides this one first, and
        it is redrawn only when seen again. The Worker just placed glides from where its token
        stood (or was dropped) to its space, if the board is still on screen then."""
        # A narrow board's action spaces change places at once at the turn of the half-year:
        # where a space lies is asked (the tutorial's frame) before the board is redrawn.
        self._place_spaces()
        placed = [e for e in (args[0].events if args else []) if isinstance(e, WorkerPlaced)]
        self._glide = None
        if placed:
            token = next((w for w in self.workers if w.is_next), None)
            start = self.dropped[1] if self.dropped else (token.scenePos() if token else None)
            if start is not None:
                self._glide = (placed[-1].player, placed[-1].space, start)
        super()._on_changed(*args)

    def _glide_worker(self) -> None:
        """The Worker placed by the move just redrawn, on its way (see ``_on_changed``)."""
        glide, self._glide = self._glide, None
        if glide is None or not self._animate:
            return
        player, space_id, start = glide
        space = self.spaces.get(space_id)
        if space is not None:
            ghost = WorkerGhost(self, player, space.mapToScene(space.worker_rect().center()))
            self.addItem(ghost)
            self.motions.glide(ghost, start, remove_after=True)

    def redraw(self) -> None:
        self.refresh()
        self._glide_worker()

    def refresh(self) -> None:
        """Bring every item up to date (a Worker token is made anew only when the Workers to
        place change)."""
        self._dirty = False
        s = self.session.match.game.state
        wanted: list[tuple[int, QPointF, bool]] = []
        if s.phase is Phase.WORK:
            slots = self.month.slots()
            first = len(slots) - len(s.placements)
            match = self.session.match
            can_place = bool(match.legal_of(PlaceWorker)) and match.game.decision is None
            wanted = [(player, centre, i == 0 and can_place)
                      for i, (player, centre) in enumerate(slots[first:])]
        colors = tuple(self.session.match.colors)
        if [(w.player, w.home, w.is_next, w.colors) for w in self.workers] != [(*t, colors) for t in wanted]:
            # A Worker still waiting as it was keeps its token: a placement makes the next one's anew
            # and takes the placed one away, the others are not repainted.
            old = {(w.player, w.home.x(), w.home.y(), w.is_next, w.colors): w for w in self.workers}
            workers = []
            for player, centre, is_next in wanted:
                token = old.pop((player, centre.x(), centre.y(), is_next, colors), None)
                if token is None:
                    token = WorkerToken(self, player, centre, is_next=is_next)
                    self.addItem(token)
                workers.append(token)
            for w in old.values():
                self.removeItem(w)
            # Kept alive until the next redraw: the Worker just placed may be in its own mouse handler.
            self._retired, self.workers = list(old.values()), workers
        self._place_spaces()
        self.header.refresh_look()
        self.month.refresh_look()
        self.season_label.refresh_look()
        self._update_glow()

    def _update_glow(self, dragging: bool = False) -> None:
        """Bring the action spaces, Tool Tracks and buildings up to date: their looks and the
        rings of those a move may choose. Each group is looked at only when what its items show
        changed (the keys below): asking the 58 items for their looks after every move was a
        tenth of a move's work, and most moves change one group or none."""
        s = self.session.match.game.state
        legal = self.session.match.legal_moves()
        workers = {m.space for m in legal if isinstance(m, PlaceWorker)} if dragging else set()
        chooses = {m.option for m in legal if isinstance(m, Choose)}
        tools = {m.tool for m in legal if isinstance(m, AdvanceTool)}
        colors = tuple(self.session.match.colors)
        players = s.players
        if self._group_changed("spaces", (s.season, s.solo, s.special_used_by, s.phase,
                                          tuple(s.occupied.items()), frozenset(workers),
                                          frozenset(chooses), dragging, colors)):
            for sid, item in self.spaces.items():
                item.glow = sid in workers or sid in chooses
                item.refresh_look()
        if self._group_changed("tools", (tuple(tuple(p.tools.items()) for p in players),
                                         frozenset(tools), colors)):
            for tool, track in self.tools.items():
                track.glow = tool in tools
                track.refresh_look()
        if self._group_changed("buildings", (tuple(tuple(p.buildings) for p in players),
                                             tuple(p.name for p in players), frozenset(chooses), colors)):
            for b, card in self.buildings.items():
                card.glow = b in chooses
                card.refresh_look()

    def _group_changed(self, group: str, key: tuple[Any, ...]) -> bool:
        """Whether ``key`` (what a group of items shows) differs from the last one seen."""
        if self._groups.get(group) == key:
            return False
        self._groups[group] = key
        return True

    def next_worker(self) -> WorkerToken | None:
        self.ensure_fresh()
        return next((w for w in self.workers if w.is_next), None)

    # -- gestures ----------------------------------------------------------------------------------------

    def item_at(self, pos: QPointF, kind: type) -> QGraphicsItem | None:
        return next((item for item in self.items_now(pos) if isinstance(item, kind)), None)

    def worker_targets(self) -> list[Candidate]:
        """Where the next Worker may go: the action spaces of the legal placements."""
        return [Candidate(m, self.spaces[m.space].rect) for m in self.session.match.legal_of(PlaceWorker)
                if m.space in self.spaces]

    def worker_refusal(self, pos: QPointF) -> str | None:
        """Why a Worker dropped at ``pos`` stays: the engine's reason for that space, or where
        to drop it."""
        space = self.item_at(pos, SpaceItem)
        if isinstance(space, SpaceItem):
            return self.session.why_not(PlaceWorker(space.space_id))
        return _tr("Drop the Worker on an action space.")

    def source_pos(self, move: Move) -> QPointF | None:
        if isinstance(move, PlaceWorker):
            token = self.next_worker()
            return token.scenePos() if token is not None else None
        return None

    def target_pos(self, move: Move) -> QPointF | None:
        self.ensure_fresh()
        if isinstance(move, PlaceWorker) and move.space in self.spaces:
            card = self.spaces[move.space]  # the Worker's spot, clear of the card's words
            return card.rect.topLeft() + card.worker_rect().center()
        if isinstance(move, Choose):  # a space or building chosen on the board (it glows)
            item = self.spaces.get(move.option) or self.buildings.get(move.option)
            return item.rect.center() if item is not None and item.glow else None
        if isinstance(move, AdvanceTool) and move.tool in self.tools:
            return self.tool_step_pos(move)
        return None

    def tool_step_pos(self, move: AdvanceTool) -> QPointF:
        """The cell the actor's indicator moves to (the track's middle was ringed: "4" with Fish
        Traps at 5, issue 50 item 15)."""
        track = self.tools[move.tool]
        game = self.session.match.game
        actor = game.actor if game.actor is not None else 0
        at = min(game.state.players[actor].tools[move.tool] + 1, len(track.track.counts) - 1)
        return track.rect.topLeft() + track.cell_rect(at).center()

    def play(self, move: Move) -> bool:
        """Send ``move``; a Worker placement that would give nothing is confirmed first (Cancel:
        no move, nothing changes)."""
        if isinstance(move, PlaceWorker) and move in self.session.match.legal_moves():
            why = does_nothing(self.session.match.game, move)
            if why is not None and not place_anyway(self.views()[0] if self.views() else None, why):
                self.session.message.emit(_tr("The Worker stays: no placement made."))
                return False
        return super().play(move)

    def click(self, item: QGraphicsItem) -> None:
        """A click on a board item: place a Worker, choose a building/space, advance a tool."""
        legal = self.session.match.legal_moves()
        if isinstance(item, SpaceItem):
            for move in (Choose(item.space_id), PlaceWorker(item.space_id)):
                if move in legal:
                    self.play(move)
                    return
            if self.session.match.legal_of(PlaceWorker):
                self.session.try_apply(PlaceWorker(item.space_id))  # refused: says why
        elif isinstance(item, BuildingItem):
            if Choose(item.building) in legal:
                self.session.try_apply(Choose(item.building))
            elif item.owner() is None:
                self.session.refuse(_tr("{name} can be built with a Builder, Carpenter, Forester, Wood "
                                        "Trader or Laborer action.").format(name=say(noun(item.info.name))))
        elif isinstance(item, ToolTrackItem):
            if AdvanceTool(item.tool) in legal:
                self.session.try_apply(AdvanceTool(item.tool))
            elif AdvanceTool in getattr(self.session.match.game.decision, "answers", ()):
                self.session.refuse(_tr("You cannot advance {tool} now (already moved, at its end, or "
                                        "you cannot pay).").format(tool=say(noun(item.track.name))))
