"""Benchmark: a whole school on one PostgreSQL server.

Run on demand (not collected by pytest)::

    python tests/benchmarks/bench_load.py         # N = 50, 200, 500; direct and pgbouncer
    python tests/benchmarks/bench_load.py 500 --route pgbouncer --seconds 60
    python tests/benchmarks/bench_load.py 100 --db postgresql://USER@HOST/DB

N simulated trainers, each a thread in one of a few worker processes (so no one GIL holds
them all), go through the real store and recorder (trainer.history.hooks.Recorder over
open_history, each with a spool of its own, as separate terminals have): at a dealer's pace,
one answer every 2-5 s; runs of 5-15 answers, each started and ended as a session record;
the home screen's due count read at the start of each run and the progress screen's data
after it, as the screens read them.  Trainers start spread over the first 5 s.

Against a throwaway server (tests/support/pg.py, started here with PostgreSQL's default
``max_connections`` of 100, unix socket, fsync off as in the tests), directly and through
PgBouncer in transaction mode in front of it (pool of 20), or against ``--db``.

Reports, per N and route: answers per second sustained, p50 / p99 / max of the answer's
write (the recorder's on_answer: committed, or spooled when the server refused), reads' p50
/ p99, the server's client connections (sampled every 0.2 s from pg_stat_activity: mean and
max), CPU of the server (postmaster and its backends, reaped ones included), of PgBouncer,
and of the trainers' processes, and the count check: every answer given is stored exactly
once (per trainee, counted on the server after the recorders have sent their spools).
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import random
import resource
import statistics
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SIZES = (50, 200, 500)
WORKERS = 4  # processes the trainers are spread over
PACE = (2.0, 5.0)  # seconds between two answers
RUN = (5, 15)  # answers in a run
RAMP = 5.0  # trainers start within the first seconds
SKILLS = [f"banker:{b}:{v}" for b in range(8) for v in range(10)] + ["natural", "player:3"]


class BadInput(Exception):
    """Said in one line, exit status 2."""


# -- one worker process: many trainers ---------------------------------------------------


@dataclass
class Tally:
    writes: list[float] = field(default_factory=list)  # seconds, one per answer
    slow: list[float] = field(default_factory=list)  # when (s into the run) a write took > 0.5 s
    reads: list[float] = field(default_factory=list)
    sent: dict[str, int] = field(default_factory=dict)  # answers given, per trainee
    sessions: int = 0
    spooled: int = 0  # answers that went to the spool first
    left: int = 0  # records still in spools at the end
    errors: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # trainers that could not start
    cpu: float = 0.0


def _trainer(
    url: str, name: str, until: float, seconds: float, spool_dir: Path, tally: Tally, lock
) -> None:
    from trainer.history.hooks import RECORDER_BUSY_MS, Recorder
    from trainer.history.spool import Spool
    from trainer.history.store import HistoryError, open_history
    from trainer.session.records import AnswerRecord, SessionRecord

    rng = random.Random(name)
    time.sleep(rng.uniform(0, RAMP))
    writes: list[float] = []
    slow: list[float] = []
    reads: list[float] = []
    sent = sessions = spooled = 0
    try:
        store = open_history(url, busy_timeout_ms=RECORDER_BUSY_MS)
    except HistoryError as exc:  # a trainer that cannot start says so in one line
        with lock:
            tally.refused.append(str(exc))
        return
    recorder = Recorder(store, spool=Spool(spool_dir / f"{name}.jsonl"))
    try:
        while time.monotonic() < until:
            started = datetime.now(UTC)
            sid = uuid.uuid4().hex
            t = time.perf_counter()
            recorder.due_count(name)  # the home screen, as the run is chosen
            reads.append(time.perf_counter() - t)
            run = SessionRecord(
                sid, name, "banker-tableau", "The Banker tableau", "practice", started
            )
            recorder.on_session(run)
            sessions += 1
            questions = correct = 0
            for _ in range(rng.randint(*RUN)):
                time.sleep(rng.uniform(*PACE))
                if time.monotonic() >= until:
                    break
                right = rng.random() < 0.8
                record = AnswerRecord(
                    session_id=sid,
                    trainee=name,
                    drill_id="banker-tableau",
                    step="banker_draws",
                    skill=rng.choice(SKILLS),
                    cards=("4h", "3s", "Td", "Kc", "8h"),
                    answer="draws",
                    expected="draws" if right else "stands",
                    correct=right,
                    seconds=rng.uniform(1.0, 4.0),
                    answered_at=datetime.now(UTC),
                )
                waiting = recorder.pending_count()
                t = time.perf_counter()
                recorder.on_answer(record)
                writes.append(time.perf_counter() - t)
                if writes[-1] > 0.5:
                    slow.append(time.monotonic() - (until - seconds))
                sent += 1
                questions += 1
                correct += right
                if recorder.pending_count() > waiting:
                    spooled += 1
            finished = started + timedelta(seconds=(datetime.now(UTC) - started).total_seconds())
            recorder.on_session(
                SessionRecord(
                    sid,
                    name,
                    "banker-tableau",
                    "The Banker tableau",
                    "practice",
                    started,
                    finished_at=finished,
                    questions=questions,
                    correct=correct,
                    passed=correct >= 0.8 * questions,
                )
            )
            t = time.perf_counter()
            recorder.progress(name)  # the progress screen after the run
            reads.append(time.perf_counter() - t)
        left = recorder.close(timeout=30)
    except Exception as exc:  # reported, never silent
        with lock:
            tally.errors.append(f"{name}: {type(exc).__name__}: {exc}")
        left = 0
    finally:
        store.close()
    with lock:
        tally.writes += writes
        tally.slow += slow
        tally.reads += reads
        tally.sent[name] = sent
        tally.sessions += sessions
        tally.spooled += spooled
        tally.left += left


def _worker(url: str, names: list[str], until: float, seconds: float, home: str, out) -> None:
    os.environ["EZBAC_HOME"] = home
    start = resource.getrusage(resource.RUSAGE_SELF)
    tally = Tally()
    lock = threading.Lock()
    spool_dir = Path(home) / "spools"
    spool_dir.mkdir(parents=True, exist_ok=True)
    threads = [
        threading.Thread(
            target=_trainer, args=(url, n, until, seconds, spool_dir, tally, lock), daemon=True
        )
        for n in names
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    end = resource.getrusage(resource.RUSAGE_SELF)
    tally.cpu = (end.ru_utime - start.ru_utime) + (end.ru_stime - start.ru_stime)
    out.put(tally)


# -- measuring the server --------------------------------------------------------------------


def _cpu_of(pid: int, children: bool = False) -> float:
    """CPU seconds of a process (with its reaped children's when ``children``)."""
    try:
        fields_ = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    ticks = int(fields_[11]) + int(fields_[12])  # utime, stime
    if children:
        ticks += int(fields_[13]) + int(fields_[14])  # cutime, cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def _server_cpu(postmaster: int) -> float:
    """The postmaster's, its living backends' and those that have exited (reaped)."""
    total = _cpu_of(postmaster, children=True)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                stat = (entry / "stat").read_text().rpartition(")")[2].split()
                if int(stat[1]) == postmaster:
                    total += _cpu_of(int(entry.name))
    return total


class Sampler:
    """Client connections on the server, every 0.2 s, over a direct connection of its own."""

    def __init__(self, direct_url: str) -> None:
        import psycopg

        self.conn = psycopg.connect(direct_url, autocommit=True)
        self.counts: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.2):
            (n,) = self.conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' "
                "AND pid <> pg_backend_pid()"
            ).fetchone()
            self.counts.append(int(n))

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.conn.close()


