"""The history on a PostgreSQL server (psycopg 3): what a school's terminals share.

A sibling of the SQLite file (trainer.history.backend_sqlite), with the same interface
(trainer.history.backend.HistoryStore), tables and guarantees:

- A database that is not an ezbac history is refused with one line and never modified.  Ours
  carries a marker table, ``ezbac_schema`` (our application id and the schema version, what
  SQLite keeps in its header); a database whose schema holds other tables and no marker is
  someone else's.  The check runs inside the transaction that would create or migrate the
  schema, so a refusal rolls back with nothing written.
- Many terminals write at once: every answer is one INSERT in a transaction of its own,
  committed before the call returns (a killed terminal loses at most the answer in flight),
  and terminals creating or migrating the schema at the same moment take turns on a
  transaction-scoped advisory lock.
- A trainer holds a server connection only while it uses it: opened for a write or a read,
  kept for a burst of them (``LINGER_S``), then closed by one reaper thread a process, so
  a school's trainers are not bounded by the server's ``max_connections``.  A connection
  refused while others hold every slot is tried again within the busy timeout.
- Nothing outlives a transaction, so a pooler in transaction mode (PgBouncer) may hand each
  transaction to another server connection: settings are ``SET LOCAL`` (set_config(...,
  true)) in each transaction, reading sessions open each transaction ``READ ONLY``, the only
  advisory lock is transaction-scoped, and no statement is prepared on the server
  (``prepare_threshold=None``).
- Reading never writes: a reading command's transactions are read-only, so the server itself
  refuses any write; a blank database (or a search_path naming no schema) reads as "no
  history yet": its reads run against empty stand-ins of the tables declared in the query
  (migrations_pg.EMPTY_TABLES), and nothing is created.
- A server that goes away is a HistoryUnavailableError naming it (never its password); the
  next read or write connects again, so a recorder retrying its queue finds the server when
  it is back.

The SQL here and in migrations_pg is PostgreSQL's, with psycopg's ``%s`` placeholders.
Tables live in the connection's current schema (the first of its search_path: ``public``
unless the address says ``?options=-csearch_path%3Dezbac``).
"""

from __future__ import annotations

import contextlib
import math
import random
import threading
import time
import weakref
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from types import TracebackType
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg import errors as pg_errors

