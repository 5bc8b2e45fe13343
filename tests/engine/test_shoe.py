"""The shoe: composition, seeded replay, burn, cut card and last coup, stacked order.

Expected values come from docs/rules.md ("Shoe procedure") worked by hand on stacked shoes.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.cards import FULL_DECK, Card, parse_cards
from trainer.engine.errors import InvalidShoeError, ShoeExhaustedError
from trainer.engine.shoe import Shoe, shuffled_order, shuffled_values

# Coups with a known number of cards (worked by hand from the tableau):
NATURAL_4 = "9s 2h Kd 3c"  # Player 9 natural, Banker 5: 4 cards, Player wins
DRAW_5 = "2s 3h 3d 4c 5s"  # Player 5 draws a 5, Banker 7 stands: 5 cards
DRAW_6 = "Ks Kh 2d 2c 3s 4h"  # Player 2 draws a 3, Banker 2 draws a 4: 6 cards


def natural(i: int) -> list[str]:
    """A 4-card natural whose Banker card varies so coups can be told apart."""
    return ["9s", f"{'A23456'[i % 6]}h", "Kd", "Kc"]


def stacked_naturals(n: int, **kwargs: object) -> Shoe:
    return Shoe.stacked([c for i in range(n) for c in natural(i)], **kwargs)  # type: ignore[arg-type]


# --- composition and replay ------------------------------------------------------------


@pytest.mark.parametrize("decks", [8, 6])
def test_shuffled_shoe_holds_every_card_decks_times(decks: int) -> None:
    shoe = Shoe.shuffled(random.Random(1), decks)
    assert len(shoe.cards) == 52 * decks
    counts = Counter(shoe.cards)
    assert len(counts) == 52
    assert set(counts.values()) == {decks}


def test_default_shoe_is_eight_decks_with_cut_14() -> None:
    shoe = Shoe.shuffled(random.Random(3))
    assert len(shoe.cards) == 416 and shoe.decks == 8 and shoe.cut == 14


@pytest.mark.parametrize("decks", [0, 1, 4, 7, 9, -8, "8", 8.0, True, None])
def test_unsupported_deck_counts_are_refused_by_name(decks: object) -> None:
    with pytest.raises(InvalidShoeError, match=repr(decks).replace(".", r"\.")):
        Shoe.shuffled(random.Random(1), decks)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), decks=st.sampled_from([6, 8]))
def test_a_seeded_shoe_replays_exactly(seed: int, decks: int) -> None:
    a, b = Shoe.shuffled(random.Random(seed), decks), Shoe.shuffled(random.Random(seed), decks)
    assert a.cards == b.cards
    assert (a.burn_card, a.burned) == (b.burn_card, b.burned)
    assert list(a.coups()) == list(b.coups())


def test_different_seeds_give_different_shoes() -> None:
    shoes = {Shoe.shuffled(random.Random(seed)).cards for seed in range(20)}
    assert len(shoes) == 20


# --- the shuffle -----------------------------------------------------------------------


class ScriptedRandom(random.Random):
    """Hands out prepared getrandbits results, to drive the shuffle's tie rejection."""

    def __init__(self, draws: list[int]) -> None:
        super().__init__(0)
        self.draws = draws
        self.calls = 0

    def getrandbits(self, k: int) -> int:
        self.calls += 1
        return self.draws.pop(0)


def words(keys: list[int]) -> int:
    """getrandbits output giving these 36-bit keys; every bit outside the key field is set,
    to prove the shuffle ignores them."""
    junk = 0xFFF0_0000_0000_FFFF
    return sum(((k << 16) | junk) << (64 * i) for i, k in enumerate(keys))


def test_shuffle_orders_cards_by_their_keys() -> None:
    keys = [5, 2**36 - 1, 0, 7, 6]
    order = shuffled_order(5, ScriptedRandom([words(keys)]))
    assert order == (2, 0, 4, 3, 1)


def test_shuffle_redraws_all_keys_when_two_are_equal() -> None:
    tied = [9, 4, 1, 4, 3]  # cards 1 and 3 tie
    fresh = [3, 1, 2, 0, 4]
    rng = ScriptedRandom([words(tied), words(fresh)])
    assert shuffled_order(5, rng) == (3, 1, 2, 0, 4)
    assert rng.calls == 2


