"""The records as rows, and back, the same on both backends: how a time is stored, which
column holds which field, the reads of whole records (written in SQL both backends run), and
the check that what is read is something ezbac wrote (``decoded``)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from trainer.history.backend import HistoryError, HistoryStore, refuse
from trainer.skills import family

if TYPE_CHECKING:  # the records are built only when history is read back (not at launch)
    from trainer.session.records import AnswerRecord, SessionRecord

T = TypeVar("T")
P = ParamSpec("P")


def to_db_time(moment: datetime) -> str:
    """UTC text that sorts in time order; a naive datetime is taken as local time."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def from_db_time(text: object) -> datetime:
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


def decoded(
    table: str,
) -> Callable[
    [Callable[Concatenate[HistoryStore, P], T]], Callable[Concatenate[HistoryStore, P], T]
]:
    """A reader whose rows hold a value no ezbac wrote (a time that is not one, text where a
    number belongs, after bits flipped on disk) raises DamagedHistoryError: one line naming
    the history, not a traceback from deep in the row's conversion."""

    def wrap(
        read: Callable[Concatenate[HistoryStore, P], T],
    ) -> Callable[Concatenate[HistoryStore, P], T]:
        @functools.wraps(read)
        def reader(store: HistoryStore, /, *args: P.args, **kwargs: P.kwargs) -> T:
            try:
                return read(store, *args, **kwargs)
            except HistoryError:
                raise
            except (ValueError, TypeError, AttributeError, OverflowError) as exc:
                raise refuse(store.path, f"damaged: a row of {table} holds {exc}") from None

        return reader

    return wrap


def where_clause(
    mark: str,
    trainee: str | tuple[str, ...] | None,
    since: datetime | None,
    column: str,
    *more: str,
) -> tuple[str, tuple[object, ...]]:
    """`` WHERE ...`` and its parameters (each written ``mark``, the backend's placeholder):
    one trainee (or any of several names: ``trainee_where``), ``column`` from ``since`` on,
    and any ``more`` conditions; empty when there is nothing to filter."""
    clauses = list(more)
    params: list[object] = []
    if isinstance(trainee, tuple) and len(trainee) == 1:
        trainee = trainee[0]
    if isinstance(trainee, str):
        clauses.append(f"trainee = {mark}")
        params.append(trainee)
    elif trainee is not None:
        clauses.append(f"trainee IN ({', '.join(mark for _ in trainee)})")
        params += trainee
    if since is not None:
        clauses.append(f"{column} >= {mark}")
        params.append(to_db_time(since))
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), tuple(params)


def trainee_names(store: HistoryStore, trainee: str) -> tuple[str, ...]:
    """``trainee`` and the old names linked to the roster person called so today: a finished
    exam stays under the name it was sat under (trainer.history.people)."""
    m = store.placeholder
    rows = store.select(
        "SELECT l.trainee FROM trainee_links l JOIN people p ON p.person_id = l.person_id "
        f"WHERE p.name = {m} AND l.trainee <> {m} ORDER BY l.trainee",
        (trainee, trainee),
    )
    return (trainee, *(as_text(r[0]) for r in rows))


def trainee_where(
    store: HistoryStore, trainee: str | None, since: datetime | None, column: str, *more: str
) -> tuple[str, tuple[object, ...]]:
    """``where_clause`` for ``trainee`` with their linked names (``trainee_names``): a plain
    ``trainee = ?`` when there are none, so the reads keep their index plans."""
    names = None if trainee is None else trainee_names(store, trainee)
    return where_clause(store.placeholder, names, since, column, *more)


# -- writing: a record's row, in the order of each backend's INSERT ---------------------------


#: The columns ``answer_row`` and ``session_row`` fill, in their order.
ANSWER_COLUMNS = (
    "session_id, trainee, drill_id, step, skill, family, cards, answer, expected, correct, "
    "seconds, answered_at, bet, wager, answer_key, seats"
)
SESSION_COLUMNS = (
    "session_id, trainee, drill_id, drill_title, mode, started_at, finished_at, questions, "
    "correct, passed, abandoned, reference_opened, retry_of, person_id, proctor_id, retake_of"
)


def _marks(placeholder: str, columns: str) -> str:
    return ", ".join(placeholder for _ in columns.split(","))


def answer_insert(placeholder: str) -> str:
    """Store one answer; one whose ``answer_key`` is stored already (sent again from the
    spool) is skipped.  The same statement in both dialects but for ``placeholder``."""
    return (
        f"INSERT INTO answers ({ANSWER_COLUMNS}) VALUES ({_marks(placeholder, ANSWER_COLUMNS)}) "
        "ON CONFLICT (answer_key) DO NOTHING"
    )


