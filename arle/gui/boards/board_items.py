"""The items of the game board (``board_scene.BoardScene``): action spaces, the month track
with its Workers, the half-year track, tool tracks and buildings. Each is a fixed rectangle that
paints itself from ``session.match.game.state``, repaints only when its look changes, and hands its
clicks to the board (``BoardScene.click``).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from arle.engine import ACTION_SPACES, BUILDINGS, HALF_YEARS, TOOL_TRACKS, WORKERS, Phase, Tool, noun
from arle.gui.boards.boxes import ZoomedPicture
from arle.gui.boards.pieces import DragPiece, DragSpec, PieceScene
from arle.gui.kit import art, pictures, style
from arle.gui.kit.texts import say

if TYPE_CHECKING:
    from arle.gui.boards.pieces import Candidate
    from arle.gui.session import GameSession

SCENE_W, SCENE_H = 1500.0, 900.0
SPACE_W, SPACE_H, SPACE_GAP = 290.0, 51.0, 3.0
COL_TOP = 86.0
CENTER_X, CENTER_W = 322.0, 856.0
#: The narrowest game board (``BoardScene.lay_out``): the centre then keeps room for the Tool
#: Tracks' six cells and their step cost; a view narrower than this scrolls sideways.
NARROW_MIN_W = 1040.0
#: The narrowest building card of a narrow board (as on the full board: six across its centre).
BUILDING_MIN_W = 137.0


def _tr(text: str) -> str:
    return QCoreApplication.translate("BoardScene", text)


_font = pictures.pixel_font


def svg(painter: QPainter, name: str, rect: QRectF) -> None:
    """Board art from resources/board/, drawn as vectors (the items cache their own picture)."""
    art.render(painter, f"board/{name}.svg", rect)


def _elide(painter: QPainter, text: str, width: float) -> str:
    return painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, int(width))


class Board(PieceScene, Protocol):
    """What the items ask of the game board (``board_scene.BoardScene``, which imports this
    module: the protocol keeps the import one way); its Workers are pieces on it."""

    #: The view's zoom: logical pixels a scene unit, and the device's pixel ratio.
    zoom: tuple[float, float]

    def next_placer(self) -> int | None: ...
    def item_at(self, pos: QPointF, kind: type) -> QGraphicsItem | None: ...
    def worker_targets(self) -> list[Candidate]: ...
    def worker_refusal(self, pos: QPointF) -> str | None: ...
    def click(self, item: QGraphicsItem) -> None: ...


class BoardItem(QGraphicsItem):
    """Base: a fixed rectangle that paints from the session's state."""

    #: The corner radius of the ring that marks the item when a move may choose it.
    GLOW_RADIUS = 7.0
    #: Whether a dragged piece is over the item (its ring is filled then: see ``paint_glow``).
    hover = False

    def __init__(self, board: Board, rect: QRectF) -> None:
        super().__init__()
        self.board = board
        #: Kept on the item: asked of the scene (a QObject), it cost an attribute lookup through
        #: PySide6's QObject attributes at each of the board's hundred looks a move.
        self.session: GameSession = board.session
        self.rect = rect
        #: The bounds, made once: Qt asks for them several times an item at each paint, and a
        #: rectangle made anew at each call cost a millisecond a repaint of the whole board.
        self._bounds = QRectF(-3, -3, rect.width() + 6, rect.height() + 6)
        self.glow = False
        self._ring: GlowRing | None = None
        self._look: object = None
        self.setPos(rect.topLeft())
        # Painted once into a pixmap and blitted until ``refresh_look`` finds that what it shows
        # changed: most of the board stays the same from one move to the next.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def place(self, corner: QPointF) -> None:
        """Move the item (its size kept): the narrow board moves its action spaces at each half-year."""
        if corner != self.rect.topLeft():
            self.rect = QRectF(corner, self.rect.size())
            self.setPos(corner)

    def look(self) -> object:
        """Everything this item's picture depends on (besides its glow); None: always repaint."""
        return None

    def refresh_look(self) -> None:
        """Repaint if the picture changed since the last paint request; the glow is a ring of
        its own over the item (see ``GlowRing``)."""
        look = (self.look(), tuple(self.session.match.colors))
        if look != self._look or look[0] is None:
            self._look = look
            self.update()
        self.refresh_look_ring()

    def refresh_look_ring(self) -> None:
        """Show the ring over the item while a move may choose it."""
        if self.glow and self._ring is None:
            self._ring = GlowRing(self)
        if self._ring is not None:
            if self._ring.isVisible() != self.glow:
                self._ring.setVisible(self.glow)
            self._ring.refresh_look()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        """Draw the item into Qt's cache of it (``refresh_look`` asks for it anew)."""
        self.draw(painter)

    def draw(self, painter: QPainter) -> None:
        """Paint the item (in item coordinates)."""
        raise NotImplementedError

    def boundingRect(self) -> QRectF:
        return self._bounds

    def local(self) -> QRectF:
        return QRectF(0, 0, self.rect.width(), self.rect.height())

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Accepted, so that the release comes here: a press and release on this item is a click."""
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.board.item_at(event.scenePos(), BoardItem) is self:
            self.board.click(self)

    def paint_glow(self, painter: QPainter, radius: float = 7) -> None:
        if self.glow:
            painter.setPen(QPen(style.LEGAL_GLOW, 4))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(self.local().adjusted(-1, -1, 1, 1), radius, radius)


# -- action spaces ---------------


class Layer(QGraphicsItem):
    """A picture over a board item (its words, its Worker, its marks), cached and repainted only
    when its ``look`` changes: what changes from move to move is drawn apart from what does not.
    The item under it takes the clicks and gives the tooltip."""

    def __init__(self, host: BoardItem) -> None:
        super().__init__(host)
        self.host = host  # (not ``parentItem()``: see ``scene.SessionScene.add_item``)
        self._bounds = host.boundingRect()
        self._look: object = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def look(self) -> object:
        """What the picture depends on (None: drawn once)."""
        return None

    def refresh_look(self) -> None:
        look = self.look()
        if look != self._look:
            self._look = look
            self.update()


class SpaceItem(BoardItem):
    """One action space card; shows the Worker on it."""

    def __init__(self, board: Board, space_id: str, rect: QRectF) -> None:
        super().__init__(board, rect)
        self.space_id = space_id
        self.space = ACTION_SPACES[space_id]
        self.picture = pictures.space_picture(space_id)
        self.hover = False
        self.setToolTip(self._tooltip())
        # The card's ground is the picture the thirty cards share for its status and season,
        # shown by a pixmap item under the card (``show_ground``): Qt blits it, with no Python
        # ``paint`` (45 µs a call, at every repaint under a card: a third of the board's repaint)
        # and no picture of the card's own (1.3 MB for the thirty, when each card kept its ground
        # in Qt's item cache).
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        self.ground = SpaceGround(self)
        self.show_ground()
        self.face = SpaceFace(self)
        self.overlay = SpaceOverlay(self)  # (above the face)

    def _tooltip(self) -> str:
        title = style.space_title(self.space_id)
        more = _tr("Shift+F1: How to play, the work phase")  # the shortcut opens that section
        return f"<b>{title}</b><br>{say(noun(self.space.text))}<br><i>{more}</i>"

    def status(self) -> str:
        """"current", "other" (the other-season space is still free to use) or "closed"."""
        s = self.session.match.game.state
        if self.space.season == s.season:
            return "current"
        if not s.solo and s.special_used_by is None and s.phase is Phase.WORK:
            return "other"
        return "closed"

    def look(self) -> object:
        """The card's look: its status (its words and pictures are the face's; the Worker,
        hover and glow the overlay's)."""
        return self.status()

    def refresh_look(self) -> None:
        """Repaint the card's ground if its status changed (its face is dimmed or not, never
        drawn again), the overlay if its Worker did, the ring if the glow or hover did."""
        status = self.status()
        if status != self._look:
            self._look = status
            self.show_ground()
            self.face.setOpacity(FACE_CLOSED_OPACITY if status == "closed" else 1.0)
        self.overlay.refresh_look()
        self.refresh_look_ring()

    def paint_glow(self, painter: QPainter, radius: float = 7) -> None:
        """The ring of a space a Worker may go to, filled while a dragged Worker is over it."""
        if self.hover and self.glow:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(46, 157, 91, 60))
            painter.drawRoundedRect(self.local(), 7, 7)
        super().paint_glow(painter, radius)

    def worker_rect(self) -> QRectF:
        h = self.rect.height() - 12
        return QRectF(self.rect.width() - h - 8, 6, h, h)

    def show_ground(self) -> None:
        """Show the ground of the card's status (``SpaceGround``) at the board's zoom."""
        self.ground.zoom(*self.board.zoom)

    def ground_picture(self, status: str, scale: float, ratio: float) -> QPixmap:
        """The ground of ``status`` at a zoom. Thirty cards share six grounds (three
        statuses, two seasons), each drawn once per size and zoom. At the turn of a half-year
        every card's ground changes, and a dashed border (the other season's spaces) is dear to
        draw thirty times: now a picture each."""
        summer = self.space.season == "summer"
        key = (status, summer, self.rect.width(), self.rect.height(), round(scale, 4), ratio)
        picture = _GROUNDS.get(key)
        if picture is None:
            if len(_GROUNDS) >= GROUNDS_KEPT:  # (another zoom: the old ones go)
                _GROUNDS.clear()
            picture = _GROUNDS[key] = self._ground_picture(status, summer, scale, ratio)
        return picture

    def ground_status(self) -> str:
        """The status the card's ground shows: the one it last took (``refresh_look``)."""
        return self._look if isinstance(self._look, str) else self.status()

    def draw(self, painter: QPainter) -> None:
        """The ground drawn as it is (the card itself paints nothing: its ground item shows it)."""
        self._paint_ground(painter, self.ground_status(), self.space.season == "summer")

    def _ground_picture(self, status: str, summer: bool, scale: float, ratio: float) -> QPixmap:
        size = (self.rect.size() + QSizeF(2 * GROUND_MARGIN, 2 * GROUND_MARGIN)) * scale * ratio
        picture = QPixmap(math.ceil(size.width()), math.ceil(size.height()))
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        shift = GROUND_MARGIN * scale  # (the border's room)
        painter.setTransform(QTransform(scale, 0, 0, scale, shift, shift))
        self._paint_ground(painter, status, summer)
        painter.end()
        return picture

    def _paint_ground(self, painter: QPainter, status: str, summer: bool) -> None:
        if status == "current":
            fill = style.SUMMER if summer else style.WINTER
        elif status == "other":
            fill = style.SUMMER_LIGHT if summer else style.WINTER_LIGHT
        else:
            fill = style.INACTIVE
        pen = QPen(QColor("#5b6b5e") if status != "closed" else QColor("#b5b1a4"), 1.4)
        if status == "other":
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(pen)
        painter.setBrush(fill)
        painter.drawRoundedRect(self.local(), 7, 7)


