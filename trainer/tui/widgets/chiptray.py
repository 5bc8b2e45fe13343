"""The dealer's chip tray: the house's denominations, each with the key that adds one, in
the house's colours where the terminal has them.

A chip is drawn as its value on the chip's colour (" 25 " on green), so the value is always
there to read and colour is never the only cue; a colour the house names that is not known
here is drawn plain.  Keys run along the top row of the keyboard, smallest chip first, like
a rack: q adds the smallest, Q (shift) takes one back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from trainer.tui.widgets.livetext import Unscrolled
from trainer.words.layout import colour, money

#: The keys that add a chip, smallest denomination first (shift takes one back).
CHIP_KEYS = "qwertyuiop"

#: Chip colours as the houses name them, as terminal colours (background, ink).
_COLOURS: Mapping[str, tuple[str, str]] = {
    "white": ("#eeeeee", "#111111"),
    "red": ("#c62828", "#ffffff"),
    "green": ("#2e7d32", "#ffffff"),
    "black": ("#111111", "#ffffff"),
    "purple": ("#6a1b9a", "#ffffff"),
    "yellow": ("#f9d71c", "#111111"),
    "blue": ("#1565c0", "#ffffff"),
    "grey": ("#8a8a8a", "#111111"),
    "gray": ("#8a8a8a", "#111111"),
    "pink": ("#f48fb1", "#111111"),
    "orange": ("#ef6c00", "#111111"),
    "brown": ("#6d4c41", "#ffffff"),
    "lavender": ("#b39ddb", "#111111"),
    "chocolate": ("#5d4037", "#ffffff"),
}


def chip_style(colour: str) -> Style:
    """The style of a chip of ``colour`` (plain when the colour is not one known here)."""
    pair = _COLOURS.get(colour.strip().lower())
    if pair is None:
        return Style(bold=True)
    return Style(bgcolor=pair[0], color=pair[1], bold=True)


def chip_ink(colour: str) -> Style:
    """The chip's colour as ink (a chip drawn as ●), plain when not known here."""
    pair = _COLOURS.get(colour.strip().lower())
    return Style(bold=True) if pair is None else Style(color=pair[0])


def chip_text(value: Decimal, colour: str, *, pad: bool = True) -> Text:
    """One chip: its value on its colour."""
    label = money(value)
    return Text(f" {label} " if pad else label, chip_style(colour))


def stack_text(chips: Sequence[tuple[Decimal, int]], colours: Mapping[Decimal, str]) -> Text:
    """A payout or wager as chips, largest first: '2×100 1×25' each on its chip colour."""
    text = Text()
    for value, count in chips:
        if not count:
            continue
        if text:
            text.append(" ")
        text.append(f"{count}×")
        text.append_text(chip_text(value, colours.get(value, ""), pad=False))
    return text


@dataclass(frozen=True, slots=True)
class ChipDenomination:
    value: Decimal
    colour: str


class ChipTray(Unscrolled, Widget):
    """The denominations with their keys and, while a payout is built, the count of each
    chip given so far.  Clicking a chip adds one (shift-click takes one back).  Never
    scrolled: put back after a question, one layout, not two."""

    DEFAULT_CSS = """
    ChipTray {
        height: auto;
    }
    """

    @dataclass
    class Clicked(Message):
        """A chip was clicked: add (or, with shift, take back) one of ``value``."""

        value: Decimal
        remove: bool

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.chips: tuple[ChipDenomination, ...] = ()
        self.counts: Mapping[Decimal, int] = {}
        self.names = False  # each chip's colour named under it (room permitting)
        self.keys = True  # each chip's key shown (only while chips can be given)
        self._spans: list[tuple[int, int, Decimal]] = []

    def show(
        self,
        chips: Sequence[ChipDenomination],
        counts: Mapping[Decimal, int],
        *,
        names: bool = False,
        keys: bool = True,
    ) -> None:
        shown = (tuple(chips), dict(counts), names, keys)
        if shown == (self.chips, self.counts, self.names, self.keys):
            return
        resized = names != self.names or not self.chips
        self.chips, self.counts, self.names, self.keys = shown
        self.refresh(layout=resized)

    def keyed(self) -> list[tuple[str, ChipDenomination]]:
        """(key, chip) for the chips that have a key, smallest first."""
        return list(zip(CHIP_KEYS, self.chips, strict=False))

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        spans: list[tuple[int, int, Decimal]] = []
        keyed = dict((c.value, k) for k, c in self.keyed())
        for i, chip in enumerate(self.chips):
            if i:
                text.append(" ")
            start = text.cell_len
            key = keyed.get(chip.value)
            if key is not None:
                text.append(key if self.keys else " ", "bold underline")
            text.append_text(chip_text(chip.value, chip.colour))
            count = self.counts.get(chip.value, 0)
            if count:
                text.append(f"×{count}", "bold")
            spans.append((start, text.cell_len, chip.value))
        if self.names:  # the colours in words: colour is never the only cue
            text.append("\n")
            text.append(
                " · ".join(f"{money(c.value)} {colour(c.colour)}" for c in self.chips),
                "dim",
            )
        self._spans = spans
        return text

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 2 if self.names and self.chips else 1

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y != 0:
            return
        for start, end, value in self._spans:
            if start <= offset.x < end:
                event.stop()
                self.post_message(self.Clicked(value, remove=event.shift))
                return
