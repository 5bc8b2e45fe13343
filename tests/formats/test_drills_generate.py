"""Generated coups: they satisfy their filters, replay from a seed, and have the shoe's
exact conditional frequencies (chi-square tests with fixed seeds)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.drills.generate import UnsatisfiableFilterError, deal_drill, generate_cards
from trainer.drills.loader import load_text, unsatisfiable_reason
from trainer.drills.model import CoupFilter, Order
from trainer.engine import Bet, Coup, Outcome, Rank, Suit
from trainer.engine.analysis import CoupClass, class_counts
from trainer.engine.cards import FULL_DECK

# Upper 0.1% points of the chi-square distribution (P(X > c) = 0.001), from the NIST/SEMATECH
# e-Handbook of Statistical Methods, section 1.3.6.7.4 "Critical Values of the Chi-Square
# Distribution".
CHI2_999 = {3: 16.266, 5: 20.515, 9: 27.877, 15: 37.697}


def chi_square(observed: Counter, expected: dict, n: int) -> float:
    assert set(observed) <= set(expected), set(observed) - set(expected)
    return sum((observed[k] - n * p) ** 2 / (n * p) for k, p in expected.items())


def coup_class(coup: Coup) -> CoupClass:
    third = coup.banker.third
    return CoupClass(
        coup.player.two_card_total,
        coup.banker.two_card_total,
        coup.player_third_value,
        None if third is None else third.value,
    )


def deal(flt: CoupFilter, n: int, seed: int) -> list[Coup]:
    rng = random.Random(seed)
    return [Coup.from_cards(generate_cards(flt, 8, rng)) for _ in range(n)]


RAREST = CoupFilter(banker_total=frozenset({3}), player_third=frozenset({8}))


@pytest.fixture(scope="module")
def rarest() -> list[Coup]:
    return deal(RAREST, 6000, seed=20240601)


def test_rarest_cell_player_totals_match_exact_counts(rarest: list[Coup]) -> None:
    counts = {c: n for c, n in class_counts(8).items() if RAREST.matches(c)}
    total = sum(counts.values())
    expected = {pt: Fraction(0) for pt in range(6)}
    for cls, n in counts.items():
        expected[cls.player_total] += Fraction(n, total)
    assert all(coup.banker_cell == (3, 8) and not coup.banker_draws for coup in rarest)
    observed = Counter(c.player.two_card_total for c in rarest)
    assert (
        chi_square(observed, {k: float(v) for k, v in expected.items()}, len(rarest))
        < (CHI2_999[5])
    )


def _exact_first_card_values(pt: int, bt: int, p3: int) -> dict[int, float]:
    """P(Player's first card value | class), by brute force over the four card values."""
    counts = [128] + [32] * 9
    weights: Counter = Counter()
    for p1, b1, p2, b2 in product(range(10), repeat=4):
        if (p1 + p2) % 10 != pt or (b1 + b2) % 10 != bt:
            continue
        left = list(counts)
        w = 1
        for v in (p1, b1, p2, b2, p3):
            w *= left[v]
            left[v] -= 1
        weights[p1] += w
    total = sum(weights.values())
    return {v: weights[v] / total for v in range(10)}


def test_first_card_values_within_a_class_match_exact_probabilities() -> None:
    # Class: Player 5 draws an 8, Banker 3 stands (Banker 3, third card 8).
    flt = CoupFilter(
        player_total=frozenset({5}), banker_total=frozenset({3}), player_third=frozenset({8})
    )
    coups = deal(flt, 5000, seed=7)
    observed = Counter(c.player.cards[0].value for c in coups)
    assert chi_square(observed, _exact_first_card_values(5, 3, 8), len(coups)) < CHI2_999[9]


def test_cards_within_a_value_are_uniform(rarest: list[Coup]) -> None:
    cards = [card for coup in rarest for card in coup.cards]
    tens = [c for c in cards if c.value == 0]
    rank_suit = Counter((c.rank, c.suit) for c in tens)
    uniform16 = {(r, s): 1 / 16 for r in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING) for s in Suit}
    assert len(tens) > 2000
    assert chi_square(rank_suit, uniform16, len(tens)) < CHI2_999[15]
    eights = [c for c in cards if c.value == 8]  # every Player third card here is an 8
    suits = Counter(c.suit for c in eights)
    assert chi_square(suits, {s: 0.25 for s in Suit}, len(eights)) < CHI2_999[3]


def test_player_third_card_distribution_in_a_cell() -> None:
    flt = CoupFilter(banker_total=frozenset({4}), player_draws=True)
    counts = {c: n for c, n in class_counts(8).items() if flt.matches(c)}
    total = sum(counts.values())
    expected: Counter = Counter()
    for cls, n in counts.items():
        expected[cls.player_third] += n / total
    coups = deal(flt, 5000, seed=11)
    observed = Counter(c.player_third_value for c in coups)
    assert chi_square(observed, dict(expected), len(coups)) < CHI2_999[9]
    # and Banker 4's decision follows the tableau: draws on 2-7 only
    assert all(c.banker_draws == (c.player_third_value in range(2, 8)) for c in coups)


