"""Property tests (Hypothesis) for opening and reading a history file that may be anything:
random bytes, random bytes behind SQLite's magic string, a real history cut short, or one
with bits flipped or a page overwritten.

Whatever the file, opening and reading it raise nothing but HistoryError (a one-line
message naming the file), reading never changes it, and a file the writer refuses is never
changed either.  Each test runs ``max_examples=100`` (about a second each) so the suite
stays fast; raise it locally to search harder.
"""

from __future__ import annotations

import functools
import random
import tempfile
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.history import T0, answer, session
from trainer.history.store import SQLITE_MAGIC, HistoryError, HistoryStore, open_history

FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@functools.cache
def real_history() -> bytes:
    """A small real history (a session and 60 answers over several pages), checkpointed."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "h.sqlite3"
        with open_history(db) as store:
            store.on_session(session())
            for i in range(60):
                store.on_answer(answer(seconds=float(i), at=T0.replace(second=i)))
        return db.read_bytes()


def _read_everything(store: HistoryStore) -> None:
    from trainer.history import queries
    from trainer.history.report import build_attempts, build_report

    build_report(store)  # the figures grouped in SQL (trainer.history.queries)
    build_attempts(store)
    store.answers()
    store.sessions()
    store.trainees()
    store.answer_count()
    queries.review_tail(store, "ana")  # the review's input
    _ = store.schema_version


def _try(opener: Callable[[], HistoryStore], write: bool) -> bool:
    """Open, read all, maybe write; True if it opened.  Only HistoryError may come out."""
    try:
        store = opener()
    except HistoryError as exc:
        assert "\n" not in str(exc)
        return False
    try:
        _read_everything(store)
        if write:
            store.record_answer(answer(at=T0.replace(year=2025)))
    except HistoryError as exc:
        assert "\n" not in str(exc)
    finally:
        store.close()
    return True


def check(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "history.sqlite3"
        db.write_bytes(data)
        _try(lambda: open_history(db, readonly=True), write=False)
        assert db.read_bytes() == data, "reading changed the file"
        assert sorted(p.name for p in Path(tmp).iterdir()) == ["history.sqlite3"]
        opened = _try(lambda: open_history(db), write=True)
        if not opened:
            assert db.read_bytes() == data, "a refused file was changed"


@FUZZ
@given(st.binary(max_size=8192))
def test_random_bytes(data: bytes) -> None:
    check(data)


@FUZZ
@given(st.binary(min_size=0, max_size=8192))
def test_random_bytes_behind_the_sqlite_magic(tail: bytes) -> None:
    check(SQLITE_MAGIC + tail)


@FUZZ
@given(st.data())
def test_a_real_history_cut_short(data: st.DataObject) -> None:
    raw = real_history()
    check(raw[: data.draw(st.integers(0, len(raw) - 1), label="length")])


@FUZZ
@given(st.data())
def test_a_real_history_with_bits_flipped(data: st.DataObject) -> None:
    raw = bytearray(real_history())
    flips = data.draw(
        st.lists(
            st.tuples(st.integers(0, len(raw) - 1), st.integers(0, 7)), min_size=1, max_size=8
        ),
        label="flips",
    )
    for offset, bit in flips:
        raw[offset] ^= 1 << bit
    check(bytes(raw))


@FUZZ
@given(st.data())
def test_a_real_history_with_a_page_overwritten(data: st.DataObject) -> None:
    raw = bytearray(real_history())
    pages = len(raw) // 4096
    page = data.draw(st.integers(0, pages - 1), label="page")
    seed = data.draw(st.integers(0, 2**32), label="junk seed")
    raw[page * 4096 : (page + 1) * 4096] = random.Random(seed).randbytes(4096)
    check(bytes(raw))
