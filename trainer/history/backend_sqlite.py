"""The answer history in one SQLite file, written an answer at a time.

Why SQLite in WAL mode with a busy timeout: several terminals (a dealer school's room) can
point at one file and write at once, and each answer is committed as it is given, so a
killed session loses at most the answer in flight.  A file that is not ours (random bytes,
text, another application's SQLite database, a newer ezbac's schema, a damaged file) is
refused with its path and never written to: it is checked from its header bytes and a
read-only look before any read-write connection touches it, then ``PRAGMA quick_check``
reads every page (0.5-0.9 s at a million answers, see the README) before the first write.
A path that cannot be a file at all (a folder, a device, a FIFO, a socket) is refused before
anything is created beside it.

Reading (``readonly=True``, what ``ezbac report`` uses) never changes the file or leaves
anything beside it: no migration, no switch to WAL, no -wal/-shm/-journal; an older schema
is upgraded in a private copy in memory, and an empty or blank file reads as no history.

Every sqlite3 error becomes a one-line HistoryError naming the file in one place
(``problem``), whether it surfaces on opening, reading or writing.  The SQL here is SQLite's,
with ``?`` placeholders; the schema's steps are trainer.history.migrations.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from trainer.history import rows
from trainer.history.backend import (
    HistoryError,
    HistoryLockedError,
    HistoryUnavailableError,
    Transaction,
    refuse,
)
from trainer.history.migrations import MIGRATIONS, SQLITE_WHOLE
from trainer.history.schema import (
    APPLICATION_ID,
    NAME_KEYS_VERSION,
    SCHEMA_VERSION,
    name_keys_again,
    newer,
    version_problem,
)
from trainer.paths import os_reason

if TYPE_CHECKING:  # the records are built only when history is read back (not at launch)
    from trainer.engine.said import Said
    from trainer.session.records import AnswerRecord, SessionRecord

BUSY_TIMEOUT_MS = 15_000
SQLITE_MAGIC = b"SQLite format 3\x00"

#: sqlite3 error codes that mean the file itself is damaged or not a database at all.
DAMAGED_CODES = frozenset((11, 26))  # SQLITE_CORRUPT, SQLITE_NOTADB
LOCKED_CODES = frozenset((5, 6))  # SQLITE_BUSY, SQLITE_LOCKED

#: What reading or writing a file can raise from inside sqlite3: its own errors, and text
#: that is not UTF-8 (decoded by Python, so not an sqlite3.Error).
SQLITE_ERRORS = (sqlite3.Error, UnicodeDecodeError)


def problem(path: Path, exc: Exception, doing: str) -> HistoryError:
    """The one translation of an sqlite3 error into a one-line HistoryError naming ``path``."""
    from trainer.engine.said import Said

    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF  # the primary code of an extended one
    if isinstance(exc, UnicodeDecodeError):
        return refuse(path, "damaged: text that is not UTF-8")
    if code in DAMAGED_CODES:
        return refuse(path, f"damaged: {exc}")
    locked, other = cannot()[doing]
    if code in LOCKED_CODES:
        return HistoryLockedError(Said(locked, path=str(path), why=str(exc)))
    return HistoryUnavailableError(Said(other, path=str(path), why=str(exc)))


def cannot() -> dict[str, tuple[str, str]]:
    """What cannot be done with the history, locked by another program or otherwise (``problem``,
    and the server's ``_problem`` in trainer.history.backend_pg):
    made when there is a problem, the engine's ``Said`` loaded then."""
    from trainer.engine.said import Said

    return {
        "save to": (
            Said("{path}: cannot save to it: locked by another program ({why})").template,
            Said("{path}: cannot save to it ({why})").template,
        ),
        "read": (
            Said("{path}: cannot read it: locked by another program ({why})").template,
            Said("{path}: cannot read it ({why})").template,
        ),
        "open": (
            Said("{path}: cannot open it: locked by another program ({why})").template,
            Said("{path}: cannot open it ({why})").template,
        ),
        "use": (
            Said("{path}: cannot use it: locked by another program ({why})").template,
            Said("{path}: cannot use it ({why})").template,
        ),
    }


def _kinds() -> tuple[tuple[Callable[[int], bool], str], ...]:
    from trainer.engine.said import Said

    return (
        (stat.S_ISDIR, Said("a folder")),
        (stat.S_ISCHR, Said("a device")),
        (stat.S_ISBLK, Said("a device")),
        (stat.S_ISFIFO, Said("a named pipe (FIFO)")),
        (stat.S_ISSOCK, Said("a socket")),
    )


def examine_path(path: Path) -> os.stat_result | None:
    """The file's status, or None when nothing is there yet.

    HistoryUnavailableError when the path cannot hold a history at all: it cannot be reached
    (permission denied, a part of it is a file) or it is a folder, a device, a FIFO or a
    socket.  Called before anything is opened, so nothing (say ``/dev/null-journal``) is
    ever created beside such a path.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        from trainer.engine.said import Said

        raise HistoryUnavailableError(
            Said("{path}: cannot reach it ({why})", path=str(path), why=os_reason(exc))
        ) from None
    if not stat.S_ISREG(info.st_mode):
        from trainer.engine.said import Said

        kind = next(
            (name for test, name in _kinds() if test(info.st_mode)), Said("not a regular file")
        )
        raise HistoryUnavailableError(
            Said("{path}: is {kind}, not a history database file", path=str(path), kind=kind)
        )
    return info


# ---------------------------------------------------------------------------------------
# Checking a file before writing to it


def _header(path: Path) -> bytes:
    try:
        with path.open("rb") as handle:
            return handle.read(100)
    except OSError as exc:
        from trainer.engine.said import Said

        raise HistoryUnavailableError(
            Said("{path}: cannot read it ({why})", path=str(path), why=os_reason(exc))
        ) from None


def _readonly_uri(path: Path, *, immutable: bool) -> str:
    uri = path.resolve().as_uri() + "?mode=ro"
    return uri + "&immutable=1" if immutable else uri


def check_existing(path: Path) -> bytes:
    """Refuse a file we must not write to; return its header (b"" for an empty file) if it
    is empty or ours.

    Header fields (https://sqlite.org/fileformat.html): bytes 0-15 the magic string, 18-19
    the file format's write and read versions, 60-63 user_version, 68-71 application_id,
    big-endian.
    """
    header = _header(path)
    if not header:
        return header  # an empty file holds nothing to lose: it becomes a new history
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        raise refuse(path, "not an SQLite file")
    app_id = int.from_bytes(header[68:72], "big")
    version = int.from_bytes(header[60:64], "big")
    if header[18] not in (1, 2) or header[19] not in (1, 2):  # rollback 1, WAL 2: no other
        raise refuse(path, f"damaged: file format bytes {header[18]}, {header[19]}")
    if app_id not in (0, APPLICATION_ID):
        raise refuse(path, f"another application's SQLite file, application_id {app_id:#x}")
    if app_id == APPLICATION_ID and version > SCHEMA_VERSION:
        raise refuse(path, newer(version))
    # Look inside without any chance of writing or leaving a -wal/-shm beside the file:
    # immutable skips locks and the WAL.  Without locks, a read can catch another terminal
    # half-way through a checkpoint, so our own file gets a few tries before it is "damaged"
    # while another terminal has it open (a checkpoint needs the -wal that terminal keeps).
    busy = app_id == APPLICATION_ID and Path(f"{path}-wal").exists()
    tries = 3 if busy else 1
    for attempt in range(tries):
        try:
            names = _schema_names(path)
            break
        except SQLITE_ERRORS as exc:
            if attempt == tries - 1:
                raise refuse(path, f"damaged: {exc}") from None
            time.sleep(0.1)
    if app_id == 0 and names:
        raise refuse(path, "another application's SQLite database")
    return header


def _schema_names(path: Path) -> list[str]:
    probe = sqlite3.connect(_readonly_uri(path, immutable=True), uri=True)
    try:
        return [row[0] for row in probe.execute("SELECT name FROM sqlite_master")]
    finally:
        probe.close()


def _check_pages(conn: sqlite3.Connection, path: Path) -> None:
    """``PRAGMA quick_check``: every page of every table and index is read and its b-tree
    structure checked (not the index contents against the tables: that is integrity_check,
    about three times slower).  O(file): 0.5-0.9 s at a million answers, so it is skipped
    for a file unchanged since it last passed (trainer.history.checked says how)."""
    from trainer.history.checked import checked

    def check() -> None:
        problems = [row[0] for row in conn.execute("PRAGMA quick_check(3)")]
        if problems != ["ok"]:
            raise refuse(path, "damaged: " + "; ".join(str(p) for p in problems))

    checked(path, check)


def _check_schema(conn: sqlite3.Connection, path: Path) -> int:
    """The file's schema version, after checking it is ours and whole."""
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if app_id == 0 and version == 0 and not tables:
        return 0  # a blank SQLite file: we initialise it
    if app_id != APPLICATION_ID:
        raise refuse(path, "another application's SQLite database")

    def columns(table: str) -> set[str]:
        return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}

    why = version_problem(version, columns)
    if why is not None:
        raise refuse(path, why)
    return int(version)


# ---------------------------------------------------------------------------------------
# The store


class SqliteHistory:
    """A history in an SQLite file (trainer.history.backend.HistoryStore).

    Safe to call from several threads (one connection behind a lock); every write is its
    own committed transaction.
    """

    placeholder = "?"

    def __init__(self, conn: sqlite3.Connection, path: Path, *, readonly: bool = False) -> None:
        self._conn = conn
        self._lock = threading.Lock()
        self.path = path
        self.readonly = readonly

    @classmethod
    def open(
        cls,
        db: Path,
        *,
        create: bool = True,
        readonly: bool = False,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    ) -> SqliteHistory:
        """Open (creating when ``create``) the file ``db``, migrating an older schema
        forward; with ``readonly``, read it exactly as it is (see the module's docstring)."""
        exists = examine_path(db) is not None
        if readonly:
            if not exists:
                raise HistoryUnavailableError(_nothing_there(db))
            store = cls(_open_readonly(db), db, readonly=True)
        else:
            if exists:
                check_existing(db)
                if not os.access(db, os.R_OK | os.W_OK):
                    from trainer.engine.said import Said

                    raise HistoryUnavailableError(
                        Said("{path}: cannot write to it (permission denied)", path=str(db))
                    )
            elif not create:
                raise HistoryUnavailableError(_nothing_there(db))
            else:
                _make_parent(db)
            store = cls(_open_for_writing(db), db)
        store.set_busy_timeout(busy_timeout_ms)
        return store

    def set_busy_timeout(self, milliseconds: int) -> None:
        """How long a read or write waits for another program's lock before HistoryLockedError."""
        with self._lock:
            self._conn.execute(f"PRAGMA busy_timeout = {int(milliseconds)}")

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> SqliteHistory:
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
        return int(self._query("PRAGMA user_version")[0][0])

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
        return self._query(sql, params)

    def write(self, statements: Sequence[tuple[str, tuple[object, ...]]]) -> list[list[Any]]:
        """The statements in one transaction (SQLite's write lock is the file's anyway)."""
        with self.transaction() as tx:
            return [tx.rows(sql, params) for sql, params in statements]

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """One write transaction holding the write lock (``ezbac history copy``): committed
        when the block ends, rolled back (nothing written) if it raises."""
        if self.readonly:
            from trainer.engine.said import Said

            raise HistoryUnavailableError(
                Said("{path}: opened for reading only", path=str(self.path))
            )
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    yield SqliteTransaction(self._conn)
                    self._conn.execute("COMMIT")
                except BaseException:
                    if self._conn.in_transaction:
                        self._conn.execute("ROLLBACK")
                    raise
            except SQLITE_ERRORS as exc:
                raise problem(self.path, exc, "save to") from None

    # -- plumbing -----------------------------------------------------------------------

    def _write(self, sql: str, params: tuple[object, ...]) -> None:
        with self.transaction() as tx:  # one statement, committed before returning
            tx.rows(sql, params)

    def _query(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._conn.execute(sql, params).fetchall()
            except SQLITE_ERRORS as exc:
                raise problem(self.path, exc, "read") from None


class SqliteTransaction:
    """An SQLite write transaction's reads and bulk inserts (trainer.history.backend)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        return self._conn.execute(sql, params).fetchall()

    def insert(self, table: str, columns: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
        marks = ", ".join("?" for _ in columns)
        self._conn.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)


def _make_parent(db: Path) -> None:
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        from trainer.engine.said import Said

        raise HistoryUnavailableError(
            Said(
                "{path}: cannot create its folder {folder} ({why})",
                path=str(db),
                folder=str(db.parent),
                why=exc.strerror or str(exc),
            )
        ) from None
    if not os.access(db.parent, os.W_OK | os.X_OK):
        from trainer.engine.said import Said

        raise HistoryUnavailableError(
            Said(
                "{path}: cannot write in {folder} (permission denied)",
                path=str(db),
                folder=str(db.parent),
            )
        )


def _nothing_there(db: Path) -> Said:
    from trainer.engine.said import Said

    return Said("{path}: no history database there", path=str(db))


def _connect(target: str | Path, path: Path, *, uri: bool = False) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(
            target,
            timeout=BUSY_TIMEOUT_MS / 1000,
            isolation_level=None,
            check_same_thread=False,
            uri=uri,
        )
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    except SQLITE_ERRORS as exc:
        raise problem(path, exc, "open") from None
    return conn


Prepare = Callable[[sqlite3.Connection, Path], sqlite3.Connection]


def _opened(conn: sqlite3.Connection, path: Path, prepare: Prepare) -> sqlite3.Connection:
    """``prepare(conn, path)``'s result, closing ``conn`` if it raises (as a HistoryError)."""
    try:
        return prepare(conn, path)
    except BaseException as exc:
        conn.close()
        if isinstance(exc, SQLITE_ERRORS):
            raise problem(path, exc, "use") from None
        raise


def _open_for_writing(path: Path) -> sqlite3.Connection:
    return _opened(_connect(path, path), path, _prepare)


def _open_readonly(path: Path) -> sqlite3.Connection:
    """A connection that cannot change the file (``mode=ro``), current schema or not.

    A WAL-mode file with no -wal beside it has no writer and nothing to merge: it is read
    with ``immutable=1``, because a plain read-only open would create -wal and -shm files
    it cannot remove.  With a -wal there (a trainer is writing), those files exist already.
    A rollback-journal file is read with ordinary locks: a reader creates nothing.
    """
    header = check_existing(path)
    if not header or int.from_bytes(header[68:72], "big") == 0:
        return _opened(_memory(), path, _migrated)  # empty or blank: no history, as is
    # bytes 18-19: 1, 1 for a rollback journal (read with ordinary locks, creating nothing);
    # 2, 2 for WAL, and anything else is not a file SQLite should be let loose on either
    rollback = header[18:20] == b"\x01\x01"
    idle = not rollback and not Path(f"{path}-wal").exists()
    conn = _connect(_readonly_uri(path, immutable=idle), path, uri=True)

    def prepare(conn: sqlite3.Connection, path: Path) -> sqlite3.Connection:
        conn.execute("BEGIN")  # one snapshot for the checks and the copy
        try:
            version = _check_schema(conn, path)
            _check_pages(conn, path)
            if version == SCHEMA_VERSION:
                return conn
            copy = _memory()  # an older schema: upgraded in memory, the file left as it is
            conn.backup(copy)
        finally:
            if conn.in_transaction:  # an error may have ended it: raise that, not COMMIT's
                conn.execute("COMMIT")
        conn.close()
        return _migrated(copy, path)

    return _opened(conn, path, prepare)


def _memory() -> sqlite3.Connection:
    return sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)


def _migrated(conn: sqlite3.Connection, path: Path) -> sqlite3.Connection:
    """``conn`` with its schema brought up to date (its own transaction)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        _migrate(conn, _check_schema(conn, path))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return conn


def _migrate(conn: sqlite3.Connection, version: int) -> None:
    if version == 0:
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    for target in range(version + 1, SCHEMA_VERSION + 1):
        for statement in MIGRATIONS[target - 1].split(";"):
            if statement.strip():
                conn.execute(statement)
        for statement in SQLITE_WHOLE.get(target, ()):
            conn.execute(statement)
        if target == NAME_KEYS_VERSION:
            rows = conn.execute("SELECT person_id, name, name_key FROM people").fetchall()
            conn.executemany(
                "UPDATE people SET name_key = ? WHERE person_id = ?", name_keys_again(rows)
            )
        conn.execute(f"PRAGMA user_version = {target}")


def _prepare(conn: sqlite3.Connection, path: Path) -> sqlite3.Connection:
    """Check the schema and every page, create or migrate it, then switch to WAL.

    The checks run in a read transaction, so a file in use by other terminals opens without
    waiting for their write lock; only a migration takes it.  A new file gets its
    application_id and first schema in rollback-journal mode, so the id is in the main
    file's header (what check_existing reads) before WAL is turned on.
    """
    conn.execute("BEGIN")
    try:
        version = _check_schema(conn, path)
        _check_pages(conn, path)
    finally:
        if conn.in_transaction:  # an error may have ended it: raise that, not COMMIT's
            conn.execute("COMMIT")
    if version < SCHEMA_VERSION:
        _migrated(conn, path)  # checks the version again under the write lock
    mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if str(mode).lower() != "wal":  # e.g. a network file system without shared memory
        conn.execute("PRAGMA journal_mode = DELETE")
    # FULL: an answer committed is on disk, even through a power cut; answers come seconds
    # apart, so the fsync costs nothing a trainee would notice.
    conn.execute("PRAGMA synchronous = FULL")
    return conn
