"""Settling a full table: the dealer's procedure, worked by hand for small layouts and held
to single-bet settlement (settle_bet) for random layouts of every bundled house."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.coup import Outcome
from trainer.engine.house import BUNDLED_HOUSES, COMMISSION_HOUSE, EZ_HOUSE, EZ_TIE9_HOUSE
from trainer.engine.settlement import Bet, BetResult, settle_bet
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

D = Decimal


def test_dragon7_at_the_ez_table_by_hand() -> None:
    layout = Layout.of({1: {Bet.BANKER: 25, Bet.DRAGON7: 5},
                        3: {Bet.PLAYER: 10, Bet.PANDA8: 5, Bet.TIE: 5},
                        7: {Bet.BANKER: 100}})
    p = settle_table(Outcome.DRAGON7, layout, EZ_HOUSE)
    # Losers first, counter-clockwise from the dealer's right (seat 7 down to 1), main
    # bet before side bet; Banker pushes on a Dragon 7; Dragon 7 pays 40 to 1: 5 x 40.
    assert [(type(s).__name__, s.seat, s.bet, s.amount) for s in p.steps] == [
        ("Take", 3, Bet.PLAYER, D(10)), ("Take", 3, Bet.TIE, D(5)),
        ("Take", 3, Bet.PANDA8, D(5)),
        ("Push", 7, Bet.BANKER, D(100)), ("Push", 1, Bet.BANKER, D(25)),
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
    assert set(p.of(TakeCommission)) == {TakeCommission(2, Bet.BANKER, D(1)),
                                         TakeCommission(5, Bet.BANKER, D("1.50"))}
    from dataclasses import replace

    from trainer.engine.house import Collection
    boxed = replace(COMMISSION_HOUSE, commission=replace(
        COMMISSION_HOUSE.commission, collection=Collection.END_OF_SHOE))
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
@given(st.sampled_from(sorted(BUNDLED_HOUSES)), st.sampled_from(list(Outcome)),
       st.integers(0, 10**6))
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
