"""Protecting the game: a moment at the table (the layout at no more bets, a change to it
during the deal or after the result) and what the house has the dealer do about it.

A :class:`Scene` is what the dealer sees: the layout as the bets closed (``before``), the
layout at the moment (``after``: the same at no more bets; changed by a player during the
deal or after the result), and anything on the layout that is no bet (cash, a commission
change chip).  :func:`judge` finds the violation from the scene and the house alone, never
from how the scene was made; :func:`stage` makes scenes for a drill, with or without a
violation the house enforces.

Stdlib only, like the rest of the engine; randomness only through the ``random.Random``
passed in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from trainer.engine.coup import Coup
from trainer.engine.house import House
from trainer.engine.money import format_amount, normalize
from trainer.engine.settlement import Bet, BetResult
from trainer.engine.table import Layout
from trainer.engine.table_rules import BASE_BETS, SIDE_BETS
from trainer.engine.violations import Moment, Response, Violation

__all__ = [
    "ALL_PLAY",
    "Finding",
    "Item",
    "Scene",
    "around",
    "judge",
    "stage",
    "stands",
    "watched",
]


@dataclass(frozen=True, slots=True)
class Item:
    """Something on a seat's spot that is no bet: ``cash`` (a banknote) or ``change`` (a
    non-playable commission change chip) of ``value``, on ``bet``'s spot."""

    seat: int
    bet: Bet
    what: str
    value: Decimal

    def describe(self) -> str:
        thing = (
            f"a {format_amount(self.value)} banknote"
            if self.what == "cash"
            else f"a {format_amount(self.value)} commission change chip"
        )
        return f"seat {self.seat}: {thing} on the {self.bet.label} spot"


@dataclass(frozen=True, slots=True)
class Scene:
    """One moment at the table.  ``shown``: how many of the coup's cards are on the felt
    (0 at no more bets; the whole coup after the result)."""

    moment: Moment
    coup: Coup
    before: Layout
    after: Layout
    items: tuple[Item, ...] = ()

    @property
    def shown(self) -> int:
        return {Moment.BETS: 0, Moment.DEAL: 1, Moment.RESULT: len(self.coup.cards)}[self.moment]

    def lines(self) -> list[str]:
        """The scene in words, as the dealer sees it."""
        out = [f"{self.heading}. The layout:"]
        out += [f"  seat {n}: {_bets(bets)}" for n, bets in _seats(self.before).items()]
        return out + self.events()

    @property
    def heading(self) -> str:
        """The moment in a few words: "No more bets", "The result is called"."""
        return _MOMENT_WORDS[self.moment]

    def events(self) -> list[str]:
        """What is on the layout besides the bets and what players did at the moment, in
        words (the layout itself is on the felt, where a table screen shows it)."""
        out = [f"  {item.describe()}" for item in self.items]
        changes = _changes(self.before, self.after)
        # worded alike whether or not a player does something: the same line, then what
        # happened (a line only on the quiet moments would answer the question)
        out.append(f"Then, {self.moment.label}:")
        out += [f"  {text}" for _, _, _, _, text in changes] or ["  no player touches a bet"]
        return out

    def changes(self) -> list[tuple[int, Bet, Decimal, Decimal]]:
        """Each bet a player changed at the moment: (seat, bet, was, now), in layout
        order (what ``events`` words)."""
        return [
            (seat, bet, old, new) for seat, bet, old, new, _ in _changes(self.before, self.after)
        ]


_MOMENT_WORDS = {
    Moment.BETS: "No more bets",
    Moment.DEAL: "The first card is out of the shoe",
    Moment.RESULT: "The result is called",
}


@dataclass(frozen=True, slots=True)
class Finding:
    """A violation at a seat (and a bet, if it is one) and what the house has done."""

    seat: int | None
    bet: Bet | None
    violation: Violation
    response: Response

    def describe(self) -> str:
        """On one line: "Seat 3 Banker: past posting: refuse the bet"."""
        where = "The table" if self.seat is None else f"Seat {self.seat}"
        if self.bet is not None:
            where += f" {self.bet.label}"
        return f"{where}: {self.violation.short}: {self.response.label}"


