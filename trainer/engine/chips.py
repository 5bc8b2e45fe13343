"""Cutting a payout in chips: the fewest chips of the table's denominations, the house's
conventions (:class:`ChipConvention`: the fewest chips, no more than N of one chip, colour
for colour); the check of the chips a dealer gave is ``trainer.engine.chip_check``'s.

Exact for every set of denominations it accepts, not only the "canonical" ones greedy gets
right ({1, 3, 4} pays 6 as 3 + 3 where greedy gives 4 + 1 + 1), in time and memory bounded
whatever the amount.  How:

- Money is counted in *units*, the greatest common divisor of the chips in cents.
- Where every chip is a multiple of the smallest and taking the largest chip first is always
  the fewest (Pearson's O(n^3) test), that is the cut: n steps an amount.
- Otherwise: in a fewest-chips breakdown, a chip ``c`` appears fewer than ``lcm(c, d) / c``
  times for every larger chip ``d`` (else that many ``c`` could be swapped for fewer ``d``).
  So the chips below the largest add up to less than ``B = 1 + sum(min_d lcm(c, d) - c)``,
  and a dynamic programme over ``0 .. B + 2 * largest`` units (built once per set, cached)
  answers any amount: above that range the breakdown is the one for the amount less whole
  largest chips, plus those chips.  The programme is allowed PROGRAMME_WORK steps; chips that
  would need more (two chips of 99.73 and 99.67 need a table of 99 million amounts) are
  refused where they are read (``chips_problem``, at the house file's line).
- Every loop spends from a ``Steps`` budget (CUT_STEPS), the backstop tests count.

An amount the chips cannot make exactly (0.35 at a table whose smallest chip is 0.50, or
1.50 with chips of 1 and 2.50 but no 0.50) is **paid in chips as far as the chips go, and the
rest in coin**: :func:`pay_in_chips` returns the largest amount the chips can make, in the
fewest chips, and the remainder as ``coin`` (always less than the smallest chip), so a
procedure never loses a cent and says what is not a chip.  :func:`fewest_chips`, for a caller
that wants chips only, raises :class:`UnpayableAmountError` instead.
"""

from __future__ import annotations

import array
import enum
import functools
import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Protocol

from trainer.engine.errors import EngineError
from trainer.engine.money import format_amount, normalize
from trainer.engine.said import Said

