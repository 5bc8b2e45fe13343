"""The table drill grades the payout order by the house's rules, the supervising audit's
own (trainer.engine.order): on PANDA_LAYOUT (tests/support/tables.py, worked by hand from
docs/rules.md "Settling a table") under the bundled ez house (a seat's main bet before its side
bet) and the bundled ez-tie9 house with ``main_before_side: false`` (a seat's bets in either
order), every payout order is graded as worked out by hand below, and as the audit judges
the same procedure; and on random tables under every bundled house, with its direction and
``main_before_side`` varied, the drill and the audit judge any payout order alike, in the
same words."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.coups import PANDA, FakeClock, FakeNow
from tests.support.tables import PANDA_LAYOUT, PANDA_PAYS, dealt, table_drill
from trainer.drills.model import DealtTable
from trainer.engine import Bet, BetResult
from trainer.engine.dealt import Dealt
from trainer.engine.deviation import DeviationKind
from trainer.engine.house import BUNDLED_HOUSES, House
from trainer.engine.order import Done
from trainer.engine.procedure import audit
from trainer.engine.table import Layout, Pay, deal_table_coup
from trainer.engine.table_rules import Direction, SettlementOrder
from trainer.session.table.session import TableSession
from trainer.session.table.values import Fault

P, B, P8 = Bet.PLAYER, Bet.BANKER, Bet.PANDA8

EZ = BUNDLED_HOUSES["ez"]
ANY_SEAT_ORDER = replace(BUNDLED_HOUSES["ez-tie9"], order=SettlementOrder(main_before_side=False))
assert EZ.order.main_before_side and not ANY_SEAT_ORDER.order.main_before_side

# By hand: seat 6 before seat 2 under both houses; the Player before the Panda 8 on a seat
# under ez only.
RIGHT = {
    "ez": {((6, P), (6, P8), (2, P), (2, P8))},
    "any": {
        (*six, *two)
        for six in (((6, P), (6, P8)), ((6, P8), (6, P)))
        for two in (((2, P), (2, P8)), ((2, P8), (2, P)))
    },
}
HOUSES = {"ez": EZ, "any": ANY_SEAT_ORDER}


def work(house: House, picks) -> TableSession:
    s = TableSession(
        table_drill(house=house),
        [dealt(PANDA, PANDA_LAYOUT)],
        "ann",
        clock=FakeClock(),
        now=FakeNow(),
    )
    s.start()
    s.mark(4, B)
    s.confirm_take()
    for seat, bet in picks:
        s.select(seat, bet)
        s.type_amount(PANDA_PAYS[seat, bet])
        s.confirm_payout()
    assert s.table.done
    return s


def audited_in_order(house: House, picks) -> bool:
    """The audit's verdict on the same procedure: the take, then the payouts as picked."""
    layout = Layout.of(PANDA_LAYOUT)
    right = Dealt.correct(dealt(PANDA, PANDA_LAYOUT).coup, layout, house)
    by_key = {(a.seat, a.bet): a for a in right.bets}
    takes = tuple(a for a in right.bets if a.done is Done.TAKEN)
    done = replace(right, bets=(*takes, *(by_key[k] for k in picks)))
    return not [d for d in audit(done, house, layout).deviations if d.kind is DeviationKind.ORDER]


@pytest.mark.parametrize("name", ["ez", "any"])
def test_every_payout_order_is_graded_by_the_house_rules(name: str) -> None:
    house = HOUSES[name]
    for picks in itertools.permutations(PANDA_PAYS):
        s = work(house, picks)
        order = next(a for a in s.table.answers if a.skill == "table:order")
        assert all(a.correct for a in s.table.answers if a is not order)
        assert order.correct is (picks in RIGHT[name]), picks
        assert audited_in_order(house, picks) is order.correct, picks  # one rule for both


def test_a_side_bet_before_its_main_bet_is_wrong_only_where_the_house_says_so() -> None:
    picks = ((6, P8), (6, P), (2, P), (2, P8))
    s = work(EZ, picks)
    wrong = [m for m in s.table.mistakes if m.kind is Fault.WRONG_ORDER]
    # the audit's words (trainer.engine.order): what was done, and the rule it broke
    assert [m.text for m in wrong] == [
        "paid seat 6 Panda 8 before seat 6 Player: a seat's main bet is settled before its side bet"
    ]
    order = next(a for a in s.table.answers if a.skill == "table:order")
    assert order.reason.startswith(
        "The house pays seat by seat counter-clockwise from the dealer's right, a seat's "
        "main bet before its side bet"
    )
    s = work(ANY_SEAT_ORDER, picks)
    assert not [m for m in s.table.mistakes if m.kind is Fault.WRONG_ORDER]
    order = next(a for a in s.table.answers if a.skill == "table:order")
    assert order.correct and "a seat's bets in any order" in order.reason


def test_seats_out_of_order_say_the_direction_under_either_house() -> None:
    for house in HOUSES.values():
        s = work(house, ((2, P), (6, P), (6, P8), (2, P8)))
        wrong = [m.text for m in s.table.mistakes if m.kind is Fault.WRONG_ORDER]
        assert wrong == [
            "paid seat 2 Player before seat 6 Player: the house settles counter-clockwise "
            "from the dealer's right"
        ]


ORDERED_HOUSES = [
    replace(h, order=SettlementOrder(True, direction, main_first))
    for h in BUNDLED_HOUSES.values()
    for direction in Direction
    for main_first in (True, False)
]  # losers first: the drill's take is one sweep before any payout, as such a house has it


@settings(max_examples=150, deadline=None)
@given(house=st.sampled_from(ORDERED_HOUSES), seed=st.integers(0, 2**32 - 1))
def test_the_drill_and_the_audit_judge_any_payout_order_alike(house: House, seed: int) -> None:
    rng = random.Random(seed)
    table = deal_table_coup(rng, house, bets_per_seat=(1, 4))
    s = TableSession(
        table_drill(house=house),
        [DealtTable(table.coup, table.layout)],
        "ann",
        clock=FakeClock(),
        now=FakeNow(),
    )
    s.start()
    work_ = s.table
    for key, result in work_.key.results.items():
        if result is BetResult.LOSE:
            s.mark(*key)
    s.confirm_take()
    picks = list(work_.key.pays)
    rng.shuffle(picks)
    for key in picks:
        s.select(*key)
        step = work_.key.pays[key].step
        assert isinstance(step, Pay)
        s.type_amount(step.amount)
        s.confirm_payout()
    if work_.remaining:  # pushes: left on the layout
        s.finish_paying()
    if len(picks) < 2:
        return  # no order asked
    order = next(a for a in work_.answers if a.skill == "table:order")
    right = Dealt.correct(table.coup, table.layout, house)
    by_key = {(a.seat, a.bet): a for a in right.bets}
    rest = tuple(a for a in right.bets if a.done is not Done.PAID)  # takes (one sweep), pushes
    done = replace(right, bets=(*rest, *(by_key[k] for k in picks)))
    slips = [
        d for d in audit(done, house, table.layout).deviations if d.kind is DeviationKind.ORDER
    ]
    assert order.correct is (not slips)
    if slips:  # the same first slip, in the same words
        first = next(m for m in work_.mistakes if m.kind is Fault.WRONG_ORDER)
        assert first.text == f"{slips[0].did}: {slips[0].rule}"
