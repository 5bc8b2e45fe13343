"""A line of text its screen sets (attributes down): ``LiveText.text``.

The widget keeps what it shows and repaints only when that changes: setting the same text
again costs nothing, and text of the same length takes the same room, so it is repainted
without laying the screen out again (a clock's tick).  A layout costs more than the rest of
a keypress.

``text`` is a plain property rather than a Textual reactive: the table screen sets each of
its lines after every key, and a reactive's machinery (validators, watchers and computes
looked up at each set, the watcher called in a context) costs more than the comparison it
guards.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def _shown(text: Text) -> tuple[object, ...]:
    """What a text looks like: its characters, its spans and its own style (Rich's own
    equality leaves the style out)."""
    return (text.plain, tuple(text.spans), str(text.style))


class LiveText(Static):
    """A Static whose text is set as an attribute, redrawn only when it changes."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._text = Text()
        self._drawn: tuple[object, ...] | None = None

    @property
    def text(self) -> Text:
        """The text shown."""
        return self._text

    @text.setter
    def text(self, text: Text) -> None:
        shown = _shown(text)
        before = self._drawn
        if before == shown:
            return
        self._text, self._drawn = text, shown
        same_size = before is not None and len(str(before[0])) == len(text.plain)
        self.update(text, layout=not same_size)
