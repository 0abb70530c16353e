"""Preferences that outlive a session: player names and colours, window geometry, last folder,
language, the friendly-undo default. A JSON file in the platform's config directory
(platformdirs ``user_config_dir``; ``ARLE_CONFIG_DIR`` overrides it), no Qt.

A missing file gives the defaults silently. A corrupt file, or a field of the wrong type, gives
the defaults for what cannot be read plus a warning sentence (logged, and returned by
``read_settings`` so the GUI can show it); it never stops the app. Unknown keys are ignored, so an
older Arle can read a newer file. Text that no file can hold (a lone surrogate) is repaired with
U+FFFD and a warning. Only a regular file is read, at most ``MAX_SETTINGS_BYTES`` (a FIFO or a
link to /dev/zero in its place must not hang the start of the app).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import re
from pathlib import Path
from typing import Any

import platformdirs

from arle.files.errors import bounded_int
from arle.files.paths import FileTooLarge, NotARegularFile, clean_stale_tmp, keep_copy, read_bounded

log = logging.getLogger(__name__)

SCHEMA = 1
MAX_SETTINGS_BYTES = 256 * 1024
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
#: A mailbox server's address (a ws:// or wss:// URL) and a transit relay's hint (tcp:HOST:PORT).
_MAILBOX = re.compile(r"^wss?://(\[[0-9a-fA-F:.]+\]|[^\s/:\[\]]+)(:[0-9]{1,5})?(/\S*)?$")
_RELAY = re.compile(r"^tcp:[^\s:]+:[0-9]{1,5}$")
#: The words each choice setting may hold (anything else in the file gives the default).
CHOICES: dict[str, tuple[str, ...]] = {
    "computer_pace": ("slow", "normal", "instant"),
    "animations": ("on", "fast", "off"),
    "language": ("system", "en", "fr"),
}
#: A seat played by a person (``arle.match.PERSON``); the computer's levels are checked only when
#: a file names one (``seat_kinds``).
PERSON = "person"
BOOLEANS = ("friendly_undo", "confirm_end_turn", "auto_pay", "cut_all_peat", "tutorial_done")
#: The board zoom a player may choose (0.5 = 50% to 2.0 = 200%).
ZOOM_RANGE = (0.5, 3.0)
COMPUTER_PACES = CHOICES["computer_pace"]


def seat_kinds() -> tuple[str, ...]:
    """Who may play a seat, as New Game remembers it: a person or a level of the computer
    (``arle.match.SEAT_KINDS``, from the levels' one table). Imported only when a file names a
    computer seat: the start page reads the settings before its first paint, without the engine."""
    from arle.match import SEAT_KINDS

    return SEAT_KINDS


@dataclasses.dataclass
class Settings:
    """A dataclass, not attrs: the start page reads it before its first paint (attrs costs ~15 ms)."""

    #: The names last chosen; "" for a seat left at its default name, which the window says in its
    #: language ("Joueur 1"), not stored in English.
    player_names: list[str] = dataclasses.field(default_factory=lambda: ["", ""])
    #: "#rrggbb" per seat.
    player_colours: list[str] = dataclasses.field(
        default_factory=lambda: ["#E69F00", "#0072B2"]  # the GUI's defaults
    )
    #: Opaque to this module: whatever the GUI stores (e.g. base64 of QWidget.saveGeometry()).
    window_geometry: str = ""
    last_directory: str = ""
    #: "system" (follow the system's locale), "en" or "fr" (another is not kept: this Arle cannot show it).
    language: str = "system"
    friendly_undo: bool = False
    #: How fast a computer player moves: "slow", "normal" or "instant" (read by the computer player).
    computer_pace: str = "normal"
    #: Piece animations: "on", "fast" or "off" (read by the boards).
    animations: str = "on"
    #: Ask before a Work Phase is ended (EndTurn).
    confirm_end_turn: bool = False
    #: Pay without asking when the ways to pay differ only in Timber for Wood / Brick for Clay.
    auto_pay: bool = False
    #: One Peat cut by hand cuts every Peat the action allows.
    cut_all_peat: bool = False
    #: Board zoom, 1.0 = 100% (``ZOOM_RANGE``).
    zoom: float = 1.0
    #: The guided first game was finished or left (the start page then stops offering it first).
    tutorial_done: bool = False
    #: Who played each seat of the last game chosen in New Game ("person" or a computer level),
    #: and how many players it had: the dialog offers them again.
    player_seats: list[str] = dataclasses.field(default_factory=lambda: ["person", "person"])
    players: int = 2
    #: The player's own meeting (mailbox) server for live play, a ws:// or wss:// URL, and transit
    #: relay, tcp:HOST:PORT ("": the public ones, ``arle.match.remote.servers``).
    mailbox: str = ""
    relay: str = ""


def network_valid(name: str, value: str) -> bool:
    """Whether ``value`` can be the ``mailbox`` URL (ws:// or wss://) or the ``relay`` hint
    (tcp:HOST:PORT); "" can be either (the public servers)."""
    form = _MAILBOX if name == "mailbox" else _RELAY
    return value == "" or form.match(value) is not None


def config_dir() -> Path:
    override = os.environ.get("ARLE_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir("arle", appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def _valid(name: str, value: Any) -> bool:
    if name in ("player_names", "player_colours"):
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
            return False
        if name == "player_colours":
            return all(_COLOUR.match(v) for v in value)
        return all(len(v) <= 64 for v in value)
    if name in BOOLEANS:
        return isinstance(value, bool)
    if name == "player_seats":
        return (isinstance(value, list) and len(value) == 2
                and all(v == PERSON or (isinstance(v, str) and v in seat_kinds()) for v in value))
    if name == "players":
        return value in (1, 2) and not isinstance(value, bool)
    if name in CHOICES:
        return value in CHOICES[name]
    if name in ("mailbox", "relay"):
        return isinstance(value, str) and network_valid(name, value)
    if name == "zoom":  # JSON has no bool/int/float distinction we could trust: refuse true, NaN
        return (isinstance(value, int | float) and not isinstance(value, bool)
                and ZOOM_RANGE[0] <= value <= ZOOM_RANGE[1])  # NaN and infinity are not in it
    return isinstance(value, str) and len(value) <= 64 * 1024


def read_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The settings, and a warning sentence if (part of) the file had to be replaced by defaults.

    A file with something wrong in it keeps every setting that can be read (a key given twice: the
    last one), and a copy of it is set aside as ``settings.json.damaged`` before Arle writes the
    file again, so that nothing of it is lost."""
    path = Path(path) if path is not None else settings_path()
    clean_stale_tmp(path.parent)  # left by a kill during save_settings
    defaults = Settings()
    twice: list[str] = []
    try:
        raw = read_bounded(path, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return defaults, None
    except FileTooLarge:
        return _warn(defaults, f"the settings file {path} is absurdly large; using the defaults")
    except NotARegularFile:
        return _warn(defaults, f"the settings file {path} is not a regular file; using the defaults")
    except OSError as exc:
        return _warn(defaults, f"the settings file {path} could not be read ({exc.strerror or exc}); "
                               "using the defaults")
    try:  # a number no setting can hold (NaN, Infinity, 5,000 digits) spoils its field only
        data = json.loads(raw.decode("utf-8").removeprefix("\ufeff"),
                          object_pairs_hook=lambda pairs: _last_wins(pairs, twice),
                          parse_int=_int_or_bad, parse_constant=_BadNumber)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return _warn(defaults, f"the settings file {path} could not be read (it is not valid JSON); "
                               f"using the defaults{_set_aside(path)}")
    if not isinstance(data, dict):
        return _warn(defaults, f"the settings file {path} is not a settings record; using the defaults"
                               f"{_set_aside(path)}")
    values: dict[str, Any] = {}
    bad: list[str] = []
    repaired: list[str] = []
    for field in dataclasses.fields(Settings):
        if field.name not in data:
            continue
        value = data[field.name]
        if _valid(field.name, value):
            fixed = _repaired(value)
            if fixed != value:
                repaired.append(field.name)
            values[field.name] = float(fixed) if field.name == "zoom" else fixed
        else:
            bad.append(field.name)
    settings = Settings(**values)
    problems = []
    if twice:
        problems.append(f"gives {', '.join(sorted(set(twice)))} twice; the last one is used")
    if bad:
        problems.append(f"has unusable {', '.join(bad)}; using the defaults there")
    if repaired:
        problems.append(f"had text that is not valid in {', '.join(repaired)}; it was repaired")
    if problems:
        aside = _set_aside(path) if twice or bad else ""
        return _warn(settings, f"the settings file {path} {'; and '.join(problems)}{aside}")
    return settings, None


class _BadNumber:
    """A number of the file no setting can hold (NaN, Infinity, thousands of digits): read as
    this, so that only its field falls back to the default (issue 42 item 6)."""

    def __init__(self, text: str) -> None:
        self.text = text[:12]


def _int_or_bad(text: str) -> int | _BadNumber:
    try:
        return bounded_int(text)
    except ValueError:
        return _BadNumber(text)


def _last_wins(pairs: list[tuple[str, Any]], twice: list[str]) -> dict[str, Any]:
    """A record whose keys given twice are noted in ``twice`` (the last one is kept, as JSON says)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            twice.append(key)
        data[key] = value
    return data


def _set_aside(path: Path) -> str:
    """Keep a copy of the settings file as it is (``.damaged``), to be said in the warning."""
    try:  # read twice at a start (the language first): one copy of the same bytes is enough
        kept = keep_copy(path, read_bounded(path, MAX_SETTINGS_BYTES), reuse=True)
    except OSError:
        return ""
    return f" (the file as it was is kept as {kept.name})"


def _repaired(value: Any) -> Any:
    """``value`` with every lone surrogate in its text replaced by U+FFFD."""
    if isinstance(value, list):
        return [_repaired(v) for v in value]
    if isinstance(value, str):
        return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in value)
    return value


def _warn(settings: Settings, message: str) -> tuple[Settings, str]:
    log.warning(message)
    return settings, message


def load_settings(path: Path | None = None) -> Settings:
    """The settings (any warning is logged)."""
    return read_settings(path)[0]


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings crash-safely (a half-written file would cost the player them all)."""
    from arle.files.paths import atomic_write_text  # (engine-free: saving settings loads no rules)

    path = Path(path) if path is not None else settings_path()
    data = {"schema": SCHEMA, **{k: _repaired(v) for k, v in dataclasses.asdict(settings).items()}}
    atomic_write_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