#: The action spaces' grounds by (status, season, size, zoom); GROUNDS_KEPT at most.
_GROUNDS: dict[tuple[object, ...], QPixmap] = {}
GROUNDS_KEPT = 24
#: Room around a ground's picture for its border (item units; the item's bounds give 3).
GROUND_MARGIN = 2.0


#: A closed action space's name and pictures, dimmed over its grey ground (as muted ink).
FACE_CLOSED_OPACITY = 0.6


class SpaceGround(ZoomedPicture):
    """An action space's ground under its card (its colour and border), the picture the cards of
    its status and season share, made for the board's zoom."""

    def __init__(self, space: SpaceItem) -> None:
        super().__init__(space)
        self.space = space
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setPos(-GROUND_MARGIN, -GROUND_MARGIN)

    def look(self) -> str:
        return self.space.ground_status()

    def picture(self, look: Hashable, scale: float, ratio: float) -> QPixmap:
        return self.space.ground_picture(str(look), scale, ratio)


class GlowRing(Layer):
    """The green ring over a board item that a move may choose (a building to build, a Tool
    Track to advance), shown and hidden as the choice comes and goes. Drawn into the item's
    own picture, it made twenty building cards draw their words and cost pictures again
    when a building was to be chosen, and again when it was chosen. A ring is cheap
    to draw: it keeps no picture of its own."""

    def __init__(self, host: BoardItem) -> None:
        super().__init__(host)
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.setVisible(False)

    def look(self) -> object:
        return self.host.glow, self.host.hover

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.host.paint_glow(painter, self.host.GLOW_RADIUS)


