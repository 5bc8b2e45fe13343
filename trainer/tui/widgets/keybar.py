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

from trainer.i18n import N_, _
from trainer.tui.widgets.livetext import show_text

_KEY_NAMES = {
    "enter": "⏎",
    "escape": N_("esc"),
    "space": N_("space"),
    "question_mark": "?",
    # arrows as arrows, as every key bar shows them
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "pagedown": N_("PgDn"),
    "pageup": N_("PgUp"),
}


def key_label(key: str) -> str:
    key = key.split(",")[0]
    if key.startswith("ctrl+"):
        return "^" + key[5:]
    return _(_KEY_NAMES[key]) if key in _KEY_NAMES else key  # a key's name in the language


class KeyBar(Static):
    """The keys on one line, or on two or more where they do not fit the width (a key and
    its words are never split): a home with its path has more keys than 80 columns hold."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"keybar--key", "keybar--description"}

    _spans: tuple[tuple[int, int, int, str], ...] = ()  # (line, first column, end, action)
    _shown: tuple[str, list[Span]] = ("", [])
    _screen: Screen[Any] | None = None

    def show_keys(self, screen: Screen[Any]) -> None:
        """The keys of ``screen`` that work now, then the app's."""
        self._screen = screen
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        desc_style = self.get_component_rich_style("keybar--description", partial=True)
        chunks: list[tuple[Text, str]] = []
        seen: set[str] = set()
        targets: dict[str, DOMNode] = {"screen": screen, "app": screen.app}
        for owner in ("screen", "app"):
            for binding in targets[owner].BINDINGS:
                if not isinstance(binding, Binding) or not binding.show or binding.key in seen:
                    continue
                namespace, name, params = parse_action(binding.action)
                if not targets.get(namespace, targets[owner]).check_action(name, params):
                    continue
                seen.add(binding.key)
                chunk = Text()
                chunk.append(f" {key_label(binding.key)} ", key_style)
                chunk.append(f"{_(binding.description)} ", desc_style)  # in the language spoken
                # a click runs in this widget's namespace: name the owner's unless given
                scoped = binding.action if namespace else f"{owner}.{binding.action}"
                chunks.append((chunk, scoped))
        # before the first layout (0), the terminal's width, which a bar docked at the
        # bottom of a screen gets: laid out once at its height, not again on its resize
        width = self.size.width or self.app.size.width
        text = Text(no_wrap=True, overflow="ellipsis")
        spans: list[tuple[int, int, int, str]] = []
        line, column = 0, 0
        for chunk, action in chunks:
            # a chunk ends in a space, which may fall off the line's end
            if column and width and column + chunk.cell_len - 1 > width:
                text.append("\n")
                line, column = line + 1, 0
            text.append_text(chunk)
            spans.append((line, column, column + chunk.cell_len, action))
            column += chunk.cell_len
        self._spans = tuple(spans)
        if (text.plain, text.spans) != self._shown:  # unchanged: no repaint
            self._shown = (text.plain, list(text.spans))
            show_text(self, text)

    def on_resize(self, event: events.Resize) -> None:
        if self._screen is not None:
            self.show_keys(self._screen)

    async def on_click(self, event: events.Click) -> None:
        # by line and column rather than @click links, which Textual restyles as links
        for line, start, end, action in self._spans:
            if line == event.y and start <= event.x < end:
                event.stop()
                await self.run_action(action)
                return
