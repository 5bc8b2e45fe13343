"""The drills the home screen offers, from trainer.drills.catalog (no Textual import here, so
the CLI can resolve a drill before starting the UI)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

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


def from_drill(drill: Drill, origin: str = "bundled") -> DrillChoice:
    return DrillChoice(
        drill.id, drill.title, drill.description, origin, lambda: drill,
        drill.questions, drill.mode.value,
    )


def _entry(item: object) -> DrillChoice:
    """A DrillChoice from a trainer.drills.catalog.DrillEntry (or a Drill).

    An entry from a cheap listing has no drill yet: picking it loads and checks the file in
    full (``DrillEntry.load``), so a file wrong in substance is refused then, with its
    file:line errors (a DrillFileError, a ValueError)."""
    if isinstance(item, Drill):
        return from_drill(item)
    drill = getattr(item, "drill", None)
    origin = str(getattr(item, "origin", "bundled"))
    if isinstance(drill, Drill):
        return from_drill(drill, origin)
    load = getattr(item, "load", None)
    if getattr(item, "error", None) is None and callable(load):
        ident, title, text = (str(getattr(item, k)) for k in ("id", "title", "description"))
        questions = getattr(item, "questions", None) or None
        return DrillChoice(ident, title, text, origin, load, questions, getattr(item, "mode", None))
    error = getattr(item, "error", None) or "cannot be loaded"

    def refuse() -> Drill:
        raise ValueError(error)

    return DrillChoice(
        str(getattr(item, "id", "?")), str(getattr(item, "title", "?")), "", origin, refuse,
        problem=error,
    )


def available() -> list[DrillChoice]:
    """Every drill the catalog knows: bundled first, then the user's (broken ones listed with
    their error).  Listed cheaply: each drill is checked in full when it is picked."""
    from trainer.drills.catalog import available_drills

    return [_entry(item) for item in available_drills(check=False)]


def choices_from(drills: Sequence[Drill]) -> list[DrillChoice]:
    return [from_drill(d) for d in drills]
