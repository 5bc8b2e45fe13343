"""A problem in a file, located so the author can jump to it, and the error carrying them all."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.errors import BadInputError, EzbacError

if TYPE_CHECKING:  # imported where used: a list of drills on home loads no engine
    from trainer.engine.said import Said

#: A problem's line: where, the field, the message.  Not a message of the catalogues (no
#: language changes the frame an editor jumps to): only the message in it is worded.
FRAME = "{where}: {field}: {message}"
FRAME_NO_FIELD = "{where}: {message}"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a file."""

    file: str
    line: int  # 1-based; 0 when the problem is about the whole file
    column: int  # 1-based; 0 when only the line is known
    field: str  # dotted path such as "coups[2].expect.outcome", "" for the whole file
    message: str  # a ``Said`` where the reader words it (its ``str`` is the English)

    def __str__(self) -> str:
        return str(self.said)

    @property
    def said(self) -> Said:
        """The problem's line as a ``Said``: the frame (file:line:column, the field) as it
        is, the message worded at the edges (``trainer.words.files``)."""
        from trainer.engine.said import Said, Verbatim

        where = self.file
        if self.line:
            where += f":{self.line}:{self.column}" if self.column else f":{self.line}"
        if self.field:
            return Said(
                FRAME, where=Verbatim(where), field=Verbatim(self.field), message=self.message
            )
        return Said(FRAME_NO_FIELD, where=Verbatim(where), message=self.message)


class FileProblemsError(BadInputError):
    """A file that cannot be used; ``problems`` lists everything wrong with it, and so does
    its text, one problem a line (so any caller that prints it shows them all)."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(problems)
        from trainer.engine.said import joined

        super().__init__(joined(list(self.lines), "\n") if self.problems else invalid())

    def __reduce__(self) -> tuple[type[FileProblemsError], tuple[tuple[Problem, ...]]]:
        return (type(self), (self.problems,))  # copied or pickled, its problems stay

    @property
    def lines(self) -> list[Said]:
        """Each problem's line (a ``Said``: ``trainer.words.files`` words it)."""
        return [p.said for p in self.problems]

    @property
    def summary(self) -> Said:
        """The first problem and how many more: one line, for a list of files."""
        from trainer.engine.said import Plural

        if not self.problems:
            return invalid()
        first = self.lines[0]
        more = len(self.problems) - 1
        if not more:
            return first
        return Plural(
            "{first} (and {count} more problem)",
            "{first} (and {count} more problems)",
            more,
            first=first,
        )


def invalid() -> Said:
    """A file refused with no problem named (never expected: a reader names each one)."""
    from trainer.engine.said import Said

    return Said("invalid file")


class ScanProblem(EzbacError):
    """A cheap scan (``trainer.fileformat.scanning``) found the file not plainly readable:
    the full reader must say what is wrong with it."""
