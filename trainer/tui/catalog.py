"""The drills the home screen offers, from trainer.drills.catalog (no Textual import here, so
the CLI can resolve a drill before starting the UI)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trainer.drills.catalog import DrillEntry
    from trainer.drills.model import Drill

WARMUP_ID = "warmup"


@dataclass(frozen=True, slots=True)
class DrillChoice:
    """A drill as listed: enough to show it, and how to load it when picked."""

    id: str
    title: str
    description: str
    origin: str  # "bundled" or "user" (or a path)
    load: Callable[[], Drill]
    questions: int | None = None
    mode: str | None = None
    problem: str | None = None  # set when the file is listed but cannot be loaded


def from_drill(drill: Drill) -> DrillChoice:
    return DrillChoice(
        drill.id, drill.title, drill.description, "bundled", lambda: drill,
        drill.questions, drill.mode.value,
    )


def _choice(entry: DrillEntry) -> DrillChoice:
    """A listed drill as the home screen shows it.  ``entry.load`` checks the file in full
    when the drill is picked, and refuses a broken one with its error (a ValueError)."""
    return DrillChoice(
        entry.id, entry.title, entry.description, entry.origin, entry.load,
        entry.questions or None, entry.mode, entry.error,
    )


def available() -> list[DrillChoice]:
    """Every drill the catalog knows: bundled first, then the user's (broken ones listed with
    their error).  Listed cheaply: each drill is checked in full when it is picked."""
    from trainer.drills.catalog import available_drills

    return [_choice(entry) for entry in available_drills(check=False)]


def choices_from(drills: Sequence[Drill]) -> list[DrillChoice]:
    return [from_drill(d) for d in drills]
