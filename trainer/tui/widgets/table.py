"""The coup as a dealer sees it: Player and Banker hands drawn as cards, and the layout.

Cards are drawn as small boxes with rank and suit symbol (the suit symbol tells the suit,
so colour is never the only cue).  Ink colours come from component classes in drill.tcss;
the four-colour deck is the app's ``-four-colour`` class, so toggling it only touches the
stylesheet and every hand on screen is redrawn as it stands.
"""

from __future__ import annotations

from decimal import Decimal
from typing import ClassVar

from rich.text import Text
from textual.widgets import Static

from trainer.engine import Bet, Card, Outcome, Suit, format_amount

_INK = {
    Suit.SPADES: "card--spades",
    Suit.HEARTS: "card--hearts",
    Suit.DIAMONDS: "card--diamonds",
    Suit.CLUBS: "card--clubs",
}


class HandView(Static):
    """One hand: its name, its cards as boxes, and its total once it is no longer asked."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "card--face",
        "card--spades",
        "card--hearts",
        "card--diamonds",
        "card--clubs",
        "hand--title",
    }

    def __init__(self, name: str, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="hand")
        self.hand_name = name
        self.cards: tuple[Card, ...] = ()
        self.total: int | None = None

    def show(self, cards: tuple[Card, ...], total: int | None) -> None:
        self.cards, self.total = cards, total
        self.refresh()

    def render(self) -> Text:
        """Drawn at each refresh, so a change of the stylesheet (theme, deck) recolours it."""
        face = self.get_component_rich_style("card--face", partial=True)
        title = self.get_component_rich_style("hand--title", partial=True)
        text = Text()
        total = "" if self.total is None else f"  total {self.total}"
        text.append(self.hand_name.upper(), title)
        text.append(total + "\n")
        top, mid, bottom = Text(), Text(), Text()
        for i, card in enumerate(self.cards):
            gap = " " if i else ""
            ink = face + self.get_component_rich_style(_INK[card.suit], partial=True)
            top.append(gap)
            mid.append(gap)
            bottom.append(gap)
            top.append("╭─────╮", face)
            mid.append("│", face)
            mid.append(f"{card.pretty:^5}", ink)
            mid.append("│", face)
            bottom.append("╰─────╯", face)
        if not self.cards:
            mid.append("(no cards)")
        text.append_text(top)
        text.append("\n")
        text.append_text(mid)
        text.append("\n")
        text.append_text(bottom)
        return text


class LayoutView(Static):
    """The bets on the layout for a payout question; the bet being settled is marked ▶."""

    def show(
        self,
        wagers: tuple[tuple[Bet, Decimal], ...],
        current: Bet | None,
        outcome: Outcome | None,
    ) -> None:
        if not wagers:
            self.update("")
            self.display = False
            return
        self.display = True
        text = Text()
        if outcome is not None:
            text.append("Outcome: ")
            text.append(outcome.label, "bold")
            text.append("    ")
        text.append("Layout: ")
        for i, (bet, wager) in enumerate(wagers):
            if i:
                text.append("  ")
            chip = f"{bet.label} {format_amount(wager)}"
            if bet is current:
                text.append(f"▶{chip}◀", "bold reverse")
            else:
                text.append(f" {chip} ")
        self.update(text)
