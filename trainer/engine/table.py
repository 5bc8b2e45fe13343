"""Working the table: a full layout (up to the house's seats, several bets each) settled in
the house's order, as the dealer does it after a coup.

docs/rules.md, "Settling a table": take every losing bet first, then pay the winners; the
regulator's sheet resolves wagers counter-clockwise starting from the dealer's right; a
seat's main bet is paid before its side bet; a push is left in place; payouts are cut in
chips of the table's denominations.  The house (``trainer.engine.house``) says which seats
exist, the limits, the order and the chips; each bet is settled exactly as ``settle_bet``
settles it, so a table's answer key never disagrees with a single coup's.

Pure stdlib; randomness only through the ``random.Random`` a caller passes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType
from typing import TypeVar

from trainer.engine.chips import ChipBreakdown, ChipConvention, PayStyle, pay_in_chips
from trainer.engine.coup import Coup, Outcome
from trainer.engine.dead_chips import DeadChips, RollingProgramme, dead_problem
from trainer.engine.errors import EngineError
from trainer.engine.house import House, settle_checked
from trainer.engine.money import WAGERS, as_amount, format_amount, normalize
from trainer.engine.said import Said, Verbatim, joined
from trainer.engine.settlement import Bet, BetResult, Settlement
from trainer.engine.shoe import Shoe
from trainer.engine.table_rules import BASE_BETS, SIDE_BETS

__all__ = [
    "BoxCommission",
    "CollectFee",
    "Layout",
    "LayoutError",
    "Pay",
    "Push",
    "RollingCommission",
    "Seat",
    "TableCoup",
    "TableProcedure",
    "Take",
    "TakeCommission",
    "deal_layout",
    "deal_table_coup",
    "layout_problems",
    "settle_table",
]

_ZERO = Decimal(0)


class LayoutError(EngineError):
    """A layout the house does not allow; ``problems`` lists every one ("seat 3: ...")."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__(joined(list(problems)) if problems else "")
        self.problems = tuple(problems)


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat's bets: ``number`` counts from the dealer's left (1 .. house.seats)."""

    number: int
    bets: Mapping[Bet, Decimal] = field(hash=False)
    #: The part of a wager in dead (non-negotiable) chips, by bet (docs/rules.md, "Dead
    #: chips and rolling commission"); a bet not here is all live chips.
    dead: Mapping[Bet, Decimal] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        bets = _wagers(self.number, self.bets)
        object.__setattr__(self, "bets", MappingProxyType(bets))
        dead = _wagers(self.number, self.dead) if self.dead else {}
        for bet, amount in dead.items():
            problem = (
                f"{bet.value} dead chips: there is no {bet.value} bet"
                if bet not in bets
                else dead_problem(bet, bets[bet], amount)
            )
            if problem is not None:
                raise LayoutError(
                    [Said("seat {seat}: {problem}", seat=self.number, problem=problem)]
                )
        object.__setattr__(self, "dead", MappingProxyType(dead))

    @classmethod
    def of(
        cls,
        number: int,
        bets: Mapping[Bet, Decimal | int | str],
        dead: Mapping[Bet, Decimal | int | str] | None = None,
    ) -> Seat:
        """A seat from wagers as written (25, "2.50"), each made an exact amount first;
        ``dead``: the part of some wagers in dead chips."""
        return cls(number, _wagers(number, bets), _wagers(number, dead or {}))


def _wagers(number: int, bets: Mapping[Bet, Decimal | int | str]) -> dict[Bet, Decimal]:
    """A seat's wagers checked (a whole seat number, bets, amounts within ``WAGERS``) and
    normalised, in layout order whatever order the caller gave."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise LayoutError([Said("seat {seat}: a seat is a whole number", seat=repr(number))])
    wagers: dict[Bet, Decimal] = {}
    for bet in Bet:
        if bet in bets:
            try:
                wagers[bet] = normalize(as_amount(bets[bet], WAGERS))
            except EngineError as exc:
                problem = exc.args[0] if len(exc.args) == 1 else str(exc)
                raise LayoutError(
                    [
                        Said(
                            "seat {seat}, {bet}: {problem}",
                            seat=number,
                            bet=bet.value,
                            problem=problem,
                        )
                    ]
                ) from None
    unknown = [b for b in bets if not isinstance(b, Bet)]
    if unknown:
        raise LayoutError(
            [Said("seat {seat}: {name} is not a bet", seat=number, name=repr(unknown[0]))]
        )
    return wagers