def test_matches_a_really_shuffled_shoe() -> None:
    """Two-sample test against rejection sampling from shuffled shoes (the ground truth)."""
    flt = CoupFilter(banker_total=frozenset({6}), player_draws=True)
    rng = random.Random(99)
    shoe = list(FULL_DECK) * 8
    truth: list[int] = []
    while len(truth) < 1500:
        coup = Coup.from_cards(rng.sample(shoe, 6))
        if flt.matches(coup_class(coup)):
            truth.append(coup.player_third_value or 0)
    ours = [c.player_third_value or 0 for c in deal(flt, 1500, seed=5)]
    a, b = Counter(truth), Counter(ours)
    stat = 0.0
    for v in range(10):
        pooled = (a[v] + b[v]) / 3000
        stat += (a[v] - 1500 * pooled) ** 2 / (1500 * pooled)
        stat += (b[v] - 1500 * pooled) ** 2 / (1500 * pooled)
    assert stat < CHI2_999[9]


FIELDS = {
    "player_total": st.frozensets(st.integers(0, 9), min_size=1, max_size=3),
    "banker_total": st.frozensets(st.integers(0, 9), min_size=1, max_size=3),
    "natural": st.booleans(),
    "player_draws": st.booleans(),
    "banker_draws": st.booleans(),
    "player_third": st.frozensets(st.integers(0, 9), min_size=1, max_size=3),
    "banker_third": st.frozensets(st.integers(0, 9), min_size=1, max_size=3),
    "player_final": st.frozensets(st.integers(0, 9), min_size=1, max_size=3),
    "banker_final": st.frozensets(st.integers(0, 9), min_size=1, max_size=3),
    "outcome": st.frozensets(st.sampled_from(list(Outcome)), min_size=1, max_size=2),
    "cards": st.frozensets(st.integers(4, 6), min_size=1, max_size=2),
}


@settings(max_examples=150, deadline=None)
@given(st.fixed_dictionaries({}, optional=FIELDS), st.integers(0, 2**32))
def test_generated_coups_satisfy_their_filter(fields: dict, seed: int) -> None:
    flt = CoupFilter(**fields)
    possible = any(flt.matches(c) for c, n in class_counts(8).items() if n)
    assert (unsatisfiable_reason(flt) is None) == possible
    rng = random.Random(seed)
    if not possible:
        with pytest.raises(UnsatisfiableFilterError):
            generate_cards(flt, 8, rng)
        return
    for _ in range(10):
        coup = Coup.from_cards(generate_cards(flt, 8, rng))
        assert not coup.unused
        assert flt.matches(coup_class(coup))


def test_panda_8_with_four_cards_is_refused() -> None:
    flt = CoupFilter(outcome=frozenset({Outcome.PANDA8}), cards=frozenset({4}))
    reason = unsatisfiable_reason(flt)
    assert reason is not None and "cards can only be 5 or 6" in reason


DRILL = """\
id: t
title: T
description: D
ask: [outcome, payout]
questions: 6
order: as_written
bets:
  banker: 25
  dragon7: {min: 5, max: 100, step: 5}
coups:
  - cards: 9h 6s Kc Qd
    note: first
  - cards: Kh 3s 6d 2c 2h
    bets: {dragon7: 35}
generate:
  - weight: 1
    outcome: dragon7
"""


def test_deal_fixed_then_generated_reproducibly() -> None:
    drill = load_text(DRILL)
    run = deal_drill(drill, random.Random(3))
    assert len(run) == 6
    assert [str(c) for c in run[0].coup.cards] == ["9h", "6s", "Kc", "Qd"]
    assert run[0].note == "first"
    assert run[1].wagers == {Bet.DRAGON7: 35}  # the coup's own wagers win
    assert all(dc.coup.outcome is Outcome.DRAGON7 for dc in run[2:])
    assert all(set(dc.wagers) == {Bet.BANKER, Bet.DRAGON7} for dc in run[2:])
    again = deal_drill(drill, random.Random(3))
    assert [d.coup.cards for d in again] == [d.coup.cards for d in run]
    assert [d.wagers for d in again] == [d.wagers for d in run]


def test_wagers_cover_the_range_in_steps() -> None:
    drill = load_text(DRILL)
    rng = random.Random(8)
    amounts = Counter(
        dc.wagers[Bet.DRAGON7] for _ in range(200) for dc in deal_drill(drill, rng)[2:]
    )
    assert set(amounts) == {5 * k for k in range(1, 21)}  # 5, 10, ..., 100, 35 among them