from trainer.engine.said import Said, Verbatim
from trainer.history import rows
from trainer.history.backend import (
    HistoryError,
    HistoryLockedError,
    HistoryUnavailableError,
    ServerFullError,
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
from trainer.history.schema import (
    APPLICATION_ID,
    NAME_KEYS_VERSION,
    SCHEMA_VERSION,
    name_keys_again,
    version_problem,
)

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

__all__ = [
    "CONNECTION_DEFAULTS",
    "LINGER_S",
    "MARKER",
    "ServerFullError",
    "ServerHistory",
    "ServerTransaction",
]

#: What a server (or a pooler) says when it refuses a connection because every slot is
#: taken: PostgreSQL's max_connections and the slots it keeps for superusers, a role's or a
#: database's connection limit, PgBouncer's max_client_conn, and PgBouncer's pool having no
#: server connection free within its query_wait_timeout (a class starting at once).
FULL_SIGNS = (
    "too many clients already",
    "remaining connection slots are reserved",
    "too many connections for",
    "no more connections allowed",
    "query_wait_timeout",
)


def _one_line(exc: BaseException, location: ServerLocation) -> str:
    """A library's error as one line, without the address's password (libpq may quote the
    address it was given)."""
    from trainer.addresses import scrub

    return scrub(" ".join(str(exc).split()) or type(exc).__name__, [location.url])


def _problem(location: ServerLocation, exc: Exception, doing: str) -> HistoryError:
    """The one translation of a psycopg error into a one-line HistoryError naming the server."""
    why = _one_line(exc, location)
    from trainer.history.backend_sqlite import cannot  # the file's words, one message each

    locked, other = cannot()[doing]
    if isinstance(exc, pg_errors.LockNotAvailable):
        return HistoryLockedError(Said(locked, path=str(location), why=why))
    full = any(sign in why for sign in FULL_SIGNS)
    return (ServerFullError if full else HistoryUnavailableError)(
        Said(other, path=str(location), why=why)
    )


def connect(location: ServerLocation, *, readonly: bool) -> psycopg.Connection[Any]:
    """One connection as every ezbac command makes it (the timeouts of CONNECTION_DEFAULTS,
    nothing prepared); HistoryUnavailableError (or ServerFullError) naming the server, with
    no password, when it cannot be reached."""
    return _connect(location, readonly=readonly)


def _connect(location: ServerLocation, *, readonly: bool) -> psycopg.Connection[Any]:
    """A connection in autocommit whose every use is a ``transaction()`` block (BEGIN READ
    ONLY for a reading one); nothing set on the session, nothing prepared on the server."""
    from urllib.parse import urlsplit

    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    authority = urlsplit(location.url).netloc.rpartition("@")[2]
    for host in authority.split(","):  # libpq takes several hosts: h1:5432,h2:5433
        port = host.rpartition("]")[2].partition(":")[2] if ":" in host else ""
        if port and not (port.isascii() and port.isdigit() and 0 < int(port) < 65536):
            raise HistoryUnavailableError(
                Said(
                    "{address}: not a usable server address ({why})",
                    address=str(location),
                    why=Said(
                        "the port {port} of {host} is not a number from 1 to 65535",
                        port=repr(port[:20]),
                        host=repr(host.rpartition(":")[0][:60]),
                    ),
                )
            )
    try:
        params = conninfo_to_dict(location.url)
    except psycopg.Error as exc:
        raise HistoryUnavailableError(
            Said(
                "{address}: not a usable server address ({why})",
                address=str(location),
                why=_one_line(exc, location),
            )
        ) from None
    for name, value in CONNECTION_DEFAULTS.items():
        params.setdefault(name, value)
    try:
        conn = psycopg.connect(make_conninfo("", **params), autocommit=True)
    except psycopg.Error as exc:
        why = _one_line(exc, location)
        full = any(sign in why for sign in FULL_SIGNS)
        raise (ServerFullError if full else HistoryUnavailableError)(
            Said(
                "{location}: cannot reach the history server ({why})",
                location=Verbatim(str(location)),
                why=Verbatim(why),
            )
        ) from None
    # a pooler in transaction mode routes each transaction to any server connection: a
    # statement prepared on one is unknown on the next (PgBouncer before 1.21)
    conn.prepare_threshold = None
    conn.read_only = readonly  # each transaction() block begins READ ONLY
    return conn


def _local_settings(conn: psycopg.Connection[Any], lock_timeout_ms: int) -> None:
    """This transaction's settings, gone at its end (SET LOCAL): how long a statement waits
    for a table lock, and no JIT (compiling a report's grouping at a million answers cost
    about 90 ms a query, more than it saved)."""
    conn.execute(
        "SELECT set_config('lock_timeout', %s, true), set_config('jit', 'off', true)",
        (str(int(lock_timeout_ms)),),
    )


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
        if target == NAME_KEYS_VERSION:
            rows = conn.execute("SELECT person_id, name, name_key FROM people").fetchall()
            for key, person_id in name_keys_again(rows):
                conn.execute(
                    "UPDATE people SET name_key = %s WHERE person_id = %s", (key, person_id)
                )
        conn.execute(SET_VERSION, (target,))


def _checked(
    conn: psycopg.Connection[Any], location: ServerLocation, *, create: bool, readonly: bool
) -> bool:
    """Check the history on a fresh connection, creating or migrating it unless
    ``readonly``; True for a blank one opened for reading.  The connection is closed on
    any error (a HistoryError naming the server)."""
    blank = False
    try:
        with conn.transaction():  # a refusal rolls back: nothing written
            if readonly:
                version = _inspect(conn, location)
                blank = not version  # blank, or no schema: no history yet, nothing created
                if version and version < SCHEMA_VERSION:
                    raise HistoryUnavailableError(
                        Said(
                            "{path}: history schema version {version} is older than this "
                            "ezbac's {ours}; open it once with the trainer to upgrade it",
                            path=str(location),
                            version=version,
                            ours=SCHEMA_VERSION,
                        )
                    )
            else:
                version = _inspect(conn, location)
                if version != SCHEMA_VERSION:
                    # terminals starting together take turns to create or migrate the
                    # schema, and look again once it is theirs.  A current one needs no
                    # turn: a class starting at once (500 trainers through a pooler of
                    # 20 connections) queued behind the lock for over a second
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (APPLICATION_ID,))
                    version = _inspect(conn, location)
                if version is None:
                    raise HistoryUnavailableError(
                        Said(
                            "{path}: no schema to keep the history in (the search_path names "
                            "none that exists and that this role may use)",
                            path=str(location),
                        )
                    )
                if version == 0 and not create:
                    raise HistoryUnavailableError(
                        Said("{path}: no history database there", path=str(location))
                    )
                _migrate(conn, version)
    except psycopg.Error as exc:
        conn.close()
        raise _problem(location, exc, "open") from None
    except BaseException:
        conn.close()
        raise
    return blank


