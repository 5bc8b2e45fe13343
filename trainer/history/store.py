"""The answer history: one SQLite file, written an answer at a time.

Why SQLite in WAL mode with a busy timeout: several terminals (a dealer school's room) can
point at one file and write at once, and each answer is committed as it is given, so a
killed session loses at most the answer in flight.  A file that is not ours (random bytes,
text, another application's SQLite database, a newer ezbac's schema, a damaged file) is
refused with its path and never written to: it is checked from its header bytes and a
read-only look before any read-write connection touches it.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from trainer.history.migrations import (
    APPLICATION_ID,
    MIGRATIONS,
    REQUIRED_COLUMNS,
    SCHEMA_VERSION,
)
from trainer.skills import family

if TYPE_CHECKING:  # the records are built only when history is read back (not at launch)
    from trainer.session.records import AnswerRecord, SessionRecord

ENV_DB = "EZBAC_DB"
BUSY_TIMEOUT_MS = 15_000
SQLITE_MAGIC = b"SQLite format 3\x00"


class HistoryError(ValueError):
    """The history database cannot be used; the message is one line naming the file."""


class NotHistoryDatabaseError(HistoryError):
    """The file exists but is not an ezbac history database we may write to."""


class HistoryUnavailableError(HistoryError):
    """The file cannot be created, opened or written (permissions, missing, disk)."""


def resolve_db_path(flag: str | os.PathLike[str] | None = None) -> Path:
    """Where the history lives: ``--db`` beats ``$EZBAC_DB`` beats the per-user default."""
    if flag:
        return Path(flag).expanduser()
    env = os.environ.get(ENV_DB)
    if env:
        return Path(env).expanduser()
    from trainer.paths import default_db_path

    return default_db_path()


def db_path_is_explicit(flag: str | os.PathLike[str] | None = None) -> bool:
    """True when the user named the file (flag or environment), not the default."""
    return bool(flag) or bool(os.environ.get(ENV_DB))


def to_db_time(moment: datetime) -> str:
    """UTC text that sorts in time order; a naive datetime is taken as local time."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def from_db_time(text: str) -> datetime:
    return datetime.fromisoformat(text)


# ---------------------------------------------------------------------------------------
# Checking a file before writing to it


def _header(path: Path) -> bytes:
    try:
        with path.open("rb") as handle:
            return handle.read(100)
    except OSError as exc:
        raise HistoryUnavailableError(f"{path}: cannot read it ({exc.strerror})") from None


def _readonly_uri(path: Path, *, immutable: bool) -> str:
    uri = path.resolve().as_uri() + "?mode=ro"
    return uri + "&immutable=1" if immutable else uri


def _refuse(path: Path, why: str) -> NotHistoryDatabaseError:
    return NotHistoryDatabaseError(
        f"{path}: not an ezbac history database ({why}); it was left untouched"
    )


def check_existing(path: Path) -> None:
    """Refuse a file we must not write to; return quietly for an empty file or ours.

    Header fields (https://sqlite.org/fileformat.html): bytes 0-15 the magic string, 60-63
    user_version, 68-71 application_id, big-endian.
    """
    header = _header(path)
    if not header:
        return  # an empty file holds nothing to lose: it becomes a new history
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        raise _refuse(path, "not an SQLite file")
    app_id = int.from_bytes(header[68:72], "big")
    version = int.from_bytes(header[60:64], "big")
    if app_id not in (0, APPLICATION_ID):
        raise _refuse(path, f"another application's SQLite file, application_id {app_id:#x}")
    if app_id == APPLICATION_ID and version > SCHEMA_VERSION:
        raise _refuse(path, _newer(version))
    # Look inside without any chance of writing or leaving a -wal/-shm beside the file:
    # immutable skips locks and the WAL.  Without locks, a read can catch another terminal
    # half-way through a checkpoint, so our own file gets a few tries before it is "damaged".
    tries = 3 if app_id == APPLICATION_ID else 1
    for attempt in range(tries):
        try:
            names = _schema_names(path)
            break
        except sqlite3.DatabaseError as exc:
            if attempt == tries - 1:
                raise _refuse(path, f"damaged: {exc}") from None
            time.sleep(0.1)
    if app_id == 0 and names:
        raise _refuse(path, "another application's SQLite database")


def _schema_names(path: Path) -> list[str]:
    probe = sqlite3.connect(_readonly_uri(path, immutable=True), uri=True)
    try:
        return [row[0] for row in probe.execute("SELECT name FROM sqlite_master")]
    finally:
        probe.close()


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


