"""Settling a full table: the dealer's procedure, worked by hand for small layouts and held
to single-bet settlement (settle_bet) for random layouts of every bundled house."""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.chips import ChipConvention, PayStyle, pay_in_chips
from trainer.engine.coup import Outcome
from trainer.engine.house import (
    BUNDLED_HOUSES,
    COMMISSION_HOUSE,
    EZ_HOUSE,
    EZ_TIE9_HOUSE,
    House,
    settle_bet,
)
from trainer.engine.settlement import Bet, BetResult
from trainer.engine.shoe import Shoe
from trainer.engine.table import (
    BoxCommission,
    CollectFee,
    Layout,
    LayoutError,
    Pay,
    Push,
    Take,
    TakeCommission,
    deal_layout,
    layout_problems,
    settle_table,
)
from trainer.engine.table_rules import SIDE_BETS, Direction, SettlementOrder

D = Decimal


def test_dragon7_at_the_ez_table_by_hand() -> None:
    layout = Layout.of(
        {
            1: {Bet.BANKER: 25, Bet.DRAGON7: 5},
            3: {Bet.PLAYER: 10, Bet.PANDA8: 5, Bet.TIE: 5},
            7: {Bet.BANKER: 100},
        }
    )
    p = settle_table(Outcome.DRAGON7, layout, EZ_HOUSE)
    # Losers first, counter-clockwise from the dealer's right (seat 7 down to 1), main
    # bet before side bet; Banker pushes on a Dragon 7; Dragon 7 pays 40 to 1: 5 x 40.
    assert [(type(s).__name__, s.seat, s.bet, s.amount) for s in p.steps] == [
        ("Take", 3, Bet.PLAYER, D(10)),
        ("Take", 3, Bet.TIE, D(5)),
        ("Take", 3, Bet.PANDA8, D(5)),
        ("Push", 7, Bet.BANKER, D(100)),
        ("Push", 1, Bet.BANKER, D(25)),
        ("Pay", 1, Bet.DRAGON7, D(200)),
    ]
    assert p.of(Pay)[0].chips.as_dict() == {D(100): 2}
    assert p.taken == 20 and p.paid == 200


def test_commission_taken_at_once_and_boxed() -> None:
    layout = Layout.of({2: {Bet.BANKER: 20}, 5: {Bet.BANKER: 30}})
    p = settle_table(Outcome.BANKER, layout, COMMISSION_HOUSE)
    pays = {s.seat: s for s in p.of(Pay)}
    # 20 less 5 % = 19; 30 less 1.50 = 28.50.
    assert pays[2].amount == 19 and pays[5].amount == D("28.50")
    # 19 in the fewest chips: 3 x 5 + 2.50 + 1 + 0.50 (six chips).
    assert pays[2].chips.count == 6 and pays[2].chips.total == 19
    assert set(p.of(TakeCommission)) == {
        TakeCommission(2, Bet.BANKER, D(1)),
        TakeCommission(5, Bet.BANKER, D("1.50")),
    }
    from dataclasses import replace

    from trainer.engine.games import Collection

    boxed = replace(
        COMMISSION_HOUSE,
        commission=replace(COMMISSION_HOUSE.commission, collection=Collection.END_OF_SHOE),
    )
    q = settle_table(Outcome.BANKER, layout, boxed)
    assert {s.amount for s in q.of(Pay)} == {D(20), D(30)}
    assert q.of(BoxCommission) and q.commission == D("2.50")


def test_card_room_fees_come_first() -> None:
    house = BUNDLED_HOUSES["cardroom"]
    p = settle_table(Outcome.PLAYER, Layout.of({1: {Bet.BANKER: 50, Bet.PLAYER: 20}}), house)
    # Fee schedule: up to 20 pays 0.50, up to 100 pays 1.
    assert p.steps[:2] == (CollectFee(1, Bet.PLAYER, D("0.50")), CollectFee(1, Bet.BANKER, D(1)))
    assert p.steps[2] == Take(1, Bet.BANKER, D(50))


