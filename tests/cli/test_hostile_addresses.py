"""No password is ever printed, whatever the address looks like.

An address may be a PostgreSQL URI in any letter case, one of a scheme ezbac does not speak,
a libpq keyword string, one with spaces around it, several hosts; it may come as ``--db`` or
as $EZBAC_DB, and reach any command.  The password is cut out by the address's structure
(trainer.addresses), and every error line the command line prints is scrubbed of the
passwords its arguments carry, whoever wrote the message (libpq quotes addresses)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.addresses import redact, secrets
from trainer.cli import main

#: Distinctive passwords (no word of a message can be one), with the characters that break
#: naive parsing: '@', ':', '/', '%', '?', '&', '=' and spaces.
PASSWORDS = st.text(alphabet="Zq7xK@:/%?&= ", min_size=8, max_size=16).filter(
    lambda p: p.strip() == p and p[0] not in "/?&=" and "ZqZ" not in p
)
SHAPES = [
    "postgresql://ana:{pw}@/school?host={sock}",
    "POSTGRESQL://ana:{pw}@/school?host={sock}",
    "Postgres://ana:{pw}@/school?host={sock}",
    "mysql://ana:{pw}@db.school/school",
    "postgresql+psycopg://ana:{pw}@db.school/school",
    " postgresql://ana:{pw}@/school?host={sock}",
    "postgresql://ana:{pw}@h1:5432,h2:5433/school?host={sock}",
    "postgresql://ana@/school?host={sock}&password={pw}",
    "host={sock} password={pw} dbname=school",
    "host={sock} password='{pw}' dbname=school",
]


def run(
    *args: str, env: dict[str, str] | None = None, monkeypatch: pytest.MonkeyPatch | None = None
) -> str:
    """ezbac ARGS in this process: everything it printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    assert status == 2, out.getvalue() + err.getvalue()
    return out.getvalue() + err.getvalue()


@pytest.mark.parametrize("shape", SHAPES)
@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(password=PASSWORDS)
def test_no_command_prints_the_password(
    shape: str, password: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sock = str(tmp_path / "no-server")  # nothing listens: refused at once, no network
    address = shape.format(pw=password, sock=sock)
    printed = [
        run("report", "--db", address),
        run("history", "copy", address, str(tmp_path / "copy.sqlite3")),
    ]
    monkeypatch.setenv("EZBAC_DB", address)
    printed.append(run("report"))
    for text in printed:
        assert password not in text, text
        assert text.count("\n") == 1 and "Traceback" not in text


def test_an_address_of_another_scheme_is_named_not_taken_for_a_file(tmp_path: Path) -> None:
    text = run("report", "--db", "mysql://ana:s3cretpw@db/school")
    assert "mysql://" in text and "s3cretpw" not in text
    assert not any(tmp_path.iterdir()) and not Path("mysql:").exists()


def test_redaction_is_by_structure() -> None:
    assert redact("POSTGRESQL://ana:p@ss:w@rd@db/x") == "POSTGRESQL://ana@db/x"
    assert redact("host=h password='a b' dbname=d") == "host=h password=… dbname=d"
    assert redact("postgresql://db/x?sslmode=require&password=pw1") == (
        "postgresql://db/x?sslmode=require&password=…"
    )
    assert secrets("postgresql://ana:p%40ss@db/x") == {"p%40ss", "p@ss"}
    assert redact("/plain/path.sqlite3") == "/plain/path.sqlite3"
