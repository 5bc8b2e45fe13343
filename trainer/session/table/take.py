"""The take phase: the trainee marks every losing bet, then confirms.  Graded as one answer
(skill ``table:take``): a losing bet left on the layout, a pushing or winning bet taken,
and, where the house takes its losers in its direction, a loser marked before one the
house takes ahead of it (the audit's rule, ``trainer.engine.order``).  In
practice the table is then corrected (the engine's losers go, nothing else), so a take
mistake is counted once and never again in the payouts.
"""

from __future__ import annotations

from trainer.engine import BetResult
from trainer.engine.order import Done, out_of_order
from trainer.session.table.pay import end_pay
from trainer.session.table.state import TableState
from trainer.session.table.values import (
    Fault,
    Phase,
    Said,
    SaidKind,
    TableAnswer,
    TableMistake,
    Worked,
)

__all__ = ["confirm_take"]


def confirm_take(table: TableState, seconds: float, over: bool) -> Worked:
    """Take the marked bets: graded now; the engine's losers go, the rest stay (an exam:
    the bets marked go, whatever they are, so the felt never shows the right take)."""
    table.over = over
    answer = _grade_take(table, seconds)
    table.took = frozenset(table.marked)
    table.took_order = tuple(table.mark_order)
    table.taken = (
        frozenset(table.marked)
        if table.exam
        else frozenset(k for k, r in table.key.results.items() if r is BetResult.LOSE)
    )
    table.marked.clear()
    table.mark_order.clear()
    table.phase = Phase.PAY
    table.pay_opened = table.at  # the payouts, their order, are answerable from now
    answers, mistakes = (answer,), answer.mistakes
    if not table.remaining:  # every bet lost: nothing to pay, nothing to decide
        return end_pay(table, answers, mistakes)
    return answers, mistakes


def _grade_take(table: TableState, seconds: float) -> TableAnswer:
    results = table.key.results
    mistakes = []
    for spot in table.spots:
        result, marked = results[spot.key], spot.key in table.marked
        if result is BetResult.LOSE and not marked:
            mistakes.append(
                TableMistake(
                    Fault.MISSED_LOSER,
                    f"{spot.label} loses: take it",
                    spot.seat,
                    spot.bet,
                    spot.wager,
                )
            )
        elif result is BetResult.PUSH and marked:
            mistakes.append(
                TableMistake(
                    Fault.TOOK_PUSH,
                    f"{spot.label} pushes: leave it",
                    spot.seat,
                    spot.bet,
                    spot.wager,
                )
            )
        elif result is BetResult.WIN and marked:
            mistakes.append(
                TableMistake(
                    Fault.TOOK_WINNER,
                    f"{spot.label} wins: pay it, do not take it",
                    spot.seat,
                    spot.bet,
                    spot.wager,
                )
            )
    slip = _take_order(table)
    if slip is not None:
        mistakes.append(slip)
    took = [s.label for s in table.spots if s.key in table.marked]
    said = Said(
        SaidKind.TAKE, tuple((s.seat, s.bet, s.wager) for s in table.spots if s.key in table.marked)
    )
    take = table.key.take
    return table.record(
        Phase.TAKE,
        take.skill,
        "take " + (", ".join(took) or "nothing"),
        take.text,
        not mistakes,
        take.reason,
        seconds,
        tuple(mistakes),
        said=said,
        due=take.said,
    )


def _take_order(table: TableState) -> TableMistake | None:
    """The first loser marked before one the house takes ahead of it, judged among the
    losers marked by the audit's own rule (``order.out_of_order``): where the house takes
    its losers in its direction, seat by seat; never where it takes them in one sweep."""
    results = table.key.results
    seq = [k for k in table.mark_order if results[k] is BetResult.LOSE]
    for i, key in enumerate(seq):
        slip = out_of_order(
            table.house, (*key, Done.TAKEN), ((*k, Done.TAKEN) for k in seq[i + 1 :])
        )
        if slip is not None:
            return TableMistake(
                Fault.WRONG_ORDER, f"{slip.did}: {slip.rule}", key[0], key[1], slip=slip
            )
    return None
