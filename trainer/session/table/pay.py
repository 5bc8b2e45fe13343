"""The pay phase: the trainee picks the next bet to pay among those still on the layout and
gives the amount, typed or built chip by chip, until "done paying" (or the last bet paid).

Each payout is one answer (``table:pay:BET``: the amount; paying a push is wrong too).
Picks are compared with the house's order (``trainer.engine.order``, the audit's own rules):
an out-of-order pick is shown with its payout and counted in one answer per table with two
winners or more (``table:order``), graded when paying ends.  A payout built in chips that
pays right is one more answer (``table:chips``: the house's convention, ``check_chips``).
A winner left unpaid when paying ends is a wrong payout.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from trainer.engine import BetResult, format_amount
from trainer.engine.chip_check import check_chips
from trainer.engine.order import Done, out_of_order
from trainer.engine.table import Pay
from trainer.session.table.state import TableState
from trainer.session.table.values import (
    NOT_PAID,
    BetSpot,
    Entry,
    Fault,
    Phase,
    Said,
    SaidKind,
    TableActionError,
    TableAnswer,
    TableMistake,
    Worked,
)
from trainer.skills import table_chips_skill, table_pay_skill

__all__ = ["confirm_payout", "end_pay", "finish_paying", "grade_order"]


def confirm_payout(table: TableState, seconds: float, over: bool) -> Worked:
    """Pay the selected bet the entry's amount; graded now (amount, order, chips)."""
    spot = table.selected
    if spot is None:
        raise TableActionError("pick the bet to pay first")
    if table.entry.empty:
        raise TableActionError(f"give the amount for {spot.label}")
    table.over = over
    table.payout_seconds.append(seconds)
    table.payouts.append((spot.key, table.entry))
    answers, mistakes = _grade_payout(table, spot, table.entry, seconds)
    table.selected, table.entry = None, Entry()
    if not table.remaining:
        return end_pay(table, answers, mistakes)
    return answers, mistakes


def finish_paying(table: TableState, seconds: float, over: bool) -> Worked:
    """Done paying: the bets left on the layout stay (a winner among them is unpaid)."""
    table.over = over
    table.carry += seconds  # the time to say "done": on the next answer
    return end_pay(table, (), ())


def _grade_payout(table: TableState, spot: BetSpot, entry: Entry, seconds: float) -> Worked:
    """A payout graded: its amount, its place in the house's order (shown now, counted when
    paying ends) and, built in chips, the chips."""
    expected = table.key.pays.get(spot.key)
    if expected is None:  # a push, or (an exam) a loser not taken: no payout is right
        return _paid_no_winner(table, spot, entry, seconds)
    skill = table_pay_skill(spot.bet).key
    given = f"pay {entry.text}"
    pay = expected.step
    assert isinstance(pay, Pay)
    mistakes: list[TableMistake] = []
    # the house's order as rules, the audit's own (order.out_of_order): a pick is out
    # of order when a winner still unpaid is one the house pays before it
    slip = out_of_order(
        table.house,
        (*spot.key, Done.PAID),
        ((*k, Done.PAID) for k in table.key.pays if k not in table.paid and k != spot.key),
    )
    if slip is not None:  # so two winners or more: the order is asked
        mistakes.append(
            TableMistake(
                Fault.WRONG_ORDER,
                f"{slip.did}: {slip.rule}",
                spot.seat,
                spot.bet,
                spot.wager,
                slip=slip,
            )
        )
        table.order_mistakes.extend(mistakes)
    table.paid[spot.key] = entry.total
    table.picks.append(spot.key)
    chip_faults: tuple[TableMistake, ...] | None = None  # None: no chips answer
    if entry.by_chips:
        check = check_chips(
            entry.chips, pay.amount, house=table.house, wager=spot.wager, coin=pay.chips.coin
        )
        right = check.pays_amount
        if right:
            chip_faults = tuple(
                TableMistake(
                    Fault.CHIPS,
                    f"{spot.label}: {d}",
                    spot.seat,
                    spot.bet,
                    spot.wager,
                    chip_faults=(f,),
                    chips=pay.chips.chips,
                    given_chips=_chips(entry),
                )
                for d, f in zip(check.departures, check.faults, strict=True)
            )
    else:
        right = entry.total == pay.amount
    amount_faults: tuple[TableMistake, ...] = ()
    if not right:
        amount_faults = (
            TableMistake(
                Fault.WRONG_AMOUNT,
                f"{spot.label}: paid {format_amount(entry.total)}, the "
                f"payout is {format_amount(pay.amount)}",
                spot.seat,
                spot.bet,
                spot.wager,
                given=entry.total,
                due=pay.amount,
            ),
        )
    # the payout, then its chips: graded, recorded and listed in that order
    answers = [
        table.record(
            Phase.PAY,
            skill,
            given,
            expected.text,
            right,
            expected.reason,
            seconds,
            amount_faults,
            spot,
            said=_paid(entry),
            due=expected.said,
        )
    ]
    if chip_faults is not None:  # the chips are the payout's own: asked and given with it
        answers.append(
            table.record(
                Phase.PAY,
                table_chips_skill().key,
                entry.text,
                pay.chips.describe(table.colours),
                not chip_faults,
                f"{format_amount(pay.amount)} in the house's chips: "
                f"{pay.chips.describe(table.colours)}",
                answers[0].seconds,
                chip_faults,
                spot,
                whole_phase=True,
                said=Said(SaidKind.CHIPS, amount=entry.total, chips=_chips(entry)),
                due=Said(
                    SaidKind.CHIPS,
                    chips=pay.chips.chips,
                    coin=pay.chips.coin,
                    colours=tuple(table.colours.items()),
                ),
            )
        )
    return tuple(answers), (*mistakes, *amount_faults, *(chip_faults or ()))


