"""`ezbac drills`: list, validate, preview drill sets, and print their JSON Schema."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from trainer.cli.common import COMMANDS, EXIT_USAGE, UsageError, error_line, validate_files
from trainer.cli.options import seed_number, whole_number
from trainer.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from trainer.cli.parser import Parser
    from trainer.engine.house import House


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    parser = sub.add_parser(
        "drills",
        help=_(COMMANDS["drills"]),
        description=_(
            "Drill sets: the bundled ones and your own (YAML files in your drills folder)."
        ),
        epilog=(
            _(
                "examples:\n"
                "  ezbac drills list\n"
                "  ezbac drills validate my-drill.yaml\n"
                "  ezbac drills preview banker-hard-cells --count 5 --seed 1\n"
                "  ezbac drills preview my-drill.yaml --json\n"
                "  ezbac drills schema > drill.schema.json"
            )
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.set_defaults(handler=run_list, json=False)
    actions = parser.add_subparsers(
        dest="drills_command", metavar="ACTION", parser_class=type(parser)
    )

    p = actions.add_parser("list", help=_("bundled drills and your own, with their ids"))
    p.add_argument("--json", action="store_true", help=_("one JSON object per drill"))
    p.set_defaults(handler=run_list)

    p = actions.add_parser("validate", help=_("check drill files; exit 1 if any is invalid"))
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(handler=run_validate)

    p = actions.add_parser("preview", help=_("the coups and questions a drill deals"))
    p.add_argument("drill", metavar="DRILL", help=_("a drill id (see 'ezbac drills list') or file"))
    p.add_argument(
        "--count",
        type=_count,
        default=None,
        metavar="N",
        help=_(
            "coups to show (tables for a table drill), 1 to 10,000, dealt as "
            "consecutive runs; a shoe drill deals as many shoes as N coups take "
            "(default: one run of the drill: one shoe for a shoe drill)"
        ),
    )
    p.add_argument(
        "--seed",
        type=seed_number,
        default=None,
        metavar="S",
        help=_("seed for a reproducible deal (default: random, shown)"),
    )
    p.add_argument(
        "--json", action="store_true", help=_("one JSON object per coup, with the engine's answers")
    )
    p.add_argument(
        "--procedure",
        action="store_true",
        help=_(
            "a table drill: each table's right procedure in the audit's notation, which "
            "'ezbac audit --file' reads"
        ),
    )
    p.set_defaults(handler=run_preview)

    p = actions.add_parser("schema", help=_("print the JSON Schema of drill files"))
    p.set_defaults(handler=run_schema)


def _count(text: str) -> int:
    return whole_number(text, 1, 10_000)


def run_list(args: argparse.Namespace) -> int:
    from trainer.drills.catalogue import available_drills, bundled_dir
    from trainer.engine import dumps_exact
    from trainer.paths import user_drills_dir

    entries = available_drills()
    if args.json:
        for e in entries:
            print(
                dumps_exact(
                    {
                        "id": e.id,
                        "title": e.title,
                        "questions": e.questions,
                        "unit": e.unit,
                        "mode": e.mode,
                        "level": e.level,
                        "origin": e.origin,
                        "path": str(e.path),
                        "error": e.problem,
                    }
                )
            )
        return 0
    from trainer.cli.output import columns, pad

    width = max((len(e.id) for e in entries), default=8)
    runs = [_run_words(e.unit, e.questions) for e in entries]
    run_width = max([10, *(columns(r) for r in runs)])
    modes = [_(_MODES.get(e.mode, e.mode)) for e in entries]
    mode_width = max([8, *(columns(m) for m in modes)])
    for bundled, heading, folder in (
        (True, _("Bundled drills ({folder}):"), bundled_dir()),
        (False, _("Your drills ({folder}):"), user_drills_dir()),
    ):
        print(heading.format(folder=folder))
        group = [k for k, e in enumerate(entries) if e.bundled == bundled]
        if not group:
            print("  " + _("(none yet: put .yaml drill files here; see 'ezbac drills schema')"))
        for k in group:
            e = entries[k]
            name = e.path.name if e.path else e.id
            if e.problem is not None:
                from trainer.words.said import say

                problem = say(e.problem)
                print("  " + _("{name}: BROKEN: {problem}").format(name=name, problem=problem))
                continue
            extra = "" if bundled else f"  [{name}]"
            print(
                f"  {e.id:<{width}}  {pad(runs[k], run_width, '>')}  "
                f"{pad(modes[k], mode_width)}  {e.title}{extra}"
            )
        print()
    print(_("See a drill's coups with 'ezbac drills preview ID'."))
    return 0


#: A drill's mode as a list shows it (the file's word, for the catalogue).
_MODES = {"practice": N_("practice"), "exam": N_("exam")}


def _drill_run_words(english: str) -> str:
    """A drill's run length ("12 coups", "5 tables") in the language spoken; another kind of
    run ("a whole shoe") as the drill words it."""
    import re

    found = re.fullmatch(r"(\d+) (coups?|tables?)", english)
    if found is None:
        return english
    return _run_words("tables" if found[2].startswith("table") else "coups", int(found[1]))


def _run_words(unit: str, questions: int | None) -> str:
    """A run's length for a list: "12 coups", "5 tables", "a shoe" ("?" if unknown)."""
    if unit == "shoe":
        return _("a shoe")
    if questions is None:
        return _("? tables") if unit == "tables" else _("? coups")
    if unit == "tables":
        return ngettext("{count} table", "{count} tables", questions).format(count=questions)
    return ngettext("{count} coup", "{count} coups", questions).format(count=questions)