def test_more_fixed_coups_than_questions_takes_a_subset_in_order() -> None:
    text = DRILL.replace("questions: 6", "questions: 1").replace(
        "ask: [outcome, payout]", "ask: outcome"
    )
    drill = load_text(text)
    assert drill.order is Order.AS_WRITTEN
    seen = {str(deal_drill(drill, random.Random(s))[0].coup.cards[0]) for s in range(40)}
    assert seen == {"9h", "Kh"}


def test_shuffled_order_mixes_fixed_and_generated() -> None:
    drill = load_text(DRILL.replace("order: as_written", "order: shuffled"))
    positions = set()
    for seed in range(30):
        run = deal_drill(drill, random.Random(seed))
        positions.add(next(i for i, dc in enumerate(run) if dc.note == "first"))
    assert len(positions) > 3


PER_COUP = """\
id: per-coup
title: T
description: D
ask: payout
questions: 8
bets_per_coup: {span}
bets:
  player: 10
  banker: 20
  tie: 5
  dragon7: {{min: 5, max: 50, step: 5}}
  panda8: 15
generate:
  - {{}}
"""
LAYOUT = list(Bet)  # player, banker, tie, dragon7, panda8: the order settle() uses


@pytest.mark.parametrize(("span", "sizes"), [("1", {1}), ("2", {2}), ('"1-3"', {1, 2, 3})])
def test_bets_per_coup_sizes_and_every_bet_comes_up(span: str, sizes: set[int]) -> None:
    drill = load_text(PER_COUP.format(span=span))
    seen_sizes: Counter[int] = Counter()
    seen_bets: Counter[Bet] = Counter()
    for seed in range(200):
        for dc in deal_drill(drill, random.Random(seed)):
            seen_sizes[len(dc.wagers)] += 1
            seen_bets.update(list(dc.wagers))
            order = [LAYOUT.index(b) for b in dc.wagers]
            assert order == sorted(order)  # kept in layout order
    assert set(seen_sizes) == sizes  # every allowed size occurs, no other
    assert set(seen_bets) == set(Bet)
    # uniform subsets: each bet is on the layout mean(size)/5 of the time; 1,600 coups, so
    # a share 5 points off is at least a 4-sigma miss (sd <= 0.0125)
    coups = sum(seen_sizes.values())
    share = sum(k * n for k, n in seen_sizes.items()) / coups / len(Bet)
    for bet in Bet:
        assert abs(seen_bets[bet] / coups - share) < 0.05, bet


def test_bets_per_coup_replays_from_a_seed_and_fixed_wagers_win() -> None:
    text = (
        PER_COUP.format(span='"1-2"').replace("questions: 8", "questions: 8\norder: as_written")
        + "coups:\n  - cards: Kh 3s 6d 2c 2h\n    bets: {banker: 25, dragon7: 35}\n"
    )
    drill = load_text(text)
    assert drill.bets_per_coup == (1, 2)
    run = deal_drill(drill, random.Random(11))
    assert run[0].wagers == {Bet.BANKER: 25, Bet.DRAGON7: 35}  # the coup's own layout
    assert all(1 <= len(dc.wagers) <= 2 for dc in run[1:])
    again = deal_drill(drill, random.Random(11))
    assert [d.wagers for d in again] == [d.wagers for d in run]
    assert [d.coup.cards for d in again] == [d.coup.cards for d in run]
    other = deal_drill(drill, random.Random(12))
    assert [d.wagers for d in other] != [d.wagers for d in run]


def test_without_bets_per_coup_every_bet_is_on_every_layout() -> None:
    drill = load_text(PER_COUP.format(span="1").replace("bets_per_coup: 1\n", ""))
    assert drill.bets_per_coup is None
    assert all(set(dc.wagers) == set(Bet) for dc in deal_drill(drill, random.Random(5)))


def test_an_exam_mixes_its_covering_coups_among_the_others() -> None:
    """A practice run deals its covering coups first (the review asks each due skill
    before any twice); an exam (an audition's part) puts each at a random place, so the
    first coups say nothing.  One natural covered among coups drawn with no natural."""
    from dataclasses import replace

    from trainer.drills.model import Cover, Mode

    plain = load_text(
        "id: t\ntitle: T\ndescription: D\nask: [player_draws]\nquestions: 6\n"
        "generate:\n  - natural: false\n"
    )
    covered = replace(plain, covers=(Cover(CoupFilter(natural=True)),))
    where = {Mode.PRACTICE: set(), Mode.EXAM: set()}
    for mode, found in where.items():
        for seed in range(30):
            coups = deal_drill(replace(covered, mode=mode), random.Random(seed))
            naturals = [i for i, dc in enumerate(coups) if dc.coup.natural]
            assert len(coups) == 6 and len(naturals) == 1
            found.add(naturals[0])
    assert where[Mode.PRACTICE] == {0}
    assert len(where[Mode.EXAM]) >= 4  # six places, thirty seeds: it moves
