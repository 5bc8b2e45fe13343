"""A footer line of the keys that work right now, redrawn as plain text.

Textual's Footer rebuilds a widget per key whenever bindings change; the drill screen's
keys change twice a question, and rebuilding them cost more than the rest of an answer.
The keys shown are the screen's bindings whose ``check_action`` allows them now.  Each key
is clickable, as in Textual's Footer: a click runs the binding's action.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

_KEY_NAMES = {"enter": "⏎", "escape": "esc", "space": "space"}

#: The app's quit key (ctrl+q, a priority binding of the app), shown after a screen's keys.
QUIT_KEY = (("^q", "Quit", "app.request_quit"),)


def key_label(key: str) -> str:
    key = key.split(",")[0]
    if key.startswith("ctrl+"):
        return "^" + key[5:]
    return _KEY_NAMES.get(key, key)


class KeyBar(Static):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"keybar--key", "keybar--description"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int, str]] = []  # (first column, end column, action)

    def show_keys(
        self, screen: Screen[object], extra: tuple[tuple[str, str, str], ...] = ()
    ) -> None:
        """``screen``'s keys that work now, then ``extra`` (key, description, action) ones
        such as the app's quit key."""
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        desc_style = self.get_component_rich_style("keybar--description", partial=True)
        text = Text(no_wrap=True, overflow="ellipsis")
        seen: set[str] = set()
        spans: list[tuple[int, int, str]] = []

        def add(key: str, description: str, action: str) -> None:
            start = text.cell_len
            text.append(f" {key} ", key_style)
            text.append(f"{description} ", desc_style)
            spans.append((start, text.cell_len, action))

        for binding in screen.BINDINGS:
            if not isinstance(binding, Binding) or not binding.show or binding.key in seen:
                continue
            action, _, rest = binding.action.partition("(")
            params = tuple(p.strip("'\" )") for p in rest.split(",")) if rest else ()
            if not screen.check_action(action, params):
                continue
            seen.add(binding.key)
            # a click runs in this widget's namespace: the screen's actions need theirs
            scoped = binding.action if "." in action else f"screen.{binding.action}"
            add(key_label(binding.key), binding.description, scoped)
        for key, description, action in extra:
            add(key, description, action)
        self._spans = spans
        self.update(text)

    async def on_click(self, event: events.Click) -> None:
        # by column rather than @click links, which Textual restyles as links
        for start, end, action in self._spans:
            if start <= event.x < end:
                event.stop()
                await self.run_action(action)
                return
