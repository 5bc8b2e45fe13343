"""A dealer's table pace from the answers recorded at the table, in Python over the records
(the history's reports add the same up in SQL, ``trainer.history.queries.table_run_rows``):
the tables worked and their seconds, for the audition's table areas.

A table is its take (one ``table:take`` answer a table).  Its time is the seconds of the
answers that are the dealer's actions (a moment watched, the take, a payout, a commission);
the chips (timed within their payout), the order and a winner left unpaid (the pay phase's)
are timed over actions already counted and left out; a table whose limit ran out counts the
time it waited once (its open questions, each recorded ``timeout`` over the same wait, share
the coup's cards).  The seats each table settled are on its take (schema v11): when one take
has none (recorded before, or a value ezbac never writes), no seconds a seat is measured
(seats 0), never one over part of the tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from trainer.drills.model import Drill
from trainer.engine.pace import PaceTarget, TableFormat, target_for
from trainer.session.records import AnswerRecord
from trainer.skills import (
    TABLE_NOT_PAID,
    TABLE_TIMED_OUT,
    table_chips_skill,
    table_order_skill,
    table_take_skill,
)

__all__ = ["school_paced", "table_time"]


def table_time(answers: Iterable[AnswerRecord]) -> tuple[int, int, float]:
    """The tables among ``answers``, the seats they settled (0: not measured) and their
    seconds, by the rule above ((0, 0, 0.0): none)."""
    take = table_take_skill().key
    timed_over = {table_chips_skill().key, table_order_skill().key}
    tables, seats, seconds = 0, 0, 0.0
    unknown = False
    waits: dict[tuple[str, tuple[str, ...]], float] = {}
    for a in answers:
        if a.step != "table":
            continue
        if a.skill == take:
            tables += 1
            unknown = unknown or a.seats is None
            seats += a.seats or 0
        if a.answer == TABLE_TIMED_OUT:
            key = (a.session_id, a.cards)
            waits[key] = max(waits.get(key, 0.0), a.seconds)
        elif a.skill not in timed_over and a.answer != TABLE_NOT_PAID:
            seconds += a.seconds
    return tables, 0 if unknown else seats, seconds + sum(waits.values())


def school_paced(drill: Drill, school: Mapping[TableFormat, PaceTarget]) -> Drill:
    """``drill`` with the school's pace targets laid over its house's, format by format and
    field by field (``target_for``), so its results judge the dealer against them; the
    drill itself when the school sets none."""
    if not school:
        return drill
    house = drill.house
    pace = {f: t for f in TableFormat if not (t := target_for(f, house.pace, school)).empty}
    return replace(drill, house=replace(house, pace=pace))
