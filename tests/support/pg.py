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
import time
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
#: PgBouncer's name for the shared database with a pool of one server connection a role.
ONE_CONNECTION = "ezbac_one"


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

    def __init__(self, bindir: Path, max_connections: int = 60) -> None:
        self.bindir = bindir
        self.max_connections = max_connections
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
            f"-c full_page_writes=off -c max_connections={self.max_connections}"
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
    relations and columns, every row with the transaction that wrote it (its ``xmin``: a row
    rewritten with the same values shows), and each sequence's position (an insert rolled
    back moves it).  Exact at once, unlike the server's statistics, which a server
    connection kept open by a pooler reports seconds later."""
    relations = run_sql(
        url,
        "SELECT c.relname, c.relkind, a.attname, a.atttypid::regtype::text "
        "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        "LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 "
        "WHERE n.nspname = current_schema() ORDER BY 1, 3",
    )
    tables = sorted({name for name, kind, _, _ in relations if kind == "r"})
    rows = {t: sorted(map(repr, run_sql(url, f"SELECT xmin::text, * FROM {t}"))) for t in tables}
    sequences = sorted({name for name, kind, _, _ in relations if kind == "S"})
    positions = [(s, *run_sql(url, f"SELECT last_value, is_called FROM {s}")[0]) for s in sequences]
    return relations, rows, positions  # type: ignore[return-value]


def add_other_tables(url: str) -> None:
    run_sql(
        url,
        "CREATE TABLE recipes (name TEXT, minutes INTEGER)",
        "INSERT INTO recipes VALUES ('soup', 40)",
    )


# -- PgBouncer in front of the server ---------------------------------------------------------


def bouncer_binary() -> str | None:
    """Debian's pgbouncer (in /usr/sbin, often not on a user's PATH), or None."""
    found = shutil.which("pgbouncer") or shutil.which("pgbouncer", path="/usr/sbin:/usr/bin")
    return found


class PgBouncer:
    """PgBouncer in transaction pooling mode in front of a PgServer: its own folder, a unix
    socket only, trust authentication, any database of the server (``* =``).

    A history place of its own through the pooler cannot be named by the address's
    ``options=-csearch_path`` (PgBouncer before 1.20 refuses the startup parameter, and a
    setting in the session would leak to the next client of a pooled server connection):
    ``schema()`` makes a role whose own search_path names a fresh schema, the way a school
    names ezbac's schema behind a pooler (``ALTER ROLE ... SET search_path``).  PgBouncer
    keeps a pool per database and role, so each test's server connections are its own.
    """

    def __init__(
        self,
        server: PgServer,
        binary: str,
        pool_size: int = 10,
        *,
        name: str = "bouncer",
        settings: dict[str, str] | None = None,
    ) -> None:
        """``name``: its folder under the server's (a second pooler takes another);
        ``settings``: pgbouncer.ini's values that replace these (a school's mis-set one)."""
        self.server = server
        self.binary = binary
        self.pool_size = pool_size
        self.settings = settings or {}
        self.root = server.root / name
        self.port = server.port + 1 if server.port < 65535 else server.port - 1
        self._proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.root.mkdir()
        users = self.users = self.root / "users.txt"
        # trust: the names are what is checked (schema() adds each test's role, and reloads)
        users.write_text(f'"{SUPERUSER}" ""\n"{PASSWORD_ROLE}" "{PASSWORD}"\n')
        config = self.root / "pgbouncer.ini"
        config.write_text(
            "[databases]\n"
            f"* = host={self.server.sockets} port={self.server.port}\n"
            # one server connection a role: every transaction of every client on it
            f"{ONE_CONNECTION} = host={self.server.sockets} port={self.server.port} "
            f"dbname={SHARED} pool_size=1\n"
            "[pgbouncer]\n"
            "listen_addr =\n"
            f"listen_port = {self.port}\n"
            f"unix_socket_dir = {self.root}\n"
            "auth_type = trust\n"
            f"auth_file = {users}\n"
            "pool_mode = transaction\n"
            "max_client_conn = 2000\n"
            "listen_backlog = 4096\n"
            f"default_pool_size = {self.pool_size}\n"
            # the test server has 60 slots: the pools of every test's role share 30 of them,
            # idle ones closed soon (and taken from another pool when one needs it)
            "max_db_connections = 30\n"
            "server_idle_timeout = 2\n"
            "server_login_retry = 1\n"
            # a query waits at most this long for a server connection (a server gone): a
            # trainer's write then spools, as it does after tcp_user_timeout going direct
            "query_wait_timeout = 2\n"
            f"admin_users = {SUPERUSER}\n"
            f"logfile = {self.root / 'log'}\n"
            "log_connections = 0\n"  # a line for each client's login and logout otherwise
            "log_disconnections = 0\n"
        )
        if self.settings:
            lines = config.read_text().splitlines()
            for key, value in self.settings.items():
                lines = [line for line in lines if line.partition(" =")[0] != key]
                lines.append(f"{key} = {value}")
            config.write_text("\n".join(lines) + "\n")
        if self.server._as_postgres:
            user = pwd.getpwnam("postgres")
            for path in (self.root, users, config):
                os.chown(path, user.pw_uid, user.pw_gid)
        # its log goes to a file: a pipe nobody reads fills up, and PgBouncer, writing to
        # it, stops serving every client (seen as 10 s connection timeouts at 50 clients)
        with open(self.root / "stderr", "wb") as stderr:
            self._proc = subprocess.Popen(
                [*self.server._as_postgres, self.binary, str(config)],
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                cwd=self.root,
            )
        socket = self.root / f".s.PGSQL.{self.port}"
        for _ in range(500):  # up in a few milliseconds; 5 s at most
            if socket.exists():
                return
            if self._proc.poll() is not None:
                raise RuntimeError(f"pgbouncer failed: {(self.root / 'stderr').read_text()}")
            time.sleep(0.01)
        raise RuntimeError("pgbouncer did not open its socket within 5 s")

    def stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()

    def url(self, database: str, user: str = SUPERUSER) -> str:
        return (
            f"postgresql://{user}@/{database}?host={quote(str(self.root), safe='/')}"
            f"&port={self.port}"
        )

    def schema(self) -> str:
        """A fresh, empty schema that a fresh role's search_path names: its URL through the
        pooler, as that role."""
        name = f"b{os.getpid()}_{next(self.server._names)}"
        with self.server.admin(SHARED) as conn:
            conn.execute(f"CREATE ROLE {name} LOGIN")
            conn.execute(f"CREATE SCHEMA {name} AUTHORIZATION {name}")
            conn.execute(f"ALTER ROLE {name} SET search_path = {name}")
        with open(self.users, "a") as users:
            users.write(f'"{name}" ""\n')
        import psycopg

        with psycopg.connect(self.url("pgbouncer"), autocommit=True) as admin:
            admin.execute("RELOAD")  # the auth file read again before it returns
        return self.url(SHARED, user=name)

    def login_role(self, name: str, member_of: str, schema: str) -> str:
        """A login role ``name`` in the group role ``member_of``, its search_path ``schema``
        (a terminal's role, the way a school grants ``ezbac_terminal`` behind a pooler): its
        URL through the pooler."""
        with self.server.admin(SHARED) as conn:
            conn.execute(f"CREATE ROLE {name} LOGIN IN ROLE {member_of}")
            conn.execute(f"ALTER ROLE {name} SET search_path = {schema}")
        with open(self.users, "a") as users:
            users.write(f'"{name}" ""\n')
        import psycopg

        with psycopg.connect(self.url("pgbouncer"), autocommit=True) as admin:
            admin.execute("RELOAD")
        return self.url(SHARED, user=name)

    def one_connection(self, url: str) -> str:
        """``url`` (a ``schema()``) through the pool of one server connection."""
        return url.replace(f"/{SHARED}?", f"/{ONE_CONNECTION}?")

    def database(self) -> str:
        """A fresh, empty database of the server (its public schema): its URL through the
        pooler."""
        direct = self.server.database()
        return self.url(direct.partition("@/")[2].partition("?")[0])