# -- one measurement ---------------------------------------------------------------------


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(
    n: int, url: str, direct_url: str, seconds: float, label: str, pids: dict[str, int]
) -> dict:
    from tests.support.pg import run_sql
    from trainer.history.store import open_history

    open_history(url).close()  # the schema, made once before the trainers come
    names = [f"{label}-{i:03d}" for i in range(n)]
    workers = min(WORKERS, n)
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    home = tempfile.mkdtemp(prefix="ezbac-load.")
    begin = time.monotonic()
    until = begin + seconds
    cpu0 = {k: (_server_cpu(p) if k == "server" else _cpu_of(p)) for k, p in pids.items()}
    with Sampler(direct_url) as sampler:
        procs = [
            ctx.Process(target=_worker, args=(url, names[w::workers], until, seconds, home, out))
            for w in range(workers)
        ]
        for p in procs:
            p.start()
        tallies = [out.get() for _ in procs]
        for p in procs:
            p.join()
    wall = time.monotonic() - begin
    cpu = {k: (_server_cpu(p) if k == "server" else _cpu_of(p)) - cpu0[k] for k, p in pids.items()}
    writes = [w for t in tallies for w in t.writes]
    reads = [r for t in tallies for r in t.reads]
    sent = {k: v for t in tallies for k, v in t.sent.items()}
    stored = dict(
        run_sql(
            direct_url,
            f"SELECT trainee, count(*) FROM answers WHERE trainee LIKE '{label}-%' GROUP BY 1",
        )
    )
    keys = run_sql(
        direct_url,
        f"SELECT count(*) - count(DISTINCT answer_key) FROM answers WHERE trainee LIKE '{label}-%'",
    )[0][0]
    wrong = {k: (v, stored.get(k, 0)) for k, v in sent.items() if stored.get(k, 0) != v}
    given = sum(sent.values())
    return {
        "n": n,
        "route": label.rsplit("-", 1)[0],
        "answers": given,
        "stored": sum(stored.values()),
        "answers_per_s": given / seconds,
        "p50_ms": 1000 * _pct(writes, 0.50),
        "p99_ms": 1000 * _pct(writes, 0.99),
        "max_ms": 1000 * max(writes, default=float("nan")),
        "read_p50_ms": 1000 * _pct(reads, 0.50),
        "read_p99_ms": 1000 * _pct(reads, 0.99),
        "conn_mean": statistics.fmean(sampler.counts) if sampler.counts else 0.0,
        "conn_max": max(sampler.counts, default=0),
        "cpu_server_s": cpu.get("server", 0.0),
        "cpu_bouncer_s": cpu.get("bouncer", 0.0),
        "cpu_trainers_s": sum(t.cpu for t in tallies),
        "wall_s": wall,
        "spooled": sum(t.spooled for t in tallies),
        "left": sum(t.left for t in tallies),
        "errors": [e for t in tallies for e in t.errors],
        "slow": sorted(x for t in tallies for x in t.slow),
        "refused": [e for t in tallies for e in t.refused],
        "wrong_counts": wrong,
        "duplicate_keys": keys,
        "sessions": sum(t.sessions for t in tallies),
    }