def test_shuffle_keeps_keys_that_differ_only_in_the_lowest_bit() -> None:
    rng = ScriptedRandom([words([8, 9, 2**35, 2**35 + 1])])
    assert shuffled_order(4, rng) == (0, 1, 2, 3)
    assert rng.calls == 1


def test_shuffle_detects_a_tie_anywhere_in_a_full_shoe() -> None:
    keys = [(i * 7919) % 416 * 1000 + 17 for i in range(416)]
    keys[400] = keys[3]
    rng = ScriptedRandom([words(keys), words(list(range(416)))])
    assert shuffled_order(416, rng) == tuple(range(416))
    assert rng.calls == 2


def test_shuffle_is_uniform_over_small_permutations() -> None:
    # 24,000 shuffles of 4 cards: each of the 24 orders is Binomial(24000, 1/24), mean 1000,
    # sigma = sqrt(24000 * 1/24 * 23/24) = 30.96; 5 sigma = 155.
    rng = random.Random(2024)
    counts = Counter(shuffled_order(4, rng) for _ in range(24_000))
    assert len(counts) == 24
    assert all(abs(c - 1000) < 155 for c in counts.values()), counts


def test_shuffled_values_follow_the_same_order_as_the_cards() -> None:
    values = tuple(c.value for c in FULL_DECK) * 8
    for seed in range(5):
        order = shuffled_order(416, random.Random(seed))
        assert shuffled_values(values, random.Random(seed)) == tuple(values[i] for i in order)


# --- burn ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "burned"),
    [("As", 1), ("5h", 5), ("9d", 9), ("Tc", 10), ("Js", 10), ("Qh", 10), ("Kd", 10), ("10c", 10)],
)
def test_the_first_card_burns_its_value_and_tens_and_faces_burn_ten(
    first: str, burned: int
) -> None:
    rest = [f"{r}{s}" for s in "shdc" for r in "A23456789TJQK"][:20]
    shoe = Shoe.stacked([first, *rest], burn=True)
    assert shoe.burn_card == Card.parse(first)
    assert shoe.burned == parse_cards(rest[:burned])
    assert shoe.position == 1 + burned
    assert shoe.draw() == Card.parse(rest[burned])


def test_a_dealt_shoe_burns_from_its_top() -> None:
    shoe = Shoe.shuffled(random.Random(11))
    first = shoe.cards[0]
    n = first.value or 10
    assert shoe.burn_card == first
    assert shoe.burned == shoe.cards[1 : 1 + n]
    assert shoe.position == 1 + n
    first_coup = shoe.deal_coup()
    assert first_coup.cards == shoe.cards[1 + n : 1 + n + len(first_coup.cards)]


def test_a_stacked_shoe_does_not_burn_unless_asked() -> None:
    shoe = Shoe.stacked(NATURAL_4.split())
    assert shoe.burn_card is None and shoe.burned == () and shoe.position == 0


def test_a_burn_longer_than_the_stack_is_exhaustion() -> None:
    with pytest.raises(ShoeExhaustedError, match="burn"):
        Shoe.stacked(["Ks", "2h", "3h"], burn=True)


# --- stacked order and exhaustion ------------------------------------------------------


def test_a_stacked_shoe_deals_in_the_given_order() -> None:
    text = f"{NATURAL_4} {DRAW_5} {DRAW_6}"
    shoe = Shoe.stacked(text.split())
    coups = list(shoe.coups())
    assert [len(c.cards) for c in coups] == [4, 5, 6]
    assert tuple(card for c in coups for card in c.cards) == parse_cards(text)
    assert shoe.finished and shoe.remaining == 0


def test_a_stacked_shoe_accepts_cards_and_strings() -> None:
    shoe = Shoe.stacked([Card.parse("9s"), "2h", "Kd", "3c"])
    assert shoe.deal_coup().cards == parse_cards(NATURAL_4)


def test_drawing_from_an_empty_shoe_raises() -> None:
    shoe = Shoe.stacked(["As"])
    assert shoe.draw() == Card.parse("As")
    with pytest.raises(ShoeExhaustedError):
        shoe.draw()


def test_a_coup_the_stack_cannot_finish_says_which_card_is_missing() -> None:
    shoe = Shoe.stacked(["2s", "3h", "3d", "4c"])  # Player 5 must draw
    with pytest.raises(ShoeExhaustedError, match="Player draws on 5"):
        shoe.deal_coup()