class SpaceFace(Layer):
    """An action space's name and what it does, in the goods' own icons (the sentence is in the
    tooltip): drawn once and cached, over the card's ground. The half-year's turn changes the
    status of every action space: the grounds are drawn again (a rounded box each) and a closed
    space's face is dimmed, where thirty cards' words and pictures were drawn again."""

    def __init__(self, space: SpaceItem) -> None:
        super().__init__(space)
        self.space = space

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        space = self.space
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(style.INK)
        painter.setFont(_font(16, True))
        text_w = space.rect.width() - space.worker_rect().width() - 24
        painter.drawText(QRectF(10, 4, text_w, 22), Qt.AlignmentFlag.AlignVCenter,
                         _elide(painter, say(noun(space.space.name)), text_w))
        pictures.paint(painter, space.picture, QRectF(10, 26, text_w, 23), size=19, px=12)


class SpaceOverlay(Layer):
    """What changes on an action space from move to move, its Worker, drawn over the card (the
    glow of a legal space and the hover of a dragged Worker are the card's ``GlowRing``). A
    Worker placed and the end of a round (every Worker home) then repaint this small picture,
    and the card keeps its cached one: replaying the card's words and pictures cost a third of
    a millisecond a card, thirty cards at the end of a round."""

    def __init__(self, space: SpaceItem) -> None:
        super().__init__(space)
        self.space = space
        # The Worker's place only: a picture the size of the card was mostly empty (1.3 MB for
        # the thirty cards, each blended over its card at every repaint).
        self._bounds = space.worker_rect().adjusted(-2, -2, 2, 2)

    def look(self) -> object:
        space = self.space
        match = space.session.match
        return (match.game.state.occupied.get(space.space_id), tuple(match.colors))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        space = self.space
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        wr = space.worker_rect()
        occupant = space.session.match.game.state.occupied.get(space.space_id)
        if occupant is not None:
            style.paint_piece(painter, wr, style.player_shape(occupant),
                              style.player_color(space.session, occupant))
        else:
            painter.setPen(QPen(QColor(0, 0, 0, 60), 1.2, Qt.PenStyle.DotLine))
            painter.setBrush(QColor(255, 255, 255, 80))
            painter.drawEllipse(wr.adjusted(3, 3, -3, -3))


