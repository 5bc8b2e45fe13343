"""What every history backend is: the store interface the rest of ezbac uses (HistoryStore),
where a history lives (a file or a server), and the errors a history raises.

Two sibling backends implement HistoryStore, neither built on the other: an SQLite file
(trainer.history.backend_sqlite) and a PostgreSQL server (trainer.history.backend_pg).  What
they share is composed, not inherited: the records as rows (trainer.history.rows) and the
schema's versions (trainer.history.schema).  Each writes its SQL in its own dialect; the
aggregate reads (trainer.history.queries) are written in SQL both run, with the backend's
``placeholder`` for parameters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Protocol

from trainer.errors import BadInputError, EzbacError, UnavailableError

if TYPE_CHECKING:  # the records are built only when history is read back (not at launch)
    from trainer.session.records import AnswerRecord, SessionRecord


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


class ServerFullError(HistoryUnavailableError):
    """The history server (or its pooler) refused a connection: every slot was taken."""


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


#: Where a history lives: a file, or a database on a server.
Location = Path | ServerLocation


def refuse(location: Location, why: str) -> NotHistoryDatabaseError:
    """The one-line refusal of a database that is not ours to use (``why`` starting with
    "damaged: " for one that claims to be ours but is not whole)."""
    from trainer.engine.said import Said, Verbatim

    why = " ".join(why.replace("*** in database main ***", "").split())  # one line
    if why.startswith("damaged: "):
        return DamagedHistoryError(
            Said(
                "{location}: damaged history database ({why}); it was left untouched",
                location=Verbatim(str(location)),
                why=why.removeprefix("damaged: "),
            )
        )
    return NotHistoryDatabaseError(
        Said(
            "{location}: not an ezbac history database ({why}); it was left untouched",
            location=Verbatim(str(location)),
            why=why,
        )
    )


class Transaction(Protocol):
    """What ``HistoryStore.transaction`` yields: reads and bulk inserts inside it."""

    def rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]: ...

    def insert(
        self, table: str, columns: Sequence[str], rows: Iterable[Sequence[object]]
    ) -> None: ...


class HistoryStore(Protocol):
    """An open history: what ezbac calls on one, whichever backend holds it.

    Safe to call from several threads; every write is its own committed transaction.
    ``on_answer``/``on_session`` are the session's recorder.  Every failure is a one-line
    HistoryError naming the history.
    """

    @property
    def path(self) -> Location:
        """Where the history lives (a server's address without its password in ``str()``)."""

    @property
    def readonly(self) -> bool:
        """Opened for reading only: every write raises HistoryUnavailableError."""

    @property
    def placeholder(self) -> str:
        """How a parameter is written in this backend's SQL: ``?`` or ``%s``."""

    @property
    def schema_version(self) -> int: ...

    def record_answer(self, record: AnswerRecord, key: str | None = None) -> None:
        """Store one graded answer; one whose ``key`` is stored already is skipped."""

    def record_session(self, record: SessionRecord) -> None:
        """Store a session as it starts, and update it as it ends."""

    def on_answer(self, record: AnswerRecord, key: str | None = None) -> None: ...

    def on_session(self, record: SessionRecord) -> None: ...

    def answers(
        self, trainee: str | None = None, since: datetime | None = None
    ) -> list[AnswerRecord]: ...

    def sessions(
        self, trainee: str | None = None, since: datetime | None = None
    ) -> list[SessionRecord]: ...

    def trainees(self) -> list[str]: ...

    def answer_count(self, trainee: str | None = None) -> int: ...

    def select(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one read written in SQL both backends run, ``placeholder`` marking
        its parameters (trainer.history.queries)."""

    def write(self, statements: Sequence[tuple[str, tuple[object, ...]]]) -> list[list[Any]]:
        """Run ``statements`` (SQL both backends run, ``placeholder`` marking parameters) in
        one transaction without locking whole tables (the roster, sign-ins, settings): each
        one's rows (a RETURNING clause's), committed together or none of them."""

    def transaction(self) -> AbstractContextManager[Transaction]:
        """One write transaction holding the write lock (``ezbac history copy``): committed
        when the block ends, rolled back (nothing written) if it raises."""

    def set_busy_timeout(self, milliseconds: int) -> None:
        """How long a write waits for another program's lock before HistoryLockedError."""

    def close(self) -> None: ...

    def __enter__(self) -> HistoryStore: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...
