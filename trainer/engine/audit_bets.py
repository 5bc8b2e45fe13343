"""The audit of the bets: each bet's settlement against the engine's (taken, pushed, paid,
the commission and the way it is collected, the collection fee, the chips a payout is cut
in) and the order the bets were settled in.
"""

from __future__ import annotations

from decimal import Decimal

from trainer.engine.chip_check import check_chips
from trainer.engine.chips import ChipBreakdown
from trainer.engine.coup import Outcome
from trainer.engine.dealt import (
    BetAction,
    Dealt,
)
from trainer.engine.deviation import Deviation, DeviationKind
from trainer.engine.house import House
from trainer.engine.money import format_amount
from trainer.engine.order import Done, out_of_order
from trainer.engine.said import Said, joined
from trainer.engine.settlement import Bet, BetResult, Settlement
from trainer.engine.table import (
    Pay,
    RollingCommission,
    TableProcedure,
    Take,
)

_ZERO = Decimal(0)


def result_text(s: Settlement) -> str:
    """The right action for a bet, as a dealer does it: 'take 25', 'return 25, pay 0',
    'pay 600', 'pay 19, commission 1'."""
    wager = format_amount(s.wager)
    text: Said
    if s.result is BetResult.LOSE:
        text = Said("take {amount}", amount=wager)
    elif s.result is BetResult.PUSH:
        text = Said("return {amount}, pay 0", amount=wager)
    else:
        text = Said("pay {amount}", amount=format_amount(s.paid))
        if s.commission:
            commission = format_amount(s.commission)
            if s.commission_deferred:
                text = Said(
                    "{action}, commission {amount} into the commission box",
                    action=text,
                    amount=commission,
                )
            else:
                text = Said("{action}, commission {amount} taken", action=text, amount=commission)
    if s.fee:
        text = Said("{action}; fee {amount}", action=text, amount=format_amount(s.fee))
    return text


def settles_as(a: BetAction, s: Settlement, house: House) -> bool:
    """Whether the dealer's action is exactly the settlement ``s`` (and, where keyed, the
    way the commission was collected and the chips the house cuts the payout in)."""
    done = {BetResult.LOSE: Done.TAKEN, BetResult.PUSH: Done.PUSHED, BetResult.WIN: Done.PAID}
    if a.done is not done[s.result] or (a.fee is not None and a.fee != s.fee):
        return False
    if a.done is Done.PAID:
        return (
            a.paid == s.paid
            and a.commission == s.commission
            and (a.boxed is None or not s.commission or a.boxed is s.commission_deferred)
            and (a.chips is None or _chips_ok(a.chips, a.paid, s.wager, house))
        )
    return a.commission == 0


def _chips_ok(chips: ChipBreakdown, paid: Decimal, wager: Decimal, house: House) -> bool:
    return check_chips(chips.as_dict(), paid, house=house, wager=wager, coin=chips.coin).ok


def bet_rule(s: Settlement) -> str:
    """The rule that settles a bet, short: 'the Banker bet pushes on a Dragon 7'."""
    if s.result is BetResult.PUSH:
        why = _OUTCOME_PHRASE[Outcome.DRAGON7 if s.outcome is Outcome.DRAGON7 else Outcome.TIE]
        return Said("the {bet} bet pushes on {why}", bet=s.bet.label, why=why)
    if s.result is BetResult.LOSE:
        return Said("the {bet} bet loses on {why}", bet=s.bet.label, why=_OUTCOME_PHRASE[s.outcome])
    return s.reason


_OUTCOME_PHRASE = {
    Outcome.PLAYER: Said("a Player win"),
    Outcome.BANKER: Said("a Banker win"),
    Outcome.TIE: Said("a Tie"),
    Outcome.DRAGON7: Said("a Dragon 7"),
    Outcome.PANDA8: Said("a Panda 8"),
}


