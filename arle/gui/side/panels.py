"""Plain-widget panels beside the boards: whose turn it is, the pending decision's buttons, each
player's supply and live score, and the game log.

The decision panel offers, as buttons, the options that are not a drag: Choose, Pay, Done,
EndTurn and SkipPlacement, with a sensible default preselected (Enter takes it). Every other legal
move is also reachable from its "More actions" menu, grouped by kind, so the whole game can be
played from the keyboard; the boards' drags remain the natural way.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    QRect,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QColor, QIcon, QPainter, QPaintEvent, QPen, QPixmap, QRegion, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from arle.engine import (
    AdvanceTool,
    Choose,
    CutPeat,
    Done,
    EndTurn,
    Event,
    Flip,
    Good,
    HouseAnimalsDecision,
    Load,
    MoveAnimal,
    MoveDike,
    Pay,
    Phase,
    PlaceTile,
    PlaceWorker,
    ReleaseAnimal,
    ReplaceFieldsDecision,
    ReturnEquipment,
    SkipPlacement,
    TradePeat,
    UseBuilding,
)
from arle.gui.kit import style
from arle.gui.kit.looks import PicturedButton, PicturedToolButton, keep_picture, used_picture
from arle.gui.kit.texts import language, say
from arle.gui.kit.wrapped_text import WrappedText
from arle.match import words
from arle.resources import resource_path

if TYPE_CHECKING:
    from arle.engine import Move
    from arle.gui.session import GameSession
    from arle.match import LogEntry

#: Move kinds the decision panel shows as buttons.
BUTTON_MOVES = (Choose, Pay, Done, EndTurn, SkipPlacement)


def _tr(text: str) -> str:
    return QCoreApplication.translate("Panels", text)


_ICONS: dict[tuple[str, int], QPixmap | None] = {}


def goods_icon(good: str, size: int = 18) -> QPixmap | None:
    """The goods/animal art (``resources/goods``, ``resources/animals``) as a small pixmap
    (rendered once: every player panel shows the same 24 pictures)."""
    key = (good, size)
    if key not in _ICONS:
        _ICONS[key] = None
        for folder in ("goods", "animals"):
            path = resource_path(f"{folder}/{good}.svg")
            if path.is_file():
                _ICONS[key] = QIcon(str(path)).pixmap(QSize(size, size))
                break
    return _ICONS[key]


# -- whose turn ------------------------------------------------------------------------------------------


class TurnBanner(QFrame):
    """Always visible: whose turn it is (piece, name, colour) and what is being decided."""

    #: The width of the border in the acting player's colour (px).
    BORDER = 3

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._color = ""
        self.setObjectName("turnBanner")
        self.setContentsMargins(*[self.BORDER] * 4)  # (the border's room)
        self.piece = QLabel()
        self.title = WrappedText()
        self.title.setObjectName("turnTitle")
        # Two lines' room always: a prompt that wraps does not push the buttons down (issue 50 item 14).
        self.prompt = WrappedText(lines=2)
        self.prompt.setObjectName("turnPrompt")
        top = QHBoxLayout()
        top.addWidget(self.piece)
        top.addWidget(self.title, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        lay.addLayout(top)
        lay.addWidget(self.prompt)
        session.changed.connect(self.refresh)
        session.reset.connect(self.refresh)
        self.refresh()

    def refresh(self, *_: Any) -> None:
        g = self.session.match.game
        actor = g.actor
        self._frame(-1 if actor is None else actor)
        if actor is None:
            self.piece.clear()
            self.title.setText(_tr("Game over"))
            self.prompt.setText(_tr("See the final scoring."))
            return
        color = style.player_color(self.session, actor)
        self.piece.setPixmap(style.piece_pixmap(style.player_shape(actor), color, 26))
        name = self.session.match.player_name(actor)
        self.title.setText(_tr("{name}'s turn").format(name=name, of_name=style.of_name(name)))
        self.prompt.setText(say(g.prompt()))

    def _frame(self, actor: int) -> None:
        """Frame and background in the acting player's colour, painted (``paintEvent``): a
        style sheet rule per player, flipped by a property, re-polished the banner each time the
        turn passed."""
        color = style.player_color(self.session, actor).name() if actor >= 0 else ""
        if color != self._color:
            self._color = color
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._color:
            color = QColor(self._color)
            paint_frame(self, color, self.BORDER, color.lighter(185))


# -- decisions -------------------------------------------------------------------------------------------


def drag_hint(session: GameSession) -> str:
    """What the player can drag now, in words (shown above the buttons)."""
    legal = session.match.legal_moves()
    kinds = {type(m) for m in legal}
    d = session.match.game.decision
    hints = []
    if PlaceWorker in kinds:
        hints.append(_tr("Drag your next Worker from the month track onto a glowing action space "
                         "(or click the space)."))
    if PlaceTile in kinds and isinstance(d, ReplaceFieldsDecision):  # (the Farmer's Inn)
        hints.append(_tr("Drag a Forest onto one of your glowing Fields (up to {n} more), or press Done.")
                     .format(n=d.remaining))
    elif PlaceTile in kinds:
        hints.append(_tr("Drag the tile onto a glowing empty land space of your Home Board."))
    if MoveDike in kinds:
        hints.append(_tr("Drag a bottom Dike up to a glowing free position."))
    if CutPeat in kinds:
        hints.append(_tr("Drag Peat off the Small Boardwalk or a dehydrated Moor (or click it)."))
    if isinstance(d, HouseAnimalsDecision):
        hints.append(_tr("Drag the waiting Animals to a free place, or release some."))
    if AdvanceTool in kinds:
        hints.append(_tr("Click a glowing Tool Track on the game board to advance it."))
    if Flip in kinds and d is not None and Flip in d.answers:
        hints.append(_tr("Click a glowing tile to flip it."))
    if Load in kinds and session.match.game.state.phase is Phase.FINAL_TURNS:
        hints.append(_tr("Last chance this half-year to load your vehicles (Storage board)."))
    return " ".join(hints)


def default_move(moves: Sequence[Move]) -> Move | None:
    """The preselected button: the first real choice, else Done/EndTurn; never SkipPlacement."""
    for kind in (Pay, Choose, EndTurn, Done):
        for m in moves:
            if isinstance(m, kind):
                return m
    return None


#: The widest a decision button's line is sure to fit (px): wider than that and than the panel's
#: room, it goes on two lines. The side panel is
#: 340 px at its narrowest; a long French label ("Atelier du charpentier (1 PV) : 1 matériau de
#: construction...") made the button wider than the panel, cut at its edge.
BUTTON_TEXT_WIDTH = 280
#: The narrowest a decision button may be made (px): its lines follow the panel's width.
BUTTON_MIN_WIDTH = 120


def wrapped(text: str, advance: Callable[[str], int], width: int) -> str:
    """``text`` broken into lines of at most ``width`` px (by ``advance``) at spaces; a word
    longer than a line stays whole."""
    if advance(text) <= width:
        return text
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and advance(candidate) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    lines.append(line)
    return "\n".join(lines)


class DecisionPanel(QFrame):
    """Buttons for the pending decision's non-drag options; "More actions" for everything else."""

    #: Emitted with a view name ("board", "home", "storage") when a hint button asks for it.
    showView = Signal(str)

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("decisionPanel")
        self.buttons: list[QPushButton] = []
        self.button_moves: dict[QPushButton, Move] = {}
        #: Buttons made for each role (``_button``), and those the box shows, in its order.
        self._pools: dict[str, list[QPushButton]] = {}
        self._shown: list[QPushButton] = []
        self.hint = WrappedText()
        self.hint.setObjectName("hint")
        self.box = QVBoxLayout()
        self.box.setSpacing(4)
        self.more = PicturedToolButton()
        self.more.setText(_tr("More actions"))
        self.more.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.more.setToolTip(_tr("Every other move possible now, also the ones made by dragging."))
        self.more_menu = QMenu(self.more)
        self.more_menu.aboutToShow.connect(self._ensure_more)
        self.more.setMenu(self.more_menu)
        self._more_moves: list[Move] = []
        self._more_stale = False
        #: Ask before End turn (the play setting, given by ``ShownGame.apply``).
        self.confirm_end_turn = False
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        title = QLabel(_tr("Decision"))
        title.setObjectName("sectionTitle")
        #: The title's row, with "More actions" and the coach's Hint (``add_corner``) at its right:
        #: rows of their own under the buttons took the players' supply's room at 1280x720.
        self.title_row = QHBoxLayout()
        self.title_row.addWidget(title)
        self.title_row.addStretch(1)
        self.title_row.addWidget(self.more)
        lay.addLayout(self.title_row)
        # The buttons right under the title, the hint under them: a hint of one line more or less
        # moved every button of the next decision under the mouse (issue 43).
        lay.addLayout(self.box)
        lay.addWidget(self.hint)
        lay.addStretch(1)  # (room the side panel keeps for taller decisions stays under the buttons)
        session.changed.connect(self.refresh)
        session.reset.connect(self.refresh)
        self.refresh()

    def add_corner(self, widget: QWidget) -> None:
        """Show ``widget`` in the panel's title row, before "More actions" (the coach's Hint)."""
        self.title_row.insertWidget(self.title_row.count() - 1, widget)

    def refresh(self, *_: Any) -> None:
        g = self.session.match.game
        self.setEnabled(not self.session.match.computer_turn)  # a person waits for the computer's move
        legal = self.session.match.legal_moves()
        hint = drag_hint(self.session)
        if hint != self.hint.text():
            self.hint.setText(hint)
        self.hint.setVisible(bool(hint))
        shown = [m for m in legal if isinstance(m, BUTTON_MOVES)]
        default = default_move(shown)
        self.buttons = []
        self.button_moves = {}
        used: dict[str, int] = {}
        for move in shown:
            role = "choiceButton"
            if move == default:
                role = "defaultButton"
            elif isinstance(move, SkipPlacement):
                role = "skipButton"
            button = self._button(role, used.get(role, 0), style.move_label(g, move))
            used[role] = used.get(role, 0) + 1
            self.buttons.append(button)
            self.button_moves[button] = move
        self._show_buttons(self.buttons)
        for b in self.buttons:
            if self.button_moves[b] == default:
                b.setFocus()
        self._more_moves = [m for m in legal if not isinstance(m, BUTTON_MOVES)]
        self._more_stale = True
        self.more.setEnabled(bool(self._more_moves))

    def _button(self, role: str, index: int, text: str) -> QPushButton:
        """The ``index``-th button of ``role`` (its style: the default, a choice, Skip), reused
        from earlier decisions: a button made on every move costs more (polish, layout, first
        paint) than a new text, and one given another role was styled again."""
        pool = self._pools.setdefault(role, [])
        if index == len(pool):
            button: QPushButton = PicturedButton()
            button.setObjectName(role)
            button.setDefault(role == "defaultButton")
            button.setAutoDefault(role == "defaultButton")
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            # Its words are wrapped to the panel's width (``resizeEvent``), so they do not set it:
            # a label wider than the side panel made the panel wider than its scroll area.
            button.setMinimumWidth(BUTTON_MIN_WIDTH)
            button.clicked.connect(lambda _=False, b=button: self._play(b))
            button.hide()
            self.box.addWidget(button)
            pool.append(button)
        button = pool[index]
        self._wrap(button, text)
        return button

    def _wrap(self, button: QPushButton, text: str) -> None:
        """Put ``text`` on ``button`` in lines as wide as the panel leaves room for."""
        # (the panel's margins, 2 x 8, and a button's border and padding, 2 x 7, with 2 to spare)
        room = max(BUTTON_TEXT_WIDTH, self.contentsRect().width() - 32)
        if button.property("wrapped") != (text, room):  # (most moves show the same words again)
            button.setProperty("wrapped", (text, room))
            button.ensurePolished()  # (measured in its role's font: the default button's is bold)
            lines = wrapped(text, button.fontMetrics().horizontalAdvance, room)
            if button.text() != lines:
                button.setText(lines)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The buttons' lines follow the panel's width (issue 43: a game opened before the side
        panel had its width kept one-line labels wider than the panel, cut at its edge)."""
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            for button in self._shown:
                said = button.property("wrapped")
                if said:
                    self._wrap(button, said[0])

    def _show_buttons(self, buttons: list[QPushButton]) -> None:
        """Show ``buttons`` in this order (in the box and for Tab), hide the others."""
        if buttons != self._shown:
            for b in self._shown:
                if b not in buttons:
                    b.hide()
            for i, b in enumerate(buttons):
                if self.box.indexOf(b) != i:
                    self.box.removeWidget(b)
                    self.box.insertWidget(i, b)
            self._shown = buttons
        for b in buttons:
            if b.isHidden():
                b.show()
        for before, after in itertools.pairwise([*buttons, self.more]):
            if before.nextInFocusChain() is not after:  # (made, moved, or the panel put in its scroll)
                QWidget.setTabOrder(before, after)

    def _play(self, button: QPushButton) -> None:
        move = self.button_moves.get(button)
        if move is not None and (not isinstance(move, EndTurn) or self._end_turn_agreed()):
            self.session.try_apply(move)

    def _end_turn_agreed(self) -> bool:
        """With "confirm the end of a turn" on (Settings), ask before End turn."""
        if not self.confirm_end_turn:
            return True
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self.window(), _tr("End your turn?"),
            _tr("End your turn now? (Settings can turn this question off.)"),
            buttons.Yes | buttons.Cancel, buttons.Yes)
        return answer == buttons.Yes

    def _ensure_more(self) -> None:
        """Fill "More actions" when it is opened (or asked), not after every move: putting tens
        of moves in words costs more than the rest of the panel."""
        if self._more_stale:
            self._more_stale = False
            self._fill_more(self._more_moves)

    def _fill_more(self, moves: list[Move]) -> None:
        self.more_menu.clear()
        groups: dict[str, list[Move]] = {}
        for m in moves:
            groups.setdefault(_group_name(m), []).append(m)
        g = self.session.match.game
        for name, group in groups.items():
            menu = self.more_menu.addMenu(name) if len(group) > 1 else self.more_menu
            for m in group:
                action = QAction(style.move_label(g, m), menu)
                action.triggered.connect(lambda _=False, mv=m: self.session.try_apply(mv))
                menu.addAction(action)
        self.more.setEnabled(bool(moves))

    def button_for(self, move: Move) -> QPushButton | None:
        """The button that plays ``move`` (tests, keyboard shortcuts)."""
        for b, m in self.button_moves.items():
            if m == move:
                return b
        return None

    def more_action_for(self, move: Move) -> QAction | None:
        self._ensure_more()
        g = self.session.match.game
        label = style.move_label(g, move)
        for action in _all_actions(self.more_menu):
            if action.text() == label:
                return action
        return None


def _all_actions(menu: QMenu) -> list[QAction]:
    found = []
    for a in menu.actions():
        sub = a.menu()  # (QObject, as PySide6 types it: an action's menu is a QMenu)
        if isinstance(sub, QMenu):
            found += _all_actions(sub)
        else:
            found.append(a)
    return found


def _group_name(m: Move) -> str:
    return {
        PlaceWorker: _tr("Place a Worker"),
        PlaceTile: _tr("Place the tile"),
        MoveDike: _tr("Move a Dike"),
        CutPeat: _tr("Cut Peat"),
        MoveAnimal: _tr("Move an Animal"),
        ReleaseAnimal: _tr("Release an Animal"),
        ReturnEquipment: _tr("Return Equipment"),
        TradePeat: _tr("Peat Boat trade"),
        UseBuilding: _tr("Use a building"),
        Load: _tr("Load a vehicle"),
        Flip: _tr("Flip a tile"),
        AdvanceTool: _tr("Advance a tool"),
    }.get(type(m), _tr("Other"))


# -- players -----------------------------------------------------------------------------------------------

SUPPLY_GOODS: tuple[Good, ...] = (
    Good.WOOD, Good.CLAY, Good.TIMBER, Good.BRICK, Good.PEAT,
    Good.LINEN, Good.WOOLEN, Good.LEATHER, Good.SUMMER_WEAR, Good.WINTER_WEAR, Good.LEATHER_WEAR,
)
TRACK_GOODS: tuple[Good, ...] = (Good.FOOD, Good.GRAIN, Good.FLAX, Good.WOOL, Good.HIDE)


def paint_frame(widget: QWidget, color: QColor, width: float, fill: QColor | None = None,
                radius: float = 8) -> None:
    """A rounded border ``width`` wide along ``widget``'s edges (its outer edge on them,
    ``radius`` round), over ``fill`` if given: the turn banner's and the player panels' frames,
    painted where style sheet rules drew them arc by arc and a rule flipped by a property
    re-polished the widget each time the turn passed.

    Painted from a picture of a small frame, its corners as they are and its edges stretched
    (``_frame_picture``): stroking the whole rounded outline anew, at each paint of the banner
    under a new prompt, was a few percent of a move."""
    ratio = widget.devicePixelRatioF()
    picture, m = _frame_picture(color, width, fill, radius, ratio)
    w, h = widget.width(), widget.height()
    painter = QPainter(widget)
    # (too small to hold the corners; or a fractional scale, where the edges' antialiasing depends
    # on where the widget lies on the device's pixels)
    if w <= 2 * m or h <= 2 * m or ratio != int(ratio):
        _draw_frame(painter, QRectF(widget.rect()), color, width, fill, radius)
        painter.end()
        return

    def part(x: float, y: float, pw: float, ph: float, sx: int, sy: int, sw: int, sh: int) -> None:
        source = QRectF(sx * ratio, sy * ratio, sw * ratio, sh * ratio)
        painter.drawPixmap(QRectF(x, y, pw, ph), picture, source)

    far_x, far_y, mid_w, mid_h = w - m, h - m, w - 2 * m, h - 2 * m
    part(0, 0, m, m, 0, 0, m, m)
    part(far_x, 0, m, m, m + 1, 0, m, m)
    part(0, far_y, m, m, 0, m + 1, m, m)
    part(far_x, far_y, m, m, m + 1, m + 1, m, m)
    part(m, 0, mid_w, m, m, 0, 1, m)
    part(m, far_y, mid_w, m, m, m + 1, 1, m)
    part(0, m, m, mid_h, 0, m, m, 1)
    part(far_x, m, m, mid_h, m + 1, m, m, 1)
    if fill is not None:
        painter.fillRect(QRect(m, m, mid_w, mid_h), fill)
    painter.end()


def _draw_frame(painter: QPainter, rect: QRectF, color: QColor, width: float, fill: QColor | None,
                radius: float) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(color, width))
    painter.setBrush(fill if fill is not None else Qt.BrushStyle.NoBrush)
    half = width / 2  # (the pen's middle)
    painter.drawRoundedRect(rect.adjusted(half, half, -half, -half), radius - half, radius - half)


#: The frames' pictures by colour, fill, width, radius and pixel ratio (a few: grey, the players'
#: colours, the banner's).
_FRAMES: dict[Hashable, QPixmap] = {}


def _frame_picture(color: QColor, width: float, fill: QColor | None, radius: float,
                   ratio: float) -> tuple[QPixmap, int]:
    """A frame ``2m + 1`` wide and high and ``m``, the width of its corners: its middle row and
    column are the edges' profile."""
    m = math.ceil(max(radius, width)) + 1
    key = (color.rgba(), fill.rgba() if fill is not None else None, width, radius, ratio)
    picture = used_picture(_FRAMES, key)
    if picture is None:
        side = 2 * m + 1
        picture = QPixmap(round(side * ratio), round(side * ratio))
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        _draw_frame(painter, QRectF(0, 0, side, side), color, width, fill, radius)
        painter.end()
        keep_picture(_FRAMES, key, picture, 32)
    return picture, m


def frame_ring(rect: QRect, width: int) -> QRegion:
    """The band along the edges of ``rect``: where a frame's border is painted."""
    return QRegion(rect) - QRegion(rect.adjusted(width, width, -width, -width))


# -- game log ------------------------------------------------------------------------------------------------


def event_words(event: Event) -> str | None:
    """A short phrase for an event worth logging ("+3 Peat"), in the window's language
    (``arle.match.words``); None to skip it."""
    return words.event_words(event, language())


def entry_text(session: GameSession, entry: LogEntry, index: int | None = None) -> str:
    """The move in words with what it did, one line per player it touched (``arle.match.words``);
    ``index``: where ``entry`` is in the log, when the caller knows (else it is looked for)."""
    from arle.gui.side.inventory_summary import index_of

    names = [p.name for p in session.match.game.state.players]
    at = index if index is not None else index_of(session, entry)
    return words.entry_text(session.match.log, at, names, language())