@dataclass(frozen=True, slots=True)
class Layout:
    """The bets on the table after the call for bets: seats in seat-number order, each
    seat once, empty seats left out."""

    seats: tuple[Seat, ...]

    def __post_init__(self) -> None:
        seats = tuple(sorted(self.seats, key=lambda s: s.number))
        numbers = [s.number for s in seats]
        twice = sorted({n for n in numbers if numbers.count(n) > 1})
        if twice:
            raise LayoutError([Said("seat {seat} is given twice", seat=n) for n in twice])
        object.__setattr__(self, "seats", tuple(s for s in seats if s.bets))

    @classmethod
    def of(
        cls,
        seats: Mapping[int, Mapping[Bet, Decimal | int | str]],
        dead: Mapping[int, Mapping[Bet, Decimal | int | str]] | None = None,
    ) -> Layout:
        """``Layout.of({1: {Bet.BANKER: 25, Bet.DRAGON7: 5}, 4: {Bet.TIE: 10}})``;
        ``dead={1: {Bet.BANKER: 20}}``: 20 of seat 1's Banker 25 in dead chips."""
        dead = dead or {}
        return cls(tuple(Seat.of(n, bets, dead.get(n)) for n, bets in seats.items()))

    def dead(self, seat: int, bet: Bet) -> Decimal:
        """The dead chips in ``seat``'s ``bet`` (0: none)."""
        for s in self.seats:
            if s.number == seat:
                return s.dead.get(bet, _ZERO)
        return _ZERO

    def bets(self) -> Iterator[tuple[int, Bet, Decimal]]:
        for seat in self.seats:
            for bet, wager in seat.bets.items():
                yield seat.number, bet, wager

    @property
    def total(self) -> Decimal:
        return normalize(sum((w for _, _, w in self.bets()), _ZERO))


def layout_problems(layout: Layout, house: House) -> list[str]:
    """Everything the house forbids about a layout, seat by seat: a seat the table does not
    have, then each seat's wagers against the limits and side-bet rules."""
    problems: list[str] = []
    for seat in layout.seats:
        if not 1 <= seat.number <= house.seats:
            problems.append(
                Said(
                    "seat {seat}: the table has seats 1 to {seats}",
                    seat=seat.number,
                    seats=house.seats,
                )
            )
            continue
        problems.extend(
            Said("seat {seat}: {problem}", seat=seat.number, problem=p)
            for p in (*house.limit_problems(seat.bets), *_dead_problems(seat, house))
        )
    return problems


def _dead_problems(seat: Seat, house: House) -> list[str]:
    """The dead chips on a seat the house does not take."""
    if not seat.dead:
        return []
    rules = house.dead_chips
    if rules is None:
        return [Said("this house takes no dead chips: every bet is in live chips")]
    takes = Verbatim(", ".join(b.value for b in rules.bets))
    return [
        Said(
            "{bet} in dead chips: this house takes dead chips on {takes} only",
            bet=Verbatim(bet.value),
            takes=takes,
        )
        for bet in seat.dead
        if not rules.takes(bet)
    ]


@dataclass(frozen=True, slots=True)
class _Plan:
    """What settling a table reads from a house, worked out once per house: the seats in
    the order of settlement, the chips and their convention, and the limits as plain
    bounds for a quick yes/no per seat (``House.limit_problems`` words a no)."""

    seats: tuple[int, ...]
    bets_in_layout_order: bool  # a seat's bets are settled in Bet order (Seat keeps that)
    denominations: tuple[Decimal, ...]
    convention: ChipConvention
    bounds: Mapping[Bet, tuple[Decimal, Decimal]]  # the bets offered
    side_needs_base: bool
    caps: tuple[tuple[Bet, Bet], ...]
    cuts: dict[tuple[Decimal, Decimal | None], ChipBreakdown]  # memo: the cut of a payout


_PLANS: dict[int, tuple[House, _Plan]] = {}
_CUTS_KEPT = 4096


