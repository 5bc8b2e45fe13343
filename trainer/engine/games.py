"""The games a house may deal, and their money rules.

A game (``Game``, its rules as data in ``GAMES``) is its settlement table, whether
winning bets pay a commission, whether each wager pays a collection fee, and who banks.
The commission (``Commission``, rounded by ``Rounding``) and the card room's collection fee
(``FeeSchedule``, a step table of ``FeeStep`` rows) are the money rules a ``House`` takes.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from types import MappingProxyType

from trainer.engine.coup import Outcome
from trainer.engine.errors import HouseError, HouseLimitError
from trainer.engine.money import format_amount, normalize
from trainer.engine.settlement import RESULTS as EZ_RESULTS
from trainer.engine.settlement import Bet, BetResult


class Game(enum.Enum):
    """The game a table deals; its rules are data in :data:`GAMES`."""

    EZ = "ez"
    COMMISSION = "commission"
    CARDROOM = "cardroom"

    __hash__ = object.__hash__  # singletons: identity hash, in C (read on every settlement)

    @property
    def rules(self) -> GameRules:
        return GAMES[self]


Table = Mapping[Outcome, Mapping[Bet, BetResult]]


def _table(rows: Table) -> Table:
    return MappingProxyType({o: MappingProxyType(dict(r)) for o, r in rows.items()})


def _commission_results() -> Table:
    """Classic baccarat: the Banker bet is never barred, so a three-card Banker 7 is just a
    Banker win (paid less commission).  Dragon 7 and Panda 8 still name outcomes for the side
    bets, when a house offers them."""
    rows = {o: dict(r) for o, r in EZ_RESULTS.items()}
    rows[Outcome.DRAGON7][Bet.BANKER] = BetResult.WIN
    return _table(rows)


@dataclass(frozen=True, slots=True)
class GameRules:
    """What a game is, as data: the settlement table RESULTS[outcome][bet], whether winning
    bets pay a commission, whether each wager pays a collection fee, and who banks."""

    game: Game
    title: str
    results: Table
    commission: bool = False
    fee: bool = False
    player_banked: bool = False


GAMES: Mapping[Game, GameRules] = MappingProxyType(
    {
        Game.EZ: GameRules(
            Game.EZ,
            "EZ Baccarat",
            _table(EZ_RESULTS),
        ),
        Game.COMMISSION: GameRules(
            Game.COMMISSION,
            "Commission baccarat",
            _commission_results(),
            commission=True,
        ),
        Game.CARDROOM: GameRules(
            Game.CARDROOM,
            "Card-room EZ Baccarat",
            _table(EZ_RESULTS),
            fee=True,
            player_banked=True,
        ),
    }
)


# -- money rules --------------------------------------------------------------------------

CENT = Decimal("0.01")


def round_up(amount: Decimal, unit: Decimal) -> Decimal:
    """``amount`` rounded up to a whole number of ``unit`` (0.35 by 0.25 -> 0.50)."""
    return (amount / unit).to_integral_value(rounding=ROUND_CEILING) * unit


@dataclass(frozen=True, slots=True)
class FeeStep:
    """One line of a step table: wagers up to ``up_to`` (inclusive; None: any larger) owe
    ``amount`` ("$1-5 owes 0.25")."""

    up_to: Decimal | None
    amount: Decimal


def _step_for(steps: Sequence[FeeStep], wager: Decimal) -> FeeStep | None:
    for step in steps:
        if step.up_to is None or wager <= step.up_to:
            return step
    return None


def _check_steps(steps: Sequence[FeeStep], what: str) -> None:
    last: Decimal | None = Decimal(0)
    for i, step in enumerate(steps):
        if last is None:
            raise HouseError(f"{what}: a step after the open-ended one can never apply")
        if step.up_to is not None and step.up_to <= last:
            raise HouseError(
                f"{what}: step {i + 1} (up to {format_amount(step.up_to)}) must be above the "
                f"step before it (up to {format_amount(last)})"
            )
        if step.amount < 0:
            raise HouseError(f"{what}: step {i + 1} owes a negative amount")
        last = step.up_to


@dataclass(frozen=True, slots=True)
class Rounding:
    """How a house rounds the commission owed on one winning bet.

    ``steps`` come first (a step table: "$1-5 owes 0.25, $6-10 owes 0.50"); a wager above
    the table owes the exact commission rounded *up* to a whole number of ``unit``: 0.01 is
    exact to the cent (a fraction of a cent counts as a cent), 0.25 is "up to the next
    quarter".  The house never gives change for a fraction, so rounding is always up.
    """

    unit: Decimal = CENT
    steps: tuple[FeeStep, ...] = ()

    def __post_init__(self) -> None:
        if self.unit < CENT:
            raise HouseError(f"rounding unit {self.unit} is below one cent")
        _check_steps(self.steps, "commission steps")

    def owed(self, exact: Decimal, wager: Decimal) -> Decimal:
        step = _step_for(self.steps, wager)
        return step.amount if step is not None else round_up(exact, self.unit)

    @property
    def label(self) -> str:
        unit = {CENT: "to the cent", Decimal("0.25"): "up to the next quarter"}.get(
            self.unit, f"up to a multiple of {format_amount(self.unit)}"
        )
        if not self.steps:
            return unit
        table = ", ".join(step_words(s) for s in self.steps)
        return f"{table}; above that {unit}"


def step_words(step: FeeStep) -> str:
    where = "above that" if step.up_to is None else f"up to {format_amount(step.up_to)}"
    return f"{where} owes {format_amount(step.amount)}"


class Collection(enum.Enum):
    """When the commission is collected."""

    AT_ONCE = "at_once"  #: taken from the payout: a 20 Banker win is paid 19
    END_OF_SHOE = "end_of_shoe"  #: paid even money, owed in the seat's commission box


@dataclass(frozen=True, slots=True)
class Commission:
    """The commission on winning bets (classic baccarat: 5 % of a winning Banker bet)."""

    rate: Decimal = Decimal("0.05")
    bets: frozenset[Bet] = frozenset({Bet.BANKER})
    collection: Collection = Collection.AT_ONCE
    rounding: Rounding = Rounding()

    def __post_init__(self) -> None:
        if not Decimal(0) < self.rate < Decimal(1):
            raise HouseError(f"a commission rate of {self.rate} is not between 0 and 100 %")

    @property
    def deferred(self) -> bool:
        return self.collection is Collection.END_OF_SHOE

    def owed(self, wager: Decimal) -> Decimal:
        """The commission on a winning bet of ``wager``, after the house's rounding."""
        return self.rounding.owed(wager * self.rate, wager)

    @property
    def percent(self) -> str:
        return f"{format_amount(self.rate * 100)} %"