#: The answer for a scene with nothing to stop.
ALL_PLAY = "Nothing to stop: every bet plays"


def _seats(layout: Layout) -> dict[int, Mapping[Bet, Decimal]]:
    return {s.number: s.bets for s in layout.seats}


def _bets(bets: Mapping[Bet, Decimal]) -> str:
    return ", ".join(f"{b.label} {format_amount(w)}" for b, w in bets.items())


def _changes(before: Layout, after: Layout) -> list[tuple[int, Bet, Decimal, Decimal, str]]:
    """Each bet a player changed: (seat, bet, was, now, in words), in layout order."""
    was, now = _seats(before), _seats(after)
    out = []
    for seat in sorted(set(was) | set(now)):
        a, b = was.get(seat, {}), now.get(seat, {})
        for bet in Bet:
            old, new = a.get(bet, Decimal(0)), b.get(bet, Decimal(0))
            if old == new:
                continue
            if not old:
                text = f"seat {seat} puts {format_amount(new)} on {bet.label}"
            elif not new:
                text = f"seat {seat} takes back its {bet.label} {format_amount(old)}"
            elif new > old:
                text = f"seat {seat} adds {format_amount(new - old)} to its {bet.label} bet"
            else:
                text = f"seat {seat} takes {format_amount(old - new)} off its {bet.label} bet"
            out.append((seat, bet, old, new, text))
    return out


def judge(scene: Scene, house: House) -> tuple[Finding, ...]:
    """Every violation the house enforces in ``scene``, in the order the dealer meets them
    (seat by seat, then the table's differential), each with the house's response."""
    found: list[tuple[int | None, Bet | None, Violation]] = []
    if scene.moment is Moment.BETS:
        items = {(i.seat, i.bet): i for i in scene.items}
        for seat in scene.after.seats:
            for violation, bet, _ in house.seat_violations(seat.bets):
                found.append((seat.number, bet, violation))
        for (seat_no, bet), item in sorted(items.items(), key=lambda kv: kv[0][0]):
            kind = Violation.CASH if item.what == "cash" else Violation.NON_PLAYABLE
            found.append((seat_no, bet, kind))
        if house.differential_problem([(b, w) for _, b, w in scene.after.bets()]) is not None:
            found.append((None, None, Violation.DIFFERENTIAL))
    for seat_no, bet, old, new, _ in _changes(scene.before, scene.after):
        if scene.moment is Moment.DEAL:
            kind = (
                Violation.PAST_POSTING
                if not old
                else Violation.PRESSING
                if new > old
                else Violation.WITHDRAWN
            )
        elif scene.moment is Moment.RESULT and new < old and _loses(scene, house, bet):
            kind = Violation.PINCHING
        else:
            continue
        found.append((seat_no, bet, kind))
    out = []
    for where, what, kind in found:
        response = house.enforces(kind)
        if response is not None:
            out.append(Finding(where, what, kind, response))
    return tuple(out)


def _loses(scene: Scene, house: House, bet: Bet) -> bool:
    return house.results[scene.coup.outcome][bet] is BetResult.LOSE


def stands(scene: Scene, house: House) -> Layout:
    """The layout that plays on once the dealer has answered every violation of ``scene``
    as the house says.  At no more bets a bet at fault does not play (refused, returned, or
    held while the floor is called); a change made during the deal or after the result never
    stands: the bet plays as it was at no more bets (a late bet or a press refused, a
    withdrawn or pinched bet put back by the floor).  Cash and change chips go back to the
    player; the bets beside them play.  A table over its differential is the floor's to
    rule on, the dealer's part is to call it: the bets play as placed (the floor let them)."""
    seats = {n: dict(bets) for n, bets in _seats(scene.after).items()}
    if scene.moment is not Moment.BETS:
        was = _seats(scene.before)
        for f in judge(scene, house):
            if f.seat is None or f.bet is None:
                continue
            old = was.get(f.seat, {}).get(f.bet)
            if old is None:
                seats.get(f.seat, {}).pop(f.bet, None)
            else:
                seats.setdefault(f.seat, {})[f.bet] = old
        return Layout.of({n: bets for n, bets in seats.items() if bets})
    # at no more bets: what is left is judged again (a side bet left without its base once
    # the base is refused goes too), one bet at least each turn: the loop is bounded
    for _ in range(sum(len(b) for b in seats.values()) + 1):
        layout = Layout.of({n: bets for n, bets in seats.items() if bets})
        found = judge(Scene(Moment.BETS, scene.coup, layout, layout), house)
        at_fault = [(f.seat, f.bet) for f in found if f.seat is not None and f.bet is not None]
        if not at_fault:  # nothing, or the differential: the floor's to rule on
            return layout
        for seat, bet in at_fault:
            assert seat is not None and bet is not None
            seats[seat].pop(bet, None)
    return Layout.of({n: bets for n, bets in seats.items() if bets})


