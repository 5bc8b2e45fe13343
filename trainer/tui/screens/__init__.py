"""The trainer's screens."""

from __future__ import annotations

from pathlib import Path, PurePath

_HERE = Path(__file__).parent


def stylesheets(*names: str) -> list[str | PurePath]:
    """A screen's CSS_PATH: its .tcss files in this folder, read when the screen is first
    shown (not at launch, like the app's own).  Absolute, so subclasses defined elsewhere
    (tests, benchmarks) still find them.  Typed as Textual's CSS_PATH is (a list is
    invariant)."""
    return [_HERE / name for name in names]
