"""Benchmark: auditing a dealt procedure, injecting a mistake, and running a whole shoe as
events (ShoeRun) against the simulator's fast path.

Run on demand: ``python tests/benchmarks/bench_audit.py`` (not collected by pytest).  A
spot-the-error drill audits one replay per question and injects until a mistake applies,
so these set its feedback time.  Reports the best and median of several runs, as the
machine may be shared.
"""

from __future__ import annotations

import contextlib
import random
import statistics
import time

from trainer.engine.catalogue import CATALOGUE
from trainer.engine.dealt import Dealt
from trainer.engine.house import DEFAULT_HOUSE
from trainer.engine.injection import MistakeDoesNotApply, inject
from trainer.engine.procedure import audit
from trainer.engine.shoe import ShoeRun
from trainer.engine.simulate import deal_shoe, shoe_stats
from trainer.engine.table import deal_table_coup

REPEAT = 5


def _tables(count: int, seats: tuple[int, int]) -> list:
    rng = random.Random(3)
    return [
        deal_table_coup(rng, DEFAULT_HOUSE, seats=seats, bets_per_seat=(2, 3)) for _ in range(count)
    ]


def bench_audit(seats: tuple[int, int], count: int = 300) -> list[float]:
    tables = _tables(count, seats)
    dealt = [Dealt.correct(t.coup, t.layout, DEFAULT_HOUSE) for t in tables]
    per = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        for t, d in zip(tables, dealt, strict=True):
            audit(d, DEFAULT_HOUSE, t.layout)
        per.append((time.perf_counter() - start) / count)
    return per


def bench_inject(count: int = 300) -> list[float]:
    """One injection attempt of a random catalogue mistake (refusals included)."""
    tables = _tables(count, (1, 7))
    rng = random.Random(5)
    per = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        for t in tables:
            with contextlib.suppress(MistakeDoesNotApply):
                inject(rng.choice(CATALOGUE), t.coup, t.layout, DEFAULT_HOUSE, rng)
        per.append((time.perf_counter() - start) / count)
    return per


def bench_shoe(slow: bool, count: int = 20) -> list[float]:
    per = []
    for _ in range(REPEAT):
        rng = random.Random(9)
        start = time.perf_counter()
        for _ in range(count):
            if slow:
                shoe_stats(ShoeRun.shuffled(rng))
            else:
                deal_shoe(rng)
        per.append((time.perf_counter() - start) / count)
    return per


def _ms(values: list[float]) -> str:
    return f"best {min(values) * 1000:.3f} ms, median {statistics.median(values) * 1000:.3f} ms"


if __name__ == "__main__":
    print(f"audit a 1-seat coup (2-3 bets):        {_ms(bench_audit((1, 1)))}")
    print(f"audit a 7-seat table (2-3 bets each):  {_ms(bench_audit((7, 7)))}")
    print(f"inject a random mistake (1-7 seats):   {_ms(bench_inject())}")
    print(f"a whole shoe as ShoeRun events:        {_ms(bench_shoe(True))}")
    print(f"a whole shoe by the fast path:         {_ms(bench_shoe(False))}")
