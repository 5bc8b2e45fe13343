"""The history's aggregate reads: every figure of the report, the progress screen, the review
schedule and the class view is grouped in the database, never by loading every answer into
Python, so a read costs what its answer holds (trainees x skills), not the whole history.

All SQL of those reads lives here, written in the SQL both SQLite (3.25+) and PostgreSQL run:
GROUP BY, CASE, COUNT/SUM/MAX and window functions, no backend's own functions.  Parameters
are written with the store's own placeholder (``store.placeholder``: SQLite's ``?``,
psycopg's ``%s``), so no SQL is rewritten on its way in; times are ISO 8601 UTC text
with microseconds (migrations), so comparing and ordering the text is comparing time.
Trainee names are sorted in Python (code point order), not by the database's collation.

The indexes ``answers_by_trainee_skill`` and ``sessions_run_ends`` (schema v4) make these
reads fast; none depends on them to be right, so a file not yet migrated (or opened read-only)
reads the same figures, only slower.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any, NamedTuple

from trainer.history.rows import (
    as_text,
    decoded,
    from_db_time,
    read_sessions,
    trainee_where,
    where_clause,
)
from trainer.scoring import possible
from trainer.skills import (
    MOST_SEATS,
    TABLE_NOT_PAID,
    TABLE_TIMED_OUT,
    table_chips_skill,
    table_order_skill,
    table_take_skill,
)

if TYPE_CHECKING:
    from trainer.history.backend import HistoryStore
    from trainer.session.records import SessionRecord


class SkillRow(NamedTuple):
    trainee: str
    skill: str
    answered: int
    correct: int
    seconds: float


@decoded("the history")
def skill_rows(
    store: HistoryStore, trainee: str | None = None, since: datetime | None = None
) -> list[SkillRow]:
    """Answers per trainee and skill: how many, how many right, seconds spent.  Over the
    whole history these are the totals the database keeps as answers arrive (schema v6,
    answer_totals): trainees x skills rows, whatever the number of answers.  From a date on,
    the answers themselves are grouped."""
    if since is None:
        where, params = trainee_where(store, trainee, None, "last_at")
        rows = store.select(
            f"SELECT trainee, skill, answered, correct, seconds FROM answer_totals{where}",
            params,
        )
    else:
        where, params = trainee_where(store, trainee, since, "answered_at")
        rows = store.select(
            "SELECT trainee, skill, COUNT(*), SUM(correct), SUM(seconds) "
            f"FROM answers{where} GROUP BY trainee, skill",
            params,
        )
    out = [
        SkillRow(
            as_text(t), as_text(k), *possible(n, c, f"{as_text(t)}'s {as_text(k)}"), _seconds(s)
        )
        for t, k, n, c, s in rows
    ]
    listed = listed_names(store) if since is not None else {}  # the totals follow already
    if not listed:
        return out
    merged: dict[tuple[str, str], SkillRow] = {}
    for r in out:
        name = listed.get(r.trainee, r.trainee)
        was = merged.get((name, r.skill))
        merged[(name, r.skill)] = (
            SkillRow(name, r.skill, r.answered, r.correct, r.seconds)
            if was is None
            else SkillRow(
                name,
                r.skill,
                was.answered + r.answered,
                was.correct + r.correct,
                was.seconds + r.seconds,
            )
        )
    return list(merged.values())


def _seconds(value: object) -> float:
    seconds = float(value)  # type: ignore[arg-type]
    if not 0 <= seconds < float("inf"):
        raise ValueError(f"an impossible time, {seconds!r} seconds")
    return seconds


def listed_names(store: HistoryStore) -> dict[str, str]:
    """The names a finished exam may still be filed under (it keeps the name it was sat
    under, trainer.history.people) with the roster person's name of today: reports list
    those rows with the person.  Empty for a history whose people were never renamed."""
    rows = store.select(
        "SELECT l.trainee, p.name FROM trainee_links l "
        "JOIN people p ON p.person_id = l.person_id WHERE p.name <> l.trainee"
    )
    return {as_text(old): as_text(now) for old, now in rows}


@decoded("the history")
def last_answer_times(
    store: HistoryStore, trainees: Iterable[str], since: datetime | None = None
) -> dict[str, datetime]:
    """Each named trainee's latest answer: one index seek each on (trainee, answered_at),
    where a single GROUP BY would read every answer again."""
    out: dict[str, datetime] = {}
    linked: dict[str, list[str]] = {}  # a person's old names, read once for all of them
    for old, now in listed_names(store).items():
        linked.setdefault(now, []).append(old)
    for trainee in trainees:
        names = (trainee, *sorted(linked.get(trainee, ())))
        where, params = where_clause(store.placeholder, names, since, "answered_at")
        ((at,),) = store.select(f"SELECT MAX(answered_at) FROM answers{where}", params)
        if at is not None:
            out[trainee] = from_db_time(at)
    return out


class RunRow(NamedTuple):
    """Answers kept per run (a run cut off has only these)."""

    trainee: str
    session_id: str
    answered: int
    correct: int
    seconds: float


@decoded("the history")
def run_rows(
    store: HistoryStore, trainee: str | None = None, since: datetime | None = None
) -> list[RunRow]:
    where, params = trainee_where(store, trainee, since, "answered_at")
    rows = store.select(
        "SELECT trainee, session_id, COUNT(*), SUM(correct), SUM(seconds) "
        f"FROM answers{where} GROUP BY trainee, session_id",
        params,
    )
    return [RunRow(as_text(t), as_text(s), n, int(c), float(secs)) for t, s, n, c, secs in rows]


class TableRunRow(NamedTuple):
    """A run's table work: tables worked (one take answer each) and their seconds."""

    session_id: str
    tables: int
    seconds: float
    seats: int = 0  # the seats they settled; 0: not measured (a take without its seats)


