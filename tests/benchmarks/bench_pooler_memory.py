"""Benchmark: the memory a school's pooler and server take, for docs/schools.md's plan.

Run on demand (not collected by pytest)::

    python tests/benchmarks/bench_pooler_memory.py [--clients 550] [--pool 20]

Starts the tests' throwaway PostgreSQL server (Debian's, default settings but fsync off)
and a PgBouncer at `ezbac school plan`'s settings for 500 trainers in front of it, then
opens ``--clients`` client connections to PgBouncer (a class signed in at once), each
writing one answer through the pool, many at once (so the pool's server connections all
open), and reads from /proc: PgBouncer's resident memory
before and with the clients connected, and the server's backends' (one per pooled server
connection) proportional and resident memory after their writes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def _kb(pid: int, key: str, rollup: bool = True) -> int:
    path = Path(f"/proc/{pid}/smaps_rollup" if rollup else f"/proc/{pid}/status")
    for line in path.read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


def _children(pid: int) -> list[int]:
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            for line in status.read_text().splitlines():
                if line.startswith("PPid:") and int(line.split()[1]) == pid:
                    found.append(int(status.parent.name))
        except OSError:
            continue
    return found


def main(argv: list[str]) -> int:
    import psycopg

    from tests.support.pg import PgBouncer, PgServer, bouncer_binary, server_bindir

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=550)
    parser.add_argument("--pool", type=int, default=20)
    args = parser.parse_args(argv)
    bindir, binary = server_bindir(), bouncer_binary()
    if bindir is None or binary is None:
        print("needs Debian's postgresql and pgbouncer", file=sys.stderr)
        return 2
    server = PgServer(bindir, max_connections=100)
    server.start()
    settings = {
        "max_client_conn": str(args.clients),
        "default_pool_size": str(args.pool),
        "max_db_connections": str(args.pool),
        "listen_backlog": str(args.clients),
        "query_wait_timeout": "5",
    }
    bouncer = PgBouncer(server, binary, settings=settings)
    bouncer.start()
    clients: list[psycopg.Connection[tuple[object, ...]]] = []
    try:
        pid = bouncer._proc.pid if bouncer._proc is not None else 0
        # as root the pooler runs under setpriv, which execs it: the same pid
        before = _kb(pid, "VmRSS", rollup=False)
        url = bouncer.url("ezbac_tests")
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS answers (id serial, x text)")
        for _ in range(args.clients):
            clients.append(psycopg.connect(url, autocommit=True, prepare_threshold=None))

        def write(conn: psycopg.Connection[tuple[object, ...]]) -> None:
            with conn.transaction():  # held a moment: the pool's server connections all open
                conn.execute("INSERT INTO answers (x) VALUES ('an answer')")
                conn.execute("SELECT pg_sleep(0.05)")

        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=4 * args.pool) as workers:
            list(workers.map(write, clients))
        with_clients = _kb(pid, "VmRSS", rollup=False)
        postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
        backends = _children(postmaster)
        pss = [_kb(b, "Pss") for b in backends]
        rss = [_kb(b, "Rss") for b in backends]
        print(f"load average: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
        print(
            f"pgbouncer RSS: {before / 1024:.1f} MB idle, {with_clients / 1024:.1f} MB with "
            f"{args.clients} clients ({(with_clients - before) / args.clients:.1f} kB a client)"
        )
        print(
            f"postgresql: {len(backends)} processes under the postmaster (the pool's "
            f"backends and its own workers): PSS {sum(pss) / 1024:.1f} MB in all, "
            f"RSS {max(rss) / 1024:.1f} MB the largest; postmaster RSS "
            f"{_kb(postmaster, 'Rss') / 1024:.1f} MB"
        )
    finally:
        for conn in clients:
            conn.close()
        bouncer.stop()
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