def _plan(house: House) -> _Plan:
    """The house's plan, kept by identity (the house is held with it, so an id is never
    reused while its entry lives)."""
    hit = _PLANS.get(id(house))
    if hit is not None and hit[0] is house:
        return hit[1]
    lim = house.limits
    plan = _Plan(
        seats=house.order.seats(house.seats),
        bets_in_layout_order=house.order.bets(tuple(Bet)) == tuple(Bet),
        denominations=tuple(c.value for c in house.chips),
        convention=house.payout_chips,
        bounds={b: lim.bounds(b) for b in house.bets},
        side_needs_base=lim.side_needs_base,
        caps=tuple(lim.side_caps.items()),
        cuts={},
    )
    if len(_PLANS) >= 64:
        _PLANS.clear()
    _PLANS[id(house)] = (house, plan)
    return plan


def _seat_allowed(plan: _Plan, bets: Mapping[Bet, Decimal]) -> bool:
    """Whether the house allows one seat's wagers (the quick test; the words come from
    ``House.limit_problems`` when it says no)."""
    bounds = plan.bounds
    for bet, wager in bets.items():
        b = bounds.get(bet)
        if b is None or not b[0] <= wager <= b[1]:
            return False
    if (
        plan.side_needs_base
        and (Bet.DRAGON7 in bets or Bet.PANDA8 in bets)
        and not (Bet.PLAYER in bets or Bet.BANKER in bets)
    ):
        return False
    for side, base in plan.caps:
        capped = bets.get(side)
        if capped is not None and capped > bets.get(base, _ZERO):
            return False
    return True


# -- the dealer's procedure -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CollectFee:
    """The card room's collection fee on a wager, taken as the wager is placed."""

    seat: int
    bet: Bet
    amount: Decimal

    def describe(self) -> str:
        return f"seat {self.seat}: collect the {format_amount(self.amount)} fee on {self.bet.label}"


@dataclass(frozen=True, slots=True)
class Take:
    """A losing bet: the dealer takes the wager (``dead`` of it in dead chips, rolled)."""

    seat: int
    bet: Bet
    amount: Decimal
    dead: Decimal = _ZERO

    def describe(self) -> str:
        text = f"seat {self.seat}: take {self.bet.label} {format_amount(self.amount)}"
        if self.dead:
            text += f" ({format_amount(self.dead)} in dead chips)"
        return text


@dataclass(frozen=True, slots=True)
class Push:
    """A bet that neither wins nor loses: left in place."""

    seat: int
    bet: Bet
    amount: Decimal

    def describe(self) -> str:
        return f"seat {self.seat}: {self.bet.label} {format_amount(self.amount)} pushes, leave it"


@dataclass(frozen=True, slots=True)
class Pay:
    """A winning bet paid ``amount`` (net of a commission taken at once) in ``chips``, the
    table's live chips; the wager stays with the player, its ``dead`` chips too."""

    seat: int
    bet: Bet
    amount: Decimal
    chips: ChipBreakdown
    dead: Decimal = _ZERO

    def describe(self, colours: Mapping[Decimal, str] | None = None) -> str:
        text = (
            f"seat {self.seat}: pay {self.bet.label} {format_amount(self.amount)} in "
            f"{self.chips.describe(colours)}"
        )
        if self.dead:
            text += f"; the {format_amount(self.dead)} in dead chips stays with the player"
        return text


@dataclass(frozen=True, slots=True)
class TakeCommission:
    """The commission taken from a winning bet's payout at once (already out of Pay)."""

    seat: int
    bet: Bet
    amount: Decimal

    def describe(self) -> str:
        return (
            f"seat {self.seat}: {format_amount(self.amount)} commission taken from the "
            f"{self.bet.label} payout"
        )


@dataclass(frozen=True, slots=True)
class BoxCommission:
    """The commission a winning bet owes, marked in the seat's commission box (collected at
    the end of the shoe; the Pay is the full payout)."""

    seat: int
    bet: Bet
    amount: Decimal

    def describe(self) -> str:
        return (
            f"seat {self.seat}: {format_amount(self.amount)} commission on {self.bet.label} "
            "into the commission box"
        )


