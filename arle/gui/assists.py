"""The play settings that send moves for the player (issue 13): "cut all Peat at once" and "pay
automatically". Both follow a move the player made (``GameSession.applied``), never an undo, a
redo or a game just opened, so a move they sent can always be taken back one by one. They send
ordinary moves through ``GameSession.try_apply``; the rules stay the engine's.

Pay automatically is safe by this rule: the ways to pay may differ only in paying Timber instead of
Wood or Brick instead of Clay ("you can always pay Timber instead of Wood and Brick instead of
Clay", rulebook p. 6). Then the payment with the most Wood and Clay is made: it keeps the Timber
and Brick, which pay for everything Wood and Clay pay for and score more (Timber 1/2 VP, Brick
1 VP; loading Wood or Clay onto a vehicle only makes Timber or Brick). Any other difference
(which good of a choice, how many of each) is left to the player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from arle.engine import CutPeat, Game, Good, Move, Pay
from arle.gui.kit.style import move_label

if TYPE_CHECKING:
    from arle.gui.session import GameSession

#: What each substitute pays for (rulebook p. 6).
BASE_OF = {Good.TIMBER: Good.WOOD, Good.BRICK: Good.CLAY}


def _tr(text: str) -> str:
    return QCoreApplication.translate("Assists", text)


def _as_base(goods: tuple[tuple[Good, int], ...]) -> tuple[tuple[Good, int], ...]:
    """A payment with every Timber counted as Wood and every Brick as Clay."""
    total: dict[Good, int] = {}
    for g, n in goods:
        base = BASE_OF.get(g, g)
        total[base] = total.get(base, 0) + n
    return tuple(sorted(total.items()))


def safe_payment(game: Game) -> Pay | None:
    """The payment "pay automatically" makes now, or None when the player must choose (see the
    module's docstring). With one way to pay the engine already pays by itself."""
    moves = game.decision_moves()
    pays = [m for m in moves if isinstance(m, Pay)]
    if len(pays) < 2 or len(pays) != len(moves):
        return None
    if len({_as_base(p.goods) for p in pays}) != 1:
        return None
    return min(pays, key=lambda p: sum(n for g, n in p.goods if g in BASE_OF))


class Assists(QObject):
    """Follows the player's moves in one session with the moves the settings make for them."""

    def __init__(self, session: GameSession, *, cut_all_peat: bool = False, auto_pay: bool = False) -> None:
        super().__init__(session)
        self.session = session
        self.cut_all_peat = cut_all_peat
        self.auto_pay = auto_pay
        self._busy = False
        session.applied.connect(self.follow)

    def follow(self, move: Move) -> None:
        """After the player's ``move``: the rest of its Peat, then a safe payment."""
        if self._busy or self.session.match.game.over or self.session.match.computer_turn:
            return
        self._busy = True
        try:
            if self.cut_all_peat and isinstance(move, CutPeat):
                self._cut_rest(move)
            if self.auto_pay:
                self._pay()
        finally:
            self._busy = False

    def _cut_rest(self, first: CutPeat) -> None:
        """Cut Peat until the decision that took ``first`` is done: from the same Moor while it has
        Peat, then from the next Moor the engine lists."""
        session = self.session
        decision = session.match.game.decision
        if decision is None or CutPeat not in decision.answers:
            return
        while session.match.game.decision is decision:
            cuts = session.match.legal_of(CutPeat)
            if not cuts:
                return
            cut = first if first in cuts else cuts[0]
            if not session.try_apply(cut):
                return

    def _pay(self) -> None:
        """Pay while the pending payment is safe (a payment may buy a step that asks another)."""
        for _ in range(MAX_AUTO_PAYMENTS):
            pay = safe_payment(self.session.match.game)
            if pay is None:
                return
            label = move_label(self.session.match.game, pay)
            if not self.session.try_apply(pay):
                return
            self.session.message.emit(_tr("{payment} (paid automatically: Settings).").format(payment=label))


#: Payments made in a row after one move at most (a bound, not a rule).
MAX_AUTO_PAYMENTS = 8
