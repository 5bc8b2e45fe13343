"""What a key costs the screen, for the layout tests: Textual's whole-screen layouts counted,
and the frame after a key waited for."""

from __future__ import annotations

import asyncio

import pytest
from textual.app import App
from textual.screen import Screen


def count_layouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that gets a 1 for each whole-screen layout from now on (Textual's
    ``Screen._refresh_layout`` other than a scroll: every widget placed again), for the
    test's length."""
    layouts: list[int] = []
    original = Screen._refresh_layout

    def counted(self: Screen[object], size: object = None, scroll: bool = False) -> None:
        if not scroll or self._layout_widgets:
            layouts.append(1)
        original(self, size, scroll)  # type: ignore[arg-type]

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    return layouts


async def frame_drawn(app: App[object]) -> None:
    """Once the frame after what was just posted is drawn (and any layout it asked for)."""
    drawn = asyncio.Event()
    app.call_after_refresh(drawn.set)
    await drawn.wait()
