"""The history on a PostgreSQL server (psycopg 3): what a school's terminals share.

A sibling of the SQLite file (trainer.history.backend_sqlite), with the same interface
(trainer.history.backend.HistoryStore), tables and guarantees:

- A database that is not an ezbac history is refused with one line and never modified.  Ours
  carries a marker table, ``ezbac_schema`` (our application id and the schema version, what
  SQLite keeps in its header); a database whose schema holds other tables and no marker is
  someone else's.  The check runs inside the transaction that would create or migrate the
  schema, so a refusal rolls back with nothing written.
- Many terminals write at once: every answer is one autocommitted INSERT (a killed terminal
  loses at most the answer in flight), and terminals creating or migrating the schema at the
  same moment take turns on a transaction-scoped advisory lock.
- Reading never writes: a reading command's session is ``default_transaction_read_only``, so
  the server itself refuses any write; a blank database (or a search_path naming no schema)
  reads as "no history yet": its reads run against empty stand-ins of the tables declared in
  the query (migrations_pg.EMPTY_TABLES), and nothing is created.
- A server that goes away is a HistoryUnavailableError naming it (never its password); the
  next read or write connects again, so a recorder retrying its queue finds the server when
  it is back.

The SQL here and in migrations_pg is PostgreSQL's, with psycopg's ``%s`` placeholders.
Tables live in the connection's current schema (the first of its search_path: ``public``
unless the address says ``?options=-csearch_path%3Dezbac``).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from types import TracebackType
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg import errors as pg_errors

from trainer.history import rows
from trainer.history.backend import (
    HistoryError,
    HistoryLockedError,
    HistoryUnavailableError,
    ServerLocation,
    Transaction,
    refuse,
)
from trainer.history.migrations_pg import (
    CREATE_MARKER,
    EMPTY_TABLES,
    MARKER,
    MIGRATIONS,
    SET_VERSION,
)
from trainer.history.schema import APPLICATION_ID, SCHEMA_VERSION, version_problem

if TYPE_CHECKING:  # the records are built only when history is read back (not at launch)
    from trainer.session.records import AnswerRecord, SessionRecord

#: libpq settings unless the address gives its own.  libpq would wait for ever for a server
#: that does not answer, and TCP for a quarter of an hour for one whose network is gone:
#: instead a connection attempt gives up after 10 s, and a write the server has not
#: acknowledged after 5 s fails (HistoryUnavailableError), so the trainer queues it and goes
#: on rather than freezing.  (Unix sockets ignore the TCP settings.)
CONNECTION_DEFAULTS: dict[str, str | int] = {
    "connect_timeout": 10,
    "tcp_user_timeout": 5000,  # ms
    "keepalives": 1,
    "keepalives_idle": 30,
    "keepalives_interval": 5,
    "keepalives_count": 3,
    "application_name": "ezbac",
}

__all__ = ["CONNECTION_DEFAULTS", "MARKER", "ServerHistory", "ServerTransaction"]


def _one_line(exc: BaseException, location: ServerLocation) -> str:
    """A library's error as one line, without the address's password (libpq may quote the
    address it was given)."""
    from trainer.addresses import scrub

    return scrub(" ".join(str(exc).split()) or type(exc).__name__, [location.url])


def _problem(location: ServerLocation, exc: Exception, doing: str) -> HistoryError:
    """The one translation of a psycopg error into a one-line HistoryError naming the server."""
    why = _one_line(exc, location)
    if isinstance(exc, pg_errors.LockNotAvailable):
        return HistoryLockedError(
            f"{location}: cannot {doing} it: locked by another program ({why})"
        )
    return HistoryUnavailableError(f"{location}: cannot {doing} it ({why})")


def _connect(location: ServerLocation, *, readonly: bool) -> psycopg.Connection[Any]:
    """A connection in autocommit (each statement its own transaction); a reading one may not
    write at all."""
    from urllib.parse import urlsplit

    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    authority = urlsplit(location.url).netloc.rpartition("@")[2]
    for host in authority.split(","):  # libpq takes several hosts: h1:5432,h2:5433
        port = host.rpartition("]")[2].partition(":")[2] if ":" in host else ""
        if port and not (port.isascii() and port.isdigit() and 0 < int(port) < 65536):
            raise HistoryUnavailableError(
                f"{location}: not a usable server address (the port {port[:20]!r} of "
                f"{host.rpartition(':')[0][:60]!r} is not a number from 1 to 65535)"
            )
    try:
        params = conninfo_to_dict(location.url)
    except psycopg.Error as exc:
        raise HistoryUnavailableError(
            f"{location}: not a usable server address ({_one_line(exc, location)})"
        ) from None
    for name, value in CONNECTION_DEFAULTS.items():
        params.setdefault(name, value)
    try:
        conn = psycopg.connect(make_conninfo("", **params), autocommit=True)
    except psycopg.Error as exc:
        raise HistoryUnavailableError(
            f"{location}: cannot reach the history server ({_one_line(exc, location)})"
        ) from None
    try:
        # JIT compiling pays off for long analytic queries; a report's grouping at a million
        # answers spent more (about 90 ms a query) compiling than it saved
        conn.execute("SET jit = off")
        if readonly:
            conn.execute("SET default_transaction_read_only = on")
    except psycopg.Error as exc:
        conn.close()
        raise _problem(location, exc, "open") from None
    return conn


def _inspect(conn: psycopg.Connection[Any], location: ServerLocation) -> int | None:
    """The history's schema version, 0 for a blank schema, None when the search_path names no
    schema that exists and the role may use; refuses (NotHistoryDatabaseError) a database that
    is not ours."""
    (schema,) = conn.execute("SELECT current_schema()").fetchone() or (None,)
    if schema is None:
        return None
    tables = sorted(
        row[0]
        for row in conn.execute(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f')"
        )
    )
    if MARKER not in tables:
        if tables:
            shown = ", ".join(tables[:5]) + (", ..." if len(tables) > 5 else "")
            raise refuse(location, f"schema {schema} holds other tables: {shown}")
        return 0
    try:
        marks = conn.execute(f"SELECT application_id, version FROM {MARKER}").fetchall()
    except psycopg.Error as exc:
        why = _one_line(exc, location)
        raise refuse(location, f"its {MARKER} table is not ours ({why})") from None
    if len(marks) != 1 or marks[0][0] != APPLICATION_ID or not isinstance(marks[0][1], int):
        raise refuse(location, f"another application's {MARKER} table")
    version: int = marks[0][1]

    def columns(table: str) -> set[str]:
        # the catalog, not information_schema: that lists only the columns this role may
        # read, and a reports' role may not read the roster's secrets (trainer.history.roles)
        return {
            row[0]
            for row in conn.execute(
                "SELECT a.attname FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid "
                "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = "
                "current_schema() AND c.relname = %s AND a.attnum > 0 AND NOT a.attisdropped",
                (table,),
            )
        }

    wrong = version_problem(version, columns) if version else None
    if wrong is not None:
        raise refuse(location, wrong)
    return version


def _migrate(conn: psycopg.Connection[Any], version: int) -> None:
    """Create or upgrade the schema, in the caller's transaction."""
    if version == 0:
        create, insert = CREATE_MARKER
        conn.execute(create)
        conn.execute(insert, (APPLICATION_ID,))
    if 0 < version < SCHEMA_VERSION:
        # terminals of the older ezbac still connected wait while the step runs: an answer
        # stored between v6's backfill and its trigger would be counted by neither
        conn.execute("LOCK TABLE answers IN SHARE ROW EXCLUSIVE MODE")
    for target in range(version + 1, SCHEMA_VERSION + 1):
        for statement in MIGRATIONS[target - 1]:
            conn.execute(statement)
        conn.execute(SET_VERSION, (target,))


