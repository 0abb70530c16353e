""""Place here anyway?": asked before a Worker goes where it would give its player nothing
(``arle.engine.does_nothing``, issue 13). Cancel sends no move, so nothing changes."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QWidget

from arle.engine import Text
from arle.gui.kit.texts import say

#: The dialog's object name (the gesture driver and the tests find it by it).
OBJECT_NAME = "placeAnyway"


def _tr(text: str) -> str:
    return QCoreApplication.translate("PlaceAnyway", text)


def place_anyway(parent: QWidget | None, why: Text) -> bool:
    """Ask; True: place the Worker. Cancel is the default (Escape and Enter keep the Worker)."""
    box = QMessageBox(parent)
    box.setObjectName(OBJECT_NAME)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(_tr("Place here anyway?"))
    box.setText(say(why))
    box.setInformativeText(_tr("Place the Worker here anyway?"))
    place = box.addButton(_tr("Place anyway"), QMessageBox.ButtonRole.AcceptRole)
    place.setObjectName("placeAnywayButton")
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    return clicked is place


def answer(accept: bool) -> bool:
    """Answer an open "Place here anyway?" dialog as a player would (a click on one of its
    buttons); False when none is open. For the gesture driver and the tests."""
    from PySide6.QtWidgets import QApplication

    box = QApplication.activeModalWidget()
    if not isinstance(box, QMessageBox) or box.objectName() != OBJECT_NAME:
        return False
    button = (box.findChild(QAbstractButton, "placeAnywayButton") if accept
              else box.button(QMessageBox.StandardButton.Cancel))
    if button is None:
        return False
    button.click()
    return True
