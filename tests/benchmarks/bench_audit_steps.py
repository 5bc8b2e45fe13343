"""Benchmark: `ezbac audit --file` on one coup of many steps, to show the audit is linear
in its steps (naming each deviation's step once rebuilt the whole list of steps: a coup of
40,000 steps took minutes).

Run on demand: ``python tests/benchmarks/bench_audit_steps.py [STEPS ...]`` (not collected
by pytest; default 10,000, 20,000, 40,000 and 100,000 steps).  Each size is one coup: its
six cards, then one take of the same bet after another (the first right, each other a
deviation, "a second time"), so every step is read, audited and its deviation written.
Reports the best and the median of several runs, and the time per step, which stays flat
when the audit is linear.
"""

from __future__ import annotations

import contextlib
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

from trainer.cli import main

REPEAT = 3
CARDS = "P:Ks B:2h P:As B:2c P:5d B:3c"


def coup_text(steps: int) -> str:
    """One coup: its six cards and ``steps`` takes over seven seats (one bet each)."""
    takes = (f"take:{k % 7 + 1}:player=5" for k in range(steps))
    return CARDS + "\n" + "\n".join(takes) + "\n"


def bench(steps: int, folder: Path) -> list[float]:
    path = folder / f"coup-{steps}.txt"
    path.write_text(coup_text(steps), encoding="utf-8")
    times = []
    for _ in range(REPEAT):
        out, err = io.StringIO(), io.StringIO()
        start = time.perf_counter()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["audit", "--file", str(path)])
        times.append(time.perf_counter() - start)
        assert status == 1, err.getvalue()  # the deviations listed, no bad input
    return times


if __name__ == "__main__":
    sizes = [int(a) for a in sys.argv[1:]] or [10_000, 20_000, 40_000, 100_000]
    with tempfile.TemporaryDirectory() as folder:
        for steps in sizes:
            t = bench(steps, Path(folder))
            print(
                f"{steps:>7,} steps: best {min(t):.2f} s, median {statistics.median(t):.2f} s, "
                f"{min(t) / steps * 1e6:.1f} µs a step"
            )
