"""A retake's record in the history (both backends): linked to the sitting it retook, its
verdict combined as docs/schools.md says, the link checked and signed, and the attacks of a
trainee holding the file.  The sittings: tests/support/retake.py (the settlement graded C,
every other area A; a retake of the settlement alone)."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

import pytest

from tests.support.history import T0
from tests.support.retake import sit, tw_curriculum
from trainer.history.audition_record import (
    NotVerifiedError,
    RetakeLinkError,
    audition_record,
    find_run,
    verification_code,
    verify,
)
from trainer.history.store import open_history
from trainer.session.audition import Outcome

EARLIER = "e" * 32
RETAKE = "f" * 32
LATER = T0 + timedelta(days=8)


def _record(db: str, run: str = RETAKE):  # type: ignore[no-untyped-def]
    with open_history(db) as store:
        return audition_record(store, find_run(store, run, None), tw_curriculum())


def test_the_earlier_sitting_is_retake_areas(history_db: str) -> None:
    with open_history(history_db) as store:
        sit(store, EARLIER, T0)
    v = _record(history_db, EARLIER).verdict
    assert v.outcome is Outcome.RETAKE_AREAS
    assert [a.area.id for a in v.retake_areas] == ["settlement"]


def test_a_retake_at_an_a_passes_the_combined_verdict(history_db: str) -> None:
    with open_history(history_db) as store:
        sit(store, EARLIER, T0)
        sit(store, RETAKE, LATER, settlement_right=10, passed=True, retake_of=EARLIER)
    record = _record(history_db)
    v = record.verdict
    assert v.outcome is Outcome.PASSED
    # written 18 of 18 from the earlier sitting; settlement 10 of 10 from the retake
    assert (v.written_right, v.written_questions) == (18, 18)
    assert {a.area.id: (a.mark, a.right) for a in v.areas}["settlement"] == ("A", 10)
    assert all(a.mark == "A" for a in v.areas)
    data = record.as_json()
    assert (data["retake_of"], data["retaken"], data["passed"]) == (EARLIER, ["settlement"], True)
    signed = record.signed_record()
    assert signed["verdict"] == "passed"
    # the signature covers what the verdict stands on: the earlier sitting's whole record
    assert signed["retake_of"]["run_id"] == EARLIER
    assert signed["retake_of"]["areas"] == ["settlement"]
    assert signed["retake_of"]["record"]["run_id"] == EARLIER
    assert signed["retake_of"]["record"]["verdict"] == "failed"
    assert len(signed["retake_of"]["record"]["answers"]) == 18 + 11 + 6 * 10
    # and the verification code covers the link: the same rows without it give another code
    from dataclasses import replace

    assert record.code != verification_code(replace(record.run, retake_of=None), record.answers)


def test_a_c_again_is_retake_areas_again(history_db: str) -> None:
    with open_history(history_db) as store:
        sit(store, EARLIER, T0)
        sit(store, RETAKE, LATER, settlement_right=8, retake_of=EARLIER)
    v = _record(history_db).verdict
    assert v.outcome is Outcome.RETAKE_AREAS
    assert v.retake_from == LATER + timedelta(days=7)


def test_a_retake_of_a_retake_stands_on_the_chain(history_db: str) -> None:
    third = "a" * 32
    with open_history(history_db) as store:
        sit(store, EARLIER, T0)
        sit(store, RETAKE, LATER, settlement_right=8, retake_of=EARLIER)
        sit(store, third, LATER + timedelta(days=8), settlement_right=10, retake_of=RETAKE)
    record = _record(history_db, third)
    assert record.verdict.outcome is Outcome.PASSED
    signed = record.signed_record()
    assert signed["retake_of"]["record"]["retake_of"]["run_id"] == EARLIER


def test_linking_to_someone_elses_sitting_is_refused_in_one_line(history_db: str) -> None:
    with open_history(history_db) as store:
        sit(store, EARLIER, T0, trainee="bo")
        sit(store, RETAKE, LATER, settlement_right=10, passed=True, retake_of=EARLIER)
    with pytest.raises(RetakeLinkError) as caught:
        _record(history_db)
    assert str(caught.value) == (
        "audition ffffffff: a retake of sitting eeeeeeee, which 'bo' sat, not 'ana'"
    )


def test_linking_to_a_passed_sitting_is_refused(history_db: str) -> None:
    with open_history(history_db) as store:
        sit(store, EARLIER, T0, settlement_right=10, passed=True)
        sit(store, RETAKE, LATER, settlement_right=10, passed=True, retake_of=EARLIER)
    with pytest.raises(RetakeLinkError, match="which passed: there is nothing to retake"):
        _record(history_db)


def test_linking_to_a_later_or_unknown_sitting_is_refused(history_db: str) -> None:
    with open_history(history_db) as store:
        sit(store, EARLIER, LATER + timedelta(days=1))
        sit(store, RETAKE, LATER, settlement_right=10, passed=True, retake_of=EARLIER)
        sit(store, "b" * 32, LATER, settlement_right=10, passed=True, retake_of="9" * 32)
    with pytest.raises(RetakeLinkError, match="which was not sat before it"):
        _record(history_db)
    with pytest.raises(RetakeLinkError, match="which is no audition sat to its verdict here"):
        _record(history_db, "b" * 32)


def test_a_retake_of_an_area_not_named_is_refused(history_db: str) -> None:
    with open_history(history_db) as store:
        sit(store, EARLIER, T0)
        sit(store, RETAKE, LATER, settlement_right=10, passed=True, retake_of=EARLIER)
    # the retake also sat the calls, which the earlier sitting graded A
    from tests.support.retake import _part

    with open_history(history_db) as store:
        _part(store, RETAKE, "ana", "calling", LATER, [("call:result", True)] * 10)
    with pytest.raises(RetakeLinkError, match="it sat calling, no area that sitting named"):
        _record(history_db)


def test_a_verification_code_of_a_bad_link_verifies_nothing(history_db: str) -> None:
    with open_history(history_db) as store:
        sit(store, EARLIER, T0, trainee="bo")
        sit(store, RETAKE, LATER, settlement_right=10, passed=True, retake_of=EARLIER)
    with open_history(history_db) as store, pytest.raises(NotVerifiedError, match="'bo' sat"):
        verify(store, "FFFFFFFF-AAAA-AAAA-AAAA", tw_curriculum())


def test_a_finished_retakes_link_cannot_be_changed_on_a_server(pg_url: str) -> None:
    import psycopg

    from tests.support.pg import run_sql

    with open_history(pg_url) as store:
        sit(store, EARLIER, T0)
        sit(store, RETAKE, LATER, settlement_right=10, passed=True, retake_of=EARLIER)
    refused = psycopg.errors.IntegrityConstraintViolation
    with pytest.raises(refused, match="a finished exam cannot be changed"):
        run_sql(pg_url, f"UPDATE sessions SET retake_of = NULL WHERE session_id = '{RETAKE}'")
    assert _record(pg_url).verdict.retake_of == EARLIER


def test_a_finished_retakes_link_cannot_be_changed_in_the_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    db = str(tmp_path / "h.sqlite3")
    with open_history(db) as store:
        sit(store, EARLIER, T0)
        sit(store, RETAKE, LATER, settlement_right=10, passed=True, retake_of=EARLIER)
    conn = sqlite3.connect(db)
    try:
        with pytest.raises(sqlite3.DatabaseError, match="a finished exam cannot be changed"):
            conn.execute("UPDATE sessions SET retake_of = NULL WHERE session_id = ?", (RETAKE,))
    finally:
        conn.close()


def test_a_passed_sitting_forged_as_failed_is_still_not_retaken(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A trainee holding the file drops the trigger and marks their passed sitting failed,
    then links a retake to it: the sitting's answers judge it passed, so no retake stands."""
    db = str(tmp_path / "h.sqlite3")
    with open_history(db) as store:
        sit(store, EARLIER, T0, settlement_right=10, passed=True)
        sit(store, RETAKE, LATER, settlement_right=10, passed=True, retake_of=EARLIER)
    conn = sqlite3.connect(db)
    conn.execute("DROP TRIGGER exams_kept")
    conn.execute("UPDATE sessions SET passed = 0 WHERE session_id = ?", (EARLIER,))
    conn.commit()
    conn.close()
    with pytest.raises(RetakeLinkError, match="sitting eeeeeeee was passed: only a sitting"):
        _record(db)


