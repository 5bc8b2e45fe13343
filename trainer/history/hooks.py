"""The history as the trainer app sees it: a recorder that never takes the drill down.

A write that fails (the file locked by another program, a database server gone away, a full
disk) must neither crash nor freeze a trainee's drill, nor lose the answer.  Each record is
written at once while nothing is waiting (the store's busy timeout is short on this path);
one that cannot be written goes to the local spool (trainer.history.spool: a file under
``$EZBAC_HOME``, one per history), and so does every record after it until the spool is
empty, so the history always gets them in the order given.

The spool is sent oldest first by ``send_waiting``: in a thread started by the next record
given, by the trainer's periodic worker (trainer.tui.app), at exit (``close``, a bounded
wait) and at the next launch (a recorder finding a spool left by an earlier run sends it
before anything new).  Each record leaves the spool only once the history has committed it,
and answers carry a key, so one sent twice (the trainer died in between) is stored once.

The app is told (``on_error``, run on its own thread) how many answers are waiting and why,
and again when they are all saved; ``watch_waiting`` gives it a line for the screen
("3 answers waiting for the history") that follows the count.  What is still waiting at exit
is said, with the spool's path: it is sent the next time the trainer starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from trainer.history.scheduler import due_count
from trainer.history.spool import Entry, Spool
from trainer.history.store import HistoryError, HistoryLockedError, HistoryStore

if TYPE_CHECKING:  # the progress screen and the review load these when first opened
    from trainer.curriculum.model import Curriculum
    from trainer.drills.model import Drill
    from trainer.engine.said import Said
    from trainer.history.audition_record import AuditionRecord
    from trainer.history.class_view import ClassData
    from trainer.history.mastery import PathPicture, PathProgress
    from trainer.history.progress import ProgressData
    from trainer.session.audition import Retake
    from trainer.session.records import AnswerRecord, SessionRecord

    #: An audition's sign-off sheet as PDF bytes: the record, and its signature if signed.
    SheetPdf = Callable[[AuditionRecord, dict[str, Any] | None], bytes]

#: The store's busy timeout for the trainer: a write that waits longer is spooled instead.
RECORDER_BUSY_MS = 200
#: Records sent from the spool between two rewrites of it (each rewrite is fsync'd).
SEND_BATCH = 25


def spool_target(store: HistoryStore) -> str:
    """What names the store's history for its spool: the file's resolved path, or the
    server's address without its password."""
    if isinstance(store.path, Path):
        return str(store.path.resolve())
    return str(store.path)


#: The most batches one send goes through (SEND_BATCH records each) before it yields.
MAX_SEND_PASSES = 10_000


#: What the recorder hands the app: a line to show, or what waits (worded at the edges).
_Said = TypeVar("_Said")


@dataclass(frozen=True)
class Pending:
    """How many records a notice is about: answers and session records (worded at the edges,
    ``trainer.words.history``); its ``str`` is the English ("3 answers and 1 session
    record", "nothing")."""

    answers: int
    sessions: int

    def __str__(self) -> str:
        parts = [f"{self.answers} answer{'s' * (self.answers != 1)}"] if self.answers else []
        if self.sessions > 0:
            parts.append(f"{self.sessions} session record{'s' * (self.sessions != 1)}")
        return " and ".join(parts) or "nothing"


def message(exc: BaseException) -> str:
    """An error's message as raised: a ``Said`` kept whole for the edges to word."""
    if len(exc.args) == 1 and isinstance(exc.args[0], str):
        return exc.args[0]
    return str(exc)


@dataclass(frozen=True)
class Waiting:
    """What waits in the local spool for the history: its answers, and its records of any
    kind (answers and sessions).  The screen words it ("3 answers waiting for the
    history"); nothing waits when ``records`` is 0."""

    answers: int
    records: int


