"""Chip breakdowns: fewest chips for any denominations, coin for what no chip makes, the
house's no-more-than-N convention, and the check of a dealer's chips.

Expected values are worked by hand, or by a naive dynamic programme written here over cents
(no units, no shortcut for large amounts) and a brute force over counts."""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.chips import (
    ChipError,
    ChipLimitError,
    UnpayableAmountError,
    check_chips,
    fewest_chips,
    pay_in_chips,
)

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
    assert fewest_chips(D(1234), EZ_CHIPS) == {D(1000): 1, D(100): 2, D(25): 1, D(5): 1,
                                               D(1): 4}
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


coin_sets = st.lists(st.sampled_from([1, 2, 3, 4, 5, 7, 10, 25, 50, 100, 250, 500]),
                     min_size=1, max_size=5, unique=True)


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
        "8 red (5) (8 chips) where 1 green (25), 3 red (5) (4 chips) would do",)
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
