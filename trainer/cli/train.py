"""`ezbac train DRILL` and the bare `ezbac` (the home screen).

The drill is loaded and checked before Textual starts, so an unknown drill or a broken file
is one line on stderr and exit status 2.  Textual is imported only inside the handlers, and
the shared options (argparse and all) only when a line is parsed: the bare `ezbac` parses
nothing.
"""

from __future__ import annotations

import sys
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from trainer.cli.common import COMMANDS, EXIT_USAGE, UsageError, error_joiner, error_line
from trainer.i18n import N_, _

if TYPE_CHECKING:
    import argparse

    from trainer.cli.parser import Parser
    from trainer.history.audition_record import AuditionRecord
    from trainer.history.hooks import Recorder
    from trainer.tui.app import HistoryPort

#: `ezbac train review`: the trainee's spaced review, built from the history.
REVIEW = "review"
REVIEW_QUESTIONS = 20  # trainer.history.review.DEFAULT_QUESTIONS (not imported at start-up)


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    from trainer.cli.options import add_db_argument, add_house_argument, seed_number, whole_number

    parser = sub.add_parser(
        "train",
        help=_(COMMANDS["train"]),
        description=(
            _(
                "Run a drill: a bundled drill's id (see 'ezbac drills list') or a path to a drill "
                "file; 'review' runs your spaced review. Keys are shown at the bottom of the "
                "screen; ctrl+q quits."
            )
        ),
    )
    parser.add_argument(
        "drill", metavar="DRILL", help=_("bundled drill id, drill file path, or 'review'")
    )
    parser.add_argument("--trainee", metavar="NAME", help=_("who is training (this run only)"))
    parser.add_argument(
        "--seed", type=seed_number, metavar="N", help=_("deal the same coups again (0 or more)")
    )
    parser.add_argument(
        "--questions",
        type=lambda text: whole_number(text, 0, 1_000_000),  # ASCII digits; range: run_review
        metavar="N",
        help=_("review only: how many questions (default {count})").format(count=REVIEW_QUESTIONS),
    )
    parser.add_argument(
        "--curriculum",
        metavar="FILE",
        help=_("the path to follow (default: curriculum.yaml in the ezbac folder, else bundled)"),
    )
    add_house_argument(parser)
    add_db_argument(parser)
    parser.set_defaults(handler=run_train)


def _trainee(args: argparse.Namespace) -> str | None:
    from trainer.prefs import trainee_name

    name = getattr(args, "trainee", None)
    if name is None:
        return None
    try:
        return trainee_name(name)
    except ValueError as exc:
        from trainer.cli.options import worded
        from trainer.words.record import typed_problem

        raise UsageError(f"--trainee: {typed_problem(worded(exc))}") from None


#: How long a trainer starting while every connection slot of the history server is taken
#: waits for one (its store tries again after a growing pause) to read the school's settings.
START_WAIT_SECONDS = 30.0


def signin_on(recorder: Recorder) -> bool:
    """Whether the school turned sign-in on for this history (trainer.history.people);
    a history that cannot say is taken as off, as before sign-in existed.  A server with
    every connection slot taken is waited for (``START_WAIT_SECONDS``), never taken as
    off: a full server must not open the trainer without its sign-in."""
    import time

    from trainer.history.people import policy
    from trainer.history.store import HistoryError, ServerFullError

    deadline = time.monotonic() + START_WAIT_SECONDS
    said = False
    while True:
        try:
            return policy(recorder.store).signin
        except ServerFullError:
            left = deadline - time.monotonic()
            if left <= 0:
                raise UsageError(
                    _(
                        "{path}: every connection slot of the history server has been taken "
                        "for {seconds} s: try again in a while, or put a pooler in front of it "
                        "(docs/schools.md)"
                    ).format(path=recorder.store.path, seconds=f"{START_WAIT_SECONDS:g}")
                ) from None
            if not said:
                _say(
                    _(
                        "ezbac: every connection slot of the history server is taken: waiting "
                        "up to {seconds} s for one"
                    ).format(seconds=f"{START_WAIT_SECONDS:g}")
                )
                said = True
            time.sleep(min(left, 0.2))  # the store itself asks the server after its pause
        except HistoryError:
            return False


