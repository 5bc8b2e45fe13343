"""`ezbac train DRILL` and the bare `ezbac` (the home screen).

The drill is loaded and checked before Textual starts, so an unknown drill or a broken file
is one line on stderr and exit status 2.  Textual is imported only inside the handlers.
"""

from __future__ import annotations

import argparse
from typing import Any

from trainer.cli import COMMANDS, UsageError
from trainer.cli.report import add_db_argument


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
    parser.add_argument("--trainee", metavar="NAME", help="who is training (remembered)")
    parser.add_argument(
        "--seed", type=int, metavar="N", help="deal the same coups again (any integer)"
    )
    add_db_argument(parser)
    parser.set_defaults(handler=run_train)


def _trainee(args: argparse.Namespace) -> str | None:
    name = getattr(args, "trainee", None)
    if name is None:
        return None
    name = " ".join(name.split())
    if not name:
        raise UsageError("--trainee: the name is empty")
    if len(name) > 40:
        raise UsageError("--trainee: the name is longer than 40 characters")
    return name


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
    from trainer.history.hooks import tui_hooks
    from trainer.tui.app import TrainerApp

    app = TrainerApp(hooks=tui_hooks(db), **kwargs)
    app.run()
    return 0 if app.return_code in (None, 0) else int(app.return_code)



def _one_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0] if "\n" not in text else "; ".join(
        line.strip() for line in text.splitlines() if line.strip()
    )
