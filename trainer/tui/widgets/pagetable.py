"""A table that is part of a page rather than a window of its own."""

from __future__ import annotations

from textual.widgets import DataTable


class PageTable(DataTable[object]):
    """A DataTable as tall as its rows: the page around it is the one thing that scrolls,
    so there is one scrollbar and the page keys work on all of it.

    (DataTable caps itself at its container's height and scrolls inside; ``initial`` in a
    DEFAULT_CSS lifts that cap, which a stylesheet rule cannot.)
    """

    DEFAULT_CSS = """
    PageTable {
        height: auto;
        max-height: initial;
    }
    """