def run_validate(args: argparse.Namespace) -> int:
    from trainer.drills.errors import DrillFileError
    from trainer.drills.loader import load_file

    return validate_files(
        args.files,
        load_file,
        DrillFileError,
        lambda d: _("{id}: {run} a run").format(id=d.id, run=_drill_run_words(d.run_words)),
    )


def _answers(dc: Any, house: House) -> dict[str, Any]:
    from trainer.engine import settle

    coup = dc.coup
    named = house.named(coup.outcome)  # as the house's dealers call it
    settlements = settle(coup.outcome, dc.wagers, house) if dc.wagers else {}
    return {
        "natural": coup.natural,
        "player_draws": coup.player_draws,
        "banker_draws": coup.banker_draws,
        "player_total": coup.player.total,
        "banker_total": coup.banker.total,
        "outcome": named.value,
        "payouts": {
            bet.value: {"result": s.result.value, "paid": s.paid, "returned": s.returned}
            for bet, s in settlements.items()
        },
        "rules": [*coup.rules[:-1], house.result(coup)] + [s.reason for s in settlements.values()],
    }


def _asks(drill: Any, dc: Any) -> list[str]:
    from trainer.drills.model import Kind, Step

    if drill.kind is Kind.CALL:
        from trainer.engine.calls import calls_for

        return [f"call:{c.step.value}" for c in calls_for(dc.coup, drill.house)]
    if drill.kind is Kind.SPOT:
        spot = drill.spot
        irregular = (
            _(", an irregularity {rate}").format(rate=f"{spot.irregularity_rate:.0%}")
            if spot.irregularity_rate
            else ""
        ) + (
            _(", a player's violation {rate}").format(rate=f"{spot.violation_rate:.0%}")
            if spot.violation_rate
            else ""
        )
        return [
            _(
                "spot ({level}; an error {rate} of the time{more}, drawn when the drill runs)"
            ).format(level=spot.level, rate=f"{spot.error_rate:.0%}", more=irregular)
        ]

    out: list[str] = []
    for step in drill.steps:
        if step is Step.PAYOUT:
            out.extend(f"payout:{bet.value}" for bet in dc.wagers)
        elif step is Step.FEE:
            out.extend(f"fee:{bet.value}" for bet in dc.wagers)
        elif step is Step.COMMISSION:  # asked only of a winning bet that owes one
            from trainer.engine import settle

            owed = settle(dc.coup.outcome, dc.wagers, drill.house)
            out.extend(f"commission:{bet.value}" for bet, s in owed.items() if s.commission)
        else:
            out.append(step.value)
    return out


