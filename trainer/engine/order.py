"""The house's settlement order as rules, the one place that judges it: the supervising
audit (``procedure.audit``, an ``order`` deviation) and the table drill (its
``table:order`` answer and the out-of-order feedback) both ask ``out_of_order``, so a
dealer is never told one thing at the table and another by the supervisor.

A house's order (``SettlementOrder``) allows more than one sequence.  Where the house takes
every loser first, every take comes before every payout, and the takes go seat by seat in
the house's direction (``losers: in_direction``, the default: the regulator's sheet
resolves individual wagers counter-clockwise from the dealer's right) or in one sweep
(``losers: one_sweep``: their order among themselves is not judged); a seat's own losers
go together in either order.  Otherwise, and among the payouts, seats go in the house's
direction.  On one seat, only a main bet (Player, Banker, Tie: the bets with the
table's main limits) before a side bet (Dragon 7, Panda 8), and only where
``main_before_side`` says so: two main bets, or two side bets, may go in either order.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from trainer.engine.house import House
from trainer.engine.said import Said
from trainer.engine.settlement import Bet
from trainer.engine.table_rules import SIDE_BETS, Direction, Losers

__all__ = ["Done", "OutOfOrder", "Settled", "out_of_order", "payout_order", "settled_before"]


class Done(enum.Enum):
    """What the dealer did with a bet."""

    TAKEN = "taken"
    PUSHED = "pushed"
    PAID = "paid"


#: A bet as the dealer settled it: its seat, the bet, and what was done with it.
Settled = tuple[int, Bet, Done]


def settled_before(house: House, a: Settled, b: Settled) -> bool:
    """Whether the house has ``a`` settled before ``b`` (the rules in the module's
    docstring); False both ways for two bets that may go in either order."""
    order = house.order
    if order.losers_first:
        if a[2] is not b[2]:
            return a[2] is Done.TAKEN
        if a[2] is Done.TAKEN and (order.losers is Losers.ONE_SWEEP or a[0] == b[0]):
            return False  # one sweep; a seat's losers go together, in either order
    if a[0] != b[0]:
        seats = order.seats(house.seats)
        return seats.index(a[0]) < seats.index(b[0])
    return order.main_before_side and a[1] not in SIDE_BETS and b[1] in SIDE_BETS


def _direction(house: House) -> str:
    o = house.order
    side = "right" if o.direction is Direction.COUNTERCLOCKWISE else "left"
    return f"{o.direction.value.replace('counterc', 'counter-c')} from the dealer's {side}"


def _rule(house: House, done: Settled, first: Settled) -> str:
    """The rule ``done`` broke by coming before ``first``."""
    if house.order.losers_first and done[2] is Done.PAID and first[2] is Done.TAKEN:
        return Said("the house takes every losing bet before paying a winner")
    if done[0] == first[0]:
        return Said("a seat's main bet is settled before its side bet")
    if house.order.losers_first and done[2] is Done.TAKEN:
        return Said(
            "the house takes the losing bets seat by seat {direction}",
            direction=_direction(house),
        )
    return Said("the house settles {direction}", direction=_direction(house))


@dataclass(frozen=True, slots=True)
class OutOfOrder:
    """``done`` was settled before ``first``, which the house settles ahead of it; ``did``,
    ``right`` and ``rule`` are the words both the audit and the table drill say."""

    done: Settled
    first: Settled
    rule: str

    @property
    def did(self) -> str:
        done, first = self.done, self.first
        where = dict(seat=done[0], bet=done[1].label, first=first[0], first_bet=first[1].label)
        if done[2] is Done.PAID:
            return Said("paid seat {seat} {bet} before seat {first} {first_bet}", **where)
        return Said("took seat {seat} {bet} before seat {first} {first_bet}", **where)

    @property
    def right(self) -> str:
        seat, bet = self.first[0], self.first[1].label
        if self.first[2] is Done.PAID:
            return Said("first pay seat {seat} {bet}", seat=seat, bet=bet)
        return Said("first take seat {seat} {bet}", seat=seat, bet=bet)


def out_of_order(house: House, bet: Settled, later: Iterable[Settled]) -> OutOfOrder | None:
    """Whether ``bet`` came too early: the first of ``later`` (the bets settled after it,
    or still to be settled, in the house's own order) that the house settles before it;
    None when ``bet``'s place is one the house allows."""
    for first in later:
        if settled_before(house, first, bet):
            return OutOfOrder(bet, first, _rule(house, bet, first))
    return None


def payout_order(house: House) -> str:
    """The order the house pays winners in, in words (the table drill's ``table:order``
    answer): the rules above, as far as payouts go."""
    seat = (
        "a seat's main bet before its side bet (two main bets, or two side bets, in either order)"
        if house.order.main_before_side
        else "a seat's bets in any order"
    )
    return f"The house pays seat by seat {_direction(house)}, {seat}"
