"""The commission phase (a commission house): the commission on each winning bet that owes
one, in the house's order, then (a house with a programme on dead chips) the rolling
commission on each bet whose dead chips rolled; one answer each (``table:commission``); the
table is done after the last.
"""

from __future__ import annotations

from decimal import Decimal

from trainer.engine import format_amount
from trainer.engine.table import RollingCommission
from trainer.session.table.answer_key import Expected
from trainer.session.table.state import TableState
from trainer.session.table.values import (
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

__all__ = ["confirm_commission"]


def confirm_commission(table: TableState, seconds: float, over: bool) -> Worked:
    """The entry as the commission on ``commission_spot``; graded now."""
    if table.entry.empty:
        raise TableActionError("give the commission owed")
    table.over = over
    owed = table.key.commissions
    on = owed[table.commission_index].spot
    if on is not None:
        rolling = isinstance(owed[table.commission_index].step, RollingCommission)
        given = table.rolling_given if rolling else table.commissions_given
        given[on.key] = table.entry.total
    answer = _grade_commission(table, owed[table.commission_index], table.entry.total, seconds)
    table.entry = Entry()
    table.commission_index += 1
    if table.commission_index >= len(owed):
        table.phase = Phase.DONE
    return (answer,), answer.mistakes


def _grade_commission(
    table: TableState, owed: Expected, given: Decimal, seconds: float
) -> TableAnswer:
    spot, step = owed.spot, owed.step
    assert spot is not None and step is not None
    right = given == step.amount
    faults: tuple[TableMistake, ...] = (
        ()
        if right
        else (
            TableMistake(
                Fault.WRONG_COMMISSION,
                f"{spot.label}: commission {format_amount(given)}, it is {owed.text}",
                spot.seat,
                spot.bet,
                spot.wager,
                given=given,
                due=step.amount,
            ),
        )
    )
    return table.record(
        Phase.COMMISSION,
        owed.skill,
        format_amount(given),
        owed.text,
        right,
        owed.reason,
        seconds,
        faults,
        spot,
        said=Said(SaidKind.AMOUNT, amount=given),
        due=owed.said,
    )