def did_words(a: BetAction) -> str:
    """What was done with a bet, as ``BetAction.describe`` says it after the seat and bet:
    'paid 25', 'taken', 'paid 19, commission 1 taken at once'."""
    if a.done is Done.PAID:
        text = Said("paid {amount}", amount=format_amount(a.paid))
    else:
        text = Said("taken") if a.done is Done.TAKEN else Said("pushed")
    if a.chips is not None:
        text = Said("{action} in {chips}", action=text, chips=a.chips.describe())
    if a.commission:
        amount = format_amount(a.commission)
        if a.boxed is None:
            text = Said("{action}, commission {amount}", action=text, amount=amount)
        elif a.boxed:
            text = Said("{action}, commission {amount} into the box", action=text, amount=amount)
        else:
            text = Said("{action}, commission {amount} taken at once", action=text, amount=amount)
    if a.fee:
        text = Said("{action}, fee {amount}", action=text, amount=format_amount(a.fee))
    if a.rolling is not None:
        text = Said(
            "{action}, rolling commission {amount}", action=text, amount=format_amount(a.rolling)
        )
    return text


def bet_deviations(
    a: BetAction, s: Settlement, step: int, follows: bool, house: House
) -> list[Deviation]:
    rule, right = bet_rule(s), result_text(s)
    did = did_words(a)
    out: list[Deviation] = []
    kind: DeviationKind | None = None
    if s.result is BetResult.LOSE:
        kind = {Done.PAID: DeviationKind.LOSER_PAID, Done.PUSHED: DeviationKind.LOSER_PUSHED}.get(
            a.done
        )
    elif s.result is BetResult.PUSH:
        kind = {Done.PAID: DeviationKind.PUSH_PAID, Done.TAKEN: DeviationKind.PUSH_TAKEN}.get(
            a.done
        )
    elif a.done is not Done.PAID:
        kind = DeviationKind.WINNER_TAKEN if a.done is Done.TAKEN else DeviationKind.WINNER_PUSHED
    if kind is not None:
        out.append(Deviation(kind, step, did, right, rule, follows))
    elif a.done is Done.PAID or a.commission:
        owed = s.paid  # the payout, or what goes with the way the dealer collected
        paid_ok = a.paid == s.paid
        if a.commission != s.commission:
            ck = (
                DeviationKind.COMMISSION_TAKEN
                if s.commission == 0
                else DeviationKind.COMMISSION_WRONG
            )
            why = rule if s.commission else _no_commission(house, s)
            out.append(Deviation(ck, step, did, right, why, follows))
            # a payout short by exactly the commission wrongly taken is the same mistake
            paid_ok = paid_ok or (
                not s.commission_deferred and a.paid + a.commission == s.paid + s.commission
            )
        elif s.commission and a.boxed is not None and a.boxed is not s.commission_deferred:
            out.append(
                Deviation(
                    DeviationKind.COMMISSION_COLLECTED, step, did, right, _collection(s), follows
                )
            )
            # the payout that goes with the way it was collected is the same mistake
            gross = s.paid + (_ZERO if s.commission_deferred else s.commission)
            owed = gross - (_ZERO if a.boxed else a.commission)
            paid_ok = a.paid == owed
        if not paid_ok:
            pk = DeviationKind.PAYOUT_SHORT if a.paid < owed else DeviationKind.PAYOUT_OVER
            out.append(Deviation(pk, step, did, right, rule, follows))
    if a.done is Done.PAID and a.chips is not None:
        out.extend(_chips_deviation(a, a.chips, s, step, follows, house))
    if a.fee is not None and a.fee != s.fee:
        fee = (
            Said(
                "the collection fee on a {wager} wager is {fee}",
                wager=format_amount(s.wager),
                fee=format_amount(s.fee),
            )
            if s.fee
            else Said("this game takes no collection fee")
        )
        out.append(Deviation(DeviationKind.FEE_WRONG, step, did, right, fee, follows))
    return out


