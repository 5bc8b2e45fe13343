"""Chip breakdowns: fewest chips for any denominations, coin for what no chip makes, the
house's no-more-than-N convention, and the check of a dealer's chips.

Expected values are worked by hand, or by a naive dynamic programme written here over cents
(no units, no shortcut for large amounts) and a brute force over counts."""

from __future__ import annotations

import itertools
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.chip_check import ChipFault, check_chips
from trainer.engine.chips import (
    ChipConvention,
    ChipError,
    ChipLimitError,
    PayStyle,
    UnpayableAmountError,
    fewest_chips,
    most_of_one_chip,
    pay_in_chips,
)
from trainer.engine.house import COMMISSION_HOUSE, EZ_HOUSE

D = Decimal
EZ_CHIPS = (D(1), D("2.50"), D(5), D(25), D(100), D(500), D(1000))
COLOURS = {D(1): "white", D("2.50"): "pink", D(5): "red", D(25): "green", D(100): "black"}


def naive_fewest(cents: int, coins: list[int]) -> int | None:
    """Fewest coins for ``cents`` by the textbook DP over every cent; None if impossible."""
    inf = cents + 1
    best = [0] + [inf] * cents
    for x in range(1, cents + 1):
        for c in coins:
            if c <= x and best[x - c] + 1 < best[x]:
                best[x] = best[x - c] + 1
    return None if best[cents] == inf else best[cents]


def test_small_amounts_by_hand() -> None:
    assert fewest_chips(D("7.50"), EZ_CHIPS) == {D(5): 1, D("2.50"): 1}
    assert fewest_chips(D(40), EZ_CHIPS) == {D(25): 1, D(5): 3}
    assert fewest_chips(D(1234), EZ_CHIPS) == {D(1000): 1, D(100): 2, D(25): 1, D(5): 1, D(1): 4}
    assert fewest_chips(D(0), EZ_CHIPS) == {}


def test_greedy_is_not_enough() -> None:
    # Greedy by largest chip pays 6 as 4 + 1 + 1 (three chips); two 3s do it in two.
    assert fewest_chips(D(6), [D(1), D(3), D(4)]) == {D(3): 2}
    # 30 in chips of 1, 15, 25: greedy 25 + 5 x 1 (six chips), best 15 + 15.
    assert fewest_chips(D(30), [D(1), D(15), D(25)]) == {D(15): 2}


def test_what_no_chip_makes_is_paid_in_coin() -> None:
    # Smallest chip 1: 0.35 has no chip at all.
    assert pay_in_chips(D("0.35"), EZ_CHIPS).chips == ()
    assert pay_in_chips(D("0.35"), EZ_CHIPS).coin == D("0.35")
    # 1.50: chips of 1 and 2.50 cannot make it; 1 in a chip, 0.50 in coin.
    b = pay_in_chips(D("1.50"), EZ_CHIPS)
    assert b.as_dict() == {D(1): 1} and b.coin == D("0.50")
    with pytest.raises(UnpayableAmountError, match=r"0\.50 is left over"):
        fewest_chips(D("1.50"), EZ_CHIPS)
    # A large amount with a quarter: 1,000,002.75 = 1,000 x 1,000 + 2.50 + 0.25 coin.
    big = pay_in_chips(D("1000002.75"), EZ_CHIPS)
    assert big.as_dict() == {D(1000): 1000, D("2.50"): 1} and big.coin == D("0.25")


def test_no_more_than_n_of_one_chip() -> None:
    # 80 in 1/5/25: fewest is 3 x 25 + 1 x 5 anyway.
    assert fewest_chips(D(80), [D(1), D(5), D(25)], max_each=3) == {D(25): 3, D(5): 1}
    # 20 in 1/5 with at most 3 of each: 3 x 5 + 5 x 1 breaks it; nothing keeps to it.
    with pytest.raises(ChipLimitError, match="at most 3 of each"):
        fewest_chips(D(20), [D(1), D(5)], max_each=3)
    # 45 at most 4 of each (1, 5, 10, 25): 25 + 10 + 10 is three chips, no cap needed;
    # 9 x 5 = 45 is not allowed, 4 x 10 + 1 x 5 is five chips, 1 x 25 + 2 x 10 is best.
    assert fewest_chips(D(45), [D(1), D(5), D(10), D(25)], max_each=4) == {D(25): 1, D(10): 2}
    # 70 in 5/25 with at most 2 of each: 2 x 25 + 2 x 5 = 60 is the most; no breakdown.
    with pytest.raises(ChipLimitError):
        fewest_chips(D(70), [D(5), D(25)], max_each=2)


