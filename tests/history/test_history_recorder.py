"""The recorder never takes a drill down nor freezes it, and loses nothing: a write that fails
goes to the local spool, and the spool is sent, in order, once the history can be written
again (the next write, the app's worker, exit, the next launch); an answer sent twice is
stored once; what still waits at exit is said with the spool's path, never dropped."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.support.history import T0, answer, session
from trainer.history.hooks import RECORDER_BUSY_MS, Recorder, spool_target
from trainer.history.spool import Entry, Spool
from trainer.history.store import (
    HistoryError,
    HistoryLockedError,
    HistoryStore,
    HistoryUnavailableError,
    open_history,
)


class FlakyStore:
    """Stands in for HistoryStore's two writers; fails while ``down`` is set."""

    def __init__(self, path: str = "/tmp/h.db") -> None:
        self.down = threading.Event()
        self.written: list[object] = []
        self.keys: list[str | None] = []
        self.path = Path(path)

    def record_answer(self, record: object, key: str | None = None) -> None:
        self._write(record)
        self.keys.append(key)

    def record_session(self, record: object) -> None:
        self._write(record)

    def _write(self, record: object) -> None:
        if self.down.is_set():
            raise HistoryUnavailableError(f"{self.path}: disk full")
        self.written.append(record)


def test_failed_writes_are_spooled_and_written_in_order_later() -> None:
    store = FlakyStore()
    errors: list[str] = []
    recorder = Recorder(store, on_error=errors.append)  # type: ignore[arg-type]
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
    assert [e.record for e in recorder.spool.read().entries] == [first, second]  # on disk

    store.down.clear()
    recorder.on_answer(third)  # spooled behind the others, never written before them
    assert recorder.close(timeout=5) == 0
    assert store.written == [start, first, second, third]
    assert errors[-1] == "all waiting answers are now saved"
    assert recorder.last_error is None
    assert not recorder.spool.path.exists()
    assert issubclass(HistoryUnavailableError, HistoryError)


def test_every_answer_carries_its_own_key_to_the_history() -> None:
    store = FlakyStore()
    recorder = Recorder(store)  # type: ignore[arg-type]
    recorder.on_answer(answer())
    store.down.set()
    recorder.on_answer(answer())
    store.down.clear()
    assert recorder.close(timeout=5) == 0
    assert len(store.keys) == 2 and len({*store.keys}) == 2 and None not in store.keys


def test_what_still_waits_at_exit_is_kept_in_the_spool_and_said() -> None:
    store = FlakyStore()
    store.down.set()
    recorder = Recorder(store)  # type: ignore[arg-type]
    recorder.on_session(session())
    recorder.on_answer(answer())
    recorder.on_answer(answer())
    unsaved = recorder.close(timeout=0.2)
    assert unsaved == 3
    assert recorder.unsaved_message(unsaved) == (
        "2 answers and 1 session record not yet in the history (/tmp/h.db: disk full): kept "
        f"in {recorder.spool.path}, sent the next time ezbac starts with this history"
    )


def test_a_new_recorder_sends_the_spool_left_by_the_last_run_before_anything_new() -> None:
    store = FlakyStore()
    store.down.set()
    old = [answer("banker:3:8"), answer("player:5")]
    gone = Recorder(store)  # type: ignore[arg-type]
    for record in old:
        gone.on_answer(record)
    assert gone.close(timeout=0.1) == 2  # the trainer ends with the history away

    store.down.clear()
    recorder = Recorder(store)  # type: ignore[arg-type]  # the next launch, same history
    new = answer("natural")
    recorder.on_answer(new)
    assert recorder.close(timeout=5) == 0
    assert store.written == [*old, new]


def test_two_histories_never_share_a_spool(tmp_path: Path) -> None:
    a, b = FlakyStore(str(tmp_path / "a.sqlite3")), FlakyStore(str(tmp_path / "b.sqlite3"))
    a.down.set()
    Recorder(a).on_answer(answer("banker:3:8"))  # type: ignore[arg-type]
    recorder_b = Recorder(b)  # type: ignore[arg-type]
    recorder_b.on_answer(answer("player:5"))
    assert recorder_b.close(timeout=1) == 0
    assert [r.skill for r in b.written] == ["player:5"]  # type: ignore[attr-defined]
    assert a.written == []