def run_preview(args: argparse.Namespace) -> int:  # noqa: C901 (the preview's kinds and output forms)
    from trainer.drills.catalogue import load_drill
    from trainer.drills.errors import DrillError, DrillFileError
    from trainer.engine import dumps_exact, format_amount

    try:
        drill = load_drill(args.drill)
    except DrillFileError as exc:
        from trainer.words.files import problem_lines

        for line in problem_lines(exc):
            print(error_line(line), file=sys.stderr)
        return EXIT_USAGE
    except DrillError as exc:
        from trainer.words.files import error_text

        raise UsageError(error_text(exc)) from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    rng = random.Random(seed)
    if drill.at_table:
        return _preview_tables(drill, rng, seed, args.count, args.json, args.procedure)
    if args.procedure:
        raise UsageError(
            _(
                "--procedure: {id} is not a table drill; only a dealt table has a procedure "
                "to export"
            ).format(id=repr(drill.id))
        )
    notes: dict[int, str] = {}  # a shoe drill: where each shoe starts, what it dealt
    if drill.kind.value == "shoe":  # each run is a shoe: its burn and cut card
        from trainer.drills.model import DrillCoup
        from trainer.session.shoe import deal_shoe

        def run(start: int) -> list[Any]:
            shoe = deal_shoe(drill, rng)
            notes[start] = _shoe_note(shoe, len(notes) + 1)
            return [DrillCoup(sc.coup) for sc in shoe.coups]
    else:
        from trainer.drills.generate import deal_drill

        def run(start: int) -> list[Any]:
            return deal_drill(drill, rng)

    coups = _consecutive_runs(drill, run, args.count, "coup")
    count = len(coups)

    if args.json:
        for n, dc in enumerate(coups, 1):
            print(
                dumps_exact(
                    {
                        "n": n,
                        "drill": drill.id,
                        "seed": seed,
                        **({"shoe": _shoe_of(notes, n)} if notes else {}),
                        "cards": [str(c) for c in dc.coup.cards],
                        "asks": _asks(drill, dc),
                        "wagers": {bet.value: amount for bet, amount in dc.wagers.items()},
                        "note": dc.note,
                        "answers": _answers(dc, drill.house),
                    },
                    ensure_ascii=False,
                )
            )
        return 0

    from trainer.words.said import say

    limit = (
        _(", {seconds} per question").format(seconds=format_amount_seconds(drill.time_limit))
        if drill.time_limit
        else ""
    )
    print(f"{drill.id}: {drill.title}")
    from trainer.engine.house import DEFAULT_HOUSE

    # the house when the drill is dealt under another than the default one
    house = _("house {id}, ").format(id=drill.house.id) if drill.house != DEFAULT_HOUSE else ""
    print(
        _(
            "{mode}, {house}{decks} decks, pass mark {mark}%{limit}; {count} coups, seed "
            "{seed} (repeat with --seed {seed})"
        ).format(
            mode=_(_MODES.get(drill.mode.value, drill.mode.value)),
            house=house,
            decks=drill.decks,
            mark=drill.pass_mark,
            limit=limit,
            count=count,
            seed=seed,
        )
    )
    for n, dc in enumerate(coups, 1):
        if n - 1 in notes:
            print(("" if n == 1 else "\n") + notes[n - 1])
        coup, ans = dc.coup, _answers(dc, drill.house)
        player = " ".join(str(c) for c in coup.player.cards)
        banker = " ".join(str(c) for c in coup.banker.cards)
        print()
        hands = _("Player {player} ({player_total}), Banker {banker} ({banker_total}): {outcome}")
        print(
            f"{n:>3}. {' '.join(str(c) for c in coup.cards):<18}  "
            + hands.format(
                player=player,
                player_total=coup.player.total,
                banker=banker,
                banker_total=coup.banker.total,
                outcome=say(_outcome_label(ans["outcome"])),
            )
        )
        print("     " + _("asks: {steps}").format(steps=", ".join(_asks(drill, dc))))
        if dc.wagers:
            wagers = ", ".join(f"{b.value} {format_amount(a)}" for b, a in dc.wagers.items())
            print("     " + _("wagers: {wagers}").format(wagers=wagers))
        for rule in ans["rules"]:
            print(f"     - {say(rule)}")
        if dc.note:
            print("     " + _("note: {note}").format(note=dc.note))
    return 0


