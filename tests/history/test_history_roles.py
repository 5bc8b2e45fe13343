"""The database roles `ezbac people sql-roles --apply` sets on a school's server, tried
against the real throwaway server, directly and through PgBouncer in transaction pooling: a
terminal trains and signs people in, and the server itself refuses it any change to a
finished exam, any read of a secret and any change to a lockout; parallel wrong tries are
counted one by one; a report reads, and nothing more."""

from __future__ import annotations

import itertools
import os
import threading
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest

from tests.support.cli import ezbac
from tests.support.history import T0, answer, session
from tests.support.pg import SHARED, run_sql
from trainer.history import people, signing_in
from trainer.history.store import open_history

_names = itertools.count(1)


def _login(request: pytest.FixtureRequest, pg_url: str, role: str, group: str) -> str:
    """A login role ``role`` granted ``group``, its search_path the history's schema (how a
    school names the schema behind a pooler): its address, directly or through PgBouncer in
    transaction pooling (the test's parameter)."""
    schema = pg_url.rpartition("search_path%3D")[2]
    run_sql(
        pg_url,
        f"CREATE ROLE {role} LOGIN IN ROLE {group}",
        f"ALTER ROLE {role} SET search_path = {schema}",
    )
    if request.param == "direct":  # trust authentication on the test server's socket
        return pg_url.replace("postgresql://postgres@", f"postgresql://{role}@", 1)
    bouncer = request.getfixturevalue("pg_bouncer")
    with open(bouncer.users, "a") as users:
        users.write(f'"{role}" ""\n')
    run_sql(bouncer.url("pgbouncer"), "RELOAD")
    return str(bouncer.url(SHARED, user=role))


@pytest.fixture(params=["direct", "pgbouncer"])
def rooms(request: pytest.FixtureRequest, pg_url: str) -> tuple[str, str]:
    """Two terminals' addresses (two login roles granted the terminals' role) on a history
    with an instructor, Ana, and a trainee, Bo."""
    n = f"{os.getpid()}_{next(_names)}"
    with open_history(pg_url) as store:
        people.add(store, "Ana", people.INSTRUCTOR, "2468", T0)
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
    ran = ezbac("people", "sql-roles", "--apply", "--terminals", f"term_{n}", "--db", pg_url)
    assert ran.returncode == 0, ran.stderr
    return (
        _login(request, pg_url, f"room_a_{n}", f"term_{n}"),
        _login(request, pg_url, f"room_b_{n}", f"term_{n}"),
    )


