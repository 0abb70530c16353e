"""Help > How to play: the rules of the base game in the app's own words, with its pictures
(``resources/help/how_to_play.<language>.html``, shown by a QTextBrowser).

Other places link to it with ``howto:<section>`` links (``open_link``): the start page, the
guided first game's card, and the board's tooltips, which name the shortcut (Shift+F1) that opens
the section fitting the moment (``section_for``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, QUrl
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from arle.engine import Phase
from arle.gui.kit.texts import HOWTO_SCHEME as SCHEME
from arle.gui.kit.texts import language
from arle.resources import resource_path

if TYPE_CHECKING:
    from arle.engine import Game

#: The sections, in order; each is an ``<a name>`` of the page.
SECTIONS = ("overview", "half-year", "work-phase", "inventorying", "scoring", "window")


def _tr(text: str) -> str:
    return QCoreApplication.translate("HowToPlay", text)


def page_path(code: str | None = None) -> str:
    """The page in the window's language, English when there is none in it."""
    code = code or language().code
    path = resource_path(f"help/how_to_play.{code}.html")
    if not path.is_file():
        path = resource_path("help/how_to_play.en.html")
    return str(path)


def section_for(game: Game | None) -> str:
    """The section that explains what is being done now."""
    if game is None:
        return "overview"

    if game.over:
        return "scoring"
    if game.state.phase in (Phase.WORK, Phase.FINAL_TURNS):
        return "work-phase"
    return "inventorying"


class HowToPlay(QDialog):
    """A window of its own, not modal: it can stay open beside the game."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("howToPlay")
        self.setWindowTitle(_tr("How to play"))
        self.setWindowFlag(Qt.WindowType.WindowContextHelpButtonHint, False)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setSearchPaths([str(resource_path("help").parent)])
        self.browser.setSource(QUrl.fromLocalFile(page_path()))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(760, 640)
        self.section = SECTIONS[0]

    def show_section(self, section: str) -> None:
        """Show the window scrolled to ``section`` (an unknown one: the top)."""
        self.section = section if section in SECTIONS else SECTIONS[0]
        self.show()
        self.browser.scrollToAnchor(self.section)
        self.raise_()
        self.activateWindow()


def show_how_to_play(owner: QWidget, section: str = "overview") -> HowToPlay:
    """Open (or bring forward) ``owner``'s How to play window at ``section``."""
    dialog = owner.findChild(HowToPlay)
    if dialog is None:
        dialog = HowToPlay(owner)
    dialog.show_section(section)
    return dialog


def open_link(owner: QWidget, url: str) -> bool:
    """Follow a ``howto:<section>`` link; False for any other link."""
    scheme, _, section = url.partition(":")
    if scheme != SCHEME:
        return False
    show_how_to_play(owner, section or "overview")
    return True
