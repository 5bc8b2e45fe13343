"""A line of text its screen sets (attributes down): ``LiveText.text``.

The widget keeps what it shows and repaints only when that changes: setting the same text
again costs nothing, and text of the same length takes the same room, so it is repainted
without laying the screen out again (a clock's tick).  A layout costs more than the rest of
a keypress.
"""

from __future__ import annotations

from rich.text import Span, Text
from textual.reactive import reactive
from textual.widgets import Static


class LiveText(Static):
    """A Static whose text is a reactive attribute, redrawn only when it changes."""

    text: reactive[Text] = reactive(Text, repaint=False, init=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._drawn = False

    def validate_text(self, text: Text) -> Text:
        """The text's own style as its first span (drawn the same: Textual puts it under
        the spans), so that two texts that look different never compare equal: Rich's
        equality reads the characters and the spans only."""
        if not text.style:
            return text
        folded = text.copy()
        folded.style = ""
        folded.spans = [Span(0, len(text.plain), text.style), *text.spans]
        return folded

    def watch_text(self, before: Text, text: Text) -> None:
        same_size = self._drawn and len(before.plain) == len(text.plain)
        self._drawn = True
        self.update(text, layout=not same_size)