@pytest.fixture(params=["direct", "pgbouncer"])
def roles(request: pytest.FixtureRequest, pg_url: str) -> tuple[str, str]:
    """The history on the server with the roles applied: a terminal's and a report's
    addresses (login roles granted the two group roles), directly or through PgBouncer."""
    n = f"{os.getpid()}_{next(_names)}"
    terminals, reports = f"term_{n}", f"rep_{n}"
    with open_history(pg_url) as store:
        people.add(store, "Ana", people.INSTRUCTOR, "2468", T0)
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
        exam = session("e1", trainee="Bo", mode="exam", minutes=5, questions=2, correct=1)
        store.record_session(replace(exam, passed=False))
        for correct in (True, False):
            store.record_answer(answer("outcome:tie", correct, T0, trainee="Bo", session_id="e1"))
    ran = ezbac(
        "people", "sql-roles", "--apply", "--terminals", terminals, "--reports", reports,
        "--db", pg_url,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    return (
        _login(request, pg_url, f"room_{n}", terminals),
        _login(request, pg_url, f"office_{n}", reports),
    )


def test_a_terminal_trains_and_signs_people_in(roles: tuple[str, str]) -> None:
    terminal, _ = roles
    with open_history(terminal) as store:
        run = session("p1", trainee="Bo")
        store.record_session(run)
        store.record_answer(answer("banker:3:8", True, T0, trainee="Bo", session_id="p1"))
        store.record_session(replace(run, finished_at=T0, questions=1, correct=1))
        store.record_session(replace(run, finished_at=T0, questions=1, correct=1))  # again
        assert (
            signing_in.sign_in(store, "Bo", "0000", T0).message == "wrong name, PIN or passphrase"
        )
        assert (
            signing_in.sign_in(store, "Zed", "0000", T0).message == "wrong name, PIN or passphrase"
        )
        assert signing_in.sign_in(store, "Bo", "1111", T0).ok
        assert people.policy(store) == people.Policy()
        assert store.answer_count("Bo") == 3
        ((answered,),) = store.select(
            "SELECT answered FROM answer_totals WHERE skill = 'banker:3:8'"
        )
        assert answered == 1  # the totals counted with the owner's rights


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE answers SET correct = 1",
        "DELETE FROM answers",
        "DELETE FROM sessions",
        "UPDATE sessions SET drill_title = 'x'",
        "UPDATE sessions SET trainee = 'Cy'",
        "UPDATE sessions SET person_id = 'p9'",
        "UPDATE answers SET trainee = 'Cy'",
        "UPDATE people SET role = 'instructor'",
        "UPDATE people SET secret = 'x'",
        "UPDATE people SET failures = 0, locked_until = NULL",
        "UPDATE people SET name_key = 'x'",
        "SELECT secret FROM people",
        "SELECT * FROM people",
        "SELECT * FROM signin_holds",
        "UPDATE signin_holds SET failures = 0, locked_until = NULL",
        "DELETE FROM signin_holds",
        "INSERT INTO signin_holds (name_key, place) VALUES ('bo', 'x')",
        "SELECT * FROM signin_pepper",
        "SELECT * FROM signins",
        "INSERT INTO people (person_id, name, name_key, role, secret, created_at) "
        "VALUES ('x', 'Cy', 'cy', 'instructor', 'x', 'x')",
        "UPDATE settings SET value = 'off'",
        "UPDATE answer_totals SET correct = 0",
    ],
)
def test_a_terminal_may_not_change_what_is_on_record(roles: tuple[str, str], sql: str) -> None:
    terminal, _ = roles
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        run_sql(terminal, sql)


def test_a_finished_exam_is_refused_to_a_terminal_by_the_server(
    roles: tuple[str, str], pg_url: str
) -> None:
    terminal, _ = roles
    # passed and correct are columns a run's end sets: the row-level policy hides a finished
    # run from every UPDATE a terminal makes, so nothing is changed
    assert run_sql(terminal, "UPDATE sessions SET passed = 1, correct = 2 RETURNING 1") == []
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        run_sql(terminal, "DELETE FROM sessions WHERE session_id = 'e1'")
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        run_sql(terminal, "UPDATE answers SET correct = 1 WHERE session_id = 'e1'")
    assert run_sql(pg_url, "SELECT passed, correct FROM sessions") == [(0, 1)]
    assert run_sql(pg_url, "SELECT COUNT(*) FROM answers") == [(2,)]


def test_a_report_reads_and_writes_nothing(roles: tuple[str, str]) -> None:
    _, office = roles
    ran = ezbac("report", "--db", office, "--format", "json")
    assert ran.returncode == 0, ran.stderr
    assert '"Bo"' in ran.stdout
    assert run_sql(office, "SELECT name, role FROM people ORDER BY name") == [
        ("Ana", "instructor"),
        ("Bo", "trainee"),
    ]
    for sql in (
        "SELECT secret FROM people",
        "SELECT * FROM signin_holds",
        "SELECT * FROM signin_pepper",
        "INSERT INTO signins (name, event, at) VALUES ('x', 'in', 'x')",
        "DELETE FROM sessions",
    ):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            run_sql(office, sql)


def test_applying_the_roles_again_changes_nothing(roles: tuple[str, str], pg_url: str) -> None:
    ran = ezbac("people", "sql-roles", "--apply", "--db", pg_url)
    assert ran.returncode == 0, ran.stderr
    assert ezbac("people", "sql-roles", "--apply", "--db", pg_url).returncode == 0