def _preview_tables(
    drill: Any,
    rng: random.Random,
    seed: int,
    wanted: int | None,
    as_json: bool,
    as_procedure: bool = False,
) -> int:
    """A table drill's tables: the cards, the layout seat by seat and the engine's procedure
    (settle_table, the table drill's answer key) in the house's order.  ``wanted`` tables
    (None: one run), from consecutive runs; a shoe at the table deals shoe after shoe."""
    from trainer.engine import dumps_exact
    from trainer.engine.protection import watched
    from trainer.engine.table import settle_table
    from trainer.words.layout import bet_name, money
    from trainer.words.protection import watched as watched_lines
    from trainer.words.table import procedure_lines, result

    house = drill.house
    notes: dict[int, str] = {}
    places: list[Any] = []  # a shoe at the table: each table's place in its shoe
    if drill.kind.value == "shoe":  # a shoe at the table: each run is one shoe's tables
        from trainer.drills.generate import deal_tables
        from trainer.session.shoe import burn_question, deal_shoe

        def run(start: int) -> list[Any]:
            shoe = deal_shoe(drill, rng)
            burn_question(shoe, rng)
            notes[start] = _shoe_note(shoe, len(notes) + 1)
            places.extend(shoe.coups)
            return deal_tables(drill, rng, [sc.coup for sc in shoe.coups])
    else:
        from trainer.drills.generate import deal_tables

        def run(start: int) -> list[Any]:
            return deal_tables(drill, rng)

    tables = _consecutive_runs(drill, run, wanted, "table")
    if as_procedure:
        return _export_procedures(drill, house, seed, tables, places)
    count = len(tables)
    colours = {c.value: c.colour for c in house.chips}
    if not as_json:
        spec = drill.table
        clock = "".join(
            (
                _(", {seconds} per table").format(seconds=format_amount_seconds(spec.time_limit))
                if spec.time_limit
                else "",
                _(", target {seconds}").format(seconds=format_amount_seconds(spec.target_seconds))
                if spec.target_seconds
                else "",
            )
        )
        print(f"{drill.id}: {drill.title}")
        print(
            ngettext(
                "{mode}, house {id}, pass mark {mark}%{clock}; {count} table, seed {seed} "
                "(repeat with --seed {seed})",
                "{mode}, house {id}, pass mark {mark}%{clock}; {count} tables, seed {seed} "
                "(repeat with --seed {seed})",
                count,
            ).format(
                mode=_(_MODES.get(drill.mode.value, drill.mode.value)),
                id=house.id,
                mark=drill.pass_mark,
                clock=clock,
                count=count,
                seed=seed,
            )
        )
    for n, dealt in enumerate(tables, 1):
        coup = dealt.coup
        procedure = settle_table(coup, dealt.layout, house)
        if as_json:
            print(
                dumps_exact(
                    {
                        "n": n,
                        "drill": drill.id,
                        "seed": seed,
                        **({"shoe": _shoe_of(notes, n)} if notes else {}),
                        "cards": [str(c) for c in coup.cards],
                        "outcome": house.named(coup.outcome).value,
                        "layout": {
                            str(seat.number): {b.value: w for b, w in seat.bets.items()}
                            for seat in dealt.layout.seats
                        },
                        "watched": list(watched(dealt.watch, house)),
                        "procedure": procedure.lines(colours),
                        "note": dealt.note,
                    },
                    ensure_ascii=False,
                )
            )
            continue
        if n - 1 in notes:
            print(("" if n == 1 else "\n") + notes[n - 1])
        print()
        said = result(house, coup)  # the table's words, in the language spoken
        print(f"{n:>3}. {' '.join(str(c) for c in coup.cards):<18}  {said}")
        for seat in dealt.layout.seats:
            bets = ", ".join(f"{bet_name(b)} {money(w)}" for b, w in seat.bets.items())
            print("     " + _("seat {seat}: {bets}").format(seat=seat.number, bets=bets))
        for line in watched_lines(dealt.watch, house):  # in the language spoken
            print(f"     ! {line}")
        for line in procedure_lines(procedure.steps, colours):
            print(f"     - {line}")
        if dealt.note:
            print("     " + _("note: {note}").format(note=dealt.note))
    return 0


