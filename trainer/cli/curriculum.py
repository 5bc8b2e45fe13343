"""`ezbac curriculum`: the path a trainee follows (the bundled one, the school's own file in
the ezbac folder, or one named with --curriculum), check curriculum files, and print their
JSON Schema."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from trainer.cli.common import (
    COMMANDS,
    EXIT_INVALID,
    UsageError,
    error_line,
    refused,
    validate_files,
)
from trainer.cli.options import add_db_argument
from trainer.i18n import _, ngettext

if TYPE_CHECKING:
    from trainer.cli.parser import Parser


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    parser = sub.add_parser(
        "curriculum",
        help=_(COMMANDS["curriculum"]),
        description=(
            _(
                "The path from the first rules to the audition: ordered modules, each with its "
                "drills and the skills it brings to mastery. ezbac follows --curriculum FILE, else "
                "curriculum.yaml in your ezbac folder, else the bundled path."
            )
        ),
        epilog=(
            _(
                "examples:\n"
                "  ezbac curriculum show\n"
                "  ezbac curriculum show --file > my-path.yaml   a start for your own\n"
                "  ezbac curriculum validate my-path.yaml\n"
                "  ezbac curriculum progress --trainee ana   mastery and speed over time\n"
                "  ezbac curriculum schema > curriculum.schema.json"
            )
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.set_defaults(handler=run_show, curriculum=None, file=False)
    actions = parser.add_subparsers(
        dest="curriculum_command", metavar="ACTION", parser_class=type(parser)
    )

    p = actions.add_parser("show", help=_("the path followed: modules, drills, skills, mastery"))
    p.add_argument("--curriculum", metavar="FILE", help=_("a curriculum file instead"))
    p.add_argument("--file", action="store_true", help=_("the file itself, to copy and edit"))
    p.set_defaults(handler=run_show)

    p = actions.add_parser("validate", help=_("check curriculum files; exit 1 if any is invalid"))
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(handler=run_validate)

    p = actions.add_parser("schema", help=_("print the JSON Schema of curriculum files"))
    p.set_defaults(handler=run_schema)

    p = actions.add_parser(
        "progress", help=_("a trainee's path: mastery per module, accuracy and speed by day")
    )
    p.add_argument("--trainee", metavar="NAME", required=True, help=_("whose path"))
    p.add_argument("--curriculum", metavar="FILE", help=_("a curriculum file instead"))
    add_db_argument(p)
    p.set_defaults(handler=run_progress)


def _percent(value: int) -> str:
    return f"{value}%"


def run_show(args: argparse.Namespace) -> int:
    from trainer.curriculum.catalogue import curriculum_path, load_curriculum
    from trainer.curriculum.loader import CurriculumFileError
    from trainer.words.pace import format_words, mastery_target_words, pace_target_words

    path = curriculum_path(args.curriculum)
    try:
        curriculum = load_curriculum(args.curriculum)
    except CurriculumFileError as exc:
        from trainer.words.files import problem_lines

        for line in problem_lines(exc):
            print(error_line(line), file=sys.stderr)
        return EXIT_INVALID
    if args.file:
        sys.stdout.write(path.read_text(encoding="utf-8"))
        return 0
    print(f"{curriculum.name}  [{path}]")
    if curriculum.school:
        print(_("School: {school}").format(school=curriculum.school))
    for fmt, target in curriculum.pace.items():
        print(
            _("Pace target, {format}: {target}").format(
                format=format_words(fmt), target=pace_target_words(target)
            )
        )
    print(
        _("Modules open in order: each once the earlier ones are mastered.")
        if curriculum.in_order
        else _("Modules open all at once.")
    )
    for n, module in enumerate(curriculum.modules, 1):
        heading = _("{title} ({id}): drills {drills}").format(
            title=module.title, id=module.id, drills=", ".join(module.drills)
        )
        print(f"\n{n}. {heading}")
        for goal in module.skills:
            r = goal.rule
            rule = _(
                "{answers} answers, {accuracy} of the last {recent} right, {target} each"
            ).format(
                answers=r.min_answers,
                accuracy=_percent(r.accuracy),
                recent=r.recent,
                target=mastery_target_words(r),
            )
            print(f"   - {goal.title}: {rule}  [{', '.join(goal.keys)}]")
    audition = curriculum.audition
    if audition is not None:
        _show_audition(audition)
    return 0


def _show_audition(audition: Any) -> None:
    """The audition a curriculum sets, as ``curriculum show`` lists it."""
    print(
        "\n"
        + _(
            "Audition: a written part of {questions} questions ({mark}% to pass); a retake "
            "after {days} days"
        ).format(
            questions=audition.written_questions,
            mark=audition.written_pass_mark,
            days=audition.retake_days,
        )
    )
    for area in audition.areas:
        drill = f" ({area.drill})" if area.drill else ""
        run = area.in_a_row
        row = ""
        if run is not None:
            row = "; " + (
                _("{coups} coups in a row without {what} (else {most} at best)")
                if run.at_most
                else _("{coups} coups in a row without {what} (else it fails)")
            ).format(coups=run.coups, what=run.title, most=run.at_most)
        answer = _("{seconds} s an answer").format(seconds=f"{area.target_seconds:g}")
        print(f"   - {area.title}{drill}: {answer}{row}")
    grades = ", ".join(
        (
            _("{grade} {accuracy}% at {pace}% of the time (retaken alone)")
            if g.retake
            else _("{grade} {accuracy}% at {pace}% of the time")
        ).format(grade=g.grade, accuracy=g.accuracy, pace=g.pace)
        for g in audition.rubric
    )
    print("   " + _("Grades: {grades}").format(grades=grades))
    if audition.bands:
        bands = ", ".join(f"{b.low}-{b.high} {b.name}" for b in audition.bands)
        print("   " + _("Bands: {bands}; a score in none fails").format(bands=bands))
    for red_line in audition.red_lines:
        print("   " + _("Red line: {title}").format(title=red_line.title))


def run_validate(args: argparse.Namespace) -> int:
    from trainer.curriculum.catalogue import drill_ids
    from trainer.curriculum.loader import CurriculumFileError, load_curriculum_file

    known = drill_ids()
    return validate_files(
        args.files,
        lambda name: load_curriculum_file(name, known),
        CurriculumFileError,
        lambda c: _("{name}: {modules}, {skills}").format(
            name=c.name,
            modules=ngettext("{count} module", "{count} modules", len(c.modules)).format(
                count=len(c.modules)
            ),
            skills=ngettext("{count} skill", "{count} skills", len(c.goals)).format(
                count=len(c.goals)
            ),
        ),
    )


def run_schema(args: argparse.Namespace) -> int:
    from trainer.curriculum.loader import schema_text

    sys.stdout.write(schema_text())
    return 0


def on_record(name: str, known: Sequence[str], where: object) -> str:
    """``name`` (as ``named_trainee`` read it) when answers are recorded under it; UsageError
    (exit 2, one line) when there are none, or more than one name equal to it but for case."""
    from trainer.history.people import name_key

    if name in known:
        return name
    alike = [k for k in known if name_key(k) == name_key(name)]
    if alike:
        raise UsageError(
            _("--trainee {name}: more than one trainee on record: {names}").format(
                name=repr(name), names=", ".join(alike)
            )
        )
    shown = ", ".join(known[:10]) + (", ..." if len(known) > 10 else "")
    if known:
        raise UsageError(
            _(
                "--trainee {name}: no answers recorded for this trainee in {where}; trainees on "
                "record: {names}"
            ).format(name=repr(name), where=where, names=shown)
        )
    raise UsageError(
        _("--trainee {name}: no answers recorded for this trainee in {where}").format(
            name=repr(name), where=where
        )
    )


def run_progress(args: argparse.Namespace) -> int:
    """The progress picture, as the path screen shows it (colour on a terminal only)."""
    from rich.console import Console

    from trainer.curriculum.catalogue import load_curriculum
    from trainer.curriculum.loader import CurriculumFileError
    from trainer.drills.catalogue import available_drills
    from trainer.history.mastery import path_progress, skill_trends
    from trainer.history.store import HistoryError, db_is_missing, open_history, resolve_db
    from trainer.tui.widgets.path import path_text, picture

    try:
        curriculum = load_curriculum(args.curriculum)
    except CurriculumFileError as exc:
        from trainer.words.files import problem_lines

        for line in problem_lines(exc):
            print(error_line(line), file=sys.stderr)
        return EXIT_INVALID
    where = resolve_db(args.db)
    if db_is_missing(where):
        raise UsageError(
            _("no training history at {where}: train a drill first").format(where=where)
        )
    try:
        with open_history(where, readonly=True) as store:
            from trainer.cli.report import named_trainee

            trainee = on_record(named_trainee(store, args.trainee), store.trainees(), where)
            path = path_progress(store, trainee, curriculum)
            days = skill_trends(store, trainee, curriculum)
    except HistoryError as exc:
        raise refused(exc) from None
    console = Console(highlight=False, soft_wrap=False)
    console.print(
        _("{trainee} on {curriculum}").format(trainee=trainee, curriculum=curriculum.name),
        style="bold",
    )
    titles = {e.id: e.title for e in available_drills(check=False)}
    console.print(path_text(path, titles, key="", width=console.width))
    console.print()
    console.print(picture(path, days))
    return 0