def test_a_damaged_spool_line_is_said_by_file_and_line_and_the_rest_is_sent() -> None:
    store = FlakyStore()
    spool = Spool.for_target(spool_target(store))  # type: ignore[arg-type]
    spool.append(Entry("answer", "k1", answer("banker:3:8")))
    with spool.path.open("ab") as out:
        out.write(b"{not json\n")
    spool.append(Entry("answer", "k2", answer("player:5")))
    errors: list[str] = []
    recorder = Recorder(store, on_error=errors.append)  # type: ignore[arg-type]
    assert recorder.close(timeout=5) == 0
    assert [r.skill for r in store.written] == ["banker:3:8", "player:5"]  # type: ignore[attr-defined]
    assert any(e.startswith(f"{spool.path}:2: damaged spool line kept") for e in errors), errors
    assert spool.path.read_bytes() == b"{not json\n"  # kept, never dropped


def test_a_spool_left_with_only_damaged_lines_is_said_when_the_app_starts() -> None:
    store = FlakyStore()
    spool = Spool.for_target(spool_target(store))  # type: ignore[arg-type]
    spool.path.parent.mkdir(parents=True)
    spool.path.write_bytes(b'{"v": 1, "kind": "answer"}\n')
    errors: list[str] = []
    recorder = Recorder(store)  # type: ignore[arg-type]
    recorder.report_errors_to(errors.append)
    assert errors == [f"{spool.path}:1: damaged spool line kept, not sent (no key)"]
    assert recorder.pending_count() == 0


class CommitsThenFails:
    """A real store whose write commits and then reports failure (a server gone between the
    commit and its answer), ``failures`` times."""

    def __init__(self, store: HistoryStore, failures: int) -> None:
        self.store, self.failures, self.path = store, failures, store.path

    def record_answer(self, record: object, key: str | None = None) -> None:
        self.store.record_answer(record, key=key)  # type: ignore[arg-type]
        if self.failures:
            self.failures -= 1
            raise HistoryUnavailableError(f"{self.path}: connection lost")

    def record_session(self, record: object) -> None:
        self.store.record_session(record)  # type: ignore[arg-type]


def test_an_answer_committed_but_reported_failed_is_stored_once(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    with open_history(db) as real:
        recorder = Recorder(CommitsThenFails(real, 1))  # type: ignore[arg-type]
        recorder.on_session(session())
        recorder.on_answer(answer("banker:3:8"))  # committed, then "failed": spooled
        recorder.on_answer(answer("player:5"))
        assert recorder.close(timeout=5) == 0
    assert _stored(db) == ["banker:3:8", "player:5"]


def test_a_spool_sent_but_not_yet_truncated_is_not_stored_twice(tmp_path: Path) -> None:
    """The trainer died after the history committed the spool's records and before it
    removed them from the spool: the next launch sends them again, and they are skipped."""
    db = tmp_path / "h.sqlite3"
    given = [
        Entry("session", "s", session(minutes=1, questions=2)),
        Entry("answer", "k1", answer("banker:3:8")),
        Entry("answer", "k2", answer("player:5", at=T0.replace(minute=1))),
    ]
    with open_history(db) as real:
        spool = Spool.for_target(spool_target(real))
        for entry in given:
            spool.append(entry)
        real.record_session(given[0].record)  # type: ignore[arg-type]
        real.record_answer(given[1].record, key="k1")  # type: ignore[arg-type]
        assert Recorder(real).close(timeout=5) == 0
        (stored_session,) = real.sessions()
    assert _stored(db) == ["banker:3:8", "player:5"]
    assert stored_session == given[0].record


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
    recorder = Recorder(store, on_error=errors.append)
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


def test_answers_still_locked_at_exit_are_kept_and_sent_by_the_next_process(
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
    spool = Spool.for_target(str(db.resolve())).path
    assert err[-1] == (
        f"ezbac: 2 answers not yet in the history (history locked: {db} is in use by another "
        f"program): kept in {spool}, sent the next time ezbac starts with this history"
    )
    # a new trainer process, on launch, sends them (and exits at once: nothing is left)
    code = (
        "import sys; from trainer.cli.train import history_recorder;"
        "print(history_recorder(sys.argv[1]).close(timeout=10))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(db)], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "0"
    assert _stored(db) == ["banker:3:8", "banker:3:8"]
    assert not spool.exists()


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
