"""Benchmark: the history store at a busy school's scale.

Run on demand (not collected by pytest)::

    python tests/benchmarks/bench_history.py            # 10k, 100k and 1M answers
    python tests/benchmarks/bench_history.py 10000      # one size
    python tests/benchmarks/bench_history.py --db postgresql://USER@HOST/DB [SIZES]

Measures a committed write per answer (WAL, synchronous=FULL), then for each size (200
trainees, runs of 20 answers, about 80 % right): the real ``ezbac report`` command (wall time
and peak RSS, from getrusage in a small launcher), on a file unchanged since its page check
(remembered, trainer.history.checked) and as the first report after a change (checked in
full), the home screen's due count for one trainee and
the progress screen's data for one trainee, their place on the bundled path and its picture,
and the class view with and without every trainee's path (median of several calls on an open
store).

With ``--db`` a PostgreSQL database (its owner: the benchmark creates schemas ``bench_N``
there) holds the same histories, copied from the SQLite files by ``ezbac history copy``'s
code once and kept; the report then has no page check to remember.

Each history is built once, straight into SQLite (a committed write per answer would take
hours at a million), and cached under $EZBAC_BENCH_DIR (default /tmp/ezbac-bench), one file
per size and schema version.

``python tests/benchmarks/bench_history.py integrity [ANSWERS]`` builds a history of ANSWERS
(default 1,000,000) answers in bulk and times what opening it costs: the page check every
open does (PRAGMA quick_check), the whole open for writing and for reading, and the fuller
PRAGMA integrity_check that was not chosen (best of three runs, warm page cache).
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from trainer.curriculum.catalogue import load_curriculum
from trainer.history.class_view import build_class
from trainer.history.mastery import path_picture, path_progress
from trainer.history.migrations import SCHEMA_VERSION
from trainer.history.progress import progress_data
from trainer.history.scheduler import due_count
from trainer.history.store import open_history, to_db_time
from trainer.session.records import AnswerRecord

T0 = datetime(2024, 5, 1, tzinfo=UTC)
TRAINEES = 200
RUN = 20  # answers per run
SIZES = (10_000, 100_000, 1_000_000)
CACHE = Path(os.environ.get("EZBAC_BENCH_DIR", "/tmp/ezbac-bench"))
SKILLS = (
    [f"banker:{b}:{v}" for b in range(8) for v in (*range(10), "stood")]
    + [f"player:{t}" for t in range(8)]
    + ["natural"]
    + [f"outcome:{o}" for o in ("player", "banker", "tie", "dragon7", "panda8")]
    + [f"payout:{b}:{r}" for b in ("player", "banker", "tie") for r in ("win", "lose")]
)
STEP = {
    "banker": "banker_draws",
    "player": "player_draws",
    "natural": "player_draws",
    "outcome": "outcome",
    "payout": "payout",
}


def record(i: int, rng: random.Random) -> AnswerRecord:
    return AnswerRecord(
        f"w{i // 20}",
        f"w{i % 10}",
        "bench",
        "banker_draws",
        rng.choice(SKILLS),
        ("4h", "3s", "Td", "Kc", "8h"),
        "draws",
        "stands",
        rng.random() < 0.8,
        2.0,
        T0 + timedelta(seconds=30 * i),
    )


def build(path: Path, total: int) -> None:
    """``total`` answers in runs of RUN, run k by trainee k mod TRAINEES, 10 minutes apart;
    every 25th run abandoned half-way, every 10th followed by a retry of its misses."""
    rng = random.Random(total)
    open_history(path).close()  # the schema this code writes
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA synchronous = OFF")
    answers: list[tuple] = []
    sessions: list[tuple] = []
    run = 0
    written = 0
    while written < total:
        trainee = f"t{run % TRAINEES:03d}"
        sid = f"s{run:07d}"
        start = T0 + timedelta(minutes=10 * run)
        length = min(RUN, total - written)
        abandoned = run % 25 == 24
        given = length // 2 if abandoned else length
        right = 0
        for j in range(given):
            skill = rng.choice(SKILLS)
            ok = rng.random() < 0.8
            right += ok
            answers.append(
                (
                    sid,
                    trainee,
                    "bench",
                    STEP[skill.partition(":")[0]],
                    skill,
                    skill.partition(":")[0],
                    "4h 3s Td Kc 8h",
                    "draws",
                    "draws" if ok else "stands",
                    int(ok),
                    round(rng.uniform(0.8, 6.0), 2),
                    to_db_time(start + timedelta(seconds=20 * j)),
                    None,
                    None,
                )
            )
        end = to_db_time(start + timedelta(seconds=20 * given))
        exam = run % 3 == 0
        sessions.append(
            (
                sid,
                trainee,
                "bench",
                "Bench drill",
                "exam" if exam else "practice",
                to_db_time(start),
                end,
                length,
                right,
                None if abandoned else int(right * 5 >= length * 4),
                int(abandoned),
                run % 7 == 0,
                None,
            )
        )
        if run % 10 == 9:
            sessions.append(
                (
                    sid + "r",
                    trainee,
                    "bench",
                    "Bench drill",
                    "practice",
                    end,
                    end,
                    0,
                    0,
                    None,
                    0,
                    0,
                    sid,
                )
            )
        written += given
        run += 1
    conn.executemany(
        "INSERT INTO answers (session_id, trainee, drill_id, step, skill, family, cards, "
        "answer, expected, correct, seconds, answered_at, bet, wager) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        answers,
    )
    conn.executemany(
        "INSERT INTO sessions (session_id, trainee, drill_id, drill_title, mode, started_at, "
        "finished_at, questions, correct, passed, abandoned, reference_opened, retry_of) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        sessions,
    )
    conn.commit()
    conn.execute("ANALYZE")
    conn.close()


def history(total: int) -> Path:
    """The cached history of ``total`` answers, built on first use."""
    path = CACHE / f"history-{total}-v{SCHEMA_VERSION}.sqlite3"
    if not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".building")
        for leftover in CACHE.glob(partial.name + "*"):
            leftover.unlink()
        started = time.perf_counter()
        older = CACHE / f"history-{total}-v{SCHEMA_VERSION - 1}.sqlite3"
        if older.exists():  # the same rows, brought forward by the trainer's own migration
            shutil.copyfile(older, partial)
            open_history(partial).close()
            conn = sqlite3.connect(partial)  # closed before the rename (its -wal is named
            conn.execute("ANALYZE")  # after this path)
            conn.commit()
            conn.close()
        else:
            build(partial, total)
        partial.rename(path)
        print(f"  built {path} in {time.perf_counter() - started:.0f} s", flush=True)
    return path


#: Runs the command and prints its wall time and peak RSS.  A small process of its own, since a
#: child's ru_maxrss counts what it inherited before exec: spawned from this benchmark (which
#: may have just built a million rows) it would report the benchmark's memory, not its own.
LAUNCHER = """
import resource, subprocess, sys, time
started = time.perf_counter()
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode
wall = time.perf_counter() - started
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(code, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
"""


#: The report's own EZBAC_HOME: where it remembers the files it found whole (see
#: trainer.history.checked), removed for a "first report after a change" figure.
HOME = Path(tempfile.mkdtemp(prefix="ezbac-bench-home-"))


def run_report(path: Path | str, *extra: str, cold: bool = False) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak RSS (MB) of one ``ezbac report`` process.  CPU time
    is the steadier figure on a shared machine (wall time includes waiting for a core).
    ``cold``: the file's page check is not remembered, as on the first report after a
    change."""
    if cold:
        (HOME / "checked.json").unlink(missing_ok=True)
    env = {**os.environ, "EZBAC_HOME": str(HOME)}
    # an installed ezbac runs from compiled bytecode: without it every module is compiled
    # again on every run (about 0.1 s here), which measures the shell, not the report
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            LAUNCHER,
            sys.executable,
            "-m",
            "trainer",
            "report",
            "--db",
            str(path),
            *extra,
        ],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout.split()
    code, wall, cpu, rss_kb = int(out[0]), float(out[1]), float(out[2]), int(out[3])
    if code:
        raise SystemExit(f"ezbac report failed ({code})")
    return wall, cpu, rss_kb / 1024  # kB on Linux


