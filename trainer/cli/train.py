"""`ezbac train DRILL` and the bare `ezbac` (the home screen).

The drill is loaded and checked before Textual starts, so an unknown drill or a broken file
is one line on stderr and exit status 2.  Textual is imported only inside the handlers.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from trainer.cli import COMMANDS, UsageError
from trainer.cli.options import add_db_argument

if TYPE_CHECKING:
    from trainer.tui.app import Hooks


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "train",
        help=COMMANDS["train"],
        description=(
            "Run a drill: a bundled drill's id (see 'ezbac drills list') or a path to a drill "
            "file. Keys are shown at the bottom of the screen; ctrl+q quits."
        ),
    )
    parser.add_argument("drill", metavar="DRILL", help="bundled drill id or drill file path")
    parser.add_argument("--trainee", metavar="NAME", help="who is training (this run only)")
    parser.add_argument(
        "--seed", type=int, metavar="N", help="deal the same coups again (any integer)"
    )
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
        raise UsageError(f"--trainee: {exc}") from None


def run_train(args: argparse.Namespace) -> int:
    from trainer.drills.catalog import load_drill

    trainee = _trainee(args)
    try:
        drill = load_drill(args.drill)
    except (ValueError, OSError) as exc:
        raise UsageError(_one_line(exc)) from None
    return _run(args.db, start=drill, trainee=trainee, seed=args.seed)


def open_home(args: argparse.Namespace) -> int:
    return _run(getattr(args, "db", None), start=None, trainee=None, seed=None)


def _run(db: str | None, **kwargs: Any) -> int:
    from trainer.tui.app import TrainerApp

    app = TrainerApp(hooks=history_hooks(db), **kwargs)
    app.run()
    return 0 if app.return_code in (None, 0) else int(app.return_code)



def history_hooks(db: str | None) -> Hooks:
    """The trainer app's Hooks wired to the history at ``db`` (--db, $EZBAC_DB, default).

    Called before Textual starts: a file that is not a history is a UsageError (one line,
    exit status 2), so nothing is trained against a history that cannot be written.
    """
    import atexit

    from trainer.history.hooks import Recorder
    from trainer.history.store import HistoryError, open_history
    from trainer.tui.app import Hooks

    try:
        store = open_history(db)
    except HistoryError as exc:
        raise UsageError(str(exc)) from None
    atexit.register(store.close)
    recorder = Recorder(store)
    return Hooks(
        on_answer=recorder.on_answer,
        on_session=recorder.on_session,
        due_count=recorder.due_count,
        progress=recorder.progress,
        review=recorder.review,
        report_errors_to=recorder.report_errors_to,
    )


def _one_line(exc: BaseException) -> str:
    """The error's lines joined with '; ' (a usage error is one line)."""
    lines = (line.strip() for line in str(exc).splitlines())
    return "; ".join(line for line in lines if line) or type(exc).__name__
