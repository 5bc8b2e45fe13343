"""The history on a PostgreSQL server (psycopg 3): what a school's terminals share.

The same store interface, tables, migrations and guarantees as the SQLite file (store.py):

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
  reads as "no history yet", through an empty in-memory history, without creating anything.
- A server that goes away is a HistoryUnavailableError naming it (never its password); the
  next read or write connects again, so a recorder retrying its queue finds the server when
  it is back.

SQL is the store's and ``queries``'s, written once with ``?`` placeholders: ``server_sql``
turns them into psycopg's ``%s``.  Tables live in the connection's current schema (the first
of its search_path: ``public`` unless the address says ``?options=-csearch_path%3Dezbac``).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterable, Iterator, Sequence

import psycopg
from psycopg import errors as pg_errors

from trainer.history.migrations import (
    APPLICATION_ID,
    MIGRATIONS,
    REQUIRED_COLUMNS,
    SCHEMA_VERSION,
    postgresql_statements,
)
from trainer.history.store import (
    HistoryError,
    HistoryLockedError,
    HistoryStore,
    HistoryUnavailableError,
    ServerLocation,
    Transaction,
    _memory,
    _migrated,
    _newer,
    _opened,
    _refuse,
)

#: The marker table that makes a database an ezbac history.
MARKER = "ezbac_schema"
#: Seconds to wait for the server to answer a connection (libpq waits for ever by default);
#: an address's own ``connect_timeout`` wins.
CONNECT_TIMEOUT = 10

__all__ = ["MARKER", "ServerHistoryStore", "open_server", "server_sql"]


@functools.lru_cache(maxsize=512)
def server_sql(sql: str) -> str:
    """``sql`` with its ``?`` placeholders as psycopg's ``%s`` (and a literal ``%`` doubled),
    leaving quoted text alone: the one translation of the SQL written for both backends."""
    out: list[str] = []
    quote: str | None = None
    for ch in sql:
        if ch == "%":
            out.append("%%")
            continue
        if quote is None and ch in "'\"":
            quote = ch
        elif ch == quote:
            quote = None
        out.append("%s" if ch == "?" and quote is None else ch)
    return "".join(out)


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _problem(location: ServerLocation, exc: Exception, doing: str) -> HistoryError:
    """The one translation of a psycopg error into a one-line HistoryError naming the server."""
    why = _one_line(exc)
    if isinstance(exc, pg_errors.LockNotAvailable):
        return HistoryLockedError(f"{location}: cannot {doing} it: locked by another program "
                                  f"({why})")
    return HistoryUnavailableError(f"{location}: cannot {doing} it ({why})")


def _connect(location: ServerLocation, *, readonly: bool) -> psycopg.Connection:
    """A connection in autocommit (each statement its own transaction); a reading one may not
    write at all."""
    from urllib.parse import urlsplit

    from psycopg.conninfo import conninfo_to_dict

    try:
        urlsplit(location.url).port  # noqa: B018 (libpq would call a bad port a bad host)
    except ValueError as exc:
        raise HistoryUnavailableError(f"{location}: not a usable server address ({exc})") from None
    try:
        params = conninfo_to_dict(location.url)
    except psycopg.Error as exc:
        raise HistoryUnavailableError(
            f"{location}: not a usable server address ({_one_line(exc)})"
        ) from None
    params.setdefault("connect_timeout", CONNECT_TIMEOUT)
    params.setdefault("application_name", "ezbac")
    try:
        conn = psycopg.connect(autocommit=True, **params)
    except psycopg.Error as exc:
        raise HistoryUnavailableError(
            f"{location}: cannot reach the history server ({_one_line(exc)})"
        ) from None
    if readonly:
        try:
            conn.execute("SET default_transaction_read_only = on")
        except psycopg.Error as exc:
            conn.close()
            raise _problem(location, exc, "open") from None
    return conn


def _inspect(conn: psycopg.Connection, location: ServerLocation) -> int | None:
    """The history's schema version, 0 for a blank schema, None when the search_path names no
    schema that exists; refuses (NotHistoryDatabaseError) a database that is not ours."""
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
            raise _refuse(location, f"schema {schema} holds other tables: {shown}")
        return 0
    try:
        marks = conn.execute(f"SELECT application_id, version FROM {MARKER}").fetchall()
    except psycopg.Error as exc:
        raise _refuse(location, f"its {MARKER} table is not ours ({_one_line(exc)})") from None
    if len(marks) != 1 or marks[0][0] != APPLICATION_ID or not isinstance(marks[0][1], int):
        raise _refuse(location, f"another application's {MARKER} table")
    version = marks[0][1]
    if version > SCHEMA_VERSION:
        raise _refuse(location, _newer(version))
    required = REQUIRED_COLUMNS.get(version) if version else {}
    if required is None:
        raise _refuse(location, f"damaged: unknown schema version {version}")
    for table, columns in required.items():
        have = {
            row[0]
            for row in conn.execute(
                "SELECT column_name FROM information_schema.columns "
                "WHERE table_schema = current_schema() AND table_name = %s",
                (table,),
            )
        }
        if not columns <= have:
            raise _refuse(location,
                          f"damaged: table {table} lacks {', '.join(sorted(columns - have))}")
    return version


def _migrate(conn: psycopg.Connection, version: int) -> None:
    """Create or upgrade the schema, in the caller's transaction."""
    if version == 0:
        conn.execute(f"CREATE TABLE {MARKER} (application_id BIGINT NOT NULL, "
                     "version INTEGER NOT NULL)")
        conn.execute(f"INSERT INTO {MARKER} VALUES (%s, 0)", (APPLICATION_ID,))
    for target in range(version + 1, SCHEMA_VERSION + 1):
        for statement in postgresql_statements(MIGRATIONS[target - 1]):
            conn.execute(statement)
        conn.execute(f"UPDATE {MARKER} SET version = %s", (target,))


