"""Benchmark: the history store at a busy school's scale.

Run on demand: ``python tests/benchmarks/bench_history.py`` (not collected by pytest).
Measures a committed write per answer (WAL, synchronous=FULL), then with 50,000 answers from
10 trainees: the home screen's due count, the progress screen's data and the full report.

``python tests/benchmarks/bench_history.py integrity [ANSWERS]`` builds a history of ANSWERS
(default 1,000,000) answers in bulk and times what opening it costs: the page check every
open does (PRAGMA quick_check), the whole open for writing and for reading, and the fuller
PRAGMA integrity_check that was not chosen (best of three runs, warm page cache).
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


def integrity(total: int = 1_000_000) -> None:
    import sqlite3

    from trainer.history.store import to_db_time
    from trainer.skills import family

    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "h.sqlite3"
        with open_history(db) as store:
            conn = store._conn  # bulk rows in one transaction: minutes, not hours
            conn.execute("BEGIN")
            for start in range(0, total, 50_000):
                rows = []
                for i in range(start, min(total, start + 50_000)):
                    r = record(i, rng)
                    rows.append((
                        r.session_id, r.trainee, r.drill_id, r.step, r.skill, family(r.skill),
                        " ".join(r.cards), r.answer, r.expected, int(r.correct), r.seconds,
                        to_db_time(r.answered_at),
                    ))
                conn.executemany(
                    "INSERT INTO answers (session_id, trainee, drill_id, step, skill, family, "
                    "cards, answer, expected, correct, seconds, answered_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    rows,
                )
            conn.execute("COMMIT")
        size = db.stat().st_size
        print(f"{total:,} answers: {size / 2**20:.0f} MiB")

        def pragma(name: str) -> None:
            conn = sqlite3.connect(db.as_uri() + "?mode=ro&immutable=1", uri=True)
            conn.execute(f"PRAGMA {name}").fetchall()
            conn.close()

        for label, fn in (
            ("PRAGMA quick_check (the check on open)", lambda: pragma("quick_check")),
            ("open for writing (trainer), check included", lambda: open_history(db).close()),
            ("open for reading (report), check included",
             lambda: open_history(db, readonly=True).close()),
            ("PRAGMA integrity_check (not chosen)", lambda: pragma("integrity_check")),
        ):
            times = []
            for _ in range(3):
                start = time.perf_counter()
                fn()
                times.append(time.perf_counter() - start)
            runs = ", ".join(f"{t:.2f}" for t in times)
            print(f"{label}: {min(times):.2f} s (of 3 runs: {runs})")


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["integrity"]:
        integrity(int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000)
    else:
        main()
