"""The history as the trainer app sees it: a recorder that never takes the drill down.

A write that fails (the file locked by another program, a full disk, a network share gone)
must neither crash nor freeze a trainee's drill.  Each record is written at once when
nothing is waiting (the store's busy timeout is short on this path); one that cannot be
written goes into a queue that a background thread keeps writing, oldest first, retrying
every ``retry_seconds`` until the history takes it.  Records given meanwhile queue behind it,
so the history always gets them in the order given.  The app is told (``on_error``, run on
its own thread) how many answers are waiting and why, and again when they are all saved.
At exit, ``close`` waits a bounded time for the queue and says how many could not be saved,
so nothing is dropped silently.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from trainer.history.scheduler import due_count
from trainer.history.store import HistoryError, HistoryLockedError, HistoryStore

if TYPE_CHECKING:  # the progress screen and the review load these when first opened
    from trainer.drills.model import Drill
    from trainer.history.progress import ProgressData
    from trainer.session.records import AnswerRecord, SessionRecord

    Record = AnswerRecord | SessionRecord

#: The store's busy timeout for the trainer: a write that waits longer is queued instead.
RECORDER_BUSY_MS = 200


class Recorder:
    """``on_answer``/``on_session`` for the session, ``due_count`` for the home screen,
    ``progress`` for the progress screen."""

    def __init__(
        self,
        store: HistoryStore,
        on_error: Callable[[str], Any] | None = None,
        *,
        retry_seconds: float = 0.5,
    ) -> None:
        self.store = store
        self.on_error = on_error
        self.retry_seconds = retry_seconds
        self.last_error: str | None = None
        self._last_exc: HistoryError | None = None  # why the waiting records are waiting
        # (write, record) not yet stored, oldest first: written in order, before any new one
        self._queue: deque[tuple[Callable[[Any], None], Record]] = deque()
        self._cond = threading.Condition()
        self._writer: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread: int | None = None

    # -- the session's recorder ---------------------------------------------------------------

    def on_answer(self, record: AnswerRecord) -> None:
        self._save(self.store.record_answer, record)

    def on_session(self, record: SessionRecord) -> None:
        self._save(self.store.record_session, record)

    def pending_count(self) -> int:
        """Records given but not yet in the history."""
        with self._cond:
            return len(self._queue)

    # -- what the screens read ----------------------------------------------------------------

    def due_count(self, trainee: str, now: datetime | None = None) -> int | None:
        try:
            return due_count(self.store, trainee, now)
        except HistoryError as exc:
            self._tell(str(exc))
            return None

    def progress(self, trainee: str, now: datetime | None = None) -> ProgressData | None:
        """What the progress screen shows; None (and on_error) when the history cannot be read."""
        from trainer.history.progress import progress_data

        try:
            return progress_data(self.store, trainee, now)
        except HistoryError as exc:
            self._tell(str(exc))
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
        """Send problems to ``callback``; called from the app's event loop, whose thread then
        runs every later call (the background writer's too)."""
        self.on_error = callback
        try:
            self._loop = asyncio.get_running_loop()
            self._loop_thread = threading.get_ident()
        except RuntimeError:  # not in a loop: call it directly
            self._loop = self._loop_thread = None

    # -- exit ---------------------------------------------------------------------------------

    def close(self, timeout: float = 5.0) -> int:
        """Wait up to ``timeout`` seconds for waiting records to be written; how many were not."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._queue and (left := deadline - time.monotonic()) > 0:
                self._cond.notify_all()  # the writer tries again now
                self._cond.wait(min(left, 0.05))
            return len(self._queue)

    def unsaved_message(self, count: int) -> str:
        """What is said at exit about records that could not be written."""
        why = f" ({self._why(self._last_exc)})" if self._last_exc else ""
        return f"{self._waiting(count, queued=False)} could not be saved{why}"

    # -- plumbing -----------------------------------------------------------------------------

    def _save(self, write: Callable[[Any], None], record: Record) -> None:
        with self._cond:
            if self._queue:  # behind others: in order, by the writer
                self._queue.append((write, record))
                self._cond.notify_all()
                failed: HistoryError | None = None
            else:
                try:
                    write(record)
                    return
                except HistoryError as exc:
                    failed = exc
                    self._queue.append((write, record))
                    self._start_writer()
        self._failed(failed)

    def _start_writer(self) -> None:
        if self._writer is None:
            self._writer = threading.Thread(target=self._drain, name="history-writer", daemon=True)
            self._writer.start()

    def _drain(self) -> None:
        """The background writer: the oldest waiting record until it is stored, then the next."""
        while True:
            with self._cond:
                if not self._queue:
                    self._writer = None
                    self._cond.notify_all()
                    return
                write, record = self._queue[0]
            try:
                write(record)
            except HistoryError as exc:
                self._failed(exc, only_if_new=True)
                with self._cond:
                    self._cond.wait(self.retry_seconds)
                continue
            with self._cond:
                self._queue.popleft()
                self._cond.notify_all()
                done = not self._queue
            if done and self.last_error is not None:
                self.last_error = None
                self._tell("all waiting answers are now saved")

    def _waiting(self, count: int | None = None, *, queued: bool = True) -> str:
        from trainer.session.records import AnswerRecord

        with self._cond:
            records = list(self._queue)
        answers = sum(isinstance(record, AnswerRecord) for _, record in records)
        others = (len(records) if count is None else count) - answers
        parts = [f"{answers} answer{'s' * (answers != 1)}"] if answers else []
        if others > 0:
            parts.append(f"{others} session record{'s' * (others != 1)}")
        text = " and ".join(parts) or "nothing"
        return f"{text} waiting to be saved" if queued else text

    def _failed(self, exc: HistoryError | None, *, only_if_new: bool = False) -> None:
        """Tell the app how much is waiting and why (``exc``, else the last failure's)."""
        if exc is not None:
            self._last_exc = exc
        message = f"{self._waiting()} ({self._why(self._last_exc)})"
        if only_if_new and message == self.last_error:
            return
        self.last_error = message
        self._tell(message)

    def _why(self, exc: HistoryError | None) -> str:
        if isinstance(exc, HistoryLockedError):
            return f"history locked: {self.store.path} is in use by another program"
        return str(exc)

    def _tell(self, message: str) -> None:
        callback, loop = self.on_error, self._loop
        if callback is None:
            return
        if loop is None or threading.get_ident() == self._loop_thread:
            callback(message)
            return
        with contextlib.suppress(RuntimeError):  # the app has gone: close() says it at exit
            loop.call_soon_threadsafe(callback, message)
