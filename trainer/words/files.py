"""A file's problems in the language spoken: the one place they are worded.

A problem (``trainer.fileformat.problems.Problem``) keeps its frame as it is, the file, its
line and column and the field (what an editor jumps to, the same in every language), and
its message as a ``Said`` that is worded here.  The command line's error printer, the
commands that check files and the lists of drills and houses all show a file's problems
through these functions; what a machine reads (``--json``) keeps the English ``str``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from trainer.i18n import N_
from trainer.words.said import say

if TYPE_CHECKING:
    from trainer.fileformat.problems import FileProblemsError, Problem

#: What a path is when it is no file (``trainer.paths.kind_of``), put in a problem as the
#: words the base layer gives and looked up here: declared for the catalogue.
PATH_KINDS = (
    N_("a folder"),
    N_("a named pipe (fifo)"),
    N_("a device"),
    N_("a socket"),
    N_("not a regular file"),
)

#: Why the operating system refused a path, as ``trainer.paths.os_reason`` says it in its
#: own words (any other reason is the system's, as it gives it): declared for the catalogue.
PATH_REASONS = (
    N_("permission denied"),
    N_("a part of the path is a file, not a folder"),
)


def problem_line(problem: Problem) -> str:
    """One problem's line: ``file:line:column: field: message``, the message worded."""
    return say(problem.said)


def problem_lines(error: FileProblemsError | Iterable[Problem]) -> list[str]:
    """Every problem of a file, one a line."""
    problems = error.problems if hasattr(error, "problems") else error
    return [problem_line(p) for p in problems]


def summary(error: FileProblemsError) -> str:
    """The first problem and how many more: one line, for a list of files."""
    return say(error.summary)


def error_text(error: BaseException) -> str:
    """An error's text in the language spoken: a file's problems one a line, a message
    given as a ``Said`` worded, anything else as it is."""
    message = error.args[0] if len(error.args) == 1 else None
    if isinstance(message, str):
        return say(message)
    return str(error)
