"""Each person's language on the roster (schema v10), on both backends: stored, given back at
sign-in, set by `ezbac people` (a bad or empty language is one line, exit status 2, nothing
changed); on a server, read by a terminal's role (roles made before v10 too) and never
written by it; in a file, whatever its holder writes there comes back as text, unobeyed
here (the trainer's sign-in says it and speaks English: tests/i18n/test_people_languages.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg
import pytest

from tests.history.test_history_roles import roles  # noqa: F401 (a fixture)
from tests.support.cli import ezbac, usage_error
from tests.support.history import T0
from tests.support.pg import run_sql
from trainer.history import people, signing_in
from trainer.history.store import open_history


def test_a_person_s_language_is_kept_and_given_back_at_sign_in(history_db: str) -> None:
    with open_history(history_db) as store:
        people.add(store, "Ana", people.INSTRUCTOR, "2468", T0, "zh_Hant")
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
        assert signing_in.sign_in(store, "Ana", "2468", T0).person.language == "zh_Hant"
        assert signing_in.sign_in(store, "Bo", "1111", T0).person.language == ""  # terminal's
        assert people.set_language(store, "bo", "ko").language == "ko"
        assert people.person(store, "Bo").language == "ko"
        assert signing_in.sign_in(store, "Bo", "1111", T0).person.language == "ko"
        people.set_language(store, "Bo", "")
        assert signing_in.sign_in(store, "Bo", "1111", T0).person.language == ""
        for bad in ("ko; DROP TABLE people", "x" * 33, "한국어", "../ko"):
            with pytest.raises(people.PersonError, match="not a language's code"):
                people.set_language(store, "Bo", bad)
        with pytest.raises(people.PersonError, match="no one called"):
            people.set_language(store, "Zed", "ko")
        assert people.person(store, "Bo").language == ""


def test_people_sets_a_language_and_refuses_a_bad_or_empty_one(tmp_path: Path) -> None:
    db = str(tmp_path / "h.sqlite3")
    ran = ezbac("people", "add", "Ana", "--role", "instructor", "--language", "zh-TW", "--db", db,
                stdin="2468\n")  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    ran = ezbac("people", "language", "ana", "vi_VN", "--db", db)
    assert ran.returncode == 0 and "Ana is spoken to in vi once signed in" in ran.stdout
    for args, why in (
        (("language", "Ana", ""), "LANG: the value is empty"),
        (("language", "Ana", " "), "LANG: the value is empty"),
        (("language", "Ana", "klingon"), "LANG: unknown language 'klingon'"),
        (("language", "Ana", "en_XA"), "layout's test language"),
        (("language", "Ana", "../../etc/passwd"), "unknown language"),
        (("language", "Zed", "ko"), "no one called 'Zed'"),
        (("add", "Bo", "--language", ""), "--language: the value is empty"),
        (("add", "Bo", "--language", " "), "--language: the value is empty"),
        (("add", "Bo", "--language", "xx"), "--language: unknown language 'xx'"),
    ):
        line = usage_error(ezbac("people", *args, "--db", db, stdin="1111\n"))
        assert why in line, (args, line)
    with open_history(db) as store:
        assert people.person(store, "Ana").language == "vi"
        assert people.find(store, "Bo") is None  # refused before anything was written
    ran = ezbac("people", "language", "Ana", "terminal", "--db", db)
    assert ran.returncode == 0 and "each terminal's language" in ran.stdout
    with open_history(db) as store:
        assert people.person(store, "Ana").language == ""


def test_garbage_written_in_the_file_comes_back_as_text(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    with open_history(db) as store:
        people.add(store, "Bo", people.TRAINEE, "1111", T0, "ko")
    for garbage in ("\x1b[2J\x00klingon", 42, b"\xff\xfe", "x" * 100_000):
        with sqlite3.connect(db) as conn:  # a trainee holding the file
            conn.execute("UPDATE people SET language = ?", (garbage,))
        with open_history(db) as store:
            who = signing_in.sign_in(store, "Bo", "1111", T0).person
        assert who is not None and isinstance(who.language, str) and who.language


def test_a_terminal_reads_a_language_and_may_not_change_it(
    roles: tuple[str, str],  # noqa: F811 (the fixture imported above)
    pg_url: str,
) -> None:
    terminal, _ = roles
    with open_history(pg_url) as store:
        people.set_language(store, "Bo", "vi")
    with open_history(terminal) as store:
        assert signing_in.sign_in(store, "Bo", "1111", T0).person.language == "vi"
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        run_sql(terminal, "UPDATE people SET language = 'ko'")


def test_roles_made_before_the_language_are_granted_it_by_the_upgrade(
    roles: tuple[str, str],  # noqa: F811 (the fixture imported above)
    pg_url: str,
) -> None:
    terminal, _ = roles
    run_sql(  # the history as schema v9 left it, its roles made then
        pg_url,
        "ALTER TABLE people DROP COLUMN language",
        "ALTER TABLE answers DROP COLUMN seats",
        "UPDATE ezbac_schema SET version = 9",
    )
    with open_history(pg_url) as store:  # the owner's trainer upgrades it
        assert store.schema_version == 11
        people.set_language(store, "Bo", "zh_Hans")
    with open_history(terminal) as store:
        assert signing_in.sign_in(store, "Bo", "1111", T0).person.language == "zh_Hans"


def test_a_file_whose_language_column_was_dropped_is_refused_in_one_line(tmp_path: Path) -> None:
    from trainer.history.backend import HistoryError

    db = tmp_path / "h.sqlite3"
    with open_history(db) as store:
        people.add(store, "Bo", people.TRAINEE, "1111", T0, "ko")
    with sqlite3.connect(db) as conn:  # a trainee holding the file, hiding the column
        conn.execute("ALTER TABLE people DROP COLUMN language")
    with pytest.raises(HistoryError) as refused:
        open_history(db).close()
    said = str(refused.value)
    assert "\n" not in said and "language" in said and str(db) in said


def test_a_history_copied_to_a_server_keeps_each_language(tmp_path: Path, pg_url: str) -> None:
    from trainer.history.transfer import copy_history

    db = tmp_path / "h.sqlite3"
    with open_history(db) as store:
        people.add(store, "Ana", people.INSTRUCTOR, "2468", T0, "zh_Hant")
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
    with open_history(db) as source, open_history(pg_url) as destination:
        copy_history(source, destination)
    with open_history(pg_url) as store:
        assert people.person(store, "Ana").language == "zh_Hant"
        assert people.person(store, "Bo").language == ""
        assert signing_in.sign_in(store, "Ana", "2468", T0).person.language == "zh_Hant"