# -- month track with the Workers still to place ---------------


class WorkerToken(DragPiece):
    """A Worker on the month track (it rests at ``home``); the next one to place is dragged onto
    an action space like any piece (``pieces.DragPiece``)."""

    SIZE = 34.0

    def __init__(self, board: Board, player: int, home: QPointF, is_next: bool) -> None:
        s = self.SIZE
        spec = DragSpec(candidates=board.worker_targets if is_next else list, refusal=board.worker_refusal)
        super().__init__(board, None, QRectF(-s / 2, -s / 2, s, s), spec)
        self.board = board
        self.player = player
        self.home = home
        self.is_next = is_next
        self.colors = tuple(board.session.match.colors)
        self.rest = home
        self.setPos(home)
        self.setZValue(5)
        if is_next:
            self.setToolTip(_tr("Drag this Worker onto an action space (or click a glowing space)."))

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and not self.is_next:
            self.board.session.refuse(_tr("Only the next Worker on the month track can be placed."))
            event.accept()
            return
        super().mousePressEvent(event)

    #: The bounds, with the ring of the next Worker (made once: see ``BoardItem._bounds``).
    BOUNDS = QRectF(-SIZE / 2 - 6, -SIZE / 2 - 6, SIZE + 12, SIZE + 12)

    def boundingRect(self) -> QRectF:
        return self.BOUNDS

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        s = self.SIZE
        if self.is_next:
            painter.setPen(QPen(style.LEGAL_GLOW, 3))
            painter.setBrush(QColor(46, 157, 91, 40))
            painter.drawEllipse(QRectF(-s / 2 - 5, -s / 2 - 5, s + 10, s + 10))
        style.paint_piece(painter, QRectF(-s / 2, -s / 2, s, s), style.player_shape(self.player),
                          style.player_color(self.board.session, self.player))


class WorkerGhost(QGraphicsItem):
    """A Worker on its way from the month track to its action space, shown only while it moves
    (``motion.Motions.glide``); the space itself already shows the Worker when it lands."""

    def __init__(self, board: Board, player: int, centre: QPointF) -> None:
        super().__init__()
        self.color = style.player_color(board.session, player)
        self.outline = style.player_shape(player)  # (not ``shape``: that is QGraphicsItem.shape())
        self.setPos(centre)
        self.setZValue(900)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    BOUNDS = WorkerToken.BOUNDS.adjusted(4, 4, -4, -4)  # (the Worker without its ring)

    def boundingRect(self) -> QRectF:
        return self.BOUNDS

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        s = WorkerToken.SIZE * 0.8
        style.paint_piece(painter, QRectF(-s / 2, -s / 2, s, s), self.outline, self.color)


