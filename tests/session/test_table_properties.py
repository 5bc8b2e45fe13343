"""Properties of the table drill over random tables of every bundled table drill:

- a table worked perfectly scores 100 %, where "perfectly" is worked out here from the
  single-bet settlement (``settle_bet``), the house's order as docs/rules.md states it and a naive
  fewest-chips search, not from the table's own answer key;
- each step's answer key pays exactly what ``settle_bet`` pays: a random take is right
  exactly when it takes the bets settle_bet says lose, a random payout exactly when it is
  settle_bet's amount;
- the dealt tables keep to the drill's table section and the house's rules.
"""

from __future__ import annotations

import functools
import random
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.drills.catalogue import load_drill
from trainer.drills.generate import deal_tables
from trainer.drills.model import ChipEntry, Drill
from trainer.engine import BetResult, format_amount, settle_bet
from trainer.engine.dead_chips import RollingBase
from trainer.engine.house import House
from trainer.engine.table import layout_problems
from trainer.engine.table_rules import BASE_BETS, SIDE_BETS, Direction
from trainer.session.table.session import TableSession
from trainer.session.table.values import BetSpot, Phase

#: Table drills under the houses no bundled table drill uses (side-bet caps, fees).
OTHER_HOUSES = {
    "tie9-table": 'house: ez-tie9\ntable: {seats: "2-7", bets_per_seat: "1-3", bets: '
    "{player: {min: 100, max: 200, step: 25}, banker: {min: 100, max: 200, step: "
    "25}, tie: 10, dragon7: {min: 5, max: 100, step: 5}, panda8: 25}}\n",
    "cardroom-table": 'house: cardroom\ntable: {seats: "3-9", bets_per_seat: "1-3", '
    "chips: chips, bets: {player: {min: 5, max: 100, step: 5}, banker: "
    "{min: 25, max: 100, step: 5}, dragon7: {min: 5, max: 25, step: 5}}}\n",
}
TABLE_DRILLS = (
    "table-basics",
    "table-dragons-pandas",
    "table-chip-cutting",
    "table-exam",
    "table-commission",
    "table-dead-chips",
    *OTHER_HOUSES,
)


@functools.cache
def drill(drill_id: str) -> Drill:
    if drill_id in OTHER_HOUSES:
        from trainer.drills.loader import load_text

        return load_text(
            f"id: {drill_id}\ntitle: T\ndescription: D\nask: table\n"
            f"{OTHER_HOUSES[drill_id]}generate: [{{outcome: [dragon7, panda8]}}, "
            "{natural: true}]\n"
        )
    return load_drill(drill_id)


def naive_fewest(amount: Decimal, chips: tuple[Decimal, ...]) -> dict[Decimal, int]:
    """The fewest chips making ``amount``: a plain dynamic programme over cents."""
    cents = int(amount * 100)
    coins = [int(c * 100) for c in chips]
    best: list[list[int] | None] = [[]] + [None] * cents
    for x in range(1, cents + 1):
        for c in coins:
            prev = best[x - c] if c <= x else None
            if prev is not None and (best[x] is None or len(prev) + 1 < len(best[x])):
                best[x] = [*prev, c]
    made = best[cents]
    assert made is not None, f"{amount} cannot be made in chips"
    out: dict[Decimal, int] = {}
    for c in made:
        out[Decimal(c) / 100] = out.get(Decimal(c) / 100, 0) + 1
    return out


def house_order(spots: list[BetSpot], house: House) -> list[BetSpot]:
    """docs/rules.md: seat by seat from the dealer's right (counter-clockwise: the highest seat
    first) or left, a seat's main bet before its side bet."""
    sign = -1 if house.order.direction is Direction.COUNTERCLOCKWISE else 1
    return sorted(spots, key=lambda s: (sign * s.seat, s.bet in SIDE_BETS))


def settle(spot: BetSpot, t, house: House):
    return settle_bet(t.coup.outcome, spot.bet, spot.wager, house)


def session_of(drill_id: str, seed: int, chips: bool) -> tuple[TableSession, House]:
    d = drill(drill_id)
    # a quarter of a second a step: the biggest table's every action stays inside the exam's
    # time limit, so a time-out never stands in for the grade the test checks
    clock = iter(range(0, 10**6))
    s = TableSession.deal(d, "prop", random.Random(seed), clock=lambda: next(clock) / 4)
    s.start()
    return s, d.house


