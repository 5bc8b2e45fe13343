"""What every ezbac command shares: the command list, the exit statuses, the usage error and
the one-line form of an error message.

Standard library only at import, and no argparse: the bare `ezbac` (the home screen) loads
this module and nothing that builds a parser.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from trainer.errors import BadInputError

if TYPE_CHECKING:
    from trainer.fileformat.problems import FileProblemsError

EXIT_USAGE = 2
#: `validate`: a file checked and found invalid (not a usage error).
EXIT_INVALID = 1
#: Ctrl+C: 128 + SIGINT, as shells report a program stopped by it.
EXIT_INTERRUPTED = 130

#: Each command's one-line summary (``ezbac --help``), in the order listed; its module is
#: ``trainer.cli.<name>``.
COMMANDS: dict[str, str] = {
    "check": "the dealing procedure for one coup, step by step",
    "audit": "check what a dealer did against the procedure, every deviation listed",
    "analyze": "exact odds and house edges of every bet",
    "simulate": "deal whole shoes and report per-shoe averages",
    "drills": "list, check and preview drill sets",
    "houses": "house rules: list, show, validate, schema",
    "curriculum": "the path to the audition: show, validate, schema",
    "audition": "an audition's sign-off sheet, signed with the school's key, and its check",
    "train": "run a drill in the trainer",
    "report": "per-trainee progress for instructors (table, CSV or JSON)",
    "serve": "serve the trainer to web browsers (each tab its own trainer)",
    "class": "the instructor's screen: every trainee, last exams, weakest skills",
    "history": "copy a whole history between SQLite files and PostgreSQL servers",
    "people": "the roster, sign-in and database roles of a school's history",
    "school": "a school's set-up for N trainers: PgBouncer, PostgreSQL, nginx, TLS; check it",
}


class UsageError(BadInputError):
    """Bad input from the command line: printed as one line, exit status 2."""


#: What this run was given that may carry a password (its arguments, $EZBAC_DB): no error
#: line it prints may contain one (trainer.addresses.scrub), whoever wrote the message.
#: ``trainer.cli.main`` fills it in as it starts.
ADDRESSES: list[str] = []


def shorten(message: str) -> str:
    """``message`` as ezbac prints an error: passwords scrubbed, long words shortened."""
    from trainer.addresses import scrub
    from trainer.engine.errors import shorten_words

    return shorten_words(scrub(message, ADDRESSES))


T = TypeVar("T")


def validate_files(
    files: Sequence[str],
    load: Callable[[str], T],
    error: type[FileProblemsError],
    summary: Callable[[T], str],
) -> int:
    """`ezbac drills|houses|curriculum validate`: each file's problems, one a line, or
    "NAME: ok (summary)"; a count after several; EXIT_INVALID if any is invalid."""
    bad = 0
    for name in files:
        try:
            loaded = load(name)
        except error as exc:
            bad += 1
            for line in exc.lines:
                print(line)
            continue
        print(f"{name}: ok ({summary(loaded)})")
    if len(files) > 1:
        print(f"{len(files)} files checked, {bad} invalid")
    return EXIT_INVALID if bad else 0


#: Standard input read line by line (`ezbac audit -`, `ezbac check -`): at most this much,
#: as `ezbac audit --file` reads a file.
MAX_STDIN_BYTES = 4 * 1024 * 1024


class _Lines(Protocol):
    def readline(self, size: int = -1, /) -> str: ...


def capped_lines(stream: _Lines, cap: int = MAX_STDIN_BYTES) -> Iterator[str]:
    """``stream``'s lines as they come, reading at most ``cap + 1`` characters in all (so
    at most about four times that in bytes, whatever is piped in: a file with no line
    break, a device).  Past ``cap`` bytes, UsageError: the lines before are already done."""
    total = 0
    while True:
        line = stream.readline(cap + 1 - total)
        if not line:
            return
        total += len(line.encode("utf-8", "surrogateescape"))
        if total > cap:
            raise UsageError(f"standard input: more than {cap:,} bytes (the limit): split it")
        yield line