def watched(scenes: Sequence[Scene], house: House) -> tuple[str, ...]:
    """Each violation of ``scenes`` as the house has it answered, a line each ("The first
    card is out of the shoe: Seat 4 Player: past posting: refuse the bet"): what a table's
    results and preview say before its settlement."""
    return tuple(f"{s.heading}: {f.describe()}" for s in scenes for f in judge(s, house))


def around(
    rng: random.Random,
    house: House,
    coup: Coup,
    layout: Layout,
    violations: Sequence[Violation] = (),
) -> tuple[tuple[Scene, ...], Layout] | None:
    """The moments of ``coup`` at a table, in the order a dealer meets them (no more bets,
    the deal, the result), and the layout that plays once each is answered as the house
    says (``stands``).  ``layout`` is one the house allows; the first of ``violations`` it
    and the coup can carry is made at its moment (None if none can), the other moments
    hold nothing to stop.  What a table drill deals before its table is worked."""
    staged = stage(rng, house, coup, layout, violations) if violations else None
    if violations and staged is None:
        return None
    scenes = []
    plays = layout
    for moment in Moment:
        if staged is not None and staged.moment is moment:
            scene = staged
        else:
            scene = Scene(moment, coup, plays, plays)
        scenes.append(scene)
        plays = stands(scene, house)
    return tuple(scenes), plays


# -- making scenes for a drill -----------------------------------------------------------------


def stage(
    rng: random.Random,
    house: House,
    coup: Coup,
    layout: Layout,
    violations: Sequence[Violation] = (),
) -> Scene | None:
    """A scene around ``coup`` dealt to ``layout`` (a layout the house allows, with nothing
    to stop): the first of ``violations`` this layout and coup can carry, made at its
    moment (None if none can), or with no ``violations`` a legal moment."""
    if not violations:
        return _legal(rng, house, coup, layout)
    for violation in violations:
        scene = _MAKERS[violation](rng, house, coup, layout)
        if scene is not None:
            return scene
    return None


def _legal(rng: random.Random, house: House, coup: Coup, layout: Layout) -> Scene:
    """A moment with nothing to stop: the layout as it is, or a legal change (a winning
    bet left alone, a bet placed only where the house lets it play)."""
    moment = rng.choice(tuple(Moment))
    seats = _seats(layout)
    if moment is Moment.RESULT:  # a player adds to nothing: a losing bet is left in place
        return Scene(moment, coup, layout, layout)
    if moment is Moment.BETS and house.enforces(Violation.BOTH_SIDES) is None:
        # Player and Banker on one spot, where the house lets it play: not to be flagged
        for number, bets in seats.items():
            if not ({Bet.PLAYER, Bet.BANKER} & set(bets)) or set(BASE_BETS) <= set(bets):
                continue
            other, has = (
                (Bet.BANKER, Bet.PLAYER) if Bet.PLAYER in bets else (Bet.PLAYER, Bet.BANKER)
            )
            changed = dict(seats)
            changed[number] = {**bets, other: bets[has]}
            after = Layout.of(changed)
            if not judge(Scene(moment, coup, after, after), house):
                return Scene(moment, coup, after, after)
    return Scene(moment, coup, layout, layout)


