"""The recorder never takes a drill down nor freezes it: a write that fails is queued and
written, in order, by a background writer once the history can be written again; at exit
what could not be written is counted and said, never dropped silently."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from history_helpers import T0, answer, session

from trainer.history.hooks import RECORDER_BUSY_MS, Recorder
from trainer.history.store import (
    HistoryError,
    HistoryLockedError,
    HistoryUnavailableError,
    open_history,
)


class FlakyStore:
    """Stands in for HistoryStore's two writers; fails while ``down`` is set."""

    def __init__(self) -> None:
        self.down = threading.Event()
        self.written: list[object] = []
        self.path = Path("/tmp/h.db")

    def _write(self, record: object) -> None:
        if self.down.is_set():
            raise HistoryUnavailableError("/tmp/h.db: disk full")
        self.written.append(record)

    record_answer = _write
    record_session = _write


def test_failed_writes_are_queued_and_written_in_order_later() -> None:
    store = FlakyStore()
    errors: list[str] = []
    recorder = Recorder(store, on_error=errors.append, retry_seconds=0.01)  # type: ignore[arg-type]
    start, first, second, third = session(), answer("banker:3:8"), answer("player:5"), answer()

    recorder.on_session(start)
    store.down.set()
    recorder.on_answer(first)
    recorder.on_answer(second)
    assert store.written == [start]
    assert recorder.pending_count() == 2
    assert errors[:2] == [
        "1 answer waiting to be saved (/tmp/h.db: disk full)",
        "2 answers waiting to be saved (/tmp/h.db: disk full)",
    ]

    store.down.clear()
    recorder.on_answer(third)  # queued behind the others, never written before them
    assert recorder.close(timeout=5) == 0
    assert store.written == [start, first, second, third]
    assert errors[-1] == "all waiting answers are now saved"
    assert recorder.last_error is None
    assert issubclass(HistoryUnavailableError, HistoryError)


def test_what_cannot_be_written_by_exit_is_counted_and_said() -> None:
    store = FlakyStore()
    store.down.set()
    recorder = Recorder(store, retry_seconds=0.01)  # type: ignore[arg-type]
    recorder.on_session(session())
    recorder.on_answer(answer())
    recorder.on_answer(answer())
    unsaved = recorder.close(timeout=0.2)
    assert unsaved == 3
    assert recorder.unsaved_message(unsaved) == (
        "2 answers and 1 session record could not be saved (/tmp/h.db: disk full)"
    )


@contextmanager
def locked(db: Path) -> Iterator[sqlite3.Connection]:
    """Another program holding the file's write lock (BEGIN EXCLUSIVE) until the block ends."""
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield other
    finally:
        other.execute("ROLLBACK")
        other.close()


def _stored(db: Path) -> list[str]:
    with open_history(db, readonly=True) as store:
        return [a.skill for a in store.answers()]


def test_answers_given_while_another_program_locks_the_file_are_stored_after(
    tmp_path: Path,
) -> None:
    db = tmp_path / "h.sqlite3"
    store = open_history(db, busy_timeout_ms=RECORDER_BUSY_MS)
    errors: list[str] = []
    recorder = Recorder(store, on_error=errors.append, retry_seconds=0.05)
    with locked(db):
        # each call returns while the lock is still held (this thread holds it open), so
        # the trainee is never kept waiting for it
        recorder.on_answer(answer("banker:3:8"))
        recorder.on_answer(answer("player:5", at=T0.replace(minute=1)))
        assert recorder.pending_count() == 2
        assert _stored(db) == []  # reading is not blocked, and nothing is written yet
    assert recorder.close(timeout=10) == 0
    assert _stored(db) == ["banker:3:8", "player:5"]
    assert errors[0] == (
        f"1 answer waiting to be saved (history locked: {db} is in use by another program)"
    )
    store.close()


def test_a_locked_write_is_a_locked_error_naming_the_file(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    with (
        open_history(db, busy_timeout_ms=10) as store,
        locked(db),
        pytest.raises(HistoryLockedError) as info,
    ):
        store.record_answer(answer())
    message = str(info.value)
    assert str(db) in message and "locked" in message and "\n" not in message


def _trainer_that_answers_while_locked(
    other: sqlite3.Connection, answers: int, release_after: float | None = None
) -> Callable[[object], None]:
    """A stand-in for TrainerApp.run: another program locks the file, then answers come;
    the lock is let go ``release_after`` seconds later (never, if None)."""

    def run(app: object) -> None:
        other.execute("BEGIN EXCLUSIVE")
        if release_after is not None:
            threading.Timer(release_after, lambda: other.execute("ROLLBACK")).start()
        for i in range(answers):
            app.hooks.on_answer(answer(seconds=float(i)))  # type: ignore[attr-defined]

    return run


def test_answers_still_locked_at_exit_are_counted_on_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from trainer.cli import train
    from trainer.tui.app import TrainerApp

    db = tmp_path / "h.sqlite3"
    open_history(db).close()
    other = sqlite3.connect(db, isolation_level=None)
    monkeypatch.setattr(TrainerApp, "run", _trainer_that_answers_while_locked(other, 2))
    monkeypatch.setattr(train, "EXIT_WAIT_SECONDS", 0.3)
    assert train._run(str(db), start=None, trainee="ana", seed=None) == 0
    assert _stored(db) == []
    other.execute("ROLLBACK")
    other.close()
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == (
        f"ezbac: 2 answers could not be saved (history locked: {db} is in use by another "
        "program)"
    )


def test_answers_queued_at_exit_are_written_when_the_lock_clears_in_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from trainer.cli import train
    from trainer.tui.app import TrainerApp

    db = tmp_path / "h.sqlite3"
    open_history(db).close()
    other = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    monkeypatch.setattr(TrainerApp, "run", _trainer_that_answers_while_locked(other, 3, 0.3))
    assert train._run(str(db), start=None, trainee="ana", seed=None) == 0
    other.close()
    assert "could not be saved" not in capsys.readouterr().err
    assert len(_stored(db)) == 3
