"""The two history backends are siblings behind one interface: each has every
member of trainer.history.backend.HistoryStore, neither is built on the other, and a blank
server read for a report is the server backend itself answering with no rows (no stand-in
history in memory), creating nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.support.history import answer
from trainer.history.backend import HistoryStore


def _members(protocol: type) -> set[str]:
    return {
        name
        for name in vars(protocol)
        if not name.startswith("_") or name in ("__enter__", "__exit__")
    } - {"__module__", "__doc__", "__dict__", "__weakref__"}


def test_both_backends_have_every_member_of_the_one_interface(history_db: str) -> None:
    from trainer.history.store import open_history

    members = _members(HistoryStore)
    assert {"path", "readonly", "placeholder", "select", "transaction", "answers"} <= members
    with open_history(history_db) as store:
        assert not [name for name in members if not hasattr(store, name)]


def test_neither_backend_is_built_on_the_other() -> None:
    from trainer.history.backend_pg import ServerHistory
    from trainer.history.backend_sqlite import SqliteHistory

    assert not issubclass(ServerHistory, SqliteHistory)
    assert not issubclass(SqliteHistory, ServerHistory)


def test_a_blank_server_is_read_by_the_server_backend_as_no_history(pg_url: str) -> None:
    import psycopg

    from trainer.history import class_view, progress, queries, report, scheduler
    from trainer.history.backend_pg import ServerHistory
    from trainer.history.store import HistoryUnavailableError, open_history

    since = datetime(2024, 1, 1, tzinfo=UTC)
    with open_history(pg_url, readonly=True) as store:
        assert isinstance(store, ServerHistory)
        assert store.answers() == [] and store.sessions() == [] and store.trainees() == []
        assert store.answer_count() == 0 and store.answer_count("ana") == 0
        assert queries.skill_rows(store) == queries.skill_rows(store, "ana", since) == []
        assert queries.last_answer_times(store, ["ana"]) == {}
        assert queries.run_rows(store) == queries.session_counts(store) == []
        assert queries.table_run_rows(store, "ana") == queries.review_tail(store, "ana") == []
        assert queries.last_runs(store) == {} and queries.recent_runs(store) == []
        assert report.build_report(store).trainees == ()
        assert class_view.build_class(store).rows == ()
        assert progress.progress_data(store, "ana").sessions == ()
        assert scheduler.due_count(store, "ana") == 0
        with pytest.raises(HistoryUnavailableError, match="reading only"):
            store.record_answer(answer())
    with psycopg.connect(pg_url, autocommit=True) as conn:
        made = conn.execute(
            "SELECT count(*) FROM pg_class c JOIN pg_namespace n "
            "ON n.oid = c.relnamespace WHERE n.nspname = current_schema()"
        )
        assert made.fetchone() == (0,)