class HistoryStore:
    """An open history database.  ``on_answer``/``on_session`` are the session's recorder.

    Safe to call from several threads (one connection behind a lock); every write is its
    own committed transaction.
    """

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self._lock = threading.Lock()
        self.path = path

    # -- opening ------------------------------------------------------------------------

    @classmethod
    def open(
        cls, path: str | os.PathLike[str] | None = None, *, create: bool = True
    ) -> HistoryStore:
        """Open (creating when ``create``) the history at ``path`` or the resolved default,
        migrating an older schema forward.  Raises HistoryError with a one-line message."""
        db = resolve_db_path(path)
        if db.exists():
            if db.is_dir():
                raise HistoryUnavailableError(f"{db}: is a folder, not a history database")
            check_existing(db)
            if not os.access(db, os.R_OK | os.W_OK):
                raise HistoryUnavailableError(f"{db}: cannot write to it (permission denied)")
        elif not create:
            raise HistoryUnavailableError(f"{db}: no history database there")
        else:
            _make_parent(db)
        try:
            conn = sqlite3.connect(
                db, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as exc:
            raise HistoryUnavailableError(f"{db}: cannot open it ({exc})") from None
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            _prepare(conn, db)
        except HistoryError:
            conn.close()
            raise
        except sqlite3.Error as exc:
            conn.close()
            raise HistoryUnavailableError(f"{db}: cannot use it ({exc})") from None
        return cls(conn, db)

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

    def record_answer(self, record: AnswerRecord) -> None:
        """Store one graded answer, committed before returning."""
        self._write(
            "INSERT INTO answers (session_id, trainee, drill_id, step, skill, family, cards, "
            "answer, expected, correct, seconds, answered_at, bet, wager) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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

    def answers(
        self, trainee: str | None = None, since: datetime | None = None
    ) -> list[AnswerRecord]:
        """Answers in the order given, optionally one trainee's and from ``since`` on."""
        from trainer.session.records import AnswerRecord

        where, params = _filters(trainee, since, "answered_at")
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

    def sessions(
        self, trainee: str | None = None, since: datetime | None = None
    ) -> list[SessionRecord]:
        from trainer.session.records import SessionRecord

        where, params = _filters(trainee, since, "started_at")
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

    def trainees(self) -> list[str]:
        rows = self._query(
            "SELECT trainee FROM answers UNION SELECT trainee FROM sessions ORDER BY 1"
        )
        return [r[0] for r in rows]

    def answer_count(self, trainee: str | None = None) -> int:
        where, params = _filters(trainee, None, "answered_at")
        return self._query(f"SELECT count(*) FROM answers{where}", params)[0][0]

    # -- plumbing -----------------------------------------------------------------------

    def _write(self, sql: str, params: tuple[object, ...]) -> None:
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    self._conn.execute(sql, params)
                    self._conn.execute("COMMIT")
                except BaseException:
                    self._conn.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                raise HistoryUnavailableError(f"{self.path}: cannot save to it ({exc})") from None

    def _query(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._conn.execute(sql, params).fetchall()
            except sqlite3.Error as exc:
                raise HistoryUnavailableError(f"{self.path}: cannot read it ({exc})") from None

    def iter_skills(self, trainee: str) -> Iterator[tuple[str, bool, datetime]]:
        """(skill, correct, answered_at) of one trainee in time order: the review's input."""
        rows = self._query(
            "SELECT skill, correct, answered_at FROM answers WHERE trainee = ? "
            "ORDER BY answered_at, id",
            (trainee,),
        )
        for skill, correct, at in rows:
            yield skill, bool(correct), from_db_time(at)


def _filters(
    trainee: str | None, since: datetime | None, column: str
) -> tuple[str, tuple[object, ...]]:
    clauses: list[str] = []
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


def _prepare(conn: sqlite3.Connection, path: Path) -> None:
    """Check the schema, create or migrate it, then switch to WAL.

    A new file gets its application_id and first schema in rollback-journal mode, so the id
    is in the main file's header (what check_existing reads) before WAL is turned on.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = _check_schema(conn, path)
        if version == 0:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        for target in range(version + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[target - 1].split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {target}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if str(mode).lower() != "wal":  # e.g. a network file system without shared memory
        conn.execute("PRAGMA journal_mode = DELETE")
    # FULL: an answer committed is on disk, even through a power cut; answers come seconds
    # apart, so the fsync costs nothing a trainee would notice.
    conn.execute("PRAGMA synchronous = FULL")


def open_history(
    path: str | os.PathLike[str] | None = None, *, create: bool = True
) -> HistoryStore:
    """Shorthand for HistoryStore.open."""
    return HistoryStore.open(path, create=create)
