"""House file errors: every problem at once, each located like a drill file's."""

from __future__ import annotations

from trainer.fileformat.problems import FileProblemsError, Problem

__all__ = ["HouseFileError", "Problem"]


class HouseFileError(FileProblemsError):
    """A house file that cannot be used; ``problems`` lists everything wrong with it."""
