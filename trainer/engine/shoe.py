"""The shoe: shuffle, burn, cut card and the last-coup rule, replayable from a seed.

House procedure (docs/rules.md, "Shoe procedure"): after the shuffle the dealer turns the first
card face up and burns that many further cards face down (A burns 1, 2-9 their value,
10/J/Q/K burn 10).  A cut card near the end marks the last coups: when it comes out, the
coup in progress is finished, one more coup is dealt, and the shoe ends.

Where the cut card sits, precisely: ``cut=14`` puts it in front of the last 14 cards.  It
comes out when a card behind it is drawn, i.e. by the draw that leaves 13 cards in a shoe
with a cut of 14.  The coup that made that draw is the coup in progress; one more coup
follows and the shoe is finished.  If it comes out during the burn (only possible in a
small stacked shoe), there is no coup in progress and the first coup is the last.

Houses vary (``ShoeRules``, read from the house file's ``shoe:``): where the cut card sits,
whether the first card burns its value, and whether one more coup follows the cut card
(``one_more``, docs/rules.md) or the coup in progress is the last (``this_coup``).

One procedure, many readers: ``ShoeRun`` is an immutable shoe (its cards and its rules) whose
``events()`` replay it as the house runs it (Burn, CoupDealt, CutCardOut, LastCoup, ShoeEnd),
dealt by the one ``Shoe`` below; the simulator's fast path reads the same ``ShoeRules``
(``burn_for``, ``last_start``, ``one_more``) and a test holds it to ``ShoeRun`` shoe by shoe.
"""

from __future__ import annotations

import enum
import functools
import random
import struct
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from trainer.engine.cards import FULL_DECK, Card
from trainer.engine.coup import Coup
from trainer.engine.errors import InvalidShoeError, ShoeExhaustedError
from trainer.engine.said import Said, Verbatim

DEFAULT_DECKS = 8
SUPPORTED_DECKS = (8, 6)
DEFAULT_CUT = 14
#: A coup uses at most 6 cards, so the coup in progress plus one more can need 12 cards
#: behind the cut card; a cut card closer to the end could run the shoe dry.
MIN_CUT = 12


def check_decks(decks: object) -> int:
    """The deck count, or InvalidShoeError naming it (the shoe holds 8 decks, or 6)."""
    if isinstance(decks, bool) or not isinstance(decks, int) or decks not in SUPPORTED_DECKS:
        raise InvalidShoeError(f"{decks!r} decks is not supported: the shoe holds 8 decks (or 6)")
    return decks


