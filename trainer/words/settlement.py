"""A settled bet in words, the dealer's sentence for it ("Dragon 7 pays 40 to 1: 15 × 40 =
600"), in the language spoken: the drill screens' explanation of a payout and the reason
``ezbac check`` prints for each bet.  Light on purpose (the engine's settlement values
only), so ``ezbac check`` words its bets without loading the drills' sessions.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from trainer.engine import BetResult, Outcome, Settlement
from trainer.i18n import ENGLISH, PSEUDO, _, current
from trainer.words.names import amount, bet_name


def _outcome_phrase(outcome: Outcome) -> str:
    return {
        Outcome.PLAYER: _("a Player win"),
        Outcome.BANKER: _("a Banker win"),
        Outcome.TIE: _("a Tie"),
        Outcome.DRAGON7: _("a Dragon 7"),
        Outcome.PANDA8: _("a Panda 8"),
    }[outcome]


def _net_odds(s: Settlement) -> str:
    """'19 to 20' for an even-money bet less 5 %; else the odds less the commission."""
    if s.odds != 1:
        return _("{odds} to 1 less commission").format(odds=amount(s.odds))
    net = Fraction(1 - s.commission_rate)
    return _("{numerator} to {denominator}").format(
        numerator=net.numerator, denominator=net.denominator
    )


def _commission_words(s: Settlement) -> str:
    """'5 % commission 0.50 (0.35 rounded up)': the amount, and the exact 5 % when the
    house's rounding changed it."""
    rate = amount(s.commission_rate * 100)
    exact = s.gross * s.commission_rate
    said = _("{rate} % commission {amount}").format(rate=rate, amount=amount(s.commission))
    if exact == s.commission:
        return said
    note = _("({rate} % of {gross} is {exact}, rounded by the house's rule)").format(
        rate=rate, gross=amount(s.gross), exact=exact_amount(exact)
    )
    return f"{said} {note}"


def exact_amount(value: Decimal) -> str:
    """An exact product, every digit ("6.85", "0.0125")."""
    if current() in (ENGLISH, PSEUDO):
        return f"{value.normalize():f}"
    from trainer.i18n.formats import number

    return number(value.normalize())


def explain(s: Settlement, *, commission: bool = True, fee: bool = True) -> str:
    """The dealer's sentence for a settled bet: 'Dragon 7 pays 40 to 1: 15 × 40 = 600';
    leaving out the commission owed (``commission=False``) or the collection fee
    (``fee=False``) when they are asked next."""
    label, wager = bet_name(s.bet), amount(s.wager)
    fee_said = _("; collection fee {amount}").format(amount=amount(s.fee)) if s.fee and fee else ""
    owed = _commission_words(s) if commission else _("the commission")
    if s.result is BetResult.WIN:
        if s.commission and not s.commission_deferred:
            if not commission:
                return (
                    _("{bet} pays {odds}, the commission taken at once").format(
                        bet=label, odds=_net_odds(s)
                    )
                    + fee_said
                )
            return (
                _("{bet} pays {odds}: {gross} less {owed} = {paid}").format(
                    bet=label,
                    odds=_net_odds(s),
                    gross=amount(s.gross),
                    owed=owed,
                    paid=amount(s.paid),
                )
                + fee_said
            )
        box = (
            _("; {owed} goes in the seat's commission box").format(owed=owed)
            if s.commission
            else ""
        )
        if s.odds == 1:
            said = _("{bet} pays even money: {paid}").format(bet=label, paid=amount(s.paid))
            return said + box + fee_said
        odds, paid = amount(s.odds), amount(s.paid)
        exact = amount(s.wager * s.odds)
        if exact != paid:  # the breakage: say what the rounding rule kept
            said = _("{bet} pays {odds} to 1: {wager} × {odds} = {exact}, paid {paid}").format(
                bet=label, odds=odds, wager=wager, exact=exact, paid=paid
            )
        else:
            said = _("{bet} pays {odds} to 1: {wager} × {odds} = {paid}").format(
                bet=label, odds=odds, wager=wager, paid=paid
            )
        return said + box + fee_said
    if s.result is BetResult.PUSH:
        if s.outcome is Outcome.DRAGON7:
            said = _("{bet} pushes on a Dragon 7: the {wager} is returned, nothing paid")
        else:
            said = _("{bet} pushes on a Tie: the {wager} is returned, nothing paid")
        return said.format(bet=label, wager=wager) + fee_said
    return (
        _("{bet} loses on {outcome}: the {wager} is taken").format(
            bet=label, outcome=_outcome_phrase(s.outcome), wager=wager
        )
        + fee_said
    )
