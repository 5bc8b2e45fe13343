"""Deal a drill's coups: fixed ones as written, generated ones exactly as a shuffled shoe would.

Generation is exact, not rejection sampling:

1. pick a filter by weight;
2. pick a coup class (two-card totals and third-card values) with probability proportional
   to its exact count in a full shoe (``class_counts``);
3. pick the card values of the coup given its class: every (P1, B1, P2, B2) whose totals fit,
   weighted by the product of the remaining counts of each value as they leave the shoe
   (third cards included);
4. pick each physical card uniformly among the shoe's remaining cards of its value.

Steps 2-4 multiply to the probability of the card sequence in a freshly shuffled shoe, so
within a filter the coups come with exactly the shoe's conditional frequencies.  Tables are
cached per filter and per class, so each coup costs a few bisections.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random
from collections.abc import Sequence
from decimal import Decimal

from trainer.drills.errors import DrillError
from trainer.drills.model import (
    CoupFilter,
    Cover,
    DealtTable,
    Drill,
    DrillCoup,
    FixedCoup,
    Mode,
    Order,
    TableSpec,
)
from trainer.engine import Bet, Card, Coup, Rank, Suit
from trainer.engine.analysis import CoupClass, class_counts, value_counts
from trainer.engine.house import House
from trainer.engine.protection import Scene, around, judge
from trainer.engine.table import Layout
from trainer.engine.violations import Moment, Violation

#: The ranks of each point value: 0 is 10/J/Q/K.
RANKS_OF_VALUE: tuple[tuple[Rank, ...], ...] = (
    (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING),
    *((Rank(v),) for v in range(1, 10)),
)
_CARDS_OF_VALUE: tuple[tuple[Card, ...], ...] = tuple(
    tuple(Card(r, s) for r in ranks for s in Suit) for ranks in RANKS_OF_VALUE
)


#: Layouts dealt for a table watched for violations before one fits, before the drill is
#: called impossible.
TRIES = 200


class UnsatisfiableFilterError(DrillError):
    """No coup matches a filter."""


@functools.lru_cache(maxsize=256)
def _class_table(flt: CoupFilter, decks: int) -> tuple[tuple[CoupClass, ...], tuple[int, ...]]:
    """Matching classes and their cumulative exact counts."""
    classes, cumulative, total = [], [], 0
    for cls, count in class_counts(decks).items():
        if count and flt.matches(cls):
            total += count
            classes.append(cls)
            cumulative.append(total)
    if not classes:
        raise UnsatisfiableFilterError(f"no coup matches the filter {flt}")
    return tuple(classes), tuple(cumulative)


@functools.lru_cache(maxsize=4096)
def _value_table(cls: CoupClass, decks: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The value sequences (shoe order) of a class and their cumulative exact weights."""
    counts = value_counts(decks)
    thirds = [v for v in (cls.player_third, cls.banker_third) if v is not None]
    sequences, cumulative, total = [], [], 0
    for p1, b1, p2, b2 in itertools.product(range(10), repeat=4):
        if (p1 + p2) % 10 != cls.player_total or (b1 + b2) % 10 != cls.banker_total:
            continue
        seq = (p1, b1, p2, b2, *thirds)
        used = [0] * 10
        weight = 1
        for v in seq:
            weight *= counts[v] - used[v]
            used[v] += 1
        if weight:
            total += weight
            sequences.append(seq)
            cumulative.append(total)
    return tuple(sequences), tuple(cumulative)


def _pick(cumulative: Sequence[int], rng: random.Random) -> int:
    return bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))


def _physical_cards(values: Sequence[int], decks: int, rng: random.Random) -> list[Card]:
    """One card per value, each uniform among the shoe's remaining cards of that value."""
    used: dict[Card, int] = {}
    out = []
    for v in values:
        candidates = _CARDS_OF_VALUE[v]
        if not any(c in used for c in candidates):
            card = candidates[rng.randrange(len(candidates))]
        else:
            weights = list(itertools.accumulate(decks - used.get(c, 0) for c in candidates))
            card = candidates[_pick(weights, rng)]
        used[card] = used.get(card, 0) + 1
        out.append(card)
    return out


def generate_cards(flt: CoupFilter, decks: int, rng: random.Random) -> list[Card]:
    """The cards of one coup matching ``flt``, in shoe order."""
    classes, cumulative = _class_table(flt, decks)
    cls = classes[_pick(cumulative, rng)]
    sequences, weights = _value_table(cls, decks)
    return _physical_cards(sequences[_pick(weights, rng)], decks, rng)


def generate_coup(filters: Sequence[CoupFilter], decks: int, rng: random.Random) -> Coup:
    """One coup: a filter chosen by weight, then a coup with the shoe's frequencies."""
    if len(filters) == 1:
        flt = filters[0]
    else:
        flt = filters[_pick(tuple(itertools.accumulate(f.weight for f in filters)), rng)]
    return Coup.from_cards(generate_cards(flt, decks, rng))


def _wagers(drill: Drill, fixed: FixedCoup | None, rng: random.Random) -> dict[Bet, Decimal]:
    if fixed is not None and fixed.wagers:
        return dict(fixed.wagers)
    specs = drill.bets
    if drill.bets_per_coup is not None and specs:
        # A uniform size in the range, then a uniform subset of that size, kept in layout
        # order; drills without bets_per_coup draw nothing extra, so their seeds replay as before.
        lo, hi = drill.bets_per_coup
        size = min(rng.randint(lo, hi), len(specs))
        specs = tuple(specs[i] for i in sorted(rng.sample(range(len(specs)), size)))
    return {spec.bet: spec.draw(rng) for spec in specs}


