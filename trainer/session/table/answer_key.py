"""A table's answer key: every answer the table asks for, read once from the engine's
procedure (``trainer.engine.table.settle_table``) when the table is dealt.

Grading and the time-out both read the expected answers here, so a graded answer and a
timed-out one can never disagree on what was right.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from trainer.engine import BetResult, format_amount
from trainer.engine.house import House
from trainer.engine.order import payout_order
from trainer.engine.table import (
    BoxCommission,
    Pay,
    Push,
    RollingCommission,
    TableProcedure,
    Take,
    TakeCommission,
)
from trainer.engine.violations import Moment
from trainer.session.table.values import BetSpot, Key, Phase, Said, SaidKind, bet_words
from trainer.skills import (
    table_commission_skill,
    table_order_skill,
    table_pay_skill,
    table_take_skill,
)

__all__ = ["AnswerKey", "Expected"]


@dataclass(frozen=True, slots=True)
class Expected:
    """One answer a table asks for, as the engine's procedure has it: what is recorded as
    expected, the reason, and the step it settles (a payout, a commission)."""

    phase: Phase
    skill: str
    text: str
    reason: str
    spot: BetSpot | None = None
    step: Pay | TakeCommission | BoxCommission | RollingCommission | None = None
    about: str | None = None  # a moment watched: when
    said: Said | None = None  # the answer as a value, worded at the edges
    moment: Moment | None = None  # a moment watched: when


@dataclass(frozen=True, slots=True)
class AnswerKey:
    """A table's answer key, computed once from the engine's procedure when the table is
    dealt: grading and the time-out both read it, so they cannot disagree."""

    results: Mapping[Key, BetResult]
    take: Expected
    pays: Mapping[Key, Expected]  # the winners, in the order the house pays them
    order: Expected | None  # asked at a table with two winners or more
    #: The commissions a winning bet owes, in the house's order, then the rolling commission
    #: on each bet whose dead chips rolled (a house's programme).
    commissions: tuple[Expected, ...]

    @classmethod
    def of(
        cls, procedure: TableProcedure, spots: Mapping[Key, BetSpot], house: House, result: str
    ) -> AnswerKey:
        takes = procedure.of(Take)
        pushes = [p.describe() for p in procedure.of(Push)]
        take = Expected(
            Phase.TAKE,
            table_take_skill().key,
            "take " + (", ".join(bet_words(t.seat, t.bet, t.amount) for t in takes) or "nothing"),
            f"{result}. "
            + ("; ".join(t.describe() for t in takes) or "nothing loses")
            + ("; " + "; ".join(pushes) if pushes else ""),
            said=Said(SaidKind.TAKE, tuple((t.seat, t.bet, t.amount) for t in takes)),
        )
        pays = {
            (p.seat, p.bet): Expected(
                Phase.PAY,
                table_pay_skill(p.bet).key,
                f"pay {format_amount(p.amount)}",
                f"{result}. {procedure.settlements[(p.seat, p.bet)].reason}",
                spots[(p.seat, p.bet)],
                p,
                said=Said(SaidKind.PAY, amount=p.amount),
            )
            for p in procedure.of(Pay)
        }
        words = ", ".join(f"seat {p.seat} {p.bet.label}" for p in procedure.of(Pay))
        order = (
            Expected(
                Phase.PAY,
                table_order_skill().key,
                words,
                f"{payout_order(house)}: {words}",
                said=Said(
                    SaidKind.ORDER, tuple((p.seat, p.bet, p.amount) for p in procedure.of(Pay))
                ),
            )
            if len(pays) >= 2
            else None
        )
        commissions = tuple(
            Expected(
                Phase.COMMISSION,
                table_commission_skill().key,
                format_amount(s.amount),
                s.describe(),
                spots[(s.seat, s.bet)],
                s,
                said=Said(SaidKind.AMOUNT, amount=s.amount),
            )
            for s in procedure.steps
            if isinstance(s, (TakeCommission, BoxCommission, RollingCommission))
        )
        return cls(
            MappingProxyType({k: s.result for k, s in procedure.settlements.items()}),
            take,
            MappingProxyType(pays),
            order,
            commissions,
        )
