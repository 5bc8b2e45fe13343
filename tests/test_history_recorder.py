"""The recorder never takes a drill down: a write that fails is kept and written, in order,
before the next record once the history can be written again."""

from __future__ import annotations

from history_helpers import answer, session

from trainer.history.hooks import Recorder
from trainer.history.store import HistoryError, HistoryUnavailableError


class FlakyStore:
    """Stands in for HistoryStore's two writers; fails while ``down`` is set."""

    def __init__(self) -> None:
        self.down = False
        self.written: list[object] = []

    def _write(self, record: object) -> None:
        if self.down:
            raise HistoryUnavailableError("/tmp/h.db: database is locked")
        self.written.append(record)

    record_answer = _write
    record_session = _write


def test_failed_writes_are_kept_and_written_in_order_later() -> None:
    store = FlakyStore()
    errors: list[str] = []
    recorder = Recorder(store, on_error=errors.append)  # type: ignore[arg-type]
    start, first, second, third = session(), answer("banker:3:8"), answer("player:5"), answer()

    recorder.on_session(start)
    store.down = True
    recorder.on_answer(first)
    recorder.on_answer(second)
    assert store.written == [start]
    assert errors == [
        "/tmp/h.db: database is locked (1 not saved yet)",
        "/tmp/h.db: database is locked (2 not saved yet)",
    ]
    assert recorder.last_error == errors[-1]

    store.down = False
    recorder.on_answer(third)
    assert store.written == [start, first, second, third]
    assert recorder.last_error is None
    assert issubclass(HistoryUnavailableError, HistoryError)
