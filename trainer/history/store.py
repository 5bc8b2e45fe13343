"""Opening a history, wherever it lives: ``open_history`` (``--db`` beats ``$EZBAC_DB``
beats the per-user default file).  A path opens an SQLite file (trainer.history.
backend_sqlite); a ``postgresql://`` (or ``postgres://``) address opens the history on a
school's server (trainer.history.backend_pg), loaded only then.  Either is a HistoryStore
(trainer.history.backend), the one interface the rest of ezbac uses.

The names the rest of ezbac imports from here (the errors, the locations, the store
interface, the times as stored) are defined in the modules beside it and named here too.
"""

from __future__ import annotations

import os
from pathlib import Path

from trainer.history.backend import (
    SERVER_SCHEMES,
    DamagedHistoryError,
    HistoryError,
    HistoryLockedError,
    HistoryStore,
    HistoryUnavailableError,
    Location,
    NotHistoryDatabaseError,
    ServerFullError,
    ServerLocation,
    Transaction,
    redact,
)
from trainer.history.backend_sqlite import (
    BUSY_TIMEOUT_MS,
    SQLITE_MAGIC,
    SqliteHistory,
    examine_path,
)
from trainer.history.rows import as_text, decoded, from_db_time, to_db_time, where_clause

__all__ = [
    "BUSY_TIMEOUT_MS",
    "ENV_DB",
    "SERVER_SCHEMES",
    "SQLITE_MAGIC",
    "DamagedHistoryError",
    "HistoryError",
    "HistoryLockedError",
    "HistoryStore",
    "HistoryUnavailableError",
    "Location",
    "NotHistoryDatabaseError",
    "ServerFullError",
    "ServerLocation",
    "Transaction",
    "as_text",
    "db_is_missing",
    "db_path_is_explicit",
    "decoded",
    "examine_path",
    "from_db_time",
    "open_history",
    "redact",
    "resolve_db",
    "resolve_db_path",
    "server_location",
    "to_db_time",
    "where_clause",
]

ENV_DB = "EZBAC_DB"


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


def server_location(value: str) -> ServerLocation | None:
    """The server a ``--db`` value or $EZBAC_DB names, its scheme in lower case as libpq
    wants it (``POSTGRESQL://`` is the same scheme: RFC 3986); None for a path.  An address
    of another scheme, or with spaces around it, is a HistoryUnavailableError naming it
    without its password, never taken for a file name."""
    from trainer.addresses import scheme_of

    scheme = scheme_of(value)
    if scheme is None:
        return None
    from trainer.engine.said import Said  # an address given: the engine's words load

    shown = redact(value.strip())
    if value != value.strip():
        raise HistoryUnavailableError(
            Said(
                "{address}: spaces around a server address; write it without them",
                address=repr(shown),
            )
        )
    if f"{scheme.lower()}://" not in SERVER_SCHEMES:
        raise HistoryUnavailableError(
            Said(
                "{address}: ezbac keeps its history in a file or on a PostgreSQL server; "
                "{scheme}:// is neither (write postgresql://USER@HOST/DB or a file path)",
                address=shown,
                scheme=scheme,
            )
        )
    from trainer.addresses import host_problem

    problem = host_problem(value)
    if problem is not None:
        raise HistoryUnavailableError(
            Said("{address}: not a usable server address ({why})", address=shown, why=problem)
        )
    return ServerLocation(scheme.lower() + value[len(scheme) :])


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


def open_history(
    path: str | os.PathLike[str] | Location | None = None,
    *,
    create: bool = True,
    readonly: bool = False,
    busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    wait_when_full: bool = False,
) -> HistoryStore:
    """Open (creating when ``create``) the history at ``path`` or the resolved default,
    migrating an older schema forward; with ``readonly``, read it exactly as it is, never
    changing it.  ``busy_timeout_ms`` is how long each later write waits for another
    program's lock.  Raises HistoryError with a one-line message.

    ``wait_when_full`` (a trainer starting): a server whose every connection slot is taken
    is waited for instead, its writes refused until then so that the recorder spools them
    (trainer.history.backend_pg.ServerHistory.open); a file ignores it."""
    where = resolve_db(path)
    if isinstance(where, ServerLocation):
        from trainer.history.backend_pg import ServerHistory

        return ServerHistory.open(
            where,
            create=create,
            readonly=readonly,
            busy_timeout_ms=busy_timeout_ms,
            wait_when_full=wait_when_full,
        )
    return SqliteHistory.open(
        where, create=create, readonly=readonly, busy_timeout_ms=busy_timeout_ms
    )
