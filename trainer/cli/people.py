"""`ezbac people ...`: the roster and the school's sign-in setting (trainer.history.people).

The first instructor is created here.  A secret is never an argument (it would sit in the
shell's history and the process list): it is read from the terminal without echo, typed
twice, or from one line of standard input when that is not a terminal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from trainer.cli.common import COMMANDS, UsageError, refused
from trainer.i18n import _

if TYPE_CHECKING:
    from datetime import datetime

    from trainer.cli.parser import Parser
    from trainer.history.backend import HistoryStore


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    from trainer.cli.options import add_db_argument, whole_number

    parser = sub.add_parser(
        "people",
        help=_(COMMANDS["people"]),
        description=(
            _(
                "The roster of a school's history: who may sign in, as a trainee or an "
                "instructor, and whether the trainer asks them to. Secrets (a PIN or a "
                "passphrase) are read from the terminal, never from the command line."
            )
        ),
        epilog=(
            _(
                "a school turns sign-in on:\n"
                "  ezbac people add 'Ana Ruiz' --role instructor   (asks her PIN twice)\n"
                "  ezbac people add 'Bo Lind'\n"
                "  ezbac people signin on --idle 5"
            )
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = parser.add_subparsers(
        dest="action", metavar="ACTION", required=True, parser_class=type(parser)
    )

    def action(name: str, help_: str) -> argparse.ArgumentParser:
        made: argparse.ArgumentParser = actions.add_parser(name, help=help_, description=help_)
        add_db_argument(made)
        return made

    add = action("add", _("put a person on the roster (asks their PIN or passphrase)"))
    add.add_argument("name", metavar="NAME")
    add.add_argument(
        "--role",
        choices=("trainee", "instructor"),
        default="trainee",
        help=_("trainee (default) or instructor; the first person must be an instructor"),
    )
    add.add_argument(
        "--language",
        metavar="LANG",
        help=_("the language the trainer speaks to them once signed in (default: the terminal's)"),
    )
    add.set_defaults(handler=run_add)
    listing = action("list", _("everyone on the roster, and whether sign-in is on"))
    listing.set_defaults(handler=run_list)
    rename = action("rename", _("call a person by another name (their history follows)"))
    rename.add_argument("name", metavar="NAME")
    rename.add_argument("new_name", metavar="NEW_NAME")
    rename.set_defaults(handler=run_rename)
    reset = action("reset", _("give a person a new PIN or passphrase (and lift any lock)"))
    reset.add_argument("name", metavar="NAME")
    reset.set_defaults(handler=run_reset)
    language = action(
        "language", _("the language the trainer speaks to a person once they sign in")
    )
    language.add_argument("name", metavar="NAME")
    language.add_argument(
        "language",
        metavar="LANG",
        help=_("zh_Hans, zh_Hant, vi, ko or en; 'terminal': whatever each terminal speaks"),
    )
    language.set_defaults(handler=run_language)
    retire = action("retire", _("stop a person signing in; their history is kept"))
    retire.add_argument("name", metavar="NAME")
    retire.add_argument("--back", action="store_true", help=_("let a retired person back in"))
    retire.set_defaults(handler=run_retire)
    link = action("link", _("file an old trainee name's history under a roster person"))
    link.add_argument("old_name", metavar="OLDNAME", help=_("a name runs were stored under"))
    link.add_argument("name", metavar="PERSON", help=_("the roster person it was"))
    link.set_defaults(handler=run_link)
    signin = action("signin", _("turn sign-in on or off for every terminal on this history"))
    signin.add_argument("state", metavar="STATE", choices=("on", "off"), help=_("on or off"))
    signin.add_argument(
        "--idle",
        type=lambda text: whole_number(text, 1, 240),
        metavar="MIN",
        help=_("sign out after MIN idle minutes (1 to 240; default 5)"),
    )
    signin.set_defaults(handler=run_signin)
    roles = action("sql-roles", _("the PostgreSQL roles for terminals and reports (printed)"))
    roles.add_argument("--apply", action="store_true", help=_("create them on the server"))
    roles.add_argument("--terminals", default="ezbac_terminal", metavar="ROLE")
    roles.add_argument("--reports", default="ezbac_reports", metavar="ROLE")
    roles.set_defaults(handler=run_sql_roles)


@contextmanager
def _store(args: argparse.Namespace, *, readonly: bool = False) -> Iterator[HistoryStore]:
    """The history at --db; every problem with it or with the roster is one line (exit 2)."""
    from trainer.history.people import PersonError
    from trainer.history.store import HistoryError, open_history

    try:
        with open_history(getattr(args, "db", None), readonly=readonly) as store:
            yield store
    except (HistoryError, PersonError) as exc:
        from trainer.cli.options import worded

        raise UsageError(worded(exc)) from None


def read_secret(who: str) -> str:
    """The secret for ``who``: typed twice without echo at a terminal, else one line of
    standard input.  Checked (trainer.history.people.check_secret) and never printed."""
    from trainer.history.people import PersonError, check_secret

    try:
        if sys.stdin.isatty():
            import getpass

            first = getpass.getpass(_("PIN or passphrase for {name}: ").format(name=who))
            check_secret(first)
            if getpass.getpass(_("Again, to be sure: ")) != first:
                raise UsageError(_("the two entries differ; nothing was changed"))
            return first
        line = sys.stdin.readline(1_000_000)
        return check_secret(line.removesuffix("\n").removesuffix("\r"))
    except PersonError as exc:
        from trainer.words.record import typed_problem

        raise UsageError(
            _("{problem}; nothing was changed").format(problem=typed_problem(str(exc)))
        ) from None
    except EOFError:
        raise UsageError(_("no PIN or passphrase given; nothing was changed")) from None


def _now() -> datetime:
    from datetime import UTC
    from datetime import datetime as clock

    return clock.now(UTC)


def _name(text: str, which: str = "NAME") -> str:
    from trainer.history.people import PersonError, check_name

    try:
        return check_name(text)
    except PersonError as exc:
        from trainer.words.record import typed_problem

        raise UsageError(f"{which}: {typed_problem(str(exc))}") from None


#: The word of ``ezbac people language`` for no language of the person's own.
TERMINAL = "terminal"


def _language(text: str, where: str) -> str:
    """The catalogue's code of the language ``text`` names ("" for ``terminal``); a usage
    error naming it when it is empty or no language ezbac speaks."""
    from trainer.i18n import PSEUDO, UnknownLanguageError, parse_language

    if text.strip() == TERMINAL:
        return ""
    try:
        code = parse_language(text, where)
    except UnknownLanguageError as exc:
        raise refused(exc) from None
    if code == PSEUDO:  # the layout's test, never a person's
        raise UsageError(
            _("{option}: {language} is the layout's test language, not a person's").format(
                option=where, language=repr(text)
            )
        )
    return code


def run_add(args: argparse.Namespace) -> int:
    from trainer.history import people

    name = _name(args.name)
    language = "" if args.language is None else _language(args.language, "--language")
    with _store(args) as store:
        if args.role != people.INSTRUCTOR and not people.instructors(store):
            raise UsageError(
                _("the roster has no instructor yet: add one first ({command})").format(
                    command=f"ezbac people add NAME --role {people.INSTRUCTOR}"
                )
            )
        if people.find(store, name) is not None:
            raise UsageError(_("{name} is on the roster already").format(name=repr(name)))
        secret = read_secret(name)
        person = people.add(store, name, args.role, secret, _now(), language)
    print(_("{name} is on the roster as {role}").format(name=person.name, role=person.role))
    return 0


def run_language(args: argparse.Namespace) -> int:
    from trainer.history import people

    language = _language(args.language, "LANG")
    with _store(args) as store:
        person = people.set_language(store, args.name, language)
    if language:
        print(
            _("{name} is spoken to in {language} once signed in").format(
                name=person.name, language=language
            )
        )
    else:
        print(_("{name} is spoken to in each terminal's language").format(name=person.name))
    return 0


def run_list(args: argparse.Namespace) -> int:
    from trainer.history import people

    with _store(args, readonly=True) as store:
        rules = people.policy(store)
        everyone = people.roster(store)
    if rules.signin:
        state = _("sign-in: on (idle sign-out after {minutes} min)")
    else:
        state = _("sign-in: off (idle sign-out after {minutes} min)")
    print(state.format(minutes=rules.idle_minutes))
    if not everyone:
        print(_("nobody on the roster yet"))
    for person in everyone:
        retired = "  " + _("retired") if person.retired else ""
        since = person.created_at[:10]
        print(f"{person.name:<{people.MAX_NAME}}  {person.role:<10}  {since}{retired}")
    return 0


def run_rename(args: argparse.Namespace) -> int:
    from trainer.history import people

    new_name = _name(args.new_name, "NEW_NAME")
    with _store(args) as store:
        person = people.rename(store, args.name, new_name, _now())
    print(
        _("{old} is now {name}; their history follows").format(
            old=args.name.strip(), name=person.name
        )
    )
    return 0


def run_reset(args: argparse.Namespace) -> int:
    from trainer.history import people

    with _store(args) as store:
        person = people.person(store, args.name)
        people.reset(store, person.name, read_secret(person.name))
    print(_("{name} has a new PIN or passphrase").format(name=person.name))
    return 0


def run_retire(args: argparse.Namespace) -> int:
    from trainer.history import people

    with _store(args) as store:
        person = people.retire(store, args.name, back=args.back)
    if person.retired:
        print(_("{name} is retired; their history is kept").format(name=person.name))
    else:
        print(_("{name} may sign in again").format(name=person.name))
    return 0


def run_link(args: argparse.Namespace) -> int:
    from trainer.history import people

    with _store(args) as store:
        person, runs = people.link(store, args.old_name, args.name, _now())
    old = " ".join(args.old_name.split())
    print(
        _("{old}'s history ({count} runs) is now {name}'s").format(
            old=old, count=runs, name=person.name
        )
    )
    return 0


def run_signin(args: argparse.Namespace) -> int:
    from trainer.history import people

    on = args.state == "on"
    with _store(args) as store:
        if on and not people.instructors(store):
            raise UsageError(
                _("nobody could manage the roster: add an instructor first ({command})").format(
                    command=f"ezbac people add NAME --role {people.INSTRUCTOR}"
                )
            )
        changes: dict[str, object] = {"signin": on}
        if args.idle is not None:
            changes["idle_minutes"] = args.idle
        rules = people.set_policy(store, **changes)
    if rules.signin:
        print(
            _(
                "sign-in is on: every trainer on this history starts at sign-in and signs out "
                "after {count} idle minutes"
            ).format(count=rules.idle_minutes)
        )
    else:
        print(_("sign-in is off: whoever types a name trains under it"))
    return 0


def run_sql_roles(args: argparse.Namespace) -> int:
    from trainer.history.roles import role_sql
    from trainer.history.store import HistoryError, ServerLocation, open_history, resolve_db

    try:
        where = resolve_db(getattr(args, "db", None))
    except HistoryError as exc:
        raise refused(exc) from None
    if not isinstance(where, ServerLocation):
        raise UsageError(
            _(
                "{where}: database roles are a PostgreSQL server's; give --db postgresql://..."
            ).format(where=where)
        )
    try:
        statements = role_sql(args.terminals, args.reports)
    except ValueError as exc:
        raise refused(exc) from None
    if not args.apply:
        for statement in statements:
            print(f"{statement};")
        return 0
    try:
        with open_history(where) as store:  # created or migrated first: roles need tables
            store.write([(statement, ()) for statement in statements])
    except HistoryError as exc:
        raise refused(exc) from None
    print(
        _("roles {terminals} (terminals) and {reports} (reports) are set on {where}").format(
            terminals=args.terminals, reports=args.reports, where=where
        )
    )
    return 0