def run_train(args: argparse.Namespace) -> int:
    from trainer.drills.catalogue import load_drill
    from trainer.drills.errors import DrillFileError

    trainee = _trainee(args)
    if args.drill == REVIEW:
        return run_review(args, trainee)
    if args.questions is not None:
        raise UsageError(
            _(
                "--questions: only the review takes a length (ezbac train review --questions "
                "N); a drill's length is its file's 'questions'"
            )
        )
    try:
        drill = load_drill(args.drill)
    except DrillFileError as exc:  # every problem, one a line, as `ezbac drills validate`
        from trainer.words.files import problem_lines

        for line in problem_lines(exc):
            print(error_line(line), file=sys.stderr)
        return EXIT_USAGE
    except (ValueError, OSError) as exc:
        raise UsageError(_one_line(exc)) from None
    if args.house:  # the drill under another house: its bets must keep to that house's limits
        from trainer.cli.options import house_of_args
        from trainer.engine.errors import HouseLimitError
        from trainer.houses.drills import under_house
        from trainer.words.said import say

        try:
            drill = under_house(drill, house_of_args(args))
        except HouseLimitError as exc:  # each problem in the language spoken
            raise UsageError(error_joiner().join(map(say, exc.problems))) from None
    recorder = history_recorder(args.db, args.curriculum)
    if trainee is not None and signin_on(recorder):
        raise UsageError(_(NO_TRAINEE))
    return _run(args.db, recorder, start=drill, trainee=trainee, seed=args.seed)


def open_home(db: str | None) -> int:
    """The bare `ezbac` (or `ezbac --db X`): the home screen on the history at ``db``."""
    return _run(db, start=None, trainee=None, seed=None)


#: With sign-in on, nobody trains under a name typed on the command line.
NO_TRAINEE = N_(
    "--trainee: sign-in is on for this history: each person signs in at the trainer's first screen"
)


def run_review(args: argparse.Namespace, trainee: str | None) -> int:
    """The spaced review of ``trainee`` (or the remembered one), ``--questions`` long."""
    from trainer.history.review import MAX_QUESTIONS, NothingDueError
    from trainer.prefs import load_settings

    if args.questions is not None and not 1 <= args.questions <= MAX_QUESTIONS:
        raise UsageError(
            _("--questions: a review is 1 to {most} questions, not {given}").format(
                most=MAX_QUESTIONS, given=args.questions
            )
        )
    recorder = history_recorder(args.db, args.curriculum)
    if signin_on(recorder):
        raise UsageError(
            _(NO_TRAINEE)
            if trainee
            else _(
                "train review: sign-in is on for this history: sign in at the trainer "
                "(ezbac) and press r for your review"
            )
        )
    name = trainee or load_settings().settings.trainee.strip()
    if not name:
        raise UsageError(_("train review: whose review? give --trainee NAME"))
    try:
        drill = recorder.review(name, None, args.questions)
    except NothingDueError as exc:
        from trainer.words.record import nothing_due

        print(_("{nothing_due}.").format(nothing_due=nothing_due(exc)))
        return 0
    return _run(args.db, start=drill, trainee=trainee, seed=args.seed, recorder=recorder)


def _run(
    db: str | None,
    recorder: Recorder | None = None,
    curriculum: str | None = None,
    **kwargs: Any,
) -> int:
    import gc

    from trainer.paths import user_drills_dir
    from trainer.signals import ShutdownGuard, exit_on_signals
    from trainer.tui.app import TrainerApp
    from trainer.tui.collector import BetweenKeys

    user_drills_dir()  # an unreadable drills folder: one line now, not a crash on screen
    if recorder is None:
        recorder = history_recorder(db, curriculum)
    desk = None
    if signin_on(recorder):  # the school's sign-in: every trainer starts at it
        from trainer.history.signing_in import Desk

        desk = Desk(recorder.store)
    app = TrainerApp(hooks=recorder_hooks(recorder), desk=desk, **kwargs)
    # a shutdown that cannot end (the terminal gone) is ended by the guard, history closed
    app.shutdown_guard = guard = ShutdownGuard(app, lambda: _close(recorder))
    # What starting made (modules, classes, the history's store, the app) lives as long as
    # the app: frozen, the cyclic collector stops rescanning it.  Otherwise its first full
    # pass falls in the first screen's paint, about a sixth of the trainer's start-up cost
    # over a bare Textual app (docs/decisions.md, "The home screen comes up before what a
    # drill needs"; tests/benchmarks/bench_tui.py launch).
    gc.freeze()
    # and no collection at all until the first screen is painted: the layouts and paint
    # before it made about forty (docs/performance.md); from then on, only between keys
    # (trainer.tui.collector)
    BetweenKeys().attach(app)
    with exit_on_signals(app, guard):  # SIGTERM/SIGHUP/SIGINT: terminal restored, drill abandoned
        try:
            gc.disable()
            app.run()
        finally:
            gc.enable()
            gc.unfreeze()  # collected as usual again (a caller in the same process goes on)
            guard.disarm()
    _close(recorder)
    return 0 if app.return_code in (None, 0) else int(app.return_code)