def layout_wagers(drill: Drill, rng: random.Random) -> dict[Bet, Decimal]:
    """The wagers of one coup's layout drawn as the drill says (a shoe drill's coups come
    from its shoe, their layouts from here)."""
    return _wagers(drill, None, rng)


def _covering(drill: Drill, cover: Cover, rng: random.Random) -> DrillCoup:
    """The coup dealt for ``cover``: from its filter, its bet alone on the layout (drawn from
    the drill's spec for it) when it names one, else the layout the drill draws."""
    coup = generate_coup((cover.filter,), drill.decks, rng)
    spec = next((b for b in drill.bets if b.bet is cover.bet), None)
    wagers = _wagers(drill, None, rng) if spec is None else {spec.bet: spec.draw(rng)}
    return DrillCoup(coup, wagers)


def deal_drill(drill: Drill, rng: random.Random) -> list[DrillCoup]:
    """``drill.questions`` coups: the fixed coups (a random subset when there are more than
    ``questions``), then generated coups to make up the count; shuffled together unless the
    drill's order is as_written (fixed coups first, in file order).  A drill's ``covers``
    come first, one coup each (as many as fit, in their order; shuffled among themselves
    when the drill is), so each is dealt before any coup is drawn twice for the same."""
    fixed: list[FixedCoup] = list(drill.fixed)
    if len(fixed) > drill.questions:
        keep = sorted(rng.sample(range(len(fixed)), drill.questions))
        fixed = [fixed[i] for i in keep]
    out = [DrillCoup(Coup.from_cards(f.cards), _wagers(drill, f, rng), f.note) for f in fixed]
    missing = drill.questions - len(out)
    if missing and not drill.filters and not drill.covers:
        raise DrillError(
            f"drill {drill.id!r} asks {drill.questions} questions but has only "
            f"{len(drill.fixed)} fixed coups and no generate filters"
        )
    first = [_covering(drill, cover, rng) for cover in drill.covers[:missing]]
    for _ in range(missing - len(first)):
        coup = generate_coup(drill.filters, drill.decks, rng)
        out.append(DrillCoup(coup, _wagers(drill, None, rng)))
    if drill.order is Order.SHUFFLED:
        rng.shuffle(first)
        rng.shuffle(out)
    if drill.mode is Mode.EXAM:
        # an exam: each covering coup at a random place (first, they would say which skill
        # the first coups are dealt for)
        for dealt in first:
            out.insert(rng.randrange(len(out) + 1), dealt)
        return out
    return first + out


def deal_tables(
    drill: Drill, rng: random.Random, coups: Sequence[Coup] | None = None
) -> list[DealtTable]:
    """A table drill's tables: its coups dealt as ``deal_drill`` deals them (fixed ones, then
    the unbiased generator through the filters) or the ``coups`` given (a shoe's, in order),
    each with a layout from the engine's ``deal_layout`` under the drill's house (seats,
    bets per seat, wagers in multiples of each bet's step)."""
    spec = drill.table
    if spec is None:
        raise DrillError(f"drill {drill.id!r} is not a table drill (ask: table)")
    house = drill.house
    out = []
    dealt_coups = deal_drill(drill, rng) if coups is None else [DrillCoup(c) for c in coups]
    if spec.violations is None:
        for dealt in dealt_coups:
            out.append(DealtTable(dealt.coup, layout_for(spec, house, rng), dealt.note))
        return out
    return _watched(drill, spec, spec.violations, dealt_coups, rng)


def _watched(
    drill: Drill, spec: TableSpec, rate: float, coups: Sequence[DrillCoup], rng: random.Random
) -> list[DealtTable]:
    """Tables watched before they are worked (``violations:`` on a table drill): ``rate``
    of them with a violation the house enforces at its moment (each kind in turn, shuffled,
    so a run meets them all), the layout settled the one the house's answers leave."""
    house = drill.house
    kinds = list(house.enforced)
    rng.shuffle(kinds)
    out, turn = [], 0
    for dealt in coups:
        order: tuple[Violation, ...] = ()
        if kinds and rng.random() < rate:
            order = tuple(kinds[turn % len(kinds) :] + kinds[: turn % len(kinds)])
            turn += 1
        for _ in range(TRIES):
            got = around(rng, house, dealt.coup, legal_layout(spec, house, dealt.coup, rng), order)
            if got is not None:
                out.append(DealtTable(dealt.coup, got[1], dealt.note, got[0]))
                break
        else:
            raise DrillError(f"drill {drill.id!r}: no table in {TRIES} tries takes a violation")
    return out


def legal_layout(spec: TableSpec, house: House, coup: Coup, rng: random.Random) -> Layout:
    """A layout as ``layout_for`` deals it that the house would not stop at no more bets
    (a drill about violations adds its own), dealt again until one is (DrillError after
    ``TRIES`` layouts)."""
    for _ in range(TRIES):
        layout = layout_for(spec, house, rng)
        if not judge(Scene(Moment.BETS, coup, layout, layout), house):
            return layout
    raise DrillError(f"no layout the house {house.id!r} allows in {TRIES} tries")


def layout_for(spec: TableSpec, house: House, rng: random.Random) -> Layout:
    """One layout as a table section deals it: the engine's ``deal_layout`` under the house
    (seats, bets per seat, wagers in multiples of each bet's step)."""
    from trainer.engine.table import deal_layout

    return deal_layout(
        rng,
        house,
        seats=spec.seats,
        bets_per_seat=spec.bets_per_seat,
        wagers={b.bet: (b.minimum, b.maximum) for b in spec.bets},
        unit={b.bet: b.step for b in spec.bets},
        dead=True,
    )