def test_a_finished_shoe_deals_no_more() -> None:
    shoe = stacked_naturals(4, cut=10)  # cut card out in coup 1, coup 2 is the last
    assert len(list(shoe.coups())) == 3
    assert shoe.finished and shoe.remaining > 0
    with pytest.raises(ShoeExhaustedError, match="finished"):
        shoe.deal_coup()


# --- the cut card and the last coup ----------------------------------------------------
# Five 4-card naturals: coup k (0-based) uses indices 4k..4k+3 of the 20-card stack.  A cut
# of c puts the cut card in front of index 20 - c; the coup that draws that card is the coup
# in progress, and exactly one more coup follows.


@pytest.mark.parametrize(
    ("cut", "front_of", "in_progress"),
    [
        (12, 8, 2),  # in front of coup 2's first card: coup 2 is the coup in progress
        (11, 9, 2),  # during coup 2
        (9, 11, 2),  # in front of coup 2's last card
        (13, 7, 1),  # in front of coup 1's last card
        (16, 4, 1),  # in front of coup 1's first card
        (20, 0, 0),  # in front of the very first card
    ],
)
def test_the_cut_card_ends_the_shoe_one_coup_after_the_coup_in_progress(
    cut: int, front_of: int, in_progress: int
) -> None:
    assert 20 - cut == front_of
    shoe = stacked_naturals(5, cut=cut)
    dealt = []
    for k in range(5):
        if shoe.finished:
            break
        assert not shoe.cut_card_out or k == in_progress + 1
        dealt.append(shoe.deal_coup())
        assert shoe.cut_card_out == (k >= in_progress)
    assert len(dealt) == in_progress + 2
    assert [c.cards for c in dealt] == [parse_cards(natural(i)) for i in range(len(dealt))]
    assert shoe.finished
    assert shoe.remaining == 20 - 4 * len(dealt)


def test_coups_iterator_follows_the_last_coup_rule() -> None:
    shoe = stacked_naturals(5, cut=11)  # comes out during coup 2 -> coups 0..3
    assert len(list(shoe.coups())) == 4
    assert shoe.coups_dealt == 4


def test_cut_card_out_during_the_burn_makes_the_first_coup_the_last() -> None:
    # Burn card 2h burns 2 cards; the cut card (in front of the last 10 of 11 cards) comes out
    # with the first burned card.  No coup is in progress, so one coup is dealt.
    shoe = Shoe.stacked(["2h", "Ks", "Kh", *natural(0), *natural(1)], cut=10, burn=True)
    assert shoe.cut_card_out
    assert [c.cards for c in shoe.coups()] == [parse_cards(natural(0))]


def test_the_last_coup_running_out_of_cards_is_exhaustion() -> None:
    # Cut card in front of index 5: coup 1 is in progress, coup 2 finds only 2 cards.
    shoe = Shoe.stacked([*natural(0), *natural(1), "9s", "2h"], cut=5)
    with pytest.raises(ShoeExhaustedError):
        list(shoe.coups())


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    decks=st.sampled_from([6, 8]),
    cut=st.integers(min_value=12, max_value=60),
)
def test_a_dealt_shoe_always_deals_to_its_last_coup(seed: int, decks: int, cut: int) -> None:
    shoe = Shoe.shuffled(random.Random(seed), decks, cut=cut)
    out_before = []
    while not shoe.finished:
        out_before.append(shoe.cut_card_out)
        shoe.deal_coup()
    # The cut card came out during the next-to-last coup: it was out before the last coup
    # only, and at most 12 cards behind it were needed.
    assert out_before[-1] and not any(out_before[:-1])
    assert shoe.remaining >= cut - 12


@pytest.mark.parametrize("cut", [11, 0, -14, 209, "14", 14.0, True])
def test_bad_cut_positions_are_refused(cut: object) -> None:
    with pytest.raises(InvalidShoeError, match="cut card"):
        Shoe.shuffled(random.Random(1), 8, cut=cut)  # type: ignore[arg-type]


def test_six_deck_shoes_allow_a_cut_up_to_half_the_shoe() -> None:
    assert Shoe.shuffled(random.Random(1), 6, cut=156).cut == 156
    with pytest.raises(InvalidShoeError, match="157"):
        Shoe.shuffled(random.Random(1), 6, cut=157)


@pytest.mark.parametrize("cut", [0, 21])
def test_a_stacked_cut_must_fall_inside_the_stack(cut: int) -> None:
    with pytest.raises(InvalidShoeError, match="cut card"):
        stacked_naturals(5, cut=cut)