@decoded("the history")
def table_run_rows(store: HistoryStore, trainee: str | None) -> list[TableRunRow]:
    """Each run's tables and their time: the seconds of the answers that are the dealer's
    actions (a moment, the take, a payout, a commission), and once per table the time a
    table whose limit ran out waited (its questions still open, each timed over it).  The
    chips (its payout's time), the order and a winner left unpaid (the pay phase's) are
    timed over actions already counted, so they are left out here.  ``trainee`` None:
    everyone's runs."""
    where, params = trainee_where(store, trainee, None, "answered_at", "step = 'table'")
    return [TableRunRow(*row) for row in _table_time(store, "session_id", where, params)]


#: A take's seats as ezbac writes them (1 to 14), spelled out so that any other value a
#: file's holder writes (-1, 10**12, 2.5, text) matches none and is not summed: SQLite's
#: SUM would overflow on it, or count it.
_SEATS_KNOWN = f"seats IN ({', '.join(str(n) for n in range(1, MOST_SEATS + 1))})"


def _table_time(
    store: HistoryStore, by: str, where: str, params: tuple[object, ...]
) -> list[tuple[str, int, float, int]]:
    """Tables worked, their seconds and the seats they settled, grouped ``by`` a column
    (``session_id`` or ``trainee``, never a user's text): the take, chips, order, unpaid and
    timed-out answers are timed over actions already counted, so they are left out; a
    timed-out table's questions share one coup's cards, so its wait is counted once.  The
    seats are each take's (schema v11); when one take of the group has none, or one ezbac
    never writes, the group's seats are 0: not measured, never a sum over part of it."""
    ph = store.placeholder
    rows = store.select(
        f"SELECT {by}, SUM(CASE WHEN skill = {ph} THEN 1 ELSE 0 END), "
        f"SUM(CASE WHEN skill IN ({ph}, {ph}) OR answer IN ({ph}, {ph}) THEN 0 "
        f"ELSE seconds END), "
        f"SUM(CASE WHEN skill = {ph} AND {_SEATS_KNOWN} THEN CAST(seats AS INTEGER) ELSE 0 END), "
        f"SUM(CASE WHEN skill = {ph} AND {_SEATS_KNOWN} THEN 0 WHEN skill = {ph} THEN 1 "
        f"ELSE 0 END) FROM answers{where} GROUP BY {by}",
        (
            table_take_skill().key,
            table_chips_skill().key,
            table_order_skill().key,
            TABLE_NOT_PAID,
            TABLE_TIMED_OUT,
            table_take_skill().key,
            table_take_skill().key,
            table_take_skill().key,
            *params,
        ),
    )
    group = "session_id" if by == "session_id" else f"{by}, session_id"
    waits = store.select(
        f"SELECT {by}, MAX(seconds) FROM answers{where} AND answer = {ph} GROUP BY {group}, cards",
        (*params, TABLE_TIMED_OUT),
    )
    waited: dict[str, float] = {}
    for key, secs in waits:
        waited[as_text(key)] = waited.get(as_text(key), 0.0) + float(secs)
    return [
        (
            as_text(key),
            int(n),
            float(secs) + waited.get(as_text(key), 0.0),
            0 if unknown else int(seats),
        )
        for key, n, secs, seats, unknown in rows
    ]


