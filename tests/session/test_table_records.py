"""What a table run records, pinned: the AnswerRecords (skill, bet, wager, right or wrong) of
a graded table and of a timed-out one, in order.

Every expectation is read off the engine's own procedure for the table
(``trainer.engine.table.settle_table``: its takes, its payouts in the house's order, its
commissions), never off the session: so a change to the session's phases (which answer comes
first, what the time-out grades) cannot silently change what the history is told.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from tests.support.coups import DRAGON, NATURAL, FakeClock, FakeNow
from tests.support.tables import (
    BANKER_TWO_CARD_7,
    COMMISSION_LAYOUT,
    DRAGON_LAYOUT,
    NATURAL_LAYOUT,
    dealt,
    table_drill,
)
from trainer.drills.model import Mode
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.table import BoxCommission, Pay, Take, TakeCommission, settle_table
from trainer.session.records import AnswerRecord, SessionRecord
from trainer.session.table.session import TableSession
from trainer.session.table.values import Phase

#: (cards, layout, house): one winner, three winners (an order answer), commissions.
TABLES = {
    "dragon": (DRAGON, DRAGON_LAYOUT, "ez"),
    "natural": (NATURAL, NATURAL_LAYOUT, "ez"),
    "commission": (BANKER_TWO_CARD_7, COMMISSION_LAYOUT, "commission"),
}
LIMIT = 30.0

# one expected record: (skill, (bet, wager) or None, correct, what "expected" names: the
# seats in order for the take and the order, the amount for a payout or a commission)
Row = tuple[str, tuple[str, str] | None, bool, Decimal | tuple[int, ...]]


def _key(name: str):
    cards, layout, house = TABLES[name]
    table = dealt(cards, layout)
    procedure = settle_table(table.coup, table.layout, BUNDLED_HOUSES[house])
    wagers = {(s, b): w for s, b, w in table.layout.bets()}
    commissions = [s for s in procedure.steps if isinstance(s, (TakeCommission, BoxCommission))]
    return table, house, procedure.of(Take), procedure.of(Pay), commissions, wagers


def _run(name: str, mode: Mode = Mode.PRACTICE):
    table, house, *_ = _key(name)
    clock, records = FakeClock(), []
    s = TableSession(
        table_drill(mode=mode, house=house, time_limit=LIMIT),
        [table],
        "ann",
        clock=clock,
        now=FakeNow(),
        on_answer=records.append,
        on_session=records.append,
    )
    s.start()
    return s, clock, records


def _rows(records: list) -> list[Row]:
    rows = []
    for r in records:
        if not isinstance(r, AnswerRecord):
            continue
        assert r.step == "table"
        where = None if r.bet is None else (r.bet, r.wager)
        named: Decimal | tuple[int, ...]
        if r.skill in ("table:take", "table:order"):
            named = tuple(int(n) for n in re.findall(r"seat (\d+)", r.expected))
        else:
            named = Decimal(r.expected.split()[-1])
        rows.append((r.skill, where, r.correct, named))
    return rows


def _seats(steps) -> tuple[int, ...]:
    return tuple(s.seat for s in steps)


def _where(step, wagers) -> tuple[str, str]:
    return (step.bet.value, str(wagers[(step.seat, step.bet)]))


def _ends(records: list, answers: int, right: int) -> None:
    """The run is reported at its end with exactly the answers recorded."""
    last = records[-1]
    assert isinstance(last, SessionRecord) and last.finished_at is not None
    assert (last.questions, last.correct) == (answers, right)


@pytest.mark.parametrize("name", list(TABLES))
def test_a_table_worked_right_records_each_step_right(name: str) -> None:
    _, _, takes, pays, commissions, wagers = _key(name)
    s, _, records = _run(name)
    for t in takes:
        s.mark(t.seat, t.bet)
    s.confirm_take()
    for p in pays:
        s.select(p.seat, p.bet)
        s.type_amount(p.amount)
        s.confirm_payout()
    if s.table.phase is Phase.PAY:  # a push is left on the layout: say paying is done
        s.finish_paying()
    for c in commissions:
        s.type_amount(c.amount)
        s.confirm_commission()
    s.next_table()
    expected: list[Row] = [("table:take", None, True, _seats(takes))]
    expected += [(f"table:pay:{p.bet.value}", _where(p, wagers), True, p.amount) for p in pays]
    if len(pays) >= 2:
        expected.append(("table:order", None, True, _seats(pays)))
    expected += [("table:commission", _where(c, wagers), True, c.amount) for c in commissions]
    assert _rows(records) == expected
    _ends(records, len(expected), len(expected))


@pytest.mark.parametrize("name", list(TABLES))
def test_a_table_worked_wrong_records_each_step_wrong(name: str) -> None:
    """Nothing taken, the winners paid in reverse order a unit too much, each commission
    a unit too much."""
    _, _, takes, pays, commissions, wagers = _key(name)
    s, _, records = _run(name)
    s.confirm_take()
    for p in reversed(pays):
        s.select(p.seat, p.bet)
        s.type_amount(p.amount + 1)
        s.confirm_payout()
    if s.table.phase is Phase.PAY:
        s.finish_paying()
    for c in commissions:
        s.type_amount(c.amount + 1)
        s.confirm_commission()
    expected: list[Row] = [("table:take", None, not takes, _seats(takes))]
    expected += [
        (f"table:pay:{p.bet.value}", _where(p, wagers), False, p.amount) for p in reversed(pays)
    ]
    if len(pays) >= 2:
        expected.append(("table:order", None, False, _seats(pays)))
    expected += [("table:commission", _where(c, wagers), False, c.amount) for c in commissions]
    assert _rows(records) == expected


@pytest.mark.parametrize("name", list(TABLES))
def test_a_table_timed_out_at_the_take_records_every_step_as_timed_out(name: str) -> None:
    _, _, takes, pays, commissions, wagers = _key(name)
    s, clock, records = _run(name, Mode.EXAM)
    clock.advance(LIMIT + 1)
    assert s.expire()
    s.next_table()
    expected: list[Row] = [("table:take", None, False, _seats(takes))]
    expected += [(f"table:pay:{p.bet.value}", _where(p, wagers), False, p.amount) for p in pays]
    if len(pays) >= 2:
        expected.append(("table:order", None, False, _seats(pays)))
    expected += [("table:commission", _where(c, wagers), False, c.amount) for c in commissions]
    assert _rows(records) == expected
    assert all(r.answer == "timeout" for r in records if isinstance(r, AnswerRecord))
    _ends(records, len(expected), 0)
    assert s.summary().tables[0].timed_out and s.summary().tables[0].seconds == LIMIT


@pytest.mark.parametrize("name", list(TABLES))
def test_a_table_timed_out_after_one_payout_keeps_what_was_answered(name: str) -> None:
    """Taken right and the house's first winner paid right; then time runs out: the rest of
    the winners, the order (unless every winner was paid) and the commissions time out."""
    _, _, takes, pays, commissions, wagers = _key(name)
    s, clock, records = _run(name, Mode.EXAM)
    for t in takes:
        s.mark(t.seat, t.bet)
    s.confirm_take()
    first = pays[0]
    s.select(first.seat, first.bet)
    s.type_amount(first.amount)
    s.confirm_payout()
    clock.advance(LIMIT + 1)
    assert s.expire()
    expected: list[Row] = [
        ("table:take", None, True, _seats(takes)),
        (f"table:pay:{first.bet.value}", _where(first, wagers), True, first.amount),
    ]
    expected += [(f"table:pay:{p.bet.value}", _where(p, wagers), False, p.amount) for p in pays[1:]]
    if len(pays) >= 2:
        expected.append(("table:order", None, False, _seats(pays)))
    expected += [("table:commission", _where(c, wagers), False, c.amount) for c in commissions]
    assert _rows(records) == expected
    answers = [r for r in records if isinstance(r, AnswerRecord)]
    assert [r.answer == "timeout" for r in answers] == [False, False] + [True] * (len(answers) - 2)
