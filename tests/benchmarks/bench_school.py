"""Benchmark: a school's trainers as separate processes, on one PostgreSQL server through
PgBouncer set as ``ezbac school plan`` prints it (or directly on the server).

Run on demand (not collected by pytest)::

    python tests/benchmarks/bench_school.py                    # 500 trainers, 60 s, pgbouncer
    python tests/benchmarks/bench_school.py 50 --seconds 20    # a quick run
    python tests/benchmarks/bench_school.py 500 --route direct # no pooler: max_connections 100

Each trainer is a process of its own, as a school's terminals are (forked from this one
once ezbac's history modules are imported, so they start in milliseconds and share those
pages): the trainer's own store and recorder (``open_history(..., wait_when_full=True)``
and ``Recorder`` with a spool of its own, as ``ezbac`` opens them), one answer every
``--pace`` seconds (3-10: a dealer's pace), runs of 5-15 answers each started and ended as
a session record, the home screen's due count read before each run.  They start spread
over the first ``--ramp`` seconds.

The server is a throwaway one (tests/support/pg.py: PostgreSQL's default max_connections of
100, unix socket, fsync off); PgBouncer in front of it takes the plan's settings for N
trainers (max_client_conn, default_pool_size, max_db_connections, query_wait_timeout,
listen_backlog).

Reports: answers given and stored (every answer once: counted per trainee on the server,
and no answer key twice), answers a second, the answer's write p50 / p99 / max (the
recorder's on_answer: committed, or spooled when refused), answers that were spooled,
trainers that could not start, the server's client connections (sampled), CPU of the
server, of PgBouncer and of the trainers, and the machine's load average before and after.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import random
import resource
import shutil
import sys
import tempfile
import threading
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SKILLS = [f"banker:{b}:{v}" for b in range(8) for v in range(10)] + ["natural", "player:3"]
RUN = (5, 15)  # answers in a run


class BadInput(Exception):
    """Said in one line, exit status 2."""


# -- one trainer: a process --------------------------------------------------------------


def trainer(
    url: str, name: str, go, ramp: float, seconds: float, pace: tuple[float, float], home: str
) -> None:
    """One trainer's life; what it measured goes to ``home``/result.json."""
    os.environ["EZBAC_HOME"] = home
    from trainer.history.hooks import RECORDER_BUSY_MS, Recorder
    from trainer.history.spool import Spool
    from trainer.history.store import HistoryError, open_history
    from trainer.session.records import AnswerRecord, SessionRecord

    result: dict[str, object] = {"name": name, "writes": [], "sent": 0, "spooled": 0}
    writes: list[float] = result["writes"]  # type: ignore[assignment]
    rng = random.Random(name)
    go.wait()
    time.sleep(rng.uniform(0, ramp))
    until = time.monotonic() + seconds - ramp
    start = resource.getrusage(resource.RUSAGE_SELF)
    try:
        store = open_history(url, busy_timeout_ms=RECORDER_BUSY_MS, wait_when_full=True)
    except HistoryError as exc:
        result["refused"] = str(exc)
        Path(home, "result.json").write_text(json.dumps(result))
        return
    recorder = Recorder(store, spool=Spool(Path(home) / "spool.jsonl"))
    try:
        while time.monotonic() < until:
            sid = uuid.uuid4().hex
            started = datetime.now(UTC)
            recorder.due_count(name)
            recorder.on_session(
                SessionRecord(
                    sid, name, "banker-tableau", "The Banker tableau", "practice", started
                )
            )
            questions = correct = 0
            for _ in range(rng.randint(*RUN)):
                time.sleep(rng.uniform(*pace))
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
                result["sent"] = int(result["sent"]) + 1  # type: ignore[call-overload]
                if recorder.pending_count() > waiting:
                    result["spooled"] = int(result["spooled"]) + 1  # type: ignore[call-overload]
                questions += 1
                correct += right
            recorder.on_session(
                SessionRecord(
                    sid,
                    name,
                    "banker-tableau",
                    "The Banker tableau",
                    "practice",
                    started,
                    finished_at=datetime.now(UTC),
                    questions=questions,
                    correct=correct,
                    passed=correct >= 0.8 * questions,
                )
            )
        # what still waits is sent now, as the trainer does at exit (its next start would)
        deadline = time.monotonic() + 60
        while recorder.send_waiting() and time.monotonic() < deadline:
            time.sleep(0.5)
        result["left"] = recorder.close(timeout=10)
    except Exception as exc:  # reported, never silent
        result["error"] = f"{type(exc).__name__}: {exc}"
    finally:
        store.close()
    end = resource.getrusage(resource.RUSAGE_SELF)
    result["cpu"] = (end.ru_utime - start.ru_utime) + (end.ru_stime - start.ru_stime)
    Path(home, "result.json").write_text(json.dumps(result))