class TablePaceRow(NamedTuple):
    """One trainee's table work over the period: tables worked and their seconds (counted
    as ``table_run_rows`` counts them)."""

    trainee: str
    tables: int
    seconds: float
    seats: int = 0  # the seats they settled; 0: not measured (a take without its seats)


@decoded("the history")
def table_pace_rows(
    store: HistoryStore, trainee: str | None = None, since: datetime | None = None
) -> list[TablePaceRow]:
    """Each trainee's tables and their time (``table_run_rows``' rule), for the report."""
    where, params = trainee_where(store, trainee, since, "answered_at", "step = 'table'")
    return [TablePaceRow(*row) for row in _table_time(store, "trainee", where, params) if row[1]]


class SessionCounts(NamedTuple):
    """One trainee's sessions counted: runs (retries left out, they are practice) by how they
    ended, the rules reference opened over every session, retries, and the latest moment."""

    trainee: str
    runs: int
    finished: int  # run to the end: finished and not abandoned
    abandoned: int
    passed: int
    reference_opened: int
    retries: int
    last_activity: datetime | None  # latest start or end of any session


_RUN = "retry_of IS NULL"
_COMPLETED = "finished_at IS NOT NULL AND abandoned = 0"
#: The runs a report counts (trainer.scoring): an exam, from the moment it opened (its
#: questions were seen), and any run with an answer.  Older versions recorded every run as
#: it started, so a history may hold practice runs (or retries) left before their first
#: answer: no answer, no attempt, as this version records them (not at all).  A run's
#: ``questions`` is 0 until its end is recorded, so a run cut off after answering is known
#: by its answers (the answers_by_session index).
COUNTED = (
    "(questions > 0 OR (mode = 'exam' AND retry_of IS NULL) OR EXISTS "
    "(SELECT 1 FROM answers WHERE answers.session_id = sessions.session_id))"
)


@decoded("the history")
def session_counts(
    store: HistoryStore, trainee: str | None = None, since: datetime | None = None
) -> list[SessionCounts]:
    where, params = trainee_where(store, trainee, since, "started_at", COUNTED)
    rows = store.select(
        "SELECT trainee, "
        f"SUM(CASE WHEN {_RUN} THEN 1 ELSE 0 END), "
        f"SUM(CASE WHEN {_RUN} AND {_COMPLETED} THEN 1 ELSE 0 END), "
        f"SUM(CASE WHEN {_RUN} AND abandoned <> 0 THEN 1 ELSE 0 END), "
        f"SUM(CASE WHEN {_RUN} AND passed <> 0 THEN 1 ELSE 0 END), "
        "SUM(reference_opened), "
        f"SUM(CASE WHEN {_RUN} THEN 0 ELSE 1 END), "
        "MAX(CASE WHEN finished_at > started_at THEN finished_at ELSE started_at END) "
        f"FROM sessions{where} GROUP BY trainee",
        params,
    )
    listed = listed_names(store)
    merged: dict[str, SessionCounts] = {}
    for t, runs, fin, ab, ok, ref, retries, at in rows:
        name = listed.get(as_text(t), as_text(t))
        got = SessionCounts(
            name, runs, fin, ab, ok, int(ref), retries, None if at is None else from_db_time(at)
        )
        was = merged.get(name)
        if was is not None:
            latest = [x for x in (was.last_activity, got.last_activity) if x is not None]
            got = SessionCounts(
                name,
                was.runs + got.runs,
                was.finished + got.finished,
                was.abandoned + got.abandoned,
                was.passed + got.passed,
                was.reference_opened + got.reference_opened,
                was.retries + got.retries,
                max(latest) if latest else None,
            )
        merged[name] = got
    return list(merged.values())


def counted_sessions(
    store: HistoryStore, trainee: str | None = None, since: datetime | None = None
) -> list[SessionRecord]:
    """The sessions a report counts (``COUNTED``), in the order they started."""
    return read_sessions(store, trainee, since, COUNTED)


