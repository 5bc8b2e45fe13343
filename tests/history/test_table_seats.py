"""The seats each table settled, kept in the history (schema v11: on the table's take
answer) so the audition's table areas and the reports measure seconds a seat settled.

Worked by hand: table 1 has 3 seats with a bet, its take 10 s and its payout 14 s; table 2
has 5 seats, its take 12 s and its payout 12 s.  2 tables, 48 s, 8 seats: 48 / 8 = 6 s a
seat (met at a 6 s target, exactly at it; under at 5.9), and 3,600 x 2 / 48 = 150 coups an
hour.  A take recorded before v11 has no seats: seconds a seat is then not measured, never
a figure over part of the tables.  SQLite and PostgreSQL both (``history_db``)."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from tests.history.test_history_roles import roles  # noqa: F401 (the roles' fixture)
from tests.history.test_table_history import work_two_tables
from tests.support.history import T0, answer, session
from trainer.curriculum.model import Area, Audition, Grade
from trainer.engine.house import DEFAULT_HOUSE
from trainer.engine.pace import PaceTarget, PaceVerdict, TableFormat
from trainer.history import queries
from trainer.history.audition_record import _table_pace_json
from trainer.history.backend import DamagedHistoryError
from trainer.history.report import build_attempts, build_report, render_csv, render_json
from trainer.history.rows import read_answers
from trainer.history.spool import SpoolError, decode
from trainer.history.store import open_history
from trainer.i18n import ENGLISH
from trainer.session.audition import judge_audition
from trainer.session.records import AnswerRecord
from trainer.words.pace import seconds_a_seat_words
from trainer.words.sheet import Say, table_pace_text

C1, C2 = ("4h", "3s", "9c", "2d"), ("Td", "Kc", "8s", "9h")
TABLES = Area("tables", "Whole tables", ("table:*",), 15.0, drill="table-exam")
RUBRIC = (Grade("A", 50, 1000),)


def two_tables(first: int | None = 3, second: int | None = 5, trainee: str = "ana") -> list:
    def at(skill: str, seconds: float, cards: tuple[str, ...], seats: int | None) -> object:
        return answer(
            skill, True, T0, step="table", seconds=seconds, cards=cards, trainee=trainee,
            answer_text="x", seats=seats,
        )  # fmt: skip

    return [
        at("table:take", 10.0, C1, first),
        at("table:pay:banker", 14.0, C1, None),
        at("table:take", 12.0, C2, second),
        at("table:pay:player", 12.0, C2, None),
    ]


@pytest.fixture
def store(history_db: str):
    with open_history(history_db) as s:
        yield s


def keep(store, records: list) -> None:
    for r in records:
        store.on_answer(r)
    store.on_session(session("s1", trainee=records[0].trainee))


def area_of(records: list, target: PaceTarget) -> object:
    house = replace(DEFAULT_HOUSE, pace={TableFormat.MINI: target})
    audition = Audition(0, 0, (TABLES,), RUBRIC, min_answers=1)
    (area,) = judge_audition(
        audition, "ana", "lee", T0, 0, records, houses={"table-exam": house}
    ).areas
    return area


def test_the_history_keeps_the_seats_and_the_report_measures_seconds_a_seat(store) -> None:
    keep(store, two_tables())
    (row,) = queries.table_pace_rows(store, "ana")
    assert (row.tables, row.seconds, row.seats) == (2, 48.0, 8)
    (ana,) = build_report(store).trainees
    assert (ana.coups_an_hour, ana.table_seats, ana.seconds_a_seat) == (150, 8, 6.0)
    (csv_row,) = csv.DictReader(io.StringIO(render_csv(build_report(store))))
    assert (csv_row["table_seats"], csv_row["table_seconds_a_seat"]) == ("8", "6.0")
    (attempt,) = build_attempts(store)
    assert (attempt.table_seats, attempt.seconds_a_seat) == (8, 6.0)


def test_the_audition_area_met_at_6_s_under_at_5_9_read_back_from_the_history(store) -> None:
    keep(store, two_tables())
    records = read_answers(store, "ana")
    assert [r.seats for r in records] == [3, None, 5, None]
    met = area_of(records, PaceTarget(150, Decimal(6)))
    pace = met.table_pace
    assert (pace.tables, pace.seats, pace.seconds) == (2, 8, 48.0)
    assert pace.seconds_a_seat == 6 and pace.coups_an_hour == 150
    assert pace.seats_verdict(met.table_target) is PaceVerdict.MET
    assert seconds_a_seat_words(pace, met.table_target) == "6.0 s a seat settled (target 6: met)"
    assert str(getattr(table_pace_text(Say(ENGLISH), met), "english", None)) == (
        "table pace 150 coups an hour over 2 tables, mini table (target 150: met); "
        "6.0 s a seat settled (target 6: met)"
    )
    assert _table_pace_json(met) == {
        "tables": 2,
        "seconds": 48.0,
        "coups_an_hour": 150,
        "format": "mini",
        "target_coups_an_hour": 150,
        "met": True,
        "seats": 8,
        "seconds_a_seat": 6.0,
        "target_seconds_a_seat": 6.0,
        "seats_met": True,
    }
    under = area_of(records, PaceTarget(None, Decimal("5.9")))
    assert under.table_pace.seats_verdict(under.table_target) is PaceVerdict.UNDER
    assert seconds_a_seat_words(under.table_pace, under.table_target) == (
        "6.0 s a seat settled (target 5.9: under)"
    )
    got = _table_pace_json(under)
    assert (got["seconds_a_seat"], got["target_seconds_a_seat"], got["seats_met"]) == (
        6.0,
        5.9,
        False,
    )
    # no seconds-a-seat target: no key for it
    plain = _table_pace_json(area_of(records, PaceTarget(150)))
    assert "target_seconds_a_seat" not in plain and plain["seconds_a_seat"] == 6.0


def test_seconds_a_seat_is_rounded_up_never_flattering() -> None:
    # 3 + 5 seats over 48.1 s: 6.0125 s a seat, shown 6.1 (and missing a 6 s target)
    records = two_tables()
    records[1] = replace(records[1], seconds=14.1)
    area = area_of(records, PaceTarget(None, Decimal(6)))
    assert seconds_a_seat_words(area.table_pace, area.table_target) == (
        "6.1 s a seat settled (target 6: under)"
    )


def test_an_answer_from_before_v11_is_not_measured(store) -> None:
    keep(store, two_tables(3, None))  # the second take recorded without its seats
    (ana,) = build_report(store).trainees
    assert (ana.coups_an_hour, ana.table_seats, ana.seconds_a_seat) == (150, 0, None)
    (got,) = json.loads(render_json(build_report(store)))["trainees"]
    assert got["table_pace"]["seats"] is None and got["table_pace"]["seconds_a_seat"] is None
    area = area_of(read_answers(store, "ana"), PaceTarget(150, Decimal(6)))
    assert area.table_pace.seconds_a_seat is None
    assert area.table_pace.seats_verdict(area.table_target) is None
    assert seconds_a_seat_words(area.table_pace, area.table_target) == (
        "seconds a seat not measured"
    )
    got = _table_pace_json(area)
    assert (got["seats"], got["seconds_a_seat"], got["seats_met"]) == (None, None, None)


@pytest.mark.parametrize("bad", [0, -1, 15, 10**15, 2.5, True, "5"])
def test_a_record_refuses_seats_ezbac_never_writes(bad: object) -> None:
    with pytest.raises(ValueError, match="a table's seats must be 1 to 14"):
        AnswerRecord(**{**vars_of(two_tables()[0]), "seats": bad})


def test_a_spooled_answer_with_bad_seats_is_refused_in_one_line() -> None:
    line = {
        "v": 1,
        "kind": "answer",
        "key": "k1",
        "record": {**vars_of(two_tables()[0]), "answered_at": T0.isoformat(), "seats": -5},
    }
    line["record"]["cards"] = list(line["record"]["cards"])
    with pytest.raises(SpoolError) as caught:
        decode(json.dumps(line))
    assert "\n" not in str(caught.value) and "seats" in str(caught.value)


def _tampered(tmp_path: Path, bad: str) -> Path:
    """A history whose two takes' seats the file's holder set to ``bad``, checks off."""
    db = tmp_path / "h.sqlite3"
    with open_history(db) as s:
        keep(s, two_tables())
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA ignore_check_constraints = ON")  # the holder of the file may
    with conn:
        # both takes: a huge value on each would overflow SQLite's SUM if it were summed
        conn.execute(f"UPDATE answers SET seats = {bad} WHERE skill = 'table:take'")
    conn.close()
    return db


@pytest.mark.parametrize("bad", ["-1", "9223372036854775807", "'five'", "x'00'"])
def test_seats_outside_the_files_check_refuse_the_file_in_one_line(
    tmp_path: Path, bad: str
) -> None:
    db = _tampered(tmp_path, bad)
    with pytest.raises(DamagedHistoryError) as caught:
        open_history(db)
    assert "\n" not in str(caught.value) and "CHECK constraint failed in answers" in str(
        caught.value
    )


@pytest.mark.parametrize("bad", ["2.5", "13.5", "1 + 1.0e0 / 3"])
def test_seats_within_the_check_but_never_written_are_not_measured(
    tmp_path: Path, bad: str
) -> None:
    with open_history(_tampered(tmp_path, bad)) as s:
        (ana,) = build_report(s).trainees
        assert (ana.coups_an_hour, ana.table_seats, ana.seconds_a_seat) == (150, 0, None)
        assert [r.seats for r in read_answers(s, "ana")] == [None] * 4
        (row,) = csv.DictReader(io.StringIO(render_csv(build_report(s))))
        assert (row["table_seats"], row["table_seconds_a_seat"]) == ("", "")
        area = area_of(read_answers(s, "ana"), PaceTarget(None, Decimal(6)))
        assert area.table_pace.seconds_a_seat is None


def test_the_files_check_refuses_seats_ezbac_never_writes(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    with open_history(db) as s:
        keep(s, two_tables())
    conn = sqlite3.connect(db)
    with pytest.raises(sqlite3.IntegrityError), conn:
        conn.execute("UPDATE answers SET seats = 15 WHERE skill = 'table:take'")
    conn.close()


def test_a_table_session_records_its_seats_on_the_take(tmp_path: Path) -> None:
    # test_table_history's two tables: the Dragon layout's seats 1, 4 and 6, the natural
    # layout's seats 2, 5 and 7: 3 seats each, on the take only
    with open_history(tmp_path / "h.sqlite3") as s:
        kept = work_two_tables(s)
        assert [(r.skill, r.seats) for r in kept if r.seats is not None] == [
            ("table:take", 3),
            ("table:take", 3),
        ]
        assert [r.seats for r in read_answers(s, "ann") if r.skill == "table:take"] == [3, 3]


def vars_of(record: AnswerRecord) -> dict[str, object]:
    return {f: getattr(record, f) for f in record.__slots__}


def test_a_version_10_file_is_upgraded_and_its_old_takes_are_not_measured(
    tmp_path: Path,
) -> None:
    from trainer.history.migrations import APPLICATION_ID, MIGRATIONS, SQLITE_WHOLE

    db = tmp_path / "v10.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        for version in range(1, 11):
            for statement in MIGRATIONS[version - 1].split(";"):
                if statement.strip():
                    conn.execute(statement)
            for statement in SQLITE_WHOLE.get(version, ()):
                conn.execute(statement)
        conn.execute("PRAGMA user_version = 10")
    with open_history(db) as s:
        for r in two_tables(None, None):  # as v10 kept them: no seats
            s.on_answer(r)
        exam = session("s1", trainee="ana", mode="exam", minutes=5, questions=4, correct=4)
        s.on_session(replace(exam, passed=True))
        assert s.schema_version == 11
        (ana,) = build_report(s).trainees
        assert (ana.coups_an_hour, ana.seconds_a_seat) == (150, None)
    conn = sqlite3.connect(db)
    # a finished exam's answers keep the new column too
    with pytest.raises(sqlite3.IntegrityError, match="a finished exam cannot be changed"), conn:
        conn.execute("UPDATE answers SET seats = 3 WHERE skill = 'table:take'")
    conn.close()


def test_a_terminal_records_the_seats_and_may_not_change_them(
    roles: tuple[str, str],  # noqa: F811
) -> None:
    """The terminal's role (schema v11 on a server the roles were applied to), directly and
    through PgBouncer: it records a take's seats, the server refuses seats ezbac never
    writes and any change of them; the reports' role reads them."""
    import psycopg

    from tests.support.pg import run_sql

    terminal, office = roles
    with open_history(terminal) as s:
        keep(s, two_tables(trainee="Bo"))
    with pytest.raises(psycopg.errors.CheckViolation):
        run_sql(
            terminal,
            "INSERT INTO answers (session_id, trainee, drill_id, step, skill, cards, answer, "
            "expected, correct, seconds, answered_at, seats) VALUES ('s2', 'Bo', 'd', "
            "'table', 'table:take', '', 'x', 'x', 1, 1.0, '2024-05-01T09:00:00+00:00', 99)",
        )
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        run_sql(terminal, "UPDATE answers SET seats = 14")
    with open_history(office, readonly=True) as s:
        (bo,) = [t for t in build_report(s).trainees if t.trainee == "Bo"]
        assert (bo.table_seats, bo.seconds_a_seat) == (8, 6.0)