@dataclass(frozen=True, slots=True)
class FeeSchedule:
    """The card room's collection: a fee paid with each wager, by a step table on the
    wager; ``rotation`` is how many hands each seated player banks in turn."""

    steps: tuple[FeeStep, ...]
    rotation: int = 2

    def __post_init__(self) -> None:
        if not self.steps:
            raise HouseError("a fee schedule needs at least one step")
        # fees as amounts are written (1, 0.50), once, not per settled bet
        object.__setattr__(
            self, "steps", tuple(FeeStep(s.up_to, normalize(s.amount)) for s in self.steps)
        )
        _check_steps(self.steps, "fee steps")
        if self.rotation < 1:
            raise HouseError("the bank rotates after 1 hand or more")

    def fee(self, wager: Decimal) -> Decimal:
        step = _step_for(self.steps, wager)
        if step is None:
            top = self.steps[-1].up_to
            raise HouseLimitError(
                [
                    f"the fee schedule stops at {format_amount(top or Decimal(0))}: no fee is set "
                    f"for a wager of {format_amount(wager)}"
                ]
            )
        return step.amount

    def step_for(self, wager: Decimal) -> tuple[FeeStep, Decimal | None]:
        """The step a ``wager`` pays by, and the top of the step below it (None: the
        first step), so a reason can say 'wagers above 300 pay 3.00'."""
        below: Decimal | None = None
        for step in self.steps:
            if step.up_to is None or wager <= step.up_to:
                return step, below
            below = step.up_to
        self.fee(wager)  # raises the engine's own error for a wager past the schedule
        raise AssertionError("unreachable")

    @property
    def covers(self) -> Decimal | None:
        """The largest wager with a fee (None: any wager)."""
        return self.steps[-1].up_to
