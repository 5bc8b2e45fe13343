"""Benchmark: the history store at a busy school's scale.

Run on demand: ``python tests/benchmarks/bench_history.py`` (not collected by pytest).
Measures a committed write per answer (WAL, synchronous=FULL), then with 50,000 answers from
10 trainees: the home screen's due count, the progress screen's data and the full report.
"""

from __future__ import annotations

import random
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from trainer.history import due_count, open_history, progress_data
from trainer.history.report import build_report
from trainer.session.records import AnswerRecord

T0 = datetime(2024, 5, 1, tzinfo=UTC)
SKILLS = (
    [f"banker:{b}:{v}" for b in range(8) for v in range(10)]
    + ["natural"]
    + [f"outcome:{o}" for o in ("player", "banker", "tie", "dragon7", "panda8")]
)


def record(i: int, rng: random.Random) -> AnswerRecord:
    return AnswerRecord(
        f"s{i // 20}", f"t{i % 10}", "bench", "banker_draws", rng.choice(SKILLS),
        ("4h", "3s", "Td", "Kc", "8h"), "draws", "stands", rng.random() < 0.8, 2.0,
        T0 + timedelta(seconds=30 * i),
    )


def main(total: int = 50_000, timed_writes: int = 500) -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp, open_history(Path(tmp) / "h.sqlite3") as store:
        start = time.perf_counter()
        for i in range(timed_writes):
            store.on_answer(record(i, rng))
        write = (time.perf_counter() - start) / timed_writes
        for i in range(timed_writes, total):
            store.on_answer(record(i, rng))
        timings = {}
        for name, fn in (
            ("due_count (one trainee, 5,000 answers)", lambda: due_count(store, "t3")),
            ("progress_data (one trainee)", lambda: progress_data(store, "t3")),
            (f"report ({total:,} answers, 10 trainees)", lambda: build_report(store)),
        ):
            start = time.perf_counter()
            fn()
            timings[name] = time.perf_counter() - start
    print(f"write one answer (committed): {1000 * write:.2f} ms")
    for name, seconds in timings.items():
        print(f"{name}: {1000 * seconds:.0f} ms")


if __name__ == "__main__":
    main()
