"""The exact analysis against the published figures, digit for digit, and against an
independent brute-force count written here from docs/rules.md (not from the engine's tables)."""

from __future__ import annotations

import json
import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from trainer.engine.analysis import analyze, class_counts
from trainer.engine.errors import InvalidShoeError
from trainer.engine.house import DEFAULT_HOUSE
from trainer.engine.settlement import DEFAULT_PAYTABLE, Bet, Paytable

DATA = json.loads(
    (Path(__file__).parents[1] / "data" / "published_ez_baccarat.json").read_text(encoding="utf-8")
)


def test_data_file_cites_its_sources() -> None:
    assert any("wizardofodds.com/games/ez-baccarat" in s for s in DATA["sources"])


@pytest.mark.parametrize("decks", [8, 6])
def test_sequence_count_is_the_published_convention(decks: int) -> None:
    published = DATA["decks"][str(decks)]
    factors = [int(f) for f in published["sequences_formula"].split("*")]
    assert factors == list(range(52 * decks, 52 * decks - 6, -1))
    assert math.prod(factors) == int(published["sequences"])
    assert analyze(decks).sequences == int(published["sequences"])


@pytest.mark.parametrize("decks", [8, 6])
def test_event_counts_match_published_to_the_last_digit(decks: int) -> None:
    published = {k: int(v) for k, v in DATA["decks"][str(decks)]["events"].items()}
    events = analyze(decks).events
    assert {k: events[k] for k in published} == published


def test_published_8_deck_events_partition_the_sequences() -> None:
    # A check on the data file itself: Player + Banker + Tie is every sequence.
    ev = {k: int(v) for k, v in DATA["decks"]["8"]["events"].items()}
    assert ev["player"] + ev["banker"] + ev["tie"] == int(DATA["decks"]["8"]["sequences"])


def _percent_as_published(edge: Fraction, published: str) -> Decimal:
    places = Decimal(published).as_tuple().exponent
    pct = Decimal(edge.numerator) * 100 / Decimal(edge.denominator)
    return pct.quantize(Decimal(1).scaleb(places), rounding=ROUND_HALF_UP)


@pytest.mark.parametrize("bet", list(Bet), ids=lambda b: b.value)
def test_house_edges_match_published(bet: Bet) -> None:
    published = DATA["decks"]["8"]["house_edge_percent"][bet.value]
    paytable = Paytable(**DATA["decks"]["8"]["paytable"])
    assert paytable == DEFAULT_PAYTABLE
    edge = analyze(8, house=DEFAULT_HOUSE.with_paytable(paytable)).house_edge(bet)
    assert _percent_as_published(edge, published) == Decimal(published)


def test_house_edges_follow_the_paytable() -> None:
    # Worked from the published counts by hand: a Dragon 7 bet paying 30 to 1 wins D and
    # loses N - D, so its edge is 1 - 31 D / N; a Tie paying 9 to 1, 1 - 10 T / N.
    ev = {k: int(v) for k, v in DATA["decks"]["8"]["events"].items()}
    n = int(DATA["decks"]["8"]["sequences"])
    table = DEFAULT_PAYTABLE.with_odds({Bet.DRAGON7: 30, Bet.TIE: 9, Bet.PANDA8: Decimal("7.5")})
    result = analyze(8, house=DEFAULT_HOUSE.with_paytable(table))
    assert result.house_edge(Bet.DRAGON7) == 1 - Fraction(31 * ev["dragon7"], n)
    assert result.house_edge(Bet.TIE) == 1 - Fraction(10 * ev["tie"], n)
    assert result.house_edge(Bet.PANDA8) == 1 - Fraction(85 * ev["panda8"], 10 * n)
    # Banker: wins a non-Dragon Banker win, pushes a Dragon 7 and a Tie, loses a Player win.
    banker_edge = Fraction(ev["player"] - (ev["banker"] - ev["dragon7"]), n)
    assert result.house_edge(Bet.BANKER) == banker_edge
    # Player: wins a Player win (Panda 8 too), pushes a Tie, loses a Banker win.
    assert result.house_edge(Bet.PLAYER) == Fraction(ev["banker"] - ev["player"], n)


