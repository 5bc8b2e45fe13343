"""The history as the trainer app sees it: a recorder that never takes the drill down.

A write that fails (the file locked past the busy timeout, a full disk, a network share gone)
must not crash a trainee's drill: the record is kept in memory and written before the next
one, and ``last_error`` / ``on_error`` let the app say so.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from trainer.history.scheduler import due_count
from trainer.history.store import HistoryError, HistoryStore

if TYPE_CHECKING:  # the progress screen and the review load these when first opened
    from trainer.drills.model import Drill
    from trainer.history.progress import ProgressData
    from trainer.session.records import AnswerRecord, SessionRecord

    Record = AnswerRecord | SessionRecord


class Recorder:
    """``on_answer``/``on_session`` for the session, ``due_count`` for the home screen,
    ``progress`` for the progress screen."""

    def __init__(self, store: HistoryStore, on_error: Callable[[str], Any] | None = None) -> None:
        self.store = store
        self.on_error = on_error
        # (write, record) not yet stored, oldest first: written in order, before any new one
        self.pending: list[tuple[Callable[[Any], None], Record]] = []
        self.last_error: str | None = None

    def on_answer(self, record: AnswerRecord) -> None:
        self._save(self.store.record_answer, record)

    def on_session(self, record: SessionRecord) -> None:
        self._save(self.store.record_session, record)

    def due_count(self, trainee: str, now: datetime | None = None) -> int | None:
        try:
            return due_count(self.store, trainee, now)
        except HistoryError as exc:
            self._failed(exc)
            return None

    def progress(self, trainee: str, now: datetime | None = None) -> ProgressData | None:
        """What the progress screen shows; None (and on_error) when the history cannot be read."""
        from trainer.history.progress import progress_data

        try:
            return progress_data(self.store, trainee, now)
        except HistoryError as exc:
            self._failed(exc)
            return None

    def review(
        self, trainee: str, now: datetime | None = None, questions: int | None = None
    ) -> Drill:
        """The trainee's review drill, ``questions`` long (None: the default); a ValueError
        (NothingDueError, a bad length) says why there is none."""
        from trainer.history.review import DEFAULT_QUESTIONS, review_drill

        length = DEFAULT_QUESTIONS if questions is None else questions
        return review_drill(self.store, trainee, now, length)

    def report_errors_to(self, callback: Callable[[str], Any]) -> None:
        self.on_error = callback

    def _save(self, write: Callable[[Any], None], record: Record) -> None:
        self.pending.append((write, record))
        while self.pending:
            write, record = self.pending[0]
            try:
                write(record)
            except HistoryError as exc:
                self._failed(exc)
                return
            self.pending.pop(0)
        self.last_error = None

    def _failed(self, exc: HistoryError) -> None:
        self.last_error = f"{exc} ({len(self.pending)} not saved yet)"
        if self.on_error is not None:
            self.on_error(self.last_error)