def _close(recorder: Recorder) -> None:
    """Wait (a bounded time) for the answers still queued; say what could not be saved."""
    from trainer.words.history import notice

    if recorder.pending_count():
        _say(
            _("ezbac: {waiting}; waiting up to {seconds} s").format(
                waiting=notice(recorder.waiting_message()), seconds=f"{EXIT_WAIT_SECONDS:g}"
            )
        )
    unsaved = recorder.close(timeout=EXIT_WAIT_SECONDS)
    if unsaved:  # never dropped silently
        _say(_("ezbac: {notice}").format(notice=notice(recorder.unsaved_message(unsaved))))


def _say(line: str) -> None:
    with suppress(OSError, ValueError):  # the terminal is gone: nowhere to say it
        print(line, file=sys.stderr, flush=True)


#: How long the trainer waits at exit for answers queued behind another program's lock.
EXIT_WAIT_SECONDS = 5.0


def history_recorder(db: str | None, curriculum: str | None = None) -> Recorder:
    """The recorder for the history at ``db`` (--db, $EZBAC_DB, default).

    Called before Textual starts: a file that is not a history is a UsageError (one line,
    exit status 2), so nothing is trained against a history that cannot be written.
    """
    import atexit

    from trainer.history.hooks import RECORDER_BUSY_MS, Recorder
    from trainer.history.store import HistoryError, open_history

    try:
        # a server with every slot taken is waited for: answers spool meanwhile
        store = open_history(db, busy_timeout_ms=RECORDER_BUSY_MS, wait_when_full=True)
    except HistoryError as exc:
        from trainer.words.history import problem

        raise UsageError(problem(exc)) from None
    atexit.register(store.close)
    return Recorder(store, curriculum=curriculum, sheet_pdf=_sheet_pdf)


def _sheet_pdf(record: AuditionRecord, signed: dict[str, Any] | None) -> bytes:
    """An audition's sheet in words, in the language spoken when it is written (the
    person's own once the roster keeps one: trainer.words.sheet.sheet_language); the words
    are loaded only when a sheet is asked for, never at home."""
    from trainer.words.sheet import sign_off_pdf

    return sign_off_pdf(record, signed)


def history_hooks(db: str | None) -> HistoryPort:
    """The trainer app's HistoryPort wired to the history at ``db`` (see history_recorder)."""
    return recorder_hooks(history_recorder(db))


def recorder_hooks(recorder: Recorder) -> HistoryPort:
    from trainer.tui.app import HistoryPort

    return HistoryPort(
        on_answer=recorder.on_answer,
        on_session=recorder.on_session,
        due_count=recorder.due_count,
        progress=recorder.progress,
        review=recorder.review,
        report_errors_to=recorder.report_errors_to,
        watch_waiting=recorder.watch_waiting,
        send_waiting=recorder.send_waiting,
        class_view=recorder.class_view,
        path=recorder.path,
        path_picture=recorder.path_picture,
        curriculum=recorder.curriculum,
        sign_off=recorder.sign_off,
        sign_sheet=recorder.sign_sheet,
        retake_from=recorder.retake_from,
        retake=recorder.retake,
    )


def _one_line(exc: BaseException) -> str:
    """The error's lines joined with '; ' (a usage error is one line)."""
    from trainer.words.files import error_text

    lines = (line.strip() for line in error_text(exc).splitlines())
    return "; ".join(line for line in lines if line) or type(exc).__name__
