"""The shoe: shuffle, burn, cut card and the last-coup rule, replayable from a seed.

House procedure (RULES.md, "Shoe procedure"): after the shuffle the dealer turns the first
card face up and burns that many further cards face down (A burns 1, 2-9 their value,
10/J/Q/K burn 10).  A cut card near the end marks the last coups: when it comes out, the
coup in progress is finished, one more coup is dealt, and the shoe ends.

Where the cut card sits, precisely: ``cut=14`` puts it in front of the last 14 cards.  It
comes out when a card behind it is drawn, i.e. by the draw that leaves 13 cards in a shoe
with a cut of 14.  The coup that made that draw is the coup in progress; one more coup
follows and the shoe is finished.  If it comes out during the burn (only possible in a
small stacked shoe), there is no coup in progress and the first coup is the last.
"""

from __future__ import annotations

import functools
import random
import struct
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from trainer.engine.cards import FULL_DECK, Card
from trainer.engine.coup import Coup
from trainer.engine.errors import InvalidShoeError, ShoeExhaustedError

DEFAULT_DECKS = 8
SUPPORTED_DECKS = (8, 6)
DEFAULT_CUT = 14
#: A coup uses at most 6 cards, so the coup in progress plus one more can need 12 cards
#: behind the cut card; a cut card closer to the end could run the shoe dry.
MIN_CUT = 12


def check_decks(decks: object) -> int:
    """The deck count, or InvalidShoeError naming it (the shoe holds 8 decks, or 6)."""
    if isinstance(decks, bool) or not isinstance(decks, int) or decks not in SUPPORTED_DECKS:
        raise InvalidShoeError(
            f"{decks!r} decks is not supported: the shoe holds 8 decks (or 6)"
        )
    return decks


