"""The window in French (issue 14): the language is installed before the first window, Qt's own
dialogs follow it, the pseudo-locale reaches every text, and View > Language keeps the choice."""

from __future__ import annotations

import datetime

import pytest
from PySide6.QtCore import QCoreApplication

from arle.engine import ENGLISH, noun
from arle.files.settings import load_settings
from arle.gui.kit import style, texts
from arle.gui.shell.language import install_language, uninstall_language
from arle.gui.shell.main_window import MainWindow
from arle.gui.shell.start_page import when


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


@pytest.fixture
def language(qapp):
    """Install a language for one test, and always go back to English (one QApplication for all)."""
    installed = []

    def install(requested: str | None, setting: str = "en") -> None:
        installed.extend(install_language(qapp, requested, setting))

    yield install
    uninstall_language(qapp, installed)
    assert texts.language() is ENGLISH


def _menu_titles(window: MainWindow) -> list[str]:
    return [a.text() for a in window.menuBar().actions()]


def test_a_window_built_after_installing_french_speaks_french(qtbot, language):
    """Issue 14: the window's texts, the engine's names (say) and Qt's own dialog buttons."""
    language("fr")
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    assert _menu_titles(window) == ["&Partie", "&Édition", "&Affichage", "Aid&e"]
    assert texts.say(noun("Peat Boat")) == "Bateau de tourbe"
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Annuler"  # qtbase_fr.qm


def test_french_scores_and_dates_are_written_the_french_way(language):
    """A half point is "7,5" in French (the scoring pad, the totals, the start page's games)."""
    assert style.number(7.5) == "7.5"
    language("fr")
    assert (style.number(7.5), style.number(-3.0), style.number(12)) == ("7,5", "-3", "12")
    assert when(datetime.datetime(2026, 11, 3, 9, 0).timestamp(),
                now=datetime.datetime(2026, 11, 20, 9, 0)) == "3 nov. 2026"


def test_without_a_language_the_window_stays_english(qtbot, language):
    language(None, "en")  # the setting says English, whatever the system says
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    assert _menu_titles(window) == ["&Game", "&Edit", "&View", "&Help"]
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancel"


