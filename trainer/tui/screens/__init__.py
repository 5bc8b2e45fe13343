"""The trainer's screens."""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).parent


def stylesheets(*names: str) -> list[Path]:
    """A screen's CSS_PATH: its .tcss files in this folder, read when the screen is first
    shown (not at launch, like the app's own).  Absolute, so subclasses defined elsewhere
    (tests, benchmarks) still find them."""
    return [_HERE / name for name in names]
