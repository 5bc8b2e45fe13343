"""Cards and their notation.

A card prints as rank + suit letter ("Th", "As") and parses back from that, from "10h",
and from suit symbols ("T♥"), case-insensitively.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from trainer.engine.errors import InvalidCardError, quote
from trainer.engine.said import Said


class Suit(enum.Enum):
    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_TEXT = {s.value: s for s in Suit} | {sym: s for s, sym in _SUIT_SYMBOLS.items()}
# Variation selectors sometimes trail emoji-style suit symbols pasted from the web.
_IGNORED = "\ufe0e\ufe0f"


class Rank(enum.IntEnum):
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        return "A23456789TJQK"[self - 1]

    @property
    def points(self) -> int:
        """Baccarat point value: A=1, 2-9 face, 10/J/Q/K=0."""
        return int(self) if self < 10 else 0


_RANK_BY_TEXT = {r.symbol: r for r in Rank} | {"10": Rank.TEN}


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Card:
    rank: Rank
    suit: Suit

    @property
    def value(self) -> int:
        """Point value (10/J/Q/K count 0)."""
        return self.rank.points

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse "Th", "10h", "t♥", "AS"; raise InvalidCardError naming the token.

        Ranks are ASCII only (the table below): no other script's digits are a rank."""
        text = token.strip()
        for ch in _IGNORED:
            text = text.replace(ch, "")
        if len(text) < 2:
            raise InvalidCardError(
                Said(
                    "{token} is not a card: write rank then suit, e.g. 'Th' or '9s'",
                    token=quote(token),
                )
            )
        rank_text, suit_text = text[:-1].upper(), text[-1].lower()
        rank = _RANK_BY_TEXT.get(rank_text)
        suit = _SUIT_BY_TEXT.get(suit_text)
        if rank is None:
            raise InvalidCardError(
                Said(
                    "{token} is not a card: unknown rank {rank} (ranks are A 2-9 T J Q K, or 10)",
                    token=quote(token),
                    rank=quote(text[:-1], 10),
                )
            )
        if suit is None:
            raise InvalidCardError(
                Said(
                    "{token} is not a card: unknown suit {suit} (suits are s h d c)",
                    token=quote(token),
                    suit=repr(text[-1]),
                )
            )
        return cls(rank, suit)

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def pretty(self) -> str:
        """Rank and suit symbol, as drawn on screen: "10♥", "A♠"."""
        rank = "10" if self.rank is Rank.TEN else self.rank.symbol
        return f"{rank}{self.suit.symbol}"


def parse_cards(tokens: str | list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Parse cards separated by spaces and/or commas (or an already split list)."""
    text = tokens if isinstance(tokens, str) else " ".join(tokens)
    return tuple(Card.parse(t) for t in text.replace(",", " ").split())


class Side(enum.Enum):
    """The hand a card went to."""

    PLAYER = "P"
    BANKER = "B"

    @property
    def label(self) -> str:
        return "Player" if self is Side.PLAYER else "Banker"

    @property
    def other(self) -> Side:
        return Side.BANKER if self is Side.PLAYER else Side.PLAYER

    @classmethod
    def named(cls, text: str) -> Side | None:
        """The hand ``text`` names (``P``, ``B``, ``player``, ``banker``, any case), else None."""
        return _SIDE_NAMES.get(text.strip().lower())


_SIDE_NAMES = {"p": Side.PLAYER, "player": Side.PLAYER, "b": Side.BANKER, "banker": Side.BANKER}


@dataclass(frozen=True, slots=True)
class DealtCard:
    """One card out of the shoe and the hand the dealer put it on: ``P:9h`` or ``B:3c``,
    as the audit's notation writes it (``DealtCard.parse`` and ``str`` round-trip)."""

    card: Card
    to: Side

    def __str__(self) -> str:
        return f"{self.to.value}:{self.card}"

    @classmethod
    def parse(cls, text: str) -> DealtCard:
        side, colon, card = text.strip().partition(":")
        hand = Side.named(side) if colon else None
        if hand is None:
            raise InvalidCardError(
                Said(
                    "{text}: write P: (Player) or B: (Banker) before the card, e.g. P:9h",
                    text=quote(text),
                )
            )
        return cls(Card.parse(card), hand)


def hand_total(cards: tuple[Card, ...] | list[Card]) -> int:
    """Last digit of the sum of the cards' point values."""
    return sum(c.value for c in cards) % 10


FULL_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in Rank)