def test_roles_made_before_the_seats_may_record_them_after_the_upgrade(
    roles: tuple[str, str],  # noqa: F811
    pg_url: str,
) -> None:
    """A server whose roles were applied at v10: the owner's upgrade adds the column and
    the terminal's table-wide INSERT covers it, directly and through PgBouncer."""
    from tests.support.pg import run_sql

    terminal, _ = roles
    run_sql(pg_url, "ALTER TABLE answers DROP COLUMN seats", "UPDATE ezbac_schema SET version = 10")
    open_history(pg_url).close()  # the owner's trainer upgrades it
    with open_history(terminal) as s:
        keep(s, two_tables(trainee="Bo"))
    with open_history(pg_url, readonly=True) as s:
        seats = [r.seats for r in read_answers(s, "Bo") if r.step == "table"]
        assert seats == [3, None, 5, None]


def _verdict_lines(language: str) -> list[str]:
    from trainer.i18n import set_language
    from trainer.tui.screens.audition import verdict_text

    house = replace(DEFAULT_HOUSE, pace={TableFormat.MINI: PaceTarget(150, Decimal(6))})
    audition = Audition(0, 0, (TABLES,), RUBRIC, min_answers=1)
    verdict = judge_audition(
        audition, "ana", "lee", T0, 0, two_tables(), houses={"table-exam": house}
    )
    set_language(language)
    try:
        return verdict_text(verdict).plain.splitlines()  # type: ignore[arg-type]
    finally:
        set_language("en")


