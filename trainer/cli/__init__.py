"""The `ezbac` command.

Each subcommand lives in its own module with ``register(subparsers)``, imported only when
that command runs: a first, cheap parse finds the command among placeholders that know just
its name and summary, then the command's module builds its real parser.  So the bare
`ezbac` (the trainer) never loads the engine's CLI modules, and `ezbac check` never loads
Textual (modules import heavy things inside their handlers).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterable, Sequence
from importlib import import_module
from types import FrameType
from typing import Any, NoReturn

from trainer import __version__
from trainer.errors import BadInputError, EzbacError

EXIT_USAGE = 2
#: Ctrl+C: 128 + SIGINT, as shells report a program stopped by it.
EXIT_INTERRUPTED = 130


def interrupted() -> int:
    """Ctrl+C at any moment: one line on stderr, exit status 130, never a traceback."""
    with contextlib.suppress(OSError, KeyboardInterrupt):  # stderr gone, or a second Ctrl+C
        print("ezbac: interrupted", file=sys.stderr, flush=True)
    return EXIT_INTERRUPTED


def _quiet_exit(signum: int, frame: object) -> None:
    """SIGINT while ezbac starts (parsing, importing the command): nothing is open or half
    written yet, so leave at once.  Raising KeyboardInterrupt there could surface in the
    middle of an import or of argparse's own clean-up, as some other error."""
    os.write(2, b"ezbac: interrupted\n")
    os._exit(EXIT_INTERRUPTED)


#: Each command's one-line summary (``ezbac --help``), in the order listed; its module is
#: ``trainer.cli.<name>``.
COMMANDS: dict[str, str] = {
    "check": "the dealing procedure for one coup, step by step",
    "audit": "check what a dealer did against the procedure, every deviation listed",
    "analyze": "exact odds and house edges of every bet",
    "simulate": "deal whole shoes and report per-shoe averages",
    "drills": "list, check and preview drill sets",
    "houses": "house rules: list, show, validate, schema",
    "train": "run a drill in the trainer",
    "report": "per-trainee progress for instructors (table, CSV or JSON)",
    "serve": "serve the trainer to web browsers (each tab its own trainer)",
    "class": "the instructor's screen: every trainee, last exams, weakest skills",
    "history": "copy a whole history between SQLite files and PostgreSQL servers",
}


class UsageError(BadInputError):
    """Bad input from the command line: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors (no usage dump) and exit status 2.

    A subcommand sets ``intermixed = True`` to accept options between its positionals
    (``ezbac check 4h 3s --bet tie=5 2d Kc``), as people type them.
    """

    intermixed = False
    _mixing = False

    def error(self, message: str) -> NoReturn:
        message = f"{self.prog}: error: {message} (see {self.prog} --help)"
        self.exit(EXIT_USAGE, _shorten(message) + "\n")  # argparse quotes arguments whole

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> object:
        """Every value given to every option and positional passes here (defaults do not): an
        empty (or blank) one is a usage error naming it, never taken as "use the default"
        (``--house ''`` was ez, ``history copy SRC ''`` the default history, ``serve --host
        ''`` every interface)."""
        if not isinstance(action, argparse._SubParsersAction):  # its words: its parser's
            for arg_string in arg_strings:
                if not arg_string.strip():
                    raise argparse.ArgumentError(
                        action, f"the value is empty ({arg_string!r}): give one, or leave "
                        "the option out")
        return super()._get_values(action, arg_strings)

    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        if not self.intermixed or self._mixing:
            return super().parse_known_args(args, namespace)
        self._mixing = True  # parse_known_intermixed_args calls back into this method
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False


def build_parser(command: str | None = None) -> Parser:
    """The whole CLI, with ``command`` (if any) built in full and the others as placeholders
    that only know their name and summary (enough for ``ezbac --help`` and to find the
    command)."""
    parser = Parser(
        prog="ezbac",
        description=(
            "EZ Baccarat dealer trainer and procedure checker. With no command, opens the trainer."
        ),
        epilog=(
            "examples:\n"
            "  ezbac                       open the trainer\n"
            "  ezbac train warmup          the five-minute pre-shift warm-up\n"
            "  ezbac check 4h 3s 2d Kc 8h  the procedure for one coup\n"
            "  ezbac analyze --decks 6     exact odds and house edges\n"
            "  ezbac report                trainees' progress, for instructors\n"
            "\nrun 'ezbac COMMAND --help' for each command's options"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"ezbac {__version__}")
    from trainer.cli.options import add_db_argument

    add_db_argument(parser)
    parser.set_defaults(db=None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, summary in COMMANDS.items():
        if name == command:
            import_module(f"trainer.cli.{name}").register(sub)
        else:  # its options and their help are the real parser's business
            sub.add_parser(name, help=summary, add_help=False)
    return parser


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """Find the command cheaply (unknown options are left for its real parser), then parse
    the whole line with that command's parser."""
    found, rest = build_parser().parse_known_args(argv)
    if found.command is None and not rest:
        return found  # the bare `ezbac` (maybe with --db): nothing more to parse
    return build_parser(found.command).parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one ezbac command.  Ctrl+C ends it with status 130 and one line, at any moment:
    while it starts, at once (``_quiet_exit``); once the command runs, as KeyboardInterrupt,
    so the command's own clean-up (``finally``, saving an answer) still happens."""
    from trainer.paths import os_error_line

    previous = _sigint(_quiet_exit)
    words = sys.argv[1:] if argv is None else list(argv)
    _ADDRESSES[:] = [*words, os.environ.get("EZBAC_DB") or ""]
    try:
        from trainer.cli.output import plain_fallback

        plain_fallback()
        args = parse(words)
        handler = getattr(args, "handler", None)
        _sigint(previous)
        try:
            if handler is None:
                from trainer.cli.train import open_home

                return open_home(args)
            return int(handler(args) or 0)
        finally:
            _sigint(_quiet_exit if argv is None else previous)  # and while Python exits
    except EzbacError as exc:  # bad input, a file or folder that cannot be used, a history down
        for line in f"ezbac: error: {exc}".split("\n"):  # a file's problems, one a line
            print(_shorten(line), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return interrupted()
    except BrokenPipeError:
        return 0
    except OSError as exc:  # a file or path no command expected to fail: still one line
        print(_shorten(f"ezbac: error: {os_error_line(exc)}"), file=sys.stderr)
        return EXIT_USAGE
    finally:
        if argv is not None:  # called in-process (tests): leave the process as it was
            _sigint(previous)


#: What this run was given that may carry a password (its arguments, $EZBAC_DB): no error
#: line it prints may contain one (trainer.addresses.scrub), whoever wrote the message.
_ADDRESSES: list[str] = []


def _shorten(message: str) -> str:
    from trainer.addresses import scrub
    from trainer.engine.errors import shorten_words

    return shorten_words(scrub(message, _ADDRESSES))


#: What signal.signal takes and returns for SIGINT (a function, SIG_DFL/SIG_IGN, or None).
SigintHandler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


def _sigint(handler: SigintHandler) -> SigintHandler:
    """Install a SIGINT handler, returning the one it replaces (only the main thread may)."""
    try:
        return signal.signal(signal.SIGINT, handler)
    except ValueError:  # not the main thread
        return handler
