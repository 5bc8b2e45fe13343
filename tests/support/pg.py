"""A throwaway PostgreSQL server for the tests: Debian's ``initdb`` and ``pg_ctl`` on a unix
socket in a temporary folder (no network, trust authentication).

Each test gets a history place of its own: ``schema()``, a fresh schema that the address's
search_path names (where a history lives unless told otherwise is the first schema of the
search_path, so to ezbac it is a blank database); ``database()`` when the database itself is
what is tested.  A schema costs half a millisecond; a database is a copy of the template's
7 MB of catalogs, measured at 0.35-0.45 s on the loaded 2-core machine, which over the
couple of hundred tests that run on both backends would be over a minute.

As root (CI), the server runs as the ``postgres`` system user (initdb refuses root), through
``setpriv``; the folder is that user's.  Without server binaries the tests that need one
skip, saying so.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import random
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote

#: The superuser initdb creates, whoever runs it.
SUPERUSER = "postgres"
TEMPLATE = "ezbac_template"
#: The database holding every test's own schema.
SHARED = "ezbac_tests"
#: A role that must log in with its password (scram-sha-256), for the wrong-password tests.
PASSWORD_ROLE = "clerk_pw"
PASSWORD = "right-horse-battery"


def server_bindir() -> Path | None:
    """Where initdb, pg_ctl and postgres are: pg_config's bindir, else Debian's layout."""
    candidates: list[str] = []
    if shutil.which("pg_config"):
        with contextlib.suppress(OSError, subprocess.CalledProcessError):
            candidates.append(
                subprocess.run(
                    ["pg_config", "--bindir"], capture_output=True, text=True, check=True
                ).stdout.strip()
            )
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for folder in candidates:
        if all(
            os.access(os.path.join(folder, tool), os.X_OK)
            for tool in ("initdb", "pg_ctl", "postgres")
        ):
            return Path(folder)
    return None


def cannot_run(bindir: Path | None) -> str | None:
    """Why no test server can be started here, or None."""
    if bindir is None:
        return (
            "no PostgreSQL server binaries (initdb, pg_ctl, postgres) on this machine: "
            "install Debian's postgresql package (.ci/run does)"
        )
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no 'postgres' user to run the server as"
    return None


class PgServer:
    """One server for the test session; ``database()`` gives each test its own database."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        root = os.geteuid() == 0
        # as root the server's own user must reach the folder: /tmp, not a private TMPDIR
        # no "-" before mkdtemp's random letters: an address must not hold "-5" by chance
        # (test_hostile_history looks for a "-5" count leaking into the error line)
        self.root = Path(tempfile.mkdtemp(prefix="ezbac-pg.", dir="/tmp" if root else None))
        self.data = self.root / "data"
        self.sockets = self.root
        self.port = random.randint(20000, 60000)  # only names the socket file
        self._names = itertools.count(1)
        self._as_postgres: list[str] = []
        if root:
            user = pwd.getpwnam("postgres")  # there is one: see cannot_run
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self._as_postgres = ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups"]
        os.chmod(self.root, 0o755)

    def _run(self, tool: str, *args: str) -> None:
        command = [*self._as_postgres, str(self.bindir / tool), *args]
        run = subprocess.run(command, capture_output=True, text=True, cwd=self.root)
        if run.returncode != 0:
            raise RuntimeError(f"{tool} failed ({run.returncode}): {run.stderr or run.stdout}")

    def start(self) -> None:
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--no-sync",
            "-E",
            "UTF8",
            "--locale=C.UTF-8",
        )
        hba = self.data / "pg_hba.conf"  # one role must give its password; the rest are trusted
        hba.write_text(f"local all {PASSWORD_ROLE} scram-sha-256\n" + hba.read_text())
        self.resume()
        with self.admin() as conn:
            conn.execute(f"CREATE DATABASE {TEMPLATE}")
            conn.execute(f"CREATE DATABASE {SHARED}")
            conn.execute(f"CREATE ROLE {PASSWORD_ROLE} LOGIN PASSWORD '{PASSWORD}'")

    def resume(self) -> None:
        """Start the server (again)."""
        options = (
            f"-k {self.sockets} -p {self.port} -c listen_addresses='' -c fsync=off "
            "-c full_page_writes=off -c max_connections=60"
        )
        self._run(
            "pg_ctl",
            "start",
            "-w",
            "-t",
            "60",
            "-D",
            str(self.data),
            "-l",
            str(self.root / "log"),
            "-o",
            options,
        )

    def pause(self) -> None:
        """Stop the server: every connection is dropped, as when a school's server restarts."""
        self._run("pg_ctl", "stop", "-D", str(self.data), "-m", "fast", "-w")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "stop", "-D", str(self.data), "-m", "immediate", "-w")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str, user: str = SUPERUSER, schema: str | None = None) -> str:
        url = (
            f"postgresql://{user}@/{database}?host={quote(str(self.sockets), safe='/')}"
            f"&port={self.port}"
        )
        return url if schema is None else f"{url}&options=-csearch_path%3D{schema}"

    def schema(self) -> str:
        """A fresh, empty schema that the URL's search_path names: its URL."""
        name = f"s{os.getpid()}_{next(self._names)}"
        with self.admin(SHARED) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        return self.url(SHARED, schema=name)

    def admin(self, database: str = "postgres"):  # -> psycopg.Connection
        import psycopg

        return psycopg.connect(self.url(database), autocommit=True)

    def database(self, owner: str = SUPERUSER) -> str:
        """A fresh, empty database (a copy of an empty template) owned by ``owner``: its URL."""
        name = f"t{os.getpid()}_{next(self._names)}"
        with self.admin() as conn:
            conn.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE} OWNER {owner}")
        return self.url(name)


def run_sql(url: str, *statements: str) -> list[tuple]:
    """Run ``statements`` as the database's owner, outside ezbac; the last one's rows."""
    import psycopg

    rows: list[tuple] = []
    with psycopg.connect(url, autocommit=True) as conn:
        for statement in statements:
            cur = conn.execute(statement)
            rows = cur.fetchall() if cur.description else []
    return rows


def schema_snapshot(url: str) -> tuple[list[tuple], dict[str, list[tuple]], list[tuple]]:
    """Everything in the schema where the history would be (the search_path's first):
    relations and columns, every row, and the server's own count of rows inserted, updated or
    deleted in each table."""
    relations = run_sql(
        url,
        "SELECT c.relname, c.relkind, a.attname, a.atttypid::regtype::text "
        "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        "LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 "
        "WHERE n.nspname = current_schema() ORDER BY 1, 3",
    )
    tables = sorted({name for name, kind, _, _ in relations if kind == "r"})
    rows = {t: sorted(map(repr, run_sql(url, f"SELECT * FROM {t}"))) for t in tables}
    changes = run_sql(
        url,
        "SELECT relname, n_tup_ins, n_tup_upd, n_tup_del "
        "FROM pg_stat_user_tables WHERE schemaname = current_schema() "
        "ORDER BY 1",
    )
    return relations, rows, changes  # type: ignore[return-value]


def add_other_tables(url: str) -> None:
    run_sql(
        url,
        "CREATE TABLE recipes (name TEXT, minutes INTEGER)",
        "INSERT INTO recipes VALUES ('soup', 40)",
    )