def test_the_verdict_says_seconds_a_seat_under_the_table_pace() -> None:
    lines = _verdict_lines("en")
    at = next(i for i, line in enumerate(lines) if "Table pace:" in line)
    assert lines[at + 1] == "      6.0 s a seat settled (target 6: met)"
    assert "      每座位结算 6.0 秒（目标 6：达标）" in _verdict_lines("zh_Hans")


def test_the_seconds_a_seat_lines_are_all_translated() -> None:
    from tests.i18n.english_left import english_left
    from trainer.i18n import set_language
    from trainer.words.pace import seats_words

    (line,) = [x for x in _verdict_lines("en_XA") if "6.0" in x]
    assert english_left(line) == [], line
    set_language("en_XA")
    try:
        for words in (seats_words(None), seats_words(4.0)):
            assert english_left(words) == [], words
    finally:
        set_language("en")
    assert seats_words(None) == "seconds a seat not measured"
    assert seats_words(4.0) == "4.0 s a seat settled"


def test_a_copy_between_backends_keeps_the_seats(
    history_db: str, tmp_path: Path, pg_url: str
) -> None:
    from trainer.history.transfer import copy_history

    with open_history(history_db) as s:
        keep(s, two_tables())
    other = pg_url if not history_db.startswith("postgresql://") else str(tmp_path / "c.sqlite3")
    with open_history(history_db, readonly=True) as source, open_history(other) as dest:
        copy_history(source, dest)
        assert [r.seats for r in read_answers(dest, "ana")] == [3, None, 5, None]
        (ana,) = build_report(dest).trainees
        assert ana.seconds_a_seat == 6.0


