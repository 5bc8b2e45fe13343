"""`ezbac class`: the instructor's screen over the whole history (every trainee, the report's
figures, last activity and exams, the class's weakest skills); Enter opens a trainee's
progress.  (The module is named after the command: the CLI imports it by name.)"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from trainer.cli.common import COMMANDS, UsageError, error_joiner, refused
from trainer.cli.options import add_db_argument, since_from
from trainer.i18n import _

if TYPE_CHECKING:
    from trainer.cli.parser import Parser
    from trainer.curriculum.model import Curriculum
    from trainer.history.class_view import ClassData
    from trainer.history.progress import ProgressData
    from trainer.history.store import HistoryStore
    from trainer.tui.screens.class_ import ClassApp


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    parser = sub.add_parser(
        "class",
        help=_(COMMANDS["class"]),
        description=(
            _(
                "Every trainee on record: runs, answers, accuracy per skill family, last activity\n"
                "and last exams (the same figures as 'ezbac report'), and the class's weakest\n"
                "skills. Enter on a trainee opens their progress screen."
            )
        ),
        epilog=(
            _(
                "examples:\n"
                "  ezbac class\n"
                "  ezbac class --since 2024-09-01 --db /srv/school/history.sqlite3"
            )
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--since", metavar="DATE", help=_("only answers and runs from DATE on (YYYY-MM-DD)")
    )
    parser.add_argument(
        "--curriculum",
        metavar="FILE",
        help=_("the path readiness is judged on (default: the ezbac folder's, else bundled)"),
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
    curriculum = _curriculum(getattr(args, "curriculum", None))
    path = resolve_db(getattr(args, "db", None))
    if db_is_missing(path) and not db_path_is_explicit(getattr(args, "db", None)):
        print(
            _("No training history yet ({path} does not exist): train a drill first.").format(
                path=path
            )
        )
        return 0
    try:
        store = open_history(path, readonly=True)  # the class view only reads
    except HistoryError as exc:
        raise refused(exc) from None
    with store:
        make_app(store, since, curriculum=curriculum).run()
    return 0


def _curriculum(option: str | None) -> Curriculum:
    """The path readiness is judged on; a broken file is a usage error, every problem said."""
    from trainer.curriculum.catalogue import load_curriculum
    from trainer.curriculum.loader import CurriculumFileError

    try:
        return load_curriculum(option)
    except CurriculumFileError as exc:
        from trainer.words.files import problem_lines

        raise UsageError(error_joiner().join(problem_lines(exc))) from None


def make_app(
    store: HistoryStore, since: datetime | None = None, curriculum: Curriculum | None = None
) -> ClassApp:
    """The class app over ``store``; history errors become notifications, not crashes."""
    from trainer.history.class_view import build_class
    from trainer.history.progress import progress_data
    from trainer.history.store import HistoryError
    from trainer.tui.screens.class_ import ClassApp

    def load() -> ClassData | None:
        try:
            return build_class(store, since, curriculum=curriculum)
        except HistoryError as exc:
            app.notify(str(exc), severity="error", timeout=10)  # posts a message: any thread
            return None

    def progress(trainee: str, now: datetime) -> ProgressData | None:
        try:
            return progress_data(store, trainee, now)
        except HistoryError as exc:
            app.notify(str(exc), severity="error", timeout=10)
            return None

    app = ClassApp(load, progress, lambda: datetime.now(UTC))
    return app