@dataclass(frozen=True, slots=True)
class RollingCommission:
    """The commission a house's programme credits on a bet's dead chips rolled (``rolled``:
    lost, or won or lost, by the programme's base), at the end of the table."""

    seat: int
    bet: Bet
    rolled: Decimal
    amount: Decimal
    rate: Decimal

    def describe(self) -> str:
        return (
            f"seat {self.seat}: rolling commission on {self.bet.label}: "
            f"{(self.rate * 100).normalize():f} % of {format_amount(self.rolled)} in dead "
            f"chips = {format_amount(self.amount)}"
        )


Step = CollectFee | Take | Push | Pay | TakeCommission | BoxCommission | RollingCommission
_S = TypeVar("_S", CollectFee, Take, Push, Pay, TakeCommission, BoxCommission, RollingCommission)


@dataclass(frozen=True, slots=True)
class TableProcedure:
    """The answer key for one coup at a full table: the steps in the order the house works
    them, and each bet's single-bet settlement keyed by (seat, bet)."""

    outcome: Outcome
    steps: tuple[Step, ...]
    settlements: Mapping[tuple[int, Bet], Settlement] = field(hash=False)

    def of(self, kind: type[_S]) -> tuple[_S, ...]:
        return tuple(s for s in self.steps if isinstance(s, kind))

    @property
    def taken(self) -> Decimal:
        return normalize(sum((s.amount for s in self.of(Take)), _ZERO))

    @property
    def paid(self) -> Decimal:
        return normalize(sum((s.amount for s in self.of(Pay)), _ZERO))

    @property
    def commission(self) -> Decimal:
        """Commission collected this coup, taken at once or boxed."""
        kinds = (TakeCommission, BoxCommission)
        return normalize(sum((s.amount for s in self.steps if isinstance(s, kinds)), _ZERO))

    @property
    def fees(self) -> Decimal:
        return normalize(sum((s.amount for s in self.of(CollectFee)), _ZERO))

    @property
    def rolling(self) -> Decimal:
        """Rolling commission credited this coup on the dead chips rolled."""
        return normalize(sum((s.amount for s in self.of(RollingCommission)), _ZERO))

    def lines(self, colours: Mapping[Decimal, str] | None = None) -> list[str]:
        return [s.describe(colours) if isinstance(s, Pay) else s.describe() for s in self.steps]


def _check_layout(plan: _Plan, layout: Layout, house: House) -> None:
    """LayoutError listing every problem, when the house does not allow ``layout``."""
    top = house.seats
    for seat in layout.seats:
        if not (1 <= seat.number <= top and _seat_allowed(plan, seat.bets)) or (
            seat.dead and _dead_problems(seat, house)
        ):
            raise LayoutError(layout_problems(layout, house))