def _with(layout: Layout, seat: int, bets: Mapping[Bet, Decimal]) -> Layout:
    seats = dict(_seats(layout))
    seats[seat] = {b: normalize(w) for b, w in bets.items() if w > 0}
    if not seats[seat]:
        del seats[seat]
    return Layout.of(seats)


def _pick(
    rng: random.Random, layout: Layout, want: Callable[[Mapping[Bet, Decimal]], bool]
) -> int | None:
    numbers = [s.number for s in layout.seats if want(s.bets)]
    return rng.choice(numbers) if numbers else None


def _only(violation: Violation, house: House, scene: Scene) -> Scene | None:
    """The scene, if judging it finds exactly ``violation`` (else None: not this layout)."""
    got = judge(scene, house)
    return scene if [f.violation for f in got] == [violation] else None


def _under_min(rng: random.Random, house: House, coup: Coup, layout: Layout) -> Scene | None:
    seat = _pick(rng, layout, lambda b: any(x in BASE_BETS for x in b))
    if seat is None:
        return None
    bets = dict(_seats(layout)[seat])
    bet = next(b for b in BASE_BETS if b in bets)
    low = house.limits.minimum
    short = normalize((low / 2).quantize(Decimal("0.01")))
    if short <= 0 or short >= low:
        return None
    bets[bet] = short
    for side, base in house.limits.side_caps.items():  # keep a capped side bet within its cap
        if base is bet and side in bets:
            del bets[side]
    after = _with(layout, seat, bets)
    return _only(Violation.UNDER_MIN, house, Scene(Moment.BETS, coup, after, after))


def _over_max(rng: random.Random, house: House, coup: Coup, layout: Layout) -> Scene | None:
    seat = _pick(rng, layout, lambda b: any(x in BASE_BETS for x in b))
    if seat is None:
        return None
    bets = dict(_seats(layout)[seat])
    bet = next(b for b in BASE_BETS if b in bets)
    bets[bet] = house.limits.maximum + house.limits.minimum
    after = _with(layout, seat, bets)
    return _only(Violation.OVER_MAX, house, Scene(Moment.BETS, coup, after, after))


def _side_without_base(
    rng: random.Random, house: House, coup: Coup, layout: Layout
) -> Scene | None:
    sides = [b for b in SIDE_BETS if b in house.bets]
    if not sides:
        return None
    seat = _free_seat(rng, house, layout)
    if seat is None:
        return None
    after = _with(layout, seat, {rng.choice(sides): house.limits.side_min})
    return _only(Violation.SIDE_WITHOUT_BASE, house, Scene(Moment.BETS, coup, after, after))


def _side_over_base(rng: random.Random, house: House, coup: Coup, layout: Layout) -> Scene | None:
    caps = [(s, b) for s, b in house.limits.side_caps.items() if s in house.bets]
    if not caps:
        return None
    side, base = rng.choice(caps)
    seat = _free_seat(rng, house, layout)
    if seat is None:
        return None
    low = max(house.limits.minimum, house.limits.side_min)
    over = low + house.limits.side_min
    if over > house.limits.side_max:
        return None
    after = _with(layout, seat, {base: low, side: over})
    return _only(Violation.SIDE_OVER_BASE, house, Scene(Moment.BETS, coup, after, after))


def _both_sides(rng: random.Random, house: House, coup: Coup, layout: Layout) -> Scene | None:
    seat = _free_seat(rng, house, layout)
    if seat is None:
        return None
    low = house.limits.minimum
    after = _with(layout, seat, {Bet.PLAYER: low, Bet.BANKER: low * 2})
    return _only(Violation.BOTH_SIDES, house, Scene(Moment.BETS, coup, after, after))


def _differential(rng: random.Random, house: House, coup: Coup, layout: Layout) -> Scene | None:
    most = house.limits.differential
    if most is None:
        return None
    seats = dict(_seats(layout))
    free = [n for n in range(1, house.seats + 1) if n not in seats]
    rng.shuffle(free)
    player = sum((w for _, b, w in layout.bets() if b is Bet.PLAYER), Decimal(0))
    banker = sum((w for _, b, w in layout.bets() if b is Bet.BANKER), Decimal(0))
    top = house.limits.maximum
    while banker - player <= most and free:  # the Banker side loaded, seat by seat
        seats[free.pop()] = {Bet.BANKER: top}
        banker += top
    if banker - player <= most:
        return None
    after = Layout.of(seats)
    return _only(Violation.DIFFERENTIAL, house, Scene(Moment.BETS, coup, after, after))


