"""A dealer's pace at the table, as a casino grades it: coups an hour and seconds per seat
settled, against the targets a house sets for the format of its table (a full-size table, a
mini table, a squeeze game).

Pure values in exact arithmetic: the measures are ``Fraction``s of the clock's readings, and
a target is met at its edge exactly (``3600 x tables >= target x seconds``), so an average
right on a target never lands on the wrong side of it through floating point.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # fractions loads only when a pace is measured (a house is cheap)
    from collections.abc import Mapping
    from fractions import Fraction

__all__ = ["PaceMeasure", "PaceTarget", "PaceVerdict", "TableFormat", "target_for", "tenths_up"]

HOUR = 3600


class TableFormat(enum.Enum):
    """The format of a baccarat table, which a house's pace targets are set for."""

    FULL_SIZE = "full_size"  # a big table: 12 to 14 seats, the cards passed to players
    MINI = "mini"  # a mini table: up to 7 seats, the dealer turns every card
    SQUEEZE = "squeeze"  # a squeeze game: players squeeze, the coup takes longer

    @property
    def label(self) -> str:
        return {"full_size": "full-size table", "mini": "mini table", "squeeze": "squeeze game"}[
            self.value
        ]


class PaceVerdict(enum.Enum):
    MET = "met"
    UNDER = "under"  # slower than the target


@dataclass(frozen=True, slots=True)
class PaceTarget:
    """A house's pace targets for one format; either may be left unset (None)."""

    coups_an_hour: int | None = None
    seconds_a_seat: Decimal | None = None

    def __post_init__(self) -> None:
        if self.coups_an_hour is not None and self.coups_an_hour <= 0:
            raise ValueError("coups an hour must be a positive whole number")
        if self.seconds_a_seat is not None and self.seconds_a_seat <= 0:
            raise ValueError("seconds a seat must be more than 0")

    @property
    def empty(self) -> bool:
        return self.coups_an_hour is None and self.seconds_a_seat is None

    def over(self, base: PaceTarget) -> PaceTarget:
        """These targets set over ``base``'s, field by field: a school's target for a format
        over its house's; each one left unset here is ``base``'s."""
        return PaceTarget(
            base.coups_an_hour if self.coups_an_hour is None else self.coups_an_hour,
            base.seconds_a_seat if self.seconds_a_seat is None else self.seconds_a_seat,
        )


def target_for(
    table_format: TableFormat,
    house: Mapping[TableFormat, PaceTarget],
    school: Mapping[TableFormat, PaceTarget],
) -> PaceTarget:
    """The pace target for a table of ``table_format``: the school's for that format over
    the house's, field by field (neither set: no target)."""
    empty = PaceTarget()
    return school.get(table_format, empty).over(house.get(table_format, empty))


def tenths_up(value: Fraction) -> str:
    """Seconds as text to a tenth, rounded up so never faster than measured: 5.91 is
    "6.0", 6 is "6.0" (a number, not words: a report's and the sheet's)."""
    tenths = math.ceil(value * 10)
    return f"{tenths // 10}.{tenths % 10}"


@dataclass(frozen=True, slots=True)
class PaceMeasure:
    """Tables (coups) worked, the seats settled on them (a seat with any bet) and the
    seconds they took."""

    tables: int
    seats: int
    seconds: float

    @property
    def coups_an_hour(self) -> Fraction | None:
        """None when no time was taken (no pace to speak of)."""
        from fractions import Fraction

        if self.seconds <= 0 or not self.tables:
            return None
        return Fraction(HOUR * self.tables) / Fraction(self.seconds)

    @property
    def seconds_a_seat(self) -> Fraction | None:
        from fractions import Fraction

        if not self.seats:
            return None
        return Fraction(self.seconds) / self.seats

    def coups_verdict(self, target: PaceTarget) -> PaceVerdict | None:
        """Met when at least the target's coups an hour (at the edge: met); None when the
        target sets none or nothing was measured."""
        from fractions import Fraction

        if target.coups_an_hour is None or not self.tables:
            return None
        met = HOUR * self.tables >= target.coups_an_hour * Fraction(self.seconds)
        return PaceVerdict.MET if met else PaceVerdict.UNDER

    def seats_verdict(self, target: PaceTarget) -> PaceVerdict | None:
        """Met when at most the target's seconds a seat (at the edge: met)."""
        from fractions import Fraction

        if target.seconds_a_seat is None or not self.seats:
            return None
        met = Fraction(self.seconds) <= Fraction(target.seconds_a_seat) * self.seats
        return PaceVerdict.MET if met else PaceVerdict.UNDER