def check_cut(cut: object, shoe_size: int, *, stacked: bool = False) -> int:
    """A cut-card position (cards behind it) valid for a shoe of ``shoe_size`` cards.

    A dealt shoe keeps the cut card between 12 cards from the end and half the shoe; a
    stacked shoe may put it anywhere (running it dry is then the caller's business).
    """
    minimum, maximum = (1, shoe_size) if stacked else (MIN_CUT, shoe_size // 2)
    if isinstance(cut, bool) or not isinstance(cut, int) or not minimum <= cut <= maximum:
        raise InvalidShoeError(
            Said(
                "cut card {cut} cards from the end is not allowed: use {minimum} to {maximum} "
                "for a shoe of {size} cards",
                cut=repr(cut),
                minimum=minimum,
                maximum=maximum,
                size=shoe_size,
            )
        )
    return cut


def burn_count(card: Card) -> int:
    """How many cards the exposed first card burns: its value, 10/J/Q/K burn 10."""
    return card.value or 10


class BurnRule(enum.Enum):
    """What the first card of a shoe does."""

    FACE_VALUE = "face_value"  #: turned up, burns its value further cards (10/J/Q/K burn 10)
    NONE = "none"  #: no burn: the first coup starts with the first card


class AfterCut(enum.Enum):
    """What happens once the cut card comes out."""

    ONE_MORE = "one_more"  #: finish this coup, deal one more, the shoe ends (docs/rules.md)
    THIS_COUP = "this_coup"  #: finish this coup: it is the last


class BetweenCoups(enum.Enum):
    """Which coup a cut card that comes out exactly between two coups (the last card of a
    coup was the one in front of it) counts as coming out in."""

    NEXT_COUP = "next_coup"  #: the coup about to start: ONE_MORE then deals two more coups
    FINISHED_COUP = "finished_coup"  #: the coup just finished: it is the last but one


@dataclass(frozen=True, slots=True)
class ShoeRules:
    """How a house runs a shoe: the cut card's place (cards behind it), the burn, and the
    last-coup rule.  The Shoe, ShoeRun and the simulator's fast path all read these."""

    cut: int = DEFAULT_CUT
    burn: BurnRule = BurnRule.FACE_VALUE
    after_cut: AfterCut = AfterCut.ONE_MORE
    between: BetweenCoups = BetweenCoups.NEXT_COUP

    def __post_init__(self) -> None:
        if isinstance(self.cut, bool) or not isinstance(self.cut, int) or self.cut < 1:
            raise InvalidShoeError(
                Said(
                    "cut card {cut} cards from the end is not allowed",
                    cut=Verbatim(repr(self.cut)),
                )
            )

    def burn_for(self, value: int) -> int:
        """Cards burned after a first card of point ``value`` (0 for a ten or a face)."""
        return 0 if self.burn is BurnRule.NONE else (value or 10)

    def first_coup_at(self, value: int) -> int:
        """Where the first coup starts when the first card has point ``value``: after that
        card and its burn, or at once with no burn."""
        return 0 if self.burn is BurnRule.NONE else 1 + self.burn_for(value)

    @property
    def one_more(self) -> bool:
        return self.after_cut is AfterCut.ONE_MORE

    def last_start(self, shoe_size: int) -> int:
        """The cut card is out once the position (cards drawn) passes this."""
        return shoe_size - self.cut

    def out_between(self, shoe_size: int) -> int:
        """Between coups (and after the burn), the cut card counts as out once the position
        passes this: ``last_start``, or one less where a cut card at the mouth of the shoe
        as a coup ends counts for the coup just finished (``finished_coup``)."""
        back = 1 if self.between is BetweenCoups.FINISHED_COUP else 0
        return shoe_size - self.cut - back

    def describe(self) -> str:
        burn = (
            Said("the first card is turned up and burns its value (10, J, Q, K burn 10)")
            if self.burn is BurnRule.FACE_VALUE
            else Said("no burn")
        )
        after = (
            Said("when it comes out, finish the coup, deal one more, the shoe ends")
            if self.one_more
            else Said("when it comes out, the coup in progress is the last")
        )
        between = (
            Said("the next coup")
            if self.between is BetweenCoups.NEXT_COUP
            else Said("the coup just finished")
        )
        return Said(
            "{burn}; cut card {cut} cards from the end; {after}; out between two coups, it "
            "counts for {between}",
            burn=burn,
            cut=self.cut,
            after=after,
            between=between,
        )


DEFAULT_SHOE_RULES = ShoeRules()


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
#: Draws of keys before the shuffle gives up: one is redrawn with probability below 1.3e-6
#: (416 cards), so 16 in a row (1e-94) only happens to a random source that repeats itself.
SHUFFLE_DRAWS = 16


class ShuffleError(InvalidShoeError):
    """The random source gave tied keys every time: no fair shuffle can be made from it."""


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
        """Key words sorted by key, with distinct keys (rejecting and redrawing on a tie, at
        most SHUFFLE_DRAWS times: ShuffleError past that, a random source that repeats)."""
        n, mask = self.size, self.key_mask
        unpack, pack = self.unpack, self.pack
        for _ in range(SHUFFLE_DRAWS):
            words = (rng.getrandbits(64 * n) & mask | payload).to_bytes(8 * n, "little")
            packed = pack(*sorted(unpack(words)))
            # Tie check: a zero in (key[i] xor key[i+1]) for adjacent sorted words.  The
            # "has a zero field" trick: (w - 1s) & ~w & high-bits flags a zero 64-bit field.
            keys = int.from_bytes(packed, "little") & mask
            diff = ((keys ^ (keys >> 64)) >> _KEY_SHIFT) & self.adjacent_mask
            if not (diff - self.ones) & ~diff & self.highs:
                return packed
        raise ShuffleError(
            f"the shuffle drew equal keys {SHUFFLE_DRAWS} times in a row: the "
            "random source repeats itself"
        )


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
        "_one_more",
        "_out_between",
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
        rules: ShoeRules = DEFAULT_SHOE_RULES,
    ) -> None:
        self._cards: tuple[Card, ...] = tuple(cards)
        self._position = 0
        self._final_dealt = False
        self._one_more = rules.one_more
        #: Cards behind the cut card, or None for no cut card (deal until the shoe is empty).
        self.cut = cut
        #: Cards the cut card's place moves by, read between coups (BetweenCoups).
        self._out_between = 1 if rules.between is BetweenCoups.FINISHED_COUP else 0
        self.decks = decks
        self.coups_dealt = 0
        #: The first card, turned face up to decide the burn (None: no burn).
        self.burn_card: Card | None = None
        #: The cards burned face down after it, in order, so a trainer can show them.
        self.burned: tuple[Card, ...] = ()
        if burn and rules.burn is BurnRule.FACE_VALUE:
            self.burn_card = self.draw("the burn card is missing")
            count = rules.burn_for(self.burn_card.value)
            self.burned = tuple(
                self.draw(f"the burn of {count} cards ran out") for _ in range(count)
            )

    @classmethod
    def shuffled(
        cls,
        rng: random.Random,
        decks: int = DEFAULT_DECKS,
        *,
        cut: int | None = None,
        burn: bool = True,
        rules: ShoeRules = DEFAULT_SHOE_RULES,
    ) -> Shoe:
        """A dealt shoe: ``decks`` decks shuffled from ``rng``, the burn done, a cut card
        (``cut`` overrides ``rules.cut``)."""
        cards = full_shoe(decks)
        cut = rules.cut if cut is None else cut
        check_cut(cut, len(cards))
        return cls(shuffle(cards, rng), cut=cut, burn=burn, decks=decks, rules=rules)

    @classmethod
    def stacked(
        cls,
        cards: Iterable[Card | str],
        *,
        cut: int | None = None,
        burn: bool = False,
        rules: ShoeRules = DEFAULT_SHOE_RULES,
    ) -> Shoe:
        """Cards dealt in exactly the given order ("Th" strings are parsed).

        No burn unless asked; no cut card unless given (then 1 to len(cards) cards from the
        end), in which case the shoe ends when it is empty.
        """
        stack = tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards)
        if cut is not None:
            check_cut(cut, len(stack), stacked=True)
        return cls(stack, cut=cut, burn=burn, rules=rules)

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
        """Whether the cut card is out, read between coups: a card behind it has been drawn,
        or (``finished_coup``) it stands at the mouth of the shoe as a coup ends."""
        return (
            self.cut is not None
            and self._position > len(self._cards) - self.cut - self._out_between
        )

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
        if is_last or (not self._one_more and self.cut_card_out):
            self._final_dealt = True  # one more after the cut card, or this coup (this_coup)
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