def check_cut(cut: object, shoe_size: int, *, stacked: bool = False) -> int:
    """A cut-card position (cards behind it) valid for a shoe of ``shoe_size`` cards.

    A dealt shoe keeps the cut card between 12 cards from the end and half the shoe; a
    stacked shoe may put it anywhere (running it dry is then the caller's business).
    """
    minimum, maximum = (1, shoe_size) if stacked else (MIN_CUT, shoe_size // 2)
    if isinstance(cut, bool) or not isinstance(cut, int) or not minimum <= cut <= maximum:
        raise InvalidShoeError(
            f"cut card {cut!r} cards from the end is not allowed: use {minimum} to {maximum} "
            f"for a shoe of {shoe_size} cards"
        )
    return cut


def burn_count(card: Card) -> int:
    """How many cards the exposed first card burns: its value, 10/J/Q/K burn 10."""
    return card.value or 10


# --- the shuffle -----------------------------------------------------------------------
#
# Why not random.shuffle: it makes one Python-level call per card (about 90 us for 416
# cards), which alone would cap the simulator below 500,000 coups/s.  This shuffle gives
# every card an independent uniform random key and sorts by key, so the per-card work runs
# in C (one getrandbits call, struct pack/unpack, a float sort).
#
# Why it is exactly unbiased: the keys are i.i.d. uniform 36-bit integers.  If any two are
# equal, all keys are drawn afresh (rejection), so the accepted keys are i.i.d. uniform
# conditioned on "all distinct", an event symmetric in the cards; every order of distinct
# i.i.d. keys is then equally likely, so each of the n! orders has probability exactly 1/n!,
# as with random.shuffle.  A redraw happens with probability below n^2 / 2^37 (1.3e-6 for
# 416 cards).
#
# The mechanics: key k sits in bits 16..51 of a 64-bit word whose top bits are the exponent
# of 1.0, so each word is a double in [1, 2) and the sort compares machine doubles.  The
# low 16 bits carry a payload (the card's index, or its point value) that never decides the
# order, because keys are distinct once accepted; reading the payloads in sorted order gives
# the permutation (or the shuffled point values directly, for the simulator).  The same rng
# calls and the same accept/reject decisions happen whatever the payload, so the Shoe and
# the fast simulator see the same card order from the same rng.
_KEY_BITS = 36
_KEY_SHIFT = 16
_ONE = 0x3FF << 52  # exponent bits of 1.0


@dataclass(frozen=True, slots=True)
class _KeySorter:
    size: int
    key_mask: int
    adjacent_mask: int
    ones: int
    highs: int
    unpack: Callable[[bytes], tuple[float, ...]]
    pack: Callable[..., bytes]
    indices: Callable[[bytes], tuple[int, ...]]
    values: Callable[[bytes], tuple[int, ...]]

    def sorted_words(self, rng: random.Random, payload: int) -> bytes:
        """Key words sorted by key, with distinct keys (rejecting and redrawing on a tie)."""
        n, mask = self.size, self.key_mask
        unpack, pack = self.unpack, self.pack
        while True:
            words = (rng.getrandbits(64 * n) & mask | payload).to_bytes(8 * n, "little")
            packed = pack(*sorted(unpack(words)))
            # Tie check: a zero in (key[i] xor key[i+1]) for adjacent sorted words.  The
            # "has a zero field" trick: (w - 1s) & ~w & high-bits flags a zero 64-bit field.
            keys = int.from_bytes(packed, "little") & mask
            diff = ((keys ^ (keys >> 64)) >> _KEY_SHIFT) & self.adjacent_mask
            if not (diff - self.ones) & ~diff & self.highs:
                return packed


@functools.lru_cache(maxsize=8)
def _sorter(n: int) -> _KeySorter:
    if n > 1 << _KEY_SHIFT:
        raise InvalidShoeError(f"cannot shuffle {n} cards (at most {1 << _KEY_SHIFT})")
    field = (1 << _KEY_BITS) - 1
    pairs = range(max(n - 1, 0))
    return _KeySorter(
        size=n,
        key_mask=sum(field << (64 * i + _KEY_SHIFT) for i in range(n)),
        adjacent_mask=sum(field << (64 * i) for i in pairs),
        ones=sum(1 << (64 * i) for i in pairs),
        highs=sum(1 << (64 * i + 63) for i in pairs),
        unpack=struct.Struct(f"<{n}d").unpack,
        pack=struct.Struct(f"<{n}d").pack,
        indices=struct.Struct("<" + "H6x" * n).unpack,
        values=struct.Struct("<" + "B7x" * n).unpack,
    )


@functools.lru_cache(maxsize=8)
def _payload(items: tuple[int, ...]) -> int:
    return sum((_ONE | item) << (64 * i) for i, item in enumerate(items))


def shuffled_order(n: int, rng: random.Random) -> tuple[int, ...]:
    """A uniformly random permutation of range(n) (see the note above on why unbiased)."""
    sorter = _sorter(n)
    return sorter.indices(sorter.sorted_words(rng, _payload(tuple(range(n)))))


def shuffled_values(values: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    """``values`` (each 0..255) in the order shuffled_order(len(values), rng) would give.

    The simulator's fast path: the same rng calls as the Shoe, without building cards.
    """
    sorter = _sorter(len(values))
    return sorter.values(sorter.sorted_words(rng, _payload(values)))


def shuffle(items: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of ``items``: uniformly random, replayed exactly by a seeded rng."""
    return [items[i] for i in shuffled_order(len(items), rng)]


def full_shoe(decks: int = DEFAULT_DECKS) -> tuple[Card, ...]:
    """The unshuffled shoe: ``decks`` copies of the 52-card deck."""
    return FULL_DECK * check_decks(decks)


class Shoe:
    """A shoe being dealt.  Stateful by nature; the coups it deals are immutable values.

    Build one with Shoe.shuffled (a dealt shoe: shuffle, burn, cut card) or Shoe.stacked
    (cards in a given order, for fixed drills and tests).
    """

    __slots__ = (
        "_cards",
        "_final_dealt",
        "_position",
        "burn_card",
        "burned",
        "coups_dealt",
        "cut",
        "decks",
    )

    def __init__(
        self,
        cards: Iterable[Card],
        *,
        cut: int | None = None,
        burn: bool = False,
        decks: int | None = None,
    ) -> None:
        self._cards: tuple[Card, ...] = tuple(cards)
        self._position = 0
        self._final_dealt = False
        #: Cards behind the cut card, or None for no cut card (deal until the shoe is empty).
        self.cut = cut
        self.decks = decks
        self.coups_dealt = 0
        #: The first card, turned face up to decide the burn (None: no burn).
        self.burn_card: Card | None = None
        #: The cards burned face down after it, in order, so a trainer can show them.
        self.burned: tuple[Card, ...] = ()
        if burn:
            self.burn_card = self.draw("the burn card is missing")
            self.burned = tuple(
                self.draw(f"the burn of {burn_count(self.burn_card)} cards ran out")
                for _ in range(burn_count(self.burn_card))
            )

    @classmethod
    def shuffled(
        cls,
        rng: random.Random,
        decks: int = DEFAULT_DECKS,
        *,
        cut: int = DEFAULT_CUT,
        burn: bool = True,
    ) -> Shoe:
        """A dealt shoe: ``decks`` decks shuffled from ``rng``, the burn done, a cut card."""
        cards = full_shoe(decks)
        check_cut(cut, len(cards))
        return cls(shuffle(cards, rng), cut=cut, burn=burn, decks=decks)

    @classmethod
    def stacked(
        cls,
        cards: Iterable[Card | str],
        *,
        cut: int | None = None,
        burn: bool = False,
    ) -> Shoe:
        """Cards dealt in exactly the given order ("Th" strings are parsed).

        No burn unless asked; no cut card unless given (then 1 to len(cards) cards from the
        end), in which case the shoe ends when it is empty.
        """
        stack = tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards)
        if cut is not None:
            check_cut(cut, len(stack), stacked=True)
        return cls(stack, cut=cut, burn=burn)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the shoe in dealing order, dealt or not."""
        return self._cards

    @property
    def position(self) -> int:
        """Cards drawn so far, burn included."""
        return self._position

    @property
    def remaining(self) -> int:
        return len(self._cards) - self._position

    @property
    def cut_card_out(self) -> bool:
        """Whether a card behind the cut card has been drawn."""
        return self.cut is not None and self._position > len(self._cards) - self.cut

    @property
    def finished(self) -> bool:
        """The last coup has been dealt (or, with no cut card, the shoe is empty)."""
        if self.cut is None:
            return self.remaining == 0
        return self._final_dealt

    def draw(self, why: str = "a card was asked for") -> Card:
        """The next card; ShoeExhaustedError (saying ``why``) when none is left."""
        if self._position >= len(self._cards):
            raise ShoeExhaustedError(f"the shoe has no cards left: {why}")
        self._position += 1
        return self._cards[self._position - 1]

    def deal_coup(self) -> Coup:
        """Deal the next coup, following the last-coup rule."""
        if self.finished:
            raise ShoeExhaustedError(
                "the shoe is finished: the cut card came out and the last coup was dealt"
                if self.cut is not None
                else "the shoe has no cards left"
            )
        is_last = self.cut_card_out  # the cut card came out before this coup began
        coup = Coup.deal(self.draw)
        self.coups_dealt += 1
        if is_last:
            self._final_dealt = True
        return coup

    def coups(self) -> Iterator[Coup]:
        """Deal coups until the shoe is finished."""
        while not self.finished:
            yield self.deal_coup()

    def __repr__(self) -> str:
        return (
            f"Shoe({len(self._cards)} cards, {self.remaining} left, cut={self.cut}, "
            f"coups_dealt={self.coups_dealt}, finished={self.finished})"
        )
