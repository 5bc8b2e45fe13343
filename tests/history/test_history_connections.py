"""A trainer holds a server connection only while it uses it (trainer.history.backend_pg):
more trainers than the server has connection slots all write, each answer committed on its
own, and an idle trainer holds none.  Behind PgBouncer in transaction pooling mode, trainers
sharing one server connection leave nothing on it for the next (no session settings, no
prepared statements)."""

from __future__ import annotations

import threading
import time

import psycopg
import pytest

from tests.support.history import answer
from tests.support.pg import run_sql
from trainer.history import backend_pg
from trainer.history.store import HistoryUnavailableError, open_history


def _held(url: str, name: str) -> int:
    """Connections the server holds for clients named ``name`` (application_name)."""
    rows = run_sql(url, f"SELECT count(*) FROM pg_stat_activity WHERE application_name = '{name}'")
    return int(rows[0][0])


def _until(condition, seconds: float = 10.0) -> bool:
    """Poll ``condition`` until it holds (True) or ``seconds`` pass (False)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_an_idle_trainer_holds_no_connection(pg_url: str) -> None:
    url = f"{pg_url}&application_name=idle_trainer"
    with open_history(url) as store:
        store.on_answer(answer())
        assert store.answer_count() == 1
        assert _until(lambda: _held(pg_url, "idle_trainer") == 0)
        assert not store.connected  # type: ignore[attr-defined]
        store.on_answer(answer(seconds=2.0))  # the next answer connects again
        assert store.answer_count() == 2
    assert _until(lambda: _held(pg_url, "idle_trainer") == 0)


def test_more_trainers_than_connection_slots_all_write(
    pg_route, pg_server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """70 trainers open at once on a server of 60 connections (tests/support/pg.py), each
    answering in turn from its own thread: every answer is stored, once.  Directly each
    connects for its answer; through PgBouncer they keep their pooler connections and share
    its few server connections."""
    if pg_route is pg_server:
        monkeypatch.setattr(backend_pg, "LINGER_S", 0.0)  # closed after each use
    pg_url = pg_route.schema()
    (slots,) = run_sql(pg_url, "SHOW max_connections")[0]
    trainers = int(slots) + 10
    stores = [open_history(pg_url, busy_timeout_ms=5000) for _ in range(trainers)]
    errors: list[BaseException] = []

    def trainer(i: int) -> None:
        try:
            for n in range(2):
                stores[i].on_answer(answer(trainee=f"t{i}", seconds=float(n)))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=trainer, args=(i,)) for i in range(trainers)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    finally:
        for store in stores:
            store.close()
    assert errors == []
    assert run_sql(pg_url, "SELECT count(*), count(DISTINCT trainee) FROM answers") == [
        (2 * trainers, trainers)
    ]


def test_a_full_server_is_waited_for_within_the_busy_timeout(
    pg_server, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every slot taken by other programs: a write tries again until one is free (here, after
    0.3 s), or says the server is unavailable once the busy timeout has passed."""
    monkeypatch.setattr(backend_pg, "LINGER_S", 0.0)
    store = open_history(pg_url, busy_timeout_ms=0)
    others: list[psycopg.Connection] = []
    try:
        while True:  # take every slot there is
            try:
                others.append(psycopg.connect(pg_url, autocommit=True))
            except psycopg.OperationalError:
                break
        with pytest.raises(HistoryUnavailableError, match="cannot reach the history server"):
            store.record_answer(answer())
        store.set_busy_timeout(20_000)
        freed = threading.Timer(0.3, others.pop().close)
        freed.start()
        store.record_answer(answer())  # waits for the slot freed
        freed.join()
    finally:
        for conn in others:
            conn.close()
        store.close()
    with open_history(pg_url, readonly=True) as reader:
        assert reader.answer_count() == 1


def test_trainers_sharing_one_pooled_server_connection_leave_nothing_on_it(pg_bouncer) -> None:
    """Two writing trainers and a reading one, every transaction on the same server
    connection (a PgBouncer pool of one): all writes land, and the connection keeps no
    setting (read-only, lock timeout, jit) and no prepared statement of theirs."""
    url = pg_bouncer.one_connection(pg_bouncer.schema())
    first, second = open_history(url), open_history(url)
    reader = open_history(url, readonly=True)
    try:
        for n in range(8):  # past psycopg's prepare threshold (5), were it on
            first.on_answer(answer(trainee="a", seconds=float(n)))
            assert reader.answer_count() == 2 * n + 1
            second.on_answer(answer(trainee="b", seconds=float(n)))
        with pytest.raises(HistoryUnavailableError, match="read-only"):
            reader.select("DELETE FROM answers")
        first.on_answer(answer(trainee="a", seconds=9.0))  # still a writable connection
        left = run_sql(
            url,
            "SELECT current_setting('default_transaction_read_only'), "
            "current_setting('lock_timeout'), current_setting('jit'), "
            "(SELECT count(*) FROM pg_prepared_statements)",
        )
    finally:
        for store in (first, second, reader):
            store.close()
    assert left == [("off", "0", "on", 0)]
    assert run_sql(url, "SELECT trainee, count(*) FROM answers GROUP BY 1 ORDER BY 1") == [
        ("a", 9),
        ("b", 8),
    ]