def test_probabilities_are_exact_fractions() -> None:
    result = analyze(8)
    ev = {k: int(v) for k, v in DATA["decks"]["8"]["events"].items()}
    n = int(DATA["decks"]["8"]["sequences"])
    assert result.probability("dragon7") == Fraction(ev["dragon7"], n)


@pytest.mark.parametrize("decks", [0, 1, 7, 9])
def test_unsupported_deck_counts_are_refused(decks: int) -> None:
    with pytest.raises(InvalidShoeError, match=str(decks)):
        analyze(decks)


# --- an independent count, written from docs/rules.md ------------------------------------------

# Banker's two-card total -> Player third-card values on which the Banker draws (docs/rules.md).
_DRAWS_ON = {
    0: set(range(10)),
    1: set(range(10)),
    2: set(range(10)),
    3: {0, 1, 2, 3, 4, 5, 6, 7, 9},
    4: {2, 3, 4, 5, 6, 7},
    5: {4, 5, 6, 7},
    6: {6, 7},
    7: set(),
}


def _naive_counts(decks: int) -> dict[tuple[int, int, int | None, int | None], int]:
    """Plain nested loops over card values in shoe order, weighting each value sequence by
    how many card sequences it stands for; positions the coup leaves unused are filled by
    any remaining card (the published convention)."""
    left = [16 * decks] + [4 * decks] * 9
    total = 52 * decks
    out: dict[tuple[int, int, int | None, int | None], int] = {}

    def take(v: int) -> int:
        n = left[v]
        left[v] -= 1
        return n

    def add(key: tuple[int, int, int | None, int | None], weight: int, used: int) -> None:
        for i in range(used, 6):
            weight *= total - i
        out[key] = out.get(key, 0) + weight

    for p1 in range(10):
        w1 = take(p1)
        for b1 in range(10):
            w2 = w1 * take(b1)
            for p2 in range(10):
                w3 = w2 * take(p2)
                for b2 in range(10):
                    w4 = w3 * take(b2)
                    pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
                    if pt in (8, 9) or bt in (8, 9):
                        add((pt, bt, None, None), w4, 4)
                    elif pt in (6, 7):
                        if bt <= 5:
                            for b3 in range(10):
                                add((pt, bt, None, b3), w4 * left[b3], 5)
                        else:
                            add((pt, bt, None, None), w4, 4)
                    else:
                        for p3 in range(10):
                            w5 = w4 * take(p3)
                            if p3 in _DRAWS_ON[bt]:
                                for b3 in range(10):
                                    add((pt, bt, p3, b3), w5 * left[b3], 6)
                            else:
                                add((pt, bt, p3, None), w5, 5)
                            left[p3] += 1
                    left[b2] += 1
                left[p2] += 1
            left[b1] += 1
        left[p1] += 1
    return out


def _naive_events(counts: dict[tuple[int, int, int | None, int | None], int]) -> dict[str, int]:
    ev = dict.fromkeys(("player", "banker", "tie", "dragon7", "panda8"), 0)
    for (pt, bt, p3, b3), n in counts.items():
        pf, bf = (pt + (p3 or 0)) % 10, (bt + (b3 or 0)) % 10
        if pf == bf:
            ev["tie"] += n
        elif bf > pf:
            ev["banker"] += n
            if bf == 7 and b3 is not None:
                ev["dragon7"] += n
        else:
            ev["player"] += n
            if pf == 8 and p3 is not None:
                ev["panda8"] += n
    return ev


@pytest.mark.parametrize("decks", [8, 6])
def test_independent_brute_force_agrees_class_by_class(decks: int) -> None:
    naive = _naive_counts(decks)
    engine = {
        (c.player_total, c.banker_total, c.player_third, c.banker_third): n
        for c, n in class_counts(decks).items()
    }
    assert engine == naive
    published = {k: int(v) for k, v in DATA["decks"][str(decks)]["events"].items()}
    events = _naive_events(naive)
    assert {k: events[k] for k in published} == published
