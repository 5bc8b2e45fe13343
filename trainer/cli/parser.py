"""The `ezbac` command line: argparse with one-line errors, and the parser of the whole CLI.

Each subcommand lives in its own module with ``register(subparsers)``, imported only when
that command runs: a first, cheap parse finds the command among placeholders that know just
its name and summary, then the command's module builds its real parser.  The bare `ezbac`
(no arguments) needs no parser at all and never imports this module.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from importlib import import_module
from typing import Any, ClassVar, NoReturn

from trainer import __version__
from trainer.cli.common import COMMANDS, EXIT_USAGE, command_module, shorten
from trainer.cli.options import add_db_argument
from trainer.i18n import LANGUAGES, N_, _, ngettext

#: The most arguments one command line (or one line of `audit -`) may have: a coup written
#: out whole needs a few hundred at most, and argparse's time grows with the square of the
#: options given (40,000 repeated --seat took 4 minutes).
MAX_ARGUMENTS = 1000

#: argparse's own words in its errors, declared for the catalogue: argparse looks each up
#: through ``argparse._`` (``gettext`` by default), which ``trainer.i18n`` answers below, so
#: "expected one argument" and the like read in the language spoken.
ARGPARSE_WORDS = (
    N_("argument %(argument_name)s: %(message)s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ignored explicit argument %r"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("can't open '%(filename)s': %(error)s"),
)
argparse._ = _  # type: ignore[attr-defined]  # its messages through the language spoken
argparse.ngettext = ngettext  # type: ignore[attr-defined]
#: argparse's one message with a count, for the catalogue (its plural by the language's rule).
_ARGPARSE_COUNTED = ngettext("expected %s argument", "expected %s arguments", 2)

#: Where a parse keeps the options ``StoreOnce`` has seen (removed once the parse ends).
_SEEN = "_ezbac_given"


class StoreOnce(argparse._StoreAction):
    """An option that takes one value, given once: given again it is refused naming it,
    never the last one kept in silence (``--file a --file b`` read only b).  Every such
    option of every command is one of these (``Parser`` registers it as the default
    action).  A subclass words the refusal its own way (``twice``)."""

    twice: ClassVar[str] = N_("is given twice; give it once")

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        seen = namespace.__dict__.setdefault(_SEEN, set())
        if self.dest in seen:
            raise argparse.ArgumentError(self, _(self.twice))
        seen.add(self.dest)
        setattr(namespace, self.dest, values)


class Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help, its fixed words in the language spoken (trainer.i18n)."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    def _format_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None,
    ) -> str:
        from trainer.cli.output import columns

        extra = 0 if prefix is None else columns(prefix) - len(prefix)  # "用法：" takes 6
        self._width -= extra
        try:
            return super()._format_usage(usage, actions, groups, prefix)
        finally:
            self._width += extra

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        from trainer.cli.output import has_wide, wrap

        if "\n" in text or not has_wide(text):  # written as it is to be shown
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in wrap(text, width - len(indent)))

    def _split_lines(self, text: str, width: int) -> list[str]:
        from trainer.cli.output import has_wide, wrap

        if not has_wide(text):
            return super()._split_lines(text, width)
        return wrap(self._whitespace_matcher.sub(" ", text).strip(), width)

    def _format_action_invocation(self, action: argparse.Action) -> str:
        if isinstance(action, _LangTaken):
            return "--lang LANG"
        return super()._format_action_invocation(action)


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors (no usage dump) and exit status 2; an option that
    takes one value is refused when given twice (``StoreOnce``); argparse's own words
    (the headings, -h's help) in the language spoken.

    A subcommand sets ``intermixed = True`` to accept options between its positionals
    (``ezbac check 4h 3s --bet tie=5 2d Kc``), as people type them.
    """

    intermixed = False
    _mixing = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if kwargs.get("formatter_class") in (None, argparse.RawDescriptionHelpFormatter):
            kwargs["formatter_class"] = Formatter  # its fixed words in the language spoken
        super().__init__(*args, **kwargs)
        self.register("action", None, StoreOnce)
        self.register("action", "store", StoreOnce)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = _("show this help message and exit")

    def error(self, message: str) -> NoReturn:
        message = _("{prog}: error: {message} (see {prog} --help)").format(
            prog=self.prog, message=message
        )
        self.exit(EXIT_USAGE, shorten(message) + "\n")  # argparse quotes arguments whole

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> object:
        """Every value given to every option and positional passes here (defaults do not): an
        empty (or blank) one is a usage error naming it, never taken as "use the default"
        (``--house ''`` was ez, ``history copy SRC ''`` the default history, ``serve --host
        ''`` every interface)."""
        if not isinstance(action, argparse._SubParsersAction):  # its words: its parser's
            for arg_string in arg_strings:
                if not arg_string.strip():
                    raise argparse.ArgumentError(
                        action,
                        _("the value is empty ({value}): give one, or leave the option out").format(
                            value=repr(arg_string)
                        ),
                    )
        return super()._get_values(action, arg_strings)

    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        if args is not None and not self._mixing:
            args = list(args)
            if len(args) > MAX_ARGUMENTS:
                from trainer.i18n.formats import number

                self.error(
                    _(
                        "{count} arguments: at most {most} (a longer procedure goes in a "
                        "file: ezbac audit --file)"
                    ).format(count=number(len(args)), most=number(MAX_ARGUMENTS))
                )
        if not self.intermixed or self._mixing:
            found, rest = super().parse_known_args(args, namespace)
        else:
            self._mixing = True  # parse_known_intermixed_args calls back into this method
            usage = self.usage
            if usage is None:  # argparse would cut len("usage: ") off, in any language
                self.usage = self.format_usage()[len(_("usage: ")) :].rstrip("\n")
            try:
                found, rest = self.parse_known_intermixed_args(args, namespace)
            finally:
                self._mixing = False
                self.usage = usage
        if not self._mixing:
            found.__dict__.pop(_SEEN, None)
        return found, rest


