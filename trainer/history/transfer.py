"""Moving a whole history from one store to another (``ezbac history copy``): an SQLite file to
a school's PostgreSQL server when the school outgrows the file, or back, or between two of
either.

The source is only read (opened read-only by the caller).  The destination is written in
one transaction that holds its write lock: it must hold no sessions or answers (a history
is never merged into another, so nothing there is overwritten or mixed), every row goes in
with its own values (answer ids included, so the order answers were given is kept), and the
rows are counted, table by table, before the commit; any problem rolls everything back.
Rows are read and written in batches, so memory does not grow with the history.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from trainer.history.backend import HistoryError, HistoryStore
from trainer.history.schema import REQUIRED_COLUMNS, SCHEMA_VERSION

#: Each table's columns (all of them, in a fixed order) and the key its rows are read by.
TABLES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("sessions", tuple(sorted(REQUIRED_COLUMNS[SCHEMA_VERSION]["sessions"])), "session_id"),
    ("answers", tuple(sorted(REQUIRED_COLUMNS[SCHEMA_VERSION]["answers"])), "id"),
)
#: Schema v7's school tables: the roster, the settings (sign-in on or off), old
#: names linked to people and the sign-in events go with the history, counted as it is; the
#: figures said (CopyCounts) stay the sessions and answers.
SCHOOL_TABLES: tuple[tuple[str, tuple[str, ...], str], ...] = tuple(
    (table, tuple(sorted(REQUIRED_COLUMNS[SCHEMA_VERSION][table])), key)
    for table, key in (
        ("people", "person_id"),
        ("settings", "name"),
        ("trainee_links", "trainee"),
        ("signins", "id"),
    )
)
BATCH = 5000


class DestinationNotEmptyError(HistoryError):
    """The destination already holds a history: nothing is copied into it."""


class CopyCounts(NamedTuple):
    sessions: int
    answers: int


def counts(store: HistoryStore) -> CopyCounts:
    """How many rows each table holds."""
    values = [store.select(f"SELECT COUNT(*) FROM {table}")[0][0] for table, _, _ in TABLES]
    return CopyCounts(*values)


def _batches(
    store: HistoryStore, table: str, columns: Sequence[str], key: str, size: int
) -> Iterator[list[tuple[Any, ...]]]:
    """The table's rows in key order, ``size`` at a time (a range of the key's index each)."""
    select = f"SELECT {', '.join(columns)} FROM {table}"
    at = columns.index(key)
    mark = store.placeholder
    rows = store.select(f"{select} ORDER BY {key} LIMIT {mark}", (size,))
    while rows:
        yield rows
        if len(rows) < size:
            return
        rows = store.select(
            f"{select} WHERE {key} > {mark} ORDER BY {key} LIMIT {mark}", (rows[-1][at], size)
        )


def copy_history(source: HistoryStore, destination: HistoryStore, batch: int = BATCH) -> CopyCounts:
    """Copy every session and answer of ``source`` (and its roster, settings, links and
    sign-ins) into the empty ``destination``, in one
    transaction there; the counts copied.  DestinationNotEmptyError (and nothing written)
    if the destination holds any; HistoryError if the copy does not add up."""
    with destination.transaction() as tx:
        held = [tx.rows(f"SELECT COUNT(*) FROM {table}")[0][0] for table, _, _ in TABLES]
        if any(held):
            from trainer.engine.said import Said

            raise DestinationNotEmptyError(
                Said(
                    "{path}: already holds a history ({sessions} sessions, {answers} "
                    "answers); nothing was copied",
                    path=str(destination.path),
                    sessions=held[0],
                    answers=held[1],
                )
            )
        (roster,) = tx.rows("SELECT COUNT(*) FROM people")[0]
        if roster:
            from trainer.engine.said import Said

            raise DestinationNotEmptyError(
                Said(
                    "{path}: already holds a roster ({people} people); nothing was copied",
                    path=str(destination.path),
                    people=roster,
                )
            )
        copied = []
        for table, columns, key in TABLES + SCHOOL_TABLES:
            read = 0

            def streamed(
                table: str = table, columns: tuple[str, ...] = columns, key: str = key
            ) -> Iterator[Sequence[object]]:
                nonlocal read
                for rows in _batches(source, table, columns, key, batch):
                    read += len(rows)
                    yield from rows

            # one INSERT (one COPY on a server) for the whole table, read in batches: the
            # answer totals' trigger then runs once over every answer, where one run per
            # batch updated each total again and again (on a server, a million dead rows)
            tx.insert(table, columns, streamed())
            (stored,) = tx.rows(f"SELECT COUNT(*) FROM {table}")[0]
            if stored != read:
                from trainer.engine.said import Said

                raise HistoryError(
                    Said(
                        "{path}: {read} {table} read but {stored} stored; nothing was copied",
                        path=str(destination.path),
                        read=read,
                        table=table,
                        stored=stored,
                    )
                )
            copied.append(read)
        result = CopyCounts(*copied[: len(TABLES)])
        now = counts(source)
        if now != result:  # a terminal wrote to the source meanwhile: copy it whole, or not
            from trainer.engine.said import Said

            raise HistoryError(
                Said(
                    "{path}: changed while it was copied ({sessions} sessions, {answers} "
                    "answers now, {read_sessions} and {read_answers} read); nothing was "
                    "copied: stop the terminals writing to it and try again",
                    path=str(source.path),
                    sessions=now.sessions,
                    answers=now.answers,
                    read_sessions=result.sessions,
                    read_answers=result.answers,
                )
            )
    return result