#: How long an idle connection is kept for the next read or write of the same burst (an
#: answer and the counts the screen reads after it) before it is closed.  A trainer answers
#: every 2-5 s, so at 500 trainers about a tenth of them hold one at a time
#: (docs/performance.md).
LINGER_S = 0.25
#: First pause before connecting again when the server refuses a connection (every slot
#: taken): doubled each time, with jitter, within the store's busy timeout.
RETRY_PAUSE_S = 0.01
#: A trainer that started while the server was full (``ServerHistory.open``'s
#: ``wait_when_full``) tries for a slot again after this pause, doubled after each refusal
#: up to ``WAIT_MOST_S``; meanwhile its answers wait in its spool.
WAIT_FIRST_S = 1.0
WAIT_MOST_S = 30.0


class _Reaper:
    """One daemon thread a process closing the connections idle past their linger; it ends
    when no store holds an idle connection, and starts again with the next one."""

    def __init__(self) -> None:
        self._wake = threading.Condition()
        self._stores: weakref.WeakSet[ServerHistory] = weakref.WeakSet()
        self._thread: threading.Thread | None = None

    def watch(self, store: ServerHistory) -> None:
        with self._wake:
            self._stores.add(store)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="ezbac-history-reaper", daemon=True
                )
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._wake:
                if not self._stores:
                    self._thread = None
                    return
                self._wake.wait(LINGER_S / 2)
                stores = list(self._stores)
            for store in stores:
                if store.close_idle():
                    with self._wake:
                        self._stores.discard(store)


_REAPER = _Reaper()