def session_upsert(placeholder: str) -> str:
    """Store a session as it starts, and update it as it ends (both dialects).  A run ends
    once: a finished run sent again (the spool) changes nothing, and asks no right to
    change a finished run (a terminal's database role has none: trainer.history.roles)."""
    return (
        f"INSERT INTO sessions ({SESSION_COLUMNS}) "
        f"VALUES ({_marks(placeholder, SESSION_COLUMNS)}) "
        "ON CONFLICT (session_id) DO UPDATE SET finished_at = excluded.finished_at, "
        "questions = excluded.questions, correct = excluded.correct, "
        "passed = excluded.passed, abandoned = excluded.abandoned, "
        "reference_opened = excluded.reference_opened WHERE sessions.finished_at IS NULL"
    )


def answer_row(record: AnswerRecord, key: str | None) -> tuple[object, ...]:
    """The values of ``INSERT INTO answers (session_id, trainee, drill_id, step, skill,
    family, cards, answer, expected, correct, seconds, answered_at, bet, wager,
    answer_key, seats)``."""
    return (
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
        record.seats,
    )


def session_row(record: SessionRecord) -> tuple[object, ...]:
    """The values of ``INSERT INTO sessions (session_id, trainee, drill_id, drill_title,
    mode, started_at, finished_at, questions, correct, passed, abandoned, reference_opened,
    retry_of, person_id, proctor_id, retake_of)``."""
    return (
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
        record.person_id,
        record.proctor_id,
        record.retake_of,
    )


# -- reading whole records (SQL both backends run) --------------------------------------------


def _seats(value: object, known: Callable[[object], bool]) -> int | None:
    """A take's seats as read: a value ezbac never writes (a file's holder's: -1, 10**9,
    2.5, text) is not recorded, so that table's seconds a seat is not measured; a whole
    number stored as 5.0 is 5, as the reports' SQL reads it."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return value if isinstance(value, int) and known(value) else None


@decoded("answers")
def read_answers(
    store: HistoryStore, trainee: str | None = None, since: datetime | None = None
) -> list[AnswerRecord]:
    """Answers in the order given, optionally one trainee's and from ``since`` on."""
    from trainer.session.records import AnswerRecord, seats_known

    where, params = trainee_where(store, trainee, since, "answered_at")
    rows = store.select(
        "SELECT session_id, trainee, drill_id, step, skill, cards, answer, expected, "
        f"correct, seconds, answered_at, bet, wager, seats FROM answers{where} "
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
            seats=_seats(r[13], seats_known),
        )
        for r in rows
    ]


@decoded("sessions")
def read_sessions(
    store: HistoryStore, trainee: str | None = None, since: datetime | None = None, *more: str
) -> list[SessionRecord]:
    """Sessions in the order they started, optionally one trainee's, from ``since`` on, and
    meeting the ``more`` conditions (``queries.COUNTED``: the runs a report counts)."""
    from trainer.session.records import SessionRecord

    where, params = trainee_where(store, trainee, since, "started_at", *more)
    rows = store.select(
        "SELECT session_id, trainee, drill_id, drill_title, mode, started_at, finished_at, "
        "questions, correct, passed, abandoned, reference_opened, retry_of, person_id, "
        f"proctor_id, retake_of FROM sessions{where} ORDER BY started_at, session_id",
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
            person_id=r[13],
            proctor_id=r[14],
            retake_of=r[15],
        )
        for r in rows
    ]


@decoded("answers and sessions")
def read_trainees(store: HistoryStore) -> list[str]:
    """Everyone with an answer or a session on record (answers through their totals,
    schema v6: a row per trainee and skill, not a scan of every answer), but for the old
    names linked to a roster person (their finished exams are listed with the person)."""
    rows = store.select(
        "SELECT trainee FROM answer_totals UNION SELECT trainee FROM sessions EXCEPT "
        "SELECT l.trainee FROM trainee_links l JOIN people p ON p.person_id = l.person_id "
        "WHERE p.name <> l.trainee ORDER BY 1"
    )
    return [as_text(r[0]) for r in rows]


def count_answers(store: HistoryStore, trainee: str | None = None) -> int:
    where, params = trainee_where(store, trainee, None, "answered_at")
    count: Any = store.select(f"SELECT count(*) FROM answers{where}", params)[0][0]
    return int(count)
