"""`ezbac history copy SRC DST`: move a whole history between SQLite files and PostgreSQL
servers, either way (see trainer.history.transfer for what is guaranteed)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from trainer.cli.common import COMMANDS, UsageError
from trainer.i18n import _

if TYPE_CHECKING:
    from trainer.cli.parser import Parser


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    parser = sub.add_parser(
        "history",
        help=_(COMMANDS["history"]),
        description=_("Work on a whole history: for now, copy it to another store."),
    )
    actions = parser.add_subparsers(
        dest="action", metavar="ACTION", required=True, parser_class=type(parser)
    )
    copy = actions.add_parser(
        "copy",
        help=_("copy every session and answer from SRC into DST"),
        description=(
            _(
                "Copy a whole history from SRC to DST, each an SQLite file or a PostgreSQL\n"
                "server's postgresql://USER@HOST/DB. SRC is only read. DST (created if it does\n"
                "not exist) must hold no sessions or answers; everything is copied in one\n"
                "transaction there and counted table by table before it is committed."
            )
        ),
        epilog=(
            _(
                "examples:\n"
                "  ezbac history copy ~/.local/share/ezbac/history.sqlite3 "
                "postgresql://ezbac@db.school/ezbac\n"
                "  ezbac history copy postgresql://ezbac@db.school/ezbac backup.sqlite3"
            )
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    copy.add_argument("source", metavar="SRC", help=_("the history to copy (never written)"))
    copy.add_argument("destination", metavar="DST", help=_("where to copy it (must hold none)"))
    copy.set_defaults(handler=run_copy)


def run_copy(args: argparse.Namespace) -> int:
    from trainer.history.store import HistoryError, open_history, resolve_db
    from trainer.history.transfer import copy_history, counts

    try:
        source = resolve_db(args.source)
        destination = resolve_db(args.destination)
        _apart(source, destination)
        with open_history(source, readonly=True) as src:
            if not any(counts(src)):  # before DST is created: there is nothing to move
                raise UsageError(
                    _("{source}: no sessions or answers to copy").format(source=source)
                )
            with open_history(destination) as dst:
                copied = copy_history(src, dst)
    except HistoryError as exc:
        from trainer.words.history import problem

        raise UsageError(problem(exc)) from None
    print(
        _(
            "copied {sessions} sessions and {answers} answers from {source} to {destination} "
            "(counts checked)"
        ).format(
            sessions=copied.sessions, answers=copied.answers, source=source, destination=destination
        )
    )
    return 0


def _apart(source: object, destination: object) -> None:
    """DST may not be SRC, nor a file SQLite keeps beside it (a copy written as SRC's
    ``-wal`` would be taken for its journal), nor SRC one kept beside DST."""
    from pathlib import Path

    from trainer.paths import history_files, same_file

    if not (isinstance(source, Path) and isinstance(destination, Path)):
        return
    if any(same_file(destination, p) for p in history_files(source)) or any(
        same_file(source, p) for p in history_files(destination)[1:]
    ):
        raise UsageError(
            _(
                "{destination}: is the history being copied, or a file SQLite keeps beside it "
                "(-wal, -journal, -shm): copy it to another file"
            ).format(destination=destination)
        )
