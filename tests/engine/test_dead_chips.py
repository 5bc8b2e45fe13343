"""Dead (non-negotiable) chips settled at a table, and the rolling commission on them: every
amount below is worked by hand from docs/rules.md, "Dead chips and rolling commission"."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from trainer.engine.coup import Outcome
from trainer.engine.dead_chips import DeadChips, RollingBase, RollingProgramme
from trainer.engine.errors import HouseError
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.settlement import Bet
from trainer.engine.table import (
    Layout,
    LayoutError,
    Pay,
    Push,
    RollingCommission,
    Take,
    layout_problems,
    settle_table,
)

ROLLING = BUNDLED_HOUSES["ez-rolling"]  # dead chips on Player, Banker, Tie; 1.2 % of losses
D = Decimal

#: Seat 1: Banker 1,000, 600 of it dead; seat 3: Player 500 all dead, Tie 100 all dead.
LAYOUT = Layout.of(
    {1: {Bet.BANKER: 1000}, 3: {Bet.PLAYER: 500, Bet.TIE: 100}},
    dead={1: {Bet.BANKER: 600}, 3: {Bet.PLAYER: 500, Bet.TIE: 100}},
)


def test_a_dead_chip_win_is_paid_in_live_chips_and_the_dead_chips_stay() -> None:
    table = settle_table(Outcome.BANKER, LAYOUT, ROLLING)
    (pay,) = table.of(Pay)
    # 1,000 at 1 to 1 (EZ: no commission) = 1,000, one yellow 1,000 chip; the 600 dead stay
    assert (pay.seat, pay.bet, pay.amount, pay.dead) == (1, Bet.BANKER, D(1000), D(600))
    assert pay.chips.chips == ((D(1000), 1),)
    assert "600 in dead chips stays with the player" in pay.describe()
    # the programme pays on dead chips lost: seat 3 lost Player 500 and Tie 100, all dead
    assert [(r.seat, r.bet, r.rolled, r.amount) for r in table.of(RollingCommission)] == [
        (3, Bet.PLAYER, D(500), D(6)),  # 500 x 1.2 % = 6.00
        (3, Bet.TIE, D(100), D("1.20")),  # 100 x 1.2 % = 1.20
    ]
    assert table.rolling == D("7.20")


def test_a_dead_chip_loss_is_taken_and_rolls() -> None:
    table = settle_table(Outcome.PLAYER, LAYOUT, ROLLING)
    # losers first, counter-clockwise from the dealer's right: seat 3's Tie, then seat 1
    assert [(t.seat, t.bet, t.amount, t.dead) for t in table.of(Take)] == [
        (3, Bet.TIE, D(100), D(100)),
        (1, Bet.BANKER, D(1000), D(600)),
    ]
    (pay,) = table.of(Pay)
    assert (pay.seat, pay.bet, pay.amount, pay.dead) == (3, Bet.PLAYER, D(500), D(500))
    # 100 x 1.2 % = 1.20; 600 x 1.2 % = 7.20 (the live 400 of the Banker bet earns nothing)
    assert [(r.seat, r.bet, r.amount) for r in table.of(RollingCommission)] == [
        (3, Bet.TIE, D("1.20")),
        (1, Bet.BANKER, D("7.20")),
    ]
    assert table.rolling == D("8.40")
    # the rolling commission comes after every bet is settled
    assert all(isinstance(s, RollingCommission) for s in table.steps[-2:])


def test_a_tie_pushes_the_dead_chips_and_pays_a_dead_tie_bet() -> None:
    table = settle_table(Outcome.TIE, LAYOUT, ROLLING)
    assert {(p.seat, p.bet) for p in table.of(Push)} == {(3, Bet.PLAYER), (1, Bet.BANKER)}
    (pay,) = table.of(Pay)
    assert (pay.bet, pay.amount, pay.dead) == (Bet.TIE, D(800), D(100))  # 100 x 8 = 800
    assert table.of(Take) == () and table.rolling == 0  # nothing lost, nothing rolled


def test_the_banker_push_on_a_dragon_7_leaves_its_dead_chips_unrolled() -> None:
    table = settle_table(Outcome.DRAGON7, LAYOUT, ROLLING)
    (push,) = table.of(Push)
    assert (push.seat, push.bet, push.amount) == (1, Bet.BANKER, D(1000))
    # only seat 3's Player 500 and Tie 100 lost: 6 + 1.20
    assert [(r.bet, r.amount) for r in table.of(RollingCommission)] == [
        (Bet.PLAYER, D(6)),
        (Bet.TIE, D("1.20")),
    ]
    assert table.rolling == D("7.20")


def test_a_turnover_programme_pays_on_dead_chips_won_too() -> None:
    turnover = replace(
        ROLLING,
        dead_chips=DeadChips(
            (Bet.PLAYER, Bet.BANKER, Bet.TIE), RollingProgramme(D("0.01"), RollingBase.TURNOVER)
        ),
    )
    banker = settle_table(Outcome.BANKER, LAYOUT, turnover)
    # 1 % of 600 won + 500 lost + 100 lost = 6 + 5 + 1
    assert [(r.seat, r.bet, r.rolled, r.amount) for r in banker.of(RollingCommission)] == [
        (3, Bet.PLAYER, D(500), D(5)),
        (3, Bet.TIE, D(100), D(1)),
        (1, Bet.BANKER, D(600), D(6)),
    ]
    assert banker.rolling == D(12)
    tie = settle_table(Outcome.TIE, LAYOUT, turnover)
    # the pushes decide nothing: only the Tie bet's 100 dead, won, counts: 1
    assert [(r.bet, r.amount) for r in tie.of(RollingCommission)] == [(Bet.TIE, D(1))]


def test_the_commission_is_rounded_down_to_the_cent() -> None:
    layout = Layout.of({2: {Bet.PLAYER: 333}}, dead={2: {Bet.PLAYER: 333}})
    (r,) = settle_table(Outcome.BANKER, layout, ROLLING).of(RollingCommission)
    assert r.amount == D("3.99")  # 333 x 1.2 % = 3.996, the house pays 3.99
    assert r.describe() == (
        "seat 2: rolling commission on Player: 1.2 % of 333 in dead chips = 3.99"
    )


def test_side_bets_in_dead_chips_where_the_house_takes_them() -> None:
    every = replace(ROLLING, dead_chips=DeadChips(tuple(Bet), RollingProgramme(D("0.012"))))
    layout = Layout.of({4: {Bet.BANKER: 100, Bet.DRAGON7: 20}}, dead={4: {Bet.DRAGON7: 20}})
    dragon = settle_table(Outcome.DRAGON7, layout, every)
    (pay,) = dragon.of(Pay)
    assert (pay.bet, pay.amount, pay.dead) == (Bet.DRAGON7, D(800), D(20))  # 20 x 40
    assert dragon.of(RollingCommission) == ()
    lost = settle_table(Outcome.PLAYER, layout, every)
    (r,) = lost.of(RollingCommission)
    assert (r.bet, r.rolled, r.amount) == (Bet.DRAGON7, D(20), D("0.24"))  # 20 x 1.2 %


def test_dead_chips_the_house_does_not_take_are_refused() -> None:
    side = Layout.of({4: {Bet.BANKER: 100, Bet.DRAGON7: 20}}, dead={4: {Bet.DRAGON7: 20}})
    assert layout_problems(side, ROLLING) == [
        "seat 4: dragon7 in dead chips: this house takes dead chips on player, banker, tie only"
    ]
    with pytest.raises(LayoutError):
        settle_table(Outcome.PLAYER, side, ROLLING)
    assert layout_problems(LAYOUT, BUNDLED_HOUSES["ez"]) == [
        "seat 1: this house takes no dead chips: every bet is in live chips",
        "seat 3: this house takes no dead chips: every bet is in live chips",
    ]


def test_dead_chips_are_part_of_a_wager_on_the_seat() -> None:
    with pytest.raises(
        LayoutError, match="seat 2: banker dead chips 600 are more than the wager 500"
    ):
        Layout.of({2: {Bet.BANKER: 500}}, dead={2: {Bet.BANKER: 600}})
    with pytest.raises(LayoutError, match="seat 2: tie dead chips: there is no tie bet"):
        Layout.of({2: {Bet.BANKER: 500}}, dead={2: {Bet.TIE: 5}})


def test_a_house_takes_dead_chips_only_on_bets_it_offers() -> None:
    with pytest.raises(HouseError, match="dead chips on dragon7"):
        replace(
            BUNDLED_HOUSES["commission"],
            dead_chips=DeadChips((Bet.BANKER, Bet.DRAGON7)),
        )
    with pytest.raises(HouseError, match="not between 0 and 100"):
        RollingProgramme(D(0))


def test_a_layout_without_dead_chips_settles_as_before() -> None:
    live = Layout.of({1: {Bet.BANKER: 1000}})
    table = settle_table(Outcome.PLAYER, live, ROLLING)
    assert table.of(Take) == (Take(1, Bet.BANKER, D(1000)),) and table.rolling == 0