def test_every_problem_is_listed() -> None:
    layout = Layout.of({8: {Bet.PLAYER: 10}, 2: {Bet.DRAGON7: 5}, 3: {Bet.BANKER: 9000}})
    with pytest.raises(LayoutError) as err:
        settle_table(Outcome.BANKER, layout, EZ_TIE9_HOUSE)
    assert len(err.value.problems) >= 3
    assert err.value.problems[-1].startswith("seat 8:")
    with pytest.raises(LayoutError, match="seat 4 is given twice"):
        Layout((*Layout.of({4: {Bet.TIE: 5}}).seats, *Layout.of({4: {Bet.TIE: 6}}).seats))
    with pytest.raises(LayoutError, match="seat 1, tie"):
        Layout.of({1: {Bet.TIE: "abc"}})


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(sorted(BUNDLED_HOUSES)), st.sampled_from(list(Outcome)), st.integers(0, 10**6)
)
def test_procedure_pays_what_single_bets_pay(house_id: str, outcome: Outcome, seed: int) -> None:
    house = BUNDLED_HOUSES[house_id]
    layout = deal_layout(random.Random(seed), house, seats=(1, 9), bets_per_seat=(1, 4))
    assert layout == deal_layout(random.Random(seed), house, seats=(1, 9), bets_per_seat=(1, 4))
    assert layout_problems(layout, house) == []
    p = settle_table(outcome, layout, house)
    acted: list[tuple[int, Bet]] = []
    for step in p.steps:
        if isinstance(step, Take | Push | Pay):
            acted.append((step.seat, step.bet))
            single = settle_bet(outcome, step.bet, layout_wager(layout, step), house)
            kind = {BetResult.LOSE: Take, BetResult.PUSH: Push, BetResult.WIN: Pay}[single.result]
            assert isinstance(step, kind)
            assert step.amount == (single.paid if kind is Pay else single.wager)
            if isinstance(step, Pay):
                assert step.chips.total == step.amount
                assert step.chips.coin < min(c.value for c in house.chips)
    # Every bet acted on exactly once.
    assert sorted(acted, key=str) == sorted(((n, b) for n, b, _ in layout.bets()), key=str)
    # All takes before any pay or push; seats counter-clockwise within each pass.
    kinds = [type(s) for s in p.steps if isinstance(s, Take | Push | Pay)]
    first_other = next((i for i, k in enumerate(kinds) if k is not Take), len(kinds))
    assert Take not in kinds[first_other:]
    takes = [s.seat for s in p.of(Take)]
    assert takes == sorted(takes, reverse=True)


def layout_wager(layout: Layout, step: Take | Push | Pay) -> Decimal:
    return next(w for n, b, w in layout.bets() if n == step.seat and b == step.bet)


# -- properties over random tables, every house and chip convention ---------------------------


def _houses() -> list[House]:
    """Every bundled house, and each with the other chip conventions."""
    out: list[House] = []
    for house in BUNDLED_HOUSES.values():
        out += [
            house,
            replace(house, payout_chips=ChipConvention(PayStyle.COLOUR_FOR_COLOUR)),
            replace(house, payout_chips=ChipConvention(PayStyle.MAX_EACH, 4)),
        ]
    # A house that works each bet as it comes, clockwise from the dealer's left.
    out.append(
        replace(EZ_HOUSE, order=SettlementOrder(losers_first=False, direction=Direction.CLOCKWISE))
    )
    return out


HOUSES = _houses()


def _fewest_count(amount: Decimal, values: list[Decimal]) -> int | None:
    """Fewest chips for ``amount`` by the textbook programme over cents (small amounts)."""
    cents, coins = int(amount * 100), [int(v * 100) for v in values]
    best = [0] + [cents + 1] * cents
    for x in range(1, cents + 1):
        for c in coins:
            if c <= x and best[x - c] + 1 < best[x]:
                best[x] = best[x - c] + 1
    return None if best[cents] > cents else best[cents]


