"""Benchmark: preparing a set of chips (the plan, and the programme where largest-first is
not exact) and cutting payouts from it, whatever the amount.

Run on demand: ``python tests/benchmarks/bench_chips.py`` (not collected by pytest).  Prints,
per set of chips, how it is cut, the steps and seconds its preparation took, and the
microseconds a cut takes for small and huge amounts (the same: the cut does not grow with the
amount).  Refused sets print their one-line reason and the steps it took to refuse them.
"""

from __future__ import annotations

import random
import time
from decimal import Decimal

from trainer.engine import chips as C
from trainer.engine.house import BUNDLED_HOUSES

D = Decimal
SETS = {
    **{f"house {h.id}": tuple(c.value for c in h.chips) for h in BUNDLED_HOUSES.values()},
    "1 .. 100,000 (largest first)": tuple(
        D(v) for v in (1, 5, 25, 100, 500, 1000, 5000, 25000, 100000)
    ),
    "1, 2.50 .. 100,000 (programme)": tuple(
        D(v) for v in ("1", "2.50", "5", "25", "100", "500", "1000", "5000", "25000", "100000")
    ),
    "99.73, 99.67 (refused)": (D("99.73"), D("99.67")),
    "999999.99, 999999.98, 0.03, 0.07 (refused)": (
        D("999999.99"),
        D("999999.98"),
        D("0.03"),
        D("0.07"),
    ),
}


def main() -> None:
    rng = random.Random(1)
    for name, chips in SETS.items():
        C.clear_caches()
        steps = C.Steps()
        start = time.perf_counter()
        try:
            C.pay_in_chips(D(1), chips, steps=steps)
        except C.ChipError as exc:
            print(
                f"{name}: refused in {steps.used:,} steps, "
                f"{time.perf_counter() - start:.4f} s: {exc}"
            )
            continue
        prepared = time.perf_counter() - start
        how = "largest first" if C._PREPARED[chips][1] is None else "programme"
        line = [f"{name}: {how}, prepared in {steps.used:,} steps, {prepared:.3f} s"]
        for top in (10**4, 10**12):
            amounts = [D(rng.randrange(top)).scaleb(-2) for _ in range(5000)]
            start = time.perf_counter()
            for a in amounts:
                C.pay_in_chips(a, chips)
            line.append(
                f"{(time.perf_counter() - start) / len(amounts) * 1e6:.1f} us a cut "
                f"below {top // 100:,}"
            )
        print("; ".join(line))


if __name__ == "__main__":
    main()
