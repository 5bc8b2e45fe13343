"""Every table answer is timed from the moment its question could be answered: no answer is
stored at zero while the clock ran.

Worked by hand on NATURAL (9h 2c Ks 3d: the Player wins 9 to 5) on seats 7 (Banker 20,
Player 45), 5 (Player 15, Tie 5) and 2 (Player 30): the take is seat 7's Banker and seat 5's
Tie; the house pays from the dealer's right, seat 7, then 5, then 2 (docs/rules.md).  The
clock is the tests' own (``FakeClock``), advanced by hand.
"""

from __future__ import annotations

from decimal import Decimal

from tests.support.coups import NATURAL, FakeClock, FakeNow
from tests.support.tables import NATURAL_LAYOUT, dealt, table_drill
from trainer.drills.model import ChipEntry, Mode
from trainer.engine import Bet
from trainer.session.table.session import TableSession

P, B, T = Bet.PLAYER, Bet.BANKER, Bet.TIE
D = Decimal


def _session(**kw: object) -> tuple[TableSession, FakeClock]:
    clock = FakeClock()
    s = TableSession(
        table_drill(**kw), [dealt(NATURAL, NATURAL_LAYOUT)], "ann", clock=clock, now=FakeNow()
    )
    s.start()
    return s, clock


def _take(s: TableSession) -> None:
    s.mark(7, B)
    s.mark(5, T)
    s.confirm_take()


def test_the_chips_answer_carries_its_payouts_time() -> None:
    s, clock = _session(chips=ChipEntry.CHIPS)
    clock.advance(3)
    _take(s)
    clock.advance(5)
    s.select(7, P)
    s.add_chip(D(25))
    s.add_chip(D(5), 4)  # 45: one green, four red, the house's way
    s.confirm_payout()
    timed = [(a.skill, a.seconds) for a in s.table.answers]
    # the chips were built in the payout's 5 s: the same 5 s, not 0
    assert timed == [("table:take", 3), ("table:pay:player", 5), ("table:chips", 5)]


def test_the_order_and_an_unpaid_winner_are_timed_over_the_pay_phase() -> None:
    s, clock = _session()
    clock.advance(3)
    _take(s)  # the pay phase opens at 3 s
    clock.advance(5)
    s.select(7, P)
    s.type_amount("45")
    s.confirm_payout()  # at 8 s
    clock.advance(4)
    s.select(5, P)
    s.type_amount("15")
    s.confirm_payout()  # at 12 s
    clock.advance(2)
    s.finish_paying()  # at 14 s: seat 2's Player 30 is never paid
    timed = [(a.skill, a.seconds) for a in s.table.answers]
    assert timed == [
        ("table:take", 3),
        ("table:pay:player", 5),
        ("table:pay:player", 4),
        # open from the take (3 s) to "done paying" (14 s): 11 s, "done"'s 2 s inside it
        ("table:pay:player", 11),  # seat 2: not paid
        ("table:order", 11),
    ]
    assert s.table.answers[3].answer == "not paid"
    assert s.table.seconds == 14


def test_questions_open_at_the_limit_are_timed_from_the_last_action() -> None:
    s, clock = _session(mode=Mode.EXAM, time_limit=30)
    clock.advance(6)
    _take(s)  # at 6 s
    clock.advance(4)
    s.select(7, P)
    s.type_amount("45")
    s.confirm_payout()  # at 10 s
    clock.advance(25)
    assert s.expire()  # at 35 s, past the limit at 30 s
    # seat 5's and seat 2's payouts and the order were open from 10 s to the limit: 20 s
    assert [a.seconds for a in s.table.answers] == [6, 4, 20, 20, 20]
    assert [a.answer for a in s.table.answers][2:] == ["timeout"] * 3
