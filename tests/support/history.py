"""Builders for history tests (records with sensible defaults)."""

from __future__ import annotations

import os
import random
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from trainer.history.store import (
    HistoryStore,
    open_history,
)
from trainer.session.records import AnswerRecord, SessionRecord

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


def answer(
    skill: str = "banker:3:8",
    correct: bool = True,
    at: datetime = T0,
    *,
    trainee: str = "ana",
    session_id: str = "s1",
    drill_id: str = "banker-tableau",
    step: str | None = None,
    seconds: float = 2.0,
    cards: tuple[str, ...] = ("4h", "3s", "Td", "Kc", "8h"),
    answer_text: str = "draws",
    expected: str = "stands",
    bet: str | None = None,
    wager: str | None = None,
    seats: int | None = None,
) -> AnswerRecord:
    family = skill.split(":", 1)[0]
    default_step = {
        "natural": "player_draws",
        "player": "player_draws",
        "banker": "banker_draws",
    }.get(family, family)  # outcome, payout, table, shoe, call, spot: the family's own step
    return AnswerRecord(
        session_id=session_id,
        trainee=trainee,
        drill_id=drill_id,
        step=step or default_step,
        skill=skill,
        cards=cards,
        answer=answer_text,
        expected=expected,
        correct=correct,
        seconds=seconds,
        answered_at=at,
        bet=bet,
        wager=wager,
        seats=seats,
    )


def session(
    session_id: str = "s1",
    *,
    trainee: str = "ana",
    drill_id: str = "banker-tableau",
    title: str = "The Banker tableau",
    mode: str = "practice",
    started: datetime = T0,
    minutes: float | None = None,
    questions: int = 0,
    correct: int = 0,
    passed: bool | None = None,
    abandoned: bool = False,
    reference_opened: int = 0,
) -> SessionRecord:
    return SessionRecord(
        session_id=session_id,
        trainee=trainee,
        drill_id=drill_id,
        drill_title=title,
        mode=mode,
        started_at=started,
        finished_at=None if minutes is None else started + timedelta(minutes=minutes),
        questions=questions,
        correct=correct,
        passed=passed,
        abandoned=abandoned,
        reference_opened=reference_opened,
    )


#: 'ezbc', written out here rather than imported: the id is a promise to every
#: history, file or server.
EZBAC_APP_ID = 0x657A6263


#: Schema version 1 exactly as released, written out here: the migration must take any
#: file created with it forward.
V1_DDL = """
CREATE TABLE sessions (
    session_id  TEXT PRIMARY KEY,
    trainee     TEXT NOT NULL,
    drill_id    TEXT NOT NULL,
    drill_title TEXT NOT NULL,
    mode        TEXT NOT NULL,
    started_at  TEXT NOT NULL,
    finished_at TEXT,
    questions   INTEGER NOT NULL DEFAULT 0,
    correct     INTEGER NOT NULL DEFAULT 0,
    passed      INTEGER
);
CREATE TABLE answers (
    id          INTEGER PRIMARY KEY,
    session_id  TEXT NOT NULL,
    trainee     TEXT NOT NULL,
    drill_id    TEXT NOT NULL,
    step        TEXT NOT NULL,
    skill       TEXT NOT NULL,
    cards       TEXT NOT NULL,
    answer      TEXT NOT NULL,
    expected    TEXT NOT NULL,
    correct     INTEGER NOT NULL,
    seconds     REAL NOT NULL,
    answered_at TEXT NOT NULL
);
CREATE INDEX answers_by_session ON answers (session_id);
"""


