"""Whole-shoe simulation: shuffle, burn, cut card, last coup; per-shoe statistics.

The shoe procedure is the engine's one (``trainer.engine.shoe``): ``ShoeRun`` deals a shoe
event by event for the drills, and ``shoe_stats`` tallies it (the slow path).  The hot loop
below works on point values, not Card objects: building a Coup per coup costs tens of
microseconds, the loop well under one.  It reads the same tableau (rules.BANKER_TABLE) and
the same ``ShoeRules`` (``burn_for``, ``out_between``, ``one_more``) as ShoeRun, and is
proven equal to it shoe by shoe (same coups, same burn, same cut card, same last coup) in
tests/engine/test_simulate.py; the shuffle is the Shoe's own (same rng calls, same card order).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields, replace

from trainer.engine.cards import FULL_DECK
from trainer.engine.coup import Coup, Outcome
from trainer.engine.errors import InvalidShoeError
from trainer.engine.rules import BANKER_TABLE
from trainer.engine.shoe import (
    DEFAULT_DECKS,
    DEFAULT_SHOE_RULES,
    CoupDealt,
    ShoeRules,
    ShoeRun,
    check_cut,
    check_decks,
    shuffled_values,
)

_MOD10 = tuple(i % 10 for i in range(20))


@dataclass(frozen=True, slots=True)
class ShoeStats:
    """Counts over the coups of one shoe (or summed over many).

    ``player`` counts every Player win (Panda 8 included), ``banker`` every Banker win
    (Dragon 7 included), as `ezbac analyze` does.  ``cards`` counts cards dealt into coups
    (the burn is not included).
    """

    coups: int = 0
    player: int = 0
    banker: int = 0
    tie: int = 0
    dragon7: int = 0
    panda8: int = 0
    naturals: int = 0
    cards: int = 0

    def __add__(self, other: ShoeStats) -> ShoeStats:
        return ShoeStats(*(a + b for a, b in zip(self.as_tuple(), other.as_tuple(), strict=True)))

    def as_tuple(self) -> tuple[int, ...]:
        return tuple(getattr(self, f.name) for f in fields(self))

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def of(cls, coups: Iterable[Coup]) -> ShoeStats:
        """Tally Coup values: the slow path, used to check the fast one."""
        counts = dict.fromkeys((f.name for f in fields(cls)), 0)
        for coup in coups:
            counts["coups"] += 1
            counts["player"] += coup.outcome.player_wins
            counts["banker"] += coup.outcome.banker_wins
            counts["tie"] += coup.outcome is Outcome.TIE
            counts["dragon7"] += coup.outcome is Outcome.DRAGON7
            counts["panda8"] += coup.outcome is Outcome.PANDA8
            counts["naturals"] += coup.natural
            counts["cards"] += len(coup.cards)
        return cls(**counts)


def deal_values(  # noqa: C901 (the drawing rules inlined on the fast path)
    values: tuple[int, ...], position: int, last: int, one_more: bool = True
) -> tuple[int, ...]:
    """Deal coups from point values, the fast path of Shoe.deal_coup.

    Starts at index ``position``; the coup that starts with ``position > last`` (the cut
    card already out: ``last = ShoeRules.out_between``, as only the positions between coups
    are read) is the final one, or, without
    ``one_more`` (``this_coup``), the coup during which it comes out.  Returns
    (coups, player, banker, tie, dragon7, panda8, naturals, end position).  Pass ``last=-1``
    to deal exactly one coup.
    """
    if last >= len(values):  # the loop's bound: the cut card comes out before the cards end
        raise InvalidShoeError(f"the cut card after card {last} of {len(values)} never comes out")
    v, mod, table = values, _MOD10, BANKER_TABLE
    coups = player = banker = tie = dragon7 = panda8 = naturals = 0
    pos = position
    while True:  # every coup takes 4 to 6 cards: it ends once pos passes ``last``
        final = pos > last
        pt = mod[v[pos] + v[pos + 2]]
        bt = mod[v[pos + 1] + v[pos + 3]]
        pos += 4
        coups += 1
        if pt >= 8 or bt >= 8:  # a natural: nobody draws; no Dragon/Panda on two cards
            naturals += 1
            if pt > bt:
                player += 1
            elif bt > pt:
                banker += 1
            else:
                tie += 1
        elif pt <= 5:  # Player draws; the tableau decides the Banker
            p3 = v[pos]
            pos += 1
            pf = mod[pt + p3]
            if table[bt][p3]:
                bf = mod[bt + v[pos]]
                pos += 1
                if pf > bf:
                    player += 1
                    if pf == 8:
                        panda8 += 1
                elif bf > pf:
                    banker += 1
                    if bf == 7:
                        dragon7 += 1
                else:
                    tie += 1
            elif pf > bt:
                player += 1
                if pf == 8:
                    panda8 += 1
            elif bt > pf:
                banker += 1
            else:
                tie += 1
        elif bt <= 5:  # Player stands on 6-7, Banker draws on 0-5
            bf = mod[bt + v[pos]]
            pos += 1
            if pt > bf:
                player += 1
            elif bf > pt:
                banker += 1
                if bf == 7:
                    dragon7 += 1
            else:
                tie += 1
        elif pt > bt:  # both stand on 6-7
            player += 1
        elif bt > pt:
            banker += 1
        else:
            tie += 1
        if final or (not one_more and pos > last):
            return coups, player, banker, tie, dragon7, panda8, naturals, pos


def _shoe_values(decks: int) -> tuple[int, ...]:
    return tuple(c.value for c in FULL_DECK) * decks


def _rules(cut: int | None, rules: ShoeRules | None) -> ShoeRules:
    rules = DEFAULT_SHOE_RULES if rules is None else rules
    return rules if cut is None or cut == rules.cut else replace(rules, cut=cut)


def deal_shoe(
    rng: random.Random,
    decks: int = DEFAULT_DECKS,
    *,
    cut: int | None = None,
    rules: ShoeRules | None = None,
) -> ShoeStats:
    """One whole shoe by the fast path; the same rng use, and the same coups, as
    ``ShoeRun.shuffled(rng, decks, rules)`` (``cut`` overrides ``rules.cut``)."""
    return _Dealer(decks, _rules(cut, rules)).shoe(rng)


def shoe_stats(run: ShoeRun) -> ShoeStats:
    """A ShoeRun tallied event by event: the slow path the fast one is held to."""
    return ShoeStats.of(e.coup for e in run.events() if isinstance(e, CoupDealt))


class _Dealer:
    """The per-configuration constants of the fast path, computed once per run."""

    __slots__ = ("burn", "last", "one_more", "values")

    def __init__(self, decks: int, rules: ShoeRules) -> None:
        self.values = _shoe_values(check_decks(decks))
        check_cut(rules.cut, len(self.values))
        self.last = rules.out_between(len(self.values))
        self.one_more = rules.one_more
        #: where the first coup starts, by the first card's value (the card, then its burn)
        self.burn = tuple(rules.first_coup_at(v) for v in range(10))

    def raw(self, rng: random.Random) -> tuple[int, ...]:
        v = shuffled_values(self.values, rng)
        start = self.burn[v[0]]
        counts = deal_values(v, start, self.last, self.one_more)
        return (*counts[:7], counts[7] - start)

    def shoe(self, rng: random.Random) -> ShoeStats:
        return ShoeStats(*self.raw(rng))


@dataclass(frozen=True, slots=True)
class SimulationResult:
    decks: int
    cut: int
    shoes: int
    totals: ShoeStats
    #: Engine time in seconds (not part of equality: a replay gives the same result).
    seconds: float = field(default=0.0, compare=False)

    def per_shoe(self) -> dict[str, float]:
        return {name: count / self.shoes for name, count in self.totals.as_dict().items()}

    @property
    def coups_per_second(self) -> float:
        return self.totals.coups / self.seconds if self.seconds > 0 else float("inf")


def simulate(
    shoes: int,
    decks: int,
    rng: random.Random,
    *,
    cut: int | None = None,
    rules: ShoeRules | None = None,
    progress: Callable[[int], None] | None = None,
    progress_every: int = 500,
) -> SimulationResult:
    """Deal ``shoes`` whole shoes from ``rng`` under the house's ``rules`` (``cut``
    overrides its cut card) and total their statistics.

    Pass random.Random(seed) to replay a run exactly.  ``progress(done)`` is called every
    ``progress_every`` shoes and at the end.
    """
    if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 1:
        raise InvalidShoeError(f"{shoes!r} shoes: the number of shoes must be 1 or more")
    shoe_rules = _rules(cut, rules)
    dealer = _Dealer(decks, shoe_rules)
    raw = dealer.raw
    totals = [0] * 8
    start = time.perf_counter()
    done = 0
    while done < shoes:
        batch = min(progress_every, shoes - done)
        for _ in range(batch):
            counts = raw(rng)
            for i in range(8):
                totals[i] += counts[i]
        done += batch
        if progress is not None:
            progress(done)
    seconds = time.perf_counter() - start
    return SimulationResult(decks, shoe_rules.cut, shoes, ShoeStats(*totals), seconds)
