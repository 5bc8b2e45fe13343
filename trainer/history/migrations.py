"""The SQLite history's schema, version by version, in SQLite's SQL (a server's are
trainer.history.migrations_pg, the same tables in PostgreSQL's SQL).

Each entry of MIGRATIONS takes the file from version N-1 to N and runs inside one
transaction with the ``PRAGMA user_version`` bump, so a file is always at a whole version.
Never edit a released step: add the next one, here and in migrations_pg.  Times are ISO 8601
UTC text with microseconds (``2024-05-01T09:30:00.000000+00:00``), so text order is time
order.
"""

from __future__ import annotations

from trainer.history.schema import APPLICATION_ID, REQUIRED_COLUMNS, SCHEMA_VERSION

__all__ = [
    "APPLICATION_ID",
    "MIGRATIONS",
    "REQUIRED_COLUMNS",
    "SCHEMA_VERSION",
    "SQLITE_WHOLE",
    "V1",
    "V2",
    "V3",
    "V4",
    "V5",
    "V6",
    "V7",
    "V8",
    "V9",
]

V1 = """
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

# v2: payout answers keep their bet and wager; sessions say whether the trainee quit and how
# often the rules reference was opened; the skill family becomes a column (backfilled from
# the key) for SQL run on the file directly, e.g. an instructor's own tools grouping by family
# (ezbac itself derives families from the skill key); and indexes for the hot reads: one
# trainee's answers in time order (review schedule, progress, report --since) and one
# trainee's sessions in time order.
V2 = """
ALTER TABLE answers ADD COLUMN bet TEXT;
ALTER TABLE answers ADD COLUMN wager TEXT;
ALTER TABLE answers ADD COLUMN family TEXT NOT NULL DEFAULT '';
UPDATE answers SET family = substr(skill, 1, instr(skill || ':', ':') - 1);
ALTER TABLE sessions ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN reference_opened INTEGER NOT NULL DEFAULT 0;
CREATE INDEX answers_by_trainee_time ON answers (trainee, answered_at);
CREATE INDEX sessions_by_trainee_time ON sessions (trainee, started_at);
"""

# v3: a retry of missed questions is practice, not a run: it names the run it came from
# (NULL for every run, and for every session stored before v3), so reports and progress
# leave it out of sessions, passes and the last drill.
V3 = """
ALTER TABLE sessions ADD COLUMN retry_of TEXT;
"""

# v4: reports, progress and the review schedule group answers per trainee and skill in the
# database (trainer.history.queries); the first index holds every column those reads need, in
# the order they group them, so they read it alone, never the table (1M answers: a report in
# under a second).  The second holds only runs finished with a verdict (the report's "last
# drill"), by trainee and end.  Reads stay right without them (a file not yet migrated), only
# slower.
V4 = """
CREATE INDEX answers_by_trainee_skill ON answers (trainee, skill, answered_at, correct, seconds);
CREATE INDEX sessions_run_ends ON sessions (trainee, finished_at) WHERE retry_of IS NULL
    AND finished_at IS NOT NULL AND abandoned = 0 AND passed IS NOT NULL;
"""

# v5: each answer may carry a key given when it was first recorded (trainer.history.hooks), so
# an answer sent again from the local spool (the store was away, or the trainer died between
# the commit and the spool's truncation) is recognised and skipped, never stored twice.
# Answers stored before v5 have none (NULL: distinct in a unique index, on both backends).
V5 = """
ALTER TABLE answers ADD COLUMN answer_key TEXT;
CREATE UNIQUE INDEX answers_by_key ON answers (answer_key);
"""

# v6: answers totalled per trainee and skill (how many, how many right, seconds, the latest),
# kept by the database itself in the transaction that stores each answer (a trigger: every
# way an answer gets in, the trainer, the spool, ``history copy``, counts; an answer skipped
# as already stored, ON CONFLICT DO NOTHING, inserts no row and counts nothing).  The report
# and the class view read these rows, trainees x skills, instead of grouping every answer:
# at a million answers the grouping alone took 0.5-0.9 s on either backend.  Backfilled here
# from the answers on record.  A report ``--since`` a date still groups the answers.
V6 = """
CREATE TABLE answer_totals (
    trainee  TEXT NOT NULL,
    skill    TEXT NOT NULL,
    answered INTEGER NOT NULL,
    correct  INTEGER NOT NULL,
    seconds  REAL NOT NULL,
    last_at  TEXT NOT NULL,
    PRIMARY KEY (trainee, skill)
);
INSERT INTO answer_totals (trainee, skill, answered, correct, seconds, last_at)
    SELECT trainee, skill, COUNT(*), SUM(correct), SUM(seconds), MAX(answered_at)
    FROM answers GROUP BY trainee, skill;
