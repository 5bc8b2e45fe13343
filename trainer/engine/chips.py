"""Cutting a payout in chips: the fewest chips of the table's denominations, the house's
conventions (:class:`ChipConvention`: the fewest chips, no more than N of one chip, colour
for colour), and a check of the chips a dealer gave (:func:`check_chips`).

Exact for any set of denominations, not only the "canonical" ones greedy gets right ({1,
2.50, 5} pays 7.50 as 5 + 2.50, where greedy-by-largest would still be right, but {1, 3, 4}
pays 6 as 3 + 3 where greedy gives 4 + 1 + 1).  How, and why it is fast:

- Money is counted in *units*, the greatest common divisor of the chips in cents.
- In a fewest-chips breakdown, a chip ``c`` appears fewer than ``lcm(c, d) / c`` times for
  every larger chip ``d`` (else that many ``c`` could be swapped for fewer ``d``).  So the
  chips below the largest add up to less than ``B = 1 + sum(min_d lcm(c, d) - c)``.
- A dynamic programme over ``0 .. B + 2 * largest`` units (built once per set of
  denominations, cached) answers any amount: above that range the breakdown is the one for
  the amount less whole largest chips, plus those chips.

An amount the chips cannot make exactly (0.35 at a table whose smallest chip is 0.50, or
1.50 with chips of 1 and 2.50 but no 0.50) is **paid in chips as far as the chips go, and the
rest in coin**: :func:`pay_in_chips` returns the largest amount the chips can make, in the
fewest chips, and the remainder as ``coin`` (always less than the smallest chip), so a
procedure never loses a cent and says what is not a chip.  :func:`fewest_chips`, for a caller
that wants chips only, raises :class:`UnpayableAmountError` instead.
"""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from trainer.engine.errors import EngineError
from trainer.engine.money import format_amount, normalize

if TYPE_CHECKING:
    from trainer.engine.house import House

__all__ = [
    "FEWEST_CHIPS",
    "ChipBreakdown",
    "ChipCheck",
    "ChipConvention",
    "ChipError",
    "ChipFault",
    "ChipLimitError",
    "PayStyle",
    "UnpayableAmountError",
    "check_chips",
    "fewest_chips",
    "pay_in_chips",
]

_HUNDRED = Decimal(100)
_ZERO = Decimal(0)


class ChipError(EngineError):
    """Bad chips: a denomination that is not a positive whole number of cents, an amount
    that is negative or not in cents."""


class UnpayableAmountError(ChipError):
    """An amount the table's chips cannot make exactly (use ``pay_in_chips`` for chips plus
    coin)."""


class ChipLimitError(ChipError):
    """No breakdown within the house's convention (no more than N of one chip) pays it."""


def _cents(amount: Decimal, what: str) -> int:
    cents = amount * _HUNDRED
    if not cents.is_finite() or cents != cents.to_integral_value() or cents < 0:
        raise ChipError(f"{what} {amount} is not a non-negative amount in whole cents")
    return int(cents)


@dataclass(frozen=True, slots=True)
class ChipBreakdown:
    """Chips for a payout: ``chips`` as (denomination, count), largest first, counts > 0;
    ``coin`` is the part no chip can make (0 when the chips pay it all)."""

    chips: tuple[tuple[Decimal, int], ...]
    coin: Decimal = Decimal(0)

    @property
    def total(self) -> Decimal:
        """What the chips and the coin come to."""
        return normalize(sum((v * n for v, n in self.chips), Decimal(0)) + self.coin)

    @property
    def count(self) -> int:
        return sum(n for _, n in self.chips)

    def as_dict(self) -> dict[Decimal, int]:
        return dict(self.chips)

    def describe(self, colours: Mapping[Decimal, str] | None = None) -> str:
        """'1 black (100), 3 red (5)' or '2 x 100, 3 x 5'; the coin last."""
        return _describe(self.as_dict(), colours, self.coin)


def _describe(
    chips: Mapping[Decimal, int], colours: Mapping[Decimal, str] | None, coin: Decimal = Decimal(0)
) -> str:
    parts = []
    for value in sorted(chips, reverse=True):
        n = chips[value]
        if not n:
            continue
        colour = (colours or {}).get(value)
        parts.append(f"{n} {colour} ({format_amount(value)})" if colour else
                     f"{n} x {format_amount(value)}")
    if coin:
        parts.append(f"{format_amount(coin)} in coin")
    return ", ".join(parts) or "nothing"