def median_ms(fn, repeat: int = 7) -> float:
    fn()  # warm: the page cache and the imports, as on a screen shown a second time
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return 1000 * statistics.median(times)


def with_schema(url: str, schema: str) -> str:
    """``url`` with its tables in ``schema`` (libpq's options: the search_path)."""
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


def server_history(url: str, total: int) -> str:
    """The address of a schema ``bench_TOTAL`` in the database at ``url`` that holds the
    cached SQLite history of ``total`` answers, copied there on first use by ezbac's own
    ``history copy`` (COPY) and analysed."""
    import psycopg

    from trainer.history.transfer import copy_history

    schema = f"bench_{total}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")
    target = with_schema(url, schema)
    with open_history(target) as dst:
        held = dst.answer_count()
        if held == total:
            return target
        if held:
            raise SystemExit(f"schema {schema} holds {held:,} answers, not {total:,}: drop it")
        started = time.perf_counter()
        with open_history(history(total), readonly=True) as src:
            copy_history(src, dst)
    with psycopg.connect(url, autocommit=True) as conn:
        # the steady state a school's server is in (autovacuum): statistics gathered and the
        # visibility map set, so the index-only scans the reads are planned for stay index-only
        for table in ("answers", "sessions", "answer_totals"):
            conn.execute(f"VACUUM (ANALYZE) {schema}.{table}")
    print(
        f"  copied {total:,} answers to {schema} in {time.perf_counter() - started:.0f} s",
        flush=True,
    )
    return target


