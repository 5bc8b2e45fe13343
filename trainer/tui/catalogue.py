"""The drills the home screen offers, from trainer.drills.catalogue (no Textual import here, so
the CLI can resolve a drill before starting the UI).  A drill is listed as the catalogue's
DrillEntry, the summary record `ezbac drills list` shows too."""

from __future__ import annotations

from trainer.drills.catalogue import DrillEntry

#: The record the home screen lists: id, title, description, origin, mode, questions, the
#: problem of a broken file, and ``load()`` to check the drill in full when it is picked.
DrillChoice = DrillEntry

WARMUP_ID = "warmup"


def available() -> list[DrillChoice]:
    """Every drill the catalogue knows: bundled first, then the user's (broken ones listed with
    their problem).  Listed cheaply: each drill is checked in full when it is picked."""
    from trainer.drills.catalogue import available_drills

    return available_drills(check=False)