@settings(max_examples=60, deadline=None)
@given(drill_id=st.sampled_from(TABLE_DRILLS), seed=st.integers(0, 2**32 - 1), chips=st.booleans())
def test_a_perfectly_worked_table_scores_100(drill_id: str, seed: int, chips: bool) -> None:
    s, house = session_of(drill_id, seed, chips)
    denominations = tuple(c.value for c in house.chips)
    by_chips = s.spec.chips is ChipEntry.CHIPS or (chips and s.spec.chips is ChipEntry.EITHER)
    t = s.table
    spots = list(t.spots)
    for spot in spots:
        if settle(spot, t, house).result is BetResult.LOSE:
            s.mark(spot.seat, spot.bet)
    s.confirm_take()
    winners = [
        sp for sp in house_order(spots, house) if settle(sp, t, house).result is BetResult.WIN
    ]
    for spot in winners:
        s.select(spot.seat, spot.bet)
        paid = settle(spot, t, house).paid
        if by_chips:
            for value, n in naive_fewest(paid, denominations).items():
                s.add_chip(value, n)
        else:
            s.type_amount(paid)
        s.confirm_payout()
    if t.phase is Phase.PAY:
        s.finish_paying()
    for spot in winners:
        owed = settle(spot, t, house).commission
        if owed:
            assert t.commission_spot == spot
            s.type_amount(owed)
            s.confirm_commission()
    programme = house.dead_chips.programme if house.dead_chips is not None else None
    for spot in house_order(spots, house) if programme is not None else ():
        # the rolling commission, worked apart: the rate of the dead chips lost (or of
        # those won or lost on a turnover programme), in whole cents, rounded down
        result = settle(spot, t, house).result
        counts = result is BetResult.LOSE or (
            programme.base is RollingBase.TURNOVER and result is BetResult.WIN
        )
        if spot.dead and counts:
            assert t.commission_spot == spot
            s.type_amount(Decimal(int(spot.dead * programme.rate * 100)) / 100)
            s.confirm_commission()
    assert t.done
    assert t.answers and all(a.correct for a in t.answers), [a for a in t.answers if not a.correct]
    s.next_table()
    assert s.summary().percent == 100


@settings(max_examples=60, deadline=None)
@given(drill_id=st.sampled_from(TABLE_DRILLS), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_each_step_grades_as_settle_bet_settles(drill_id: str, seed: int, data) -> None:
    s, house = session_of(drill_id, seed, False)
    t = s.table
    spots = list(t.spots)
    marked = {sp.key for sp in spots if data.draw(st.booleans())}
    for key in [sp.key for sp in spots if sp.key in marked]:  # in the house's order
        s.mark(*key)
    losers = {sp.key for sp in spots if settle(sp, t, house).result is BetResult.LOSE}
    s.confirm_take()  # an exam gives no feedback now: read the table's answers
    assert t.answers[0].correct == (marked == losers)
    # practice takes the losers whatever was marked; an exam only the bets marked (the
    # layout as the trainee left it: the right take is not shown)
    gone = marked if s.exam else losers
    assert {sp.key for sp in t.remaining} == {sp.key for sp in spots} - gone
    for spot in t.remaining:
        settled = settle(spot, t, house)
        s.select(spot.seat, spot.bet)
        right = settled.paid if settled.result is BetResult.WIN else spot.wager
        amount = data.draw(st.sampled_from([right, right + 1, right * 2]))
        if s.spec.chips is ChipEntry.CHIPS:
            for value, n in naive_fewest(amount, t.denominations).items():
                s.add_chip(value, n)
        else:
            s.type_amount(amount)
        before = len(t.answers)
        s.confirm_payout()
        pay = next(a for a in t.answers[before:] if a.skill.startswith("table:pay:"))
        if settled.result is BetResult.WIN:
            assert pay.expected == f"pay {format_amount(settled.paid)}"
            assert pay.correct == (amount == settled.paid)
        else:  # a push, or a loser an exam left on the layout: any payout is wrong
            left = "lose" if settled.result is BetResult.LOSE else "push"
            assert not pay.correct and pay.expected == left
        if t.phase is not Phase.PAY:
            break


@settings(max_examples=40, deadline=None)
@given(drill_id=st.sampled_from(TABLE_DRILLS), seed=st.integers(0, 2**32 - 1))
def test_dealt_tables_keep_to_the_drill_and_the_house(drill_id: str, seed: int) -> None:
    d = drill(drill_id)
    house = d.house
    spec = d.table
    ranges = {b.bet: b for b in spec.bets}
    tables = deal_tables(d, random.Random(seed))
    assert len(tables) == d.questions
    for dealt in tables:
        layout = dealt.layout
        assert spec.seats[0] <= len(layout.seats) <= spec.seats[1]
        assert layout_problems(layout, house) == []
        for seat in layout.seats:
            # a side bet may bring the base bets its house requires (a Player or Banker
            # bet, the bet that caps it): only those come on top of the count asked
            extra = len(BASE_BETS) if house.limits.side_needs_base or house.limits.side_caps else 0
            assert spec.bets_per_seat[0] <= len(seat.bets) <= spec.bets_per_seat[1] + extra
            assert len([b for b in seat.bets if b not in BASE_BETS]) <= spec.bets_per_seat[1]
            for bet, wager in seat.bets.items():
                r = ranges[bet]
                assert r.minimum <= wager <= r.maximum and wager % r.step == 0
        if d.filters and dealt.coup.cards not in {f.cards for f in d.fixed}:
            named = house.named(dealt.coup.outcome)
            assert any(f.outcome is None or dealt.coup.outcome in f.outcome for f in d.filters), (
                named
            )


def test_a_dragon_only_table_drill_deals_only_dragons() -> None:
    from trainer.drills.loader import load_text

    d = load_text(
        "id: dragons\ntitle: T\ndescription: D\nask: table\nquestions: 30\n"
        "table: {seats: 2, bets: {banker: 25, dragon7: 5}}\n"
        "generate: [{outcome: dragon7}]\n"
    )
    tables = deal_tables(d, random.Random(7))
    assert len(tables) == 30
    assert {t.coup.outcome.value for t in tables} == {"dragon7"}
    assert all(len(t.layout.seats) == 2 for t in tables)