class ServerHistory:
    """A history on a PostgreSQL server (trainer.history.backend.HistoryStore).

    Safe to call from several threads (one connection at a time behind a lock).  The
    connection is opened by the read or write that needs it and closed ``linger`` seconds
    after the last one (the reaper), or at once when the server dropped it (that call is a
    HistoryUnavailableError; the next connects again, so once the server is back the history
    is too).  ``blank``: opened for reading where no history is yet, read as one with no rows.
    """

    placeholder = "%s"

    def __init__(
        self,
        conn: psycopg.Connection[Any] | None,
        location: ServerLocation,
        *,
        readonly: bool = False,
        blank: bool = False,
        linger: float | None = None,
    ) -> None:
        self._server = conn
        self._lock = threading.Lock()
        self._lock_timeout_ms = 0
        self._blank = blank
        self._linger = LINGER_S if linger is None else linger
        self._used = time.monotonic()
        self.path = location
        self.readonly = readonly
        self.connects = 0 if conn is None else 1  # connections opened (the tests count them)
        #: Opened while the server was full: the history is checked at the first connection
        #: (None once checked; else whether to create it there).
        self._unchecked: bool | None = None
        self._next_try = 0.0  # no try to connect before this (monotonic) while unchecked
        self._pause = WAIT_FIRST_S
        if conn is not None:
            _REAPER.watch(self)

    @classmethod
    def open(
        cls,
        location: ServerLocation,
        *,
        create: bool,
        readonly: bool,
        busy_timeout_ms: int,
        wait_when_full: bool = False,
    ) -> ServerHistory:
        """The history on the server at ``location`` (see trainer.history.store.open_history).

        With ``wait_when_full`` (a trainer starting), a server refusing the connection
        because every slot is taken (or a pooler with no server connection free within its
        query_wait_timeout) is no failure: the store is returned unconnected, its
        reads and writes refused (ServerFullError, so the recorder spools) until a try,
        spaced by a growing pause (``WAIT_FIRST_S`` doubled up to ``WAIT_MOST_S``), gets a
        slot; the history is checked (and created or migrated) then, before its first use."""
        try:
            conn = _connect(location, readonly=readonly)
            blank = _checked(conn, location, create=create, readonly=readonly)
        except ServerFullError:
            if not wait_when_full or readonly:
                raise
            store = cls(None, location, readonly=readonly)
            store._unchecked = create
            store.set_busy_timeout(busy_timeout_ms)
            store._refused()
            return store
        store = cls(conn, location, readonly=readonly, blank=blank)
        store.set_busy_timeout(busy_timeout_ms)
        if store._linger <= 0:
            store.close_idle()
        return store

    def _refused(self) -> None:
        """A try to connect found every slot taken: the next waits a pause twice as long
        (with jitter, so trainers refused together do not come back together)."""
        self._next_try = time.monotonic() + self._pause * random.uniform(0.5, 1.5)
        self._pause = min(self._pause * 2, WAIT_MOST_S)

    def set_busy_timeout(self, milliseconds: int) -> None:
        """How long a write waits for a table lock (PostgreSQL's lock_timeout, set in each
        transaction) or for a free connection slot on the server."""
        with self._lock:
            self._lock_timeout_ms = int(milliseconds)

    def close(self) -> None:
        with self._lock:
            if self._server is not None:
                self._server.close()
                self._server = None

    def close_idle(self) -> bool:
        """Close the connection if unused for ``linger`` seconds (the reaper's call); True
        when none is held now."""
        if not self._lock.acquire(blocking=False):  # in use
            return False
        try:
            if self._server is None:
                return True
            if time.monotonic() - self._used < self._linger:
                return False
            self._server.close()
            self._server = None
            return True
        finally:
            self._lock.release()

    @property
    def connected(self) -> bool:
        """A server connection is held now (the tests and the load benchmark read it)."""
        return self._server is not None and not self._server.closed

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
            raise HistoryUnavailableError(
                Said("{path}: opened for reading only", path=str(self.path))
            )
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
            raise HistoryUnavailableError(
                Said("{path}: opened for reading only", path=str(self.path))
            )
        with self._lock:
            try:
                conn = self._live()
                with conn.transaction():
                    _local_settings(conn, self._lock_timeout_ms)
                    # terminals' answers wait (and queue in their recorders) until it commits
                    conn.execute("LOCK TABLE sessions, answers IN EXCLUSIVE MODE")
                    yield ServerTransaction(conn)
            except psycopg.Error as exc:
                raise self._failed(exc, "save to") from None
            finally:
                self._done()

    # -- plumbing -------------------------------------------------------------------------

    def _live(self) -> psycopg.Connection[Any]:
        """The connection, opened now if none is held (HistoryError if it cannot be).  A
        server that refuses it while every slot is taken is tried again, pausing a little
        longer each time, until the busy timeout has passed.  Called with the lock held."""
        if self._server is not None and not self._server.closed:
            return self._server
        if self._unchecked is not None:
            wait = self._next_try - time.monotonic()
            if wait > 0:  # the pause after a refusal: the server is not asked meanwhile
                raise ServerFullError(
                    Said(
                        "{path}: every connection slot of the server was taken; trying again "
                        "in {seconds} s",
                        path=str(self.path),
                        seconds=math.ceil(wait),
                    )
                )
        deadline = time.monotonic() + self._lock_timeout_ms / 1000
        pause = RETRY_PAUSE_S
        while True:
            try:
                conn = _connect(self.path, readonly=self.readonly)
                break
            except HistoryUnavailableError as exc:
                left = deadline - time.monotonic()
                if left <= 0:
                    if self._unchecked is not None and isinstance(exc, ServerFullError):
                        self._refused()
                    raise
                time.sleep(min(left, pause * random.uniform(0.5, 1.5)))
                pause *= 2
        if self._unchecked is not None:
            try:
                self._blank = _checked(conn, self.path, create=self._unchecked, readonly=False)
            except ServerFullError:  # a pooler with no server connection free in time
                self._refused()
                raise
            self._unchecked = None
            self._pause = WAIT_FIRST_S
        self.connects += 1
        self._server = conn
        _REAPER.watch(self)
        return conn

    def _done(self) -> None:
        """After each use (lock held): the linger starts now."""
        self._used = time.monotonic()
        if self._linger <= 0 and self._server is not None:
            self._server.close()
            self._server = None

    def _failed(self, exc: psycopg.Error, doing: str) -> HistoryError:
        if self._server is not None and self._server.broken:
            self._server.close()  # the next call connects again
            self._server = None
        return _problem(self.path, exc, doing)

    def _write(self, sql: str, params: tuple[object, ...]) -> None:
        if self.readonly:
            raise HistoryUnavailableError(
                Said("{path}: opened for reading only", path=str(self.path))
            )
        with self._lock:
            try:
                conn = self._live()
                with conn.transaction():  # committed before this returns
                    _local_settings(conn, self._lock_timeout_ms)
                    conn.execute(sql, params)
            except psycopg.Error as exc:
                raise self._failed(exc, "save to") from None
            finally:
                self._done()

    def _query(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                conn = self._live()
                with conn.transaction():
                    _local_settings(conn, self._lock_timeout_ms)
                    return conn.execute(sql, params).fetchall()
            except psycopg.Error as exc:
                raise self._failed(exc, "read") from None
            finally:
                self._done()


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