def test_the_trainer_is_offered_the_retake_of_the_named_areas(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from trainer.curriculum.catalogue import bundled_path
    from trainer.history.hooks import Recorder

    db = str(tmp_path / "h.sqlite3")
    with open_history(db) as store:
        sit(store, EARLIER, T0)
        told: list[str] = []
        recorder = Recorder(
            store, told.append, curriculum=bundled_path().parent / "tw-dealer-audit.yaml"
        )
        retake = recorder.retake("ana")
        assert retake is not None
        assert (retake.run_id, retake.areas) == (EARLIER, ("settlement",))
        # sat and passed: nothing to retake any more
        sit(store, RETAKE, LATER, settlement_right=10, passed=True, retake_of=EARLIER)
        assert recorder.retake("ana") is None
        assert recorder.retake("bo") is None
        assert told == []


def test_the_trainer_is_not_offered_a_retake_after_a_whole_failure(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from trainer.curriculum.catalogue import bundled_path
    from trainer.history.hooks import Recorder

    db = str(tmp_path / "h.sqlite3")
    with open_history(db) as store:
        sit(store, EARLIER, T0, settlement_right=5)  # 50 %: below C, failed as a whole
        recorder = Recorder(store, curriculum=bundled_path().parent / "tw-dealer-audit.yaml")
        assert recorder.retake("ana") is None
