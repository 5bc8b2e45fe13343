"""`ezbac report`: what each trainee has done, for instructors."""

from __future__ import annotations

import argparse
import sys

from trainer.cli import COMMANDS, UsageError
from trainer.cli.options import add_db_argument


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "report",
        help=COMMANDS["report"],
        description=(
            "Per trainee: sessions, questions answered, accuracy and average time per\n"
            "skill family, the last drill passed or failed, and the weakest skills."
        ),
        epilog=(
            "examples:\n"
            "  ezbac report\n"
            "  ezbac report --trainee ana --since 2024-09-01\n"
            "  ezbac report --format csv --db /srv/school/history.sqlite3 > class.csv"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--trainee", metavar="NAME", help="only this trainee")
    parser.add_argument(
        "--since", metavar="DATE", help="only answers and sessions from DATE on (YYYY-MM-DD)"
    )
    parser.add_argument(
        "--format", choices=("table", "csv", "json"), default="table", help="output format"
    )
    add_db_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from trainer.history.report import BadDateError, build_report, parse_since, render
    from trainer.history.store import (
        HistoryError,
        db_path_is_explicit,
        open_history,
        resolve_db_path,
    )

    try:
        since = None if args.since is None else parse_since(args.since)
    except BadDateError as exc:
        raise UsageError(str(exc)) from None
    path = resolve_db_path(args.db)
    if not path.exists() and not db_path_is_explicit(args.db):
        print(f"No training history yet ({path} does not exist): train a drill first.")
        return 0
    try:
        with open_history(path, readonly=True) as store:  # reading never changes the file
            report = build_report(store, args.trainee, since)
            known = store.trainees() if args.trainee and not report.trainees else []
    except HistoryError as exc:
        raise UsageError(str(exc)) from None
    if not report.trainees:
        who = f" for trainee {args.trainee!r}" if args.trainee else ""
        when = f" since {args.since}" if args.since else ""
        message = f"No answers recorded{who}{when} in {path}."
        if known:
            shown = ", ".join(known[:10]) + (", ..." if len(known) > 10 else "")
            message += f" Trainees on record: {shown}."
        if args.format == "table":
            print(message)
            return 0
        print(message, file=sys.stderr)
    sys.stdout.write(render(report, args.format))
    return 0
