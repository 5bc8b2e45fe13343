"""The history database: round trip, durability, concurrency, refusing files that are not ours,
migration from the first schema."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import subprocess
import sys
import textwrap
from datetime import timedelta
from pathlib import Path

import pytest

from tests.support.history import EZBAC_APP_ID, T0, V1_DDL, answer, session, v1_file
from trainer.history.store import (
    HistoryError,
    HistoryUnavailableError,
    NotHistoryDatabaseError,
    open_history,
    resolve_db_path,
)

ROOT = Path(__file__).resolve().parents[2]


# -- where the file is --------------------------------------------------------------------


def test_default_path_is_in_the_user_data_dir() -> None:
    home = Path(os.environ["EZBAC_HOME"])
    assert resolve_db_path() == home / "history.sqlite3"
    with open_history() as store:
        store.record_answer(answer())
    assert (home / "history.sqlite3").is_file()


def test_flag_beats_environment_beats_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EZBAC_DB", str(tmp_path / "env.sqlite3"))
    assert resolve_db_path() == tmp_path / "env.sqlite3"
    assert resolve_db_path(str(tmp_path / "flag.sqlite3")) == tmp_path / "flag.sqlite3"


def test_missing_parent_folders_are_created(tmp_path: Path) -> None:
    db = tmp_path / "a" / "b" / "history.sqlite3"
    with open_history(db) as store:
        store.record_answer(answer())
    assert db.is_file()


def test_unwritable_location_is_a_one_line_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("I am a file, not a folder\n")
    db = blocker / "history.sqlite3"
    with pytest.raises(HistoryUnavailableError) as info:
        open_history(db)
    message = str(info.value)
    assert "\n" not in message and str(db) in message
    assert blocker.read_text() == "I am a file, not a folder\n"


def test_a_folder_is_not_a_database(tmp_path: Path) -> None:
    with pytest.raises(HistoryError, match="folder"):
        open_history(tmp_path)


def test_missing_file_is_not_created_when_only_reading(tmp_path: Path) -> None:
    db = tmp_path / "nope.sqlite3"
    with pytest.raises(HistoryUnavailableError, match="no history database"):
        open_history(db, create=False)
    assert not db.exists()


# -- round trip ---------------------------------------------------------------------------


def test_answers_and_sessions_round_trip(history_db: str) -> None:
    db = history_db
    started = session("s1", questions=0)
    given = [
        answer("banker:3:8", False, T0 + timedelta(seconds=5), seconds=4.25),
        answer(
            "outcome:dragon7",
            True,
            T0 + timedelta(seconds=9),
            answer_text="dragon7",
            expected="dragon7",
            cards=("4h", "3s", "2d", "Kc", "Th", "3c"),
        ),
        answer(
            "payout:dragon7:win",
            True,
            T0 + timedelta(seconds=15),
            answer_text="win 1,400",
            expected="win 1400",
            bet="dragon7",
            wager="35",
        ),
        answer("natural", True, T0 + timedelta(seconds=20), trainee="bo", session_id="s2"),
    ]
    ended = session("s1", minutes=3, questions=3, correct=2, passed=False, reference_opened=2)
    with open_history(db) as store:
        store.on_session(started)
        for a in given:
            store.on_answer(a)
        store.on_session(ended)
    with open_history(db) as store:  # a fresh connection, as after a restart
        assert store.answers() == given
        assert store.answers("ana") == given[:3]
        assert store.answers(since=T0 + timedelta(seconds=9)) == given[1:]
        assert store.sessions() == [ended]
        assert store.trainees() == ["ana", "bo"]
        assert store.answer_count("ana") == 3


def test_session_end_updates_the_start_row(history_db: str) -> None:
    with open_history(history_db) as store:
        store.on_session(session("s1"))
        assert store.sessions()[0].finished_at is None
        store.on_session(session("s1", minutes=1, questions=4, correct=1, abandoned=True))
        (only,) = store.sessions()
    assert only.abandoned and only.questions == 4 and only.finished_at is not None


def test_times_are_stored_in_utc_whatever_the_zone(history_db: str) -> None:
    from datetime import timezone

    paris_summer = timezone(timedelta(hours=2))
    with open_history(history_db) as store:
        store.on_answer(answer(at=T0.astimezone(paris_summer)))
        stored = store.answers()[0].answered_at
        ((raw,),) = store.select("SELECT answered_at FROM answers")
    assert stored == T0 and raw == "2024-05-01T09:00:00.000000+00:00"


def test_database_is_in_wal_mode_with_our_ids(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    open_history(db).close()
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA application_id").fetchone()[0] == EZBAC_APP_ID
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 11
    finally:
        conn.close()


# -- a killed session keeps its answers ---------------------------------------------------

KILLED = """
import os, signal, sys
from datetime import UTC, datetime
from trainer.history.store import open_history
from trainer.session.records import AnswerRecord, SessionRecord