def test_capped_breakdown_against_brute_force() -> None:
    coins = [D(1), D(5), D(25), D(100)]
    for amount in (17, 58, 140, 233):
        best = None
        for counts in itertools.product(range(5), repeat=4):
            pays = sum(c * n for c, n in zip(coins, counts, strict=True)) == amount
            if pays and (best is None or sum(counts) < best):
                best = sum(counts)
        if best is None:
            with pytest.raises(ChipLimitError):
                fewest_chips(D(amount), coins, max_each=4)
        else:
            got = fewest_chips(D(amount), coins, max_each=4)
            assert sum(got.values()) == best and max(got.values()) <= 4
            assert sum(v * n for v, n in got.items()) == amount


def test_bad_denominations_and_amounts() -> None:
    with pytest.raises(ChipError, match="whole cents"):
        fewest_chips(D("0.005"), EZ_CHIPS)
    with pytest.raises(ChipError, match="whole cents"):
        fewest_chips(D(5), [D("0.001")])
    with pytest.raises(ChipError, match="no chip"):
        fewest_chips(D(5), [])
    with pytest.raises(ChipError, match="non-negative"):
        fewest_chips(D(-5), EZ_CHIPS)


coin_sets = st.lists(
    st.sampled_from([1, 2, 3, 4, 5, 7, 10, 25, 50, 100, 250, 500]),
    min_size=1,
    max_size=5,
    unique=True,
)


@settings(max_examples=150, deadline=None)
@given(coin_sets, st.integers(0, 4000))
def test_fewest_matches_the_naive_programme(coins: list[int], cents: int) -> None:
    values = [D(c) / 100 for c in coins]
    amount = D(cents) / 100
    b = pay_in_chips(amount, values)
    # The chips and the coin always add up to the amount, coin below the smallest chip.
    assert b.total == amount
    assert 0 <= b.coin < min(values)
    paid_cents = cents - int(b.coin * 100)
    # What the chips pay is the largest amount the chips can make ...
    for more in range(paid_cents + 1, cents + 1):
        assert naive_fewest(more, coins) is None
    # ... in the fewest chips.
    assert b.count == naive_fewest(paid_cents, coins)


@settings(max_examples=60, deadline=None)
@given(coin_sets, st.integers(0, 10**9))
def test_chips_always_sum_to_the_amount(coins: list[int], cents: int) -> None:
    values = [D(c) / 100 for c in coins]
    amount = D(cents) / 100
    b = pay_in_chips(amount, values)
    assert b.total == amount and b.coin < min(values)
    # Adding one largest chip to the amount adds one chip (large amounts are periodic).
    top = max(values)
    if cents > 10**6:
        assert pay_in_chips(amount + top, values).count == b.count + 1


def test_check_chips_right_and_wrong() -> None:
    ok = check_chips({D(25): 1, D(5): 3}, D(40), EZ_CHIPS, colours=COLOURS)
    assert ok.pays_amount and ok.departures == () and ok.ok
    many = check_chips({D(5): 8}, D(40), EZ_CHIPS, colours=COLOURS)
    assert many.pays_amount and not many.ok
    assert many.departures == (
        "8 red (5) (8 chips) where 1 green (25), 3 red (5) (4 chips) would do",
    )
    # 25 is one green chip (by hand): one chip, in the singular
    five = check_chips({D(5): 5}, D(25), EZ_CHIPS, colours=COLOURS)
    assert five.departures == ("5 red (5) (5 chips) where 1 green (25) (1 chip) would do",)
    short = check_chips({D(25): 1, D(5): 2}, D(40), EZ_CHIPS)
    assert not short.pays_amount
    assert short.departures == ("pays 35 where 40 is owed (5 short)",)
    foreign = check_chips({D(20): 2}, D(40), EZ_CHIPS)
    assert not foreign.pays_amount and "20 is not a chip at this table" in foreign.departures
    capped = check_chips({D(1): 12}, D(12), EZ_CHIPS, colours=COLOURS, max_each=10)
    assert capped.pays_amount
    assert "12 white: the house pays no more than 10 of one chip" in capped.departures


