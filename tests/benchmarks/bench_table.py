"""Benchmark: settling a full 7-seat layout with chip breakdowns, and dealing a table coup.

Run on demand: ``python tests/benchmarks/bench_table.py`` (not collected by pytest).
The targets: at most 0.2 ms to settle a 7-seat layout (chips included) and at most
2 ms to generate a table coup.  Reports the best and median of several runs per house, in
wall time and in this process's CPU time (steadier when the machine is shared), with the
load average, under each chip convention.  "cold" forgets the per-house plan and the
memoised payout cuts before every layout (the chip programme itself stays cached, as it
does in any run after the first payout).
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from trainer.engine import table as table_module
from trainer.engine.chips import ChipConvention, PayStyle
from trainer.engine.coup import Outcome
from trainer.engine.house import BUNDLED_HOUSES, House
from trainer.engine.table import deal_layout, deal_table_coup, settle_table

LAYOUTS = 500
REPEAT = 7


def _runs(body: Callable[[], None], count: int) -> tuple[list[float], list[float]]:
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(REPEAT):
        w, c = time.perf_counter(), time.process_time()
        body()
        wall.append((time.perf_counter() - w) / count)
        cpu.append((time.process_time() - c) / count)
    return wall, cpu


def bench_settle(house: House, *, checked: bool, cold: bool = False) -> tuple[list[float], ...]:
    layouts = [
        deal_layout(random.Random(i), house, seats=(7, 7), bets_per_seat=(2, 3))
        for i in range(LAYOUTS)
    ]
    outcomes = list(Outcome)
    for outcome in outcomes:  # warm the chip programme and the rules rows
        settle_table(outcome, layouts[0], house)

    def body() -> None:
        for i, layout in enumerate(layouts):
            if cold:
                table_module._PLANS.clear()
            settle_table(outcomes[i % 5], layout, house, checked=checked)

    return _runs(body, LAYOUTS)


def bench_deal(house: House, count: int = 300) -> tuple[list[float], ...]:
    rng = random.Random(7)
    deal_table_coup(rng, house)

    def body() -> None:
        for _ in range(count):
            deal_table_coup(rng, house)

    return _runs(body, count)


def _ms(runs: tuple[list[float], ...]) -> str:
    wall, cpu = runs
    return (
        f"wall best {min(wall) * 1000:.3f} / median {statistics.median(wall) * 1000:.3f} ms, "
        f"CPU best {min(cpu) * 1000:.3f} / median {statistics.median(cpu) * 1000:.3f} ms"
    )


if __name__ == "__main__":
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    for house_id, base in BUNDLED_HOUSES.items():
        print(
            f"{house_id:<11} settle 7 seats, 2-3 bets each, validated: "
            f"{_ms(bench_settle(base, checked=False))}"
        )
        print(
            f"{house_id:<11} the same, cold plan and cuts: "
            f"{_ms(bench_settle(base, checked=False, cold=True))}"
        )
        print(f"{house_id:<11} the same, checked=True: {_ms(bench_settle(base, checked=True))}")
        for conv in (
            ChipConvention(PayStyle.COLOUR_FOR_COLOUR),
            ChipConvention(PayStyle.MAX_EACH, 10),
        ):
            house = replace(base, payout_chips=conv)
            print(
                f"{house_id:<11} validated, {conv.style.value}: "
                f"{_ms(bench_settle(house, checked=False))}"
            )
        print(
            f"{house_id:<11} deal a table coup (layout + fresh shoe + settlement): "
            f"{_ms(bench_deal(base))}"
        )
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
