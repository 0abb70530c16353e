"""Issue 50 item 16: "Beemoor" wrapped mid-word ("Beemoo/r") on the Travel Track. The names and
sale lines of the travel destinations, on the Travel Track and on the Storage board's cards,
break between words only: a word too wide for its card shrinks the font instead."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QGraphicsTextItem

from arle.engine import DESTINATION_ORDER
from arle.gui.boards.board_view import MIN_ZOOM, BoardView
from arle.gui.boards.home_scene import HomeBoardScene
from arle.gui.boards.storage_scene import StorageScene
from arle.gui.shell.language import install_language, uninstall_language
from tests.gui.scene_helpers import make_session, refresh


def broken_words(item: QGraphicsTextItem) -> list[str]:
    """The lines of ``item``'s layout that begin inside a word (with the word's start)."""
    broken = []
    block = item.document().begin()
    while block.isValid():
        text, layout = block.text(), block.layout()
        for i in range(1, layout.lineCount()):
            start = layout.lineAt(i).textStart()
            if not text[start - 1].isspace() and not text[start].isspace() and text[start - 1] not in "-/":
                broken.append(text[max(0, start - 8):start] + "/" + text[start:start + 8])
        block = block.next()
    return broken


@pytest.fixture(params=["en", "fr"])
def language(request, qapp):
    installed = install_language(qapp, request.param, request.param)
    yield request.param
    uninstall_language(qapp, installed)


@pytest.mark.parametrize("zoom", [MIN_ZOOM, 1.0])
@pytest.mark.parametrize("board", [HomeBoardScene, StorageScene])
def test_no_destination_label_breaks_inside_a_word(qtbot, language, board, zoom):
    """Every destination travelled (Travel Track) and every card left (Storage board), in English
    and French, at the board's smallest zoom and its usual one (the text is laid out in scene
    units, so the zoom changes only its pixels): no line starts inside a word."""
    session = make_session()
    p = session.match.game.state.players[0]
    if board is HomeBoardScene:
        p.travel = list(DESTINATION_ORDER)
    refresh(session)
    scene = board(session, 0)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    view.set_zoom(zoom)
    scene.ensure_fresh()
    QApplication.processEvents()
    texts = [item for item in scene.items() if isinstance(item, QGraphicsTextItem)]
    names = [item for item in texts if any(d.lower() in item.toPlainText().lower().replace(" ", "_")
                                           for d in DESTINATION_ORDER)]
    assert len(names) >= len(DESTINATION_ORDER)
    assert {item.toPlainText(): broken_words(item) for item in texts if broken_words(item)} == {}
