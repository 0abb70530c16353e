"""Dialogs: New Game, Rules Notes, the end-of-game scoring table and About."""

from __future__ import annotations

import dataclasses
import random
import re

from PySide6.QtCore import QCoreApplication, QStringListModel, Qt, Signal
from PySide6.QtGui import QColor, QIcon
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
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
from arle.match.history import PERSON as PERSON_SEAT
from arle.match.history import REMOTE


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
        # players: how the game is played, a friend on another computer a choice of its own
        # (issue 47: it was a seat kind to put on the right row)
        self.solo = QRadioButton(_tr("1 player (solo: reach 110 VP)"))
        self.duo = QRadioButton(_tr("2 players at this computer (hot-seat or against the computer)"))
        self.elsewhere = QRadioButton(_tr("2 players: play a friend on another computer"))
        (self.solo if players == 1 else self.duo).setChecked(True)
        group = QButtonGroup(self)
        row = QVBoxLayout()
        for button in (self.solo, self.duo, self.elsewhere):
            group.addButton(button)
            row.addWidget(button)
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
            seat.setToolTip(_tr("Who plays this seat: a person at this computer or the computer at "
                                "a level."))
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
        self.friend_box = FriendBox(self)
        lay.addWidget(self.friend_box)
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
        for w in (self.solo, self.duo, self.elsewhere):
            w.toggled.connect(self._validate)
        self.building_set.currentIndexChanged.connect(self._validate)
        for e in self.name_edits:
            e.textChanged.connect(self._validate)
        for box in (*self.color_boxes, *self.seat_boxes):
            box.currentIndexChanged.connect(self._validate)
        self.friend_box.changed.connect(self._validate)
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
        remote = self.elsewhere.isChecked()
        for box in self.seat_boxes:
            box.setEnabled(two)  # the solo game is a person's
            box.setVisible(not remote)  # (against a friend elsewhere, each plays their own seat)
        self.friendly.setEnabled(two and self.seats().count("person") == 2)
        said = self.levels_said()
        if said != self.level_note.text():
            self.level_note.setText(said)
            self._grow_to_fit()
        self.pick_box.setVisible(self.building_set.currentData() == "explicit")
        if self.friend_box.isVisibleTo(self) != remote:
            self.friend_box.setVisible(remote)
            self._grow_to_fit()  # (the friend's choices are wider than the seats' row)
        joining = remote and self.friend_box.mode == "join"
        for widget in (self.name_edits[0], self.building_set):
            widget.setEnabled(not joining)  # joining, the host's game is played
        for widget in (self.name_edits[1], self.start):
            widget.setEnabled(two and not joining)
        problem = self.friend_box.problem() if remote else ""
        if problem:
            self.error.setText(problem)
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
            return False
        if joining:
            self.error.setText("")
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)
            return True
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
            for (lw, n), (title, _ids, _n) in zip(self.pick_lists, PICK_GROUPS, strict=True):
                got = sum(1 for i in range(lw.count()) if lw.item(i).checkState() == Qt.CheckState.Checked)
                if got != n:
                    problem = _tr("Pick exactly {n} {group} buildings ({got} picked).").format(
                        n=n, group=say(noun(title)).lower(), got=got)
                    break
        self.error.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)
        return not problem

    def _grow_to_fit(self) -> None:
        """A longer level note (three lines with a newcomer's suggestion) or the friend's choices
        get the room they need: the form's rows were squeezed and clipped."""
        if not self.isVisible():  # being built: its first layout sizes it (a hint now is too narrow)
            return
        layout = self.layout()
        if layout is not None:
            layout.activate()
        need = self.sizeHint()
        if need.height() > self.height() or need.width() > self.width():
            self.resize(max(self.width(), need.width()), max(self.height(), need.height()))

    def remote_choice(self) -> RemoteChoice | None:
        """How to reach the friend on another computer, when one plays a seat."""
        seats = self.seats()
        if REMOTE not in seats:
            return None
        box = self.friend_box
        return RemoteChoice(box.mode, seats.index(PERSON_SEAT), box.code(), box.secret(),
                            box.folder.text().strip())

    def levels_said(self) -> str:
        """One line per computer level chosen (what it is like), after a suggestion of Easy or
        Normal to a player who has not finished a game yet."""
        lines = []
        if self.newcomer and self.players == 2 and not self.elsewhere.isChecked():  # (no computer then)
            lines.append(_tr("New to Fields of Arle? Easy or Normal make a good first opponent."))
        for name in dict.fromkeys(s for s in self.seats() if s not in ("person", REMOTE)):
            level = find_level(name)
            lines.append(_tr("{level}: {about}").format(level=say(noun(level.label)),
                                                        about=say(noun(level.about))))
        return "\n".join(lines)

    def seats(self) -> tuple[str, ...]:
        """Who plays each seat of the chosen game."""
        if self.players == 1:
            return ("person",)
        if self.elsewhere.isChecked():
            seats = [PERSON_SEAT, PERSON_SEAT]
            seats[1 - self.friend_box.me] = REMOTE
            return tuple(seats)
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


@dataclasses.dataclass(frozen=True)
class RemoteChoice:
    """How New Game reaches the friend on another computer (issues 41, 47): ``mode`` invite (a
    code to read to the friend), join (the friend's code) or folder; ``me`` this computer's seat;
    the code (join); the folder's secret and the folder."""

    mode: str
    me: int
    code: str = ""
    secret: str = ""
    folder: str = ""


#: A magic-wormhole code: a number and words, like 7-crossover-clockwork.
_CODE = re.compile(r"^[0-9]+(-[a-z]+)+$")


