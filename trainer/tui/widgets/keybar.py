"""A footer line of the keys that work right now, redrawn as plain text.

Textual's Footer rebuilds a widget per key whenever bindings change; the drill screen's
keys change twice a question, and rebuilding them cost more than the rest of an answer.
The keys shown are the screen's bindings whose ``check_action`` allows them now, then the
app's (ctrl+q).  Each key is clickable, as in Textual's Footer: a click runs its action.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Span, Text
from textual import events
from textual.actions import parse as parse_action
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Static

_KEY_NAMES = {"enter": "⏎", "escape": "esc", "space": "space", "question_mark": "?"}


def key_label(key: str) -> str:
    key = key.split(",")[0]
    if key.startswith("ctrl+"):
        return "^" + key[5:]
    return _KEY_NAMES.get(key, key)


class KeyBar(Static):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"keybar--key", "keybar--description"}

    _spans: tuple[tuple[int, int, str], ...] = ()  # (first column, end column, action)
    _shown: tuple[str, list[Span]] = ("", [])

    def show_keys(self, screen: Screen[Any]) -> None:
        """The keys of ``screen`` that work now, then the app's."""
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        desc_style = self.get_component_rich_style("keybar--description", partial=True)
        text = Text(no_wrap=True, overflow="ellipsis")
        seen: set[str] = set()
        spans: list[tuple[int, int, str]] = []
        targets: dict[str, DOMNode] = {"screen": screen, "app": screen.app}
        for owner in ("screen", "app"):
            for binding in targets[owner].BINDINGS:
                if not isinstance(binding, Binding) or not binding.show or binding.key in seen:
                    continue
                namespace, name, params = parse_action(binding.action)
                if not targets.get(namespace, targets[owner]).check_action(name, params):
                    continue
                seen.add(binding.key)
                start = text.cell_len
                text.append(f" {key_label(binding.key)} ", key_style)
                text.append(f"{binding.description} ", desc_style)
                # a click runs in this widget's namespace: name the owner's unless given
                scoped = binding.action if namespace else f"{owner}.{binding.action}"
                spans.append((start, text.cell_len, scoped))
        self._spans = tuple(spans)
        if (text.plain, text.spans) != self._shown:  # unchanged: no repaint
            self._shown = (text.plain, list(text.spans))
            self.update(text)

    async def on_click(self, event: events.Click) -> None:
        # by column rather than @click links, which Textual restyles as links
        for start, end, action in self._spans:
            if start <= event.x < end:
                event.stop()
                await self.run_action(action)
                return
