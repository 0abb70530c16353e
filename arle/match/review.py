"""The game review (issue 40): the computer replays a game and, at each decision of each person,
compares the action played with the best line ``arle.ai.analyse`` finds; the moments that cost
the most, costliest first, each with its half-year, the move played, the move suggested, the
estimated cost in VP and one sentence why.

The unit is an action, as the search sees one: a Worker placement (or another move of the
phase: skipping a Worker, ending a turn) and the sub-choices that complete it, up to the next
placement, the other player or the next phase (``arle.ai.action_over``). Anytime moves before
the placement are left out (loads and trades; the search plays the good ones itself).

**The cost is an estimate.** Both ends are valued the same way by the reviewing level: the best
line's value from ``analyse`` and, for the action played, ``arle.ai.appraise`` of where it
ended (the loads and trades that improve it, then one action further). Each value is the score
now plus the level's evaluation of what the position is still worth in points
(``arle.ai.evaluate``): the difference is in VP, but it is the level's judgment, not a result
played out to the end, and a move the level cannot see the point of may be called costly.
A played action the level values above its own best line costs 0.

Deterministic (the search counts positions, not seconds, below its safety cap), cancellable
(``should_stop``: ``arle.ai.Cancelled`` is raised) and it tells as it goes (``on_progress``,
``on_moment``). No Qt, no files: ``arle.files.reviews`` keeps a finished review beside its game.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from arle.ai import COACH_LEVEL, Reason, action_over, analyse, appraise, reason_words
from arle.ai.reasons import difference
from arle.engine import ENGLISH, Game, Language, Move, Setup, SkipPlacement, move_from_dict, move_to_dict, say

from .history import PERSON, GameHistory
from .words import move_label, number
from .words.names import lowered, season_name, tr

#: Raise whenever what a review finds or how it is worded in a cache changes: cached reviews of
#: another version are made again.
REVIEW_VERSION = 2
#: The levels a review may use (the strongest two: a weaker level teaches little).
REVIEW_LEVELS = ("hard", "expert")
#: How many moments a review lists: always up to ``FEW``, up to ``MOST`` when the extra ones cost
#: at least ``WORTH`` VP each.
FEW, MOST, WORTH = 3, 5, 1.0
#: A cost below this (in VP) is the level's rounding, not a mistake: the move is not listed.
NOISE = 0.05

#: ``on_progress(done, total)``: decisions reviewed so far out of all to review.
Progress = Callable[[int, int], None]


@attrs.frozen
class Moment:
    """One reviewed decision that cost something: ``move``, the 0-based index in the game's move
    list of the first move played that differs from the suggestion (the position shown is the one
    before it); ``start``, where its action began; ``player``, who played it; ``half_year``;
    ``cost``, the estimated VP lost (see the module's note); ``played``, the moves played from
    ``move`` to the end of the action; ``suggested``, the line the level suggests from there;
    ``reason``, the gain the suggested line reaches (``arle.ai.Reason``); ``differs``, what the
    suggested line ends the action with that the move played does not (issue 50 item 5; None
    when the two ends hold the same goods, buildings and points)."""

    move: int
    start: int
    player: int
    half_year: int
    cost: float
    played: tuple[Move, ...]
    suggested: tuple[Move, ...]
    reason: Reason
    differs: Reason | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": self.move, "start": self.start, "player": self.player, "half_year": self.half_year,
            "cost": self.cost, "played": [move_to_dict(m) for m in self.played],
            "suggested": [move_to_dict(m) for m in self.suggested],
            "reason": _reason_dict(self.reason),
            "differs": None if self.differs is None else _reason_dict(self.differs),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Moment:
        """Raises ``ValueError``, ``KeyError`` or ``TypeError`` for data no review wrote."""
        differs = data["differs"]
        return cls(
            _int(data["move"]), _int(data["start"]), _int(data["player"]), _int(data["half_year"]),
            float(data["cost"]), tuple(move_from_dict(m) for m in data["played"]),
            tuple(move_from_dict(m) for m in data["suggested"]), _reason(data["reason"]),
            None if differs is None else _reason(differs),
        )


def _reason_dict(reason: Reason) -> dict[str, Any]:
    return {"id": reason.id, "params": _plain(reason.params)}


def _reason(data: Any) -> Reason:
    """Raises ``ValueError`` (or ``KeyError``, ``TypeError``) for data no review wrote."""
    if not isinstance(data["id"], str) or not isinstance(data["params"], dict):
        raise ValueError("not a reason")
    return Reason(data["id"], {k: _tupled(v) for k, v in data["params"].items()})


@attrs.frozen
class Review:
    """A finished review: the ``level`` that made it, ``decisions`` reviewed, ``moments``
    costliest first (3 to 5; fewer in a short game) and ``key`` (``review_key``)."""

    level: str
    key: str
    decisions: int
    moments: tuple[Moment, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"version": REVIEW_VERSION, "level": self.level, "key": self.key,
                "decisions": self.decisions, "moments": [m.to_dict() for m in self.moments]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        """Raises ``ValueError`` (or ``KeyError``, ``TypeError``) for data no review wrote."""
        if data.get("version") != REVIEW_VERSION or data.get("level") not in REVIEW_LEVELS:
            raise ValueError("a review of another version")
        moments = tuple(Moment.from_dict(m) for m in data["moments"])
        if len(moments) > MOST:
            raise ValueError("too many moments")
        return cls(str(data["level"]), str(data["key"]), _int(data["decisions"]), moments)


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"not a count: {value!r}")
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def review_key(setup: Setup, moves: Sequence[Move], level: str) -> str:
    """What a review depends on: the setup, the moves, the level and ``REVIEW_VERSION``."""
    text = repr((REVIEW_VERSION, level, setup, [move_to_dict(m) for m in moves]))
    return hashlib.sha256(text.encode()).hexdigest()


def reviewed_players(seats: Sequence[str]) -> tuple[int, ...]:
    """The people's seats; in a game of the computer alone, every seat."""
    people = tuple(i for i, kind in enumerate(seats) if kind == PERSON)
    return people or tuple(range(len(seats)))


@attrs.frozen
class Action:
    """One action to review: it began at ``start`` (the position ``before``) and its last move
    is ``end - 1``."""

    start: int
    end: int
    player: int
    before: Game


def actions(setup: Setup, moves: Sequence[Move], players: Sequence[int]) -> list[Action]:
    """The actions of ``players`` in the game, oldest first; in a game in progress, not the
    action still being played (its end cannot be valued yet)."""
    g = Game(setup)
    out: list[Action] = []
    i, n = 0, len(moves)
    while i < n:
        actor = g.actor
        if actor is None or moves[i] not in g.decision_moves():  # an anytime move, or the end
            g.apply(moves[i])
            i += 1
            continue
        root, start = g.copy(), i
        g.apply(moves[i])
        i += 1
        while i < n and not action_over(root, g, actor):
            g.apply(moves[i])
            i += 1
        if actor in players and action_over(root, g, actor):  # (a game in progress: not one begun)
            out.append(Action(start, i, actor, root))
    return out


def review(
    setup: Setup,
    moves: Sequence[Move],
    seats: Sequence[str],
    level: str = COACH_LEVEL,
    should_stop: Callable[[], bool] | None = None,
    on_progress: Progress | None = None,
    on_moment: Callable[[Moment], None] | None = None,
) -> Review:
    """Review the game of ``setup`` and ``moves`` (whose seats are ``seats``) at ``level``:
    ``on_moment`` hears each decision that cost something as it is found, ``on_progress`` how
    many are done. ValueError for a level that does not review; ``arle.ai.Cancelled`` once
    ``should_stop()`` is true."""
    if level not in REVIEW_LEVELS:
        raise ValueError(f"a review is made at {' or '.join(REVIEW_LEVELS)}, not {level!r}")
    todo = actions(setup, moves, reviewed_players(seats))
    found: list[Moment] = []
    for done, action in enumerate(todo):
        if on_progress is not None:
            on_progress(done, len(todo))
        moment = _moment(action, moves, level, should_stop)
        if moment is not None:
            found.append(moment)
            if on_moment is not None:
                on_moment(moment)
    if on_progress is not None:
        on_progress(len(todo), len(todo))
    return Review(level, review_key(setup, moves, level), len(todo), costliest(found))


def costliest(found: Sequence[Moment]) -> tuple[Moment, ...]:
    """The moments to list, costliest first (earlier first among equal costs): up to ``FEW``,
    and up to ``MOST`` while each costs ``WORTH`` VP or more."""
    ranked = sorted(found, key=lambda m: (-m.cost, m.move))
    return tuple(m for i, m in enumerate(ranked[:MOST]) if i < FEW or m.cost >= WORTH)


def _moment(action: Action, moves: Sequence[Move], level: str,
            should_stop: Callable[[], bool] | None) -> Moment | None:
    """The action compared, move by move, with what the Hint of ``level`` suggests: the best
    line from where the action began, searched again wherever the player left it after its first
    step (the Hint searches again at each decision, issue 50: a move the Hint suggested is never
    called costly). None when the action followed it or cost nothing."""
    played = list(moves[action.start:action.end])
    g = action.before.copy()
    best = analyse(g, level, 1, should_stop)[0]
    k = j = 0  # moves played so far; moves of ``best`` followed so far
    while k < len(played):
        move = played[k]
        if j < len(best.moves) and move == best.moves[j]:
            j += 1
        elif g.actor != action.player or move not in g.decision_moves():
            pass  # an anytime move inside the action (a load, a trade): the search plays them itself
        elif j == 0:
            break  # off the Hint's line at its first step
        else:  # off the line at a later step: what the Hint says here
            best = analyse(g, level, 1, should_stop)[0]
            if move != best.moves[0]:
                break
            j = 1
        g.apply(move)
        k += 1
    if k == len(played):  # the Hint's moves were played, anytime moves aside
        return None
    end = g.copy()
    for m in played[k:]:
        end.apply(m)
    cost = round(max(0.0, best.value - appraise(end, action.player, level, should_stop)), 1)
    if cost < NOISE:
        return None
    return Moment(action.start + k, action.start, action.player, g.state.half_year, cost,
                  tuple(played[k:]), best.moves, best.reason, difference(best.end, end, action.player))


# -- in words -------------------------------------------------------------------------------------


@attrs.frozen
class Said:
    """A moment in words: ``when`` (the half-year), ``played``, ``suggested``, ``cost`` (the
    number alone, as ``lang`` writes it) and ``why`` (one sentence)."""

    when: str
    played: str
    suggested: str
    cost: str
    why: str


def position_before(setup: Setup, moves: Sequence[Move], index: int) -> Game:
    """The game before ``moves[index]``."""
    g = Game(setup)
    for m in moves[:index]:
        g.apply(m)
    return g


#: Reasons that say nothing a person can act on: the review says only the difference.
VAGUE = ("ai.reason.position", "ai.reason.only")


def say_moment(moment: Moment, before: Game, lang: Language = ENGLISH) -> Said:
    """``moment`` in ``lang``'s words; ``before`` is the game before ``moment.move``."""
    season = lowered(season_name("summer" if moment.half_year % 2 else "winter", lang), lang)
    when = tr("Half-year {n} ({season})", lang).format(n=moment.half_year, season=season)
    played = move_label(before, moment.played[0], lang) if moment.played else ""
    suggested = move_label(before, moment.suggested[0], lang)
    said = [] if moment.reason.id in VAGUE else [say(reason_words(moment.reason), lang)]
    if moment.played and type(moment.played[0]) is SkipPlacement:
        said = [tr("A Worker taken off the month track without being placed gains nothing this "
                   "half-year.", lang)]
    if moment.differs is not None:  # what the suggestion ends with that the move played does not
        said.append(say(reason_words(moment.differs), lang))
    why = " ".join(said) or tr("The two moves end the action alike; the suggestion leaves the better "
                               "prospects for the actions after it.", lang)
    return Said(when, played, suggested, number(moment.cost, lang), why)


def moment_line(moment: Moment, said: Said, lang: Language = ENGLISH) -> str:
    """One line for a list of moments: "Half-year 3 (Summer): you played …, which cost you about
    4.5 VP; the computer suggests …. Why." (issue 50 item 23: the number is said to be a cost)."""
    return tr("{when}: you played “{played}”, which cost you about {cost} VP; the computer suggests "
              "“{suggested}”. {why}", lang).format(when=said.when, played=said.played,
                                                   suggested=said.suggested, cost=said.cost, why=said.why)


def moments_json(moments: Sequence[Moment], setup: Setup, moves: Sequence[Move],
                 lang: Language = ENGLISH) -> list[dict[str, Any]]:
    """The moments as ``arle review --json`` prints them, costliest first."""
    out = []
    history = GameHistory(setup, moves)  # one replay, then each position from its snapshots
    for m in moments:
        said = say_moment(m, history.position(m.move), lang)
        out.append({"move": m.move, "cost": m.cost, "played": said.played, "suggested": said.suggested,
                    "why": said.why, "half_year": m.half_year, "player": m.player})
    return out
