"""A trainer starting while every connection slot of the server is taken (no pooler, the
server's max_connections full) waits for one instead of failing to start: its store tries
again after a growing pause, its answers wait in the spool meanwhile, and once a slot is free
they are sent, each stored once.  Against a real server of its own with a tiny
max_connections (tests/support/pg.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import psycopg
import pytest

from tests.support.history import answer
from tests.support.pg import PgServer, cannot_run, run_sql, server_bindir
from trainer.history import backend_pg
from trainer.history.store import ServerFullError, open_history

#: Slots of the tiny server (3 of them kept for superusers: the tests fill all as one).
SLOTS = 5


@pytest.fixture(scope="module")
def tiny_server() -> Iterator[PgServer]:
    bindir = server_bindir()
    why = cannot_run(bindir)
    if why or bindir is None:
        pytest.skip(why)
    server = PgServer(bindir, max_connections=SLOTS)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
def full(tiny_server: PgServer) -> Iterator[tuple[str, list[psycopg.Connection]]]:
    """A fresh schema on the tiny server, then every slot of the server taken: its address
    and the connections holding the slots (close one to free it)."""
    url = tiny_server.schema()
    others: list[psycopg.Connection] = []
    try:
        for _ in range(SLOTS + 5):  # bounded: the server refuses the sixth
            try:
                others.append(psycopg.connect(url, autocommit=True))
            except psycopg.OperationalError:
                break
        assert len(others) == SLOTS
        yield url, others
    finally:
        for conn in others:
            conn.close()


def test_a_trainer_starts_on_a_full_server_spools_then_sends_once(
    full: tuple[str, list[psycopg.Connection]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer.cli.train import history_recorder

    monkeypatch.setattr(backend_pg, "WAIT_FIRST_S", 0.2)
    url, others = full
    recorder = history_recorder(url)  # before: "too many clients already", exit 2
    try:
        for n in range(3):
            recorder.on_answer(answer(trainee="ana", seconds=float(n)))
        assert recorder.pending_count() == 3  # in the spool, none stored
        assert "every connection slot" in (recorder.last_error or "")
        others.pop().close()  # a slot is free
        deadline = time.monotonic() + 20
        while recorder.send_waiting() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert recorder.pending_count() == 0
    finally:
        recorder.close(timeout=5)
        recorder.store.close()
    for conn in others:
        conn.close()
    others.clear()
    assert run_sql(url, "SELECT count(*), count(DISTINCT seconds) FROM answers") == [(3, 3)]


def test_a_waiting_store_asks_the_server_after_a_growing_pause(
    full: tuple[str, list[psycopg.Connection]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writes refused while the server is full do not each knock at it: with a first pause
    of 0.2 s doubled up to 0.4 s (each times 0.5 to 1.5), tries come after gaps of 0.1-0.3
    s, then 0.2-0.6 s each.  Over 2.5 s of writes every 10 ms that is the first try at open
    and then at least 1 + 3 more (0.3 + 0.6 + 0.6 + 0.6 <= 2.5) and at most 1 + 6 more
    (0.1 + 0.2 * 6 <= 2.5): never the 250 a try per write would be."""
    monkeypatch.setattr(backend_pg, "WAIT_FIRST_S", 0.2)
    monkeypatch.setattr(backend_pg, "WAIT_MOST_S", 0.4)
    tries: list[float] = []
    real_connect = backend_pg._connect

    def counted(*args: object, **kwargs: object) -> psycopg.Connection:
        tries.append(time.monotonic())
        return real_connect(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(backend_pg, "_connect", counted)
    url, _ = full
    store = open_history(url, busy_timeout_ms=0, wait_when_full=True)
    refused = 0
    try:
        end = time.monotonic() + 2.5
        while time.monotonic() < end:
            with pytest.raises(ServerFullError, match=r"every connection slot|too many clients"):
                store.record_answer(answer())
            refused += 1
            time.sleep(0.01)
    finally:
        store.close()
    assert refused > 100
    assert 1 + 4 <= len(tries) <= 1 + 7


def test_without_waiting_a_full_server_is_one_line(
    full: tuple[str, list[psycopg.Connection]],
) -> None:
    """A report (or anything but a trainer starting) still says so at once."""
    url, _ = full
    with pytest.raises(ServerFullError, match="too many clients already"):
        open_history(url, readonly=True)
    with pytest.raises(ServerFullError, match="too many clients already"):
        open_history(url)


def test_a_full_server_is_never_taken_for_sign_in_off(
    full: tuple[str, list[psycopg.Connection]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trainer reads the school's sign-in setting before it opens: a server full for
    the whole wait is one line (exit 2), never a trainer opened without its sign-in."""
    from trainer.cli import train
    from trainer.cli.common import UsageError

    monkeypatch.setattr(train, "START_WAIT_SECONDS", 0.5)
    url, _ = full
    recorder = train.history_recorder(url)
    try:
        started = time.monotonic()
        with pytest.raises(UsageError, match=r"has been taken for 0\.5 s"):
            train.signin_on(recorder)
        assert time.monotonic() - started < 5
    finally:
        recorder.store.close()


def test_a_trainer_starts_on_a_full_pooler_too(
    tiny_server: PgServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PgBouncer's own limit (max_client_conn, "no more connections allowed") is waited for
    the same way: the trainer starts, spools, and sends once a client slot is free."""
    from tests.support.pg import PgBouncer, bouncer_binary
    from trainer.cli.train import history_recorder

    binary = bouncer_binary()
    if binary is None:
        pytest.skip("no pgbouncer on this machine: install Debian's pgbouncer package")
    monkeypatch.setattr(backend_pg, "WAIT_FIRST_S", 0.2)
    bouncer = PgBouncer(
        tiny_server,
        binary,
        name="full-bouncer",
        settings={"max_client_conn": "2", "default_pool_size": "1", "max_db_connections": "1"},
    )
    bouncer.start()
    others: list[psycopg.Connection] = []
    try:
        url = bouncer.schema()
        for _ in range(4):  # bounded: the pooler refuses the third
            try:
                others.append(psycopg.connect(url, autocommit=True))
            except psycopg.OperationalError as exc:
                assert "no more connections allowed" in str(exc)
                break
        assert len(others) == 2
        recorder = history_recorder(url)  # before: "no more connections allowed", exit 2
        try:
            recorder.on_answer(answer(trainee="bo"))
            assert recorder.pending_count() == 1
            others.pop().close()
            deadline = time.monotonic() + 20
            while recorder.send_waiting() and time.monotonic() < deadline:
                time.sleep(0.1)
            assert recorder.pending_count() == 0
        finally:
            recorder.close(timeout=5)
            recorder.store.close()
        for conn in others:
            conn.close()
        others.clear()
        assert run_sql(url, "SELECT count(*) FROM answers WHERE trainee = 'bo'") == [(1,)]
    finally:
        for conn in others:
            conn.close()
        bouncer.stop()


def test_a_trainer_starts_when_the_pools_connection_is_busy_past_its_wait(
    tiny_server: PgServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A class starting at once through PgBouncer: the pool's server connections all busy
    past query_wait_timeout (here its one connection held by another client's transaction
    for longer than 1 s).  The trainer starts and spools, and sends once the pool frees."""
    from tests.support.pg import PgBouncer, bouncer_binary
    from trainer.cli.train import history_recorder

    binary = bouncer_binary()
    if binary is None:
        pytest.skip("no pgbouncer on this machine: install Debian's pgbouncer package")
    monkeypatch.setattr(backend_pg, "WAIT_FIRST_S", 0.2)
    bouncer = PgBouncer(
        tiny_server,
        binary,
        name="busy-bouncer",
        settings={"default_pool_size": "1", "max_db_connections": "1", "query_wait_timeout": "1"},
    )
    bouncer.start()
    holder: psycopg.Connection | None = None
    try:
        url = bouncer.schema()
        open_history(url).close()  # the history made before the class comes
        holder = psycopg.connect(url)  # not autocommit: its transaction keeps the one
        holder.execute("SELECT 1")  # server connection of the pool
        started = time.monotonic()
        recorder = history_recorder(url)  # before: "cannot open it (query_wait_timeout)"
        assert time.monotonic() - started < 5
        try:
            recorder.on_answer(answer(trainee="cy"))
            assert recorder.pending_count() == 1
            holder.rollback()  # the pool's connection is free again
            deadline = time.monotonic() + 20
            while recorder.send_waiting() and time.monotonic() < deadline:
                time.sleep(0.1)
            assert recorder.pending_count() == 0
        finally:
            recorder.close(timeout=5)
            recorder.store.close()
        holder.close()
        assert run_sql(url, "SELECT count(*) FROM answers WHERE trainee = 'cy'") == [(1,)]
    finally:
        if holder is not None:
            holder.close()
        bouncer.stop()