__all__ = [
    "FEWEST_CHIPS",
    "Chip",
    "ChipBreakdown",
    "ChipBudgetError",
    "ChipConvention",
    "ChipError",
    "ChipLimitError",
    "ChipRack",
    "PayStyle",
    "Steps",
    "UnpayableAmountError",
    "UnservableChipsError",
    "chips_problem",
    "clear_caches",
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
        raise ChipError(
            Said("chip {amount} is not a non-negative amount in whole cents", amount=str(amount))
            if what == "chip"
            else Said(
                "amount {amount} is not a non-negative amount in whole cents", amount=str(amount)
            )
        )
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
        return describe_chips(self.as_dict(), colours, self.coin)


def describe_chips(
    chips: Mapping[Decimal, int], colours: Mapping[Decimal, str] | None, coin: Decimal = Decimal(0)
) -> str:
    from trainer.engine.said import Said, joined

    parts: list[str] = []
    for value in sorted(chips, reverse=True):
        n = chips[value]
        if not n:
            continue
        colour = (colours or {}).get(value)
        parts.append(
            Said("{count} {colour} ({value})", count=n, colour=colour, value=format_amount(value))
            if colour
            else Said("{count} x {value}", count=n, value=format_amount(value))
        )
    if coin:
        parts.append(Said("{amount} in coin", amount=format_amount(coin)))
    return joined(parts, ", ") if parts else Said("nothing")


# -- bounds: what a cut may cost, whatever the amount -----------------------------------------

#: The most work (chips x amounts) the exact programme may take for one set of chips, built
#: once per set at its first payout: 6,000,000 (chips of 1, 2.50, 5 ... 100,000) took 1.2 s,
#: the bundled houses' 0.03 s at most; its arrays take 10 bytes an amount.  Chips needing
#: more are refused at load (``chips_problem``) unless the largest chip first is exact.
PROGRAMME_WORK = 8_000_000
#: The most steps the search for a cut with at most N of each chip takes for one payout.
SEARCH_STEPS = 200_000
#: The most steps any one cut (or the check of a house's chips) takes, preparation included,
#: whatever the amount: the programme, reading one breakdown back out of it (at most one step
#: per amount it covers), the capped search, and the colour-for-colour cut (three cuts).
CUT_STEPS = 4 * (2 * PROGRAMME_WORK + SEARCH_STEPS)


class ChipBudgetError(ChipError):
    """A cut ran past its step budget.  Never expected: the plan keeps every cut within
    CUT_STEPS, and the budget is the backstop that proves it (tests count the steps)."""


class UnservableChipsError(ChipError):
    """Denominations no cut can serve exactly within the bounds: refused where the chips
    are read (``chips_problem``), never found out in the middle of a payout."""


class Steps:
    """The step budget of a cut: every loop of the cutter spends from one, so its work is
    bounded whatever the amount; a test passes its own and reads ``used``."""

    __slots__ = ("limit", "used")

    def __init__(self, limit: int = CUT_STEPS) -> None:
        self.limit = limit
        self.used = 0

    def spend(self, n: int = 1) -> None:
        self.used += n
        if self.used > self.limit:
            raise ChipBudgetError(
                Said(
                    "cutting the chips took more than {limit} steps", limit=format(self.limit, ",")
                )
            )


@dataclass(frozen=True, slots=True)
class _Plan:
    """How one set of denominations (in units) is cut: largest chip first where that is
    exact (``greedy``), else by the programme over ``0 .. limit`` units."""

    unit: int  # cents per unit
    coins: tuple[int, ...]  # ascending, in units
    greedy: bool
    limit: int  # the programme covers 0 .. limit
    spare: int  # above ``spare`` units every amount is made, and whole largest chips peel off


@dataclass(frozen=True, slots=True)
class _Table:
    """The programme for one set of denominations: for each amount x in units, the largest
    makeable amount <= x (``floor``) and the last chip of a fewest breakdown of a makeable x
    (``last``, an index into the plan's coins); breakdowns are read back chip by chip."""

    floor: array.array[int]
    last: array.array[int]
    read: dict[int, tuple[int, ...]] = field(default_factory=dict)  # breakdowns read back


def _greedy_counts(coins: Sequence[int], units: int, steps: Steps) -> list[int]:
    """Counts of each coin (ascending ``coins``) taking the largest first."""
    steps.spend(len(coins))
    counts = [0] * len(coins)
    for i in reversed(range(len(coins))):
        counts[i], units = divmod(units, coins[i])
    return counts


def _not_canonical(coins: Sequence[int], steps: Steps) -> int | None:
    """An amount the largest chip first does not cut in the fewest chips, or None when it
    always does (Pearson's O(n^3) test, coins ascending from 1: the smallest counterexample,
    if any, is among n^2 candidates built from greedy cuts of c[i-1] - 1)."""
    desc = coins[::-1]
    n = len(desc)
    for i in range(1, n):
        g = _greedy_counts(coins, desc[i - 1] - 1, steps)[::-1]  # largest first
        for j in range(i, n):
            steps.spend(n)
            r = g[:j] + [g[j] + 1] + [0] * (n - j - 1)
            w = sum(k * c for k, c in zip(r, desc, strict=True))
            if sum(_greedy_counts(coins, w, steps)) > sum(r):
                return w
    return None


def _plan(cents: tuple[int, ...], steps: Steps) -> _Plan:
    """The plan for chips of ``cents`` (ascending, distinct, positive); UnservableChipsError
    for chips neither the largest-first cut nor a bounded programme serves exactly."""
    unit = functools.reduce(math.gcd, cents)
    coins = tuple(c // unit for c in cents)
    n, top = len(coins), coins[-1]
    steps.spend(n * n)
    # In a fewest breakdown a chip c appears fewer than lcm(c, d) / c times for every larger
    # chip d (else that many c could be swapped for fewer d): the chips below the largest add
    # up to less than ``bound``, and above ``bound + top`` whole largest chips peel off.
    bound = 1 + sum(
        min(math.lcm(c, d) for d in coins[i + 1 :]) - c for i, c in enumerate(coins[:-1])
    )
    limit = bound + 2 * top
    counter: int | None = None  # an amount the largest-first cut does not serve fewest
    if coins[0] == 1:  # every chip a multiple of the smallest: every amount is made
        counter = _not_canonical(coins, steps)
        if counter is None:  # the largest first is the fewest; the programme's answer too
            return _Plan(unit, coins, True, limit, bound + top)
    if n * (limit + 1) <= PROGRAMME_WORK:
        return _Plan(unit, coins, False, limit, bound + top)
    names = ", ".join(format_amount(Decimal(c).scaleb(-2)) for c in cents)
    why = (
        Said("not every chip is a multiple of the smallest")
        if counter is None
        else Said(
            "taking the largest chip first does not always give the fewest chips (at {amount})",
            amount=format_amount(Decimal(counter * unit).scaleb(-2)),
        )
    )
    raise UnservableChipsError(
        Said(
            "{chips}: {why}, and the exact fewest chips would need a table of "
            "{size} amounts (at most {most} for {n} chips): use chips "
            "that are each a multiple of the smallest, such as 1, 5, 25, 100",
            chips=names,
            why=why,
            size=format(limit + 1, ","),
            most=format(PROGRAMME_WORK // n, ","),
            n=n,
        )
    )


def _build(plan: _Plan, steps: Steps) -> _Table:
    """The programme over ``0 .. plan.limit`` units (plan.limit is bounded by the plan)."""
    coins, limit = plan.coins, plan.limit
    steps.spend(len(coins) * (limit + 1))
    best = array.array("i", [-1]) * (limit + 1)
    floor = array.array("i", [0]) * (limit + 1)
    last = array.array("H", [0]) * (limit + 1)
    best[0] = 0
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
            floor[x], last[x] = x, p
        else:
            floor[x] = floor[x - 1]
    return _Table(floor, last)


def _read_back(plan: _Plan, table: _Table, made: int, steps: Steps) -> list[int]:
    """Counts of each coin (ascending) of the programme's breakdown of makeable ``made``:
    one chip per step, at most ``made`` steps (``made`` <= plan.limit); the last 4,096 read
    are kept."""
    start = made
    got = table.read.get(made)
    if got is not None:
        steps.spend()
        return list(got)
    counts = [0] * len(plan.coins)
    while made > 0:  # each step takes off a chip of at least 1 unit
        steps.spend()
        i = table.last[made]
        counts[i] += 1
        made -= plan.coins[i]
    if len(table.read) >= 4096:
        table.read.clear()
    table.read[start] = tuple(counts)
    return counts


#: Prepared chip sets (plan, programme or None, values largest first), the most recent last.
_PREPARED: dict[tuple[Decimal, ...], tuple[_Plan, _Table | None, tuple[Decimal, ...]]] = {}
_PREPARED_MAX = 32


def _prepared(
    denominations: tuple[Decimal, ...], steps: Steps | None = None
) -> tuple[_Plan, _Table | None, tuple[Decimal, ...]]:
    """The plan, its programme (None when the largest chip first is exact) and the chips,
    largest first, for a set of denominations (cached)."""
    key = tuple(denominations)
    got = _PREPARED.get(key)
    if got is not None:
        return got
    steps = steps if steps is not None else Steps()
    cents, values = _denominations(denominations)
    plan = _plan(cents, steps)
    got = (plan, None if plan.greedy else _build(plan, steps), values[::-1])
    if len(_PREPARED) >= _PREPARED_MAX:
        del _PREPARED[next(iter(_PREPARED))]
    _PREPARED[key] = got
    return got


def clear_caches() -> None:
    """Forget every prepared set of chips (tests count a preparation's steps afresh)."""
    _PREPARED.clear()
    _chips_problem.cache_clear()
    _colour_for_colour.cache_clear()
    most_of_one_chip.cache_clear()


def chips_problem(denominations: Iterable[Decimal], steps: Steps | None = None) -> str | None:
    """Why these chips cannot be cut into payouts within the bounds (None: they can); read
    where the chips are loaded, so a house that loads can pay every amount.  Cached (every
    House asks) unless a test counts the ``steps``."""
    values = tuple(sorted(set(denominations)))
    if steps is None:
        return _chips_problem(values)
    return _uncached_chips_problem(values, steps)


@functools.lru_cache(maxsize=64)
def _chips_problem(values: tuple[Decimal, ...]) -> str | None:
    return _uncached_chips_problem(values, Steps())


def _uncached_chips_problem(values: tuple[Decimal, ...], steps: Steps) -> str | None:
    try:
        cents, _ = _denominations(values)
        _plan(cents, steps)
    except ChipError as exc:  # its message as raised (a Said, worded at the edges)
        said = exc.args[0] if len(exc.args) == 1 else None
        return said if isinstance(said, Said) else str(exc)
    return None


def _denominations(denominations: Iterable[Decimal]) -> tuple[tuple[int, ...], tuple[Decimal, ...]]:
    values = tuple(sorted(set(denominations)))
    if not values:
        raise ChipError(Said("no chip denominations"))
    cents = tuple(_cents(v, "chip") for v in values)
    if cents[0] == 0:
        raise ChipError(Said("a chip of 0"))
    return cents, values


def _unbounded(
    amount: Decimal, denominations: Iterable[Decimal], steps: Steps | None = None
) -> ChipBreakdown:
    steps = steps if steps is not None else Steps()
    plan, table, values = _prepared(tuple(denominations), steps)
    total = _cents(amount, "amount")
    units, rest = divmod(total, plan.unit)
    if table is None:  # the largest chip first is exact, and every amount in units is made
        counts = _greedy_counts(plan.coins, units, steps)
        made = units
    else:
        peeled = 0
        if units > plan.limit:
            peeled = (units - plan.spare) // plan.coins[-1]
            units -= peeled * plan.coins[-1]
        made = table.floor[units]
        counts = _read_back(plan, table, made, steps)
        counts[-1] += peeled
        rest += (units - made) * plan.unit
    chips = tuple((v, n) for v, n in zip(values, reversed(counts), strict=True) if n)
    return ChipBreakdown(chips, normalize(Decimal(rest).scaleb(-2)) if rest else _ZERO)


def _capped(
    amount: Decimal, values: Sequence[Decimal], max_each: int, steps: Steps
) -> ChipBreakdown | None:
    """Fewest chips paying ``amount`` exactly with at most ``max_each`` of each, by a
    depth-first search largest chip first with two cuts (too many chips already; what is
    left cannot be reached); None when no such breakdown exists.  One step per node
    searched: ChipBudgetError past ``steps``."""
    coins = [_cents(v, "chip") for v in sorted(values, reverse=True)]
    reach = [0] * (len(coins) + 1)  # the most the chips from i on can pay
    for i in reversed(range(len(coins))):
        reach[i] = reach[i + 1] + coins[i] * max_each
    best: list[int] | None = None
    best_count = math.inf
    counts = [0] * len(coins)

    def search(i: int, left: int, used: int) -> None:
        nonlocal best, best_count
        steps.spend()
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
    amount: Decimal,
    denominations: Iterable[Decimal],
    *,
    max_each: int | None = None,
    steps: Steps | None = None,
) -> ChipBreakdown:
    """``amount`` in the fewest chips, the part no chip makes as ``coin``.

    ``max_each``: the house pays no more than that many of one chip; ChipLimitError when no
    breakdown keeps to it (a 50,000 payout in at most 10 of each of 1 to 1,000), or none is
    found within SEARCH_STEPS.  ``steps``: the budget to spend from (tests count it)."""
    steps = steps if steps is not None else Steps()
    denominations = tuple(denominations)
    free = _unbounded(amount, denominations, steps)
    if max_each is None or all(n <= max_each for _, n in free.chips):
        return free
    if max_each < 1:
        raise ChipError(f"max_each {max_each}: at least 1 of a chip")
    search = Steps(SEARCH_STEPS)
    try:
        capped = _capped(free.total - free.coin, denominations, max_each, search)
    except ChipBudgetError:
        raise ChipLimitError(
            f"{format_amount(amount)}: no cut with at most {max_each} of each chip found "
            f"within {SEARCH_STEPS:,} steps"
        ) from None
    finally:
        steps.spend(search.used)
    if capped is None:
        raise ChipLimitError(
            f"{format_amount(amount)} cannot be paid with at most {max_each} of each chip"
        )
    return ChipBreakdown(capped.chips, free.coin)


def fewest_chips(
    amount: Decimal,
    denominations: Iterable[Decimal],
    *,
    max_each: int | None = None,
    steps: Steps | None = None,
) -> dict[Decimal, int]:
    """The fewest chips that pay ``amount`` exactly ({denomination: count}); raises
    UnpayableAmountError when the chips cannot make it (0.35 in chips of 0.50 and up)."""
    denominations = tuple(denominations)
    breakdown = pay_in_chips(amount, denominations, max_each=max_each, steps=steps)
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


def _colour_for_colour_cut(
    amount: Decimal, wager: Decimal, denominations: tuple[Decimal, ...], steps: Steps
) -> ChipBreakdown:
    own = tuple(v for v, _ in _unbounded(wager, denominations, steps).chips)
    if not own:  # a wager below the smallest chip: nothing to match
        return _unbounded(amount, denominations, steps)
    matched = _unbounded(amount, own, steps)
    if not matched.coin:
        return matched
    rest = _unbounded(matched.coin, denominations, steps)
    return _merge(ChipBreakdown(matched.chips), rest)


@functools.lru_cache(maxsize=4096)
def _colour_for_colour(
    amount: Decimal, wager: Decimal, denominations: tuple[Decimal, ...]
) -> ChipBreakdown:
    return _colour_for_colour_cut(amount, wager, denominations, Steps())


def _subsets_served(cents: tuple[int, ...]) -> bool:
    """Whether every subset of these chips (the chips of any wager, for colour for colour)
    is served within the bounds: each chip divides the next (every subset is cut largest
    first), or the programme's bound taken at its worst over subsets is within PROGRAMME_WORK
    (a subset's unit is a multiple of the whole set's, its chips fewer)."""
    if all(b % a == 0 for a, b in itertools.pairwise(cents)):
        return True
    unit = functools.reduce(math.gcd, cents)
    coins = [c // unit for c in cents]
    worst = (
        1
        + sum(max(math.lcm(c, d) for d in coins[i + 1 :]) - c for i, c in enumerate(coins[:-1]))
        + 2 * coins[-1]
    )
    return len(coins) * (worst + 1) <= PROGRAMME_WORK


@functools.lru_cache(maxsize=64)
def most_of_one_chip(denominations: tuple[Decimal, ...]) -> tuple[int, Decimal, Decimal]:
    """The most of one chip (the largest excepted) any fewest-chips payout uses at this
    table, with an amount that needs it and that chip: (4, 4, 1) for chips of 1, 5, 25 (4 is
    paid in 4 whites).  Above the programme's range a payout only adds largest chips, so
    looking through the programme covers every amount."""
    return _most_of_one_chip(tuple(denominations), Steps())


def _most_of_one_chip(
    denominations: tuple[Decimal, ...], steps: Steps
) -> tuple[int, Decimal, Decimal]:
    plan, table, values = _prepared(denominations, steps)
    coins, n = plan.coins, len(plan.coins)
    # (count, first amount with it, index in ``values``) for each chip but the largest
    found: list[tuple[int, int, int]] = []
    if table is None:  # largest first: below the next chip up, as many as fit
        for k in range(n - 1):
            most = (coins[k + 1] - 1) // coins[k]
            found.append((most, most * coins[k], n - 1 - k))
    else:  # read every breakdown of the programme, chip by chip
        for k in range(n - 1):
            steps.spend(plan.limit + 1)
            count = array.array("i", [0]) * (plan.limit + 1)
            most, first = 0, 0
            for x in range(1, plan.limit + 1):
                if table.floor[x] == x:
                    p = table.last[x]
                    count[x] = c = count[x - coins[p]] + (p == k)
                    if c > most:
                        most, first = c, x
            found.append((most, first, n - 1 - k))
    most = max((f[0] for f in found), default=0)
    if not most:
        return 0, _ZERO, values[0]
    # the smallest amount that needs it; at one amount, the larger chip (as read before)
    _, amount, i = min((f for f in found if f[0] == most), key=lambda f: (f[1], f[2]))
    return most, normalize(Decimal(amount * plan.unit).scaleb(-2)), values[i]


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

    def problem(self, denominations: Iterable[Decimal], steps: Steps | None = None) -> str | None:
        """Why this convention cannot work with these chips (None: it can): chips no cut
        serves within the bounds (``chips_problem``), chips whose subsets a wager's colours
        could make unserved, or a cap N below what some payout needs in the fewest chips."""
        values = tuple(sorted(set(denominations)))
        counted = steps is not None  # a test counting steps: nothing from the caches
        problem = chips_problem(values, steps)
        steps = steps if steps is not None else Steps()
        if problem is not None:
            return problem
        if self.style is PayStyle.COLOUR_FOR_COLOUR and not _subsets_served(
            _denominations(values)[0]
        ):
            return Said(
                "colour_for_colour cannot be served with these chips: a wager's own chips "
                "could need a table past ezbac's bound; use chips that each divide the "
                "next larger one, such as 1, 5, 25, 100"
            )
        if self.max_each is None:
            return None
        most, amount, chip = (
            _most_of_one_chip(values, steps) if counted else most_of_one_chip(values)
        )
        if most <= self.max_each:
            return None
        return Said(
            "max_each {max_each} is too few for these chips: a payout of "
            "{amount} needs {most} chips of {chip} at the fewest",
            max_each=self.max_each,
            amount=format_amount(amount),
            most=most,
            chip=format_amount(chip),
        )

    def pay(
        self,
        amount: Decimal,
        denominations: Iterable[Decimal],
        wager: Decimal | None = None,
        steps: Steps | None = None,
    ) -> ChipBreakdown:
        """``amount`` cut the house's way (the rest in coin, as ``pay_in_chips``);
        colour for colour needs the ``wager`` (without it: the fewest chips).  ``steps``:
        the budget to spend from (tests count it; the cached cut is used without it)."""
        denominations = tuple(denominations)
        if self.style is PayStyle.COLOUR_FOR_COLOUR and wager is not None:
            if steps is None:
                return _colour_for_colour(normalize(amount), normalize(wager), denominations)
            return _colour_for_colour_cut(normalize(amount), normalize(wager), denominations, steps)
        return _unbounded(amount, denominations, steps)


@dataclass(frozen=True, slots=True)
class Chip:
    """One denomination on a table's rack, and its colour."""

    value: Decimal
    colour: str


class ChipRack(Protocol):
    """What ``check_chips`` reads of a table (a House is one): its chips and how it cuts a
    payout in them.  A protocol, so this module needs nothing above it."""

    @property
    def chips(self) -> Sequence[Chip]: ...

    @property
    def payout_chips(self) -> ChipConvention: ...


#: The default convention: the fewest chips.
FEWEST_CHIPS = ChipConvention()
