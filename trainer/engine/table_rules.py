"""A table's rules: its limits (``Limits``: per bet, for the side bets, the differential)
and the order a dealer settles it in (``SettlementOrder``).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType

from trainer.engine.errors import HouseError
from trainer.engine.money import format_amount
from trainer.engine.settlement import Bet

#: Bets a side bet may need on the same seat, and the side bets themselves.
BASE_BETS = (Bet.PLAYER, Bet.BANKER)
SIDE_BETS = (Bet.DRAGON7, Bet.PANDA8)


@dataclass(frozen=True, slots=True)
class Limits:
    """Table limits: a minimum and maximum per bet, and the side-bet rules.

    ``side_needs_base``: a Dragon 7 or Panda 8 needs a Player or Banker bet on the same seat.
    ``side_caps``: a side bet may be at most the named bet on the same seat (Dragon 7 at most
    the Banker bet).  ``differential``: total Banker and total Player action may differ by
    at most this much.
    """

    minimum: Decimal = Decimal(1)
    maximum: Decimal = Decimal(10_000)
    side_minimum: Decimal | None = None
    side_maximum: Decimal | None = None
    side_needs_base: bool = False
    side_caps: Mapping[Bet, Bet] = field(default_factory=dict, hash=False)
    #: The most total Banker and total Player action on the table may differ by (None:
    #: no differential).
    differential: Decimal | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "side_caps", MappingProxyType(dict(self.side_caps)))
        if self.differential is not None and self.differential <= 0:
            raise HouseError("a table differential is a positive amount")
        if self.differential is not None and self.differential < self.minimum:
            raise HouseError(
                f"a table differential of {format_amount(self.differential)} is less than "
                f"the table minimum {format_amount(self.minimum)}: one minimum bet would "
                "break it"
            )
        for low, high in ((self.minimum, self.maximum), (self.side_min, self.side_max)):
            if low <= 0 or high < low:
                raise HouseError(
                    f"limits {format_amount(low)}-{format_amount(high)}: the minimum must be "
                    "positive and at most the maximum"
                )
        for side, base in self.side_caps.items():
            if side not in SIDE_BETS or base not in BASE_BETS:
                raise HouseError(
                    f"{side.value} cannot be capped by {base.value}: caps tie a "
                    "side bet to a Player or Banker bet"
                )

    @property
    def side_min(self) -> Decimal:
        return self.minimum if self.side_minimum is None else self.side_minimum

    @property
    def side_max(self) -> Decimal:
        return self.maximum if self.side_maximum is None else self.side_maximum

    def bounds(self, bet: Bet) -> tuple[Decimal, Decimal]:
        return (self.side_min, self.side_max) if bet in SIDE_BETS else (self.minimum, self.maximum)


class Direction(enum.Enum):
    COUNTERCLOCKWISE = "counterclockwise"
    CLOCKWISE = "clockwise"


class Losers(enum.Enum):
    """How a house that takes losers first has them taken: seat by seat in its direction
    (as the regulator's sheet resolves individual wagers), or in one sweep, any order."""

    IN_DIRECTION = "in_direction"
    ONE_SWEEP = "one_sweep"


@dataclass(frozen=True, slots=True)
class SettlementOrder:
    """How a dealer works the table after a coup: losing bets first (if ``losers_first``),
    then seat by seat in ``direction``, a seat's main bet before its side bets.

    Seats are numbered 1 to N from the dealer's left.  Seen from above, the seats run round
    the far side of the table, so clockwise starts at the dealer's left (1, 2, ..., N) and
    counter-clockwise at the dealer's right (N, ..., 1), as the regulator's sheet resolves
    wagers.
    """

    losers_first: bool = True
    direction: Direction = Direction.COUNTERCLOCKWISE
    main_before_side: bool = True
    #: With ``losers_first``: the losers taken in ``direction`` (the default, the
    #: regulator's sheet) or in one sweep.
    losers: Losers = Losers.IN_DIRECTION

    def seats(self, seats: int) -> tuple[int, ...]:
        from_left = tuple(range(1, seats + 1))
        return from_left if self.direction is Direction.CLOCKWISE else from_left[::-1]

    def bets(self, bets: Sequence[Bet]) -> tuple[Bet, ...]:
        """A seat's bets in the order they are settled."""
        if not self.main_before_side:
            return tuple(bets)
        return tuple(sorted(bets, key=lambda b: b in SIDE_BETS))
