"""The window's language: chosen and installed before the first window, and View > Language.

One gettext catalogue serves both sides: ``arle.gui.kit.texts.say`` puts the engine's texts into it,
and ``CatalogueTranslator`` answers Qt's ``tr()`` calls from it (Qt looks a text up by context;
Arle's texts mean the same in every context, so the context is ignored). Qt's own dialogs (file
dialogs, message box buttons) use Qt's ``qtbase_<code>.qm``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator
from PySide6.QtGui import QAction, QActionGroup

from arle.files.catalogues import N_, choose_language, load_language

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QMenu

    from arle.engine import Language

_locale_before: list[QLocale] = []  # the default locale before install_language changed it

#: Labels of Qt's own file dialog that Qt's French catalogue (qtbase_fr.qm) has only without the
#: mnemonic Qt 6 asks for ("Look in:", not "&Look in:"): Arle's catalogue answers them, so that
#: an Open or Save dialog is French throughout.
QT_GAPS = (N_("&Look in:"), N_("Files of &type:"))

#: (setting, label) for View > Language; the labels are each language's own name.
CHOICES = (("system", "System"), ("en", "English"), ("fr", "Français"))


class CatalogueTranslator(QTranslator):
    """Qt's ``tr()`` looked up in a ``Language``'s gettext catalogue."""

    def __init__(self, language: Language, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.catalogue = language  # (not ``language``: QTranslator.language() is a Qt method)

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str | None:
        if not source:
            return None
        text = self.catalogue.gettext(source)
        return text if text != source else None  # None: Qt keeps the source text

    def isEmpty(self) -> bool:
        return False


def install_language(app: QCoreApplication, requested: str | None, setting: str) -> list[QTranslator]:
    """Install the language to run in (``--lang``, else the setting, else the system's) before the
    first window is built; returns the translators installed (none for English, which imports
    no engine before the first paint)."""
    code = choose_language(requested, setting, QLocale.system().name())
    if code == "en":
        return []
    from arle.gui.kit.texts import set_language

    language = load_language(code)
    set_language(language)
    installed: list[QTranslator] = []
    if code != "pseudo":
        _locale_before.append(QLocale())
        QLocale.setDefault(QLocale(code))
        qt = QTranslator(app)
        if qt.load(f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            installed.append(qt)
    installed.append(CatalogueTranslator(language, app))
    for translator in installed:
        app.installTranslator(translator)
    return installed


def uninstall_language(app: QCoreApplication, installed: list[QTranslator]) -> None:
    """Back to English (for the screenshot tool and the tests, which share one QApplication)."""
    from arle.engine import ENGLISH
    from arle.gui.kit.texts import set_language

    for translator in installed:
        app.removeTranslator(translator)
    set_language(ENGLISH)
    if _locale_before:
        QLocale.setDefault(_locale_before.pop(0))
        _locale_before.clear()


def add_language_menu(menu: QMenu, current: str, chosen: Callable[[str], None]) -> QActionGroup:
    """View > Language: System, English, Français, ``current`` checked; ``chosen`` is called with
    the code picked (saved in the ``language`` setting and used from the next start: the window's
    texts are made once)."""
    sub = menu.addMenu(QCoreApplication.translate("MainWindow", "&Language"))
    group = QActionGroup(menu)
    for code, label in CHOICES:
        text = QCoreApplication.translate("MainWindow", "System") if code == "system" else label
        action = QAction(text, menu, checkable=True)
        action.setData(code)
        action.setChecked(current == code or (code == "system" and current not in dict(CHOICES)))
        group.addAction(action)
        sub.addAction(action)
    group.triggered.connect(lambda action: chosen(str(action.data())))
    return group
