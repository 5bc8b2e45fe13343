"""The roster, sign-in and lockout, and the finished exam that cannot be changed (schema
v7), on both backends."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.support.history import T0, answer, session
from trainer.history import people, signing_in
from trainer.history.backend import HistoryError
from trainer.history.store import open_history

PIN = "2468"


def test_a_secret_is_stored_salted_and_checked() -> None:
    one, two = people.hash_secret(PIN), people.hash_secret(PIN)
    assert one != two and PIN not in one  # salted: the same PIN never hashes alike
    assert one.startswith(f"scrypt${people.SCRYPT_N}$")
    assert people.verify_secret(PIN, one) and people.verify_secret(PIN, two)
    assert not people.verify_secret("2469", one)
    assert not people.verify_secret(PIN, "plain text")  # a value no hash of ours
    assert not people.verify_secret(PIN, "scrypt$x$8$1$00$00")


@pytest.mark.parametrize(
    ("secret", "why"),
    [("", "empty"), ("7" * 10_000, "longer than 1024"), ("12\x1b[2J", "control")],
)
def test_a_bad_secret_is_refused_in_one_line_without_echoing_it(secret: str, why: str) -> None:
    with pytest.raises(people.PersonError) as caught:
        people.check_secret(secret)
    message = str(caught.value)
    assert why in message and "\n" not in message
    assert not secret or secret not in message
    assert people.check_secret("x" * 1024) == "x" * 1024


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("Ann\x1b[31m", "control"),
        ("Ann\u202eevil", "invisible"),  # a right-to-left override
        ("x" * 41, "longer"),
        ("a\x00b", "control"),
        ("Bo\u200b", "invisible"),  # zero-width space: "Bo" to the eye
        ("\u2060Bo", "invisible"),  # word joiner
        ("Bo\u3164", "invisible"),  # Hangul filler
        ("\u115fBo", "invisible"),  # Hangul choseong filler
        ("Bo\ufe0f", "invisible"),  # variation selector
        ("Bo\u00ad", "invisible"),  # soft hyphen
        ("\u3164", "invisible"),
        ("Bo\udcff", "UTF-8"),  # a Latin-1 byte from the terminal, as Python hands it over
        ("\u0301Bo", "accents"),  # a mark on nothing
        ("Bo\u0301\u0301", "accents"),  # the same accent twice looks like once
        ("Bo\u0300\u0301\u0302", "accents"),
    ],
)
def test_a_bad_roster_name_is_refused_in_one_line(name: str, why: str) -> None:
    with pytest.raises(people.PersonError) as caught:
        people.check_name(name)
    assert why in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Nina Tester", "nina tester"),
        ("Nina", "\uff2e\uff49\uff4e\uff41"),  # full-width letters
        ("Ren\u00e9", "Rene\u0301"),  # composed, and with a combining accent
        ("Stra\u00dfe", "STRASSE"),  # case-folded
        ("\ufb01n", "fin"),  # a ligature
        ("Bo  Li", "Bo\u00a0Li"),  # a no-break space
        ("Ann", "\U0001d400nn"),  # mathematical bold A
    ],
)
def test_names_alike_are_one_name(history_db: str, one: str, other: str) -> None:
    assert people.name_key(one) == people.name_key(other)
    with open_history(history_db) as store:
        people.add(store, one, people.TRAINEE, PIN, T0)
        with pytest.raises(people.PersonError, match="already"):
            people.add(store, other, people.TRAINEE, PIN, T0)
        assert signing_in.sign_in(store, other, PIN, T0).ok  # found by either spelling


def test_the_roster_keeps_people_by_name_any_case(history_db: str) -> None:
    with open_history(history_db) as store:
        ann = people.add(store, "  Ann   Lee ", people.INSTRUCTOR, PIN, T0)
        assert ann.name == "Ann Lee" and ann.instructor
        assert people.find(store, "ann lee") == ann
        with pytest.raises(people.PersonError, match="already"):
            people.add(store, "ANN LEE", people.TRAINEE, PIN, T0)
        with pytest.raises(people.PersonError, match="trainee or an instructor"):
            people.add(store, "Bo", "admin", PIN, T0)
        people.add(store, "Bo", people.TRAINEE, PIN, T0)
        assert [p.name for p in people.roster(store)] == ["Ann Lee", "Bo"]
        (secret,) = store.select("SELECT secret FROM people WHERE name = 'Bo'")[0]
        assert PIN not in secret and people.verify_secret(PIN, secret)


def test_signing_in_records_every_outcome(history_db: str) -> None:
    with open_history(history_db) as store:
        people.add(store, "Ann", people.INSTRUCTOR, PIN, T0)
        bo = people.add(store, "Bo", people.TRAINEE, "1111", T0)
        assert signing_in.sign_in(store, "bo", "1111", T0).person == bo
        wrong = signing_in.sign_in(store, "Bo", "1112", T0)
        assert wrong.message == "wrong name, PIN or passphrase" and "1112" not in wrong.message
        # a name not on the roster says the same line: sign-in tells nobody who is on it
        assert signing_in.sign_in(store, "Cy", "1", T0).message == wrong.message
        assert "empty" in signing_in.sign_in(store, "Bo", "", T0).message
        long = signing_in.sign_in(store, "Bo", "1" * 10_000, T0)
        assert "longer" in long.message and "1111" not in long.message
        assert (
            "not an instructor"
            in signing_in.sign_in(store, "Bo", "1111", T0, instructor=True).message
        )
        people.retire(store, "Bo")
        assert "retired" in signing_in.sign_in(store, "Bo", "1111", T0).message
        signing_in.sign_out(store, bo, T0, idle=True)
        assert [e for _, e, _ in signing_in.signins(store)] == [
            "in",
            "wrong",
            "unknown",
            "not-instructor",
            "retired",
            "idle",
        ]


def _age_holds(store: object) -> None:
    """The holds run out: as the owner, every lock is moved to the past (a server checks
    them on its own clock, so a test cannot wait them out by passing a later time)."""
    past = "2000-01-01T00:00:00.000000+00:00"
    store.write([("UPDATE signin_holds SET locked_until = '" + past + "'", ())])  # type: ignore[attr-defined]


def test_wrong_tries_slow_down_then_lock_the_person(history_db: str) -> None:
    with open_history(history_db) as store:
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
        wrong = "wrong name, PIN or passphrase"
        # defaults: 2 free tries, then 2 s, 4 s, then locked for 15 min at the fifth
        said = [signing_in.sign_in(store, "Bo", "0000", T0).message for _ in range(2)]
        assert said == [wrong, wrong]
        assert (
            signing_in.sign_in(store, "Bo", "0000", T0).message
            == f"{wrong}; Bo may try again in 2 s"
        )
        # held back: even the right PIN is refused, and not checked, until the wait is over
        assert "Bo may try again in" in signing_in.sign_in(store, "Bo", "1111", T0).message
        _age_holds(store)
        assert (
            signing_in.sign_in(store, "Bo", "0000", T0).message
            == f"{wrong}; Bo may try again in 4 s"
        )
        _age_holds(store)
        locked = signing_in.sign_in(store, "bo", "0000", T0).message
        assert locked.startswith(f"{wrong}; bo is locked for 15 min, until ")
        assert locked.endswith(" UTC, after wrong tries")
        held = signing_in.sign_in(store, "Bo", "1111", T0)
        assert not held.ok and "Bo is locked for 15 min, until" in held.message
        _age_holds(store)
        assert signing_in.sign_in(store, "Bo", "1111", T0).ok  # the lock ran out
        assert signing_in.sign_in(store, "Bo", "0000", T0).message == wrong  # counted from 0
        events = [e for _, e, _ in signing_in.signins(store)]
        assert events == ["wrong"] * 3 + ["held", "wrong", "wrong", "held", "in", "wrong"]


def test_a_name_not_on_the_roster_is_held_back_like_a_known_one(history_db: str) -> None:
    with open_history(history_db) as store:
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
        for name in ("Bo", "Zed"):
            for _ in range(5):
                said = signing_in.sign_in(store, name, "0000", T0).message
                _age_holds(store)
            assert said.startswith(f"wrong name, PIN or passphrase; {name} is locked for 15")
        # the same salt every time for an unknown name, in the shape of a real one
        zed, bo = signing_in.salt(store, "zed"), signing_in.salt(store, "bo")
        assert zed == signing_in.salt(store, "zed") and zed != signing_in.salt(store, "zee")
        assert len(zed) == len(bo) and zed.rsplit("$", 1)[0] == bo.rsplit("$", 1)[0]


def test_a_reset_lifts_the_lock(history_db: str) -> None:
    with open_history(history_db) as store:
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
        for _ in range(5):
            signing_in.sign_in(store, "Bo", "0000", T0)
        assert not signing_in.sign_in(store, "Bo", "1111", T0).ok
        people.reset(store, "Bo", "2222")
        assert not signing_in.sign_in(store, "Bo", "1111", T0).ok
        assert signing_in.sign_in(store, "Bo", "2222", T0).ok


def test_the_only_instructor_is_not_retired(history_db: str) -> None:
    with open_history(history_db) as store:
        people.add(store, "Ann", people.INSTRUCTOR, PIN, T0)
        with pytest.raises(people.PersonError, match="only instructor"):
            people.retire(store, "Ann")
        people.add(store, "Di", people.INSTRUCTOR, PIN, T0)
        assert people.retire(store, "Ann").retired
        assert [p.name for p in people.instructors(store)] == ["Di"]
        assert not people.retire(store, "Ann", back=True).retired


def test_the_settings_are_the_historys(history_db: str) -> None:
    with open_history(history_db) as store:
        assert people.policy(store) == people.Policy()  # off: a personal install
        people.set_policy(store, signin=True, idle_minutes=9)
    with open_history(history_db, readonly=True) as store:
        assert people.policy(store) == replace(people.Policy(), signin=True, idle_minutes=9)
    with open_history(history_db) as store, pytest.raises(people.PersonError, match="idle"):
        people.set_policy(store, idle_minutes=0)


def test_a_run_carries_who_sat_it_and_who_proctored_it(history_db: str) -> None:
    with open_history(history_db) as store:
        exam = replace(session("e1", mode="exam"), person_id="p1", proctor_id="p2")
        store.record_session(exam)
        (read,) = store.sessions()
        assert (read.person_id, read.proctor_id) == ("p1", "p2")


def _finished_exam(store: object) -> None:
    done = session("e1", trainee="Bo", mode="exam", minutes=5, questions=2, correct=1)
    store.record_session(replace(done, passed=False, person_id="p1"))  # type: ignore[attr-defined]
    for correct in (True, False):
        store.record_answer(answer("outcome:tie", correct, T0, trainee="Bo", session_id="e1"))  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE sessions SET passed = 1",
        "UPDATE sessions SET correct = 2",
        "UPDATE sessions SET person_id = 'someone else'",
        "UPDATE sessions SET trainee = 'Cy'",
        "UPDATE sessions SET proctor_id = 'p9'",
        "DELETE FROM sessions",
        "UPDATE answers SET correct = 1",
        "UPDATE answers SET trainee = 'Cy'",
        "UPDATE answers SET cards = 'Kh 4c'",
        "UPDATE answers SET bet = 'banker', wager = '500'",
        "UPDATE answers SET step = 'x'",
        "UPDATE answers SET session_id = 'elsewhere'",
        "DELETE FROM answers",
    ],
)
def test_a_finished_exam_cannot_be_changed_or_deleted(history_db: str, sql: str) -> None:
    with open_history(history_db) as store:
        _finished_exam(store)
        with pytest.raises(HistoryError) as caught:
            store.write([(sql, ())])
        assert "a finished exam cannot be changed or deleted" in str(caught.value)
        ((passed, correct),) = store.select("SELECT passed, correct FROM sessions")
        assert (passed, correct) == (0, 1)
        assert store.answer_count() == 2
        # the same record sent again (from the spool) changes nothing, and passes
        _finished_exam(store)
        assert len(store.sessions()) == 1


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE sessions SET person_id = 'p2' WHERE session_id = 'e2'",  # had none
        "UPDATE sessions SET trainee = 'Cy' WHERE session_id = 'e2'",
        "UPDATE answers SET session_id = 'e2' WHERE session_id = 'p1'",  # moved into it
        "UPDATE sessions SET mode = 'exam' WHERE session_id = 'p1'",  # practice made an exam
    ],
)
def test_a_finished_exam_without_a_person_is_kept_too(history_db: str, sql: str) -> None:
    with open_history(history_db) as store:
        done = session("e2", trainee="Bo", mode="exam", minutes=5, questions=1, correct=1)
        store.record_session(replace(done, passed=True))
        store.record_answer(answer("outcome:tie", True, T0, trainee="Bo", session_id="e2"))
        store.record_session(session("p1", trainee="Cy", minutes=3, questions=1, correct=1))
        store.record_answer(answer("outcome:tie", True, T0, trainee="Cy", session_id="p1"))
        with pytest.raises(HistoryError, match="a finished exam cannot be changed or deleted"):
            store.write([(sql, ())])
        exams = [(s.trainee, s.person_id) for s in store.sessions() if s.mode == "exam"]
        assert exams == [("Bo", None)]


def test_an_exam_under_way_and_practice_runs_are_written_as_before(history_db: str) -> None:
    with open_history(history_db) as store:
        store.record_session(session("e1", mode="exam"))
        store.record_session(session("e1", mode="exam", minutes=5, questions=1, correct=1))
        store.write([("UPDATE sessions SET drill_title = 'x' WHERE mode = 'practice'", ())])
        store.record_session(session("p1", minutes=3))
        store.write([("DELETE FROM sessions WHERE session_id = 'p1'", ())])
        assert [s.session_id for s in store.sessions()] == ["e1"]


def test_an_old_name_is_linked_and_reports_follow(history_db: str) -> None:
    with open_history(history_db) as store:
        _finished_exam(store)  # stored as "Bo" before sign-in: exam answers move too
        store.record_answer(answer("outcome:tie", True, T0, trainee="bobby", session_id="x"))
        store.record_session(session("x", trainee="bobby", minutes=1, questions=1, correct=1))
        bo = people.add(store, "Robert", people.TRAINEE, PIN, T0)
        with pytest.raises(people.PersonError, match="no history under"):
            people.link(store, "nobody", "Robert", T0)
        assert people.link(store, "Bo", "Robert", T0) == (bo, 1)
        assert people.link(store, "bobby", "robert", T0)[1] == 1
        assert store.trainees() == ["Robert"]
        assert store.answer_count("Robert") == 3
        assert {s.person_id for s in store.sessions("Robert")} == {"p1", bo.person_id}
        ((answered, correct),) = store.select(
            "SELECT answered, correct FROM answer_totals WHERE trainee = 'Robert'"
        )
        assert (answered, correct) == (3, 2)  # the two names' totals added together
        people.rename(store, "Robert", "Rob", T0)
        assert store.trainees() == ["Rob"] and store.answer_count("Rob") == 3
        people.add(store, "Cy", people.TRAINEE, PIN, T0)
        with pytest.raises(people.PersonError, match="already"):
            people.rename(store, "Rob", "cy", T0)
        store.record_session(session("z", trainee="Zed"))
        with pytest.raises(people.PersonError, match="history of their own"):
            people.rename(store, "Rob", "Zed", T0)
