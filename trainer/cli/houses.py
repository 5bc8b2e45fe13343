"""`ezbac houses`: list the houses, show one's rules as a house file, validate house files,
and print their JSON Schema."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from trainer.cli.common import COMMANDS, EXIT_USAGE, UsageError, error_line, validate_files
from trainer.i18n import _, ngettext

if TYPE_CHECKING:
    from trainer.cli.parser import Parser
    from trainer.engine.house import House


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    parser = sub.add_parser(
        "houses",
        help=_(COMMANDS["houses"]),
        description=(
            _(
                "House rules: the game a table deals (ez, commission, cardroom), decks, paytable, "
                "commission or collection fee, limits, chips, seats, settlement order and the "
                "dealer's calls. Bundled houses, and your own YAML files in your houses folder."
            )
        ),
        epilog=(
            _(
                "examples:\n"
                "  ezbac houses list\n"
                "  ezbac houses show commission\n"
                "  ezbac houses show commission > my-house.yaml   a start for your own\n"
                "  ezbac houses validate my-house.yaml\n"
                "  ezbac houses schema > house.schema.json\n"
                "  ezbac check --house my-house.yaml 4h 3s 2d Kc 8h --bet banker=25"
            )
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.set_defaults(handler=run_list, json=False)
    actions = parser.add_subparsers(
        dest="houses_command", metavar="ACTION", parser_class=type(parser)
    )

    p = actions.add_parser("list", help=_("bundled houses and your own, with their ids"))
    p.add_argument("--json", action="store_true", help=_("one JSON object per house"))
    p.set_defaults(handler=run_list)

    p = actions.add_parser("show", help=_("a house's rules, written as a house file"))
    p.add_argument("house", metavar="HOUSE", help=_("a house id (see 'ezbac houses list') or file"))
    p.add_argument("--summary", action="store_true", help=_("a few lines in words instead"))
    p.set_defaults(handler=run_show)

    p = actions.add_parser("validate", help=_("check house files; exit 1 if any is invalid"))
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(handler=run_validate)

    p = actions.add_parser("schema", help=_("print the JSON Schema of house files"))
    p.set_defaults(handler=run_schema)


def run_list(args: argparse.Namespace) -> int:
    from trainer.engine.money import dumps_exact
    from trainer.houses.catalogue import available_houses, user_houses_dir

    entries = available_houses()
    if args.json:
        for e in entries:
            h = e.house
            print(
                dumps_exact(
                    {
                        "id": e.id,
                        "name": e.name,
                        "origin": e.origin,
                        "game": h.game.value if h else None,
                        "decks": h.decks if h else None,
                        "path": str(e.path) if e.path else None,
                        "error": e.error,
                    },
                    ensure_ascii=False,
                )
            )
        return 0
    width = max(len(e.id) for e in entries)
    print(_("Bundled houses:"))
    for e in entries:
        if e.bundled and e.house is not None:
            print(f"  {e.id:<{width}}  {e.house.game.value:<10}  {e.name}")
    print()
    print(_("Your houses ({folder}):").format(folder=user_houses_dir()))
    mine = [e for e in entries if not e.bundled]
    if not mine:
        print("  " + _("(none yet: 'ezbac houses show ez > FILE.yaml' there, then edit it)"))
    for e in mine:
        assert e.path is not None
        if e.error is not None:
            from trainer.words.said import say

            problem = say(e.error)
            print("  " + _("{name}: BROKEN: {problem}").format(name=e.path.name, problem=problem))
        elif e.house is not None:
            print(f"  {e.id:<{width}}  {e.house.game.value:<10}  {e.name}  [{e.path.name}]")
    print()
    print(_("Use one with --house ID on check, analyze, simulate and train."))
    return 0


def _find(name: str) -> House | None:
    from trainer.houses.catalogue import HouseNotFoundError, find_house
    from trainer.houses.errors import HouseFileError

    try:
        return find_house(name)
    except HouseFileError as exc:
        from trainer.words.files import problem_lines

        for line in problem_lines(exc):
            print(error_line(line), file=sys.stderr)
        return None
    except HouseNotFoundError as exc:
        from trainer.words.files import error_text

        raise UsageError(error_text(exc)) from None


def run_show(args: argparse.Namespace) -> int:
    from trainer.houses.text import house_yaml

    house = _find(args.house)
    if house is None:
        return EXIT_USAGE
    if args.summary:
        from trainer.words.house import summary

        print(f"{house.id}: {house.name}")
        for line in summary(house):
            print(f"  {line}")
        return 0
    sys.stdout.write(house_yaml(house))
    return 0


def run_validate(args: argparse.Namespace) -> int:
    from trainer.houses.errors import HouseFileError
    from trainer.houses.loader import load_house_file

    return validate_files(
        args.files,
        load_house_file,
        HouseFileError,
        lambda house: ngettext(
            "{id}: {title}, {decks} deck", "{id}: {title}, {decks} decks", house.decks
        ).format(id=house.id, title=house.rules.title, decks=house.decks),
    )


def run_schema(args: argparse.Namespace) -> int:
    from trainer.houses.loader import schema_text

    sys.stdout.write(schema_text())
    return 0