def test_check_chips_with_coin() -> None:
    # 1.50 at the EZ table: a white chip and 0.50 in coin is the house's way.
    assert check_chips({D(1): 1}, D("1.50"), EZ_CHIPS, coin=D("0.50")).ok
    # Paying 7.50 as 7 white chips and 0.50 coin: the coin is more than the chips leave.
    coin = check_chips({D(1): 7}, D("7.50"), EZ_CHIPS, coin=D("0.50"))
    assert coin.pays_amount
    assert coin.departures[0] == "0.50 in coin where chips pay all but 0"


# -- the house's conventions -----------------------------------------------------------------

C4C = ChipConvention(PayStyle.COLOUR_FOR_COLOUR)
CAP10 = ChipConvention(PayStyle.MAX_EACH, 10)
EZ_C4C = replace(EZ_HOUSE, payout_chips=C4C)
EZ_CAP10 = replace(EZ_HOUSE, payout_chips=CAP10)


def test_convention_values() -> None:
    with pytest.raises(ChipError, match="max_each"):
        ChipConvention(PayStyle.MAX_EACH)
    with pytest.raises(ChipError, match="max_each"):
        ChipConvention(PayStyle.FEWEST, max_each=3)
    with pytest.raises(ChipError, match="1 to 1,000"):
        ChipConvention(PayStyle.MAX_EACH, 0)
    assert EZ_HOUSE.payout_chips == ChipConvention()
    assert CAP10.label == "no more than 10 of one chip (the largest chip excepted)"


def test_colour_for_colour_by_hand() -> None:
    # A 35 wager is 1 green and 2 red: even money is the same stack; 8 to 1 (280) is 11
    # green and 1 red in those colours; the fewest chips would be 2 black, 3 green, 1 red.
    assert C4C.pay(D(35), EZ_CHIPS, D(35)).as_dict() == {D(25): 1, D(5): 2}
    assert C4C.pay(D(280), EZ_CHIPS, D(35)).as_dict() == {D(25): 11, D(5): 1}
    assert FEWEST.pay(D(280), EZ_CHIPS).as_dict() == {D(100): 2, D(25): 3, D(5): 1}
    # A 20 Banker bet (4 red) paid 19 at the commission table: 3 red, then 4 in the fewest
    # chips (2.50, 1, 0.50).
    chips = tuple(c.value for c in COMMISSION_HOUSE.chips)
    assert C4C.pay(D(19), chips, D(20)).as_dict() == {D(5): 3, D("2.50"): 1, D(1): 1, D("0.50"): 1}
    # A wager no chip makes (0.50 with chips of 1 and up) has no colours: the fewest.
    assert C4C.pay(D(40), EZ_CHIPS, D("0.50")).as_dict() == {D(25): 1, D(5): 3}
    # Without the wager: the fewest chips.
    assert C4C.pay(D(280), EZ_CHIPS).as_dict() == {D(100): 2, D(25): 3, D(5): 1}


FEWEST = ChipConvention()