class MonthTrackItem(BoardItem):
    """Four months; in each the Starting Player's Worker goes first. Empty slots: Workers placed.
    The track itself changes with the season only; who places next and the empty slots are its
    marks (``MonthMarks``), repainted at each Worker placed."""

    def __init__(self, board: Board, rect: QRectF) -> None:
        super().__init__(board, rect)
        self.marks = MonthMarks(self)

    def look(self) -> object:
        return self.session.match.game.state.season

    def refresh_look(self) -> None:
        super().refresh_look()
        self.marks.refresh_look()

    def slots(self) -> list[tuple[int, QPointF]]:
        """(player, centre in scene coordinates) for every Worker of this half-year, in order."""
        s = self.session.match.game.state
        order = [s.start_player] if s.solo else [s.start_player, 1 - s.start_player]
        per = len(order)
        month_w = (self.rect.width() - 20) / WORKERS
        result = []
        for month in range(WORKERS):
            for k, player in enumerate(order):
                x = self.rect.x() + 10 + month * month_w + month_w * (k + 1) / (per + 1)
                y = self.rect.y() + 62
                result.append((player, QPointF(x, y)))
        return result

    def draw(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.local()
        painter.setPen(QPen(QColor("#8a7b5a"), 1.4))
        painter.setBrush(QColor("#efe4c6"))
        painter.drawRoundedRect(r, 9, 9)
        painter.setPen(style.INK)
        painter.setFont(_font(15, True))
        painter.drawText(QRectF(12, 4, 300, 22), Qt.AlignmentFlag.AlignVCenter, _tr("Month track"))
        month_w = (r.width() - 20) / WORKERS
        summer = self.session.match.game.state.season == "summer"
        for month in range(WORKERS):
            box = QRectF(10 + month * month_w + 3, 30, month_w - 6, r.height() - 36)
            painter.setPen(QPen(QColor("#b8a77f"), 1))
            painter.setBrush(style.SUMMER_LIGHT if summer else style.WINTER_LIGHT)
            painter.drawRoundedRect(box, 6, 6)
            painter.setPen(style.MUTED_INK)
            painter.setFont(_font(11))
            painter.drawText(box.adjusted(6, 1, 0, 0), Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft,
                             _tr("Month {n}").format(n=month + 1))


class MonthMarks(Layer):
    """Who places a Worker next and the empty slots of the Workers placed, over the month track."""

    def __init__(self, track: MonthTrackItem) -> None:
        super().__init__(track)
        self.track = track

    def look(self) -> object:
        session = self.track.session
        s = session.match.game.state
        nxt = self.track.board.next_placer()
        return s.phase, s.start_player, s.solo, len(s.placements), nxt, session.match.player_name(nxt)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        track = self.track
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = track.local()
        s = track.session.match.game.state
        nxt = track.board.next_placer()
        painter.setPen(style.INK)
        painter.setFont(_font(13.5, nxt is not None))
        if nxt is not None:
            text = _tr("Next to place a Worker: {name}").format(name=track.session.match.player_name(nxt))
        elif s.phase is Phase.OVER:
            text = _tr("The game is over")
        else:
            text = _tr("All Workers placed")
        room = r.width() - 172  # (after the track's name)
        right = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight
        painter.drawText(QRectF(160, 4, room, 22), right, _elide(painter, text, room))
        # empty slots (Workers already on spaces)
        slots = track.slots()
        placed = len(slots) - len(s.placements) if s.phase is Phase.WORK else len(slots)
        for i, (player, centre) in enumerate(slots):
            if i < placed:
                c = centre - track.rect.topLeft()
                rr = QRectF(c.x() - 15, c.y() - 15, 30, 30)
                painter.setPen(QPen(QColor(0, 0, 0, 50), 1.2, Qt.PenStyle.DashLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPath(style.shape_path(style.player_shape(player), rr))


# -- half-year track, start player ---------------


class HeaderItem(BoardItem):
    """Half-year track (9 half-years, summer sun / winter snowflake), phase and starting player.
    What happens now (the half-year and its phase) is a layer of its own (``HeaderText``): the
    phase changes two or three times a half-year. So is the box of the half-year now
    (``HeaderNow``), drawn over its plain box, and the pictures on the boxes, which never change
    (``HeaderIcons``): the whole header, its pictures drawn as vectors, was drawn again at each
    half-year; now only its current box is."""

    #: The track's left edge and the width of a half-year's box (4 apart).
    TRACK_X, CELL = 12.0, 50.0
    #: Where the words on what happens now begin (after the track's nine boxes).
    TEXT_X = TRACK_X + HALF_YEARS * (CELL + 4) + 10
    #: The track's row; under it, a narrow header's words (``stacked``).
    ROW_H, WORDS_H = 74.0, 70.0
    #: From this width the words fit beside the track (their 420 and the starting player's 190).
    ONE_ROW_FROM = TEXT_X + 420 + 8 + 190

    @classmethod
    def height_at(cls, width: float) -> float:
        """The header's height at ``width``: the words under the track when they do not fit
        beside it (a narrow game board, whose header lies over its centre only)."""
        return cls.ROW_H if width >= cls.ONE_ROW_FROM else cls.ROW_H + cls.WORDS_H

    def stacked(self) -> bool:
        return self.rect.width() < self.ONE_ROW_FROM

    def text_origin(self) -> QPointF:
        """Where the words on what happens now begin: beside the track, or under it."""
        return QPointF(self.TRACK_X, self.ROW_H) if self.stacked() else QPointF(self.TEXT_X, 0)

    def __init__(self, board: Board, rect: QRectF) -> None:
        super().__init__(board, rect)
        self.text = HeaderText(self)
        self.now = HeaderNow(self)
        self.icons = HeaderIcons(self)  # (over the box of the half-year now)

    def box(self, half_year: int) -> QRectF:
        """The track's box of ``half_year`` (1-9)."""
        return QRectF(self.TRACK_X + (half_year - 1) * (self.CELL + 4), 28, self.CELL, self.CELL - 8)

    def start_x(self) -> float:
        """Where the starting player's part begins (closer to the end on a narrow board)."""
        return self.rect.width() - (250 if self.rect.width() >= 1300 else 190)

    def text_width(self) -> float:
        """The width of the words on what happens now, up to the starting player's part (under
        the track: the header's width)."""
        if self.stacked():
            return self.rect.width() - 2 * self.TRACK_X
        return min(420.0, self.start_x() - self.TEXT_X - 8)

    def refresh_look(self) -> None:
        super().refresh_look()
        self.text.refresh_look()
        self.now.refresh_look()

    def paint_box(self, painter: QPainter, half_year: int, current: bool) -> None:
        """The track's box of ``half_year``, as the half-year now (``current``) or not."""
        box = self.box(half_year)
        summer = half_year % 2 == 1
        painter.setPen(QPen(QColor("#5b6b5e") if current else QColor("#b5b1a4"), 2.5 if current else 1))
        painter.setBrush(style.SUMMER if summer and current else style.WINTER if current
                         else style.SUMMER_LIGHT if summer else style.WINTER_LIGHT)
        painter.drawRoundedRect(box, 6, 6)
        painter.setPen(style.INK)
        painter.setFont(_font(14, current))
        painter.drawText(QRectF(box.x() + 28, box.y(), 20, box.height()), Qt.AlignmentFlag.AlignCenter,
                         str(half_year))
        if current:
            painter.setPen(QPen(style.INK, 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(box.adjusted(-3, -3, 3, 3), 8, 8)

    def draw(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        s = self.session.match.game.state
        r = self.local()
        painter.setPen(QPen(QColor("#8a7b5a"), 1.4))
        painter.setBrush(QColor("#fbf7ea"))
        painter.drawRoundedRect(r, 9, 9)
        painter.setPen(style.INK)
        painter.setFont(_font(15, True))
        painter.drawText(QRectF(12, 2, 170, 24), Qt.AlignmentFlag.AlignVCenter, _tr("Half-year track"))
        for h in range(1, HALF_YEARS + 1):
            self.paint_box(painter, h, False)  # (the half-year now: ``HeaderNow`` over it)
        # starting player
        sx = self.start_x()
        painter.setFont(_font(12))
        painter.setPen(style.MUTED_INK)
        room = self.rect.width() - sx - 64
        painter.drawText(QRectF(sx + 58, 8, room, 20), Qt.AlignmentFlag.AlignVCenter,
                         _elide(painter, _tr("Starting player"), room))
        sp = s.start_player
        style.paint_piece(painter, QRectF(sx + 58, 34, 24, 24), style.player_shape(sp),
                          style.player_color(self.session, sp))
        painter.setPen(style.INK)
        painter.setFont(_font(15, True))
        painter.drawText(QRectF(sx + 88, 30, room - 30, 30), Qt.AlignmentFlag.AlignVCenter,
                         _elide(painter, self.session.match.player_name(sp), room - 35))

    def look(self) -> object:
        s = self.session.match.game.state
        return s.start_player, self.session.match.player_name(s.start_player)


class HeaderNow(Layer):
    """The box of the half-year now on the track, over its plain box (see ``HeaderItem``)."""

    def __init__(self, header: HeaderItem) -> None:
        super().__init__(header)
        self.header = header
        self._bounds = QRectF()  # (the box now and its ring: a picture of the whole header
        # would take 0.25 MB of the boards' picture cache)

    def look(self) -> int | None:
        """The half-year now, None past the track (after the last one)."""
        half_year = self.header.session.match.game.state.half_year
        return half_year if 1 <= half_year <= HALF_YEARS else None

    def refresh_look(self) -> None:
        half_year = self.look()
        if half_year != self._look:
            self.prepareGeometryChange()
            ring = 5.0  # (the ring around the box)
            self._bounds = QRectF() if half_year is None else \
                self.header.box(half_year).adjusted(-ring, -ring, ring, ring)
        super().refresh_look()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        half_year = self.look()
        if half_year is not None:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            self.header.paint_box(painter, half_year, True)


class HeaderIcons(Layer):
    """The pictures of the header (a sun or a snowflake on each half-year's box, the starting
    player's mark): drawn once (see ``HeaderItem``)."""

    def __init__(self, header: HeaderItem) -> None:
        super().__init__(header)
        self.header = header

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        for h in range(1, HALF_YEARS + 1):
            box = self.header.box(h)
            svg(painter, "sun" if h % 2 == 1 else "snowflake", QRectF(box.x() + 4, box.y() + 6, 26, 26))
        svg(painter, "start_player", QRectF(self.header.start_x(), 10, 52, 52))


class HeaderText(Layer):
    """The half-year and what happens in it now, over the header (see ``HeaderItem``)."""

    def __init__(self, header: HeaderItem) -> None:
        super().__init__(header)
        self.header = header

    def look(self) -> object:
        s = self.header.session.match.game.state
        return s.half_year, s.season, s.phase

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        s = self.header.session.match.game.state
        origin = self.header.text_origin()
        tx, ty = origin.x(), origin.y()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(style.INK)
        painter.setFont(_font(17, True))
        title = _tr("Half-year {n} of {total}: {season}").format(
            n=s.half_year, total=HALF_YEARS, season=style.season_name(s.season))
        width = self.header.text_width()
        painter.drawText(QRectF(tx, ty + 4, width, 26), Qt.AlignmentFlag.AlignVCenter,
                         _elide(painter, title, width))
        painter.setFont(_font(13))
        box, flags = QRectF(tx, ty + 32, width, 40), Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap
        if painter.boundingRect(box, flags, self._phase_text()).height() > box.height():
            painter.setFont(_font(11.5))  # (two lines, not cut, in a narrow header)
        painter.drawText(box, flags, self._phase_text())

    def _phase_text(self) -> str:
        s = self.header.session.match.game.state
        inventory = _tr("then the November inventory") if s.season == "summer" else \
            _tr("then the May inventory")
        if s.phase is Phase.WORK:
            return _tr("Work phase: placing Workers, {then}.").format(then=inventory)
        if s.phase is Phase.FINAL_TURNS:
            return _tr("Last turns of the work phase, {then}.").format(then=inventory)
        if s.phase is Phase.INVENTORY:
            return _tr("Inventory.")
        if s.phase is Phase.LAST_TRADE:
            return _tr("Last trades before the final scoring.")
        return _tr("The game is over.")


class SeasonLabel(BoardItem):
    """The heading of the other season's action spaces, below the rest of a narrow game board
    (``BoardScene.lay_out``): its sun or snowflake and "Winter action spaces"."""

    def __init__(self, board: Board, rect: QRectF) -> None:
        super().__init__(board, rect)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def season(self) -> str:
        return "winter" if self.session.match.game.state.season == "summer" else "summer"

    def look(self) -> object:
        return self.season()

    def draw(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        h = self.rect.height()
        svg(painter, "sun" if self.season() == "summer" else "snowflake", QRectF(4, 2, h - 4, h - 4))
        painter.setPen(style.INK)
        painter.setFont(_font(15, True))
        text = _tr("{season} action spaces").format(season=style.season_name(self.season()))
        painter.drawText(QRectF(h + 6, 0, self.rect.width() - h - 6, h), Qt.AlignmentFlag.AlignVCenter,
                         _elide(painter, text, self.rect.width() - h - 6))


# -- tool tracks ---------------


class ToolTrackItem(BoardItem):
    """One Tool Track with each player's indicator (circle / square). Click to advance (Master)."""

    GLOW_RADIUS = 5.0

    def __init__(self, board: Board, tool: Tool, rect: QRectF) -> None:
        super().__init__(board, rect)
        self.tool = tool
        self.track = TOOL_TRACKS[tool]
        cost = style.bundle_text(self.track.cost)
        steps = ", ".join(
            _tr("{n} ({vp} VP)").format(n=c, vp=v) if v else str(c)
            for c, v in zip(self.track.counts, self.track.vps, strict=True)
        )
        self.setToolTip(_tr("<b>{name}</b><br>Tools per space: {steps}<br>Each step costs {cost} "
                            "(Master action spaces, Workshop).").format(
            name=say(noun(self.track.name)), steps=steps, cost=cost))

    def look(self) -> object:
        return tuple(p.tools[self.tool] for p in self.session.match.game.state.players)

    def cell_rect(self, position: int) -> QRectF:
        return QRectF(178 + position * 88, 2, 84, self.rect.height() - 4)

    def draw(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.local()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#f7f1df"))
        painter.drawRoundedRect(r, 5, 5)
        painter.setPen(style.INK)
        painter.setFont(_font(14, True))
        painter.drawText(QRectF(8, 0, 168, r.height()), Qt.AlignmentFlag.AlignVCenter,
                         say(noun(self.track.name)))
        players = self.session.match.game.state.players
        for pos, (count, vp) in enumerate(zip(self.track.counts, self.track.vps, strict=True)):
            cell = self.cell_rect(pos)
            painter.setPen(QPen(QColor("#b8a77f"), 1))
            painter.setBrush(QColor("#fffaf0") if not vp else QColor("#fdeec0"))
            painter.drawRoundedRect(cell, 5, 5)
            painter.setPen(style.INK)
            painter.setFont(_font(15, True))
            painter.drawText(QRectF(cell.x() + 4, cell.y(), 26, cell.height()), Qt.AlignmentFlag.AlignVCenter,
                             str(count))
            if vp:
                painter.setFont(_font(10.5))
                painter.setPen(QColor("#7a5200"))
                painter.drawText(QRectF(cell.x() + 2, cell.y() + 1, cell.width() - 4, 12),
                                 Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
                                 _tr("{vp} VP").format(vp=vp))
            on_cell = [p.index for p in players if p.tools[self.tool] == pos]
            for k, idx in enumerate(on_cell):
                size = cell.height() - 12
                pr = QRectF(cell.x() + 28 + k * (size + 3), cell.bottom() - size - 3, size, size)
                style.paint_piece(painter, pr, style.player_shape(idx), style.player_color(self.session, idx))
        painter.setPen(style.MUTED_INK)
        painter.setFont(_font(11.5))
        cx = self.cell_rect(5).x() + 4
        painter.drawText(QRectF(cx, 0, r.width() - cx - 6, r.height()),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                         _tr("step: {cost}").format(cost=style.bundle_text(self.track.cost)))


# -- buildings ---------------


class BuildingItem(BoardItem):
    """A building in play: colour, name, cost and VP; built ones show their owner's piece."""

    GLOW_RADIUS = 6.0

    def __init__(self, board: Board, building: str, rect: QRectF) -> None:
        super().__init__(board, rect)
        self.building = building
        self.info = BUILDINGS[building]
        self.cost_picture = pictures.cost_picture(self.info.cost)
        self.setToolTip(_tr("<b>{name}</b> ({vp} VP)<br>Cost: {cost}<br>{text}").format(
            name=say(noun(self.info.name)), vp=self.info.vp, cost=self._cost_text(),
            text=say(noun(self.info.text))))

    def look(self) -> object:
        owner = self.owner()
        return owner, self.session.match.player_name(owner)

    def owner(self) -> int | None:
        for p in self.session.match.game.state.players:
            if self.building in p.buildings:
                return p.index
        return None

    def draw(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.local()
        owner = self.owner()
        band = QColor(style.BUILDING_COLORS.get(str(self.info.color), "#cccccc"))
        painter.setOpacity(0.55 if owner is not None else 1.0)
        painter.setPen(QPen(QColor("#7d725a"), 1.2))
        painter.setBrush(QColor("#fffaf0"))
        painter.drawRoundedRect(r, 6, 6)
        path = QPainterPath()
        path.addRoundedRect(QRectF(0, 0, r.width(), 24), 6, 6)
        path.addRect(QRectF(0, 12, r.width(), 12))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(band)
        painter.drawPath(path.simplified())
        painter.setPen(style.INK)
        name = say(noun(self.info.name))
        painter.setFont(_font(12.5, True))
        if painter.fontMetrics().horizontalAdvance(name) > r.width() - 10:  # two lines, not cut
            painter.setFont(_font(11, True))
        painter.drawText(QRectF(6, 0, r.width() - 10, 24),
                         Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap, name)
        # VP badge, bottom right
        badge = QRectF(r.width() - 40, r.height() - 24, 36, 20)
        painter.setBrush(QColor("#fff3c4"))
        painter.setPen(QPen(QColor("#7a5200"), 1))
        painter.drawRoundedRect(badge, 9, 9)
        painter.setPen(QColor("#5a3c00"))
        painter.setFont(_font(11.5, True))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, _tr("{vp} VP").format(vp=self.info.vp))
        # the cost in the goods' own icons (in words in the tooltip)
        pictures.paint(painter, self.cost_picture, QRectF(6, 27, r.width() - 12, r.height() - 53),
                       size=16, px=12, gap=2)
        painter.setOpacity(1.0)
        if owner is not None:
            style.paint_piece(painter, QRectF(6, r.height() - 24, 20, 20),
                              style.player_shape(owner), style.player_color(self.session, owner))
            painter.setPen(style.INK)
            painter.setFont(_font(11, True))
            painter.drawText(QRectF(30, r.height() - 24, r.width() - 74, 20), Qt.AlignmentFlag.AlignVCenter,
                             _elide(painter, self.session.match.player_name(owner), r.width() - 74))

    def _cost_text(self) -> str:
        return style.cost_text(self.info.cost)


# -- the scene ---------------
