"""Drill loading under hostile files (run on demand, not collected by default):

    python tests/benchmarks/bench_drills.py

The target: any drill file up to the 1 MiB limit validates in a few seconds.  Times are the
median of RUNS in-process loads (the engine's class table warm, as in a validate of several
files), printed as JSON.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from trainer.drills import fields as F
from trainer.drills.errors import DrillFileError
from trainer.drills.loader import load_text

RUNS = 3
HEAD = "id: hostile\ntitle: Hostile\ndescription: d\nask: outcome\n"


def filters(count: int) -> str:
    """``count`` distinct unsatisfiable filters (the worst case: each must be explained)."""
    rows = []
    for i in range(count):
        totals = f"[{i % 10}, {(i // 10) % 10}]"
        rows.append(
            f"  - {{natural: true, player_draws: true, player_total: {totals}, "
            f"banker_final: {(i // 100) % 10}, weight: {1 + i % 50}}}"
        )
    return HEAD + "generate:\n" + "\n".join(rows) + "\n"


def coups(size: int) -> str:
    """Fixed coups (each dealt and checked by the engine) up to ``size`` bytes."""
    row = "  - {cards: 4h 3s 2d Kc 8h, expect: {outcome: player, natural: false}}\n"
    return HEAD + "coups:\n" + row * ((size - len(HEAD) - 8) // len(row))


def timed(text: str) -> tuple[float, int]:
    times, problems = [], 0
    for _ in range(RUNS):
        start = time.perf_counter()
        try:
            load_text(text, "bench.yaml")
        except DrillFileError as exc:
            problems = len(exc.problems)
        times.append(time.perf_counter() - start)
    return statistics.median(times), problems


def main() -> None:
    load_text(HEAD + "generate: [{outcome: tie}]\n")  # warm the class table
    out = {}
    text = filters(3000)
    out["filters_3000_capped_s"], out["filters_3000_problems"] = timed(text)
    cap = F.MAX_FILTERS
    F.MAX_FILTERS = 10**6  # how long the check itself takes, without the cap
    try:
        out["filters_3000_uncapped_s"], _ = timed(text)
    finally:
        F.MAX_FILTERS = cap
    big = coups(F.MAX_FILE_BYTES)
    out["coups_1mib_bytes"] = len(big.encode())
    out["coups_1mib_s"], _ = timed(big)
    print(
        json.dumps(
            {k: round(v, 3) if isinstance(v, float) else v for k, v in out.items()}, indent=2
        )
    )


if __name__ == "__main__":
    main()