def test_the_secret_hash_never_reaches_a_terminal(roles: tuple[str, str], pg_url: str) -> None:
    terminal, office = roles
    ((stored,),) = run_sql(pg_url, "SELECT secret FROM people WHERE name = 'Ana'")
    # what a terminal may ask: the scrypt parameters and salt, never the key
    ((given,),) = run_sql(terminal, "SELECT ezbac_signin_salt('ana')")
    assert stored.startswith(given + "$") and len(given.split("$")) == 5
    assert stored.rsplit("$", 1)[1] not in given
    # a name not on the roster: a salt of the same shape, the same each time
    ((zed,),) = run_sql(terminal, "SELECT ezbac_signin_salt('zed')")
    assert zed == run_sql(terminal, "SELECT ezbac_signin_salt('zed')")[0][0]
    assert zed.rsplit("$", 1)[0] == given.rsplit("$", 1)[0] and len(zed) == len(given)
    for sql in (
        "SELECT ezbac_signin_salt('ana')",
        "SELECT * FROM ezbac_sign_in('bo', 'Bo', '00', false, 'in')",
    ):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            run_sql(office, sql)  # a report signs nobody in
    # a terminal calling the check itself gets the same answers, and no way round the count
    with pytest.raises(psycopg.errors.InvalidParameterValue):
        run_sql(terminal, "SELECT * FROM ezbac_sign_in('bo', 'Bo', '00', false, 'out')")
    assert run_sql(
        terminal, "SELECT outcome FROM ezbac_sign_in('bo', 'Bo', '00', false, 'in')"
    ) == [("wrong",)]
    assert run_sql(pg_url, "SELECT failures FROM signin_holds WHERE name_key = 'bo'") == [(1,)]


def _race(url: str, name: str, secret: str, tries: int) -> list[str]:
    """``tries`` sign-ins at once, each from a history of its own (its own connection),
    all let go together: what each said."""
    said: list[str] = [""] * tries
    start = threading.Barrier(tries)

    def one(i: int) -> None:
        with open_history(url) as store:
            store.select("SELECT 1")  # connected before the race starts
            start.wait(timeout=60)
            try:
                said[i] = signing_in.sign_in(store, name, secret, T0).message
            except Exception as exc:  # said, and failed on below
                said[i] = repr(exc)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(tries)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    return said


TRIES, LIMIT = 16, 10


def _race_counted_one_by_one(owner: str, terminal: str) -> None:
    """TRIES wrong PINs at once with a lock at LIMIT and no delay before it: the tries are
    counted one by one, so LIMIT are checked (and counted) and the rest find the lock; then
    the right PIN is refused too.  (Checked all before any was counted, as the roster did,
    every try was checked: TRIES wrong, none held.)"""
    with open_history(owner) as store:
        people.set_policy(store, slow_after=LIMIT, lock_after=LIMIT)
    said = _race(terminal, "Bo", "0000", TRIES)
    wrong = "wrong name, PIN or passphrase"
    assert said.count(wrong) == LIMIT - 1
    assert sum(m.startswith(f"{wrong}; Bo is locked for 15 min") for m in said) == 1
    assert sum(m.startswith("Bo is locked for 15 min") for m in said) == TRIES - LIMIT, said
    with open_history(owner) as store:
        events = [e for _, e, _ in signing_in.signins(store)]
        assert sorted(events) == ["held"] * (TRIES - LIMIT) + ["wrong"] * LIMIT
        ((failures,),) = store.select("SELECT failures FROM signin_holds WHERE name_key = 'bo'")
        assert failures == LIMIT
    with open_history(terminal) as store:
        assert "locked" in signing_in.sign_in(store, "Bo", "1111", T0).message


def test_parallel_wrong_tries_are_counted_one_by_one_on_the_server(
    roles: tuple[str, str], pg_url: str
) -> None:
    terminal, _ = roles
    _race_counted_one_by_one(pg_url, terminal)


def test_parallel_wrong_tries_are_counted_one_by_one_in_a_file(tmp_path: Path) -> None:
    db = str(tmp_path / "h.sqlite3")
    with open_history(db) as store:
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
    _race_counted_one_by_one(db, db)