def settle_table(
    coup: Outcome | Coup,
    layout: Layout,
    house: House,
    *,
    max_each: int | None = None,
    checked: bool = False,
) -> TableProcedure:
    """Settle every bet on ``layout`` after ``coup`` (or its outcome) under ``house``.

    Order: card-room fees first (they are paid as the wagers go down); then, if the house
    takes losers first, every losing bet seat by seat, then a second pass for pushes and
    winners; else one pass doing each bet as it comes.  Seats run in the house's direction
    (counter-clockwise: from the dealer's right, seat N down to 1), a seat's bets main bet
    first (Player, Banker, Tie, then Dragon 7, Panda 8).  A commission follows the Pay it
    belongs to; a house's rolling commission on dead chips comes last, bet by bet in the
    same order (``trainer.engine.dead_chips``).  Payouts are cut in the house's chips by
    its ``payout_chips`` convention (colour for colour matches each bet's own wager);
    ``max_each`` overrides it: the fewest chips with no more than that many of any chip
    (ChipLimitError if none does).

    Raises LayoutError listing every problem when the house does not allow the layout;
    ``checked=True`` skips that check for a layout known good (one ``deal_layout`` made).
    """
    plan = _plan(house)
    if not checked:
        _check_layout(plan, layout, house)
    outcome = coup.outcome if isinstance(coup, Coup) else coup
    by_number = {s.number: s for s in layout.seats}
    settled: dict[tuple[int, Bet], Settlement] = {}
    sequence: list[tuple[int, Settlement]] = []
    for n in plan.seats:
        placed = by_number.get(n)
        if placed is None:
            continue
        bets = (
            placed.bets
            if plan.bets_in_layout_order
            else {b: placed.bets[b] for b in house.order.bets(tuple(placed.bets))}
        )
        for bet, wager in bets.items():
            s = settle_checked(outcome, bet, wager, house)  # Seat checked the wager
            settled[n, bet] = s
            sequence.append((n, s))
    steps: list[Step] = [CollectFee(n, s.bet, s.fee) for n, s in sequence if s.fee]
    lose = BetResult.LOSE
    dead = {(n, b): d for n in by_number for b, d in by_number[n].dead.items()}
    if house.order.losers_first:
        steps.extend(
            Take(n, s.bet, s.wager, dead.get((n, s.bet), _ZERO))
            for n, s in sequence
            if s.result is lose
        )
        rest = [(n, s) for n, s in sequence if s.result is not lose]
    else:
        rest = sequence
    cuts = plan.cuts
    for n, s in rest:
        if s.result is lose:
            steps.append(Take(n, s.bet, s.wager, dead.get((n, s.bet), _ZERO)))
        elif s.result is BetResult.PUSH:
            steps.append(Push(n, s.bet, s.wager))
        else:
            paid = s.paid
            if max_each is not None:
                chips = pay_in_chips(paid, plan.denominations, max_each=max_each)
            else:
                key = (
                    paid,
                    s.wager if plan.convention.style is PayStyle.COLOUR_FOR_COLOUR else None,
                )
                cut = cuts.get(key)
                if cut is None:
                    if len(cuts) >= _CUTS_KEPT:
                        cuts.clear()
                    cut = cuts[key] = plan.convention.pay(paid, plan.denominations, key[1])
                chips = cut
            steps.append(Pay(n, s.bet, paid, chips, dead.get((n, s.bet), _ZERO)))
            if s.commission:
                kind = BoxCommission if s.commission_deferred else TakeCommission
                steps.append(kind(n, s.bet, s.commission))
    if dead and house.dead_chips is not None and house.dead_chips.programme is not None:
        steps.extend(_rolling(sequence, dead, house.dead_chips.programme))
    return TableProcedure(outcome, tuple(steps), MappingProxyType(settled))


def _rolling(
    sequence: Sequence[tuple[int, Settlement]],
    dead: Mapping[tuple[int, Bet], Decimal],
    programme: RollingProgramme,
) -> Iterator[RollingCommission]:
    """The rolling commission on each bet whose dead chips rolled, in the house's order."""
    for n, s in sequence:
        rolled = programme.rolled(dead.get((n, s.bet), _ZERO), s.result)
        if rolled:
            amount = programme.commission(rolled)
            yield RollingCommission(n, s.bet, rolled, amount, programme.rate)


# -- random tables, for drills ----------------------------------------------------------------


