"""`ezbac audition`: an audition's sign-off sheet (PDF, or JSON for a school's own systems)
and the check of a sheet's verification code against the history (issue 23)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from trainer.cli.common import COMMANDS, UsageError
from trainer.cli.options import add_db_argument

if TYPE_CHECKING:
    from trainer.curriculum.model import Curriculum
    from trainer.history.audition_record import AuditionRecord
    from trainer.history.backend import HistoryStore

#: `verify`: the code is not this history's (unknown, or its rows changed).
EXIT_NOT_VERIFIED = 1


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "audition",
        help=COMMANDS["audition"],
        description=(
            "An audition's record: 'record' writes its printable sign-off sheet (PDF) or its\n"
            "JSON; 'verify' checks a sheet's verification code against the history\n"
            "(exit 0 verified, 1 not found or changed, 2 usage)."
        ),
        epilog=(
            "examples:\n"
            "  ezbac audition record --trainee Alex --out alex-audition.pdf\n"
            "  ezbac audition record 3f2a9c0e... --json\n"
            "  ezbac audition verify 3F2A9C0E-ABCD-EFGH-JKLM"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    record = actions.add_parser("record", help="write an audition's sign-off sheet")
    record.add_argument("run_id", nargs="?", metavar="RUN_ID", help="the audition's run id")
    record.add_argument("--trainee", metavar="NAME", help="their latest audition instead")
    record.add_argument("--out", metavar="FILE", help="where (default: audition-NAME-DATE.pdf)")
    record.add_argument("--json", action="store_true", help="JSON (to stdout unless --out)")
    record.add_argument(
        "--replace",
        action="store_true",
        help="replace a sign-off sheet already at FILE (never any other file)",
    )
    verify = actions.add_parser("verify", help="check a sheet's code against the history")
    verify.add_argument("code", metavar="CODE", help="the sheet's verification code")
    verify.add_argument("--json", action="store_true", help="the verified record as JSON")
    for each in (record, verify):
        each.add_argument(
            "--curriculum",
            metavar="FILE",
            help="the audition it is judged on (default: the ezbac folder's, else bundled)",
        )
        add_db_argument(each)
        each.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from trainer.history.store import HistoryError, db_is_missing, open_history, resolve_db

    if args.action == "record":
        run_id = _given(args.run_id, "RUN_ID")
        trainee = _given(args.trainee, "--trainee")
        if (run_id is None) == (trainee is None):
            raise UsageError("audition record: give a RUN_ID or --trainee NAME (one of them)")
    else:
        _given(args.code, "CODE")
    curriculum = _curriculum(args.curriculum)
    path = resolve_db(args.db)
    if db_is_missing(path):
        raise UsageError(f"no training history at {path}")
    try:
        with open_history(path, readonly=True) as store:
            if args.action == "verify":
                return _verify(store, args, curriculum)
            from trainer.history.audition_record import audition_record, find_run

            record = audition_record(store, find_run(store, run_id, trainee), curriculum)
    except HistoryError as exc:
        raise UsageError(str(exc)) from None
    return _write(record, args, _reads(path, args.curriculum))


def _given(value: str | None, what: str) -> str | None:
    """An argument given empty is an error; not given, None."""
    if value is not None and not value.strip():
        raise UsageError(f"{what}: empty")
    return None if value is None else value.strip()


def _curriculum(option: str | None) -> Curriculum:
    from trainer.curriculum.catalog import load_curriculum
    from trainer.curriculum.loader import CurriculumFileError

    try:
        curriculum = load_curriculum(option)
    except CurriculumFileError as exc:
        raise UsageError("\nezbac: error: ".join(exc.lines)) from None
    if curriculum.audition is None:
        raise UsageError(f"the curriculum {curriculum.name!r} sets no audition")
    return curriculum


def _verify(store: HistoryStore, args: argparse.Namespace, curriculum: Curriculum) -> int:
    from trainer.history.audition_record import NotVerifiedError, verify

    try:
        record = verify(store, args.code, curriculum)
    except NotVerifiedError as exc:
        print(f"not verified: {exc}")
        return EXIT_NOT_VERIFIED
    if args.json:
        print(json.dumps(record.as_json(), indent=2, ensure_ascii=False))
    else:
        outcome = "passed" if record.passed else "failed"
        print(
            f"verified: {record.run.trainee}'s audition at {record.school}, "
            f"{record.run.started_at:%Y-%m-%d}, proctor {record.proctor}: {outcome}"
        )
    return 0


def _reads(history: object, curriculum: str | None) -> list[tuple[Path, str]]:
    """The files `record` reads, which its sheet may never replace: the history (and the
    files SQLite keeps beside it) and a curriculum file."""
    from trainer.paths import history_files

    reads: list[tuple[Path, str]] = []
    if isinstance(history, Path):
        reads += [(p, "the history") for p in history_files(history)]
    if curriculum is not None and Path(curriculum).expanduser().exists():
        reads.append((Path(curriculum).expanduser(), "the curriculum file"))
    return reads


def _write(record: AuditionRecord, args: argparse.Namespace, reads: list[tuple[Path, str]]) -> int:
    from trainer.history.sheet_files import write_sheet

    out, as_json = args.out, args.json
    if as_json:
        text = json.dumps(record.as_json(), indent=2, ensure_ascii=False) + "\n"
        if out is None:
            sys.stdout.write(text)
            return 0
        data = text.encode()
    else:
        from trainer.history.sheet import sign_off_pdf

        data = sign_off_pdf(record)
    target = Path(out).expanduser() if out is not None else Path(record.file_name("pdf"))
    try:
        write_sheet(
            target,
            data,
            "json" if as_json else "pdf",
            reads=reads,
            replace=args.replace,
            replace_how="give --replace (or delete it first)",
        )
    except OSError as exc:
        from trainer.paths import os_error_line

        raise UsageError(os_error_line(exc)) from None
    print(f"{target}: {record.run.trainee}'s audition, verification code {record.code}")
    return 0
