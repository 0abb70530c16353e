"""The one door for play: ``Game.legal_moves()`` and ``Game.apply(move)``.

The game runs the flow of the rulebook (half-years, months, work phase, final turns,
inventorying, the end) and the step interpreter of ``steps`` until a player must decide.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..content.action_spaces import ACTION_SPACES
from ..content.messages import render
from ..content.text import Text, say
from ..rules import animals
from ..rules.animals import WAITING
from ..rules.anytime import anytime_moves, apply_anytime, release_moves
from ..rules.refusals import Refusal, explain
from ..rules.scoring import ScoreBreakdown, score
from . import flow
from .bounds import FREE_MOVES, MAX_MOVES
from .events import (
    ActionResumed,
    Event,
    GameEnded,
    HalfYearStarted,
    OptionsLapsed,
    PhaseStarted,
    PlacementSkipped,
    TurnEnded,
    WorkerPlaced,
)
from .moves import MOVE_TYPES, EndTurn, Move, PlaceWorker, ReleaseAnimal, SkipPlacement, describe
from .setup import Setup, initial_state
from .state import FINAL_TURNS, INVENTORY, LAST_TRADE, OVER, WORK, GameState
from .steps import Decision, HouseAnimalsDecision, Script


class IllegalMove(ValueError):
    """Raised by ``apply`` for a move that is not legal now; the game is unchanged."""


class Game:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.state: GameState = initial_state(setup)
        self.stats: Counter[str] = Counter()
        self._events: list[Event] = []
        self._legal_moves: list[Move] | None = None
        self._options: tuple[Decision, list[Move]] | None = None
        self._n_decision = 0  # _legal_moves[:_n_decision] answer the decision, the rest are anytime
        #: Moves applied since the setup: from ``FREE_MOVES`` on the anytime moves stop, and at
        #: ``MAX_MOVES`` every move does (so every player, search and history sees one bound).
        self.played = 0
        self._start_half_year()
        self._advance()
        self.setup_events = self._take_events()

    # -- reading the state ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.phase is OVER

    @property
    def actor(self) -> int | None:
        """The player who must move now (None once the game is over)."""
        s = self.state
        if s.stack:
            player: int | None = s.stack[-1].player
            return player
        if s.phase is WORK:
            return s.placements[0]
        if s.phase in (FINAL_TURNS, LAST_TRADE):
            return s.queue[0]
        return None

    @property
    def decision(self) -> Decision | None:
        top = self.state.stack[-1] if self.state.stack else None
        return top if isinstance(top, Decision) else None

    def prompt(self) -> Text:
        """What the player to act is deciding, in words."""
        d = self.decision
        if d is not None:
            return d.prompt(self)
        return flow.phase_prompt(self)

    def score(self, player: int) -> ScoreBreakdown:
        return score(self.state.players[player])

    def scores(self) -> list[float]:
        return [score(p).total for p in self.state.players]

    # -- the door --------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every move the player to act may make now: ``decision_moves()`` then
        ``anytime_moves()``."""
        legal = self._legal_moves
        if legal is None:
            legal = self._compute_legal()
            self._set_legal(legal)
        return list(legal)

    def decision_moves(self) -> list[Move]:
        """The legal moves that answer the pending decision, or with none pending the moves of
        the phase (place a Worker, end the turn). Exactly one of them moves the game on."""
        legal = self._legal_moves if self._legal_moves is not None else self.legal_moves()
        return legal[: self._n_decision]

    def anytime_moves(self) -> list[Move]:
        """The other legal moves: anytime actions (rulebook p. 7: rearrange Animals, load, the
        Peat Boat, anytime buildings...) the player may take first; none while paying."""
        legal = self._legal_moves if self._legal_moves is not None else self.legal_moves()
        return legal[self._n_decision :]

    def key(self) -> tuple[Any, ...]:
        """A hashable position key (like a chess transposition key): equal exactly when the states
        are equal, whichever moves led there. It covers the state only, not the setup: compare
        keys of games of one setup."""
        return self.state.key()

    def refresh(self) -> list[Event]:
        """The test API: after ``state`` was edited directly (or a rules function was called
        directly), forget what was derived from the old state (the legal moves, the pending
        decision's options), run the automatic steps and phase changes until a player must
        decide, and return the events raised since the last move."""
        self._set_legal(None)
        self._advance()
        return self._take_events()

    def _set_legal(self, moves: list[Move] | None) -> None:
        """Keep ``moves`` as the legal moves (None: the state changed), and forget the options
        ``_advance`` found for the pending decision."""
        self._legal_moves = moves
        self._options = None

    def _decision_moves(self, d: Decision | None) -> list[Move]:
        if d is None:
            return flow.phase_moves(self)
        cached, self._options = self._options, None
        if cached is not None and cached[0] is d:
            return cached[1]  # listed by _advance a moment ago, in this very position
        return d.options(self)

    def _compute_legal(self) -> list[Move]:
        actor = self.actor
        if actor is None or self.played >= MAX_MOVES:
            self._n_decision = 0
            return []
        d = self.decision
        moves = self._decision_moves(d)
        self._n_decision = len(moves)
        if self.played >= FREE_MOVES:
            return moves  # only the decision in hand: the game can still be finished
        if d is not None and not d.allows_anytime:
            return moves + self._releases_keeping_payment(actor)
        extra = anytime_moves(self, self.state.players[actor])
        # Anytime moves are distinct; only one the decision offers too (an Animal to house) is
        # left out. The phase's moves (placing, skipping, ending the turn) are never anytime
        # moves; else comparing move types first spares hashing every move.
        if d is None or set(map(type, moves)).isdisjoint(map(type, extra)):
            moves += extra
        else:
            seen = set(moves)
            moves += [m for m in extra if m not in seen]
        return moves

    def _releases_keeping_payment(self, actor: int) -> list[Move]:
        """Animals may be released at any time (rulebook p. 9), also while a payment waits, as
        long as the Animals it asks for stay."""
        need = dict(getattr(self.decision, "animals", ()))
        p = self.state.players[actor]
        return [m for m in release_moves(p) if animals.count(p, m.animal) > need.get(m.animal, 0)]

    def _index(self, move: Move) -> int:
        """Where ``move`` is in the legal moves, -1 if it is not legal. A move taken from
        ``legal_moves()`` is found by identity, without comparing."""
        legal = self._legal_moves
        assert legal is not None
        for i, m in enumerate(legal):
            if m is move:
                return i
        try:
            return legal.index(move)
        except ValueError:
            return -1

    def why_not(self, move: Move, player: int | None = None) -> Refusal | None:
        """Why ``move`` is not legal now (by ``player`` if given: it may not be their turn), as a
        message id with parameters (``messages.render`` words it); None exactly when it is legal."""
        if self._legal_moves is None:
            self._set_legal(self._compute_legal())
        if (player is None or player == self.actor) and self._index(move) >= 0:
            return None
        return explain(self, move, player)

    def apply(self, move: Move) -> list[Event]:
        """Play ``move``; returns what changed. An illegal move raises IllegalMove, changing
        nothing."""
        if self._legal_moves is None:
            self._set_legal(self._compute_legal())
        index = self._index(move)
        if index < 0:
            if self.played >= FREE_MOVES and type(move).__name__ in MOVE_TYPES:
                raise IllegalMove(say(render(explain(self, move))))  # the bound, in its own words
            what = describe(move) if type(move).__name__ in MOVE_TYPES else f"{move!r} (not a move)"
            raise IllegalMove(f"{what} is not a legal move now ({self.prompt()})")
        self._legal_moves = self._options = None  # (``_set_legal(None)``, inlined: every move)
        self.played += 1
        actor = self.actor
        assert actor is not None
        d = self.decision
        if index < self._n_decision:
            if d is not None:
                d.choose(self, move)
                if isinstance(d, HouseAnimalsDecision) and d.finished:
                    self._resumed(actor)
            else:
                self._phase_move(actor, move)
            self._advance()
        else:
            apply_anytime(self, self.state.players[actor], move)
            self._advance()
            if d is not None and not d.finished and not any(f is d for f in self.state.stack) \
                    and not any(isinstance(e, OptionsLapsed) for e in self._events):
                # The anytime move (a load, a trade) took what the waiting decision needed: it
                # was dropped for want of options, which the log says instead of keeping silent.
                self.emit(OptionsLapsed(d.player, d.lapsed_text(self)))
        return self._take_events()

    def _resumed(self, player: int) -> None:
        """Say that the action under the housed Animals goes on (``ActionResumed``), if one does."""
        for frame in reversed(self.state.stack):
            if isinstance(frame, Script) and frame.player == player and frame.source and frame.steps:
                self.emit(ActionResumed(player, frame.source))
                return

    def copy(self) -> Game:
        """An independent game in the same position, for undo snapshots and searches: the state
        is copied, the setup and the cached legal moves (never changed in place) are shared, the
        ``stats`` counter (coverage of this game object's own moves) starts empty. A test that
        edits the copy's ``state`` directly calls ``refresh()`` after, as for any game."""
        clone = Game.__new__(Game)
        clone.setup = self.setup
        clone.state = self.state.copy()
        clone.stats = Counter()
        clone._events = []
        clone._legal_moves = self._legal_moves
        clone._options = None
        clone._n_decision = self._n_decision
        clone.played = self.played
        clone.setup_events = list(self.setup_events)
        return clone

    # -- used by rules modules --------------------------------------------------------------------

    def emit(self, event: Event) -> None:
        self._events.append(event)

    def push(self, script: Script) -> None:
        self.state.stack.append(script)

    def stats_flip(self, name: str) -> None:
        self.stats[f"flip:{name}"] += 1

    # -- flow ---------------------------------------------------------------------------------------

    def _take_events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    def _start_half_year(self) -> None:
        s = self.state
        s.placements = flow.placement_order(s)
        s.occupied = {}
        s.special_used_by = None
        s.phase = WORK
        self.emit(HalfYearStarted(-1, s.half_year, s.season))

    def _phase_move(self, actor: int, move: Move) -> None:
        s = self.state
        if isinstance(move, PlaceWorker):
            space = ACTION_SPACES[move.space]
            s.placements.pop(0)
            s.occupied[space.id] = actor
            if space.season != s.season:
                s.special_used_by = actor
            self.stats[f"space:{space.id}"] += 1
            self.emit(WorkerPlaced(actor, space.id))
            self.push(Script(actor, list(space.steps), source=space.id))
        elif isinstance(move, SkipPlacement):
            s.placements.pop(0)
            self.emit(PlacementSkipped(actor))
        elif isinstance(move, EndTurn):
            s.queue.pop(0)
            self.emit(TurnEnded(actor))
        else:  # pragma: no cover - legal_moves never offers anything else here
            raise IllegalMove(describe(move))

    def _advance(self) -> None:
        """Run automatic steps and phase changes until a player has to decide."""
        s = self.state
        stack = s.stack
        players = s.players
        while True:
            for p in players:  # _ensure_animals_housed, checked here first: rarely any waits
                if WAITING in p.animals:
                    self._ensure_animals_housed()
                    break
            if stack:
                top = stack[-1]
                if isinstance(top, Script):
                    if not top.steps:
                        stack.pop()
                        continue
                    step = top.steps.pop(0)
                    decision = step.run(self, s.players[top.player])
                    if decision is not None:
                        # Decisions go above anything the step itself pushed.
                        stack.append(decision)
                    continue
                if top.finished:
                    stack.pop()
                    continue
                options = top.options(self)
                if not options:
                    stack.pop()
                    undone = top.unanswered_text(self)
                    if undone is not None:  # (a step the game could not carry out says so)
                        self.emit(OptionsLapsed(top.player, undone))
                    continue
                if len(options) == 1 and top.auto_single:
                    top.choose(self, options[0])
                    continue
                self._options = (top, options)
                return
            if not self._advance_phase():
                return

    def _ensure_animals_housed(self) -> None:
        for p in self.state.players:
            if WAITING in p.animals and animals.waiting(p) and not any(
                isinstance(f, HouseAnimalsDecision) and f.player == p.index for f in self.state.stack
            ):
                self.state.stack.append(HouseAnimalsDecision(p.index))

    def _advance_phase(self) -> bool:
        """Move the flow on when nobody has anything pending. False: a player must act."""
        s = self.state
        if s.phase is WORK:
            if s.placements:
                return False
            s.phase = FINAL_TURNS
            s.queue = flow.next_order(s)
            self.emit(PhaseStarted(-1, s.phase.value))
            return True
        if s.phase is FINAL_TURNS:
            if s.queue:
                return False
            s.phase = INVENTORY
            self.emit(PhaseStarted(-1, s.phase.value))
            for player in reversed(flow.next_order(s)):
                self.push(flow.inventory_script(s, player))
            return True
        if s.phase is INVENTORY:
            s.start_player = flow.next_order(s)[0]
            if s.half_year >= flow.HALF_YEARS:
                s.phase = LAST_TRADE
                s.queue = flow.order_from(s, s.start_player)
                self.emit(PhaseStarted(-1, s.phase.value))
                return True
            s.half_year += 1
            self._start_half_year()
            return True
        if s.phase is LAST_TRADE:
            while s.queue and not _trades_left(self, s.queue[0]):
                s.queue.pop(0)  # nothing left to trade: no click needed
            if s.queue:
                return False
            s.phase = OVER
            s.winner = flow.winner(self)
            self.emit(GameEnded(-1, tuple(self.scores()), s.winner))
            return False
        return False


def _trades_left(g: Game, player: int) -> bool:
    """Whether the last trade turn offers the player anything; releasing an Animal, never worth
    doing at the end, does not earn a turn of its own."""
    return any(not isinstance(m, ReleaseAnimal) for m in anytime_moves(g, g.state.players[player]))
