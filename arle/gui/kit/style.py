"""How the game looks and what things are called: player colours and shapes, palette, names.

Player colours come from the Okabe-Ito palette (safe for the common kinds of colour blindness),
and every player also has a *shape*: player 1's Workers and markers are circles, player 2's are
squares, so colour is never the only cue. The names of things are said by ``arle.match.words``
(without Qt) in the window's language; the functions below pass it on.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap

from arle.files.catalogues import N_

if TYPE_CHECKING:
    from arle.engine import Game, Language, Move

# -- players ---------------------------------------------------------------------------------------

#: Okabe-Ito colours a player may pick, (hex, name). The first two are the defaults.
PALETTE: tuple[tuple[str, str], ...] = (
    ("#E69F00", N_("Orange")),
    ("#0072B2", N_("Blue")),
    ("#009E73", N_("Bluish green")),
    ("#CC79A7", N_("Reddish purple")),
    ("#D55E00", N_("Vermilion")),
    ("#56B4E9", N_("Sky blue")),
)
DEFAULT_COLORS: tuple[str, str] = (PALETTE[0][0], PALETTE[1][0])
#: One shape per player seat: colour is never the only cue.
SHAPES: tuple[str, str] = ("circle", "square")


def player_color(session: Any, index: int) -> QColor:
    """The colour chosen for player ``index`` in this session's match (defaults: orange, blue);
    ``session``: a ``GameSession``, or anything without a match (the defaults)."""
    match = getattr(session, "match", None)
    colors = getattr(match, "colors", None) or DEFAULT_COLORS
    return QColor(colors[index % len(colors)])


def player_shape(index: int) -> str:
    return SHAPES[index % len(SHAPES)]


def shape_path(shape: str, rect: QRectF) -> QPainterPath:
    """Outline of a player's piece inside ``rect``: a circle or a (slightly rounded) square."""
    path = QPainterPath()
    if shape == "square":
        inset = rect.adjusted(rect.width() * 0.06, rect.height() * 0.06,
                              -rect.width() * 0.06, -rect.height() * 0.06)
        path.addRoundedRect(inset, rect.width() * 0.12, rect.height() * 0.12)
    else:
        path.addEllipse(rect)
    return path


def paint_piece(painter: QPainter, rect: QRectF, shape: str, color: QColor,
                outline: QColor | None = None) -> None:
    """A player's piece: filled shape with a dark outline and a light highlight."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(outline or color.darker(170), max(1.0, rect.width() * 0.08)))
    painter.setBrush(QBrush(color))
    painter.drawPath(shape_path(shape, rect))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(255, 255, 255, 90))
    shine = QRectF(rect.x() + rect.width() * 0.22, rect.y() + rect.height() * 0.16,
                   rect.width() * 0.34, rect.height() * 0.22)
    painter.drawEllipse(shine)
    painter.restore()


_PIECES: dict[tuple[str, int, int], QPixmap] = {}


def piece_pixmap(shape: str, color: QColor, size: int = 18) -> QPixmap:
    """A small picture of a player's piece, for labels, tabs and table headers (painted once
    per shape, colour and size: the panels ask for it after every move)."""
    key = (shape, color.rgba(), size)
    pix = _PIECES.get(key)
    if pix is None:
        pix = QPixmap(size, size)
        pix.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pix)
        paint_piece(painter, QRectF(1.5, 1.5, size - 3, size - 3), shape, color)
        painter.end()
        _PIECES[key] = pix
    return pix


# -- palette of the boards ------------------------------------------------------------------------

BOARD_BG = QColor("#f3eedd")
INK = QColor("#2b3a2f")
MUTED_INK = QColor("#6d7a6f")
SUMMER = QColor("#f6d67a")
SUMMER_LIGHT = QColor("#fbefc6")
WINTER = QColor("#9cc3de")
WINTER_LIGHT = QColor("#dbe9f3")
INACTIVE = QColor("#e4e1d6")
LEGAL_GLOW = QColor("#2e9d5b")
REFUSE = QColor("#c0392b")

BUILDING_COLORS: dict[str, str] = {
    "light_green": "#b9dc8c",
    "dark_green": "#6fa76b",
    "yellow": "#f0d35a",
    "orange": "#f2a552",
    "blue": "#8fb8de",
    "red": "#e08a7a",
}


def font(size: float, bold: bool = False) -> QFont:
    f = QFont()
    f.setPointSizeF(size)
    f.setBold(bold)
    return f


# -- names --------------------------------------------------------------------------------------------
# The words themselves live without Qt in ``arle.match.words``; these say them in the window's
# language (``arle.gui.kit.texts.language``) for the views, which only lay them out.

#: The modules the words below need, imported at their first use (the engine is not imported
#: before the start page is painted) and kept: an import statement in a function costs
#: microseconds at each call (PySide6 wraps ``__import__``), and words are asked for hundreds of
#: times a move.
_LOADED: dict[str, Any] = {}


def _module(name: str) -> Any:
    module = _LOADED.get(name)
    if module is None:
        module = _LOADED[name] = importlib.import_module(name)
    return module


def _lang() -> Language:
    return _module("arle.gui.kit.texts").language()  # type: ignore[no-any-return]


def _names() -> Any:
    return _module("arle.match.words.names")


def number(x: float) -> str:
    """A score as the window's language writes it ("7,5" in French)."""
    return _names().number(x, _lang())  # type: ignore[no-any-return]