def test_the_system_locale_picks_french_when_the_setting_says_system(qtbot, language, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr_FR.UTF-8")
    language(None, "system")
    assert QCoreApplication.translate("MainWindow", "&Game") == "&Partie"


def test_pseudo_locale_brackets_every_window_text(qtbot, language):
    """The pseudo-locale: a text left unbracketed would be one the catalogue never sees."""
    language("pseudo")
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    for title in _menu_titles(window):
        assert title.startswith("[") and title.endswith("]"), title


def test_view_language_saves_the_choice_for_the_next_start(qtbot):
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    actions = {a.data(): a for a in window.menus.languages.actions()}
    assert set(actions) == {"system", "en", "fr"}
    assert actions["system"].isChecked()  # the default: follow the system
    actions["fr"].trigger()
    assert load_settings().language == "fr"
    assert actions["fr"].isChecked()
    assert window.statusBar().currentMessage() == "The language changes when Arle starts again."


def test_run_installs_the_language_before_the_first_window_is_built(qapp, monkeypatch):
    """Issue 14: translations are installed before the first window (its texts are made once)."""
    from PySide6.QtCore import QTranslator

    from arle.gui import app as app_module

    seen = []

    def build_window(**_kw):
        seen.append(QCoreApplication.translate("MainWindow", "&Game"))
        return MainWindow(autosave=False)

    monkeypatch.delenv("ARLE_BENCH_FIRST_PAINT", raising=False)
    monkeypatch.setattr(app_module, "build_window", build_window)
    monkeypatch.setattr(app_module.QApplication, "exec", lambda self: 0)
    try:
        assert app_module.run(lang="fr") == 0
    finally:
        uninstall_language(qapp, qapp.findChildren(QTranslator))
    assert seen == ["&Partie"]


def test_an_english_start_paints_the_window_before_importing_the_engine(tmp_path) -> None:
    """Issue 15 (startup): the engine (~0.15 s of imports) is not needed to paint the start page;
    the language machinery must not pull it in for English."""
    import subprocess
    import sys

    code = (
        "import sys, builtins\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from arle.gui import app as app_module\n"
        "seen = []\n"
        "QTimer.singleShot(0, lambda: (seen.append('arle.engine' in sys.modules), "
        "QApplication.instance().quit()))\n"
        "app_module.run(['arle'])\n"
        "print('ENGINE_BEFORE_PAINT', seen[0])\n"
    )
    env = {**__import__("os").environ, "ARLE_CONFIG_DIR": str(tmp_path / "c"),
           "ARLE_DATA_DIR": str(tmp_path / "d"), "LANG": "en_GB.UTF-8", "LANGUAGE": "",
           "LC_ALL": "", "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=60)
    assert "ENGINE_BEFORE_PAINT False" in out.stdout, out.stdout + out.stderr


def test_french_game_log_lines_are_sentences_with_their_articles(qtbot, language):
    """Issue 32: the log read "Anna : Placer un ouvrier sur Été : Bûcheron" (an order, no
    article); a French player reads what Anna did, with the rulebook's "case Action" and the
    season in lower case, as French writes it."""
    from arle.engine import PlaceWorker, Setup
    from arle.match.history import GameHistory

    language("fr")
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.life.install(GameHistory(Setup(players=1, names=("Anna",), seed=3),
                                    [PlaceWorker("summer.woodcutter")]))
    assert window.shown is not None
    assert window.shown.page.log.texts()[0] == "Anna place un ouvrier sur l'action Bûcheron (été) — +3 bois"


def test_french_game_over_explanations_and_pictures_words(language):
    """The game-over screen's explanations and the action spaces' picture words were passed to
    tr() as variables, which the catalogue cannot hold: they stayed English."""
    from arle.gui.kit.pictures import Chip, per, shown
    from arle.gui.shell.game_over import explanation

    language("fr")
    assert explanation("travel").startswith("La première case vide de la piste d'expérience de voyage")
    assert shown(per("Spade")) == "par bêche"
    assert shown(Chip("flip a tile")) == "retourner une tuile"


def test_french_guide_card_says_what_the_space_does_in_french(qtbot, language):
    """The guided first game's card: "La case Colon : Recevez 1 cheval..." (it showed the
    space's English text: a plain str through say() is not translated)."""
    from arle.engine import ACTION_SPACES, PlaceWorker

    language("fr")
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.life.start_tutorial()
    guide = window.shown.tutorial
    qtbot.waitUntil(lambda: guide.suggestion is not None, timeout=20000)
    move = guide.suggestion[0]
    assert isinstance(move, PlaceWorker)
    space = ACTION_SPACES[move.space]
    body = guide.card.body.text()
    assert texts.say(noun(space.text)) in body.replace("&#x27;", "'")
    assert space.text not in body
    # the default name "Player 1" is English: the guided game's player is "Joueur 1"
    assert window.shown.session.match.game.state.players[0].name == "Joueur 1"
    guide.leave()


def test_french_destination_sales_count_food_with_the_french_plural(language):
    """A Travel Destination's sales (rulebook p. 11, Emden: 1 Winter Wear for 7 Food) read
    "7 nourritures" in French, not "7 nourriture"."""
    from arle.gui.boards.storage_scene import dest_tooltip

    language("fr")
    assert "1 vêtement d'hiver : 7 nourritures" in dest_tooltip("emden")


def test_a_damaged_autosave_is_described_in_french(language):
    """Issue 33: what a damaged journal kept is data (``Damage``) the window words in the player's
    language, not the file layer's English sentence."""
    from arle.files.journal import Damage
    from arle.gui.shell.start_page import damage_words

    damage = Damage("line", (51,), kept=49, lost=71)
    assert str(damage) == ("Line 51 of the autosave is damaged: the first 49 moves were kept; 71 moves "
                           "could not be used.")
    language("fr")
    assert damage_words(damage) == ("La ligne 51 de la sauvegarde automatique est abîmée : les 49 premiers "
                                    "coups ont été conservés ; 71 coups n'ont pas pu être repris.")
    illegal = Damage("move", (), kept=2, lost=1, move=3, move_line=4, why="illegal", half_year=1)
    assert damage_words(illegal) == (
        "Le coup 3 de la sauvegarde automatique (ligne 4) n'est pas permis à ce moment de la partie "
        "(semestre 1) : les 2 premiers coups ont été conservés ; 1 coup n'a pas pu être repris.")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_two_items_of_a_menu_share_a_keyboard_accelerator(qtbot, language, lang):
    """Issue 31: the French View menu had P twice (Plateau central, Panneau latéral) and A twice
    (Zoom avant, Ajuster les plateaux)."""
    import re

    language(lang)
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    for menu_action in window.menuBar().actions():
        menu = menu_action.menu()
        keys = [m.group(1).lower() for a in menu.actions() if not a.isSeparator()
                for m in [re.search(r"&([^&])", a.text())] if m]
        if menu_action.text().replace("&", "") in ("Affichage", "View"):
            assert len(keys) >= 7, keys
        assert len(keys) == len(set(keys)), (menu_action.text(), keys)
    bar = window.menuBar().actions()
    titles = [m.group(1).lower() for a in bar for m in [re.search(r"&([^&])", a.text())] if m]
    assert len(titles) == len(set(titles))


def test_the_goods_track_title_ends_inside_the_board_frame_in_french(qtbot, language):
    """Issue 31: "Piste de ressources - Nourriture 5 sur 30" ran over the Home Board's frame."""
    from PySide6.QtWidgets import QGraphicsTextItem

    from arle.gui.boards import home_layout
    from arle.gui.boards.home_scene import HomeBoardScene
    from arle.gui.boards.scene import SceneText
    from tests.gui.scene_helpers import make_session

    language("fr")
    scene = HomeBoardScene(make_session(), 0)
    titles = [i for i in scene.items_now() if isinstance(i, (QGraphicsTextItem, SceneText))
              and i.toPlainText().startswith("Piste de ressources")]
    assert len(titles) == 1
    assert titles[0].sceneBoundingRect().right() <= home_layout.WIDTH - 8


def test_french_new_game_lists_show_whole_building_names(qtbot, language):
    """Issue 31: New Game's building lists had sideways scroll bars ("Atelier du fabricant de ch…")."""
    from arle.gui.shell.dialogs import NewGameDialog

    language("fr")
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.building_set.setCurrentIndex(dialog.building_set.findData("explicit"))
    dialog.resize(dialog.sizeHint())
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.width() <= 1280 - 16 and dialog.height() <= 720 - 60
    for lw, _n in dialog.pick_lists:
        assert not lw.horizontalScrollBar().isVisible()
        assert lw.viewport().width() >= lw.sizeHintForColumn(0)
        assert lw.viewport().height() >= sum(lw.sizeHintForRow(i) for i in range(lw.count()))


def test_two_games_in_progress_show_whole_at_1280x720_in_french(qtbot, language, tmp_path):
    """Issue 31: the start page's second game in progress was half cut at 1280x720."""
    from arle.engine import Setup
    from arle.files.journal import Autosaver, new_autosave_path
    from arle.match.history import GameHistory

    for seed in (3, 4):
        saver = Autosaver(new_autosave_path(), durable=False)
        saver.start(GameHistory(Setup(players=2, seed=seed, names=("Anna", "Ben"))))
        saver.close()
    language("fr")
    window = MainWindow(autosave=True)
    qtbot.addWidget(window)
    window.resize(1280, 720 - 40)
    window.show()
    qtbot.waitExposed(window)
    games = window.start_page.games
    qtbot.waitUntil(lambda: games.count() == 2)
    qtbot.wait(50)
    assert games.viewport().height() >= games.sizeHintForRow(0) + games.sizeHintForRow(1)


def test_default_player_names_are_said_in_the_windows_language_not_stored_in_english(
        qtbot, language, monkeypatch):
    """Issue 32: "Player 1" was stored in the settings and spread to a French window ("À Player 1
    de jouer"). A seat left at its default name is kept as "" and said in the window's language."""
    from PySide6.QtWidgets import QDialog

    from arle.files.settings import load_settings
    from arle.gui.shell.dialogs import NewGameDialog

    offered = []

    def accept(dialog):
        offered.append([e.text() for e in dialog.name_edits])
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    language("fr")
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.menus.new.trigger()
    assert offered[0] == ["Joueur 1", "Joueur 2"]
    assert [p.name for p in window.shown.session.match.game.state.players] == ["Joueur 1", "Joueur 2"]
    window.life.close_game()
    assert load_settings().player_names == ["", ""]  # not "Joueur 1", not "Player 1"


def test_french_counts_take_the_plural_the_number_asks_for(qtbot, language):
    """Issue 32: counts without plurals ("2 Cheval", "12 Nourriture", "+2 Peau") in the players'
    panels, the log and the buttons: the words come from the engine's counted forms."""
    from arle.engine import Animal, Good
    from arle.engine.interpreter.events import AnimalsChanged, GoodsChanged
    from arle.gui.kit import style
    from arle.gui.side.panels import event_words
    from arle.gui.side.player_panel import GoodsGrid

    assert style.count_text("horse", 2) == "2 Horses"  # English: its plural (issue 43)
    language("fr")
    assert style.count_text("horse", 2) == "2 chevaux" and style.count_text("horse", 1) == "1 cheval"
    assert style.bundle_text((("timber", 3), ("wood", 2))) == "3 madriers, 2 bois"
    assert event_words(GoodsChanged(0, Good.HIDE, 2, 5)) == "+2 peaux"
    assert event_words(AnimalsChanged(0, Animal.SHEEP, "d0", -3)) == "-3 moutons"
    grid = GoodsGrid(["horse", "food", "wood"])
    qtbot.addWidget(grid)
    grid.set_counts({"horse": "2", "food": "1", "wood": "3"})
    # (issue 50 item 21: as the log writes them, "+1 cheval", not "2 Chevaux")
    assert (grid.name("horse"), grid.name("food")) == ("chevaux", "nourriture")


def test_french_elides_de_before_a_name_that_begins_with_a_vowel(qtbot, language):
    """Issue 32: "Plateau Village de Anna", "À Joueur 1 de jouer": the French words say whose
    with "d'Anna" / "de Ben", and the turn as "Au tour de ..."."""
    from PySide6.QtWidgets import QGraphicsTextItem

    from arle.gui.boards.home_scene import HomeBoardScene
    from arle.gui.boards.scene import SceneText
    from arle.gui.kit import style
    from tests.gui.test_window import history_with

    assert (style.of_name("Anna"), style.of_name("Élodie"), style.of_name("Ben")) == \
        ("d'Anna", "d'Élodie", "de Ben")
    language("fr")
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.life.install(history_with(0))  # Anna and Ben
    actor = window.shown.session.match.game.actor
    assert window.shown.page.banner.title.text() == ("Au tour d'Anna" if actor == 0 else "Au tour de Ben")
    texts = {i.toPlainText() for i in HomeBoardScene(window.shown.session, 0).items_now()
             if isinstance(i, (QGraphicsTextItem, SceneText))}
    assert any(text.startswith("Plateau Village d'Anna") for text in texts), texts


def test_qts_file_dialog_is_french_throughout(qtbot, language):
    """Issue 32: Qt's Open dialog showed "Look in:" and "Files of type:" in English beside
    French buttons: Qt 6 asks for "&Look in:", which qtbase_fr.qm lacks."""
    from PySide6.QtWidgets import QFileDialog, QLabel

    language("fr")
    dialog = QFileDialog(None, "x")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    qtbot.addWidget(dialog)
    labels = [label.text() for label in dialog.findChildren(QLabel)]
    assert "&Voir dans :" in labels and "Fichiers de &type :" in labels
    assert not [text for text in labels if "Look" in text or "type:" in text]
