"""Benchmark: 1,000 coups of the rarest tableau cell (Banker 3, Player's third card an 8).

Run on demand: ``python tests/benchmarks/bench_generate.py`` (not collected by pytest).
The issue asks for well under 0.5 s.
"""

from __future__ import annotations

import random
import time

from trainer.drills.generate import _class_table, _value_table, generate_coup
from trainer.drills.model import CoupFilter

RAREST = CoupFilter(banker_total=frozenset({3}), player_third=frozenset({8}))


def run(count: int = 1000, seed: int = 1) -> tuple[float, float]:
    _class_table.cache_clear()
    _value_table.cache_clear()
    rng = random.Random(seed)
    start = time.perf_counter()
    generate_coup((RAREST,), 8, rng)  # first coup builds the tables (class_counts is cached)
    cold = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(count):
        generate_coup((RAREST,), 8, rng)
    return cold, time.perf_counter() - start


if __name__ == "__main__":
    from trainer.engine.analysis import class_counts

    t0 = time.perf_counter()
    class_counts(8)
    print(f"class_counts(8), once per process: {time.perf_counter() - t0:.3f} s")
    cold, warm = run()
    print(f"first coup (tables built): {cold * 1000:.1f} ms")
    print(f"1,000 coups Banker 3 / Player third 8: {warm:.3f} s ({warm:.6f} s per 1,000)")