class ServerHistory:
    """A history on a PostgreSQL server (trainer.history.backend.HistoryStore).

    Safe to call from several threads (one connection behind a lock).  A connection the
    server dropped is closed on the failing call (a HistoryUnavailableError) and opened again
    on the next one, so once the server is back the history is too.  ``blank``: opened for
    reading where no history is yet, read as one with no rows.
    """

    placeholder = "%s"

    def __init__(
        self,
        conn: psycopg.Connection[Any],
        location: ServerLocation,
        *,
        readonly: bool = False,
        blank: bool = False,
    ) -> None:
        self._server = conn
        self._lock = threading.Lock()
        self._lock_timeout_ms = 0
        self._blank = blank
        self.path = location
        self.readonly = readonly

    @classmethod
    def open(
        cls, location: ServerLocation, *, create: bool, readonly: bool, busy_timeout_ms: int
    ) -> ServerHistory:
        """The history on the server at ``location`` (see trainer.history.store.open_history)."""
        conn = _connect(location, readonly=readonly)
        blank = False
        try:
            if readonly:
                version = _inspect(conn, location)
                blank = not version  # blank, or no schema: no history yet, nothing created
                if version and version < SCHEMA_VERSION:
                    raise HistoryUnavailableError(
                        f"{location}: history schema version {version} is older than this "
                        f"ezbac's {SCHEMA_VERSION}; open it once with the trainer to upgrade it"
                    )
            else:
                with conn.transaction():  # a refusal rolls back: nothing written
                    # terminals starting together take turns to create or migrate the schema
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (APPLICATION_ID,))
                    version = _inspect(conn, location)
                    if version is None:
                        raise HistoryUnavailableError(
                            f"{location}: no schema to keep the history in (the search_path "
                            "names none that exists and that this role may use)"
                        )
                    if version == 0 and not create:
                        raise HistoryUnavailableError(f"{location}: no history database there")
                    _migrate(conn, version)
        except psycopg.Error as exc:
            conn.close()
            raise _problem(location, exc, "open") from None
        except BaseException:
            conn.close()
            raise
        store = cls(conn, location, readonly=readonly, blank=blank)
        store.set_busy_timeout(busy_timeout_ms)
        return store

    def set_busy_timeout(self, milliseconds: int) -> None:
        """How long a write waits for a table lock (PostgreSQL's lock_timeout)."""
        with self._lock:
            self._lock_timeout_ms = int(milliseconds)
            if not self._server.closed:
                self._settings(self._server)

    def close(self) -> None:
        with self._lock:
            self._server.close()

    def __enter__(self) -> ServerHistory:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        if self._blank:  # read as a current history with nothing in it
            return SCHEMA_VERSION
        return int(self._query(f"SELECT version FROM {MARKER}")[0][0])

    # -- writing ------------------------------------------------------------------------

    def record_answer(self, record: AnswerRecord, key: str | None = None) -> None:
        """Store one graded answer, committed before returning; an answer whose ``key`` is
        stored already (sent again from the spool, trainer.history.spool) is skipped."""
        self._write(rows.answer_insert(self.placeholder), rows.answer_row(record, key))

    def record_session(self, record: SessionRecord) -> None:
        """Store a session as it starts, and update it as it ends."""
        self._write(rows.session_upsert(self.placeholder), rows.session_row(record))

    # The session's recorder interface.
    on_answer = record_answer
    on_session = record_session

    # -- reading ------------------------------------------------------------------------

    def answers(
        self, trainee: str | None = None, since: datetime | None = None
    ) -> list[AnswerRecord]:
        """Answers in the order given, optionally one trainee's and from ``since`` on."""
        return rows.read_answers(self, trainee, since)

    def sessions(
        self, trainee: str | None = None, since: datetime | None = None
    ) -> list[SessionRecord]:
        return rows.read_sessions(self, trainee, since)

    def trainees(self) -> list[str]:
        return rows.read_trainees(self)

    def answer_count(self, trainee: str | None = None) -> int:
        return rows.count_answers(self, trainee)

    def select(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one read (trainer.history.queries: figures grouped in the database)."""
        return self._query(EMPTY_TABLES + sql if self._blank else sql, params)

    def write(self, statements: Sequence[tuple[str, tuple[object, ...]]]) -> list[list[Any]]:
        """The statements in one transaction, without ``transaction``'s table locks: a
        terminal's role may sign people in, not lock the answers (trainer.history.roles)."""
        if self.readonly:
            raise HistoryUnavailableError(f"{self.path}: opened for reading only")
        with self._lock:
            try:
                conn = self._live()
                with conn.transaction():
                    results = []
                    for sql, params in statements:
                        cur = conn.execute(sql, params or None)  # no params: % is SQL
                        results.append(cur.fetchall() if cur.description else [])
                    return results
            except psycopg.Error as exc:
                raise self._failed(exc, "save to") from None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """One write transaction (``ezbac history copy``) holding the tables' write lock:
        committed when the block ends, rolled back (nothing written) if it raises."""
        if self.readonly:
            raise HistoryUnavailableError(f"{self.path}: opened for reading only")
        with self._lock:
            try:
                conn = self._live()
                with conn.transaction():
                    # terminals' answers wait (and queue in their recorders) until it commits
                    conn.execute("LOCK TABLE sessions, answers IN EXCLUSIVE MODE")
                    yield ServerTransaction(conn)
            except psycopg.Error as exc:
                raise self._failed(exc, "save to") from None

    # -- plumbing -------------------------------------------------------------------------

    def _settings(self, conn: psycopg.Connection[Any]) -> None:
        conn.execute(f"SET lock_timeout = {self._lock_timeout_ms}")

    def _live(self) -> psycopg.Connection[Any]:
        """The connection, opened again if the server dropped it (HistoryError if it cannot
        be).  Called with the lock held."""
        if self._server.closed:
            conn = _connect(self.path, readonly=self.readonly)
            try:
                self._settings(conn)
            except psycopg.Error as exc:
                conn.close()
                raise _problem(self.path, exc, "open") from None
            self._server = conn
        return self._server

    def _failed(self, exc: psycopg.Error, doing: str) -> HistoryError:
        if self._server.broken:
            self._server.close()  # the next call connects again
        return _problem(self.path, exc, doing)

    def _write(self, sql: str, params: tuple[object, ...]) -> None:
        if self.readonly:
            raise HistoryUnavailableError(f"{self.path}: opened for reading only")
        with self._lock:
            try:
                self._live().execute(sql, params)
            except psycopg.Error as exc:
                raise self._failed(exc, "save to") from None

    def _query(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._live().execute(sql, params).fetchall()
            except psycopg.Error as exc:
                raise self._failed(exc, "read") from None


class ServerTransaction:
    """A server write transaction's reads and bulk inserts (trainer.history.backend)."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self._conn = conn

    def rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        return self._conn.execute(sql, params).fetchall()

    def insert(self, table: str, columns: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
        """COPY: a million answers in seconds rather than minutes of INSERTs."""
        with (
            self._conn.cursor() as cur,
            cur.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy,
        ):
            for row in rows:
                copy.write_row(row)
        if table in ("answers", "signins") and "id" in columns:  # numbered by hand: go on
            self._conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"
            )
