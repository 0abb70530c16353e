"""Dialogs: New Game, Rules Notes, the end-of-game scoring table and About."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor, QFont, QIcon
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from arle import __version__
from arle.ai.levels import level as find_level
from arle.ai.levels import offered as offered_levels
from arle.engine import (
    BLUE,
    BUILDINGS,
    DARK_GREEN,
    LIGHT_GREEN,
    ORANGE,
    RED,
    RULES_NOTES,
    SOLO_TARGET,
    YELLOW,
    Setup,
    noun,
)
from arle.files.catalogues import N_
from arle.files.errors import is_valid_text
from arle.gui.kit import style
from arle.gui.kit.texts import say
from arle.match import NewGameChoice

if TYPE_CHECKING:
    from arle.gui.session import GameSession


def _tr(text: str) -> str:
    return QCoreApplication.translate("Dialogs", text)


# -- New Game -------------------------------------------------------------------------------------------

#: Buildings picked by hand: how many of each colour group (the rest are always in play).
PICK_GROUPS: tuple[tuple[str, tuple[str, ...], int], ...] = (
    (N_("Green"), (*LIGHT_GREEN, *DARK_GREEN), 4),
    (N_("Yellow"), YELLOW, 2),
    (N_("Blue"), BLUE, 3),
)


#: The levels New Game suggests to a player who has not finished a game yet (issue 38: a new
#: player lost 50 to 106.5 against Expert, and nothing steered them to a gentler level).
SUGGESTED = ("easy", "normal")


class NewGameDialog(QDialog):
    """1 or 2 players, names, colours, building set, starting player, friendly undo."""

    def __init__(self, parent: QWidget | None = None, *, names: tuple[str, str] = ("", ""),
                 colors: tuple[str, str] = style.DEFAULT_COLORS, friendly_undo: bool = False,
                 seats: tuple[str, str] = ("person", "person"), players: int = 2,
                 newcomer: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle(_tr("New Game"))
        self.setMinimumWidth(520)
        lay = QVBoxLayout(self)
        form = QFormLayout()
        # players
        self.solo = QRadioButton(_tr("1 player (solo: reach 110 VP)"))
        self.duo = QRadioButton(_tr("2 players (hot-seat or against the computer)"))
        (self.solo if players == 1 else self.duo).setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.solo)
        group.addButton(self.duo)
        row = QHBoxLayout()
        row.addWidget(self.solo)
        row.addWidget(self.duo)
        form.addRow(_tr("Players"), row)
        # names and colours
        self.name_edits: list[QLineEdit] = []
        self.color_boxes: list[QComboBox] = []
        #: Who plays each seat: a person or the computer at a level.
        self.seat_boxes: list[QComboBox] = []
        for i in range(2):
            edit = QLineEdit(names[i] or _tr("Player {n}").format(n=i + 1))
            edit.setMaxLength(40)
            box = QComboBox()
            for hex_, cname in style.PALETTE:
                box.addItem(QIcon(style.piece_pixmap(style.player_shape(i), QColor(hex_), 18)),
                            say(noun(cname)), hex_)
            idx = box.findData(colors[i]) if i < len(colors) else -1
            box.setCurrentIndex(idx if idx >= 0 else i)
            seat = QComboBox()
            seat.addItem(_tr("Person"), "person")
            for level in offered_levels():  # one table (``arle.ai.LEVELS``, issue 38)
                text = _tr("Computer: {level}").format(level=say(noun(level.label)))
                if newcomer and level.name in SUGGESTED:
                    text = _tr("{level} (suggested)").format(level=text)
                seat.addItem(text, level.name)
                seat.setItemData(seat.count() - 1, say(noun(level.about)), Qt.ItemDataRole.ToolTipRole)
            seat.setToolTip(_tr("Who plays this seat: a person at this computer, or the computer "
                                "at a level."))
            r = QHBoxLayout()
            r.addWidget(edit, 2)
            r.addWidget(box, 1)
            r.addWidget(seat, 1)
            seat.setCurrentIndex(max(0, seat.findData(seats[i] if i < len(seats) else "person")))
            self.seat_boxes.append(seat)
            shape = _tr("circles") if style.player_shape(i) == "circle" else _tr("squares")
            form.addRow(_tr("Player {n} ({shape})").format(n=i + 1, shape=shape), r)
            self.name_edits.append(edit)
            self.color_boxes.append(box)
        #: What the chosen levels are like, in one line each (and, to a player who has not
        #: finished a game yet, which levels to start with: issue 38).
        self.newcomer = newcomer
        self.level_note = QLabel()
        self.level_note.setObjectName("level_note")
        self.level_note.setWordWrap(True)
        form.addRow("", self.level_note)
        # buildings
        self.building_set = QComboBox()
        self.building_set.addItem(_tr("First game (the 4 light green buildings)"), "first_game")
        self.building_set.addItem(_tr("Random deal"), "random")
        self.building_set.addItem(_tr("Pick by hand"), "explicit")
        self.building_set.setCurrentIndex(1)
        form.addRow(_tr("Buildings"), self.building_set)
        # starting player
        self.start = QComboBox()
        self.start.addItem(_tr("Random"), None)
        self.start.addItem(_tr("Player 1"), 0)
        self.start.addItem(_tr("Player 2"), 1)
        form.addRow(_tr("Starting player"), self.start)
        self.friendly = QCheckBox(_tr("Friendly undo: either player may take back any move"))
        self.friendly.setChecked(friendly_undo)
        form.addRow(_tr("Undo"), self.friendly)
        rules = QHBoxLayout()
        rules.addWidget(QLabel(_tr("The printed rules; where the rulebooks disagree:")))
        self.rules_button = QPushButton(_tr("Rules Notes…"))
        self.rules_button.clicked.connect(lambda: RulesNotesDialog(self).exec())
        rules.addWidget(self.rules_button)
        rules.addStretch(1)
        form.addRow(_tr("Rules"), rules)
        lay.addLayout(form)
        # hand-picked buildings
        self.pick_box = QGroupBox(_tr("Pick the buildings (orange and red ones are always in play)"))
        pick_lay = QHBoxLayout(self.pick_box)
        self.pick_lists: list[tuple[QListWidget, int]] = []
        for title, ids, n in PICK_GROUPS:
            col = QVBoxLayout()
            col.addWidget(QLabel(_tr("{group}: pick {n}").format(group=say(noun(title)), n=n)))
            lw = QListWidget()
            for b in ids:
                info = BUILDINGS[b]
                item = QListWidgetItem(_tr("{name} ({vp} VP)").format(name=say(noun(info.name)), vp=info.vp))
                item.setData(Qt.ItemDataRole.UserRole, b)
                item.setToolTip(say(noun(info.text)))
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if ids.index(b) < n else Qt.CheckState.Unchecked)
                lw.addItem(item)
            lw.itemChanged.connect(self._validate)
            # Wide enough for its longest name ("Atelier du fabricant de charrues (1 PV)" had a
            # sideways scroll bar), its rows in view without scrolling.
            lw.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            frame = 2 * lw.frameWidth()
            lw.setMinimumWidth(lw.sizeHintForColumn(0) + frame + lw.verticalScrollBar().sizeHint().width())
            lw.setMinimumHeight(sum(lw.sizeHintForRow(i) for i in range(lw.count())) + frame)
            col.addWidget(lw)
            pick_lay.addLayout(col)
            self.pick_lists.append((lw, n))
        lay.addWidget(self.pick_box)
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setStyleSheet("color: #b03a2e;")
        lay.addWidget(self.error)
        ok, cancel = QDialogButtonBox.StandardButton.Ok, QDialogButtonBox.StandardButton.Cancel
        self.buttons = QDialogButtonBox(ok | cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_tr("Start the game"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        for w in (self.solo, self.duo):
            w.toggled.connect(self._validate)
        self.building_set.currentIndexChanged.connect(self._validate)
        for e in self.name_edits:
            e.textChanged.connect(self._validate)
        for b in (*self.color_boxes, *self.seat_boxes):
            b.currentIndexChanged.connect(self._validate)
        self._validate()

    @property
    def players(self) -> int:
        return 1 if self.solo.isChecked() else 2

    def picked(self) -> list[str]:
        chosen = []
        for lw, _n in self.pick_lists:
            for i in range(lw.count()):
                if lw.item(i).checkState() == Qt.CheckState.Checked:
                    chosen.append(lw.item(i).data(Qt.ItemDataRole.UserRole))
        return chosen

    def _validate(self, *_: object) -> bool:
        two = self.players == 2
        self.name_edits[1].setEnabled(two)
        self.color_boxes[1].setEnabled(two)
        self.start.setEnabled(two)
        self.seat_boxes[1].setEnabled(two)
        self.seat_boxes[0].setEnabled(two)  # the solo game is a person's
        self.friendly.setEnabled(two and self.seats().count("person") == 2)
        self.level_note.setText(self.levels_said())
        self.pick_box.setVisible(self.building_set.currentData() == "explicit")
        problem = ""
        names = [e.text().strip() for e in self.name_edits[: self.players]]
        if any(not n for n in names):
            problem = _tr("Every player needs a name.")
        elif not all(is_valid_text(n) for n in names):  # a lone surrogate: no file can hold it
            problem = _tr("A name may only hold valid text.")
        elif two and names[0] == names[1]:
            problem = _tr("The two players need different names.")
        elif two and self.color_boxes[0].currentData() == self.color_boxes[1].currentData():
            problem = _tr("The two players need different colours.")
        elif self.building_set.currentData() == "explicit":
            for (lw, n), (title, _ids, _) in zip(self.pick_lists, PICK_GROUPS, strict=True):
                got = sum(1 for i in range(lw.count()) if lw.item(i).checkState() == Qt.CheckState.Checked)
                if got != n:
                    problem = _tr("Pick exactly {n} {group} buildings ({got} picked).").format(
                        n=n, group=say(noun(title)).lower(), got=got)
                    break
        self.error.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)
        return not problem

    def levels_said(self) -> str:
        """One line per computer level chosen (what it is like), after a suggestion of Easy or
        Normal to a player who has not finished a game yet."""
        lines = []
        if self.newcomer and self.players == 2:  # (a solo game has no opponent)
            lines.append(_tr("New to Fields of Arle? Easy or Normal make a good first opponent."))
        for name in dict.fromkeys(s for s in self.seats() if s != "person"):
            level = find_level(name)
            lines.append(_tr("{level}: {about}").format(level=say(noun(level.label)),
                                                        about=say(noun(level.about))))
        return "\n".join(lines)

    def seats(self) -> tuple[str, ...]:
        """Who plays each seat of the chosen game."""
        if self.players == 1:
            return ("person",)
        return tuple(box.currentData() for box in self.seat_boxes)

    def choice(self, seed: int | None = None) -> NewGameChoice:
        """The game described by the dialog (a random seed unless one is given)."""
        players = self.players
        names = tuple(e.text().strip() for e in self.name_edits[:players])
        kind = self.building_set.currentData()
        buildings: tuple[str, ...] = ()
        if kind == "explicit":
            buildings = tuple(sorted({*self.picked(), *ORANGE, *RED}, key=list(BUILDINGS).index))
        start = self.start.currentData() if players == 2 else 0
        setup = Setup(
            players=players,
            seed=random.randrange(1 << 31) if seed is None else seed,
            names=names,
            building_set=kind,
            buildings=buildings,
            start_player=start,
        )
        colors = (self.color_boxes[0].currentData(), self.color_boxes[1].currentData())
        seats = self.seats()
        friendly = self.friendly.isChecked() and seats.count("person") == 2
        return NewGameChoice(setup, friendly, colors, seats)


# -- Rules notes ------------------------------------------------------------------------------------------


class RulesNotesDialog(QDialog):
    """Where the rulebook is unclear, the choices this edition makes (RULES-DECISIONS.md)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_tr("Rules Notes"))
        self.resize(640, 560)
        lay = QVBoxLayout(self)
        intro = QLabel(_tr("Where the rulebooks are unclear or disagree, this edition plays as follows."))
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.browser = QTextBrowser()
        html = "".join(
            f"<h3>{say(noun(n.topic))}</h3><p>{say(noun(n.text))}</p>"
            for n in RULES_NOTES
        )
        self.browser.setHtml(html)
        lay.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        lay.addWidget(buttons)

    def topics(self) -> list[str]:
        return [n.topic for n in RULES_NOTES]


