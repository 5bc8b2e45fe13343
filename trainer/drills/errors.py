"""Drill errors: ValueError subclasses so callers catch every kind of bad input in one place."""

from __future__ import annotations

from trainer.errors import BadInputError
from trainer.fileformat.problems import FileProblemsError, Problem

__all__ = ["DrillError", "DrillFileError", "DrillNotFoundError", "Problem"]


class DrillError(BadInputError):
    """Base of the drill errors."""


class DrillFileError(DrillError, FileProblemsError):
    """A drill file that cannot be used; ``problems`` lists everything wrong with it."""


class DrillNotFoundError(DrillError):
    """No bundled or user drill has that id, and it is no file either."""