@settings(max_examples=120, deadline=None)
@given(st.integers(0, len(HOUSES) - 1), st.integers(0, 10**9), st.integers(0, 10**9))
def test_random_tables_pay_what_single_bets_pay(
    index: int, layout_seed: int, coup_seed: int
) -> None:
    house = HOUSES[index]
    layout = deal_layout(random.Random(layout_seed), house, seats=(1, 14), bets_per_seat=(1, 5))
    coup = Shoe.shuffled(random.Random(coup_seed), house.decks).deal_coup()
    p = settle_table(coup, layout, house)
    wagers = {(n, b): w for n, b, w in layout.bets()}
    values = sorted(c.value for c in house.chips)
    conv = house.payout_chips

    # Each bet is worked once (fees aside), as settle_bet settles it alone.
    worked = [s for s in p.steps if isinstance(s, Take | Push | Pay)]
    assert sorted(((s.seat, s.bet) for s in worked), key=str) == sorted(wagers, key=str)
    for step in worked:
        wager = wagers[step.seat, step.bet]
        single = settle_bet(coup.outcome, step.bet, wager, house)
        if isinstance(step, Take):
            assert single.result is BetResult.LOSE and step.amount == wager
        elif isinstance(step, Push):
            assert single.result is BetResult.PUSH and step.amount == wager
            assert single.paid == 0  # a push pays nothing, and no Pay step is made for it
        else:
            assert single.result is BetResult.WIN and step.amount == single.paid
            chips = step.chips
            # The chips and the coin come to the amount exactly; coin only below a chip.
            paid = sum((v * n for v, n in chips.chips), Decimal(0)) + chips.coin
            assert paid == step.amount and 0 <= chips.coin < values[0]
            assert all(v in values and n > 0 for v, n in chips.chips)
            if conv.style is PayStyle.MAX_EACH:
                assert all(n <= conv.max_each for v, n in chips.chips if v != values[-1])
            if conv.style is PayStyle.COLOUR_FOR_COLOUR:
                # In the wager's colours but for a rest below its smallest colour (else
                # that chip could have paid more of it).
                own = {v for v, _ in pay_in_chips(wager, values).chips}
                off = sum((v * n for v, n in chips.chips if v not in own), Decimal(0))
                assert not own or off < min(own)
            elif step.amount - chips.coin <= 600:
                assert chips.count == _fewest_count(step.amount - chips.coin, values)
    for fee in p.of(CollectFee):
        assert fee.amount == settle_bet(coup.outcome, fee.bet, wagers[fee.seat, fee.bet], house).fee

    # The house's order: fees first, then (losers first) every Take; seats in the house's
    # direction within each pass, a seat's main bet before its side bet; a commission
    # straight after its Pay.
    kinds = [type(s) for s in p.steps]
    fees = kinds.count(CollectFee)
    assert set(kinds[:fees]) <= {CollectFee} and CollectFee not in kinds[fees:]
    seat_rank = {n: i for i, n in enumerate(house.order.seats(house.seats))}

    def in_order(steps: list) -> bool:  # type: ignore[type-arg]
        keys = [(seat_rank[s.seat], s.bet in SIDE_BETS, list(Bet).index(s.bet)) for s in steps]
        return keys == sorted(keys)

    assert in_order(list(p.of(CollectFee)))
    takes = [s for s in worked if isinstance(s, Take)]
    others = [s for s in worked if not isinstance(s, Take)]
    if house.order.losers_first:
        assert worked == takes + others
        assert in_order(takes) and in_order(others)
    else:
        assert in_order(worked)
    for i, step in enumerate(p.steps):
        if isinstance(step, TakeCommission | BoxCommission):
            before = p.steps[i - 1]
            assert isinstance(before, Pay) and (before.seat, before.bet) == (step.seat, step.bet)