def _paid_no_winner(table: TableState, spot: BetSpot, entry: Entry, seconds: float) -> Worked:
    """A payout on a bet that wins nothing: it is left on the layout, its payout wrong."""
    skill = table_pay_skill(spot.bet).key
    given = f"pay {entry.text}"
    table.left.add(spot.key)
    loses = table.key.results[spot.key] is BetResult.LOSE
    m = TableMistake(
        Fault.PAID_PUSH,
        f"{spot.label} loses: take it, pay nothing"
        if loses
        else f"{spot.label} pushes: leave it, pay nothing",
        spot.seat,
        spot.bet,
        spot.wager,
        given=entry.total,
        expected=Said(SaidKind.LOSE if loses else SaidKind.PUSH),
    )
    settled = table.procedure.settlements[spot.key]
    a = table.record(
        Phase.PAY,
        skill,
        given,
        "lose" if loses else "push",
        False,
        f"{table.result_text}. {settled.reason}",
        seconds,
        (m,),
        spot,
        said=_paid(entry),
        due=Said(SaidKind.LOSE if loses else SaidKind.PUSH),
    )
    return (a,), (m,)


def end_pay(
    table: TableState, answers: Iterable[TableAnswer], mistakes: Iterable[TableMistake]
) -> Worked:
    """Close the pay phase: unpaid winners, then the table's order answer."""
    table.paying_ended = True
    out, faults = list(answers), list(mistakes)
    for key, pay in table.key.pays.items():
        if key in table.paid:
            continue
        spot = pay.spot
        assert spot is not None and isinstance(pay.step, Pay)
        m = TableMistake(
            Fault.MISSED_WINNER,
            f"{spot.label} wins {format_amount(pay.step.amount)}: it was not paid",
            spot.seat,
            spot.bet,
            spot.wager,
            due=pay.step.amount,
        )
        out.append(  # open the whole pay phase, never paid: timed over it
            table.record(
                Phase.PAY,
                pay.skill,
                NOT_PAID,
                pay.text,
                False,
                pay.reason,
                table.pay_phase_seconds(),
                (m,),
                spot,
                whole_phase=True,
                said=Said(SaidKind.NOT_PAID),
                due=pay.said,
            )
        )
        faults.append(m)
    if table.key.order is not None:
        order = grade_order(table, table.pay_phase_seconds())  # the order: the whole phase
        out.append(order)
        # the order's own mistake for each winner left unpaid (its payout's is above)
        faults.extend(m for m in order.mistakes if m not in table.order_mistakes)
    table.phase = Phase.COMMISSION if table.key.commissions else Phase.DONE
    return tuple(out), tuple(faults)


def grade_order(table: TableState, seconds: float) -> TableAnswer:
    """The table's order answer: right only when every winner was paid and no pick came
    before a winner the house pays first (each such pick was shown with its payout).  A
    winner never paid breaks the order too: one mistake each, named.  ``seconds``: the pay
    phase's, the time the order was being answered (the carry is inside it)."""
    order = table.key.order
    assert order is not None
    unpaid = [p.spot for k, p in table.key.pays.items() if k not in table.paid]
    gaps = tuple(
        TableMistake(
            Fault.WRONG_ORDER,
            f"{spot.label} was never paid: the order is not complete",
            spot.seat,
            spot.bet,
            spot.wager,
        )
        for spot in unpaid
        if spot is not None
    )
    given = ", ".join(f"seat {s} {b.label}" for s, b in table.picks) or "none paid"
    if gaps:
        given += "; not paid: " + ", ".join(f"seat {m.seat} {m.bet.label}" for m in gaps if m.bet)
    mistakes = (*table.order_mistakes, *gaps)
    return table.record(
        Phase.PAY,
        order.skill,
        given,
        order.text,
        not mistakes,
        order.reason,
        seconds,
        mistakes,
        whole_phase=True,
        said=Said(
            SaidKind.ORDER,
            tuple((s, b, table.spot(s, b).wager) for s, b in table.picks),
            unpaid=tuple((m.seat, m.bet) for m in gaps if m.seat is not None and m.bet),
        ),
        due=order.said,
    )


def _paid(entry: Entry) -> Said:
    """A payout given, as a value: its amount and, built in chips, the chips."""
    return Said(SaidKind.PAY, amount=entry.total, chips=_chips(entry))


def _chips(entry: Entry) -> tuple[tuple[Decimal, int], ...]:
    return tuple((v, n) for v, n in sorted(entry.chips.items(), reverse=True) if n)
