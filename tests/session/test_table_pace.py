"""Pace at the table: coups an hour and seconds a seat settled, against the targets a house
sets for its table's format (docs/houses.md), worked by hand with the tests' clock.

NATURAL (9h 2c Ks 3d) on one seat, seat 7 with Player 45: the take (nothing loses) and one
payout of 45 (the Player wins even money).  Each table: one seat settled.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from tests.support.coups import NATURAL, FakeClock, FakeNow
from tests.support.tables import dealt, table_drill
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.pace import PaceMeasure, PaceTarget, PaceVerdict, TableFormat
from trainer.engine.settlement import Bet
from trainer.session.table.session import TableSession

P = Bet.PLAYER


def _run(house, seconds: list[int], layout: dict | None = None) -> TableSession:
    clock = FakeClock()
    layout = layout or {7: {P: 45}}
    s = TableSession(
        table_drill(house=house),
        [dealt(NATURAL, layout) for _ in seconds],
        "ann",
        clock=clock,
        now=FakeNow(),
    )
    s.start()
    for t in seconds:
        clock.advance(t)
        s.confirm_take()
        s.select(7, P)
        s.type_amount("45")
        s.confirm_payout()
        s.next_table()
    return s


def test_measures_in_exact_arithmetic() -> None:
    # 3 tables in 54 s: 3600 x 3 / 54 = 200 coups an hour; 4 seats: 13.5 s a seat
    m = PaceMeasure(3, 4, 54.0)
    assert m.coups_an_hour == 200 and m.seconds_a_seat == Fraction(27, 2)
    # at the edge, met: 200 coups an hour against 200; 13.5 s a seat against 13.5
    assert m.coups_verdict(PaceTarget(200)) is PaceVerdict.MET
    assert m.seats_verdict(PaceTarget(None, Decimal("13.5"))) is PaceVerdict.MET
    assert m.coups_verdict(PaceTarget(201)) is PaceVerdict.UNDER
    assert m.seats_verdict(PaceTarget(None, Decimal("13.4"))) is PaceVerdict.UNDER
    # a target in tenths compared exactly: 2.1 s a seat over 10 seats is 21 s (2.1 is no
    # float: read as the decimal it is written as)
    assert PaceMeasure(1, 10, 21.0).seats_verdict(PaceTarget(None, Decimal("2.1"))) is (
        PaceVerdict.MET
    )
    assert PaceMeasure(0, 0, 0.0).coups_an_hour is None
    assert PaceMeasure(1, 1, 12.0).coups_verdict(PaceTarget()) is None


def test_the_results_show_pace_against_the_houses_target_for_its_format() -> None:
    house = replace(
        BUNDLED_HOUSES["ez"],
        table_format=TableFormat.MINI,
        pace={
            TableFormat.MINI: PaceTarget(200, Decimal(20)),
            TableFormat.FULL_SIZE: PaceTarget(60),  # not this table's format: unused
        },
    )
    s = _run(house, [20, 16])  # 2 tables in 36 s: 7200 / 36 = 200 an hour; 18 s a seat
    summary = s.summary()
    assert summary.pace == PaceMeasure(2, 2, 36.0)
    assert summary.pace_line == (
        "200 coups an hour (target 200: met), 18.0 s a seat settled (target 20: met), mini table"
    )
    slow = _run(house, [25, 26]).summary()  # 51 s: 7200 / 51 = 141.17...; 25.5 s a seat
    assert slow.pace_line == (
        "141 coups an hour (target 200: under), 25.5 s a seat settled (target 20: under), "
        "mini table"
    )


def test_no_target_no_verdict_and_seats_counted_per_table() -> None:
    # seats 7 and 3 each bet: 2 seats settled a table; 1 table in 14 s: 7 s a seat,
    # 3600 / 14 = 257.14... coups an hour, shown rounded down
    clock = FakeClock()
    s = TableSession(
        table_drill(),
        [dealt(NATURAL, {7: {P: 45}, 3: {P: 10}})],
        "ann",
        clock=clock,
        now=FakeNow(),
    )
    s.start()
    clock.advance(14)
    s.confirm_take()
    s.select(7, P)
    s.type_amount("45")
    s.confirm_payout()
    s.select(3, P)
    s.type_amount("10")
    s.confirm_payout()
    s.next_table()
    assert s.summary().pace_line == "257 coups an hour, 7.0 s a seat settled, mini table"
