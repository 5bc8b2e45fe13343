"""A line of text its screen sets (attributes down): ``LiveText.text``.

The widget keeps what it shows and repaints only when that changes: setting the same text
again costs nothing, and text of the same length takes the same room, so it is repainted
without laying the screen out again (a clock's tick).  A layout costs more than the rest of
a keypress.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static


def _shown(text: Text) -> tuple[object, ...]:
    """What a text looks like: its characters, its spans and its own style (Rich's own
    equality leaves the style out)."""
    return (text.plain, tuple(text.spans), str(text.style))


class LiveText(Static):
    """A Static whose text is a reactive attribute, redrawn only when it changes."""

    # every assignment reaches the watcher, which compares what is shown (style included)
    text: reactive[Text] = reactive(Text, repaint=False, init=False, always_update=True)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._drawn: tuple[object, ...] | None = None

    def watch_text(self, text: Text) -> None:
        shown = _shown(text)
        before = self._drawn
        if before == shown:
            return
        self._drawn = shown
        same_size = before is not None and len(str(before[0])) == len(text.plain)
        self.update(text, layout=not same_size)
