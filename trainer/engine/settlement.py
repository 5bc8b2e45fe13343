"""Bets, the paytable and settlement, exact to the cent."""

from __future__ import annotations

import difflib
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal

from trainer.engine.coup import Outcome
from trainer.engine.errors import InvalidAmountError, InvalidBetError, quote
from trainer.engine.money import ODDS, WAGERS, as_amount, format_amount, normalize, round_payout


class Bet(enum.Enum):
    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"
    DRAGON7 = "dragon7"
    PANDA8 = "panda8"

    @property
    def label(self) -> str:
        return Outcome(self.value).label  # each bet is named after the outcome it backs

    @classmethod
    def parse(cls, name: str) -> Bet:
        """Bet from its name ("dragon7", "Dragon 7", "panda-8"); InvalidBetError otherwise."""
        key = name.strip().lower().replace(" ", "").replace("-", "").replace("_", "")
        for bet in cls:
            if key == bet.value:
                return bet
        names = [b.value for b in cls]
        hint = difflib.get_close_matches(key, names, n=1) if len(key) < 40 else []
        suggestion = f" (did you mean {hint[0]}?)" if hint else ""
        raise InvalidBetError(
            f"{quote(name)} is not a bet{suggestion}: bets are {', '.join(names)}"
        )


class BetResult(enum.Enum):
    WIN = "win"
    PUSH = "push"
    LOSE = "lose"


#: The settlement table of RULES.md: RESULTS[outcome][bet].
RESULTS: Mapping[Outcome, Mapping[Bet, BetResult]] = {
    Outcome.PLAYER: {
        Bet.PLAYER: BetResult.WIN, Bet.BANKER: BetResult.LOSE, Bet.TIE: BetResult.LOSE,
        Bet.DRAGON7: BetResult.LOSE, Bet.PANDA8: BetResult.LOSE,
    },
    Outcome.PANDA8: {
        Bet.PLAYER: BetResult.WIN, Bet.BANKER: BetResult.LOSE, Bet.TIE: BetResult.LOSE,
        Bet.DRAGON7: BetResult.LOSE, Bet.PANDA8: BetResult.WIN,
    },
    Outcome.BANKER: {
        Bet.PLAYER: BetResult.LOSE, Bet.BANKER: BetResult.WIN, Bet.TIE: BetResult.LOSE,
        Bet.DRAGON7: BetResult.LOSE, Bet.PANDA8: BetResult.LOSE,
    },
    Outcome.DRAGON7: {
        Bet.PLAYER: BetResult.LOSE, Bet.BANKER: BetResult.PUSH, Bet.TIE: BetResult.LOSE,
        Bet.DRAGON7: BetResult.WIN, Bet.PANDA8: BetResult.LOSE,
    },
    Outcome.TIE: {
        Bet.PLAYER: BetResult.PUSH, Bet.BANKER: BetResult.PUSH, Bet.TIE: BetResult.WIN,
        Bet.DRAGON7: BetResult.LOSE, Bet.PANDA8: BetResult.LOSE,
    },
}


def _odds(bet: Bet, value: Decimal | int | str) -> Decimal:
    """The money module's ODDS rule, with the bet named."""
    try:
        return as_amount(value, ODDS)
    except InvalidAmountError as exc:
        raise InvalidAmountError(f"{bet.value} pays: {exc}") from None


@dataclass(frozen=True, slots=True)
class Paytable:
    """What each bet pays to 1 when it wins.  House rules change these, never the code."""

    player: Decimal = Decimal(1)
    banker: Decimal = Decimal(1)
    tie: Decimal = Decimal(8)
    dragon7: Decimal = Decimal(40)
    panda8: Decimal = Decimal(25)

    def __post_init__(self) -> None:
        for bet in Bet:
            object.__setattr__(self, bet.value, _odds(bet, getattr(self, bet.value)))

    def odds(self, bet: Bet) -> Decimal:
        return getattr(self, bet.value)

    def with_odds(self, overrides: Mapping[Bet, Decimal | int | str]) -> Paytable:
        return replace(self, **{bet.value: odds for bet, odds in overrides.items()})


@dataclass(frozen=True, slots=True)
class Settlement:
    bet: Bet
    wager: Decimal
    result: BetResult
    odds: Decimal
    outcome: Outcome = field(compare=False)

    @property
    def paid(self) -> Decimal:
        """Winnings paid on top of the wager (0 on a push or a loss), in whole cents: a
        fraction of a cent is settled by the house's rounding rule (``round_payout``)."""
        return round_payout(self.wager * self.odds) if self.result is BetResult.WIN else Decimal(0)

    @property
    def returned(self) -> Decimal:
        """What goes back to the bettor: wager plus winnings, the wager on a push, else 0."""
        if self.result is BetResult.LOSE:
            return Decimal(0)
        return normalize(self.wager + self.paid)

    @property
    def reason(self) -> str:
        """The dealer's sentence: 'Dragon 7 pays 40 to 1: 15 × 40 = 600'; at 1 to 1 dealers
        say even money ('Player pays even money: 65'), and there is nothing to multiply."""
        label, wager = self.bet.label, format_amount(self.wager)
        if self.result is BetResult.WIN:
            if self.odds == 1:
                return f"{label} pays even money: {format_amount(self.paid)}"
            odds, paid = format_amount(self.odds), format_amount(self.paid)
            exact = format_amount(self.wager * self.odds)
            if exact != paid:  # the breakage: say what the rounding rule kept
                return f"{label} pays {odds} to 1: {wager} × {odds} = {exact}, paid {paid}"
            return f"{label} pays {odds} to 1: {wager} × {odds} = {paid}"
        if self.result is BetResult.PUSH:
            why = "a Dragon 7" if self.outcome is Outcome.DRAGON7 else "a Tie"
            return f"{label} pushes on {why}: the {wager} is returned, nothing paid"
        return f"{label} loses on {_outcome_phrase(self.outcome)}: the {wager} is taken"


def _outcome_phrase(outcome: Outcome) -> str:
    return {
        Outcome.PLAYER: "a Player win",
        Outcome.BANKER: "a Banker win",
        Outcome.TIE: "a Tie",
        Outcome.DRAGON7: "a Dragon 7",
        Outcome.PANDA8: "a Panda 8",
    }[outcome]


def settle_bet(
    outcome: Outcome, bet: Bet, wager: Decimal, paytable: Paytable | None = None
) -> Settlement:
    """How one wager fares; the wager must be within ``WAGERS`` (InvalidAmountError)."""
    try:
        wager = as_amount(wager, WAGERS)
    except InvalidAmountError as exc:
        raise InvalidAmountError(f"wager on {bet.value}: {exc}") from None
    table = paytable or DEFAULT_PAYTABLE
    return Settlement(bet, normalize(wager), RESULTS[outcome][bet], table.odds(bet), outcome)


def settle(
    outcome: Outcome, wagers: Mapping[Bet, Decimal], paytable: Paytable | None = None
) -> dict[Bet, Settlement]:
    """Settle every wager on the layout, in the layout's order."""
    return {bet: settle_bet(outcome, bet, wagers[bet], paytable) for bet in Bet if bet in wagers}


DEFAULT_PAYTABLE = Paytable()
