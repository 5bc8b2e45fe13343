"""The answer history: one SQLite file, written an answer at a time.

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
(``_problem``), whether it surfaces on opening, reading or writing.

A ``postgresql://`` (or ``postgres://``) address instead of a path, as ``--db`` or
``$EZBAC_DB``, keeps the history on a school's server (``backend_pg``): the same store
interface and guarantees, one subclass overriding the plumbing (``_write``, ``_query``,
``_transaction``, ``close``).  SQL is written once, here and in ``queries``, with ``?``
placeholders.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Protocol, TypeVar

from trainer.errors import BadInputError, EzbacError, UnavailableError
from trainer.history.migrations import (
    APPLICATION_ID,
    MIGRATIONS,
    REQUIRED_COLUMNS,
    SCHEMA_VERSION,
    SQLITE_WHOLE,
)
from trainer.paths import os_reason
from trainer.skills import family

if TYPE_CHECKING:  # the records are built only when history is read back (not at launch)
    from trainer.session.records import AnswerRecord, SessionRecord

T = TypeVar("T")
ENV_DB = "EZBAC_DB"
BUSY_TIMEOUT_MS = 15_000
SQLITE_MAGIC = b"SQLite format 3\x00"


class HistoryError(EzbacError):
    """The history database cannot be used; the message is one line naming the file."""


class NotHistoryDatabaseError(HistoryError, BadInputError):
    """The file exists but is not an ezbac history database we may write to."""


class DamagedHistoryError(NotHistoryDatabaseError):
    """The file is (or claims to be) a history but SQLite finds it damaged: never written."""


class HistoryUnavailableError(HistoryError, UnavailableError):
    """The file cannot be created, opened or written (permissions, missing, disk)."""


class HistoryLockedError(HistoryUnavailableError):
    """Another program holds the file's write lock past the busy timeout: try again later."""


#: sqlite3 error codes that mean the file itself is damaged or not a database at all.
_DAMAGED_CODES = frozenset((11, 26))  # SQLITE_CORRUPT, SQLITE_NOTADB
_LOCKED_CODES = frozenset((5, 6))  # SQLITE_BUSY, SQLITE_LOCKED


#: What reading or writing a file can raise from inside sqlite3: its own errors, and text
#: that is not UTF-8 (decoded by Python, so not an sqlite3.Error).
SQLITE_ERRORS = (sqlite3.Error, UnicodeDecodeError)


