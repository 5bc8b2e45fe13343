"""`ezbac report`: what each trainee has done, for instructors."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from trainer.cli.common import COMMANDS, UsageError, error_joiner, refused
from trainer.cli.options import add_db_argument, since_from
from trainer.i18n import _

if TYPE_CHECKING:
    from datetime import datetime

    from trainer.cli.parser import Parser
    from trainer.curriculum.model import Curriculum
    from trainer.history.store import HistoryStore


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    parser = sub.add_parser(
        "report",
        help=_(COMMANDS["report"]),
        description=(
            _(
                "Per trainee: sessions, questions answered, accuracy and average time per\n"
                "skill family, the last drill passed or failed, and the weakest skills.\n"
                "With --attempts: every run of a drill instead, one line each."
            )
        ),
        epilog=(
            _(
                "examples:\n"
                "  ezbac report\n"
                "  ezbac report --trainee ana --since 2024-09-01\n"
                "  ezbac report --attempts --trainee ana --format csv\n"
                "  ezbac report --format csv --db /srv/school/history.sqlite3 > class.csv"
            )
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--trainee", metavar="NAME", help=_("only this trainee"))
    parser.add_argument(
        "--since", metavar="DATE", help=_("only answers and sessions from DATE on (YYYY-MM-DD)")
    )
    parser.add_argument(
        "--format", choices=("table", "csv", "json"), default="table", help=_("output format")
    )
    parser.add_argument(
        "--attempts",
        action="store_true",
        help=_("list every run (finished, abandoned or cut off) instead of the summary"),
    )
    parser.add_argument(
        "--path",
        action="store_true",
        help=_("each trainee's place on the curriculum's path (readiness, each skill's mastery)"),
    )
    parser.add_argument(
        "--curriculum",
        metavar="FILE",
        help=_("with --path: another path than the folder's or bundled"),
    )
    add_db_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from trainer.history.store import (
        HistoryError,
        db_is_missing,
        db_path_is_explicit,
        open_history,
        resolve_db,
    )

    since = since_from(args)
    if args.path and (args.attempts or args.since):
        raise UsageError(
            _("--path: the path is judged on every answer; leave out --attempts and --since")
        )
    if args.curriculum and not args.path:
        raise UsageError(_("--curriculum: only with --path"))
    curriculum = _curriculum(args.curriculum) if args.path else None
    path = resolve_db(args.db)
    if db_is_missing(path) and not db_path_is_explicit(args.db):
        message = _("No training history yet ({path} does not exist): train a drill first.").format(
            path=path
        )
        return _nothing(args, since, message)
    try:
        with open_history(path, readonly=True) as store:  # reading never changes the file
            if args.trainee is not None:
                args.trainee = named_trainee(store, args.trainee)
            text = _render(args, since, store, curriculum)
            known = store.trainees() if args.trainee and text is None else []
    except HistoryError as exc:
        raise refused(exc) from None
    if text is None:
        message = _nothing_recorded(args, path)
        if known:
            shown = ", ".join(known[:10]) + (", ..." if len(known) > 10 else "")
            message += " " + _("Trainees on record: {names}.").format(names=shown)
        return _nothing(args, since, message)
    sys.stdout.write(text)
    return 0


def _nothing_recorded(args: argparse.Namespace, path: object) -> str:
    """ "No answers recorded for trainee 'ana' since 2024-09-01 in PATH." in the language."""
    from trainer.cli.common import quote

    runs = bool(args.attempts)
    if args.trainee and args.since:
        text = (
            _("No runs recorded for trainee {name} since {date} in {path}.")
            if runs
            else _("No answers recorded for trainee {name} since {date} in {path}.")
        )
    elif args.trainee:
        text = (
            _("No runs recorded for trainee {name} in {path}.")
            if runs
            else _("No answers recorded for trainee {name} in {path}.")
        )
    elif args.since:
        text = (
            _("No runs recorded since {date} in {path}.")
            if runs
            else _("No answers recorded since {date} in {path}.")
        )
    else:
        text = _("No runs recorded in {path}.") if runs else _("No answers recorded in {path}.")
    return text.format(name=quote(args.trainee or ""), date=args.since, path=path)


def named_trainee(store: HistoryStore, typed: str) -> str:
    """The trainee ``--trainee`` names (any case: trainer.history.people.trainee_named);
    a name no roster may hold is a usage error naming the option."""
    from trainer.history.people import PersonError, trainee_named

    try:
        return trainee_named(store, typed)
    except PersonError as exc:
        from trainer.words.record import typed_problem

        raise UsageError(f"--trainee: {typed_problem(str(exc))}") from None


def _render(
    args: argparse.Namespace,
    since: datetime | None,
    store: HistoryStore,
    curriculum: Curriculum | None = None,
) -> str | None:
    """The report asked for (with ``curriculum``: the path report), as text; None when there
    is nothing in it."""
    from trainer.history.report import build_attempts, build_report, render, render_attempts

    table = args.format == "table"
    if table:  # words only for people: CSV and JSON load no catalogue's wording
        from trainer.words.report import attempts_table, paths_table, report_table
    if curriculum is not None:
        from trainer.history.path_report import build_paths, render_paths

        if args.trainee and args.trainee not in store.trainees():
            return None
        paths = build_paths(store, curriculum, args.trainee)
        if not paths:
            return None
        return paths_table(paths) if table else render_paths(paths, args.format)
    if args.attempts:
        attempts = build_attempts(store, args.trainee, since)
        if not attempts:
            return None
        return attempts_table(attempts) if table else render_attempts(attempts, args.format, since)
    report = build_report(store, args.trainee, since)
    if not report.trainees:
        return None
    return report_table(report) if table else render(report, args.format)


def _nothing(args: argparse.Namespace, since: datetime | None, message: str) -> int:
    """Nothing to report: the message alone for a table; for CSV and JSON the message on
    stderr and an empty document on stdout, so a script reading stdout still gets one."""
    from trainer.history.report import Report, render, render_attempts

    if args.format == "table":
        print(message)
        return 0
    print(message, file=sys.stderr)
    if args.path:
        from trainer.history.path_report import render_paths

        sys.stdout.write(render_paths((), args.format))
    elif args.attempts:
        sys.stdout.write(render_attempts((), args.format, since))
    else:
        sys.stdout.write(render(Report(since, args.trainee, ()), args.format))
    return 0


def _curriculum(option: str | None) -> Curriculum:
    from trainer.curriculum.catalogue import load_curriculum
    from trainer.curriculum.loader import CurriculumFileError

    try:
        return load_curriculum(option)
    except CurriculumFileError as exc:
        from trainer.words.files import problem_lines

        raise UsageError(error_joiner().join(problem_lines(exc))) from None
