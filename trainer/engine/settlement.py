"""Bets, the paytable and a settled bet, exact to the cent: values the house composes
(``trainer.engine.house`` settles a wager under a house's rules)."""

from __future__ import annotations

import difflib
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal

from trainer.engine.coup import Outcome
from trainer.engine.errors import InvalidAmountError, InvalidBetError, quote
from trainer.engine.money import ODDS, Amount, Exact, as_amount, normalize, round_payout
from trainer.engine.said import Said, joined


class Bet(enum.Enum):
    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"
    DRAGON7 = "dragon7"
    PANDA8 = "panda8"

    #: Members are singletons: hash by identity, in C, not Enum's Python-level hash of the
    #: name (bets key every settlement lookup; a table settles dozens a coup).
    __hash__ = object.__hash__

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
        if hint:
            raise InvalidBetError(
                Said(
                    "{name} is not a bet (did you mean {bet}?): bets are {bets}",
                    name=quote(name),
                    bet=hint[0],
                    bets=", ".join(names),
                )
            )
        raise InvalidBetError(
            Said("{name} is not a bet: bets are {bets}", name=quote(name), bets=", ".join(names))
        )


class BetResult(enum.Enum):
    WIN = "win"
    PUSH = "push"
    LOSE = "lose"


#: The settlement table of docs/rules.md: RESULTS[outcome][bet] (EZ Baccarat; each game's own table
#: is in trainer.engine.games.GAMES).
RESULTS: Mapping[Outcome, Mapping[Bet, BetResult]] = {
    Outcome.PLAYER: {
        Bet.PLAYER: BetResult.WIN,
        Bet.BANKER: BetResult.LOSE,
        Bet.TIE: BetResult.LOSE,
        Bet.DRAGON7: BetResult.LOSE,
        Bet.PANDA8: BetResult.LOSE,
    },
    Outcome.PANDA8: {
        Bet.PLAYER: BetResult.WIN,
        Bet.BANKER: BetResult.LOSE,
        Bet.TIE: BetResult.LOSE,
        Bet.DRAGON7: BetResult.LOSE,
        Bet.PANDA8: BetResult.WIN,
    },
    Outcome.BANKER: {
        Bet.PLAYER: BetResult.LOSE,
        Bet.BANKER: BetResult.WIN,
        Bet.TIE: BetResult.LOSE,
        Bet.DRAGON7: BetResult.LOSE,
        Bet.PANDA8: BetResult.LOSE,
    },
    Outcome.DRAGON7: {
        Bet.PLAYER: BetResult.LOSE,
        Bet.BANKER: BetResult.PUSH,
        Bet.TIE: BetResult.LOSE,
        Bet.DRAGON7: BetResult.WIN,
        Bet.PANDA8: BetResult.LOSE,
    },
    Outcome.TIE: {
        Bet.PLAYER: BetResult.PUSH,
        Bet.BANKER: BetResult.PUSH,
        Bet.TIE: BetResult.WIN,
        Bet.DRAGON7: BetResult.LOSE,
        Bet.PANDA8: BetResult.LOSE,
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
        odds: Decimal = getattr(self, bet.value)  # a field per bet, named by its value
        return odds

    def with_odds(self, overrides: Mapping[Bet, Decimal | int | str]) -> Paytable:
        return replace(self, **{bet.value: _odds(bet, odds) for bet, odds in overrides.items()})


@dataclass(frozen=True, slots=True)
class Settlement:
    """One bet settled.  ``commission`` is what a winning bet owes the house (taken from the
    payout, or owed in the seat's commission box when ``commission_deferred``); ``fee`` is the
    card room's collection, paid with the wager whatever the result."""

    bet: Bet
    wager: Decimal
    result: BetResult
    odds: Decimal
    outcome: Outcome = field(compare=False)  # as the house names it, for the reason
    commission: Decimal = Decimal(0)
    commission_deferred: bool = False
    fee: Decimal = Decimal(0)
    commission_rate: Decimal = field(default=Decimal(0), compare=False)

    @property
    def gross(self) -> Decimal:
        """Winnings at the paytable's odds, before any commission."""
        if self.result is not BetResult.WIN:
            return Decimal(0)
        return round_payout(self.wager * self.odds)

    @property
    def paid(self) -> Decimal:
        """Winnings paid on top of the wager (0 on a push or a loss), in whole cents (a
        fraction of a cent is settled by the house's rounding rule, ``round_payout``), less a
        commission taken at once (a 20 Banker win at 5 % is paid 19)."""
        taken = Decimal(0) if self.commission_deferred else self.commission
        return normalize(self.gross - taken)

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
        return self.explain()

    def explain(self, *, commission: bool = True, fee: bool = True) -> str:
        """``reason``, leaving out the commission owed (``commission=False``) or the
        collection fee (``fee=False``): a trainer that asks them next teaches the rule ('pays
        19 to 20') without answering its own next question."""
        label, wager = self.bet.label, Amount(self.wager)
        fee_said = (
            Said("; collection fee {amount}", amount=Amount(self.fee)) if self.fee and fee else ""
        )
        owed = self._commission_words if commission else Said("the commission")
        if self.result is BetResult.WIN:
            if self.commission and not self.commission_deferred:
                if not commission:  # the gross less the paid amount would be the answer
                    said = Said(
                        "{bet} pays {odds}, the commission taken at once",
                        bet=label,
                        odds=self._net_odds,
                    )
                    return _then(said, fee_said)
                said = Said(
                    "{bet} pays {odds}: {gross} less {owed} = {paid}",
                    bet=label,
                    odds=self._net_odds,
                    gross=Amount(self.gross),
                    owed=owed,
                    paid=Amount(self.paid),
                )
                return _then(said, fee_said)
            box = (
                Said("; {owed} goes in the seat's commission box", owed=owed)
                if self.commission
                else ""
            )
            if self.odds == 1:
                said = Said("{bet} pays even money: {paid}", bet=label, paid=Amount(self.paid))
                return _then(said, box, fee_said)
            odds, paid = Amount(self.odds), Amount(self.paid)
            exact = Amount(self.wager * self.odds)
            if str(exact) != str(paid):  # the breakage: say what the rounding rule kept
                said = Said(
                    "{bet} pays {odds} to 1: {wager} × {odds} = {exact}, paid {paid}",
                    bet=label,
                    odds=odds,
                    wager=wager,
                    exact=exact,
                    paid=paid,
                )
                return _then(said, box, fee_said)
            said = Said(
                "{bet} pays {odds} to 1: {wager} × {odds} = {paid}",
                bet=label,
                odds=odds,
                wager=wager,
                paid=paid,
            )
            return _then(said, box, fee_said)
        if self.result is BetResult.PUSH:
            if self.outcome is Outcome.DRAGON7:
                said = Said(
                    "{bet} pushes on a Dragon 7: the {wager} is returned, nothing paid",
                    bet=label,
                    wager=wager,
                )
            else:
                said = Said(
                    "{bet} pushes on a Tie: the {wager} is returned, nothing paid",
                    bet=label,
                    wager=wager,
                )
            return _then(said, fee_said)
        said = Said(
            "{bet} loses on {outcome}: the {wager} is taken",
            bet=label,
            outcome=_outcome_phrase(self.outcome),
            wager=wager,
        )
        return _then(said, fee_said)

    @property
    def _net_odds(self) -> str:
        """'19 to 20' for an even-money bet less 5 %; else the odds less the rate."""
        from fractions import Fraction  # only for a commission, kept off the start-up path

        if self.odds != 1:
            return Said("{odds} to 1 less commission", odds=Amount(self.odds))
        net = Fraction(1 - self.commission_rate)
        return Said(
            "{numerator} to {denominator}", numerator=net.numerator, denominator=net.denominator
        )

    @property
    def _commission_words(self) -> str:
        """'5 % commission 0.50 (0.35 rounded up)': the amount, and the exact 5 % when the
        house's rounding changed it."""
        rate = Amount(self.commission_rate * 100)
        exact = self.gross * self.commission_rate
        said = Said("{rate} % commission {amount}", rate=rate, amount=Amount(self.commission))
        if exact == self.commission:
            return said
        note = Said(
            "({rate} % of {gross} is {exact}, rounded by the house's rule)",
            rate=rate,
            gross=Amount(self.gross),
            exact=Exact(exact),
        )
        return Said("{said} {note}", said=said, note=note)


def _then(said: Said, *more: str) -> Said:
    """``said`` and what follows it (a commission box, a fee: "" when none), one message."""
    return joined([said, *(part for part in more if part)], separator="")


def _outcome_phrase(outcome: Outcome) -> Said:
    return {
        Outcome.PLAYER: Said("a Player win"),
        Outcome.BANKER: Said("a Banker win"),
        Outcome.TIE: Said("a Tie"),
        Outcome.DRAGON7: Said("a Dragon 7"),
        Outcome.PANDA8: Said("a Panda 8"),
    }[outcome]


DEFAULT_PAYTABLE = Paytable()
