"""Dead chips (non-negotiable, "rolling" chips) and the commission programmes that pay on them.

docs/rules.md, "Dead chips and rolling commission": a house that sells dead chips lets a
player bet them beside live chips on the bets it names.  The dealer settles such a bet as
any other, with three differences of handling:

- a winning bet is paid at the bet's odds on the whole wager, dead and live, in the table's
  live chips; the dead chips stay with the player (to be bet again);
- a losing bet is taken, its dead chips with it: they have "rolled";
- a push (a Tie, EZ Baccarat's Banker bet on a Dragon 7) leaves the dead chips in place:
  nothing rolled.

A commission programme (``RollingProgramme``) pays the player a percentage of the dead
chips rolled: of those lost (``RollingBase.LOSSES``, the rolling chip volume of Macau's
reporting) or of those on every bet decided, won or lost (``RollingBase.TURNOVER``).  The
percentage and the base are the house's choice; the commission on a bet is rounded down to
the cent (the house pays no fraction of a cent).

Standard library only; values, never words (``describe`` is the house summary's English).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from trainer.engine.errors import HouseError
from trainer.engine.money import format_amount, normalize
from trainer.engine.settlement import Bet, BetResult

__all__ = ["DEAD_BETS", "DeadChips", "RollingBase", "RollingProgramme"]

_CENT = Decimal("0.01")
_ZERO = Decimal(0)
#: The bets a house takes dead chips on when its file names none: the even-money bets.
DEAD_BETS = (Bet.PLAYER, Bet.BANKER)


class RollingBase(enum.Enum):
    """What a rolling commission is a percentage of."""

    #: The dead chips lost: taken by the dealer on a losing bet.
    LOSSES = "losses"
    #: The dead chips on every bet decided, won or lost (a push decides nothing).
    TURNOVER = "turnover"


@dataclass(frozen=True, slots=True)
class RollingProgramme:
    """A commission of ``rate`` (a fraction: 0.012 is 1.2 %) on the dead chips rolled."""

    rate: Decimal
    base: RollingBase = RollingBase.LOSSES

    def __post_init__(self) -> None:
        if not _ZERO < self.rate < 1:
            raise HouseError(f"a rolling commission of {self.rate} is not between 0 and 100 %")

    def rolled(self, dead: Decimal, result: BetResult) -> Decimal:
        """The dead chips of one bet that count under the programme, given its result."""
        if result is BetResult.LOSE or (
            self.base is RollingBase.TURNOVER and result is BetResult.WIN
        ):
            return dead
        return _ZERO

    def commission(self, rolled: Decimal) -> Decimal:
        """The commission on ``rolled`` dead chips, rounded down to the cent."""
        return normalize((rolled * self.rate).quantize(_CENT, rounding=ROUND_DOWN))

    @property
    def percent(self) -> str:
        return f"{(self.rate * 100).normalize():f} %"


@dataclass(frozen=True, slots=True)
class DeadChips:
    """A house's dead chips: the bets it takes them on, and its commission programme (None:
    the dead chips earn no commission at the table)."""

    bets: tuple[Bet, ...] = DEAD_BETS
    programme: RollingProgramme | None = None

    def __post_init__(self) -> None:
        if not self.bets or len(set(self.bets)) != len(self.bets):
            raise HouseError("dead chips: name each bet that takes them once")
        object.__setattr__(self, "bets", tuple(b for b in Bet if b in self.bets))

    def takes(self, bet: Bet) -> bool:
        return bet in self.bets

    def describe(self) -> str:
        """One line of the house summary (English, as the summary is)."""
        bets = ", ".join(b.label for b in self.bets)
        p = self.programme
        pays = (
            "no commission at the table"
            if p is None
            else (
                f"rolling commission {p.percent} of the dead chips "
                f"{'lost' if p.base is RollingBase.LOSSES else 'on each bet won or lost'}, "
                "rounded down to the cent"
            )
        )
        return f"dead chips on {bets}: a win paid in live chips; {pays}"


def dead_problem(bet: Bet, wager: Decimal, dead: Decimal) -> str | None:
    """What is wrong with ``dead`` chips in a ``wager`` on ``bet`` (None: nothing)."""
    if dead <= 0:
        return f"{bet.value} dead chips {format_amount(dead)}: give a positive amount"
    if dead > wager:
        return (
            f"{bet.value} dead chips {format_amount(dead)} are more than the wager "
            f"{format_amount(wager)}"
        )
    return None