# --- the shoe procedure as events ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Burn:
    """The first card turned up, and the cards burned face down after it."""

    card: Card
    burned: tuple[Card, ...]

    @property
    def count(self) -> int:
        return len(self.burned)

    def describe(self) -> str:
        if self.count == 1:
            return Said("burn: {card} turned up, burn 1 card", card=self.card)
        return Said("burn: {card} turned up, burn {count} cards", card=self.card, count=self.count)


@dataclass(frozen=True, slots=True)
class CoupDealt:
    """Coup ``number`` (1, 2, ...) dealt from shoe positions ``start`` to ``end`` (exclusive,
    burn included); ``last``: it is the shoe's last coup."""

    number: int
    coup: Coup
    start: int
    end: int
    last: bool = False

    def describe(self) -> str:
        cards = " ".join(str(c) for c in self.coup.cards)
        return Said("coup {number}: {cards}", number=self.number, cards=cards)


@dataclass(frozen=True, slots=True)
class CutCardOut:
    """The cut card came out during coup ``number`` (0: during the burn), in front of that
    coup's card number ``card`` (1-based; 0 during the burn; one past its last card when it
    came out as the coup ended and the house counts it for that coup), at shoe
    ``position``.  What follows: finish this coup, then one more (``one_more``) or none.
    ``between``: it came out between two coups (before card 1, or after the last)."""

    number: int
    card: int
    position: int
    one_more: bool = True
    between: bool = False

    def describe(self) -> str:
        where = (
            Said("during the burn")
            if self.number == 0
            else Said("after coup {number}, counted for it", number=self.number)
            if self.between and self.card > 1
            else Said(
                "before card {card} of coup {number}, between two coups, counted for it",
                card=self.card,
                number=self.number,
            )
            if self.between
            else Said("before card {card} of coup {number}", card=self.card, number=self.number)
        )
        then = (
            Said("finish this coup, deal one more, the shoe ends")
            if self.one_more
            else Said("finish this coup: it is the last")
        )
        return Said("cut card out {where}: {then}", where=where, then=then)