"""

# v7: who is training.  A roster of people (a display name, its case-folded key
# kept unique, trainee or instructor, the secret's scrypt hash only, retired kept with their
# history, the failures since the last sign-in and until when the person is held back); every
# sign-in, failure and sign-out (``signins``); the school's settings for the whole history
# (``settings``: sign-in on or off, idle minutes, lockout); old trainee names linked to roster
# people (``trainee_links``).  Runs say who sat them (``person_id``) and who proctored them
# (``proctor_id``), NULL for every run before v7 and with sign-in off.  A finished exam (its
# session row, its answers) cannot be changed or deleted afterwards: triggers (SQLITE_WHOLE)
# refuse it, except the name it is listed under (``people link`` and ``rename``) and a
# person_id given to a run that had none.  The same session sent again with the same values
# (the spool) changes nothing and passes.
V7 = """
ALTER TABLE sessions ADD COLUMN person_id TEXT;
ALTER TABLE sessions ADD COLUMN proctor_id TEXT;
CREATE INDEX sessions_by_person ON sessions (person_id) WHERE person_id IS NOT NULL;
CREATE TABLE people (
    person_id    TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    name_key     TEXT NOT NULL,
    role         TEXT NOT NULL CHECK (role IN ('trainee', 'instructor')),
    secret       TEXT NOT NULL,
    retired      INTEGER NOT NULL DEFAULT 0,
    created_at   TEXT NOT NULL,
    failures     INTEGER NOT NULL DEFAULT 0,
    locked_until TEXT
);
CREATE UNIQUE INDEX people_by_name ON people (name_key);
CREATE TABLE signins (
    id        INTEGER PRIMARY KEY,
    person_id TEXT,
    name      TEXT NOT NULL,
    event     TEXT NOT NULL,
    at        TEXT NOT NULL
);
CREATE INDEX signins_by_person ON signins (person_id, at);
CREATE TABLE settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE trainee_links (
    trainee   TEXT PRIMARY KEY,
    person_id TEXT NOT NULL,
    linked_at TEXT NOT NULL
);
"""

# v8: a finished exam and its answers are kept whole, every column: v7 let the name a run is
# listed under and an empty person_id change, so a finished exam could be moved to another
# trainee with a plain UPDATE.  A rename or a link now leaves a finished exam under the name
# it was sat under (trainee_links ties that name to the person: reports follow it).  Wrong
# sign-in tries are counted in ``signin_holds``, per typed name (unknown names too, so a lock
# tells no one whether a name is on the roster) and per place: '' for the whole school, a
# terminal for an instructor (people.py: no trainee locks an instructor out of the school).
# ``signin_pepper`` is a random value the stand-in salt of an unknown name is made from (a
# server's terminal role cannot read it).  people.failures and people.locked_until are no
# longer used.
V8 = """
CREATE TABLE signin_holds (
    name_key     TEXT NOT NULL,
    place        TEXT NOT NULL,
    failures     INTEGER NOT NULL DEFAULT 0,
    locked_until TEXT,
    PRIMARY KEY (name_key, place)
);
CREATE TABLE signin_pepper (
    pepper TEXT NOT NULL
);
INSERT INTO signin_pepper (pepper) VALUES (lower(hex(randomblob(32))));
DROP TRIGGER exams_kept;
DROP TRIGGER exam_answers_kept
"""

# v9: an audition sat as a retake of single areas names the sitting it retook
# (``retake_of``); the finished exam's trigger is made again to keep that column too.
V9 = """
ALTER TABLE sessions ADD COLUMN retake_of TEXT;
DROP TRIGGER exams_kept
"""

# v10: each person's language on the roster (a catalogue's code, ``zh_Hant``; empty: the
# terminal's).  Written by the owner (``ezbac people language``); read as text and checked at
# the edges, so whatever a file's holder writes there is said and passed over, never obeyed.
V10 = """
ALTER TABLE people ADD COLUMN language TEXT NOT NULL DEFAULT ''
"""

# v11: a table's take answer keeps the seats the table settled (each seat with any bet), so
# a report measures seconds a seat; NULL for every other answer and every take before it.
# Its CHECK refuses what ezbac never writes (a table has 1 to 14 seats); a file's holder can
# switch checks off, so the reads take any other value as not recorded besides.
# The finished exam's answers' trigger is made again to keep that column too.
V11 = """
ALTER TABLE answers ADD COLUMN seats INTEGER CHECK (seats BETWEEN 1 AND 14);
DROP TRIGGER exam_answers_kept
"""

#: A finished exam's session: the condition the v7 triggers test (``old`` a sessions row).
FINISHED_EXAM = "old.mode = 'exam' AND old.finished_at IS NOT NULL"
_SESSION_KEPT = (
    "session_id",
    "drill_id",
    "drill_title",
    "mode",
    "started_at",
    "finished_at",
    "questions",
    "correct",
    "passed",
    "abandoned",
    "reference_opened",
    "retry_of",
    "proctor_id",
)
#: Every column of a finished exam's session and answers (schema v8): none may change.
_SESSION_ALL = ("trainee", "person_id", *_SESSION_KEPT)
#: And from v9 the sitting a retake retook.
_SESSION_V9 = (*_SESSION_ALL, "retake_of")
_ANSWER_KEPT = (
    "id",
    "session_id",
    "drill_id",
    "step",
    "skill",
    "cards",
    "answer",
    "expected",
    "correct",
    "seconds",
    "answered_at",
    "bet",
    "wager",
    "family",
    "answer_key",
)
_ANSWER_ALL = ("trainee", *_ANSWER_KEPT)
#: And from v11 the seats a table's take settled.
_ANSWER_V11 = (*_ANSWER_ALL, "seats")
_OF_EXAM = (
    "EXISTS (SELECT 1 FROM sessions s WHERE s.session_id = old.session_id "
    "AND s.mode = 'exam' AND s.finished_at IS NOT NULL)"
)
_TO_EXAM = _OF_EXAM.replace("old.session_id", "new.session_id")
REFUSAL = "a finished exam cannot be changed or deleted"


def _changed(columns: tuple[str, ...]) -> str:
    return " OR ".join(f"new.{c} IS NOT old.{c}" for c in columns)


#: Statements a step runs whole, after its others, in SQLite's SQL: a trigger's body has
#: semicolons of its own.
SQLITE_WHOLE: dict[int, tuple[str, ...]] = {
    6: (
        """