def code_words() -> tuple[frozenset[str], frozenset[str]]:
    """The words a code may hold, first (odd) and second (even) in turn: the PGP word list the
    wormhole package ships (imported only when a code is typed: it loads Twisted)."""
    from wormhole import _wordlist  # type: ignore[import-untyped]

    return frozenset(_wordlist.odd_words_lowercase), frozenset(_wordlist.even_words_lowercase)


class FriendBox(QGroupBox):
    """New Game's choices for a friend on another computer: invite (the game shows a code to read
    to the friend), join (the code the friend read) or a shared folder (both sync it; a secret
    both type)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        import secrets

        super().__init__(_tr("A friend on another computer"), parent)
        self.setObjectName("friend_box")
        lay = QFormLayout(self)
        self.invite = QRadioButton(_tr("Invite: Arle gives you a code to read to your friend"))
        self.join = QRadioButton(_tr("Join: type the code your friend reads you"))
        self.by_folder = QRadioButton(_tr("A shared folder you both sync (Dropbox, OneDrive…)"))
        self.invite.setChecked(True)
        group = QButtonGroup(self)
        how = QVBoxLayout()
        for button in (self.invite, self.join, self.by_folder):
            group.addButton(button)
            how.addWidget(button)
            button.toggled.connect(self._shown)
        lay.addRow(_tr("How"), how)
        # join
        self.paste = QLineEdit()
        self.paste.setObjectName("friend_code")
        self.paste.setPlaceholderText(_tr("7-crossover-clockwork (the code your friend reads you)"))
        self.words = QCompleter([], self.paste)
        self.words.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.paste.setCompleter(self.words)
        self.paste.textEdited.connect(self._complete)
        self.paste_label = QLabel(_tr("Code"))
        lay.addRow(self.paste_label, self.paste)
        # folder
        self.folder = QLineEdit()
        self.choose = QPushButton(_tr("Choose…"))
        self.choose.clicked.connect(self._choose_folder)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(self.choose)
        self.folder_label = QLabel(_tr("Folder"))
        lay.addRow(self.folder_label, folder_row)
        self.secret_edit = QLineEdit(secrets.token_urlsafe(12))
        self.secret_edit.setToolTip(_tr("Both players type the same secret: it signs every turn file."))
        self.secret_label = QLabel(_tr("Secret"))
        lay.addRow(self.secret_label, self.secret_edit)
        self.seat = QComboBox()
        self.seat.addItem(_tr("Player 1: I start the game in the folder"), 0)
        self.seat.addItem(_tr("Player 2: my friend started it there"), 1)
        self.seat_label = QLabel(_tr("You play"))
        lay.addRow(self.seat_label, self.seat)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setObjectName("friend_note")
        lay.addRow("", self.note)
        for signal in (self.paste.textChanged, self.folder.textChanged, self.secret_edit.textChanged):
            signal.connect(self._shown)
        self._shown()

    @property
    def mode(self) -> str:
        return "invite" if self.invite.isChecked() else "join" if self.join.isChecked() else "folder"

    def code(self) -> str:
        return self.paste.text().strip().lower() if self.mode == "join" else ""

    @property
    def me(self) -> int:
        """This computer's seat: the inviting side is Player 1, the joining side Player 2; by
        folder, as chosen."""
        mode = self.mode
        return 0 if mode == "invite" else 1 if mode == "join" else int(self.seat.currentData())

    def secret(self) -> str:
        return self.secret_edit.text().strip() if self.mode == "folder" else ""

    def problem(self) -> str:
        """Why the choices cannot be played ("" when they can)."""
        if self.mode == "join":
            if not self.paste.text().strip():
                return _tr("Type the code your friend reads you.")
            if not _CODE.match(self.code()):
                return _tr("This is not a code like 7-crossover-clockwork (or it was mistyped).")
            _number, _dash, words = self.code().partition("-")
            known = code_words()
            for index, word in enumerate(words.split("-")):
                if word not in known[index % 2]:
                    return _tr("“{word}” is not a word of the code: check it with your "
                               "friend.").format(word=word)
        if self.mode == "folder" and not self.folder.text().strip():
            return _tr("Choose the folder you and your friend both sync.")
        return ""

    def _complete(self, text: str) -> None:
        """Offer the words that may come next, as the wormhole's own code input does (after the
        number and its dash)."""
        number, dash, words = text.strip().lower().partition("-")
        if not (number.isdigit() and dash):
            self.words.setModel(QStringListModel([], self.words))
            return
        from wormhole._wordlist import PGPWordList  # type: ignore[import-untyped]

        found = sorted(f"{number}-{rest}" for rest in PGPWordList().get_completions(words, 2))
        self.words.setModel(QStringListModel(found, self.words))
        self.words.setCompletionPrefix(text.strip().lower())

    def _shown(self, *_: object) -> None:
        mode = self.mode
        for widget, modes in ((self.paste_label, "join"), (self.paste, "join"),
                              (self.folder_label, "folder"), (self.folder, "folder"),
                              (self.choose, "folder"), (self.secret_label, "folder"),
                              (self.secret_edit, "folder"), (self.seat_label, "folder"),
                              (self.seat, "folder")):
            widget.setVisible(mode == modes)
        self.note.setText({
            "invite": _tr("When the game starts, Arle shows a code: read it to your friend, who "
                          "chooses Join. Everything between you is encrypted."),
            "join": _tr("You play Player 2 of your friend's game: names and buildings are theirs."),
            "folder": _tr("Player 1 starts the game in an empty folder; Player 2 chooses the same "
                          "folder and types the same secret. A turn file goes there after each turn."),
        }[mode])
        self.changed.emit()

    def _choose_folder(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        name = QFileDialog.getExistingDirectory(self, _tr("The folder you both sync"), self.folder.text())
        if name:
            self.folder.setText(name)


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