@dataclass(frozen=True, slots=True)
class LastCoup:
    """Coup ``number`` is the last of the shoe (announced before it is dealt)."""

    number: int

    def describe(self) -> str:
        return Said("coup {number} is the last coup", number=self.number)


@dataclass(frozen=True, slots=True)
class ShoeEnd:
    """The shoe is over: ``coups`` dealt, ``position`` cards drawn (burn included),
    ``remaining`` left behind."""

    coups: int
    position: int
    remaining: int

    def describe(self) -> str:
        return Said(
            "shoe ends after {coups} coups, {remaining} cards left",
            coups=self.coups,
            remaining=self.remaining,
        )


ShoeEvent = Burn | CoupDealt | CutCardOut | LastCoup | ShoeEnd


@dataclass(frozen=True, slots=True)
class ShoeRun:
    """A whole shoe as the house runs it, as an immutable value: the cards in dealing order
    and the house's ShoeRules.  ``events()`` replays it (the same every time); the shoe drill
    and the simulator's slow path read it, and ``Shoe`` does the dealing."""

    cards: tuple[Card, ...]
    rules: ShoeRules = DEFAULT_SHOE_RULES
    decks: int | None = field(default=None, compare=False)

    @classmethod
    def shuffled(
        cls, rng: random.Random, decks: int = DEFAULT_DECKS, rules: ShoeRules = DEFAULT_SHOE_RULES
    ) -> ShoeRun:
        """A freshly shuffled shoe: the same rng use, hence the same cards, as
        ``Shoe.shuffled(rng, decks, rules=rules)`` and the simulator's ``deal_shoe``."""
        cards = full_shoe(decks)
        check_cut(rules.cut, len(cards))
        return cls(tuple(shuffle(cards, rng)), rules, decks)

    @classmethod
    def stacked(cls, cards: Iterable[Card | str], rules: ShoeRules = DEFAULT_SHOE_RULES) -> ShoeRun:
        """Cards in exactly the given order (tests, fixed drills); the cut may be anywhere."""
        stack = tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards)
        check_cut(rules.cut, len(stack), stacked=True)
        return cls(stack, rules)

    def shoe(self) -> Shoe:
        """A fresh stateful Shoe over these cards, burn done."""
        return Shoe(self.cards, cut=self.rules.cut, burn=True, decks=self.decks, rules=self.rules)

    def events(self, from_coup: int = 1) -> Iterator[ShoeEvent]:
        """The shoe, event by event: Burn (if the house burns); CoupDealt for each coup;
        CutCardOut right after the coup during which the cut card came out, then LastCoup
        naming the last coup (the next one, or this one under ``this_coup``); ShoeEnd.
        ``from_coup`` > 1 starts there (no Burn; the coups before it are dealt unseen), for
        the last-coups drill."""
        shoe = self.shoe()
        limit = self.rules.last_start(len(self.cards))
        one_more = self.rules.one_more
        if shoe.burn_card is not None and from_coup <= 1:
            yield Burn(shoe.burn_card, shoe.burned)
        if shoe.cut_card_out and from_coup <= 1:  # out during the burn: the first coup is last
            yield CutCardOut(0, 0, limit, one_more)
            yield LastCoup(1)
        number = 0
        while not shoe.finished:
            number += 1
            start, was_out = shoe.position, shoe.cut_card_out
            coup = shoe.deal_coup()
            if number < from_coup:
                continue
            yield CoupDealt(number, coup, start, shoe.position, shoe.finished)
            if not was_out and shoe.cut_card_out:
                between = limit in (start, shoe.position)
                yield CutCardOut(number, limit - start + 1, limit, one_more, between)
                yield LastCoup(number + 1 if one_more else number)
        yield ShoeEnd(number, shoe.position, shoe.remaining)

    def coups(self) -> Iterator[Coup]:
        """Just the coups, in order."""
        return (e.coup for e in self.events() if isinstance(e, CoupDealt))

    @property
    def cut_coup(self) -> int:
        """The number of the coup during which the cut card comes out (0: the burn)."""
        for event in self.events():
            if isinstance(event, CutCardOut):
                return event.number
        return 0  # pragma: no cover - a checked cut always comes out

    def last_coups(self, coups: int = 3) -> Iterator[ShoeEvent]:
        """The shoe from ``coups`` coups before the cut card comes out (that coup counted):
        the last-coups drill, positioned near the end of a seeded shoe."""
        return self.events(from_coup=max(1, self.cut_coup - coups + 1))