CREATE TRIGGER answers_totalled AFTER INSERT ON answers BEGIN
    INSERT INTO answer_totals (trainee, skill, answered, correct, seconds, last_at)
    VALUES (new.trainee, new.skill, 1, new.correct, new.seconds, new.answered_at)
    ON CONFLICT (trainee, skill) DO UPDATE SET answered = answered + 1,
        correct = correct + excluded.correct, seconds = seconds + excluded.seconds,
        last_at = max(last_at, excluded.last_at);
END
""",
    ),
    7: (
        f"""
CREATE TRIGGER exams_kept BEFORE UPDATE ON sessions
WHEN {FINISHED_EXAM} AND ({_changed(_SESSION_KEPT)}
    OR (old.person_id IS NOT NULL AND new.person_id IS NOT old.person_id))
BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END
""",
        f"""
CREATE TRIGGER exams_not_deleted BEFORE DELETE ON sessions WHEN {FINISHED_EXAM}
BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END
""",
        f"""
CREATE TRIGGER exam_answers_kept BEFORE UPDATE ON answers
WHEN {_OF_EXAM} AND ({_changed(_ANSWER_KEPT)})
BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END
""",
        f"""
CREATE TRIGGER exam_answers_not_deleted BEFORE DELETE ON answers WHEN {_OF_EXAM}
BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END
""",
    ),
    8: (
        f"""
CREATE TRIGGER exams_kept BEFORE UPDATE ON sessions
WHEN ({FINISHED_EXAM} AND ({_changed(_SESSION_ALL)}))
    OR (new.mode = 'exam' AND old.mode IS NOT 'exam')
BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END
""",
        f"""
CREATE TRIGGER exam_answers_kept BEFORE UPDATE ON answers
WHEN ({_OF_EXAM} OR {_TO_EXAM}) AND ({_changed(_ANSWER_ALL)})
BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END
""",
    ),
    9: (
        f"""
CREATE TRIGGER exams_kept BEFORE UPDATE ON sessions
WHEN ({FINISHED_EXAM} AND ({_changed(_SESSION_V9)}))
    OR (new.mode = 'exam' AND old.mode IS NOT 'exam')
BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END
""",
    ),
    11: (
        f"""
CREATE TRIGGER exam_answers_kept BEFORE UPDATE ON answers
WHEN ({_OF_EXAM} OR {_TO_EXAM}) AND ({_changed(_ANSWER_V11)})
BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END
""",
    ),
}

MIGRATIONS: tuple[str, ...] = (V1, V2, V3, V4, V5, V6, V7, V8, V9, V10, V11)