def v1_file(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.executescript(V1_DDL)
    conn.execute(f"PRAGMA application_id = {EZBAC_APP_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.execute(
        "INSERT INTO sessions VALUES ('old', 'ana', 'naturals', 'Naturals', 'exam', "
        "'2024-01-02T10:00:00.000000+00:00', '2024-01-02T10:05:00.000000+00:00', 10, 9, 1)"
    )
    rows = [
        ("banker:3:8", "banker_draws", 0, "2024-01-02T10:01:00.000000+00:00"),
        ("payout:tie:win", "payout", 1, "2024-01-02T10:02:00.000000+00:00"),
        ("natural", "player_draws", 1, "2024-01-02T10:03:00.000000+00:00"),
    ]
    for skill, step, correct, at in rows:
        conn.execute(
            "INSERT INTO answers (session_id, trainee, drill_id, step, skill, cards, answer, "
            "expected, correct, seconds, answered_at) VALUES ('old', 'ana', 'naturals', ?, ?, "
            "'4h 3s Td Kc', 'x', 'y', ?, 3.5, ?)",
            (step, skill, correct, at),
        )
    conn.commit()
    conn.close()


DAY = timedelta(days=1)


MIN = timedelta(minutes=1)


def fill(store: HistoryStore) -> None:
    """ana: three sessions (passed, failed, abandoned) and nine answers; bo: one answer."""
    store.on_session(
        session(
            "s1",
            started=T0,
            minutes=5,
            questions=10,
            correct=9,
            passed=True,
            drill_id="naturals",
            title="Naturals",
        )
    )
    store.on_session(
        session(
            "s2",
            started=T0 + DAY,
            minutes=8,
            questions=10,
            correct=6,
            passed=False,
            reference_opened=3,
        )
    )
    store.on_session(session("s3", started=T0 + 2 * DAY, minutes=1, abandoned=True))
    store.on_session(session("b1", trainee="bo", started=T0 + DAY))
    ana = [
        ("natural", True, T0 + MIN, 2.0, "s1"),
        ("natural", True, T0 + 2 * MIN, 4.0, "s1"),
        ("banker:3:8", False, T0 + DAY + MIN, 5.0, "s2"),
        ("banker:3:8", False, T0 + DAY + 2 * MIN, 5.0, "s2"),
        ("banker:3:8", True, T0 + DAY + 3 * MIN, 2.0, "s2"),
        ("banker:4:1", False, T0 + DAY + 4 * MIN, 3.0, "s2"),
        ("banker:4:1", True, T0 + DAY + 5 * MIN, 3.0, "s2"),
        ("outcome:dragon7", True, T0 + DAY + 6 * MIN, 3.0, "s2"),
        ("payout:dragon7:win", False, T0 + 2 * DAY + MIN, 6.0, "s3"),
    ]
    for skill, ok, at, secs, sid in ana:
        store.on_answer(answer(skill, ok, at, seconds=secs, session_id=sid))
    store.on_answer(answer("player:5", True, T0 + DAY, seconds=1.0, trainee="bo", session_id="b1"))


PAGE = 4096


def paged_history(path: Path, answers: int = 400) -> None:
    """A real history of several dozen pages, checkpointed into the main file."""
    with open_history(path) as store:
        store.on_session(session())
        for i in range(answers):
            store.on_answer(answer(seconds=float(i), at=T0.replace(second=i % 60)))


def file_state(path: Path) -> tuple[bytes, list[str]]:
    """The file's bytes and the names beside it (a -wal, -shm or -journal would show)."""
    return path.read_bytes(), sorted(p.name for p in path.parent.iterdir())


def damage_middle_page(path: Path, how: str) -> None:
    raw = bytearray(path.read_bytes())
    pages = len(raw) // PAGE
    assert pages >= 10, pages
    middle = pages // 2
    if how == "random":
        raw[middle * PAGE : (middle + 1) * PAGE] = os.urandom(PAGE)
    elif how == "zeros":
        raw[middle * PAGE : (middle + 1) * PAGE] = bytes(PAGE)
    else:  # one bit flipped in the page header's cell count
        raw[middle * PAGE + 3] ^= 0x40
    path.write_bytes(bytes(raw))


NAMES = ("ana", "Bo", "zoë", "Émile", "bo", "ana maría")


SKILLS = (
    "natural",
    "player:5",
    "player:6",
    "banker:3:8",
    "banker:6:stood",
    "banker:0:2",
    "outcome:tie",
    "outcome:dragon7",
    "payout:tie:win",
    "payout:banker:win",
    "future:thing",
)


def random_history(seed: int) -> tuple[list[SessionRecord], list[AnswerRecord]]:
    rng = random.Random(seed)
    sessions: list[SessionRecord] = []
    answers: list[AnswerRecord] = []
    for n in range(rng.randint(20, 40)):
        trainee = rng.choice(NAMES)
        sid = f"s{seed}-{n}"
        # starts on a 6-hour grid over two months (review intervals of 1-21 days all matter),
        # a third of them in the last six hours: runs that overlap and end together, last
        slot = rng.randint(0, 239) if rng.random() < 0.6 else 240
        start = T0 + timedelta(hours=6 * slot, minutes=rng.choice((0, 27)))
        skills = rng.sample(SKILLS, rng.randint(1, 4))
        skill_rate = rng.random()
        given = rng.randint(0, 15)
        right = 0
        for _ in range(given):
            ok = rng.random() < skill_rate
            right += ok
            answers.append(
                AnswerRecord(
                    sid,
                    trainee,
                    "drill",
                    "outcome",
                    rng.choice(skills),
                    ("4h", "3s"),
                    "x",
                    "y",
                    ok,
                    rng.randint(1, 80) / 8,
                    start + timedelta(minutes=rng.choice((0, 0, 1, 2))),  # ties on purpose
                )
            )
        if rng.random() < 0.1:
            continue  # the run was never recorded: its answers stand alone
        ending = rng.choice(("finished", "finished", "abandoned", "cut off"))
        questions = given + (rng.randint(0, 3) if ending == "finished" else 0)
        retry_of = rng.choice([s.session_id for s in sessions] or [None])
        if rng.random() < 0.8:
            retry_of = None  # a run, not a retry
        sessions.append(
            SessionRecord(
                sid,
                trainee,
                rng.choice(("drill", "exam-a")),
                rng.choice(("Drill", "Exam A")),
                "exam" if slot == 240 else rng.choice(("practice", "exam")),
                start,  # exams tie
                # a few runs end at the very same moment: the tie goes to the earlier start
                None
                if ending == "cut off"
                else start.replace(minute=30) + timedelta(minutes=rng.choice((0, 0, 40))),
                questions,
                right,
                None if ending != "finished" or retry_of else right * 5 >= questions * 4,
                ending == "abandoned",
                rng.randint(0, 2),
                retry_of,
            )
        )
    return sessions, answers


def store_with(path: Path | str, seed: int) -> HistoryStore:
    sessions, answers = random_history(seed)
    store = open_history(path)
    for s in sessions:
        store.on_session(s)
    for a in answers:
        store.on_answer(a)
    return store


def back_to_v6(db: str) -> None:
    """The history as ezbac wrote it before v7: no roster, settings, sign-ins or
    links, no person or proctor on runs, no guard on finished exams (nor v8's sign-in
    holds, pepper and functions)."""
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db, autocommit=True) as conn:
            conn.execute("DROP FUNCTION ezbac_sign_in, ezbac_signin_salt")
            for table in ("signin_holds", "signin_pepper"):
                conn.execute(f"DROP TABLE {table}")
            for table in ("people", "signins", "settings", "trainee_links"):
                conn.execute(f"DROP TABLE {table}")
            conn.execute("DROP FUNCTION exam_sessions_kept() CASCADE")
            conn.execute("DROP FUNCTION exam_answers_kept() CASCADE")
            conn.execute(
                "ALTER TABLE sessions DROP COLUMN person_id, DROP COLUMN proctor_id, "
                "DROP COLUMN retake_of"
            )
            conn.execute("ALTER TABLE answers DROP COLUMN seats")
            conn.execute("UPDATE ezbac_schema SET version = 6")
        return
    conn = sqlite3.connect(db)
    for trigger in ("exams_kept", "exams_not_deleted", "exam_answers_kept"):
        conn.execute(f"DROP TRIGGER {trigger}")
    conn.execute("DROP TRIGGER exam_answers_not_deleted")
    for table in ("people", "signins", "settings", "trainee_links", "signin_holds"):
        conn.execute(f"DROP TABLE {table}")
    conn.execute("DROP TABLE signin_pepper")
    conn.execute("DROP INDEX sessions_by_person")
    conn.execute("ALTER TABLE sessions DROP COLUMN person_id")
    conn.execute("ALTER TABLE sessions DROP COLUMN proctor_id")
    conn.execute("ALTER TABLE sessions DROP COLUMN retake_of")
    conn.execute("ALTER TABLE answers DROP COLUMN seats")
    conn.execute("PRAGMA user_version = 6")
    conn.commit()
    conn.close()
