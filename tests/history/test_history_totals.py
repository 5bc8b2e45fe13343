"""The answer totals the database keeps as answers arrive (schema v6, answer_totals) are exactly
what grouping the answers gives, after many writes, answers sent twice from the spool, a
migration's backfill and a copy between backends.  Both backends (history_db).

Expected figures are counted here in Python from the answers the test sent (each key once),
never read back from the code under test; the answers table's own grouping is checked too.
"""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest

from tests.support.history import T0, answer, session
from trainer.history import queries
from trainer.history.store import HistoryStore, open_history, to_db_time
from trainer.history.transfer import copy_history

SKILLS = ("natural", "player:4", "banker:3:8", "banker:6:stood", "outcome:tie", "payout:banker:win")
TRAINEES = ("ana", "bo", "Zoë")

Expected = dict[tuple[str, str], tuple[int, int, float, str]]


def _write_many(store: HistoryStore, seed: int, count: int = 300) -> Expected:
    """``count`` answers, about a third of them sent a second (or third) time with the same
    key, as the spool does after a crash between the commit and its own update, and some
    with no key at all (answers stored before v5); the totals they should leave."""
    rng = random.Random(seed)
    expected: Expected = {}
    sent: list[tuple[object, str | None]] = []
    for i in range(count):
        rec = answer(
            rng.choice(SKILLS),
            rng.random() < 0.7,
            T0 + timedelta(seconds=rng.randrange(10**6)),
            trainee=rng.choice(TRAINEES),
            session_id=f"s{i // 20}",
            seconds=rng.choice((0.5, 1.25, 2.0, 3.75)),
        )
        key = None if i % 10 == 0 else f"k{seed}-{i}"
        store.record_answer(rec, key)
        sent.append((rec, key))
        n, right, secs, last = expected.get((rec.trainee, rec.skill), (0, 0, 0.0, ""))
        expected[(rec.trainee, rec.skill)] = (
            n + 1,
            right + rec.correct,
            secs + rec.seconds,
            max(last, to_db_time(rec.answered_at)),
        )
    for rec, key in rng.sample(sent, count // 3):  # sent again: stored and counted once
        if key is not None:
            store.record_answer(rec, key)  # type: ignore[arg-type]
            store.record_answer(rec, key)  # type: ignore[arg-type]
    return expected


def _totals(store: HistoryStore) -> Expected:
    return {
        (t, k): (n, int(c), float(s), str(at))
        for t, k, n, c, s, at in store.select(
            "SELECT trainee, skill, answered, correct, seconds, last_at FROM answer_totals"
        )
    }


def _recount(store: HistoryStore) -> Expected:
    return {
        (t, k): (n, int(c), float(s), str(at))
        for t, k, n, c, s, at in store.select(
            "SELECT trainee, skill, COUNT(*), SUM(correct), SUM(seconds), MAX(answered_at) "
            "FROM answers GROUP BY trainee, skill"
        )
    }


def _same(a: Expected, b: Expected) -> None:
    assert a.keys() == b.keys()
    for key in a:
        n, right, secs, last = a[key]
        assert (n, right, last) == (b[key][0], b[key][1], b[key][3]), key
        assert secs == pytest.approx(b[key][2]), key  # sums of binary fractions: exact here


def test_totals_match_the_answers_after_many_writes_and_duplicates(history_db: str) -> None:
    with open_history(history_db) as store:
        expected = _write_many(store, seed=1)
        assert store.answer_count() == sum(n for n, *_ in expected.values())
        _same(_totals(store), expected)
        _same(_recount(store), expected)


def test_the_report_reads_the_same_figures_from_the_totals_as_from_the_answers(
    history_db: str,
) -> None:
    with open_history(history_db) as store:
        _write_many(store, seed=2, count=120)
        store.on_session(session())
    with open_history(history_db, readonly=True) as store:
        kept = sorted(queries.skill_rows(store))  # the totals
        grouped = sorted(queries.skill_rows(store, since=T0 - timedelta(days=1)))  # answers
        assert [r[:4] for r in kept] == [r[:4] for r in grouped]
        assert [r.seconds for r in kept] == pytest.approx([r.seconds for r in grouped])
        ana = [r for r in kept if r.trainee == "ana"]
        assert sorted(queries.skill_rows(store, "ana")) == ana


def test_an_older_history_is_backfilled_when_it_is_upgraded(history_db: str) -> None:
    with open_history(history_db) as store:
        expected = _write_many(store, seed=3, count=150)
    _back_to_v5(history_db)
    with open_history(history_db) as store:  # the trainer's open migrates it to v7
        assert store.schema_version == 11
        _same(_totals(store), expected)
        more = _write_many(store, seed=4, count=60)  # and the trigger counts on from there
        for key, (n, right, secs, last) in more.items():
            was = expected.get(key, (0, 0, 0.0, ""))
            expected[key] = (was[0] + n, was[1] + right, was[2] + secs, max(was[3], last))
        _same(_totals(store), expected)
        _same(_recount(store), expected)


def _back_to_v5(db: str) -> None:
    """The history as ezbac wrote it before v6: no totals table, no trigger."""
    from tests.support.history import back_to_v6

    back_to_v6(str(db))
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db, autocommit=True) as conn:
            conn.execute("DROP TABLE answer_totals")
            conn.execute("DROP FUNCTION answer_totals_add() CASCADE")
            conn.execute("UPDATE ezbac_schema SET version = 5")
    else:
        import sqlite3

        conn = sqlite3.connect(db)
        conn.execute("DROP TRIGGER answers_totalled")
        conn.execute("DROP TABLE answer_totals")
        conn.execute("PRAGMA user_version = 5")
        conn.commit()
        conn.close()


def test_an_older_file_read_without_upgrading_reports_the_same(tmp_path: Path) -> None:
    """A v5 file opened for reading is upgraded in memory (never on disk): its totals are
    backfilled there."""
    db = tmp_path / "h.sqlite3"
    with open_history(db) as store:
        expected = _write_many(store, seed=5, count=100)
    _back_to_v5(str(db))
    before = db.read_bytes()
    with open_history(db, readonly=True) as store:
        _same(_totals(store), expected)
    assert db.read_bytes() == before


def test_a_copy_between_backends_carries_exact_totals(
    history_db: str, tmp_path: Path, pg_url: str
) -> None:
    """history copy inserts in bulk (COPY on a server): the destination's totals count every
    answer copied, once."""
    with open_history(history_db) as store:
        expected = _write_many(store, seed=6, count=200)
    other = pg_url if not history_db.startswith("postgresql://") else str(tmp_path / "c.sqlite3")
    with open_history(history_db, readonly=True) as source, open_history(other) as dest:
        copy_history(source, dest)
        _same(_totals(dest), expected)
        _same(_recount(dest), expected)
