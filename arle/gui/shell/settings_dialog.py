"""Settings… (Game menu, Ctrl+,): the play settings of issue 13, in the spirit of the online
adaptations. The dialog edits a copy of ``arle.files.settings.Settings``; the window saves it and
applies what it owns (confirm the end of a turn, pay automatically, cut all Peat). The language
applies at the next start; computer pace, animations and zoom are read by the parts that use them.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from arle.files.settings import ZOOM_RANGE, Settings, network_valid
from arle.match.remote import servers


def _tr(text: str) -> str:
    return QCoreApplication.translate("SettingsDialog", text)


def _combo(items: list[tuple[str, str]], current: str) -> QComboBox:
    box = QComboBox()
    for text, value in items:
        box.addItem(text, value)
    index = box.findData(current)
    if index < 0:  # a value this edition does not offer (a newer Arle's): kept unless changed
        box.addItem(current, current)
        index = box.count() - 1
    box.setCurrentIndex(index)
    return box


class SettingsDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_tr("Settings"))
        self._base = settings
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.language = _combo([(_tr("System"), "system"), ("English", "en"), ("Français", "fr")],
                               settings.language)
        form.addRow(_tr("Language"), self.language)
        note = QLabel(_tr("A new language applies the next time Arle starts."))
        note.setObjectName("hint")
        note.setWordWrap(True)
        form.addRow("", note)
        self.computer_pace = _combo([(_tr("Slow"), "slow"), (_tr("Normal"), "normal"),
                                     (_tr("Instant"), "instant")], settings.computer_pace)
        self.computer_pace.setToolTip(_tr("How long the computer player takes over each move."))
        form.addRow(_tr("Computer pace"), self.computer_pace)
        self.animations = _combo([(_tr("On"), "on"), (_tr("Fast"), "fast"), (_tr("Off"), "off")],
                                 settings.animations)
        self.animations.setToolTip(_tr("How pieces move on the boards."))
        form.addRow(_tr("Animations"), self.animations)
        self.zoom = QSpinBox()
        self.zoom.setRange(round(ZOOM_RANGE[0] * 100), round(ZOOM_RANGE[1] * 100))
        self.zoom.setSingleStep(10)
        self.zoom.setSuffix(" %")
        self.zoom.setValue(round(settings.zoom * 100))
        self.zoom.setToolTip(_tr("The size of the boards; 100 % fits the board to the window."))
        form.addRow(_tr("Board zoom"), self.zoom)
        self.confirm_end_turn = QCheckBox(_tr("Confirm the end of a turn"))
        self.confirm_end_turn.setToolTip(_tr(
            "Ask before your Work Phase ends, so a stray click on End turn cannot end it."))
        self.confirm_end_turn.setChecked(settings.confirm_end_turn)
        self.auto_pay = QCheckBox(_tr("Pay automatically (Wood and Clay before Timber and Brick)"))
        self.auto_pay.setToolTip(_tr(
            "When the only difference between the ways to pay is Timber instead of Wood or Brick "
            "instead of Clay, pay with Wood and Clay without asking: you keep the Timber and Brick, "
            "which pay for everything Wood and Clay pay for and are worth more points (loading Wood "
            "or Clay onto a vehicle only makes Timber or Brick). Every other choice of payment is "
            "still yours."))
        self.auto_pay.setChecked(settings.auto_pay)
        self.cut_all_peat = QCheckBox(_tr("Cut all Peat at once"))
        self.cut_all_peat.setToolTip(_tr(
            "One Peat cut by hand cuts every Peat the action allows: from the same Moor first, "
            "then from the next. Undo takes them back one at a time."))
        self.cut_all_peat.setChecked(settings.cut_all_peat)
        for box in (self.confirm_end_turn, self.auto_pay, self.cut_all_peat):
            form.addRow("", box)
        lay.addLayout(form)
        lay.addWidget(self._network(settings))
        ok, cancel = QDialogButtonBox.StandardButton.Ok, QDialogButtonBox.StandardButton.Cancel
        self.buttons = QDialogButtonBox(ok | cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self._check_network()

    def _network(self, settings: Settings) -> QGroupBox:
        """Network: the player's own meeting server and relay for live play (empty: the public
        ones of the magic-wormhole project)."""
        box = QGroupBox(_tr("Network"))
        form = QFormLayout(box)
        self.mailbox = QLineEdit(settings.mailbox)
        self.mailbox.setPlaceholderText(servers.MAILBOX)
        self.mailbox.setToolTip(_tr("The meeting server where you and your friend find each other "
                                    "by the code (a ws:// or wss:// address). Empty: the public one."))
        form.addRow(_tr("Meeting server"), self.mailbox)
        self.relay = QLineEdit(settings.relay)
        self.relay.setPlaceholderText(servers.RELAY)
        self.relay.setToolTip(_tr("The relay that carries the game when your computers cannot "
                                  "connect directly (tcp:HOST:PORT). Empty: the public one."))
        form.addRow(_tr("Relay"), self.relay)
        self.network_error = QLabel()
        self.network_error.setObjectName("error")
        self.network_error.setWordWrap(True)
        self.network_error.setStyleSheet("color: #b03a2e;")
        form.addRow("", self.network_error)
        for edit in (self.mailbox, self.relay):
            edit.textChanged.connect(self._check_network)
        return box

    def _check_network(self, *_: object) -> None:
        problem = ""
        if not network_valid("mailbox", self.mailbox.text().strip()):
            problem = _tr("The meeting server is a ws:// or wss:// address, like "
                          "ws://example.org:4000/v1.")
        elif not network_valid("relay", self.relay.text().strip()):
            problem = _tr("The relay is written tcp:HOST:PORT, like tcp:example.org:4001.")
        self.network_error.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)

    def chosen(self) -> Settings:
        """The settings as the dialog shows them (the others unchanged)."""
        return dataclasses.replace(
            self._base,
            language=self.language.currentData(),
            computer_pace=self.computer_pace.currentData(),
            animations=self.animations.currentData(),
            zoom=self.zoom.value() / 100,
            confirm_end_turn=self.confirm_end_turn.isChecked(),
            auto_pay=self.auto_pay.isChecked(),
            cut_all_peat=self.cut_all_peat.isChecked(),
            mailbox=self.mailbox.text().strip(),
            relay=self.relay.text().strip(),
        )
