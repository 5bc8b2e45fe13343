"""Coups per second of engine time for the whole-shoe simulator (one process, one core).

Run on demand, not collected by pytest:

    python tests/benchmarks/bench_simulate.py [--shoes N] [--repeat R]

Reports the best and median of R runs for 8 and 6 decks, how the time splits between the
shuffle and the dealing, and the slow path (Shoe + Coup objects) for comparison.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from trainer.engine.cards import FULL_DECK
from trainer.engine.shoe import Shoe, _payload, _sorter
from trainer.engine.simulate import deal_values, simulate


def bench_simulate(shoes: int, decks: int, repeat: int) -> None:
    rates = []
    for i in range(repeat):
        result = simulate(shoes, decks, random.Random(i))
        rates.append(result.coups_per_second)
    per_shoe = result.totals.coups / shoes
    print(
        f"simulate  {decks} decks: best {max(rates):>10,.0f} coups/s, "
        f"median {statistics.median(rates):>10,.0f} coups/s  ({per_shoe:.1f} coups/shoe, "
        f"{shoes:,} shoes x {repeat})"
    )


def bench_parts(shoes: int, decks: int) -> None:
    values = tuple(c.value for c in FULL_DECK) * decks
    sorter, payload = _sorter(len(values)), _payload(values)
    rng = random.Random(1)
    start = time.perf_counter()
    dealt = [sorter.values(sorter.sorted_words(rng, payload)) for _ in range(shoes)]
    shuffle_time = time.perf_counter() - start
    items = list(range(len(values)))
    start = time.perf_counter()
    for _ in range(shoes):
        rng.shuffle(items)
    stdlib_time = time.perf_counter() - start
    last = len(values) - 14
    start = time.perf_counter()
    coups = sum(deal_values(v, 1 + (v[0] or 10), last)[0] for v in dealt)
    deal_time = time.perf_counter() - start
    print(
        f"  parts   {decks} decks: key-sort shuffle {1e6 * shuffle_time / shoes:6.1f} us/shoe "
        f"(random.shuffle {1e6 * stdlib_time / shoes:6.1f}), dealing "
        f"{1e6 * deal_time / shoes:6.1f} us/shoe = {coups / deal_time:,.0f} coups/s"
    )


def bench_slow_path(shoes: int, decks: int) -> None:
    rng = random.Random(2)
    start = time.perf_counter()
    coups = sum(sum(1 for _ in Shoe.shuffled(rng, decks).coups()) for _ in range(shoes))
    elapsed = time.perf_counter() - start
    print(f"  slow    {decks} decks: Shoe + Coup objects {coups / elapsed:>10,.0f} coups/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for decks in (8, 6):
        bench_simulate(args.shoes, decks, args.repeat)
        bench_parts(min(args.shoes, 5000), decks)
        bench_slow_path(200, decks)


if __name__ == "__main__":
    main()