class RunRecord(NamedTuple):
    """A run finished with a verdict (the only runs these reads return)."""

    trainee: str
    session_id: str
    drill_id: str
    drill_title: str
    mode: str
    started_at: datetime
    finished_at: datetime
    questions: int
    correct: int
    passed: bool


_RUN_COLUMNS = (
    "trainee, session_id, drill_id, drill_title, mode, started_at, finished_at, questions, "
    "correct, passed"
)
#: Runs finished with a verdict: what "the last drill" may be (a retry has no verdict).  The
#: v4 partial index sessions_run_ends holds exactly these.
_VERDICT = f"{_RUN} AND {_COMPLETED} AND passed IS NOT NULL"


def _run_record(row: tuple[Any, ...]) -> RunRecord:
    t, sid, d, title, m, start, end, q, c, p = row
    q, c = possible(q, c, f"{as_text(t)}'s run {as_text(sid)}")
    return RunRecord(
        as_text(t),
        as_text(sid),
        as_text(d),
        as_text(title),
        as_text(m),
        from_db_time(start),
        from_db_time(end),
        q,
        c,
        bool(p),
    )


@decoded("the history")
def last_runs(
    store: HistoryStore, trainee: str | None = None, since: datetime | None = None
) -> dict[str, RunRecord]:
    """Each trainee's latest run finished with a verdict; of runs ending at the same moment,
    the one started first (then the lower session id)."""
    where, params = trainee_where(store, trainee, since, "started_at", _VERDICT)
    outer, outer_params = where_clause(
        store.placeholder,
        None,
        since,
        "s.started_at",
        *("s." + term for term in _VERDICT.split(" AND ")),
    )
    rows = store.select(
        f"SELECT {', '.join('s.' + c for c in _RUN_COLUMNS.split(', '))} FROM sessions s "
        f"JOIN (SELECT trainee, MAX(finished_at) AS last_end FROM sessions{where} "
        "GROUP BY trainee) m ON s.trainee = m.trainee AND s.finished_at = m.last_end"
        f"{outer}",
        params + outer_params,
    )
    listed = listed_names(store)
    runs = [_listed(_run_record(r), listed) for r in rows]
    # of one person's runs under two names, the latest end; ties as above
    runs.sort(key=lambda r: (r.started_at, r.session_id))
    runs.sort(key=lambda r: r.finished_at, reverse=True)
    out: dict[str, RunRecord] = {}
    for run in runs:
        out.setdefault(run.trainee, run)
    return out


def _listed(run: RunRecord, listed: dict[str, str]) -> RunRecord:
    """``run`` under the name its trainee is listed under today (``listed_names``)."""
    return run._replace(trainee=listed.get(run.trainee, run.trainee))


@decoded("the history")
def recent_runs(
    store: HistoryStore,
    trainee: str | None = None,
    since: datetime | None = None,
    per_trainee: int = 3,
    mode: str | None = None,
) -> list[RunRecord]:
    """Each trainee's latest ``per_trainee`` runs finished with a verdict, newest first
    (ties as in last_runs), optionally of one mode only."""
    extra = [_VERDICT]
    params_mode: tuple[object, ...] = ()
    if mode is not None:
        extra.append(f"mode = {store.placeholder}")
        params_mode = (mode,)
    where, params = trainee_where(store, trainee, since, "started_at", *extra)
    rows = store.select(
        f"SELECT {_RUN_COLUMNS} FROM (SELECT {_RUN_COLUMNS}, ROW_NUMBER() OVER ("
        "PARTITION BY trainee ORDER BY finished_at DESC, started_at, session_id) AS newest "
        f"FROM sessions{where}) ranked WHERE newest <= {store.placeholder} "
        "ORDER BY trainee, newest",
        (*params_mode, *params, per_trainee),
    )
    listed = listed_names(store)
    if not listed:
        return [_run_record(r) for r in rows]
    runs = [_listed(_run_record(r), listed) for r in rows]
    runs.sort(key=lambda r: (r.started_at, r.session_id))
    runs.sort(key=lambda r: r.finished_at, reverse=True)
    runs.sort(key=lambda r: r.trainee)
    kept: dict[str, int] = {}
    out = []
    for run in runs:
        kept[run.trainee] = kept.get(run.trainee, 0) + 1
        if kept[run.trainee] <= per_trainee:
            out.append(run)
    return out