def _problem(path: Location, exc: Exception, doing: str) -> HistoryError:
    """The one translation of an sqlite3 error into a one-line HistoryError naming ``path``."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF  # the primary code of an extended one
    if isinstance(exc, UnicodeDecodeError):
        return _refuse(path, "damaged: text that is not UTF-8")
    if code in _DAMAGED_CODES:
        return _refuse(path, f"damaged: {exc}")
    if code in _LOCKED_CODES:
        return HistoryLockedError(f"{path}: cannot {doing} it: locked by another program ({exc})")
    return HistoryUnavailableError(f"{path}: cannot {doing} it ({exc})")


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
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
        raise HistoryUnavailableError(f"{path}: cannot reach it ({os_reason(exc)})") from None
    if not stat.S_ISREG(info.st_mode):
        kind = next((name for test, name in _KINDS if test(info.st_mode)), "not a regular file")
        raise HistoryUnavailableError(f"{path}: is {kind}, not a history database file")
    return info


def resolve_db_path(flag: str | os.PathLike[str] | None = None) -> Path:
    """Where the history lives: ``--db`` beats ``$EZBAC_DB`` beats the per-user default.

    HistoryUnavailableError (see ``examine_path``) if that path cannot hold a history, so
    callers may test it with ``exists()`` safely."""
    if flag:
        path = Path(flag).expanduser()
    elif os.environ.get(ENV_DB):
        path = Path(os.environ[ENV_DB]).expanduser()
    else:
        from trainer.paths import default_db_path

        path = default_db_path()
    examine_path(path)
    return path


def db_path_is_explicit(flag: str | os.PathLike[str] | None = None) -> bool:
    """True when the user named the file (flag or environment), not the default."""
    return bool(flag) or bool(os.environ.get(ENV_DB))


#: How a --db value names a PostgreSQL server rather than a file (libpq's URI schemes).
SERVER_SCHEMES = ("postgresql://", "postgres://")


@dataclass(frozen=True, slots=True)
class ServerLocation:
    """A history on a PostgreSQL server.  ``str()`` is the address without its password, so
    it can name the server in any message; ``url`` (password included) is only for libpq."""

    url: str

    def __str__(self) -> str:
        return redact(self.url)


def redact(url: str) -> str:
    """``url`` with any password (``user:secret@``, ``password=``) left out, by the address's
    structure whatever its scheme (trainer.addresses)."""
    from trainer.addresses import redact as redact_text

    return redact_text(url)


def server_location(value: str) -> ServerLocation | None:
    """The server a ``--db`` value or $EZBAC_DB names, its scheme in lower case as libpq
    wants it (``POSTGRESQL://`` is the same scheme: RFC 3986); None for a path.  An address
    of another scheme, or with spaces around it, is a HistoryUnavailableError naming it
    without its password, never taken for a file name."""
    from trainer.addresses import scheme_of

    scheme = scheme_of(value)
    if scheme is None:
        return None
    shown = redact(value.strip())
    if value != value.strip():
        raise HistoryUnavailableError(f"{shown!r}: spaces around a server address; write it "
                                      "without them")
    if f"{scheme.lower()}://" not in SERVER_SCHEMES:
        raise HistoryUnavailableError(
            f"{shown}: ezbac keeps its history in a file or on a PostgreSQL server; "
            f"{scheme}:// is neither (write postgresql://USER@HOST/DB or a file path)")
    return ServerLocation(scheme.lower() + value[len(scheme):])


#: Where a history lives: a file, or a database on a server.
Location = Path | ServerLocation


def resolve_db(flag: str | os.PathLike[str] | Location | None = None) -> Location:
    """``resolve_db_path``, or the server a ``postgresql://`` flag or $EZBAC_DB names."""
    if isinstance(flag, ServerLocation):
        return flag
    named = flag if flag else os.environ.get(ENV_DB)
    server = server_location(os.fspath(named)) if named else None
    if server is not None:
        return server
    return resolve_db_path(flag)


def db_is_missing(location: Location) -> bool:
    """True for a file not there yet (a server's database is never "missing" up front: a
    reading command finds out on connecting, and a blank one reads as no history)."""
    return isinstance(location, Path) and not location.exists()


def to_db_time(moment: datetime) -> str:
    """UTC text that sorts in time order; a naive datetime is taken as local time."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def from_db_time(text: str) -> datetime:
    """A stored time; ValueError if it is not one of ours (aware, ISO 8601)."""
    moment = datetime.fromisoformat(as_text(text))
    if moment.tzinfo is None:
        raise ValueError(f"time without a zone: {text!r}")
    return moment


def as_text(value: object) -> str:
    """A stored text column as str; TypeError (a damaged row, see ``decoded``) otherwise."""
    if not isinstance(value, str):
        raise TypeError(f"{type(value).__name__} where text belongs: {value!r}"[:80])
    return value


# ---------------------------------------------------------------------------------------
# Checking a file before writing to it


def _header(path: Path) -> bytes:
    try:
        with path.open("rb") as handle:
            return handle.read(100)
    except OSError as exc:
        raise HistoryUnavailableError(f"{path}: cannot read it ({os_reason(exc)})") from None


def _readonly_uri(path: Path, *, immutable: bool) -> str:
    uri = path.resolve().as_uri() + "?mode=ro"
    return uri + "&immutable=1" if immutable else uri


def _refuse(path: Location, why: str) -> NotHistoryDatabaseError:
    why = " ".join(why.replace("*** in database main ***", "").split())  # one line
    if why.startswith("damaged: "):
        return DamagedHistoryError(
            f"{path}: damaged history database ({why.removeprefix('damaged: ')}); it was "
            "left untouched"
        )
    return NotHistoryDatabaseError(
        f"{path}: not an ezbac history database ({why}); it was left untouched"
    )


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
        raise _refuse(path, "not an SQLite file")
    app_id = int.from_bytes(header[68:72], "big")
    version = int.from_bytes(header[60:64], "big")
    if header[18] not in (1, 2) or header[19] not in (1, 2):  # rollback 1, WAL 2: no other
        raise _refuse(path, f"damaged: file format bytes {header[18]}, {header[19]}")
    if app_id not in (0, APPLICATION_ID):
        raise _refuse(path, f"another application's SQLite file, application_id {app_id:#x}")
    if app_id == APPLICATION_ID and version > SCHEMA_VERSION:
        raise _refuse(path, _newer(version))
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
                raise _refuse(path, f"damaged: {exc}") from None
            time.sleep(0.1)
    if app_id == 0 and names:
        raise _refuse(path, "another application's SQLite database")
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
            raise _refuse(path, "damaged: " + "; ".join(str(p) for p in problems))

    checked(path, check)


def _newer(version: int) -> str:
    return (
        f"written by a newer ezbac: schema version {version}, this version knows up to "
        f"{SCHEMA_VERSION}; upgrade ezbac"
    )


def _check_schema(conn: sqlite3.Connection, path: Path) -> int:
    """The file's schema version, after checking it is ours and whole."""
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = {
        row[0]
        for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    if app_id == 0 and version == 0 and not tables:
        return 0  # a blank SQLite file: we initialise it
    if app_id != APPLICATION_ID:
        raise _refuse(path, "another application's SQLite database")
    if version > SCHEMA_VERSION:
        raise _refuse(path, _newer(version))
    required = REQUIRED_COLUMNS.get(version)
    if required is None:
        raise _refuse(path, f"damaged: unknown schema version {version}")
    for table, columns in required.items():
        have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if not columns <= have:
            raise _refuse(path, f"damaged: table {table} lacks {', '.join(sorted(columns - have))}")
    return version


# ---------------------------------------------------------------------------------------
# The store


def decoded(table: str) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """A reader whose rows hold a value no ezbac wrote (a time that is not one, text where a
    number belongs, after bits flipped on disk) raises DamagedHistoryError: one line naming
    the file, not a traceback from deep in the row's conversion."""

    def wrap(read: Callable[..., T]) -> Callable[..., T]:
        @functools.wraps(read)
        def reader(self: HistoryStore, *args: object, **kwargs: object) -> T:
            try:
                return read(self, *args, **kwargs)
            except HistoryError:
                raise
            except (ValueError, TypeError, AttributeError, OverflowError) as exc:
                raise _refuse(self.path, f"damaged: a row of {table} holds {exc}") from None

        return reader

    return wrap


class HistoryStore:
    """An open history database.  ``on_answer``/``on_session`` are the session's recorder.

    Safe to call from several threads (one connection behind a lock); every write is its
    own committed transaction.
    """

    def __init__(self, conn: sqlite3.Connection, path: Location, *, readonly: bool = False) -> None:
        self._conn = conn
        self._lock = threading.Lock()
        self.path = path
        self.readonly = readonly

    # -- opening ------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str] | Location | None = None,
        *,
        create: bool = True,
        readonly: bool = False,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    ) -> HistoryStore:
        """Open (creating when ``create``) the history at ``path`` or the resolved default,
        migrating an older schema forward; with ``readonly``, read it exactly as it is (see
        the module's docstring).  ``busy_timeout_ms`` is how long each later read or write
        waits for another program's lock.  Raises HistoryError with a one-line message.
        A ``postgresql://`` address opens the server's history (backend_pg)."""
        where = resolve_db(path)
        if isinstance(where, ServerLocation):
            from trainer.history.backend_pg import open_server

            return open_server(
                where, create=create, readonly=readonly, busy_timeout_ms=busy_timeout_ms
            )
        db = where
        exists = examine_path(db) is not None
        if readonly:
            if not exists:
                raise HistoryUnavailableError(f"{db}: no history database there")
            store = cls(_open_readonly(db), db, readonly=True)
        else:
            if exists:
                check_existing(db)
                if not os.access(db, os.R_OK | os.W_OK):
                    raise HistoryUnavailableError(f"{db}: cannot write to it (permission denied)")
            elif not create:
                raise HistoryUnavailableError(f"{db}: no history database there")
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

    def __enter__(self) -> HistoryStore:
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
        return self._query("PRAGMA user_version")[0][0]

    # -- writing ------------------------------------------------------------------------

    def record_answer(self, record: AnswerRecord, key: str | None = None) -> None:
        """Store one graded answer, committed before returning; an answer whose ``key`` is
        stored already (sent again from the spool, trainer.history.spool) is skipped."""
        self._write(
            "INSERT INTO answers (session_id, trainee, drill_id, step, skill, family, cards, "
            "answer, expected, correct, seconds, answered_at, bet, wager, answer_key) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (answer_key) DO NOTHING",
            (
                record.session_id,
                record.trainee,
                record.drill_id,
                record.step,
                record.skill,
                family(record.skill),  # read by outside SQL only (see migrations V2)
                " ".join(record.cards),
                record.answer,
                record.expected,
                int(record.correct),
                float(record.seconds),
                to_db_time(record.answered_at),
                record.bet,
                record.wager,
                key,
            ),
        )

    def record_session(self, record: SessionRecord) -> None:
        """Store a session as it starts, and update it as it ends."""
        self._write(
            "INSERT INTO sessions (session_id, trainee, drill_id, drill_title, mode, started_at, "
            "finished_at, questions, correct, passed, abandoned, reference_opened, retry_of) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (session_id) DO UPDATE SET finished_at = excluded.finished_at, "
            "questions = excluded.questions, correct = excluded.correct, "
            "passed = excluded.passed, abandoned = excluded.abandoned, "
            "reference_opened = excluded.reference_opened",
            (
                record.session_id,
                record.trainee,
                record.drill_id,
                record.drill_title,
                record.mode,
                to_db_time(record.started_at),
                None if record.finished_at is None else to_db_time(record.finished_at),
                record.questions,
                record.correct,
                None if record.passed is None else int(record.passed),
                int(record.abandoned),
                record.reference_opened,
                record.retry_of,
            ),
        )

    # The session's recorder interface.
    on_answer = record_answer
    on_session = record_session

    # -- reading ------------------------------------------------------------------------

    @decoded("answers")
    def answers(
        self, trainee: str | None = None, since: datetime | None = None
    ) -> list[AnswerRecord]:
        """Answers in the order given, optionally one trainee's and from ``since`` on."""
        from trainer.session.records import AnswerRecord

        where, params = where_clause(trainee, since, "answered_at")
        rows = self._query(
            "SELECT session_id, trainee, drill_id, step, skill, cards, answer, expected, "
            f"correct, seconds, answered_at, bet, wager FROM answers{where} "
            "ORDER BY answered_at, id",
            params,
        )
        return [
            AnswerRecord(
                session_id=r[0],
                trainee=r[1],
                drill_id=r[2],
                step=r[3],
                skill=r[4],
                cards=tuple(r[5].split()),
                answer=r[6],
                expected=r[7],
                correct=bool(r[8]),
                seconds=float(r[9]),
                answered_at=from_db_time(r[10]),
                bet=r[11],
                wager=r[12],
            )
            for r in rows
        ]

    @decoded("sessions")
    def sessions(
        self, trainee: str | None = None, since: datetime | None = None
    ) -> list[SessionRecord]:
        from trainer.session.records import SessionRecord

        where, params = where_clause(trainee, since, "started_at")
        rows = self._query(
            "SELECT session_id, trainee, drill_id, drill_title, mode, started_at, finished_at, "
            "questions, correct, passed, abandoned, reference_opened, retry_of "
            f"FROM sessions{where} ORDER BY started_at, session_id",
            params,
        )
        return [
            SessionRecord(
                session_id=r[0],
                trainee=r[1],
                drill_id=r[2],
                drill_title=r[3],
                mode=r[4],
                started_at=from_db_time(r[5]),
                finished_at=None if r[6] is None else from_db_time(r[6]),
                questions=r[7],
                correct=r[8],
                passed=None if r[9] is None else bool(r[9]),
                abandoned=bool(r[10]),
                reference_opened=r[11],
                retry_of=r[12],
            )
            for r in rows
        ]

    @decoded("answers and sessions")
    def trainees(self) -> list[str]:
        """Everyone with an answer or a session on record (answers through their totals,
        schema v6: a row per trainee and skill, not a scan of every answer)."""
        rows = self._query(
            "SELECT trainee FROM answer_totals UNION SELECT trainee FROM sessions ORDER BY 1"
        )
        return [as_text(r[0]) for r in rows]

    def select(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple]:
        """The rows of one read (trainer.history.queries: figures grouped in the database)."""
        return self._query(sql, params)

    def answer_count(self, trainee: str | None = None) -> int:
        where, params = where_clause(trainee, None, "answered_at")
        return self._query(f"SELECT count(*) FROM answers{where}", params)[0][0]

    # -- plumbing (what a backend overrides) ---------------------------------------------

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Transaction]:
        """One write transaction holding the write lock (``ezbac history copy``): committed
        when the block ends, rolled back (nothing written) if it raises."""
        if self.readonly:
            raise HistoryUnavailableError(f"{self.path}: opened for reading only")
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    yield _SqliteTransaction(self._conn)
                    self._conn.execute("COMMIT")
                except BaseException:
                    if self._conn.in_transaction:
                        self._conn.execute("ROLLBACK")
                    raise
            except SQLITE_ERRORS as exc:
                raise _problem(self.path, exc, "save to") from None

    def _write(self, sql: str, params: tuple[object, ...]) -> None:
        if self.readonly:
            raise HistoryUnavailableError(f"{self.path}: opened for reading only")
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    self._conn.execute(sql, params)
                    self._conn.execute("COMMIT")
                except BaseException:
                    if self._conn.in_transaction:
                        self._conn.execute("ROLLBACK")
                    raise
            except SQLITE_ERRORS as exc:
                raise _problem(self.path, exc, "save to") from None

    def _query(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._conn.execute(sql, params).fetchall()
            except SQLITE_ERRORS as exc:
                raise _problem(self.path, exc, "read") from None


class Transaction(Protocol):
    """What ``HistoryStore._transaction`` yields: reads and bulk inserts inside it."""

    def rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple]: ...

    def insert(self, table: str, columns: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
        ...


class _SqliteTransaction:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple]:
        return self._conn.execute(sql, params).fetchall()

    def insert(self, table: str, columns: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
        marks = ", ".join("?" for _ in columns)
        self._conn.executemany(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows
        )


def where_clause(
    trainee: str | None, since: datetime | None, column: str, *more: str
) -> tuple[str, tuple[object, ...]]:
    """`` WHERE ...`` and its parameters: one trainee, ``column`` from ``since`` on, and any
    ``more`` conditions; empty when there is nothing to filter."""
    clauses = list(more)
    params: list[object] = []
    if trainee is not None:
        clauses.append("trainee = ?")
        params.append(trainee)
    if since is not None:
        clauses.append(f"{column} >= ?")
        params.append(to_db_time(since))
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), tuple(params)