store = open_history(sys.argv[1])
now = datetime.now(UTC)
store.on_session(SessionRecord("k1", "ana", "d", "Drill", "practice", now))
for i in range(int(sys.argv[2])):
    store.on_answer(AnswerRecord("k1", "ana", "d", "outcome", "outcome:tie", ("Th", "Ts", "Td",
        "Tc"), "tie", "tie", True, 1.0 + i, now))
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_killed_session_keeps_the_answers_given(history_db: str) -> None:
    db = history_db
    run = subprocess.run(
        [sys.executable, "-c", KILLED, db, "7"], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == -9, run.stderr  # really killed, no clean shutdown
    with open_history(db) as store:
        answers = store.answers()
        (unfinished,) = store.sessions()
    assert [a.seconds for a in answers] == [1.0 + i for i in range(7)]
    assert unfinished.finished_at is None


# -- two terminals at once ----------------------------------------------------------------


def _writer(db: str, who: str, count: int) -> None:
    with open_history(db) as store:
        for i in range(count):
            store.on_answer(answer(trainee=who, session_id=who, seconds=float(i)))


def test_several_processes_writing_at_once_lose_nothing(history_db: str) -> None:
    db = history_db  # not created yet: they race to create it too
    ctx = multiprocessing.get_context("spawn")
    names = ("ana", "bo", "cy")
    workers = [ctx.Process(target=_writer, args=(db, who, 150)) for who in names]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    assert [w.exitcode for w in workers] == [0] * len(names)
    with open_history(db) as store:
        assert store.answer_count() == 150 * len(names)
        for who in names:
            assert sorted(a.seconds for a in store.answers(who)) == [float(i) for i in range(150)]


# -- files that are not ours --------------------------------------------------------------


def _snapshot(path: Path) -> tuple[bytes, int, list[str]]:
    return path.read_bytes(), path.stat().st_mtime_ns, sorted(p.name for p in path.parent.iterdir())


def _foreign_sqlite(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
    conn.execute("INSERT INTO recipes VALUES ('soup', 40)")
    conn.commit()
    conn.close()


def _other_app_id(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 1179402563")  # 'FSLC', Fossil's
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()


def _newer_version(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA application_id = {EZBAC_APP_ID}")
    conn.execute("CREATE TABLE answers (id INTEGER PRIMARY KEY, hologram BLOB)")
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()


def _corrupt_history(path: Path) -> None:
    """A real history file whose pages after the header were overwritten."""
    with open_history(path) as store:
        for i in range(50):
            store.on_answer(answer(seconds=float(i)))
    raw = bytearray(path.read_bytes())
    assert raw[68:72] == EZBAC_APP_ID.to_bytes(4, "big")  # checkpointed: header is ours
    junk = os.urandom(len(raw) - 100)
    path.write_bytes(bytes(raw[:100]) + junk)


def _random_bytes(path: Path) -> None:
    path.write_bytes(os.urandom(8192))


def _text(path: Path) -> None:
    path.write_text("Shift notes\nTable 4: Dragon 7 paid 40 to 1\n")


def _truncated_header(path: Path) -> None:
    path.write_bytes(b"SQLite format 3\x00" + b"\x10\x00")


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (_random_bytes, "not an SQLite file"),
        (_text, "not an SQLite file"),
        (_truncated_header, "not an SQLite file"),
        (_foreign_sqlite, "another application"),
        (_other_app_id, "another application"),
        (_newer_version, "newer ezbac"),
        (_corrupt_history, "damaged"),
    ],
)
def test_a_file_that_is_not_a_history_is_refused_and_left_intact(
    tmp_path: Path, make, why: str
) -> None:
    db = tmp_path / "history.sqlite3"
    make(db)
    before = _snapshot(db)
    with pytest.raises(NotHistoryDatabaseError) as info:
        open_history(db)
    message = str(info.value)
    assert "\n" not in message
    assert str(db) in message and why in message and "left untouched" in message
    assert _snapshot(db) == before  # same bytes, same mtime, no -wal/-journal left beside it


def test_a_blank_file_becomes_a_history(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite3"
    db.touch()
    with open_history(db) as store:
        store.on_answer(answer())
        assert store.answer_count() == 1


# -- migration from the first schema ------------------------------------------------------


def test_a_first_version_file_migrates_forward_keeping_everything(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    v1_file(db)
    with open_history(db) as store:
        assert store.schema_version == 11
        old = store.answers("ana")
        assert [a.skill for a in old] == ["banker:3:8", "payout:tie:win", "natural"]
        assert [a.correct for a in old] == [False, True, True]
        assert old[0].cards == ("4h", "3s", "Td", "Kc") and old[0].bet is None
        (s,) = store.sessions()
        assert s.passed is True and s.abandoned is False and s.reference_opened == 0
        store.on_answer(answer(bet="tie", wager="25", skill="payout:tie:win"))
        assert store.answers()[-1].wager == "25"
    conn = sqlite3.connect(db)
    try:
        families = [r[0] for r in conn.execute("SELECT family FROM answers ORDER BY id")]
        indexes = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    finally:
        conn.close()
    assert families == ["banker", "payout", "natural", "payout"]
    assert {"answers_by_trainee_time", "sessions_by_trainee_time"} <= indexes


def test_a_first_version_file_missing_a_table_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "broken.sqlite3"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE answers (id INTEGER PRIMARY KEY)")
    conn.execute(f"PRAGMA application_id = {EZBAC_APP_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    before = _snapshot(db)
    with pytest.raises(NotHistoryDatabaseError, match="damaged"):
        open_history(db)
    assert _snapshot(db) == before


def test_v1_in_the_code_is_the_released_first_schema() -> None:
    """Guard against the test's V1 drifting: it must match what the first release wrote."""
    from trainer.history.migrations import V1

    normalise = textwrap.dedent
    assert " ".join(normalise(V1).split()) == " ".join(normalise(V1_DDL).split())