def measure(total: int, server: str | None = None) -> None:
    target: Path | str = history(total) if server is None else server_history(server, total)
    who = "t007"
    run_report(target)  # warm the page cache
    cold = [run_report(target, cold=True) for _ in range(3)]
    run_report(target)  # the check remembered
    warm = [run_report(target) for _ in range(3)]

    def summary(runs: list[tuple[float, float, float]]) -> str:
        wall = statistics.median(w for w, _, _ in runs)
        cpu = statistics.median(c for _, c, _ in runs)
        return f"{wall:.2f} s ({cpu:.2f} s CPU)"

    rss = max(r for _, _, r in cold + warm)
    with open_history(target, create=False) as store:
        due = median_ms(lambda: due_count(store, who))
        progress = median_ms(lambda: progress_data(store, who), repeat=5)
        per_trainee = store.answer_count(who)
        curriculum = load_curriculum()  # the bundled path
        path = median_ms(lambda: path_progress(store, who, curriculum))
        picture = median_ms(lambda: path_picture(store, who, curriculum), repeat=5)
        plain_class = median_ms(lambda: build_class(store), repeat=3)
        path_class = median_ms(lambda: build_class(store, curriculum=curriculum), repeat=3)
    # a server has no page check: one figure
    report = (
        f"ezbac report {summary(cold + warm)}"
        if server
        else f"ezbac report {summary(warm)}, first after a change {summary(cold)}"
    )
    print(
        f"{total:>9,} answers: {report}, peak RSS {rss:.0f} MB; one trainee "
        f"({per_trainee:,} answers): due count {due:.1f} ms, progress {progress:.0f} ms, "
        f"path {path:.0f} ms, path picture {picture:.0f} ms; class view {plain_class:.0f} ms, "
        f"with every trainee's path {path_class:.0f} ms; load {os.getloadavg()[0]:.1f}",
        flush=True,
    )


def write_speed(server: str | None = None, timed_writes: int = 500) -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        if server is None:
            target: Path | str = Path(tmp) / "h.sqlite3"
        else:
            import psycopg

            with psycopg.connect(server, autocommit=True) as conn:
                conn.execute("DROP SCHEMA IF EXISTS bench_write CASCADE")
                conn.execute("CREATE SCHEMA bench_write")
            target = with_schema(server, "bench_write")
        with open_history(target) as store:
            start = time.perf_counter()
            for i in range(timed_writes):
                store.on_answer(record(i, rng))
            write = (time.perf_counter() - start) / timed_writes
    print(f"write one answer (committed): {1000 * write:.2f} ms", flush=True)


def main(argv: list[str]) -> None:
    server = None
    if "--db" in argv:
        at = argv.index("--db")
        server = argv[at + 1]
        argv = argv[:at] + argv[at + 2 :]
    sizes = tuple(int(a) for a in argv) or SIZES
    write_speed(server)
    for total in sizes:
        measure(total, server)


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
                    rows.append(
                        (
                            r.session_id,
                            r.trainee,
                            r.drill_id,
                            r.step,
                            r.skill,
                            family(r.skill),
                            " ".join(r.cards),
                            r.answer,
                            r.expected,
                            int(r.correct),
                            r.seconds,
                            to_db_time(r.answered_at),
                        )
                    )
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
            (
                "open for reading (report), check included",
                lambda: open_history(db, readonly=True).close(),
            ),
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
    if sys.argv[1:2] == ["integrity"]:
        integrity(int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000)
    else:
        main(sys.argv[1:])