def show(r: dict, seconds: float) -> None:
    if not r["wrong_counts"] and not r["duplicate_keys"] and r["answers"] == r["stored"]:
        ok = "OK"
    elif not r["duplicate_keys"] and r["answers"] == r["stored"] + r["left"]:
        ok = "none lost, some still in the spools"  # on disk: sent at the next start
    else:
        ok = "MISMATCH"
    print(
        f"N={r['n']:4d} {r['route']:9s} {r['answers_per_s']:6.1f} answers/s "
        f"({r['answers']} given, {r['stored']} stored: {ok}; {r['spooled']} spooled, "
        f"{r['left']} left) | write p50 {r['p50_ms']:.1f} p99 {r['p99_ms']:.1f} "
        f"max {r['max_ms']:.0f} ms | read p50 {r['read_p50_ms']:.1f} p99 "
        f"{r['read_p99_ms']:.0f} ms | server connections mean {r['conn_mean']:.1f} max "
        f"{r['conn_max']} | CPU over {seconds:.0f} s: server {r['cpu_server_s']:.1f} s, "
        f"pgbouncer {r['cpu_bouncer_s']:.1f} s, trainers {r['cpu_trainers_s']:.1f} s",
        flush=True,
    )
    if r["slow"]:
        buckets: dict[int, int] = {}
        for x in r["slow"]:
            buckets[int(x // 5) * 5] = buckets.get(int(x // 5) * 5, 0) + 1
        print(f"  writes over 0.5 s, by when (s into the run): {dict(sorted(buckets.items()))}")
    if r["refused"]:
        print(f"  {len(r['refused'])} trainers could not start: {r['refused'][0]}")
    for line in r["errors"][:5]:
        print(f"  error: {line}")
    if r["wrong_counts"]:
        print(f"  counts differ (given, stored): {dict(list(r['wrong_counts'].items())[:5])}")


# -- the command ---------------------------------------------------------------------------


def _sizes(values: list[str]) -> list[int]:
    sizes = []
    for value in values:
        if not (value.isascii() and value.isdigit()) or int(value) < 1 or int(value) > 5000:
            raise BadInput(f"N must be a number of trainers from 1 to 5000, not {value!r}")
        sizes.append(int(value))
    return sizes or list(SIZES)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench_load.py", description=__doc__.split("\n")[0])
    parser.add_argument("sizes", nargs="*", metavar="N", help="trainers (default 50 200 500)")
    parser.add_argument("--seconds", type=float, default=60.0, help="each run (default 60)")
    parser.add_argument(
        "--route", choices=("direct", "pgbouncer", "both"), default="both", help="default both"
    )
    parser.add_argument("--db", help="a PostgreSQL database to load instead of a throwaway one")
    args = parser.parse_args(argv)
    sizes = _sizes(args.sizes)
    if not 5 <= args.seconds <= 3600:
        raise BadInput(f"--seconds must be from 5 to 3600, not {args.seconds:g}")
    from tests.support.pg import PgBouncer, PgServer, bouncer_binary, cannot_run, server_bindir
    from trainer.history.store import HistoryError, open_history, server_location

    if args.db:
        try:
            where = server_location(args.db)
            if where is None:
                raise BadInput(f"--db {args.db!r} is not a postgresql:// address")
            open_history(where).close()
        except HistoryError as exc:
            raise BadInput(str(exc)) from None
        for n in sizes:
            show(
                measure(n, where.url, where.url, args.seconds, f"db-{os.getpid()}", {}),
                args.seconds,
            )
        return 0
    bindir = server_bindir()
    why = cannot_run(bindir)
    if why or bindir is None:
        raise BadInput(why or "no PostgreSQL server")
    routes = ["direct", "pgbouncer"] if args.route == "both" else [args.route]
    binary = bouncer_binary()
    if "pgbouncer" in routes and binary is None:
        raise BadInput("no pgbouncer on this machine: install Debian's pgbouncer package")
    server = PgServer(bindir, max_connections=100)  # PostgreSQL's default
    bouncer = None
    try:
        server.start()
        postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
        if binary is not None and "pgbouncer" in routes:
            bouncer = PgBouncer(server, binary, pool_size=20)
            bouncer.start()
        print(
            f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, load {os.getloadavg()[0]:.1f}, "
            f"{os.cpu_count()} CPUs, max_connections 100, {args.seconds:g} s a run",
            flush=True,
        )
        for n in sizes:
            for route in routes:
                direct = server.schema()
                if route == "direct":
                    url, pids = direct, {"server": postmaster}
                else:
                    assert bouncer is not None
                    url = bouncer.schema()
                    direct = server.url(
                        "ezbac_tests", schema=url.partition("://")[2].partition("@")[0]
                    )
                    pids = {"server": postmaster, "bouncer": bouncer._proc.pid}  # type: ignore[union-attr]
                show(measure(n, url, direct, args.seconds, f"{route}-{n}", pids), args.seconds)
    finally:
        if bouncer is not None:
            bouncer.stop()
            if os.environ.get("BENCH_KEEP_LOG"):
                import shutil

                shutil.copy(bouncer.root / "log", os.environ["BENCH_KEEP_LOG"])
        server.stop()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BadInput as exc:
        print(f"bench_load.py: error: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