class ReviewRow(NamedTuple):
    """One answer of the review schedule's tail for a skill (see review_tail)."""

    skill: str
    correct: bool
    answered_at: datetime
    answered: int  # the skill's answers in all
    right: int  # of them right


@decoded("the history")
def review_tail(store: HistoryStore, trainee: str) -> list[ReviewRow]:
    """Per skill, its answers from the moment of its last miss on (all its answers if never
    missed), in the order they were given (time, then id), with its totals.

    Why that is enough: a miss puts a skill in box 1, due at once, whatever came before
    (scheduler.advance), so replaying this tail gives the same box and due date as replaying
    every answer; answers given at that very moment before the miss change nothing, since the
    miss resets them.  A skill answered thousands of times costs a handful of rows, and with
    the v4 index each skill's tail is one range of it.
    """
    mark = store.placeholder
    rows = store.select(
        "SELECT a.skill, a.correct, a.answered_at, m.answered, m.right_answers "
        "FROM answers a JOIN ("
        "SELECT skill, COUNT(*) AS answered, SUM(correct) AS right_answers, "
        "COALESCE(MAX(CASE WHEN correct = 0 THEN answered_at END), '') AS last_miss "
        f"FROM answers WHERE trainee = {mark} GROUP BY skill) m ON a.skill = m.skill "
        f"WHERE a.trainee = {mark} AND a.answered_at >= m.last_miss "
        "ORDER BY a.skill, a.answered_at, a.id",
        (trainee, trainee),
    )
    return [
        ReviewRow(as_text(skill), bool(ok), from_db_time(at), n, int(right))
        for skill, ok, at, n, right in rows
    ]


class Answer(NamedTuple):
    """One answer as mastery reads it (trainer.history.mastery)."""

    skill: str
    correct: bool
    seconds: float
    answered_at: datetime
    order: int = 0  # the history's id: answers given in the same instant keep their order


@decoded("the history")
def recent_answers(store: HistoryStore, trainee: str, per_skill: int) -> list[Answer]:
    """Each skill's latest ``per_skill`` answers for ``trainee`` (what mastery judges), in
    the order given: a window function over the (trainee, skill) index, so the cost follows
    the skills on record times ``per_skill``, not the history."""
    return recent_answers_by_trainee(store, per_skill, trainee).get(trainee, [])


@decoded("the history")
def recent_answers_by_trainee(
    store: HistoryStore, per_skill: int, trainee: str | None = None
) -> dict[str, list[Answer]]:
    """``recent_answers`` of ``trainee``, or of every trainee in one read (the class view)."""
    mark = store.placeholder
    where, params = ("WHERE trainee = " + mark, (trainee,)) if trainee else ("", ())
    rows = store.select(
        "SELECT trainee, skill, correct, seconds, answered_at, id FROM ("
        "SELECT trainee, skill, correct, seconds, answered_at, id, ROW_NUMBER() OVER ("
        "PARTITION BY trainee, skill ORDER BY answered_at DESC, id DESC) AS latest "
        f"FROM answers {where}) r WHERE latest <= {mark} "
        "ORDER BY trainee, answered_at, id",
        (*params, per_skill),
    )
    out: dict[str, list[Answer]] = {}
    for who, skill, ok, secs, at, n in rows:
        out.setdefault(as_text(who), []).append(
            Answer(as_text(skill), bool(ok), _seconds(secs), from_db_time(at), int(n))
        )
    return out


class SkillDay(NamedTuple):
    """A trainee's answers to one skill on one day (UTC): the progress picture's points."""

    skill: str
    day: str  # YYYY-MM-DD
    answered: int
    correct: int
    seconds: float


@decoded("the history")
def skill_days(store: HistoryStore, trainee: str) -> list[SkillDay]:
    """Answers per skill and day for ``trainee``, oldest day first: grouped in the database
    (skills x days rows), the day being the first ten characters of the stored UTC time."""
    rows = store.select(
        "SELECT skill, SUBSTR(answered_at, 1, 10) AS day, COUNT(*), SUM(correct), SUM(seconds) "
        f"FROM answers WHERE trainee = {store.placeholder} GROUP BY skill, day ORDER BY day, skill",
        (trainee,),
    )
    return [
        SkillDay(as_text(k), as_text(d), *possible(n, c, f"{trainee}'s {as_text(k)}"), _seconds(s))
        for k, d, n, c, s in rows
    ]
