"""The trainer's screens."""

from __future__ import annotations

from pathlib import Path, PurePath

_HERE = Path(__file__).parent


def stylesheets(*names: str) -> list[str | PurePath]:
    """A screen's CSS_PATH: its .tcss files in this folder.  The trainer's app reads every
    one at launch (`TrainerApp.CSS_PATH`: one first read later makes Textual parse them all
    again on that key); a screen names its own too, for an app that is not the trainer's.
    Absolute, so subclasses defined elsewhere (tests, benchmarks) still find them.  Typed
    as Textual's CSS_PATH is (a list is invariant)."""
    return [_HERE / name for name in names]
