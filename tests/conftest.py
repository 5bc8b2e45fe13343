"""Shared test fixtures."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``pytest -n auto`` (the README's test command): two workers a core, at most four
    more than the cores.  About half of the suite's time is spent waiting, not computing
    (a throwaway PostgreSQL starting, `ezbac serve` and Chromium, tmux screens, a pooler, a
    timeout run out on purpose), so one worker a core leaves the cores idle for half of
    it; docs/performance.md has the figures."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cores = cores or 1
    return min(2 * cores, cores + 4)


@pytest.fixture(autouse=True)
def _isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test gets its own per-user data directory: no test touches the real one, and a
    user's own EZBAC_DB setting cannot reach the tests."""
    monkeypatch.setenv("EZBAC_HOME", str(tmp_path_factory.mktemp("ezbac-home")))
    monkeypatch.delenv("EZBAC_DB", raising=False)


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English whatever the locale of whoever runs the suite, and a
    test that chooses a language (trainer.i18n) leaves English behind it."""
    from trainer.i18n import ENGLISH, known, set_language

    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):  # a locale ezbac speaks: C.UTF-8 instead
        if known(os.environ.get(name) or "C") not in (None, ENGLISH):
            monkeypatch.setenv(name, "C.UTF-8")
    set_language(ENGLISH)
    yield
    set_language(ENGLISH)


# -- a real PostgreSQL server (tests/support/pg.py) -----------------------------------------


@pytest.fixture(scope="session")
def pg_server() -> Iterator[object]:
    """One throwaway server for the whole session, started on first use."""
    from tests.support.pg import PgServer, cannot_run, server_bindir

    bindir = server_bindir()
    why = cannot_run(bindir)
    if why or bindir is None:
        pytest.skip(why)
    server = PgServer(bindir)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def pg_bouncer(pg_server) -> Iterator[object]:
    """PgBouncer in transaction pooling mode in front of the test server, started on first
    use (tests/support/pg.py)."""
    from tests.support.pg import PgBouncer, bouncer_binary

    binary = bouncer_binary()
    if binary is None:
        pytest.skip(
            "no pgbouncer on this machine: install Debian's pgbouncer package (.ci/run does)"
        )
    bouncer = PgBouncer(pg_server, binary)
    try:
        bouncer.start()
        yield bouncer
    finally:
        bouncer.stop()


@pytest.fixture(params=["direct", "pgbouncer"])
def pg_route(request: pytest.FixtureRequest, pg_server) -> object:
    """The way to the test server, both of them: the server itself, and PgBouncer in
    transaction mode in front of it (each gives ``schema()`` and ``database()``)."""
    if request.param == "direct":
        return pg_server
    return request.getfixturevalue("pg_bouncer")


@pytest.fixture
def pg_url(pg_server) -> str:
    """A blank place for a history on the test server (a fresh schema its address names):
    its postgresql:// address."""
    return pg_server.schema()


@pytest.fixture
def pg_database(pg_server) -> str:
    """A fresh, empty database on the test server (its public schema): its address."""
    return pg_server.database()


@pytest.fixture(params=["sqlite", "postgresql"])
def history_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's history lives, once per backend: an SQLite file not yet created, or a
    blank place on the test server."""
    if request.param == "sqlite":
        return str(tmp_path / "h.sqlite3")
    return request.getfixturevalue("pg_url")