# -- Scoring -----------------------------------------------------------------------------------------------


def result_text(session: GameSession) -> str:
    """The winner, and the tie-break if it decided; in solo the rating against 110 VP."""
    g = session.game
    s = g.state
    totals = [g.score(i).total for i in range(len(s.players))]
    if s.solo:
        from arle.engine import solo_rating

        return _tr("Solo result: {rating}").format(rating=say(solo_rating(totals[0])))
    if not g.over:
        leader = max(range(len(totals)), key=lambda i: totals[i])
        if totals[0] == totals[1]:
            return _tr("Tied at {vp} VP so far.").format(vp=style.number(totals[0]))
        return _tr("{name} leads so far.").format(name=session.player_name(leader))
    winner = s.winner if s.winner is not None else max(range(2), key=lambda i: totals[i])
    name = session.player_name(winner)
    if totals[0] == totals[1]:
        return _tr("Tie at {vp} VP. Tie-break: {name} would be the starting player of a 10th "
                   "half-year, and wins.").format(vp=style.number(totals[0]), name=name)
    return _tr("{name} wins with {vp} VP to {other} VP.").format(
        name=name, vp=style.number(totals[winner]), other=style.number(totals[1 - winner]))


class ScoringTable(QWidget):
    """The scoring pad: one row per category, one column per player, totals, winner."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        outer = QHBoxLayout(self)
        pad = QWidget()  # the pad keeps a paper's proportions instead of filling a wide window
        pad.setMaximumWidth(880)
        outer.addWidget(pad)
        lay = QVBoxLayout(pad)
        self.title = QLabel(_tr("Final scoring"))
        self.title.setObjectName("scoringTitle")
        self.table = QTableWidget()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setAlternatingRowColors(True)
        font = self.table.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.table.setFont(font)
        self.table.verticalHeader().setFont(font)
        self.table.horizontalHeader().setFont(font)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(int(font.pointSizeF() * 3))
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.result = QLabel()
        self.result.setObjectName("scoringResult")
        self.result.setWordWrap(True)
        lay.addWidget(self.title)
        lay.addWidget(self.table)
        lay.addWidget(self.result)
        lay.addStretch(1)
        session.changed.connect(self.refresh)
        session.reset.connect(self.refresh)
        self.refresh()

    def refresh(self, *_: object) -> None:
        g = self.session.game
        n = len(g.state.players)
        cats = style.SCORE_CATEGORIES
        self.title.setText(_tr("Final scoring") if g.over else _tr("Scoring so far (live)"))
        self.table.setRowCount(len(cats) + 1)
        self.table.setColumnCount(n)
        self.table.setVerticalHeaderLabels([say(noun(label)) for _k, label in cats] + [_tr("Total")])
        bold = QFont()
        bold.setBold(True)
        for i in range(n):
            header = QTableWidgetItem(self.session.player_name(i))
            color = style.player_color(self.session, i)
            header.setIcon(QIcon(style.piece_pixmap(style.player_shape(i), color, 20)))
            self.table.setHorizontalHeaderItem(i, header)
            data = g.score(i).as_dict()
            for r, (key, _label) in enumerate(cats):
                item = QTableWidgetItem(style.number(data[key]))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(r, i, item)
            total = QTableWidgetItem(style.number(data["total"]))
            total.setFont(bold)
            total.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if g.over and n == 2 and g.state.winner == i:
                total.setBackground(QColor("#d6efd9"))  # the winner's total, as one circles it on the pad
                total.setToolTip(_tr("Winner"))
            self.table.setItem(len(cats), i, total)
        self.result.setText(result_text(self.session))
        rows = self.table.verticalHeader().defaultSectionSize() * self.table.rowCount()
        self.table.setFixedHeight(rows + self.table.horizontalHeader().sizeHint().height()
                                  + 2 * self.table.frameWidth())

    def totals(self) -> list[float]:
        last = self.table.rowCount() - 1
        return [float(self.table.item(last, c).text()) for c in range(self.table.columnCount())]


# -- About --------------------------------------------------------------------------------------------------


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_tr("About Arle"))
        lay = QVBoxLayout(self)
        text = QLabel(_tr(
            "<h2>Arle {version}</h2>"
            "<p>A desktop edition of Uwe Rosenberg's <i>Fields of Arle</i> for one or two players "
            "(hot-seat), with undo, autosave and every rule enforced by the engine.</p>"
            "<p>Player colours are from the Okabe-Ito palette, and each player's pieces also have "
            "their own shape (circles or squares).</p>"
            "<p>Solo target: {target} VP.</p>").format(version=__version__, target=SOLO_TARGET))
        text.setWordWrap(True)
        text.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        lay.addWidget(buttons)
