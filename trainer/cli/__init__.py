"""The `ezbac` command.

Each subcommand lives in its own module with ``register(subparsers)``; modules import
heavy things (Textual, the drill loader) inside their handlers so `ezbac check` starts fast
and never loads Textual.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from trainer import __version__

EXIT_USAGE = 2


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors (no usage dump) and exit status 2.

    A subcommand sets ``intermixed = True`` to accept options between its positionals
    (``ezbac check 4h 3s --bet tie=5 2d Kc``), as people type them.
    """

    intermixed = False
    _mixing = False

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[no-untyped-def]
        if not self.intermixed or self._mixing:
            return super().parse_known_args(args, namespace)
        self._mixing = True  # parse_known_intermixed_args calls back into this method
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False


def build_parser() -> Parser:
    from trainer.cli import analyze, check, drills, report, simulate, train

    parser = Parser(
        prog="ezbac",
        description=(
            "EZ Baccarat dealer trainer and procedure checker. With no command, opens the "
            "trainer."
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
    from trainer.cli.report import add_db_argument

    add_db_argument(parser)
    parser.set_defaults(db=None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for module in (check, analyze, simulate, drills, train, report):
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    try:
        if handler is None:
            from trainer.cli.train import open_home

            return open_home(args)
        return int(handler(args) or 0)
    except UsageError as exc:
        print(f"ezbac: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("ezbac: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