def _names(values: Iterable[Decimal], colours: Mapping[Decimal, str] | None) -> str:
    """'green (25), red (5)' or '25, 5': chips by name, largest first."""
    return ", ".join(
        f"{(colours or {})[v]} ({format_amount(v)})" if v in (colours or {}) else format_amount(v)
        for v in sorted(values, reverse=True)
    )


@dataclass(frozen=True, slots=True)
class _Table:
    """The cached programme for one set of denominations (in units)."""

    unit: int  # cents per unit
    coins: tuple[int, ...]  # ascending, in units
    limit: int  # the programme covers 0 .. limit
    spare: int  # above ``spare`` units every amount is made, and whole largest chips peel off
    floor: tuple[int, ...]  # the largest makeable amount <= x
    parts: tuple[tuple[int, ...], ...]  # a fewest breakdown of floor[x]: counts, largest first


@functools.lru_cache(maxsize=32)
def _table(cents: tuple[int, ...]) -> _Table:
    unit = functools.reduce(math.gcd, cents)
    coins = tuple(sorted(c // unit for c in cents))
    top = coins[-1]
    bound = 1 + sum(min(math.lcm(c, d) for d in coins[i + 1:]) - c
                    for i, c in enumerate(coins[:-1]))
    limit = bound + 2 * top
    best = [-1] * (limit + 1)
    floor = [0] * (limit + 1)
    best[0] = 0
    n = len(coins)
    parts: list[tuple[int, ...]] = [(0,) * n] * (limit + 1)
    order = tuple(reversed(range(len(coins))))  # largest first: ties go to larger chips
    for x in range(1, limit + 1):
        b, p = -1, -1
        for i in order:
            c = coins[i]
            if c <= x:
                prev = best[x - c]
                if prev >= 0 and (b < 0 or prev + 1 < b):
                    b, p = prev + 1, i
        best[x] = b
        if b >= 0:
            floor[x] = x
            counts = list(parts[x - coins[p]])
            counts[n - 1 - p] += 1
            parts[x] = tuple(counts)
        else:
            floor[x], parts[x] = floor[x - 1], parts[x - 1]
    return _Table(unit, coins, limit, bound + top, tuple(floor), tuple(parts))


@functools.lru_cache(maxsize=64)
def _prepared(denominations: tuple[Decimal, ...]) -> tuple[_Table, tuple[Decimal, ...]]:
    """The programme and the chips, largest first, for a set of denominations (cached)."""
    cents, values = _denominations(denominations)
    return _table(cents), values[::-1]


def _denominations(denominations: Iterable[Decimal]) -> tuple[tuple[int, ...], tuple[Decimal, ...]]:
    values = tuple(sorted(set(denominations)))
    if not values:
        raise ChipError("no chip denominations")
    cents = tuple(_cents(v, "chip") for v in values)
    if cents[0] == 0:
        raise ChipError("a chip of 0")
    return cents, values


def _unbounded(amount: Decimal, denominations: Iterable[Decimal]) -> ChipBreakdown:
    t, values = _prepared(tuple(denominations))
    total = _cents(amount, "amount")
    units, rest = divmod(total, t.unit)
    peeled = 0
    if units > t.limit:
        peeled = (units - t.spare) // t.coins[-1]
        units -= peeled * t.coins[-1]
    made = t.floor[units]
    counts = t.parts[units]
    coin_cents = rest + (units - made) * t.unit
    if peeled:
        counts = (counts[0] + peeled, *counts[1:])
    chips = tuple((v, n) for v, n in zip(values, counts, strict=True) if n)
    return ChipBreakdown(chips, normalize(Decimal(coin_cents).scaleb(-2)) if coin_cents else _ZERO)


def _capped(amount: Decimal, values: Sequence[Decimal], max_each: int) -> ChipBreakdown | None:
    """Fewest chips paying ``amount`` exactly with at most ``max_each`` of each, by a
    depth-first search largest chip first with two cuts (too many chips already; what is
    left cannot be reached); None when no such breakdown exists."""
    coins = [_cents(v, "chip") for v in sorted(values, reverse=True)]
    reach = [0] * (len(coins) + 1)  # the most the chips from i on can pay
    for i in reversed(range(len(coins))):
        reach[i] = reach[i + 1] + coins[i] * max_each
    best: list[int] | None = None
    best_count = math.inf
    counts = [0] * len(coins)

    def search(i: int, left: int, used: int) -> None:
        nonlocal best, best_count
        if left == 0:
            if used < best_count:
                best, best_count = counts.copy(), used
            return
        if i == len(coins) or left > reach[i] or used + -(-left // coins[i]) >= best_count:
            return
        for n in range(min(max_each, left // coins[i]), -1, -1):
            counts[i] = n
            search(i + 1, left - n * coins[i], used + n)
        counts[i] = 0

    search(0, _cents(amount, "amount"), 0)
    if best is None:
        return None
    ordered = sorted(values, reverse=True)
    return ChipBreakdown(tuple((ordered[i], n) for i, n in enumerate(best) if n))


def pay_in_chips(
    amount: Decimal, denominations: Iterable[Decimal], *, max_each: int | None = None
) -> ChipBreakdown:
    """``amount`` in the fewest chips, the part no chip makes as ``coin``.

    ``max_each``: the house pays no more than that many of one chip; ChipLimitError when no
    breakdown keeps to it (a 50,000 payout in at most 10 of each of 1 to 1,000)."""
    denominations = tuple(denominations)
    free = _unbounded(amount, denominations)
    if max_each is None or all(n <= max_each for _, n in free.chips):
        return free
    if max_each < 1:
        raise ChipError(f"max_each {max_each}: at least 1 of a chip")
    capped = _capped(free.total - free.coin, denominations, max_each)
    if capped is None:
        raise ChipLimitError(
            f"{format_amount(amount)} cannot be paid with at most {max_each} of each chip"
        )
    return ChipBreakdown(capped.chips, free.coin)


def fewest_chips(
    amount: Decimal, denominations: Iterable[Decimal], *, max_each: int | None = None
) -> dict[Decimal, int]:
    """The fewest chips that pay ``amount`` exactly ({denomination: count}); raises
    UnpayableAmountError when the chips cannot make it (0.35 in chips of 0.50 and up)."""
    breakdown = pay_in_chips(amount, denominations, max_each=max_each)
    if breakdown.coin:
        raise UnpayableAmountError(
            f"{format_amount(amount)} cannot be made from chips of "
            f"{', '.join(format_amount(v) for v in sorted(set(denominations)))}: "
            f"{format_amount(breakdown.coin)} is left over"
        )
    return breakdown.as_dict()


# -- the house's conventions ------------------------------------------------------------------


class PayStyle(enum.Enum):
    """How a house wants a payout cut (house files: ``payout_chips``)."""

    FEWEST = "fewest"  #: the fewest chips of the table's denominations
    MAX_EACH = "max_each"  #: any cut with no more than N of one chip (the largest excepted)
    COLOUR_FOR_COLOUR = "colour_for_colour"  #: in the wager's own denominations


def _merge(*parts: ChipBreakdown) -> ChipBreakdown:
    counts: dict[Decimal, int] = {}
    for part in parts:
        for value, n in part.chips:
            counts[value] = counts.get(value, 0) + n
    chips = tuple((v, counts[v]) for v in sorted(counts, reverse=True) if counts[v])
    return ChipBreakdown(chips, parts[-1].coin)


@functools.lru_cache(maxsize=4096)
def _colour_for_colour(
    amount: Decimal, wager: Decimal, denominations: tuple[Decimal, ...]
) -> ChipBreakdown:
    own = tuple(v for v, _ in _unbounded(wager, denominations).chips)
    if not own:  # a wager below the smallest chip: nothing to match
        return _unbounded(amount, denominations)
    matched = _unbounded(amount, own)
    if not matched.coin:
        return matched
    rest = _unbounded(matched.coin, denominations)
    return _merge(ChipBreakdown(matched.chips), rest)


@functools.lru_cache(maxsize=64)
def most_of_one_chip(denominations: tuple[Decimal, ...]) -> tuple[int, Decimal, Decimal]:
    """The most of one chip (the largest excepted) any fewest-chips payout uses at this
    table, with an amount that needs it and that chip: (4, 4, 1) for chips of 1, 5, 25 (4 is
    paid in 4 whites).  Above the programme's range a payout only adds largest chips, so
    looking through the programme covers every amount."""
    t, values = _prepared(tuple(denominations))
    most, amount, chip = 0, 0, values[0]
    for x in range(t.limit + 1):
        counts = t.parts[x]
        for i in range(1, len(counts)):
            if counts[i] > most:
                most, amount, chip = counts[i], x, values[i]
    return most, normalize(Decimal(amount * t.unit).scaleb(-2)), chip


@dataclass(frozen=True, slots=True)
class ChipConvention:
    """A house's way of cutting payouts (``House.payout_chips``).

    - ``fewest`` (the default): the fewest chips of the table's denominations; a cut that
      pays right in more chips departs from it.
    - ``max_each`` N: any cut that pays right with no more than N of one chip, the table's
      largest chip excepted (a payout past N of it takes as many as it needs).  The house
      is checked, as it loads, to make every fewest-chips payout keep to N, so the fewest
      chips are always a right answer and the one a procedure shows.
    - ``colour_for_colour``: the payout in the wager's own denominations where they make
      it.  The wager is taken to be in its own fewest chips (a 35 bet is 1 green and 2
      red, so a 35 win is paid 1 green, 2 red; an 8 to 1 Tie on it, 280, is 11 green and 1
      red); what those denominations cannot make (a commission's 4 on a 20 wager of red
      chips paid 19: 3 red, then 4 white) is paid in the fewest of the table's chips.
    """

    style: PayStyle = PayStyle.FEWEST
    max_each: int | None = None

    def __post_init__(self) -> None:
        if (self.style is PayStyle.MAX_EACH) != (self.max_each is not None):
            raise ChipError("max_each goes with the max_each convention, and only with it")
        if self.max_each is not None and (
            isinstance(self.max_each, bool) or not 1 <= self.max_each <= 1000
        ):
            raise ChipError(f"max_each {self.max_each!r}: from 1 to 1,000 of one chip")

    @property
    def label(self) -> str:
        if self.style is PayStyle.MAX_EACH:
            return f"no more than {self.max_each} of one chip (the largest chip excepted)"
        if self.style is PayStyle.COLOUR_FOR_COLOUR:
            return "colour for colour (in the wager's denominations)"
        return "the fewest chips"

    def problem(self, denominations: Iterable[Decimal]) -> str | None:
        """Why this convention cannot work with these chips (None: it can): a cap N below
        what some payout needs in the fewest chips."""
        if self.max_each is None:
            return None
        values = tuple(sorted(set(denominations)))
        most, amount, chip = most_of_one_chip(values)
        if most <= self.max_each:
            return None
        return (f"max_each {self.max_each} is too few for these chips: a payout of "
                f"{format_amount(amount)} needs {most} chips of {format_amount(chip)} at the "
                "fewest")

    def pay(
        self, amount: Decimal, denominations: Iterable[Decimal], wager: Decimal | None = None
    ) -> ChipBreakdown:
        """``amount`` cut the house's way (the rest in coin, as ``pay_in_chips``);
        colour for colour needs the ``wager`` (without it: the fewest chips)."""
        denominations = tuple(denominations)
        if self.style is PayStyle.COLOUR_FOR_COLOUR and wager is not None:
            return _colour_for_colour(normalize(amount), normalize(wager), denominations)
        return _unbounded(amount, denominations)


class ChipFault(enum.Enum):
    """One way some chips depart from paying an amount the house's way."""

    NEGATIVE = "negative"  #: a negative count of a chip
    NOT_A_CHIP = "not_a_chip"  #: a denomination the table does not have
    SHORT = "short"  #: the chips pay less than is owed
    OVER = "over"  #: the chips pay more than is owed
    TOO_MUCH_COIN = "too_much_coin"  #: coin where chips could pay
    MORE_CHIPS = "more_chips"  #: right, in more chips than the convention needs
    OVER_MAX_EACH = "over_max_each"  #: right, with more than N of one chip
    NOT_COLOUR_FOR_COLOUR = "not_colour_for_colour"  #: right, off the wager's colours


@dataclass(frozen=True, slots=True)
class ChipCheck:
    """Whether some chips pay an amount, and every way they depart from the convention.

    ``departures`` are sentences for the trainee, ``faults`` the same departures as values
    for a grader (``faults[i]`` is ``departures[i]``'s kind); ``difference`` is what the
    chips and coin pay less the amount owed (negative: short); ``expected`` is the house's
    own cut of the amount."""

    pays_amount: bool
    departures: tuple[str, ...]
    expected: ChipBreakdown
    faults: tuple[ChipFault, ...] = ()
    difference: Decimal = _ZERO

    @property
    def ok(self) -> bool:
        return self.pays_amount and not self.departures

    def has(self, fault: ChipFault) -> bool:
        return fault in self.faults


def check_chips(
    given: Mapping[Decimal, int],
    amount: Decimal,
    denominations: Iterable[Decimal] | None = None,
    *,
    house: House | None = None,
    wager: Decimal | None = None,
    convention: ChipConvention | None = None,
    colours: Mapping[Decimal, str] | None = None,
    max_each: int | None = None,
    coin: Decimal = Decimal(0),
) -> ChipCheck:
    """Check a dealer's chips (plus any ``coin``) for a payout of ``amount``.

    ``house``: its chips, colours and ``payout_chips`` convention, for whatever is not given
    here (``check_chips(given, amount, house=house, wager=wager)``); ``wager`` is needed to
    judge colour for colour.  ``max_each`` (the older keyword): the fewest chips, and no
    more than that many of any chip, the largest included.

    ``pays_amount``: the chips are the table's and, with the coin, add up to the amount.
    ``departures``: what differs from the house's way, each in one line: a chip the table
    does not have, short or over, more coin than the chips leave, more chips than the
    convention needs ("8 red (5) where 1 green (25), 3 red (5) would do"), more than N of a
    chip, chips off the wager's colours.
    """
    if house is not None:
        if denominations is None:
            denominations = tuple(c.value for c in house.chips)
        if colours is None:
            colours = {c.value: c.colour for c in house.chips}
        if convention is None and max_each is None:
            convention = house.payout_chips
    if denominations is None:
        raise ChipError("check_chips needs the table's denominations or its house")
    conv = convention or FEWEST_CHIPS
    denominations = tuple(denominations)
    if max_each is not None:
        expected = pay_in_chips(amount, denominations, max_each=max_each)
    else:
        expected = conv.pay(amount, denominations, wager)
    offered = set(denominations)
    departures: list[str] = []
    faults: list[ChipFault] = []

    def depart(fault: ChipFault, text: str) -> None:
        faults.append(fault)
        departures.append(text)

    for value, n in sorted(given.items(), reverse=True):
        if n < 0:
            depart(ChipFault.NEGATIVE,
                   f"{n} chips of {format_amount(value)}: a count cannot be negative")
        elif n and value not in offered:
            depart(ChipFault.NOT_A_CHIP, f"{format_amount(value)} is not a chip at this table")
    total = normalize(sum((v * n for v, n in given.items()), Decimal(0)) + coin)
    owed = normalize(amount)
    valid = not departures
    if total != owed:
        diff = normalize(abs(total - owed))
        how = "short" if total < owed else "over"
        depart(ChipFault.SHORT if total < owed else ChipFault.OVER,
               f"pays {format_amount(total)} where {format_amount(owed)} is owed "
               f"({format_amount(diff)} {how})")
    elif coin > expected.coin:
        depart(ChipFault.TOO_MUCH_COIN, f"{format_amount(coin)} in coin where chips pay all "
               f"but {format_amount(expected.coin)}")
    pays = valid and total == owed
    used = sum(n for n in given.values() if n > 0)
    if pays and conv.style is PayStyle.COLOUR_FOR_COLOUR and wager is not None:
        own = {v for v, _ in pay_in_chips(wager, denominations).chips}
        off = sum((v * n for v, n in given.items() if v not in own), Decimal(0))
        needed = sum((v * n for v, n in expected.chips if v not in own), Decimal(0))
        if own and off > needed:
            depart(ChipFault.NOT_COLOUR_FOR_COLOUR,
                   f"{_describe({v: n for v, n in given.items() if v not in own}, colours)} "
                   f"is not in the wager's chips ({_names(own, colours)}): "
                   f"pay colour for colour, {expected.describe(colours)}")
    if pays and conv.style is not PayStyle.MAX_EACH and used > expected.count and not (
        conv.style is PayStyle.COLOUR_FOR_COLOUR and _copies_wager(given, amount, wager,
                                                                   denominations)
    ):
        depart(ChipFault.MORE_CHIPS,
               f"{_describe(given, colours)} ({used} chips) where "
               f"{expected.describe(colours)} ({expected.count} chips) would do")
    cap, exempt = max_each, None
    if cap is None and conv.style is PayStyle.MAX_EACH:
        cap, exempt = conv.max_each, max(denominations)
    if cap is not None:
        for value, n in sorted(given.items(), reverse=True):
            if n > cap and value != exempt:
                name = (colours or {}).get(value, format_amount(value))
                depart(ChipFault.OVER_MAX_EACH,
                       f"{n} {name}: the house pays no more than {cap} of one chip")
    return ChipCheck(pays, tuple(departures), expected, tuple(faults), normalize(total - owed))


#: The default convention: the fewest chips.
FEWEST_CHIPS = ChipConvention()


def _copies_wager(
    given: Mapping[Decimal, int], amount: Decimal, wager: Decimal | None,
    denominations: tuple[Decimal, ...],
) -> bool:
    """Whether ``given`` is k copies of the wager's own chips (an 8 to 1 win on 1 green and
    2 red paid as 8 green and 16 red): colour for colour too, stack for stack."""
    if wager is None or not wager:
        return False
    k = amount / wager
    if k != k.to_integral_value() or k < 1:
        return False
    own = pay_in_chips(wager, denominations)
    if own.coin:
        return False
    want = {v: n * int(k) for v, n in own.chips}
    return {v: n for v, n in given.items() if n} == want
