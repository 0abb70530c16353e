"""Issue 50 item 27: the Home Board's French labels named Dikes by number ("Digue 1 :
accueille…", "Ligne de digue : espace 1 sur 4"), which the board shows nowhere; they name
them as the log does, by column, and the Dike Line by the row it lies above."""

from __future__ import annotations

import re
from typing import Any

import pytest

from arle.engine.interpreter.moves import MoveDike
from arle.engine.interpreter.steps import DikeStep
from arle.gui.boards.home_scene import HomeBoardScene
from arle.gui.boards.pieces import DragPiece
from arle.gui.kit import texts
from arle.gui.shell.language import install_language, uninstall_language
from tests.gui.scene_helpers import make_session, run_steps


@pytest.fixture
def french(qapp: Any) -> Any:
    installed = install_language(qapp, "fr", "fr")
    yield texts.language()
    uninstall_language(qapp, installed)


def test_french_dikes_are_named_by_column_not_number(french: Any) -> None:
    scene = HomeBoardScene(make_session(players=1), 0)
    items = scene.items_now()
    dikes = [i.toolTip() for i in items if isinstance(i, DragPiece) and i.art == "tiles/dike.svg"]
    assert dikes
    assert all(re.match(r"Digue (du bas |du haut )?de la colonne \d : accueille", t) for t in dikes), dikes
    words = " ".join(i.toPlainText() for i in items if hasattr(i, "toPlainText"))
    assert "Ligne de digues : au-dessus de la rangée 4" in words
    assert not re.search(r"Digue \d|espace \d sur 4", words + " ".join(dikes))


def test_a_refused_dike_names_the_row_it_may_go_above(french: Any) -> None:
    """The refusal said "de l'espace 1" (a gap number); it names the board's row instead."""
    session = make_session(players=1)
    run_steps(session, 0, [DikeStep()])
    p = session.match.game.state.players[0]
    why = session.why_not(MoveDike(p.dikes.index((0, 0)), "2,0"))
    assert why.startswith("Une digue va sur une place libre au-dessus de la rangée 3 :"), why