# -- measuring ---------------------------------------------------------------------------


def cpu_of(pid: int, children: bool = False) -> float:
    """CPU seconds of a process (with its reaped children's when ``children``)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    ticks = int(stat[11]) + int(stat[12])
    if children:
        ticks += int(stat[13]) + int(stat[14])
    return ticks / os.sysconf("SC_CLK_TCK")


def server_cpu(postmaster: int) -> float:
    total = cpu_of(postmaster, children=True)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                stat = (entry / "stat").read_text().rpartition(")")[2].split()
                if int(stat[1]) == postmaster:
                    total += cpu_of(int(entry.name))
    return total


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Sampler:
    """The server's client connections every 0.5 s, over a connection of its own."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.conn = psycopg.connect(url, autocommit=True)
        self.counts: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.5):
            row = self.conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' "
                "AND pid <> pg_backend_pid()"
            ).fetchone()
            self.counts.append(int(row[0]) if row else 0)

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.conn.close()


def measure(
    n: int, url: str, direct: str, args: argparse.Namespace, pids: dict[str, int]
) -> dict[str, object]:
    from tests.support.pg import run_sql
    from trainer.history.store import open_history

    open_history(url).close()  # the schema, made once before the trainers come
    root = Path(tempfile.mkdtemp(prefix="ezbac-school."))
    ctx = multiprocessing.get_context("fork")
    go = ctx.Event()
    names = [f"t{i:04d}" for i in range(n)]
    procs = []
    for name in names:
        home = root / name
        home.mkdir()
        p = ctx.Process(
            target=trainer,
            args=(url, name, go, args.ramp, args.seconds, tuple(args.pace), str(home)),
        )
        p.start()
        procs.append(p)
    load0 = os.getloadavg()
    cpu0 = {k: server_cpu(p) if k == "server" else cpu_of(p) for k, p in pids.items()}
    begin = time.monotonic()
    with Sampler(direct) as sampler:
        go.set()
        for p in procs:
            p.join(args.seconds + 180)
    wall = time.monotonic() - begin
    cpu = {k: (server_cpu(p) if k == "server" else cpu_of(p)) - cpu0[k] for k, p in pids.items()}
    load1 = os.getloadavg()
    results = []
    for name in names:
        try:
            results.append(json.loads((root / name / "result.json").read_text()))
        except (OSError, ValueError):
            results.append({"name": name, "error": "no result (the process died)"})
    shutil.rmtree(root, ignore_errors=True)
    stored = dict(run_sql(direct, "SELECT trainee, count(*) FROM answers GROUP BY 1"))
    twice = run_sql(direct, "SELECT count(*) - count(DISTINCT answer_key) FROM answers")[0][0]
    writes = [w for r in results for w in r.get("writes", [])]
    sent = {r["name"]: int(r.get("sent", 0)) for r in results}
    wrong = {k: (v, stored.get(k, 0)) for k, v in sent.items() if stored.get(k, 0) != v}
    return {
        "n": n,
        "answers": sum(sent.values()),
        "stored": sum(stored.values()),
        "twice": twice,
        "wrong": wrong,
        "per_s": sum(sent.values()) / args.seconds,
        "p50": 1000 * pct(writes, 0.5),
        "p99": 1000 * pct(writes, 0.99),
        "max": 1000 * max(writes, default=float("nan")),
        "spooled": sum(int(r.get("spooled", 0)) for r in results),
        "left": sum(int(r.get("left", 0)) for r in results),
        "refused": [r["refused"] for r in results if "refused" in r],
        "errors": [f"{r['name']}: {r['error']}" for r in results if "error" in r],
        "conn_max": max(sampler.counts, default=0),
        "cpu": cpu,
        "cpu_trainers": sum(float(r.get("cpu", 0.0)) for r in results),
        "wall": wall,
        "load": (load0, load1),
    }