def test_max_each_must_fit_the_chips() -> None:
    # At the fewest, 4 is paid in 4 white chips, and 20 in 4 red: 4 of one chip is needed.
    assert most_of_one_chip(EZ_CHIPS)[0] == 4
    assert most_of_one_chip((D(5), D(25)))[:2] == (4, D(20))
    assert ChipConvention(PayStyle.MAX_EACH, 4).problem(EZ_CHIPS) is None
    assert "needs 4 chips" in (ChipConvention(PayStyle.MAX_EACH, 3).problem(EZ_CHIPS) or "")
    with pytest.raises(ValueError, match="payout_chips: max_each 3 is too few"):
        replace(EZ_HOUSE, payout_chips=ChipConvention(PayStyle.MAX_EACH, 3))


def test_check_with_the_house_fewest() -> None:
    right = check_chips({D(25): 1, D(5): 3}, D(40), house=EZ_HOUSE)
    assert right.ok and right.faults == () and right.difference == 0
    many = check_chips({D(5): 8}, D(40), house=EZ_HOUSE)
    assert many.pays_amount and many.faults == (ChipFault.MORE_CHIPS,)
    assert many.departures == (
        "8 red (5) (8 chips) where 1 green (25), 3 red (5) (4 chips) would do",
    )
    short = check_chips({D(25): 1, D(5): 2}, D(40), house=EZ_HOUSE)
    assert short.faults == (ChipFault.SHORT,) and short.difference == -5
    over = check_chips({D(25): 2}, D(40), house=EZ_HOUSE)
    assert over.faults == (ChipFault.OVER,) and over.difference == 10
    assert over.departures == ("pays 50 where 40 is owed (10 over)",)
    odd = check_chips({D(20): 2}, D(40), house=EZ_HOUSE)
    assert odd.faults == (ChipFault.NOT_A_CHIP,) and not odd.pays_amount


def test_check_with_a_cap() -> None:
    # Any cut that pays right with at most 10 of one chip: 100 in 10 red and 2 green is
    # fine (more chips than the fewest, which this house does not ask for); 20 red is not.
    assert check_chips({D(5): 10, D(25): 2}, D(100), house=EZ_CAP10).ok
    twenty = check_chips({D(5): 20}, D(100), house=EZ_CAP10)
    assert twenty.pays_amount and twenty.faults == (ChipFault.OVER_MAX_EACH,)
    assert twenty.departures == ("20 red: the house pays no more than 10 of one chip",)
    # The largest chip is excepted: 20,000 is 20 yellow.
    assert check_chips({D(1000): 20}, D(20000), house=EZ_CAP10).ok


def test_check_colour_for_colour() -> None:
    wager = D(35)  # 1 green, 2 red
    assert check_chips({D(25): 1, D(5): 2}, D(35), house=EZ_C4C, wager=wager).ok
    # Stack for stack, 8 to 1: 8 green and 16 red is colour for colour too.
    assert check_chips({D(25): 8, D(5): 16}, D(280), house=EZ_C4C, wager=wager).ok
    assert check_chips({D(25): 11, D(5): 1}, D(280), house=EZ_C4C, wager=wager).ok
    black = check_chips({D(100): 2, D(25): 3, D(5): 1}, D(280), house=EZ_C4C, wager=wager)
    assert black.pays_amount and black.faults == (ChipFault.NOT_COLOUR_FOR_COLOUR,)
    assert black.departures[0].startswith(
        "2 black (100) is not in the wager's chips (green (25), red (5))"
    )
    reds = check_chips({D(5): 7}, D(35), house=EZ_C4C, wager=wager)
    assert reds.faults == (ChipFault.MORE_CHIPS,)
    whites = check_chips({D(25): 1, D(5): 1, D(1): 5}, D(35), house=EZ_C4C, wager=wager)
    assert set(whites.faults) == {ChipFault.NOT_COLOUR_FOR_COLOUR, ChipFault.MORE_CHIPS}
    assert len(whites.faults) == len(whites.departures)


def test_check_keeps_its_older_call() -> None:
    # Positional denominations and max_each= work as before (the cap counts every chip).
    old = check_chips({D(1000): 12}, D(12000), EZ_CHIPS, max_each=10)
    assert old.faults == (ChipFault.OVER_MAX_EACH,)
    with pytest.raises(ChipError, match="denominations or its house"):
        check_chips({D(1): 1}, D(1))
