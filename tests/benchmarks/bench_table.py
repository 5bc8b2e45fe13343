"""Benchmark: settling a full 7-seat layout with chip breakdowns, and dealing a table coup.

Run on demand: ``python tests/benchmarks/bench_table.py`` (not collected by pytest).
Issue #13 asks for at most 0.2 ms to settle a 7-seat layout (chips included) and at most
2 ms to generate a table coup.  Reports the best and median of several runs per house, as
the machine may be shared.
"""

from __future__ import annotations

import random
import statistics
import time

from trainer.engine.coup import Outcome
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.table import deal_layout, deal_table_coup, settle_table

LAYOUTS = 500
REPEAT = 5


def bench_settle(house_id: str, *, checked: bool) -> list[float]:
    house = BUNDLED_HOUSES[house_id]
    layouts = [deal_layout(random.Random(i), house, seats=(7, 7), bets_per_seat=(2, 3))
               for i in range(LAYOUTS)]
    outcomes = list(Outcome)
    for outcome in outcomes:  # warm the caches (chip tables, rules rows)
        settle_table(outcome, layouts[0], house)
    per: list[float] = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        for i, layout in enumerate(layouts):
            settle_table(outcomes[i % 5], layout, house, checked=checked)
        per.append((time.perf_counter() - start) / LAYOUTS)
    return per


def bench_deal(house_id: str, count: int = 300) -> list[float]:
    house = BUNDLED_HOUSES[house_id]
    rng = random.Random(7)
    deal_table_coup(rng, house)
    per: list[float] = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        for _ in range(count):
            deal_table_coup(rng, house)
        per.append((time.perf_counter() - start) / count)
    return per


def _ms(values: list[float]) -> str:
    return f"best {min(values) * 1000:.3f} ms, median {statistics.median(values) * 1000:.3f} ms"


if __name__ == "__main__":
    for house_id in BUNDLED_HOUSES:
        print(f"{house_id:<11} settle 7 seats, 2-3 bets each, validated: "
              f"{_ms(bench_settle(house_id, checked=False))}")
        print(f"{house_id:<11} settle 7 seats, 2-3 bets each, checked=True: "
              f"{_ms(bench_settle(house_id, checked=True))}")
        print(f"{house_id:<11} deal a table coup (layout + fresh shoe + settlement): "
              f"{_ms(bench_deal(house_id))}")
