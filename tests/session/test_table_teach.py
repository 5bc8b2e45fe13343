"""Table results that teach: the marks a worked table leaves, the time target, a
right payout made out of order, and working the missed tables again.

The tables are the hand-worked ones of tests/support/tables.py (docs/rules.md by hand):

DRAGON on DRAGON_LAYOUT: take seat 6 Tie 10, seat 4 Player 100 and Panda 8 5; seat 6's
Banker 50 and seat 1's Banker 25 push; seat 1's Dragon 7 10 is paid 400 (40 to 1).
NATURAL on NATURAL_LAYOUT: take seat 7 Banker 20, seat 5 Tie 5; pay counter-clockwise from
the dealer's right: seat 7 Player 45, seat 5 Player 15, seat 2 Player 30 (even money).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.coups import DRAGON, NATURAL, FakeClock, FakeNow
from tests.support.tables import DRAGON_LAYOUT, NATURAL_LAYOUT, dealt, table_drill
from trainer.drills.model import DealtTable, Mode
from trainer.engine import Bet
from trainer.session import SessionError
from trainer.session.records import SessionRecord
from trainer.session.table.session import TableSession
from trainer.session.table.values import Fault, SpotState

P, B, T, D7, P8 = Bet.PLAYER, Bet.BANKER, Bet.TIE, Bet.DRAGON7, Bet.PANDA8
D = Decimal


def session(*tables: DealtTable, **kw: object) -> tuple[TableSession, FakeClock, list]:
    clock = FakeClock()
    records: list = []
    s = TableSession(
        table_drill(**kw),  # type: ignore[arg-type]
        list(tables),
        "ann",
        clock=clock,
        now=FakeNow(),
        on_answer=records.append,
        on_session=records.append,
    )
    s.start()
    return s, clock, records


def take(s: TableSession, *keys: tuple[int, Bet]) -> None:
    for seat, bet in keys:
        s.mark(seat, bet)
    s.confirm_take()


def pay(s: TableSession, seat: int, bet: Bet, amount: str):
    s.select(seat, bet)
    s.type_amount(amount)
    return s.confirm_payout()


DRAGON_LOSERS = ((6, T), (4, P), (4, P8))
NATURAL_LOSERS = ((7, B), (5, T))


def work_natural_right(s: TableSession) -> None:
    take(s, *NATURAL_LOSERS)
    pay(s, 7, P, "45")
    pay(s, 5, P, "15")
    pay(s, 2, P, "30")


# -- the marks a worked table leaves -------------------------------------------------------


def test_a_wrong_payout_stays_wrong_when_the_table_ends() -> None:
    s, _, _ = session(dealt(DRAGON, DRAGON_LAYOUT))
    take(s, *DRAGON_LOSERS)
    pay(s, 1, D7, "40")  # 10 x 40 is 400
    assert (1, D7) in s.table.wrong
    s.finish_paying()  # the pushes stay: the table is done
    t = s.table
    assert t.done
    assert t.state((1, D7)) is SpotState.PAID and (1, D7) in t.wrong  # paid, and wrong
    assert t.wrong == {(1, D7)}
    assert t.state((6, B)) is SpotState.STAYED and t.state((1, B)) is SpotState.STAYED


def test_a_take_mistake_keeps_its_mark_through_the_payouts() -> None:
    s, _, _ = session(dealt(DRAGON, DRAGON_LAYOUT))
    take(s, (6, T), (4, P))  # seat 4's Panda 8 5 loses too: left on the layout
    pay(s, 1, D7, "400")
    s.finish_paying()
    assert s.table.wrong == {(4, P8)}
    assert s.table.state((4, P8)) is SpotState.TAKEN  # the table was corrected


def test_after_an_exam_time_out_nothing_is_marked_a_push() -> None:
    s, clock, _ = session(dealt(DRAGON, DRAGON_LAYOUT), mode=Mode.EXAM, time_limit=30)
    clock.advance(31)
    assert s.expire()
    t = s.table
    assert t.done and t.timed_out
    # nothing was worked: every bet is still on the layout, none left there as a push
    assert {t.state(sp) for sp in t.spots} == {SpotState.ON}


def test_a_table_worked_to_its_end_leaves_only_what_the_dealer_left() -> None:
    s, _, _ = session(dealt(NATURAL, NATURAL_LAYOUT), mode=Mode.EXAM, time_limit=30)
    take(s, *NATURAL_LOSERS)
    pay(s, 7, P, "45")
    s.finish_paying()  # seat 5's and seat 2's Players left unpaid: they stay
    t = s.table
    assert t.state((5, P)) is SpotState.STAYED and t.state((2, P)) is SpotState.STAYED
    assert t.state((7, P)) is SpotState.PAID and t.state((7, B)) is SpotState.TAKEN


# -- the time target: on time alone ---------------------------------------------------------


def test_a_fast_table_with_a_mistake_is_within_its_target() -> None:
    s, clock, _ = session(dealt(NATURAL, NATURAL_LAYOUT), target=60)
    clock.advance(12.4)
    take(s, (7, B))  # seat 5's Tie 5 missed
    pay(s, 7, P, "45")
    pay(s, 5, P, "15")
    pay(s, 2, P, "30")
    s.next_table()
    (table,) = s.summary().tables
    assert table.seconds == pytest.approx(12.4) and not table.correct
    assert table.within_target is True
    assert s.summary().trend.endswith("target 60 s: 1 of 1 within it")


def test_a_slow_table_and_a_timed_out_one_miss_the_target() -> None:
    s, clock, _ = session(
        dealt(NATURAL, NATURAL_LAYOUT),
        dealt(NATURAL, NATURAL_LAYOUT),
        mode=Mode.EXAM,
        time_limit=90,
        target=60,
    )
    clock.advance(61)
    work_natural_right(s)
    s.next_table()
    clock.advance(91)
    assert s.expire()
    s.next_table()
    slow, out = s.summary().tables
    assert slow.correct and slow.within_target is False
    assert out.timed_out and out.within_target is False


# -- a right payout out of order: both said -----------------------------------------------


def test_a_right_amount_out_of_order_is_right_and_out_of_order() -> None:
    s, _, _ = session(dealt(NATURAL, NATURAL_LAYOUT))
    take(s, *NATURAL_LOSERS)
    feedback = pay(s, 2, P, "30")  # the right amount; seat 7 comes first
    assert feedback is not None and not feedback.correct
    assert [m.kind for m in feedback.mistakes] == [Fault.WRONG_ORDER]
    (right,) = feedback.right
    assert (right.asked, right.expected) == ("seat 2 Player 30", "pay 30")


# -- working the missed tables again -----------------------------------------------------


def test_retry_works_again_just_the_missed_tables() -> None:
    s, _, records = session(
        dealt(NATURAL, NATURAL_LAYOUT), dealt(DRAGON, DRAGON_LAYOUT), dealt(NATURAL, {2: {P: 30}})
    )
    work_natural_right(s)
    s.next_table()
    take(s, *DRAGON_LOSERS)
    pay(s, 1, D7, "40")  # wrong
    s.finish_paying()
    s.next_table()
    take(s)  # nothing loses
    pay(s, 2, P, "30")
    s.next_table()
    summary = s.summary()
    assert [t.number for t in summary.missed] == [2]
    retry = s.retry_missed()
    assert retry.retry_of == s.session_id and retry.total == 1
    assert retry.table.coup == s.tables[1].coup and retry.table.layout == s.tables[1].layout
    # the missed table worked right this time: practice, never a pass
    retry.start()
    take(retry, *DRAGON_LOSERS)
    pay(retry, 1, D7, "400")
    retry.finish_paying()
    retry.next_table()
    again = retry.summary()
    assert (again.right, again.total, again.passed) == (2, 2, False)
    assert again.headline == "Retry of 1 missed table: practice"
    ends = [r for r in records if isinstance(r, SessionRecord) and r.retry_of is not None]
    assert ends[-1].retry_of == s.session_id and ends[-1].passed is None
    with pytest.raises(SessionError):
        retry.retry_missed()  # nothing missed in the retry


def test_a_retry_of_a_retry_is_linked_to_the_run() -> None:
    s, clock, _ = session(dealt(DRAGON, DRAGON_LAYOUT), mode=Mode.EXAM, time_limit=30)
    clock.advance(31)
    s.expire()  # a table whose time ran out is missed
    s.next_table()
    assert [t.timed_out for t in s.summary().missed] == [True]
    first = s.retry_missed()
    first.start()
    clock.advance(31)
    first.expire()
    first.next_table()
    assert first.retry_missed().retry_of == s.session_id


def test_missed_tables_carry_what_teaches_them() -> None:
    s, _, _ = session(dealt(DRAGON, DRAGON_LAYOUT))
    take(s, *DRAGON_LOSERS)
    pay(s, 1, D7, "40")
    s.finish_paying()
    (missed,) = s.summary().missed
    assert missed.result_text  # the house's words for the result
    # the table worked right, in the house's order: losers, then each seat from the right
    assert missed.procedure[:3] == (
        "seat 6: take Tie 10",
        "seat 4: take Player 100",
        "seat 4: take Panda 8 5",
    )
    assert "seat 1: pay Dragon 7 400 in" in " ".join(missed.procedure)


def test_a_payout_in_chips_is_listed_before_its_chips() -> None:
    s, _, records = session(dealt(NATURAL, NATURAL_LAYOUT))
    take(s, *NATURAL_LOSERS)
    s.select(7, P)
    s.add_chip(D(25))
    s.add_chip(D(5), 4)  # 45 in the fewest chips: 1 green, 4 red
    s.confirm_payout()
    pay_answer, chips = s.table.answers[1:]
    assert (pay_answer.skill, pay_answer.expected) == ("table:pay:player", "pay 45")
    assert chips.skill == "table:chips" and chips.correct
    answered = [r.skill for r in records if not isinstance(r, SessionRecord)]
    assert answered[1:] == ["table:pay:player", "table:chips"]