def test_a_trainee_cannot_lock_an_instructor_out_of_the_school(
    rooms: tuple[str, str], pg_url: str
) -> None:
    """Ana's name typed wrong five times at room A locks her out of room A only: she signs
    in at room B.  (Bo, a trainee, is locked school-wide.)  The holds are aged by the
    owner, as the terminal may not."""
    room_a, room_b = rooms
    with open_history(room_a) as a, open_history(pg_url) as owner:
        for name in ("Ana", "Bo"):
            for _ in range(4):
                signing_in.sign_in(a, name, "0000", T0)
                owner.write(
                    [
                        (
                            "UPDATE signin_holds SET locked_until = NULL WHERE name_key = %s",
                            (people.name_key(name),),
                        )
                    ]
                )
            assert name + " is locked for 15 min" in signing_in.sign_in(a, name, "0000", T0).message
        assert "Ana is locked for 15 min" in signing_in.sign_in(a, "Ana", "2468", T0).message
        assert "at this terminal" in signing_in.sign_in(a, "Ana", "2468", T0).message
    with open_history(room_b) as b:
        assert signing_in.sign_in(b, "Ana", "2468", T0).ok
        assert "Bo is locked for 15 min" in signing_in.sign_in(b, "Bo", "1111", T0).message


def test_in_a_file_an_instructor_is_held_at_one_machine(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    with open_history(db) as store:
        people.add(store, "Ana", people.INSTRUCTOR, "2468", T0)
        desk_a = signing_in.Desk(store, lambda: T0, place="room-a")
        desk_b = signing_in.Desk(store, lambda: T0, place="room-b")
        for _ in range(4):
            desk_a.sign_in("Ana", "0000")
            store.write([("UPDATE signin_holds SET locked_until = NULL", ())])
        said = desk_a.sign_in("Ana", "0000").message
        assert said.endswith(
            "Ana is locked for 15 min, until 09:15 UTC, after wrong tries at this terminal"
        )
        assert not desk_a.sign_in("Ana", "2468").ok
        assert desk_b.sign_in("Ana", "2468").ok


def test_a_terminal_cannot_slip_its_own_roster_under_the_check(roles: tuple[str, str]) -> None:
    """A temporary table named like the roster, made by the terminal in its own session,
    would come first in a search_path that does not put pg_temp last: the check would read
    the attacker's "Ana" with a PIN of their choosing.  The functions look only in the
    history's schema."""
    terminal, _ = roles
    mine = people.hash_secret("0000")
    salt, key = mine.rsplit("$", 1)
    with psycopg.connect(terminal) as conn:  # one transaction, so the pooler keeps it whole
        conn.execute(
            "CREATE TEMP TABLE people (person_id text, name text, name_key text, role text, "
            "secret text, retired integer, created_at text, failures integer, "
            "locked_until text)"
        )
        conn.execute(
            "INSERT INTO people VALUES ('x', 'Ana', 'ana', 'instructor', %s, 0, 'x', 0, NULL)",
            (mine,),
        )
        conn.execute("CREATE TEMP TABLE signin_pepper (pepper text)")
        (given,) = conn.execute("SELECT ezbac_signin_salt('ana')").fetchone() or ("",)
        assert given != salt  # the history's Ana, not the attacker's
        (outcome,) = conn.execute(
            "SELECT outcome FROM ezbac_sign_in('ana', 'Ana', %s, true, 'in')", (key,)
        ).fetchone() or ("",)
        assert outcome == "wrong"
        conn.rollback()


def test_applying_the_roles_again_takes_back_what_older_roles_granted(
    roles: tuple[str, str], pg_url: str
) -> None:
    """The terminals' role as an older ezbac set it (every column of the roster readable,
    its failure count and lock writable): applied again, the grants are this version's."""
    terminal, _ = roles
    group = "term_" + terminal.split("room_", 1)[1].split("@", 1)[0]
    run_sql(
        pg_url,
        f"GRANT SELECT ON people TO {group}",
        f"GRANT UPDATE (failures, locked_until) ON people TO {group}",
    )
    assert run_sql(terminal, "SELECT count(secret) FROM people") == [(2,)]  # the old hole
    ran = ezbac("people", "sql-roles", "--apply", "--terminals", group, "--db", pg_url)
    assert ran.returncode == 0, ran.stderr
    for sql in ("SELECT secret FROM people", "UPDATE people SET failures = 0"):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            run_sql(terminal, sql)
    with open_history(terminal) as store:
        assert signing_in.sign_in(store, "Bo", "1111", T0).ok