#: ``ezbac --help``'s examples: each command line, and what it does (in the language spoken).
EXAMPLES: tuple[tuple[str, str], ...] = (
    ("ezbac", N_("open the trainer")),
    ("ezbac train warmup", N_("the five-minute pre-shift warm-up")),
    ("ezbac check 4h 3s 2d Kc 8h", N_("the procedure for one coup")),
    ("ezbac analyze --decks 6", N_("exact odds and house edges")),
    ("ezbac report", N_("trainees' progress, for instructors")),
)


class _LangTaken(argparse.Action):
    """``--lang``, as help lists it: the whole word is taken off the line before any parser
    runs (``trainer.cli.common.speak``), so a parser that meets it met a shortened one
    (``--lan ko``), refused rather than ignored."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        raise argparse.ArgumentError(self, _("write it whole: --lang LANG"))

    def format_usage(self) -> str:
        return "--lang LANG"  # its value was taken with it


def add_lang_argument(parser: argparse.ArgumentParser, *, command: bool = False) -> None:
    """``--lang``, accepted before the command and after it alike.  A command's parser lists
    it taking no value (``nargs=0``): it never parses one, as the whole option and its
    value are gone from the line by then."""
    extra: dict[str, Any] = {"nargs": 0} if command else {"metavar": "LANG"}
    parser.add_argument(  # taken off the line before parsing (trainer.cli.common.speak)
        "--lang",
        action=_LangTaken,
        **extra,
        help=_(
            "the language ezbac speaks: {languages} (default: the trainer's setting, else "
            "$LC_ALL, $LC_MESSAGES or $LANG)"
        ).format(languages=", ".join(LANGUAGES)),
    )


def _parsers_under(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """``parser`` and each parser of its subcommands (``drills`` and ``drills list``)."""
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for each in dict.fromkeys(action.choices.values()):
                found += _parsers_under(each)
    return found


def build_parser(command: str | None = None) -> Parser:
    """The whole CLI, with ``command`` (if any) built in full and the others as placeholders
    that only know their name and summary (enough for ``ezbac --help`` and to find the
    command)."""
    examples = "".join(f"  {line:<28}{_(words)}\n" for line, words in EXAMPLES)
    parser = Parser(
        prog="ezbac",
        description=_(
            "EZ Baccarat dealer trainer and procedure checker. With no command, opens the trainer."
        ),
        epilog=(
            _("examples:")
            + "\n"
            + examples
            + "\n"
            + _("run 'ezbac COMMAND --help' for each command's options")
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"ezbac {__version__}",
        help=_("show program's version number and exit"),
    )
    add_db_argument(parser)
    add_lang_argument(parser)
    parser.set_defaults(db=None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, summary in COMMANDS.items():
        if name == command:
            import_module(command_module(name)).register(sub)
            for each in _parsers_under(sub.choices[name]):
                add_lang_argument(each, command=True)
        else:  # its options and their help are the real parser's business
            sub.add_parser(name, help=_(summary), add_help=False)
    return parser


def undecodable(argv: Sequence[str]) -> str | None:
    """The first argument that is not valid text, as one line naming it (its place, and its
    bytes written out), or None.  Python hands over a byte its locale cannot decode as a
    lone surrogate (``\\udcff`` for 0xff): such an argument, a PIN or a name alike, would
    end in a traceback wherever it is first encoded."""
    for number, word in enumerate(argv, start=1):
        try:
            word.encode("utf-8")
        except UnicodeEncodeError:
            shown = word.encode("utf-8", "surrogateescape").decode("ascii", "backslashreplace")
            option = _option_before(argv, number - 1)
            named = f"{option} " if option else ""
            return _(
                "ezbac: error: argument {number} ({named}'{shown}') is not valid UTF-8 "
                "text: retype it"
            ).format(number=number, named=named, shown=shorten(shown))
    return None


def _option_before(argv: Sequence[str], index: int) -> str:
    """The option an argument is the value of (``--trainee`` for ``--trainee X``), else ''."""
    word = argv[index]
    if word.startswith("--") and "=" in word:
        return ""  # the word names its own option
    before = argv[index - 1] if index else ""
    return before if before.startswith("-") and before != "-" and "=" not in before else ""


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """Find the command cheaply (unknown options are left for its real parser), then parse
    the whole line with that command's parser.  An argument that is not valid text is a
    usage error naming it, before anything else reads it."""
    bad = undecodable(argv)
    if bad is not None:
        import sys

        sys.stderr.write(bad + "\n")
        raise SystemExit(EXIT_USAGE)
    found: argparse.Namespace  # no namespace given: argparse makes one
    found, rest = build_parser().parse_known_args(argv)
    if found.command is None and not rest:
        return found  # `ezbac --db X` (the trainer): nothing more to parse
    return build_parser(found.command).parse_args(argv)