def rolling_deviation(
    a: BetAction, procedure: TableProcedure, house: House, step: int
) -> Deviation | None:
    """The rolling commission recorded on a bet against the house's programme (None: not
    recorded, or right)."""
    if a.rolling is None:
        return None
    owed = next(
        (r for r in procedure.of(RollingCommission) if (r.seat, r.bet) == (a.seat, a.bet)),
        None,
    )
    amount = _ZERO if owed is None else owed.amount
    if a.rolling == amount:
        return None
    dead = house.dead_chips
    rule = (
        Said(
            "rolling commission on {bet}: {rate} % of {rolled} in dead chips = {amount}",
            bet=owed.bet.label,
            rate=format((owed.rate * 100).normalize(), "f"),
            rolled=format_amount(owed.rolled),
            amount=format_amount(owed.amount),
        )
        if owed is not None
        else Said("this house pays no rolling commission at the table")
        if dead is None or dead.programme is None
        else Said("no dead chips of this bet rolled: it earns no rolling commission")
    )
    return Deviation(
        DeviationKind.ROLLING_WRONG,
        step,
        did_words(a),
        Said("rolling commission {amount}", amount=format_amount(amount)),
        rule,
    )


def _collection(s: Settlement) -> str:
    if s.commission_deferred:
        return Said(
            "this house keeps the commission in the seat's commission box, collected at "
            "the end of the shoe: the payout is the full amount"
        )
    return Said("this house takes the commission from the payout at once")


def _chips_deviation(
    a: BetAction, chips: ChipBreakdown, s: Settlement, step: int, follows: bool, house: House
) -> list[Deviation]:
    """The chips a payout was cut in against the house's way of cutting it (the amount the
    dealer paid; a wrong amount is the payout's own deviation)."""
    check = check_chips(chips.as_dict(), a.paid, house=house, wager=s.wager, coin=chips.coin)
    if check.ok:
        return []
    colours = {c.value: c.colour for c in house.chips}
    return [
        Deviation(
            DeviationKind.CHIPS_WRONG,
            step,
            did_words(a),
            Said(
                "pay {amount} in {chips}",
                amount=format_amount(a.paid),
                chips=check.expected.describe(colours),
            ),
            joined(list(check.departures)),
            follows,
        )
    ]


def _no_commission(house: House, s: Settlement) -> str:
    """Why a bet owes no commission: the game takes none, the bet is not one it is taken
    on, or the bet did not win."""
    levy = house.commission
    if levy is None:
        return Said("no commission is taken in this game")
    names = [b.label for b in Bet if b in levy.bets]
    on = joined(names, " or ")
    if len(names) == 2:
        on = Said("{first} or {second}", first=names[0], second=names[1])
    if s.commission_rate == 0:
        return Said("commission is taken on a winning {bets} bet only", bets=on)
    return Said(
        "{rule}: commission is taken on a winning {bets} bet only", rule=bet_rule(s), bets=on
    )


def order_deviation(
    dealt: Dealt, procedure: TableProcedure, house: House, first_bet: int
) -> Deviation | None:
    """The first bet settled before one the house settles ahead of it
    (``order.out_of_order``, the rule the table drill grades by too), among the bets taken
    or paid as they should be (a push is left in place, so it has no place in the order).
    The bet named as the one to do first is the earliest such in the engine's own
    procedure."""
    done = {BetResult.LOSE: Done.TAKEN, BetResult.WIN: Done.PAID}
    ok: list[tuple[int, tuple[int, Bet, Done]]] = []
    seen = set()
    for k, a in enumerate(dealt.bets):
        s = procedure.settlements.get((a.seat, a.bet))
        if s is None or (a.seat, a.bet) in seen or done.get(s.result) is not a.done:
            continue
        seen.add((a.seat, a.bet))
        ok.append((first_bet + k, (a.seat, a.bet, a.done)))
    engine = {
        (s.seat, s.bet, Done.TAKEN if isinstance(s, Take) else Done.PAID): n
        for n, s in enumerate(procedure.steps)
        if isinstance(s, (Take, Pay))
    }
    for n, (index, key) in enumerate(ok):
        later = sorted((k for _, k in ok[n + 1 :]), key=engine.__getitem__)
        slip = out_of_order(house, key, later)
        if slip is not None:
            return Deviation(DeviationKind.ORDER, index, slip.did, slip.right, slip.rule)
    return None
