"""The losers taken as the house has them taken, judged the same by the table drill and the
audit of what the trainee did: in the house's direction (the default, the regulator's sheet:
individual wagers resolved counter-clockwise from the dealer's right; docs/rules.md) or in
one sweep (``settlement.losers: one_sweep``), under every bundled house.

Worked by hand on NATURAL (9h 2c Ks 3d: Player 9 over Banker 5) with seat 7 Banker 20 and
seat 5 Tie 10 (both lose) and seat 2 Player 30 (wins 30).  Counter-clockwise from the
dealer's right is seat 7, then seat 5: marking seat 5's Tie first is out of the direction.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.support.coups import NATURAL, FakeClock, FakeNow
from tests.support.tables import dealt, table_drill
from trainer.engine import Bet
from trainer.engine.deviation import DeviationKind
from trainer.engine.house import BUNDLED_HOUSES, House
from trainer.engine.notation import right_procedure
from trainer.engine.procedure import audit
from trainer.engine.table_rules import Direction, Losers
from trainer.session.table.session import TableSession
from trainer.session.table.values import Fault

P, B, T = Bet.PLAYER, Bet.BANKER, Bet.TIE
LAYOUT = {7: {B: 20}, 5: {T: 10}, 2: {P: 30}}


def _sweep(house: House) -> House:
    return replace(house, order=replace(house.order, losers=Losers.ONE_SWEEP))


def _take(house: House, marks: tuple[tuple[int, Bet], ...]) -> tuple[TableSession, object]:
    s = TableSession(
        table_drill(house=house), [dealt(NATURAL, LAYOUT)], "ann", clock=FakeClock(), now=FakeNow()
    )
    s.start()
    for seat, bet in marks:
        s.mark(seat, bet)
    fb = s.confirm_take()
    return s, fb


def _audited(s: TableSession, house: House) -> list[DeviationKind]:
    """The audit of what the trainee did (the drill's own export), its deviations' kinds."""
    t = s.table
    right = right_procedure(t.dealt.coup, t.dealt.layout, house)
    done = t.worked(right)
    return [d.kind for d in audit(done.dealt, house, done.layout).deviations]


def _pay(s: TableSession) -> None:
    s.select(2, P)
    s.type_amount("30")
    s.confirm_payout()


@pytest.mark.parametrize("house_id", list(BUNDLED_HOUSES))
def test_every_bundled_house_takes_its_losers_in_its_direction(house_id: str) -> None:
    house = BUNDLED_HOUSES[house_id]
    assert house.order.losers is Losers.IN_DIRECTION  # the regulator's sheet, by default
    assert house.order.losers_first and house.order.direction is Direction.COUNTERCLOCKWISE
    # seat 7, then seat 5: right
    s, fb = _take(house, ((7, B), (5, T)))
    assert fb.correct
    _pay(s)
    assert _audited(s, house) == []
    # seat 5 first: the take is wrong for its order alone, and the audit says so too
    s, fb = _take(house, ((5, T), (7, B)))
    assert [m.kind for m in fb.mistakes] == [Fault.WRONG_ORDER]
    (m,) = fb.mistakes
    assert m.text == (
        "took seat 5 Tie before seat 7 Banker: the house takes the losing bets seat by seat "
        "counter-clockwise from the dealer's right"
    )
    _pay(s)
    assert _audited(s, house) == [DeviationKind.ORDER]


@pytest.mark.parametrize("house_id", list(BUNDLED_HOUSES))
def test_one_sweep_takes_the_losers_in_any_order(house_id: str) -> None:
    house = _sweep(BUNDLED_HOUSES[house_id])
    for marks in (((7, B), (5, T)), ((5, T), (7, B))):
        s, fb = _take(house, marks)
        assert fb.correct
        _pay(s)
        assert _audited(s, house) == []


def test_unmarking_takes_a_bet_out_of_the_order() -> None:
    house = BUNDLED_HOUSES["ez"]
    s = TableSession(
        table_drill(house=house), [dealt(NATURAL, LAYOUT)], "ann", clock=FakeClock(), now=FakeNow()
    )
    s.start()
    s.mark(5, T)
    s.mark(5, T, marked=False)  # seat 5 unmarked, then marked after seat 7: in order
    s.mark(7, B)
    s.mark(5, T)
    assert s.confirm_take().correct


def test_a_clockwise_house_takes_from_the_dealers_left() -> None:
    ez = BUNDLED_HOUSES["ez"]
    house = replace(ez, order=replace(ez.order, direction=Direction.CLOCKWISE))
    _, fb = _take(house, ((5, T), (7, B)))  # seat 5 before seat 7: clockwise, right
    assert fb.correct
    _, fb = _take(house, ((7, B), (5, T)))
    assert [m.kind for m in fb.mistakes] == [Fault.WRONG_ORDER]