def open_server(
    location: ServerLocation, *, create: bool, readonly: bool, busy_timeout_ms: int
) -> HistoryStore:
    """The history on the server at ``location`` (see HistoryStore.open)."""
    conn = _connect(location, readonly=readonly)
    try:
        if readonly:
            version = _inspect(conn, location)
            if not version:  # blank, or no schema: no history yet, and nothing created
                conn.close()
                return HistoryStore(_opened(_memory(), location, _migrated), location,
                                    readonly=True)
            if version < SCHEMA_VERSION:
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
                        "names none that exists)"
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
    store = ServerHistoryStore(conn, location, readonly=readonly)
    store.set_busy_timeout(busy_timeout_ms)
    return store


class ServerHistoryStore(HistoryStore):
    """HistoryStore on a PostgreSQL connection: only the plumbing differs.

    A connection the server dropped is closed on the failing call (a HistoryUnavailableError)
    and opened again on the next one, so once the server is back the history is too.
    """

    def __init__(self, conn: psycopg.Connection, location: ServerLocation, *,
                 readonly: bool = False) -> None:
        super().__init__(conn, location, readonly=readonly)  # type: ignore[arg-type]
        self._server: psycopg.Connection = conn
        self._location = location
        self._lock_timeout_ms = 0

    def set_busy_timeout(self, milliseconds: int) -> None:
        """How long a write waits for a table lock (PostgreSQL's lock_timeout)."""
        with self._lock:
            self._lock_timeout_ms = int(milliseconds)
            if not self._server.closed:
                self._settings(self._server)

    def close(self) -> None:
        with self._lock:
            self._server.close()

    @property
    def schema_version(self) -> int:
        return self._query(f"SELECT version FROM {MARKER}")[0][0]

    # -- plumbing -------------------------------------------------------------------------

    def _settings(self, conn: psycopg.Connection) -> None:
        conn.execute(f"SET lock_timeout = {self._lock_timeout_ms}")

    def _live(self) -> psycopg.Connection:
        """The connection, opened again if the server dropped it (HistoryError if it cannot
        be).  Called with the lock held."""
        if self._server.closed:
            conn = _connect(self._location, readonly=self.readonly)
            try:
                self._settings(conn)
            except psycopg.Error as exc:
                conn.close()
                raise _problem(self._location, exc, "open") from None
            self._server = conn
        return self._server

    def _failed(self, exc: psycopg.Error, doing: str) -> HistoryError:
        if self._server.broken:
            self._server.close()  # the next call connects again
        return _problem(self._location, exc, doing)

    def _write(self, sql: str, params: tuple[object, ...]) -> None:
        if self.readonly:
            raise HistoryUnavailableError(f"{self.path}: opened for reading only")
        with self._lock:
            try:
                self._live().execute(server_sql(sql), params)
            except psycopg.Error as exc:
                raise self._failed(exc, "save to") from None

    def _query(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._live().execute(server_sql(sql), params).fetchall()
            except psycopg.Error as exc:
                raise self._failed(exc, "read") from None

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Transaction]:
        if self.readonly:
            raise HistoryUnavailableError(f"{self.path}: opened for reading only")
        with self._lock:
            try:
                conn = self._live()
                with conn.transaction():
                    # terminals' answers wait (and queue in their recorders) until it commits
                    conn.execute("LOCK TABLE sessions, answers IN EXCLUSIVE MODE")
                    yield _ServerTransaction(conn)
            except psycopg.Error as exc:
                raise self._failed(exc, "save to") from None


class _ServerTransaction:
    def __init__(self, conn: psycopg.Connection) -> None:
        self._conn = conn

    def rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple]:
        return self._conn.execute(server_sql(sql), params).fetchall()

    def insert(self, table: str, columns: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
        """COPY: a million answers in seconds rather than minutes of INSERTs."""
        with self._conn.cursor() as cur, cur.copy(
            f"COPY {table} ({', '.join(columns)}) FROM STDIN"
        ) as copy:
            for row in rows:
                copy.write_row(row)
        if table == "answers" and "id" in columns:  # numbered by hand: go on after them
            self._conn.execute(
                "SELECT setval(pg_get_serial_sequence('answers', 'id'), "
                "(SELECT COALESCE(MAX(id), 0) + 1 FROM answers), false)"
            )