def say(text: Any) -> str:
    """An engine text in the window's language (``arle.gui.kit.texts.say``; the engine is imported at
    the first use, not when the start page is built)."""
    return _module("arle.gui.kit.texts").say(text)  # type: ignore[no-any-return]


SCORE_CATEGORIES: tuple[tuple[str, str], ...] = (
    ("clothing_and_materials", N_("Clothing and building materials")),
    ("equipment", N_("Equipment (vehicles, plows, boats)")),
    ("travel", N_("Travel experience")),
    ("tools", N_("Tools")),
    ("goods_track", N_("Goods Track")),
    ("home_board", N_("Home Board (tiles, buildings, moors)")),
    ("animals", N_("Animals")),
    ("bottlenecks", N_("Supply bottlenecks")),
)


def name_of(key: str) -> str:
    """Display name of a good, animal, tile, vehicle, building, destination or action space."""
    return _names().name_of(key, _lang())  # type: ignore[no-any-return]


def lowered(text: str) -> str:
    """A good's or an Animal's name inside a sentence: "la toile de lin" in French, where English
    keeps "Linen" (its grammar kept)."""
    return _names().lowered(text, _lang())  # type: ignore[no-any-return]


def of_name(name: str) -> str:
    """"de Ben", "d'Anna": the French "of" before a player's name (``{of_name}``)."""
    return _names().of_name(name)  # type: ignore[no-any-return]


def count_text(key: str, n: int) -> str:
    """``n`` of a good or an Animal in the window's words: "2 Horse", "2 chevaux"."""
    return _names().count_text(key, n, _lang())  # type: ignore[no-any-return]


def count_name(key: str, n: int) -> str:
    """The name in ``count_text`` without its number, capitalized: "Chevaux" beside a 2."""
    return _names().count_name(key, n, _lang())  # type: ignore[no-any-return]


def season_name(season: str) -> str:
    return _names().season_name(season, _lang())  # type: ignore[no-any-return]


def space_title(space_id: str) -> str:
    """"Summer: Grocer" - action spaces share names across seasons."""
    return _names().space_title(space_id, _lang())  # type: ignore[no-any-return]


def bundle_text(goods: Any) -> str:
    """"1 Wood, 1 Timber" for a payment bundle ((good, n), ...)."""
    return _names().bundle_text(goods, _lang())  # type: ignore[no-any-return]


def cost_text(cost: Any) -> str:
    """A building's cost in words: "1 Grain, 1 Building Material"."""
    return _names().cost_text(cost, _lang())  # type: ignore[no-any-return]


def holder_text(holder: str) -> str:
    """Where an Animal is, or a land space: "Dike 2", "row 3, column 1", "waiting area"."""
    return _names().holder_text(holder, _lang())  # type: ignore[no-any-return]


def move_label(game: Game, move: Move) -> str:
    """A button label / menu phrase for ``move`` in the current situation, in words."""
    return _module("arle.match.words.buttons").move_label(game, move, _lang())  # type: ignore[no-any-return]


def pointf(x: float, y: float) -> QPointF:
    return QPointF(x, y)
