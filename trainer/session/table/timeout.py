"""A table whose exam time limit ran out: everything not answered yet is graded wrong as a
timeout, each answer as the answer key has it (what grading would have expected), timed
from the last action to the limit (the time it was waited on), and the table is closed.
The one action that reaches across every phase, so it has its own module.
"""

from __future__ import annotations

from trainer.session.table.answer_key import Expected
from trainer.session.table.pay import grade_order
from trainer.session.table.state import TableState
from trainer.session.table.values import (
    TIMED_OUT,
    Entry,
    Fault,
    Phase,
    Said,
    SaidKind,
    TableAnswer,
    TableMistake,
    Worked,
)

__all__ = ["time_out"]


def time_out(table: TableState, limit: float) -> Worked:
    """Grade everything not answered yet as a timeout (the answer key's, as grading
    would have had it) and close the table."""
    table.over = False
    table.carry = 0.0
    # each question still open was waited on from the last action to the limit
    waited = table.waited((table.started or 0.0) + limit)
    answers: list[TableAnswer] = []

    def out(e: Expected) -> None:
        about = e.about
        spot = e.spot
        m = TableMistake(
            Fault.TIMEOUT,
            f"time ran out: {e.text}",
            spot.seat if spot else None,
            spot.bet if spot else None,
            spot.wager if spot else None,
            expected=e.said,
        )
        answers.append(
            table.record(
                e.phase,
                e.skill,
                TIMED_OUT,
                e.text,
                False,
                "The table's time limit ran out.",
                waited,
                (m,),
                spot,
                about=about,
                said=Said(SaidKind.TIMED_OUT),
                due=e.said,
                moment=e.moment,
            )
        )

    for q in table.watch[table.moment :] if table.phase is Phase.WATCH else ():
        expected = q.expected().text
        out(
            Expected(
                Phase.WATCH,
                q.skill.key,
                expected,
                q.reason(),
                about=q.scene.moment.label,
                said=Said(SaidKind.OPTION, finding=q.finding()),
                moment=q.scene.moment,
            )
        )
    if table.phase in (Phase.WATCH, Phase.TAKE):
        out(table.key.take)
    if table.phase in (Phase.WATCH, Phase.TAKE, Phase.PAY):
        for key, pay in table.key.pays.items():
            if key not in table.paid:
                out(pay)
        if table.key.order is not None and len(table.picks) == len(table.key.pays):
            # every winner was paid before time ran out: the order is graded as it was
            answers.append(grade_order(table, table.pay_phase_seconds()))
        elif table.key.order is not None:
            out(table.key.order)
    for owed in table.key.commissions[table.commission_index :]:
        out(owed)
    table.timed_out = True
    table.phase = Phase.DONE
    table.selected, table.entry = None, Entry()
    table.close(limit)
    return tuple(answers), tuple(m for a in answers for m in a.mistakes)
