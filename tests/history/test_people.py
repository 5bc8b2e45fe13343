"""The roster, sign-in and lockout, and the finished exam that cannot be changed (issue 21,
schema v7), on both backends."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from tests.support.history import T0, answer, session
from trainer.history import people
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


@pytest.mark.parametrize("name", ["", "   ", "Ann\x1b[31m", "Ann\u202eevil", "x" * 41, "a\x00b"])
def test_a_bad_roster_name_is_refused(name: str) -> None:
    with pytest.raises(people.PersonError):
        people.check_name(name)


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
        assert people.sign_in(store, "bo", "1111", T0).person == bo
        wrong = people.sign_in(store, "Bo", "1112", T0)
        assert not wrong.ok and "wrong" in wrong.message and "1112" not in wrong.message
        assert "no one called 'Cy'" in people.sign_in(store, "Cy", "1", T0).message
        assert "empty" in people.sign_in(store, "Bo", "", T0).message
        long = people.sign_in(store, "Bo", "1" * 10_000, T0)
        assert "longer" in long.message and "1111" not in long.message
        assert (
            "not an instructor" in people.sign_in(store, "Bo", "1111", T0, instructor=True).message
        )
        people.retire(store, "Bo")
        assert "retired" in people.sign_in(store, "Bo", "1111", T0).message
        people.sign_out(store, bo, T0, idle=True)
        assert [e for _, e, _ in people.signins(store)] == [
            "in",
            "wrong",
            "unknown",
            "not-instructor",
            "retired",
            "idle",
        ]


def test_wrong_tries_slow_down_then_lock_the_person(history_db: str) -> None:
    with open_history(history_db) as store:
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
        rules = people.policy(store)
        now = T0
        for failures in range(1, rules.lock_after + 1):
            result = people.sign_in(store, "Bo", "0000", now)
            assert not result.ok
            wait = people.hold(rules, failures)
            if failures <= rules.slow_after:
                assert wait is None and result.message == "wrong PIN or passphrase"
                continue
            assert wait is not None and wait <= timedelta(minutes=rules.lock_minutes)
            # held back: even the right PIN is refused (and not checked) until the wait is over
            held = people.sign_in(store, "Bo", "1111", now + wait / 2)
            assert not held.ok and "Bo" in held.message
            now += wait
        assert "locked for 15 min" in result.message
        assert people.sign_in(store, "Bo", "1111", now).ok  # the lock ran out
        assert people.sign_in(store, "Bo", "0000", now).message == "wrong PIN or passphrase"
        events = [e for _, e, _ in people.signins(store)]
        assert events.count("wrong") == rules.lock_after + 1 and "held" in events


def test_a_reset_lifts_the_lock(history_db: str) -> None:
    with open_history(history_db) as store:
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
        for _ in range(5):
            people.sign_in(store, "Bo", "0000", T0)
        assert not people.sign_in(store, "Bo", "1111", T0).ok
        people.reset(store, "Bo", "2222")
        assert not people.sign_in(store, "Bo", "1111", T0).ok
        assert people.sign_in(store, "Bo", "2222", T0).ok


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
        "DELETE FROM sessions",
        "UPDATE answers SET correct = 1",
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