def _draw_amount(rng: random.Random, low: Decimal, high: Decimal, unit: Decimal) -> Decimal:
    """A multiple of ``unit`` in [low, high] (low itself if no multiple fits)."""
    first = -(-low // unit)
    last = high // unit
    if last < first:
        return normalize(low)
    return normalize(rng.randint(int(first), int(last)) * unit)


def deal_layout(
    rng: random.Random,
    house: House,
    *,
    seats: tuple[int, int] = (1, 7),
    bets_per_seat: tuple[int, int] = (1, 3),
    wagers: Mapping[Bet, tuple[Decimal, Decimal]] | None = None,
    unit: Decimal | Mapping[Bet, Decimal] = Decimal(1),
    dead: bool = False,
) -> Layout:
    """A random layout the house allows, reproducible from ``rng``'s seed.

    ``seats``: how many seats are occupied (clamped to the table), chosen at random among
    the house's seats; ``bets_per_seat``: how many bets each; ``wagers``: each bet's range
    (default: the house's minimum to ten times it, within its maximum), drawn in multiples
    of ``unit`` (one for every bet, or each bet's own).  A side bet brings its base bet
    when the house needs one, and stays within a cap ("Dragon 7 at most the Banker bet").
    ``dead``: where the house takes dead chips, each bet it takes them on is all live, all
    dead or part dead (a multiple of its unit), a third of the time each.
    """
    lim = house.limits
    ranges: dict[Bet, tuple[Decimal, Decimal]] = {}
    for bet in house.bets:
        low, high = lim.bounds(bet)
        if wagers is not None:
            if bet not in wagers:
                continue
            low, high = max(low, wagers[bet][0]), min(high, wagers[bet][1])
        else:
            high = min(high, low * 10)
        ranges[bet] = (low, high)
    offered = [b for b in house.bets if b in ranges]
    mains = [b for b in BASE_BETS if b in ranges]
    count = rng.randint(max(1, min(seats[0], house.seats)), max(1, min(seats[1], house.seats)))
    numbers = sorted(rng.sample(range(1, house.seats + 1), count))
    layout: dict[int, dict[Bet, Decimal]] = {}
    for number in numbers:
        k = rng.randint(max(1, bets_per_seat[0]), max(1, min(bets_per_seat[1], len(offered))))
        chosen = rng.sample(offered, k)
        lone_side = any(b in SIDE_BETS for b in chosen) and not any(b in BASE_BETS for b in chosen)
        if lone_side and mains and (lim.side_needs_base or any(b in lim.side_caps for b in chosen)):
            chosen.append(rng.choice(mains))
        for side, base in lim.side_caps.items():
            if side in chosen and base not in chosen and base in ranges:
                chosen.append(base)
        bets = {
            b: _draw_amount(
                rng, *ranges[b], unit if isinstance(unit, Decimal) else unit.get(b, Decimal(1))
            )
            for b in Bet
            if b in chosen
        }
        for side, base in lim.side_caps.items():
            if side in bets and base in bets and bets[side] > bets[base]:
                bets[side] = bets[base] if bets[base] >= ranges[side][0] else bets[side]
                if bets[side] > bets[base]:  # the base bet is raised to cover the side bet
                    bets[base] = bets[side]
        layout[number] = bets
    if not dead or house.dead_chips is None:
        return Layout.of(layout)
    return Layout.of(layout, _deal_dead(rng, house.dead_chips, layout, unit))


def _deal_dead(
    rng: random.Random,
    rules: DeadChips,
    layout: Mapping[int, Mapping[Bet, Decimal]],
    unit: Decimal | Mapping[Bet, Decimal],
) -> dict[int, dict[Bet, Decimal]]:
    """Dead chips for ``layout``: each bet the house takes them on all live, all dead or
    part dead (a multiple of its unit), a third of the time each."""
    out: dict[int, dict[Bet, Decimal]] = {}
    for number, bets in layout.items():
        for bet, wager in bets.items():
            kind = rng.randrange(3) if rules.takes(bet) else 0
            step = unit if isinstance(unit, Decimal) else unit.get(bet, Decimal(1))
            if kind == 1 or (kind == 2 and wager < 2 * step):
                out.setdefault(number, {})[bet] = wager
            elif kind == 2:
                out.setdefault(number, {})[bet] = _draw_amount(rng, step, wager - step, step)
    return out


@dataclass(frozen=True, slots=True)
class TableCoup:
    """A coup dealt to a full table: the cards, the bets, and the answer key."""

    coup: Coup
    layout: Layout
    procedure: TableProcedure


def deal_table_coup(
    rng: random.Random,
    house: House,
    *,
    shoe: Shoe | None = None,
    max_each: int | None = None,
    seats: tuple[int, int] = (1, 7),
    bets_per_seat: tuple[int, int] = (1, 3),
    wagers: Mapping[Bet, tuple[Decimal, Decimal]] | None = None,
    unit: Decimal | Mapping[Bet, Decimal] = Decimal(1),
) -> TableCoup:
    """A layout (``deal_layout``'s options, the same defaults), a coup off ``shoe``
    (default: the top of a freshly shuffled shoe of the house's decks) and its settlement."""
    table = deal_layout(
        rng, house, seats=seats, bets_per_seat=bets_per_seat, wagers=wagers, unit=unit
    )
    coup = (shoe if shoe is not None else Shoe.shuffled(rng, house.decks)).deal_coup()
    return TableCoup(coup, table, settle_table(coup, table, house, max_each=max_each))