def _item(what: str) -> Callable[[random.Random, House, Coup, Layout], Scene | None]:
    kind = Violation.CASH if what == "cash" else Violation.NON_PLAYABLE

    def make(rng: random.Random, house: House, coup: Coup, layout: Layout) -> Scene | None:
        if not layout.seats:
            return None
        seat = rng.choice(layout.seats)
        bet = rng.choice(tuple(seat.bets))
        value = Decimal(rng.choice((20, 50, 100))) if what == "cash" else Decimal("0.25")
        scene = Scene(Moment.BETS, coup, layout, layout, (Item(seat.number, bet, what, value),))
        return _only(kind, house, scene)

    return make


def _free_seat(rng: random.Random, house: House, layout: Layout) -> int | None:
    taken = {s.number for s in layout.seats}
    free = [n for n in range(1, house.seats + 1) if n not in taken]
    return rng.choice(free) if free else None


def _past_posting(rng: random.Random, house: House, coup: Coup, layout: Layout) -> Scene | None:
    seat = _free_seat(rng, house, layout)
    if seat is None:
        return None
    late = rng.choice([w for _, _, w in layout.bets()] or [house.limits.minimum])
    after = _with(layout, seat, {rng.choice(BASE_BETS): late})
    return _only(Violation.PAST_POSTING, house, Scene(Moment.DEAL, coup, layout, after))


def _pressing(rng: random.Random, house: House, coup: Coup, layout: Layout) -> Scene | None:
    if not layout.seats:
        return None
    seat = rng.choice(layout.seats)
    bet = rng.choice(tuple(seat.bets))
    low, high = house.limits.bounds(bet)
    more = seat.bets[bet] * 2  # the bet doubled, or raised by the minimum where that is over
    if more > high:
        more = seat.bets[bet] + low
    if more > high:
        return None
    after = _with(layout, seat.number, {**seat.bets, bet: more})
    return _only(Violation.PRESSING, house, Scene(Moment.DEAL, coup, layout, after))


def _withdrawn(rng: random.Random, house: House, coup: Coup, layout: Layout) -> Scene | None:
    if not layout.seats:
        return None
    seat = rng.choice(layout.seats)
    bet = rng.choice(tuple(seat.bets))
    after = _with(layout, seat.number, {**seat.bets, bet: Decimal(0)})
    return _only(Violation.WITHDRAWN, house, Scene(Moment.DEAL, coup, layout, after))


def _pinching(rng: random.Random, house: House, coup: Coup, layout: Layout) -> Scene | None:
    losing = [
        (s.number, b, w)
        for s in layout.seats
        for b, w in s.bets.items()
        if house.results[coup.outcome][b] is BetResult.LOSE
    ]
    if not losing:
        return None
    number, bet, wager = rng.choice(losing)
    seat = _seats(layout)[number]
    kept = normalize(wager / 2) if wager / 2 >= Decimal("0.01") else Decimal(0)
    after = _with(layout, number, {**seat, bet: kept})
    return _only(Violation.PINCHING, house, Scene(Moment.RESULT, coup, layout, after))


_MAKERS: Mapping[Violation, Callable[[random.Random, House, Coup, Layout], Scene | None]] = {
    Violation.PAST_POSTING: _past_posting,
    Violation.PRESSING: _pressing,
    Violation.WITHDRAWN: _withdrawn,
    Violation.PINCHING: _pinching,
    Violation.SIDE_WITHOUT_BASE: _side_without_base,
    Violation.SIDE_OVER_BASE: _side_over_base,
    Violation.BOTH_SIDES: _both_sides,
    Violation.UNDER_MIN: _under_min,
    Violation.OVER_MAX: _over_max,
    Violation.DIFFERENTIAL: _differential,
    Violation.CASH: _item("cash"),
    Violation.NON_PLAYABLE: _item("change"),
}
