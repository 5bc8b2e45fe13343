"""Card notation: every accepted spelling, totals, and errors that name the bad token."""

from __future__ import annotations

import pytest

from trainer.engine.cards import FULL_DECK, Card, Rank, Suit, hand_total, parse_cards
from trainer.engine.errors import InvalidCardError


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("Th", Rank.TEN, Suit.HEARTS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("T♥", Rank.TEN, Suit.HEARTS),
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("th", Rank.TEN, Suit.HEARTS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("As", Rank.ACE, Suit.SPADES),
        ("aS", Rank.ACE, Suit.SPADES),
        ("A♠", Rank.ACE, Suit.SPADES),
        ("A♠\ufe0f", Rank.ACE, Suit.SPADES),
        ("9d", Rank.NINE, Suit.DIAMONDS),
        ("9♦", Rank.NINE, Suit.DIAMONDS),
        ("Kc", Rank.KING, Suit.CLUBS),
        ("k♣", Rank.KING, Suit.CLUBS),
        ("qd", Rank.QUEEN, Suit.DIAMONDS),
        ("Jh", Rank.JACK, Suit.HEARTS),
        ("2c", Rank.TWO, Suit.CLUBS),
        (" 5s ", Rank.FIVE, Suit.SPADES),
    ],
)
def test_parse_accepts_every_spelling(token: str, rank: Rank, suit: Suit) -> None:
    assert Card.parse(token) == Card(rank, suit)


@pytest.mark.parametrize(
    ("token", "culprit"),
    [
        ("Zh", "'Zh'"),
        ("1h", "'1h'"),
        ("11h", "'11h'"),
        ("Tx", "'Tx'"),
        ("T", "'T'"),
        ("h", "'h'"),
        ("", "''"),
        ("10", "'10'"),
        ("AhS", "'AhS'"),
    ],
)
def test_bad_tokens_raise_naming_the_token(token: str, culprit: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        Card.parse(token)
    assert culprit in str(info.value)
    assert isinstance(info.value, ValueError)


def test_unknown_suit_and_rank_are_told_apart() -> None:
    with pytest.raises(InvalidCardError, match="suit"):
        Card.parse("Tx")
    with pytest.raises(InvalidCardError, match="rank"):
        Card.parse("Xh")


def test_str_is_rank_letter_and_suit_letter() -> None:
    assert str(Card(Rank.TEN, Suit.HEARTS)) == "Th"
    assert str(Card(Rank.ACE, Suit.SPADES)) == "As"
    assert Card(Rank.TEN, Suit.HEARTS).pretty == "10♥"
    assert Card(Rank.QUEEN, Suit.CLUBS).pretty == "Q♣"


@pytest.mark.parametrize(
    ("rank", "points"),
    [
        (Rank.ACE, 1),
        (Rank.TWO, 2),
        (Rank.FIVE, 5),
        (Rank.NINE, 9),
        (Rank.TEN, 0),
        (Rank.JACK, 0),
        (Rank.QUEEN, 0),
        (Rank.KING, 0),
    ],
)
def test_point_values(rank: Rank, points: int) -> None:
    assert Card(rank, Suit.CLUBS).value == points


def test_hand_total_is_last_digit() -> None:
    # docs/rules.md: K + 4 + 7 = 21 -> 1
    assert hand_total(parse_cards("Kh 4s 7d")) == 1
    assert hand_total(parse_cards("9h 9s")) == 8
    assert hand_total(parse_cards("Th Js")) == 0
    assert hand_total(parse_cards("Ah 2s 3c")) == 6


def test_parse_cards_spaces_commas_and_lists() -> None:
    expected = (
        Card(Rank.FOUR, Suit.HEARTS),
        Card(Rank.THREE, Suit.SPADES),
        Card(Rank.TEN, Suit.DIAMONDS),
    )
    assert parse_cards("4h 3s 10d") == expected
    assert parse_cards("4h,3s,Td") == expected
    assert parse_cards("4h, 3s ,  td") == expected
    assert parse_cards(["4h", "3s", "Td"]) == expected
    assert parse_cards("") == ()


def test_parse_cards_names_the_bad_one() -> None:
    with pytest.raises(InvalidCardError, match="'Qx'"):
        parse_cards("4h 3s Qx 9d")


def test_full_deck_is_52_distinct_cards() -> None:
    assert len(FULL_DECK) == 52 == len(set(FULL_DECK))
    assert sum(1 for c in FULL_DECK if c.value == 0) == 16
