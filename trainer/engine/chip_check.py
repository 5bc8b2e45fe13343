"""The check of the chips a dealer gave for a payout (``check_chips``) against the amount
owed and the house's way of cutting it, with each departure named (``ChipFault``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from trainer.engine.chips import (
    FEWEST_CHIPS,
    ChipBreakdown,
    ChipConvention,
    ChipError,
    ChipRack,
    PayStyle,
    describe_chips,
    pay_in_chips,
)
from trainer.engine.money import format_amount, normalize
from trainer.engine.said import Plural, Said, joined

_ZERO = Decimal(0)


def _names(values: Iterable[Decimal], colours: Mapping[Decimal, str] | None) -> str:
    """'green (25), red (5)' or '25, 5': chips by name, largest first."""
    return joined(
        [
            Said("{colour} ({value})", colour=(colours or {})[v], value=format_amount(v))
            if v in (colours or {})
            else format_amount(v)
            for v in sorted(values, reverse=True)
        ],
        ", ",
    )


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
    house: ChipRack | None = None,
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
        denominations, colours, convention = _from_house(
            house, denominations, colours, convention, max_each
        )
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

    for fault, text in _bad_counts(given, offered):
        depart(fault, text)
    total = normalize(sum((v * n for v, n in given.items()), Decimal(0)) + coin)
    owed = normalize(amount)
    valid = not departures
    if total != owed:
        diff = normalize(abs(total - owed))
        said = dict(paid=format_amount(total), owed=format_amount(owed), off=format_amount(diff))
        if total < owed:
            depart(ChipFault.SHORT, Said("pays {paid} where {owed} is owed ({off} short)", **said))
        else:
            depart(ChipFault.OVER, Said("pays {paid} where {owed} is owed ({off} over)", **said))
    elif coin > expected.coin:
        depart(
            ChipFault.TOO_MUCH_COIN,
            Said(
                "{coin} in coin where chips pay all but {amount}",
                coin=format_amount(coin),
                amount=format_amount(expected.coin),
            ),
        )
    pays = valid and total == owed
    used = sum(n for n in given.values() if n > 0)
    if pays and conv.style is PayStyle.COLOUR_FOR_COLOUR and wager is not None:
        off_colours = _off_colours(given, expected, wager, denominations, colours)
        if off_colours:
            depart(ChipFault.NOT_COLOUR_FOR_COLOUR, off_colours)
    if (
        pays
        and conv.style is not PayStyle.MAX_EACH
        and used > expected.count
        and not (
            conv.style is PayStyle.COLOUR_FOR_COLOUR
            and _copies_wager(given, amount, wager, denominations)
        )
    ):
        depart(
            ChipFault.MORE_CHIPS,
            Said(
                "{given} ({used}) where {expected} ({needed}) would do",
                given=describe_chips(given, colours),
                used=_chips_count(used),
                expected=expected.describe(colours),
                needed=_chips_count(expected.count),
            ),
        )
    cap, exempt = max_each, None
    if cap is None and conv.style is PayStyle.MAX_EACH:
        cap, exempt = conv.max_each, max(denominations)
    if cap is not None:
        for text in _over_cap(given, cap, exempt, colours):
            depart(ChipFault.OVER_MAX_EACH, text)
    return ChipCheck(pays, tuple(departures), expected, tuple(faults), normalize(total - owed))


def _bad_counts(given: Mapping[Decimal, int], offered: set[Decimal]) -> list[tuple[ChipFault, str]]:
    """Each count below zero, and each chip given that the table does not have."""
    out: list[tuple[ChipFault, str]] = []
    for value, n in sorted(given.items(), reverse=True):
        if n < 0:
            out.append(
                (
                    ChipFault.NEGATIVE,
                    Said(
                        "{count} chips of {value}: a count cannot be negative",
                        count=n,
                        value=format_amount(value),
                    ),
                )
            )
        elif n and value not in offered:
            out.append(
                (
                    ChipFault.NOT_A_CHIP,
                    Said("{value} is not a chip at this table", value=format_amount(value)),
                )
            )
    return out


def _from_house(
    house: ChipRack,
    denominations: Iterable[Decimal] | None,
    colours: Mapping[Decimal, str] | None,
    convention: ChipConvention | None,
    max_each: int | None,
) -> tuple[Iterable[Decimal], Mapping[Decimal, str], ChipConvention | None]:
    """The table's denominations, colours and convention: as given, else the house's."""
    if denominations is None:
        denominations = tuple(c.value for c in house.chips)
    if colours is None:
        colours = {c.value: c.colour for c in house.chips}
    if convention is None and max_each is None:
        convention = house.payout_chips
    return denominations, colours, convention


def _off_colours(
    given: Mapping[Decimal, int],
    expected: ChipBreakdown,
    wager: Decimal,
    denominations: tuple[Decimal, ...],
    colours: Mapping[Decimal, str] | None,
) -> str:
    """What a payout cut colour for colour has off the wager's colours, beyond what the
    convention's own cut needs ("" when nothing)."""
    own = {v for v, _ in pay_in_chips(wager, denominations).chips}
    off = sum((v * n for v, n in given.items() if v not in own), Decimal(0))
    needed = sum((v * n for v, n in expected.chips if v not in own), Decimal(0))
    if own and off > needed:
        return Said(
            "{chips} is not in the wager's chips ({own}): pay colour for colour, {expected}",
            chips=describe_chips({v: n for v, n in given.items() if v not in own}, colours),
            own=_names(own, colours),
            expected=expected.describe(colours),
        )
    return ""


def _over_cap(
    given: Mapping[Decimal, int],
    cap: int,
    exempt: Decimal | None,
    colours: Mapping[Decimal, str] | None,
) -> list[str]:
    """Each chip given more than ``cap`` times (``exempt``, the largest, aside)."""
    out: list[str] = []
    for value, n in sorted(given.items(), reverse=True):
        if n > cap and value != exempt:
            name = (colours or {}).get(value, format_amount(value))
            out.append(
                Said(
                    "{count} {name}: the house pays no more than {cap} of one chip",
                    count=n,
                    name=name,
                    cap=cap,
                )
            )
    return out


def _copies_wager(
    given: Mapping[Decimal, int],
    amount: Decimal,
    wager: Decimal | None,
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


def _chips_count(n: int) -> str:
    """ "1 chip", "5 chips"."""
    return Plural("{count} chip", "{count} chips", n)
