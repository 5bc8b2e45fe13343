"""Exact analysis: every ordered sequence of the first six cards of a full shoe.

The published analyses count 416·415·414·413·412·411 ordered six-card sequences for 8 decks
(cards a coup does not use are counted in every position they could take), so the integers
here are comparable digit for digit.  Counting works by card *value* (ten values, 0 having
four ranks) and groups the first four cards by their totals and the multiset of values they
remove, which keeps the work to a few thousand groups instead of 10^6 value sequences.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from trainer.engine.coup import Outcome, classify
from trainer.engine.house import DEFAULT_HOUSE, House
from trainer.engine.rules import BANKER_TABLE, STOOD, is_natural, player_draws
from trainer.engine.settlement import Bet, BetResult, Paytable
from trainer.engine.shoe import SUPPORTED_DECKS, check_decks

__all__ = ["EVENTS", "SUPPORTED_DECKS", "Analysis", "CoupClass", "analyze", "class_counts"]


def value_counts(decks: int) -> tuple[int, ...]:
    """Cards of each point value 0..9 in a full shoe (0 = tens and faces)."""
    check_decks(decks)
    return (16 * decks,) + (4 * decks,) * 9


@dataclass(frozen=True, slots=True, order=True)
class CoupClass:
    """Everything the rules look at: two-card totals and third-card values (None: no card).

    Every question a drill asks about a coup (who draws, the tableau cell, the outcome,
    the number of cards) is a function of its class.
    """

    player_total: int
    banker_total: int
    player_third: int | None
    banker_third: int | None

    @property
    def natural(self) -> bool:
        return is_natural(self.player_total) or is_natural(self.banker_total)

    @property
    def player_draws(self) -> bool:
        return self.player_third is not None

    @property
    def banker_draws(self) -> bool:
        return self.banker_third is not None

    @property
    def player_final(self) -> int:
        return (self.player_total + (self.player_third or 0)) % 10

    @property
    def banker_final(self) -> int:
        return (self.banker_total + (self.banker_third or 0)) % 10

    @property
    def cards(self) -> int:
        return 4 + self.player_draws + self.banker_draws

    @property
    def outcome(self) -> Outcome:
        return classify(
            self.player_final,
            2 + self.player_draws,
            self.banker_final,
            2 + self.banker_draws,
        )


def _falling(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result *= n - i
    return result


@functools.lru_cache(maxsize=4)
def class_counts(decks: int = 8) -> Mapping[CoupClass, int]:
    """Exact number of ordered six-card sequences falling in each coup class."""
    counts = value_counts(decks)
    total_cards = sum(counts)
    fill5, fill4 = total_cards - 5, _falling(total_cards - 4, 2)

    # Group the ordered first four cards by (player total, banker total, values removed).
    groups: dict[tuple[int, int, tuple[int, ...]], int] = {}
    for p1, b1, p2, b2 in product(range(10), repeat=4):
        removed = [0] * 10
        weight = 1
        for v in (p1, b1, p2, b2):
            weight *= counts[v] - removed[v]
            removed[v] += 1
        group = ((p1 + p2) % 10, (b1 + b2) % 10, tuple(removed))
        groups[group] = groups.get(group, 0) + weight

    out: dict[tuple[int, int, int | None, int | None], int] = {}
    key: tuple[int, int, int | None, int | None]
    for (pt, bt, taken), weight in groups.items():
        left = [c - r for c, r in zip(counts, taken, strict=True)]
        stands = not player_draws(pt)
        if is_natural(pt) or is_natural(bt) or (stands and not BANKER_TABLE[bt][STOOD]):
            key = (pt, bt, None, None)  # nobody draws
            out[key] = out.get(key, 0) + weight * fill4
        elif stands:  # the Player stands and the Banker draws
            for b3 in range(10):
                key = (pt, bt, None, b3)
                out[key] = out.get(key, 0) + weight * left[b3] * fill5
        else:
            draws_row = BANKER_TABLE[bt]
            for p3 in range(10):
                wp = weight * left[p3]
                if draws_row[p3]:
                    left[p3] -= 1
                    for b3 in range(10):
                        key = (pt, bt, p3, b3)
                        out[key] = out.get(key, 0) + wp * left[b3]
                    left[p3] += 1
                else:
                    key = (pt, bt, p3, None)
                    out[key] = out.get(key, 0) + wp * fill5
    return {CoupClass(*k): v for k, v in sorted(out.items(), key=_sort_key)}


def _sort_key(item: tuple[tuple[int, int, int | None, int | None], int]) -> tuple[int, ...]:
    pt, bt, p3, b3 = item[0]
    return (pt, bt, -1 if p3 is None else p3, -1 if b3 is None else b3)


EVENTS = ("player", "banker", "tie", "dragon7", "panda8")


@dataclass(frozen=True, slots=True)
class Analysis:
    decks: int
    sequences: int
    outcomes: Mapping[Outcome, int]
    house: House = DEFAULT_HOUSE

    @property
    def paytable(self) -> Paytable:
        """The paytable analysed: the house's own (one source of the rules)."""
        return self.house.paytable

    @property
    def events(self) -> dict[str, int]:
        """Counts as published: player counts every Player win (Panda 8 included), banker
        every Banker win (Dragon 7 included)."""
        o = self.outcomes
        return {
            "player": o[Outcome.PLAYER] + o[Outcome.PANDA8],
            "banker": o[Outcome.BANKER] + o[Outcome.DRAGON7],
            "tie": o[Outcome.TIE],
            "dragon7": o[Outcome.DRAGON7],
            "panda8": o[Outcome.PANDA8],
        }

    def probability(self, event: str) -> Fraction:
        return Fraction(self.events[event], self.sequences)

    def house_edge(self, bet: Bet) -> Fraction:
        """Expected loss per unit wagered, pushes counted as resolved bets.

        The house's game decides each outcome's result (its settlement table) and what a
        win nets (the odds, less the commission at its nominal rate: 0.95 for a commission
        Banker bet; rounding a particular wager's commission up is not counted)."""
        win = Fraction(self.house.win_multiple(bet))
        results = self.house.results
        net = Fraction(0)
        for outcome, count in self.outcomes.items():
            result = results[outcome][bet]
            if result is BetResult.WIN:
                net += win * count
            elif result is BetResult.LOSE:
                net -= count
        return -net / self.sequences


def analyze(decks: int | None = None, *, house: House = DEFAULT_HOUSE) -> Analysis:
    """The exact analysis of a house's game (its paytable, settlement table and commission);
    ``decks`` analyses the house's game from a shoe of that many decks instead of its own."""
    decks = house.decks if decks is None else decks
    classes = class_counts(decks)
    outcomes = dict.fromkeys(Outcome, 0)
    for cls, count in classes.items():
        outcomes[cls.outcome] += count
    return Analysis(decks, _falling(sum(value_counts(decks)), 6), outcomes, house)
