"""The verified final state of a save: its ``final`` summary (half-year, phase, who acts, scores)
and a SHA-256 ``fingerprint`` of the state players can see and act on, written beside the moves
and compared with the replayed game when the file is read (``check_final``), so that an edited
move list, or one made by other rules, is refused in one sentence.
"""

from __future__ import annotations

import hashlib
import json
from enum import Enum
from typing import Any

import attrs

from arle.engine import Game, move_to_dict
from arle.files.errors import SaveError, shown

#: The version of ``fingerprint``'s format: raise it whenever ``canonical`` or ``fingerprint``
#: change what they hash, so that saves fingerprinted the old way are not refused as tampered.
FINGERPRINT_VERSION = 2
#: Version 1 hashed the prompts as Arle 0.1 worded them: a counted choice said "up to 2 more"
#: before any was taken, and the Potter's Inn's Animals had no "(1 of 2)". Version 2 hashes
#: today's words; a version 1 save is checked with the old words (``_prompt_v1``), just as strictly.


def canonical(value: Any) -> Any:
    """A JSON-ready form of engine data that depends only on its contents (dict order, object
    identity and memory addresses play no part), for a fingerprint that is stable across runs."""
    if attrs.has(type(value)):
        fields = {a.name: canonical(getattr(value, a.name)) for a in attrs.fields(type(value))}
        return [type(value).__name__, fields]
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        items = [[canonical(k), canonical(v)] for k, v in value.items()]
        return sorted(items, key=lambda kv: json.dumps(kv[0], sort_keys=True))
    if isinstance(value, list | tuple):
        return [canonical(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((canonical(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if callable(value):
        return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', type(value).__name__)}"
    return repr(value)


def fingerprint(game: Game, version: int = FINGERPRINT_VERSION) -> str:
    """SHA-256 of the state players can see and act on: every field of the game state except
    the engine's internal decision stack, which is pinned down instead by who acts, the prompt
    and the legal moves."""
    state = {
        a.name: canonical(getattr(game.state, a.name)) for a in attrs.fields(type(game.state))
        if a.name != "stack"
    }
    data = {
        "state": state,
        "actor": game.actor,
        "prompt": str(game.prompt() if version >= 2 else _prompt_v1(game)),  # English: language-neutral
        "legal": [move_to_dict(m) for m in game.legal_moves()],
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _prompt_v1(game: Game) -> Any:
    """The prompt as fingerprint version 1 worded it (see ``FINGERPRINT_VERSION``)."""
    d: Any = game.decision
    if d is None:
        return game.prompt()
    fields = attrs.fields_dict(type(d))
    if "taken" in fields and d.taken == 0:
        d = attrs.evolve(d, taken=1)
    if "nth" in fields and d.nth is not None:
        d = attrs.evolve(d, nth=None)
    return d.prompt(game)


def summary(game: Game) -> dict[str, Any]:
    s = game.state
    return {
        "half_year": s.half_year,
        "phase": s.phase.value,
        "actor": game.actor,
        "scores": game.scores(),
        "state_sha256": fingerprint(game),
        "fingerprint": FINGERPRINT_VERSION,
    }


def check_final(raw: Any, game: Game) -> None:
    """Compare the saved summary with the replayed game (version 1 files have none).

    The check always runs, whatever ``app_version`` says (it is only a label anyone can edit).
    The fingerprint is compared as the version it was made with hashes (a change of the hashing
    must not refuse every older save, nor let an edited version number skip the check)."""
    if raw is None:
        return
    if not isinstance(raw, dict):
        raise SaveError("the save's final state record is not valid")
    made_as = raw.get("fingerprint", 1)
    if not isinstance(made_as, int) or isinstance(made_as, bool) or made_as < 1:
        raise SaveError("the save's final state record has no valid fingerprint version")
    if made_as > FINGERPRINT_VERSION:
        raise SaveError(
            f"the save's final state was fingerprinted by a newer Arle (version {shown(made_as)}, this "
            f"Arle knows up to {FINGERPRINT_VERSION}); please update Arle"
        )
    actual = summary(game)
    actual["state_sha256"] = fingerprint(game, made_as)  # every version this Arle knows is checked
    keys = ["half_year", "phase", "actor", "scores", "state_sha256"]
    for key in keys:
        if key not in raw:
            raise SaveError(f"the save's final state record lacks {key}")
        if raw[key] != actual[key]:
            raise SaveError(
                f"replaying the moves does not give the saved final state ({key}: saved {shown(raw[key])}, "
                f"replayed {shown(actual[key])}); the file was changed or made by another "
                "version of the rules"
            )