def _make_parent(db: Path) -> None:
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise HistoryUnavailableError(
            f"{db}: cannot create its folder {db.parent} ({exc.strerror or exc})"
        ) from None
    if not os.access(db.parent, os.W_OK | os.X_OK):
        raise HistoryUnavailableError(f"{db}: cannot write in {db.parent} (permission denied)")


def _connect(target: str | Path, path: Path, *, uri: bool = False) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(
            target, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
            check_same_thread=False, uri=uri,
        )
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    except SQLITE_ERRORS as exc:
        raise _problem(path, exc, "open") from None
    return conn


Prepare = Callable[[sqlite3.Connection, Path], sqlite3.Connection]


def _opened(conn: sqlite3.Connection, path: Path, prepare: Prepare) -> sqlite3.Connection:
    """``prepare(conn, path)``'s result, closing ``conn`` if it raises (as a HistoryError)."""
    try:
        return prepare(conn, path)
    except BaseException as exc:
        conn.close()
        if isinstance(exc, SQLITE_ERRORS):
            raise _problem(path, exc, "use") from None
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


def open_history(
    path: str | os.PathLike[str] | Location | None = None,
    *,
    create: bool = True,
    readonly: bool = False,
    busy_timeout_ms: int = BUSY_TIMEOUT_MS,
) -> HistoryStore:
    """Shorthand for HistoryStore.open."""
    return HistoryStore.open(
        path, create=create, readonly=readonly, busy_timeout_ms=busy_timeout_ms
    )
