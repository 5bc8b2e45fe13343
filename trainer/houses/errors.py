"""House file errors: every problem at once, each located like a drill file's."""

from __future__ import annotations

from trainer.drills.errors import Problem

__all__ = ["HouseFileError", "Problem"]


class HouseFileError(ValueError):
    """A house file that cannot be used; ``problems`` lists everything wrong with it."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(problems)
        first = str(self.problems[0]) if self.problems else "invalid house file"
        more = len(self.problems) - 1
        suffix = f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else ""
        super().__init__(first + suffix)

    @property
    def lines(self) -> list[str]:
        return [str(p) for p in self.problems]
