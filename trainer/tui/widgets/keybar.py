"""A footer line of the keys that work right now, redrawn as plain text.

Textual's Footer rebuilds a widget per key whenever bindings change; the drill screen's
keys change twice a question, and rebuilding them cost more than the rest of an answer.
The keys shown are the screen's bindings whose ``check_action`` allows them now.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

_KEY_NAMES = {"enter": "⏎", "escape": "esc", "space": "space"}


def key_label(key: str) -> str:
    key = key.split(",")[0]
    if key.startswith("ctrl+"):
        return "^" + key[5:]
    return _KEY_NAMES.get(key, key)


class KeyBar(Static):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"keybar--key", "keybar--description"}

    def show_keys(self, screen: Screen[object], extra: tuple[tuple[str, str], ...] = ()) -> None:
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        desc_style = self.get_component_rich_style("keybar--description", partial=True)
        text = Text(no_wrap=True, overflow="ellipsis")
        seen: set[str] = set()
        for binding in screen.BINDINGS:
            if not isinstance(binding, Binding) or not binding.show or binding.key in seen:
                continue
            action, _, rest = binding.action.partition("(")
            params = tuple(p.strip("'\" )") for p in rest.split(",")) if rest else ()
            if not screen.check_action(action, params):
                continue
            seen.add(binding.key)
            text.append(f" {key_label(binding.key)} ", key_style)
            text.append(f"{binding.description} ", desc_style)
        for key, description in extra:
            text.append(f" {key} ", key_style)
            text.append(f"{description} ", desc_style)
        self.update(text)
