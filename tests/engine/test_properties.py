"""Property tests: whatever the cards, the coup obeys the rules of docs/rules.md."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from trainer.engine.cards import FULL_DECK, Card, hand_total, parse_cards
from trainer.engine.coup import Coup, Outcome

cards = st.sampled_from(FULL_DECK)
six_cards = st.lists(cards, min_size=6, max_size=9)


@given(st.lists(cards, min_size=0, max_size=5))
def test_total_is_last_digit_of_points(hand: list[Card]) -> None:
    points = dict(zip("A23456789TJQK", (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0), strict=True))
    expected = sum(points[str(c)[0]] for c in hand) % 10
    assert hand_total(hand) == expected
    assert 0 <= hand_total(hand) <= 9


@given(six_cards)
def test_who_may_hold_three_cards(shoe: list[Card]) -> None:
    coup = Coup.from_cards(shoe)
    p2, b2 = coup.player.two_card_total, coup.banker.two_card_total
    assert len(coup.player.cards) in (2, 3) and len(coup.banker.cards) in (2, 3)
    if p2 >= 8 or b2 >= 8:
        assert coup.natural and len(coup.player.cards) == len(coup.banker.cards) == 2
    else:
        assert not coup.natural
        # Only a Player 0-5 ever takes a third card.
        assert (len(coup.player.cards) == 3) == (p2 <= 5)
        # A Banker 7 never draws; a Banker 0-2 always does.
        if b2 == 7:
            assert len(coup.banker.cards) == 2
        if b2 <= 2:
            assert len(coup.banker.cards) == 3
        # If the Player stood, the Banker draws exactly on 0-5.
        if len(coup.player.cards) == 2:
            assert (len(coup.banker.cards) == 3) == (b2 <= 5)
    assert coup.player_draws == (len(coup.player.cards) == 3)
    assert coup.banker_draws == (len(coup.banker.cards) == 3)


@given(six_cards)
def test_cards_are_used_in_shoe_order(shoe: list[Card]) -> None:
    coup = Coup.from_cards(shoe)
    assert coup.cards + coup.unused == tuple(shoe)
    assert coup.player.cards[:2] == (shoe[0], shoe[2])
    assert coup.banker.cards[:2] == (shoe[1], shoe[3])


@given(six_cards)
def test_outcome_consistent_with_totals(shoe: list[Card]) -> None:
    coup = Coup.from_cards(shoe)
    p, b = coup.player.total, coup.banker.total
    o = coup.outcome
    assert (o is Outcome.TIE) == (p == b)
    assert o.player_wins == (p > b)
    assert o.banker_wins == (b > p)
    assert (o is Outcome.DRAGON7) == (b > p and b == 7 and len(coup.banker.cards) == 3)
    assert (o is Outcome.PANDA8) == (p > b and p == 8 and len(coup.player.cards) == 3)
    assert len(coup.rules) == (2 if coup.natural else 3)


@given(cards)
def test_notation_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert Card.parse(str(card).upper()) == card
    assert Card.parse(card.pretty) == card
    assert Card.parse(repr(card)[len("Card.parse('") : -2]) == card


@given(st.lists(cards, max_size=8), st.sampled_from([" ", ",", ", ", " , "]))
def test_parse_cards_round_trip(hand: list[Card], sep: str) -> None:
    assert parse_cards(sep.join(str(c) for c in hand)) == tuple(hand)
    assert parse_cards(" ".join(c.pretty for c in hand)) == tuple(hand)