def test_progress_measures_each_runs_seconds_a_seat(store) -> None:
    from trainer.history.progress import compute_progress, progress_data
    from trainer.tui.screens.progress import table_trend

    keep(store, two_tables())
    (run,) = progress_data(store, "ana").table_times
    assert (run.tables, run.seats, run.seconds_a_seat, run.coups_an_hour) == (2, 8, "6.0", 150)
    same = compute_progress("ana", read_answers(store, "ana"), store.sessions("ana"))
    assert same.table_times == progress_data(store, "ana").table_times
    assert table_trend((run,)).splitlines()[1] == "Seconds a seat settled, the same runs: 6.0"


def test_progress_says_not_measured_for_a_run_recorded_without_seats(store) -> None:
    from trainer.history.progress import compute_progress, progress_data
    from trainer.tui.screens.progress import table_trend

    keep(store, two_tables(None, 5))
    (run,) = progress_data(store, "ana").table_times
    assert (run.seats, run.seconds_a_seat) == (0, None)
    same = compute_progress("ana", read_answers(store, "ana"), store.sessions("ana"))
    assert same.table_times == progress_data(store, "ana").table_times
    assert table_trend((run,)).splitlines()[1] == "Seconds a seat settled, the same runs: -"


def test_the_progress_seats_line_is_all_translated(store) -> None:
    from tests.i18n.english_left import english_left
    from trainer.history.progress import progress_data
    from trainer.i18n import set_language
    from trainer.tui.screens.progress import table_trend

    keep(store, two_tables())
    times = progress_data(store, "ana").table_times
    set_language("en_XA")
    try:
        line = table_trend(times).splitlines()[1]
    finally:
        set_language("en")
    assert english_left(line) == [], line