def show(r: dict, route: str, args: argparse.Namespace) -> None:
    once = r["answers"] == r["stored"] and not r["twice"] and not r["wrong"]
    cpu = r["cpu"]
    print(
        f"N={r['n']} {route}: {r['answers']} answers given, {r['stored']} stored "
        f"({'each once' if once else 'MISMATCH'}; {r['twice']} keys twice), "
        f"{r['per_s']:.1f} answers/s | write p50 {r['p50']:.1f} ms, p99 {r['p99']:.1f} ms, "
        f"max {r['max']:.0f} ms | {r['spooled']} spooled, {r['left']} left, "
        f"{len(r['refused'])} could not start | server connections max {r['conn_max']} | "
        f"CPU over {r['wall']:.0f} s: server {cpu.get('server', 0):.1f} s, pgbouncer "
        f"{cpu.get('bouncer', 0):.1f} s, trainers {r['cpu_trainers']:.1f} s | load "
        f"{r['load'][0][0]:.1f} before, {r['load'][1][0]:.1f} after (1 min)",
        flush=True,
    )
    for line in r["refused"][:3] + r["errors"][:5]:
        print(f"  {line}")
    if r["wrong"]:
        print(f"  counts differ (given, stored): {dict(list(r['wrong'].items())[:5])}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench_school.py", description=__doc__.split("\n")[0])
    parser.add_argument("trainers", nargs="?", default="500", metavar="N")
    parser.add_argument("--seconds", type=float, default=60.0, help="the run (default 60)")
    parser.add_argument("--ramp", type=float, default=5.0, help="starts spread over (5 s)")
    parser.add_argument("--pace", type=float, nargs=2, default=[3.0, 10.0], metavar=("LO", "HI"))
    parser.add_argument("--route", choices=("pgbouncer", "direct"), default="pgbouncer")
    args = parser.parse_args(argv)
    if not (
        args.trainers.isascii() and args.trainers.isdigit() and 1 <= int(args.trainers) <= 2000
    ):
        raise BadInput(f"N must be a number of trainers from 1 to 2000, not {args.trainers!r}")
    n = int(args.trainers)
    if not 5 <= args.seconds <= 3600 or not 0 <= args.ramp < args.seconds:
        raise BadInput("--seconds must be 5 to 3600 and --ramp under it")
    if not 0 < args.pace[0] <= args.pace[1] <= 600:
        raise BadInput("--pace LO HI: seconds between answers, 0 < LO <= HI <= 600")
    from tests.support.pg import PgBouncer, PgServer, bouncer_binary, cannot_run, server_bindir
    from trainer.cli.school import QUERY_WAIT_MOST, Plan

    bindir = server_bindir()
    why = cannot_run(bindir)
    if why or bindir is None:
        raise BadInput(why or "no PostgreSQL server")
    binary = bouncer_binary()
    if args.route == "pgbouncer" and binary is None:
        raise BadInput("no pgbouncer on this machine: install Debian's pgbouncer package")
    # the trainers' processes are forked from this one: import what each needs once
    import trainer.history.backend_pg
    import trainer.history.hooks  # noqa: F401

    plan = Plan(n, 1)
    server = PgServer(bindir, max_connections=100)  # PostgreSQL's default
    bouncer = None
    try:
        server.start()
        postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
        pids = {"server": postmaster}
        direct = server.database()
        url = direct
        if args.route == "pgbouncer":
            assert binary is not None
            settings = {
                "max_client_conn": str(plan.max_client_conn),
                "default_pool_size": str(plan.pool_size),
                "max_db_connections": str(plan.pool_size),
                "query_wait_timeout": str(QUERY_WAIT_MOST),
                "listen_backlog": str(plan.listen_backlog),
            }
            bouncer = PgBouncer(server, binary, settings=settings)
            bouncer.start()
            assert bouncer._proc is not None
            pids["bouncer"] = bouncer._proc.pid
            url = bouncer.url(direct.partition("@/")[2].partition("?")[0])
            print(f"pgbouncer: {settings}")
        print(
            f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} CPUs, load "
            f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}, max_connections 100, "
            f"{args.seconds:g} s, an answer every {args.pace[0]:g}-{args.pace[1]:g} s, "
            f"starts over {args.ramp:g} s",
            flush=True,
        )
        show(measure(n, url, direct, args, pids), args.route, args)
    finally:
        if bouncer is not None:
            bouncer.stop()
        server.stop()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BadInput as exc:
        print(f"bench_school.py: error: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
