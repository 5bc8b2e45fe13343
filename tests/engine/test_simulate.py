"""The simulator: its fast path equals Coup.deal, its shuffle equals the Shoe's, and its
frequencies agree with the exact analysis within a computed statistical bound."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from trainer.engine.analysis import analyze, class_counts
from trainer.engine.cards import Card, Rank, Suit
from trainer.engine.coup import Coup
from trainer.engine.errors import InvalidShoeError
from trainer.engine.shoe import Shoe
from trainer.engine.simulate import ShoeStats, deal_shoe, deal_values, simulate

SUITS = tuple(Suit)
ZERO_RANKS = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)


def card(value: int, variant: int) -> Card:
    rank = ZERO_RANKS[variant % 4] if value == 0 else Rank(value)
    return Card(rank, SUITS[variant % 4])


def one_coup(values: tuple[int, ...]) -> tuple[int, ...]:
    """The fast path on a single coup: its seven counts and the cards it used."""
    counts = deal_values(values, 0, -1)
    return (*counts[:7], counts[7])


def slow(coup: Coup) -> tuple[int, ...]:
    return ShoeStats.of([coup]).as_tuple()


def test_fast_path_equals_coup_for_every_class_of_coup() -> None:
    """Every first four values x every fifth value, with the sixth varied so that every
    (Player total, Banker total, third, third) class is reached: 100,000 coups."""
    classes = set()
    for p1, b1, p2, b2 in itertools.product(range(10), repeat=4):
        for c5 in range(10):
            c6 = (p1 + 3 * b1 + c5) % 10
            values = (p1, b1, p2, b2, c5, c6)
            coup = Coup.from_cards([card(v, i + p1) for i, v in enumerate(values)])
            assert one_coup(values) == slow(coup), values
            third = coup.player.third
            b3 = coup.banker.cards[2] if len(coup.banker.cards) == 3 else None
            classes.add(
                (
                    coup.player.two_card_total,
                    coup.banker.two_card_total,
                    third and third.value,
                    b3 and b3.value,
                )
            )
    assert len(classes) == len(class_counts(8))


@pytest.mark.parametrize("decks", [8, 6])
def test_fast_path_deals_the_same_shoes_as_the_shoe_coup_by_coup(decks: int) -> None:
    for seed in range(60):
        shoe = Shoe.shuffled(random.Random(seed), decks)
        values = tuple(c.value for c in shoe.cards)
        coups = []
        while not shoe.finished:
            start = shoe.position
            coup = shoe.deal_coup()
            assert one_coup(values[start:]) == slow(coup)
            coups.append(coup)
        # The whole shoe through the fast path, from the same seed: same shuffle, same burn,
        # same cut card, same last coup.
        assert deal_shoe(random.Random(seed), decks) == ShoeStats.of(coups), seed


def test_fast_path_follows_a_moved_cut_card() -> None:
    for seed in range(20):
        shoe = Shoe.shuffled(random.Random(seed), 8, cut=60)
        assert deal_shoe(random.Random(seed), 8, cut=60) == ShoeStats.of(shoe.coups())


def test_simulate_totals_its_shoes_and_replays() -> None:
    rng = random.Random(5)
    expected = ShoeStats()
    for _ in range(30):
        expected += deal_shoe(rng, 6)
    result = simulate(30, 6, random.Random(5))
    assert result.totals == expected
    assert result == simulate(30, 6, random.Random(5))
    assert result != simulate(30, 6, random.Random(6))
    assert result.per_shoe()["coups"] == expected.coups / 30


def test_simulate_counts_add_up() -> None:
    t = simulate(50, 8, random.Random(9)).totals
    assert t.player + t.banker + t.tie == t.coups
    assert t.dragon7 <= t.banker and t.panda8 <= t.player and t.naturals <= t.coups
    # Every coup uses 4-6 cards, and a shoe deals at most 416 - 2 (smallest burn) cards.
    assert 4 * t.coups <= t.cards <= 6 * t.coups
    assert t.cards <= 50 * 414


def test_progress_is_reported_up_to_the_last_shoe() -> None:
    seen: list[int] = []
    simulate(25, 8, random.Random(1), progress=seen.append, progress_every=10)
    assert seen == [10, 20, 25]


@pytest.mark.parametrize("shoes", [0, -3, 2.5, "10", True])
def test_simulate_refuses_a_bad_shoe_count(shoes: object) -> None:
    with pytest.raises(InvalidShoeError, match="shoes"):
        simulate(shoes, 8, random.Random(1))  # type: ignore[arg-type]


def test_simulate_refuses_a_bad_deck_count_by_name() -> None:
    with pytest.raises(InvalidShoeError, match="7 decks"):
        simulate(1, 7, random.Random(1))


def test_simulate_refuses_a_bad_cut() -> None:
    with pytest.raises(InvalidShoeError, match="cut card"):
        simulate(1, 8, random.Random(1), cut=5)


@pytest.mark.parametrize("decks", [8, 6])
def test_simulated_frequencies_agree_with_the_exact_analysis(decks: int) -> None:
    """2,000 seeded shoes (~160,000 coups for 8 decks) against the exact probabilities.

    Coups within a shoe are dependent (cards are not replaced), so the shoe is the
    independent unit: the frequency is a ratio estimator sum(X_s) / sum(C_s) over shoes s
    (X_s events, C_s coups), whose standard error is estimated from the shoes themselves
    (the usual cluster / delta-method formula).  A 5-sigma band fails by chance with
    probability ~6e-7 per comparison.  The exact figures are for a coup off the top of a full
    shoe; coups deeper in a shoe differ from them only by the cut-card effect, orders of
    magnitude below the band (the band is ~0.6 points for Banker, ~0.2 for Dragon 7).
    """
    exact = analyze(decks)
    natural = sum(n for cls, n in class_counts(decks).items() if cls.natural)
    expected = {
        "player": exact.events["player"] / exact.sequences,
        "banker": exact.events["banker"] / exact.sequences,
        "tie": exact.events["tie"] / exact.sequences,
        "dragon7": exact.events["dragon7"] / exact.sequences,
        "panda8": exact.events["panda8"] / exact.sequences,
        "naturals": natural / exact.sequences,
    }
    rng = random.Random(20240601 + decks)
    shoes = [deal_shoe(rng, decks).as_dict() for _ in range(2000)]
    n = len(shoes)
    coups = [s["coups"] for s in shoes]
    mean_coups = sum(coups) / n
    for event, p in expected.items():
        x = [s[event] for s in shoes]
        ratio = sum(x) / sum(coups)
        residual_var = sum((xi - ratio * ci) ** 2 for xi, ci in zip(x, coups, strict=True))
        sigma = math.sqrt(residual_var / (n - 1) / n) / mean_coups
        assert abs(ratio - p) < 5 * sigma, (event, ratio, p, sigma)
        # The band must be tight enough to catch a real error (e.g. Dragon 7 and Panda 8
        # swapped differs by ~1.2 points; a wrong tableau cell by ~0.1-1 point).
        assert 5 * sigma < {"dragon7": 0.003, "panda8": 0.003}.get(event, 0.008)


def test_dragons_and_pandas_per_shoe_are_as_the_rules_say() -> None:
    # docs/rules.md, "Rough frequencies": a Dragon 7 about twice a shoe, a Panda 8 about three
    # times (8 decks).
    per_shoe = simulate(500, 8, random.Random(77)).per_shoe()
    assert 1.5 < per_shoe["dragon7"] < 2.5
    assert 2.5 < per_shoe["panda8"] < 3.5