def _export_procedures(
    drill: Any, house: Any, seed: int, tables: list[Any], places: list[Any]
) -> int:
    """Each dealt table's right procedure in the audit's notation, a paragraph each: the
    calls said in the house's words among the cards, and at a shoe where the cut card came
    out and the call after the coup."""
    from trainer.engine.dealt import CUT_EARLIER
    from trainer.engine.notation import right_procedure

    print(f"# {drill.id}: seed {seed}, house {house.id} (ezbac audit --house {house.id} --file)")
    for n, table in enumerate(tables, 1):
        place = places[n - 1] if places else None
        cut = None if place is None else CUT_EARLIER if place.cut_out_before else place.cut_card
        procedure = right_procedure(
            table.coup,
            table.layout,
            house,
            at_shoe=place is not None,
            cut=cut,
            watched=table.watch,
        )
        print(f"\n# table {n}: {house.result(table.coup)}")
        print(procedure)
    return 0


def _consecutive_runs(
    drill: Any, run: Callable[[int], list[Any]], wanted: int | None, what: str
) -> list[Any]:
    """``wanted`` coups or tables (None: one run) from consecutive runs of the drill, as a
    trainee would get them: ``run(start)`` deals one run whose first item is number
    ``start``.  Bounded: every run must deal something (else one line, never
    a loop that adds nothing), so at most ``wanted`` runs are dealt."""
    out: list[Any] = []
    while not out or (wanted is not None and len(out) < wanted):
        dealt = run(len(out))
        if not dealt:
            if what == "table":
                nothing = _("drill {id}: a run deals no tables, so there is nothing to preview")
            else:
                nothing = _("drill {id}: a run deals no coups, so there is nothing to preview")
            raise UsageError(nothing.format(id=repr(drill.id)))
        out.extend(dealt)
    return out if wanted is None else out[:wanted]


def _shoe_note(shoe: Any, number: int) -> str:
    """A shoe drill's shoe in one line: its burn, the coups it deals, where the cut card
    came out; shoes after the first are numbered."""
    cut = next((sc.number for sc in shoe.coups if sc.cut_out_during), None)
    burn = (
        ""
        if shoe.burn is None
        else _("burn: {card} turned up, {count} burned; ").format(
            card=shoe.burn.card, count=shoe.burn.count
        )
    )
    shown = _("shoe {number}: ").format(number=number) if number > 1 else ""
    return shown + _("{burn}coups {first}-{last}, the cut card out in coup {cut}").format(
        burn=burn, first=shoe.coups[0].number, last=shoe.coups[-1].number, cut=cut
    )


def _shoe_of(notes: dict[int, str], n: int) -> int:
    """Which shoe (1, 2, ...) item ``n`` (1-based) of a preview came from."""
    return sum(1 for start in notes if start < n)


def format_amount_seconds(seconds: float) -> str:
    return f"{seconds:g} s"


def run_schema(args: argparse.Namespace) -> int:
    from trainer.drills.schema import schema_text

    sys.stdout.write(schema_text())
    return 0


def _outcome_label(value: str) -> str:
    from trainer.engine import Outcome

    return Outcome(value).label