class Recorder:
    """``on_answer``/``on_session`` for the session, ``due_count`` for the home screen,
    ``progress`` for the progress screen, ``send_waiting`` for the app's periodic worker."""

    def __init__(
        self,
        store: HistoryStore,
        on_error: Callable[[str], Any] | None = None,
        *,
        spool: Spool | None = None,
        curriculum: str | Path | None = None,
        sheet_pdf: SheetPdf | None = None,
    ) -> None:
        self.store = store
        #: Writes an audition's sign-off sheet as PDF bytes in words (the edge's
        #: trainer.words.sheet.sign_off_pdf): the history has none of its own.
        self.sheet_pdf = sheet_pdf
        #: The curriculum to follow (--curriculum), else the folder's or the bundled one;
        #: loaded when the path is first asked for (after the home screen is up).
        self.curriculum_option = curriculum
        self._curriculum: Curriculum | None = None
        self._curriculum_problem = False  # said once, not at every look at home
        self.on_error = on_error
        self.spool = spool if spool is not None else Spool.for_target(spool_target(store))
        self.last_error: str | None = None
        self._last_exc: HistoryError | None = None  # why the waiting records are waiting
        self._save_lock = threading.Lock()  # a record is written or spooled, one at a time
        self._send_lock = threading.Lock()  # one sender at a time in this process
        self._sender: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread: int | None = None
        self._on_waiting: Callable[[Waiting], Any] | None = None
        self._shown_waiting: Waiting | None = None
        self._reported: set[str] = set()  # damaged spool lines already said
        if self.spool.waiting():  # left by an earlier run: sent before anything new
            self._kick()

    # -- the session's recorder ---------------------------------------------------------------

    def on_answer(self, record: AnswerRecord) -> None:
        self._save(Entry("answer", uuid.uuid4().hex, record))

    def on_session(self, record: SessionRecord) -> None:
        self._save(Entry("session", uuid.uuid4().hex, record))

    def pending_count(self) -> int:
        """Records given but not yet in the history (waiting in the spool)."""
        return self.spool.waiting()

    # -- what the screens read ----------------------------------------------------------------

    def due_count(self, trainee: str, now: datetime | None = None) -> int | None:
        try:
            return due_count(self.store, trainee, now)
        except HistoryError as exc:
            self._tell(message(exc))
            return None

    def progress(self, trainee: str, now: datetime | None = None) -> ProgressData | None:
        """What the progress screen shows; None (and on_error) when the history cannot be read."""
        from trainer.history.progress import progress_data

        try:
            return progress_data(self.store, trainee, now)
        except HistoryError as exc:
            self._tell(message(exc))
            return None

    def curriculum(self) -> Curriculum | None:
        """The curriculum followed, loaded once; None (and on_error) when it cannot be used."""
        if self._curriculum is None and not self._curriculum_problem:
            from trainer.curriculum.catalogue import load_curriculum
            from trainer.errors import BadInputError

            try:
                self._curriculum = load_curriculum(self.curriculum_option)
            except BadInputError as exc:  # a broken file, or a folder that cannot be read
                self._curriculum_problem = True
                from trainer.engine.said import Said

                first = str(exc).splitlines()[0]  # a file's problem at file:line:column
                self._tell(Said("the path cannot be shown: {why}", why=first))
                return None
        return self._curriculum

    def retake_from(self, trainee: str) -> datetime | None:
        """When ``trainee`` may sit the audition again after failing their last one (the
        curriculum's retake_days after it); None when nothing waits or it cannot be read."""
        from datetime import timedelta

        from trainer.history.audition_record import audition_runs

        curriculum = self.curriculum()
        if curriculum is None or curriculum.audition is None:
            return None
        try:
            runs = audition_runs(self.store, trainee)
        except HistoryError as exc:
            self._tell(message(exc))
            return None
        if not runs or runs[-1].passed:
            return None
        return runs[-1].started_at + timedelta(days=curriculum.audition.retake_days)

    def retake(self, trainee: str) -> Retake | None:
        """The retake of single areas ``trainee``'s last audition named (judged "retake
        areas" from its answers), or None: none was sat, it passed or failed whole, or it
        cannot be read (said through on_error)."""
        from trainer.history.audition_record import (
            RetakeLinkError,
            audition_record,
            audition_runs,
        )
        from trainer.session.audition import NotRetakeableError, Outcome
        from trainer.session.audition import Retake as RetakeOf

        curriculum = self.curriculum()
        if curriculum is None or curriculum.audition is None:
            return None
        try:
            runs = audition_runs(self.store, trainee)
            if not runs or runs[-1].passed:
                return None
            record = audition_record(self.store, runs[-1], curriculum)
        except (HistoryError, RetakeLinkError) as exc:
            self._tell(message(exc))
            return None
        if record.verdict.outcome is not Outcome.RETAKE_AREAS:
            return None
        try:
            return RetakeOf.of(runs[-1].session_id, record.verdict, record.counted)
        except NotRetakeableError as exc:
            self._tell(message(exc))
            return None

    def sign_off(self, run_id: str) -> Path:
        """Write the sign-off sheet (PDF) of the audition run ``run_id`` into the ezbac
        folder's auditions/ and return where; an EzbacError says why not (no curriculum, the
        run not yet in the history, a folder that cannot be written)."""
        from trainer.errors import UnavailableError
        from trainer.paths import os_error_line, user_data_dir

        sign_off_pdf = self._sheet_pdf()
        record, curriculum = self._sheet_record(run_id)
        from trainer.history.sheet_files import write_out

        target = user_data_dir() / "auditions" / record.file_name("pdf")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            # ezbac's own folder: a sheet there is replaced (the same audition's, that day),
            # anything else put there under its name is not
            write_out(
                target,
                lambda: sign_off_pdf(record, None),  # made once the place is found fit
                "pdf",
                reads=self._reads(curriculum),
                replace=True,
            )
        except OSError as exc:
            raise UnavailableError(os_error_line(exc)) from None
        return target

    def sign_sheet(self, run_id: str, key: str, passphrase: str) -> Path:
        """Write the sheet of the audition run ``run_id`` signed with the school's key file
        ``key`` (its ``.pub`` beside it) into the ezbac folder's auditions/, and return where;
        an EzbacError says why not (a bad key file or passphrase: one line, never the
        passphrase)."""
        from trainer.errors import BadInputError, UnavailableError
        from trainer.history.sheet_files import write_out
        from trainer.history.signing import open_signer, sign_record
        from trainer.paths import os_error_line, user_data_dir

        sign_off_pdf = self._sheet_pdf()
        if not key.strip() or not passphrase:
            from trainer.engine.said import Said

            raise BadInputError(Said("give the key file and its passphrase"))
        key_file = Path(key.strip()).expanduser()
        signer = open_signer(key_file, passphrase.encode())
        record, curriculum = self._sheet_record(run_id)
        signed = sign_record(record.signed_record(), signer)
        target = user_data_dir() / "auditions" / record.file_name("signed.pdf")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            reads = [
                *self._reads(curriculum),
                (key_file, "the school's key"),
                (key_file.with_suffix(".pub"), "the school's public key"),
            ]
            write_out(
                target, lambda: sign_off_pdf(record, signed), "pdf", reads=reads, replace=True
            )
        except OSError as exc:
            raise UnavailableError(os_error_line(exc)) from None
        return target

    def _sheet_pdf(self) -> SheetPdf:
        """What writes a sheet in words; UnavailableError when none was given."""
        from trainer.errors import UnavailableError

        if self.sheet_pdf is None:
            from trainer.engine.said import Said

            raise UnavailableError(Said("no sign-off sheet can be written in this run"))
        return self.sheet_pdf

    def _sheet_record(self, run_id: str) -> tuple[AuditionRecord, Curriculum]:
        """The record of the audition run ``run_id`` a sheet is made of, and the curriculum
        it is judged on; UnavailableError when there is no curriculum or no such run."""
        from trainer.errors import UnavailableError
        from trainer.history.audition_record import audition_record, find_run

        curriculum = self.curriculum()
        if curriculum is None:
            from trainer.engine.said import Said

            raise UnavailableError(Said("no curriculum: the sheet cannot be judged"))
        try:
            record = audition_record(self.store, find_run(self.store, run_id, None), curriculum)
        except HistoryError as exc:
            raise UnavailableError(message(exc)) from None
        return record, curriculum

    def _reads(self, curriculum: Curriculum) -> list[tuple[Path, str]]:
        """The files a sheet is read from: the history (and the files SQLite keeps beside
        it) and the curriculum; a sheet never goes over one, whatever link leads there."""
        from trainer.history.sheet_files import history_reads

        files = history_reads(self.store.path) if isinstance(self.store.path, Path) else []
        if curriculum.source is not None:
            files.append((curriculum.source, "the curriculum file"))
        return files

    def path(self, trainee: str, now: datetime | None = None) -> PathProgress | None:
        """``trainee``'s place on the path (home); None when it cannot be read (said)."""
        from trainer.history.mastery import path_progress

        curriculum = self.curriculum()
        if curriculum is None:
            return None
        try:
            return path_progress(self.store, trainee, curriculum)
        except HistoryError as exc:
            self._tell(message(exc))
            return None

    def path_picture(self, trainee: str, now: datetime | None = None) -> PathPicture | None:
        """The path screen's picture: mastery per module, accuracy and speed by day."""
        from trainer.history.mastery import path_picture

        curriculum = self.curriculum()
        if curriculum is None:
            return None
        try:
            return path_picture(self.store, trainee, curriculum)
        except HistoryError as exc:
            self._tell(message(exc))
            return None

    def class_view(self) -> ClassData | None:
        """The instructor's class screen's data; None (and on_error) when unreadable."""
        from trainer.history.class_view import build_class

        try:
            return build_class(self.store, curriculum=self.curriculum())
        except HistoryError as exc:
            self._tell(message(exc))
            return None

    def review(
        self, trainee: str, now: datetime | None = None, questions: int | None = None
    ) -> Drill:
        """The trainee's review drill, ``questions`` long (None: the default); a ValueError
        (NothingDueError, a bad length) says why there is none."""
        from trainer.history.review import DEFAULT_QUESTIONS, review_drill

        length = DEFAULT_QUESTIONS if questions is None else questions
        path = self.path(trainee, now) if trainee else None
        return review_drill(self.store, trainee, now, length, path=path)

    def report_errors_to(self, callback: Callable[[str], Any]) -> None:
        """Send problems to ``callback``; called from the app's event loop, whose thread then
        runs every later call (the sender's too)."""
        self.on_error = callback
        try:
            self._loop = asyncio.get_running_loop()
            self._loop_thread = threading.get_ident()
        except RuntimeError:  # not in a loop: call it directly
            self._loop = self._loop_thread = None
        self._report_damaged(self.spool.read().damaged)  # a spool left with only those too

    def watch_waiting(self, callback: Callable[[Waiting], Any]) -> None:
        """Call ``callback`` (on the app's thread, see report_errors_to) with what waits for
        the history whenever it changes (``Waiting``, nothing when both are 0): the screen
        words it."""
        self._on_waiting = callback
        self._shown_waiting = None
        self._show_waiting()

    # -- sending the spool ----------------------------------------------------------------------

    def send_waiting(self) -> int:
        """Send the spool, oldest first, until it is empty or the history refuses a record;
        how many records still wait.  Blocks while it writes: call it off the UI thread.  A
        call while another is sending (this process or another trainer) returns at once."""
        if not self._send_lock.acquire(blocking=False):
            return self.spool.waiting()
        try:
            with self.spool.sending() as mine:
                if mine:
                    self._send_all()
        finally:
            self._send_lock.release()
        return self.spool.waiting()

    def _send_all(self) -> None:
        """Batches until the spool is empty, the history refuses one, or a pass makes no
        progress (the spool could not drop what was sent): bounded, never a spin."""
        from trainer.engine.said import Said  # the engine loads once there is a notice

        had = False
        for _ in range(MAX_SEND_PASSES):
            contents = self.spool.read()
            self._report_damaged(contents.damaged)
            if not contents.entries:
                break
            had = True
            sent: set[str] = set()
            failed: HistoryError | None = None
            try:
                for entry in contents.entries[:SEND_BATCH]:
                    self._write(entry)
                    sent.add(entry.key)
            except HistoryError as exc:
                failed = exc
            try:
                self.spool.remove(sent)  # only what the history has committed
            except OSError as exc:  # sent again later, and skipped then (see the spool)
                self._tell(
                    Said(
                        "cannot rewrite the spool {path} ({why})",
                        path=str(self.spool.path),
                        why=exc.strerror or str(exc),
                    )
                )
                return
            self._show_waiting()
            if failed is not None:
                self._failed(failed, only_if_new=True)
                return
            if self.spool.waiting() >= len(contents.entries):  # nothing left the spool
                self._tell(
                    Said(
                        "the spool {path} kept what was sent: sent again later, and stored "
                        "once (each record has its key)",
                        path=str(self.spool.path),
                    )
                )
                return
        if had and self.last_error is not None and not self.spool.waiting():
            self.last_error = None
            self._tell(Said("all waiting answers are now saved"))

    def _kick(self) -> None:
        """Send the spool in a thread of its own (the trainee never waits for it)."""
        with self._save_lock:
            if self._sender is not None and self._sender.is_alive():
                return
            self._sender = threading.Thread(
                target=self.send_waiting, name="history-spool", daemon=True
            )
            self._sender.start()

    # -- exit ---------------------------------------------------------------------------------

    def close(self, timeout: float = 5.0) -> int:
        """Try for up to ``timeout`` seconds to send what waits; how many records still wait
        (kept in the spool for the next launch)."""
        deadline = time.monotonic() + timeout
        while self.spool.waiting():
            if self.send_waiting() == 0:
                break
            left = deadline - time.monotonic()
            if left <= 0:
                break
            time.sleep(min(left, 0.05))
        # a sender thread may still be finishing (saying all is saved): let it
        if self._send_lock.acquire(timeout=max(0.1, deadline - time.monotonic())):
            self._send_lock.release()
        return self.spool.waiting()

    def waiting_message(self) -> str:
        """How much waits, and why when known (said at exit before the last tries)."""
        return self.last_error or self._waiting()

    def unsaved_message(self, count: int) -> str:
        """What is said at exit about records still waiting."""
        from trainer.engine.said import Said  # the engine loads once there is a notice

        pending = self._waiting(count, queued=False)
        why = self._why(self._last_exc) if self._last_exc else None
        if self.spool.held:  # not even on disk
            problem = self.spool.problem or ""
            if why is None:
                return Said(
                    "{pending} could not be saved; {problem}", pending=pending, problem=problem
                )
            return Said(
                "{pending} could not be saved ({why}); {problem}",
                pending=pending,
                why=why,
                problem=problem,
            )
        path = str(self.spool.path)
        if why is None:
            return Said(
                "{pending} not yet in the history: kept in {path}, sent the next time ezbac "
                "starts with this history",
                pending=pending,
                path=path,
            )
        return Said(
            "{pending} not yet in the history ({why}): kept in {path}, sent the next time "
            "ezbac starts with this history",
            pending=pending,
            why=why,
            path=path,
        )

    # -- plumbing -----------------------------------------------------------------------------

    def _write(self, entry: Entry) -> None:
        if entry.kind == "answer":
            self.store.record_answer(entry.record, key=entry.key)  # type: ignore[arg-type]
        else:
            self.store.record_session(entry.record)  # type: ignore[arg-type]

    def _save(self, entry: Entry) -> None:
        failed: HistoryError | None = None
        with self._save_lock:
            if not self.spool.waiting():
                try:
                    self._write(entry)
                    return
                except HistoryError as exc:
                    failed = exc
            self.spool.append(entry)  # behind the others: sent in order
            self._failed(failed)  # said before the sender can have sent it
        self._kick()

    def _waiting(self, count: int | None = None, *, queued: bool = True) -> Said:
        from trainer.engine.said import Said  # the engine loads once there is a notice

        entries = self.spool.read().entries
        answers = sum(e.kind == "answer" for e in entries)
        others = (len(entries) if count is None else count) - answers
        pending = Pending(answers, max(others, 0))
        if queued:
            return Said("{pending} waiting to be saved", pending=pending)
        return Said("{pending}", pending=pending)

    def _failed(self, exc: HistoryError | None, *, only_if_new: bool = False) -> None:
        """Tell the app how much is waiting and why (``exc``, else the last failure's)."""
        from trainer.engine.said import Said  # the engine loads once there is a notice

        if exc is not None:
            self._last_exc = exc
        why = self._why(self._last_exc) if self._last_exc else Said("the history was busy")
        if self.spool.held:
            why = Said("{why}; {problem}", why=why, problem=self.spool.problem or "")
        self._show_waiting()
        if not self.spool.waiting():  # sent meanwhile
            return
        said = Said("{waiting} ({why})", waiting=self._waiting(), why=why)
        if only_if_new and said == self.last_error:
            return
        self.last_error = said
        self._tell(said)

    def _show_waiting(self) -> None:
        if self._on_waiting is None:
            return
        entries = self.spool.read().entries
        waiting = Waiting(sum(e.kind == "answer" for e in entries), len(entries))
        if waiting != self._shown_waiting:
            self._shown_waiting = waiting
            self._call(self._on_waiting, waiting)

    def _report_damaged(self, damaged: list[Any]) -> None:
        for line in damaged:
            text = line.said()
            if text not in self._reported:
                self._reported.add(text)
                self._tell(text)

    def _why(self, exc: HistoryError | None) -> str:
        from trainer.engine.said import Said  # the engine loads once there is a notice

        if isinstance(exc, HistoryLockedError):
            return Said(
                "history locked: {path} is in use by another program", path=str(self.store.path)
            )
        return str(exc) if exc is None else message(exc)

    def _tell(self, message: str) -> None:
        if self.on_error is not None:
            self._call(self.on_error, message)

    def _call(self, callback: Callable[[_Said], Any], message: _Said) -> None:
        loop = self._loop
        if loop is None or threading.get_ident() == self._loop_thread:
            callback(message)
            return
        with contextlib.suppress(RuntimeError):  # the app has gone: close() says it at exit
            loop.call_soon_threadsafe(callback, message)
