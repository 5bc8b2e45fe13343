"""A problem in a file, located so the author can jump to it, and the error carrying them all."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.errors import BadInputError, EzbacError


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a file."""

    file: str
    line: int  # 1-based; 0 when the problem is about the whole file
    column: int  # 1-based; 0 when only the line is known
    field: str  # dotted path such as "coups[2].expect.outcome", "" for the whole file
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}:{self.column}" if self.column else f":{self.line}"
        if self.field:
            return f"{where}: {self.field}: {self.message}"
        return f"{where}: {self.message}"


class FileProblemsError(BadInputError):
    """A file that cannot be used; ``problems`` lists everything wrong with it, and so does
    its text, one problem a line (so any caller that prints it shows them all)."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(self.lines) or "invalid file")

    @property
    def lines(self) -> list[str]:
        return [str(p) for p in self.problems]

    @property
    def summary(self) -> str:
        """The first problem and how many more: one line, for a list of files."""
        first = self.lines[0] if self.problems else "invalid file"
        more = len(self.problems) - 1
        return first + (f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else "")


class ScanProblem(EzbacError):
    """A cheap scan (``trainer.fileformat.scanning``) found the file not plainly readable:
    the full reader must say what is wrong with it."""
