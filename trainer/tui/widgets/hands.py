"""The coup as a dealer sees it: Player and Banker hands drawn as cards, and the layout.

Cards are drawn as boxes with rank and suit symbol (the suit symbol tells the suit, so
colour is never the only cue), larger when the terminal has room for them.  Ink colours
come from component classes in drill.tcss; the four-colour deck is the app's
``-four-colour`` class, so toggling it only touches the stylesheet and every hand on
screen is redrawn as it stands.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from trainer.engine import Bet, Card, Outcome, Suit
from trainer.i18n import N_, _
from trainer.tui.widgets.livetext import Unscrolled
from trainer.words.names import amount, bet_name, outcome_name

#: The hands' names, translated where they are drawn (a shoe's card row has its own).
HAND_NAMES = (N_("Player"), N_("Banker"), N_("First card turned up"))

_INK = {
    Suit.SPADES: "card--spades",
    Suit.HEARTS: "card--hearts",
    Suit.DIAMONDS: "card--diamonds",
    Suit.CLUBS: "card--clubs",
}


@dataclass(frozen=True, slots=True)
class Face:
    """A card face size: ``inner`` columns between the borders, ``rows`` lines in all."""

    inner: int
    rows: int

    @property
    def width(self) -> int:
        return self.inner + 2


SMALL, MEDIUM, LARGE = Face(5, 3), Face(7, 5), Face(9, 7)


def face_for(terminal: Size) -> Face:
    """The largest face the terminal has room for, three cards a hand side by side with
    the rest of the question below (80x24 keeps the small one)."""
    if terminal.width >= 100 and terminal.height >= 36:
        return LARGE
    if terminal.width >= 80 and terminal.height >= 30:
        return MEDIUM
    return SMALL


class HandView(Unscrolled, Static):
    """One hand: its name, its cards as boxes, and its total once it is no longer asked
    (never scrolled: dealt after the dark of a burn or a moment, one layout, not two)."""

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
        self.face = SMALL
        self._styles: dict[str, Style] = {}
        #: What is drawn now: the hand's name, its cards and its total.
        self._shown: tuple[str, tuple[Card, ...], int | None] | None = None

    def style_of(self, component: str) -> Style:
        """A component class's style, kept until the stylesheet changes (theme, deck):
        looking it up costs more than drawing the cards."""
        style = self._styles.get(component)
        if style is None:
            style = self._styles[component] = self.get_component_rich_style(component, partial=True)
        return style

    def notify_style_update(self) -> None:
        self._styles.clear()
        super().notify_style_update()

    def show(self, cards: tuple[Card, ...], total: int | None) -> None:
        """Show ``cards`` and ``total``; a hand already showing them is not drawn again (a
        graded answer reveals one hand's card, the other hand stays as it is)."""
        shown = (self.hand_name, cards, total)
        if shown == self._shown:
            return
        self.cards, self.total = cards, total
        self._shown = shown
        self.refresh()

    def fit(self, terminal: Size) -> None:
        """Draw the cards at the size ``terminal`` has room for (the screen calls this when
        it is shown and on every resize)."""
        face = face_for(terminal)
        if face != self.face:
            self.face = face
            self.styles.height = face.rows + 1  # the name line, then the cards
            self.refresh(layout=True)

    def render(self) -> Text:
        """Drawn at each refresh, so a change of the stylesheet (theme, deck) recolours it."""
        face = self.style_of("card--face")
        title = self.style_of("hand--title")
        text = Text()
        total = "" if self.total is None else "  " + _("total {total}").format(total=self.total)
        text.append(_(self.hand_name).upper(), title)  # its name marked where it is given
        text.append(total + "\n")
        size = self.face
        lines = [Text() for _ in range(size.rows)]
        for i, card in enumerate(self.cards):
            ink = face + self.style_of(_INK[card.suit])
            rows = _face_rows(card, size)
            for line, (left, middle, right, inked) in zip(lines, rows, strict=True):
                if i:
                    line.append(" ")
                if inked:
                    line.append(left, face)
                    line.append(middle, ink)
                    line.append(right, face)
                else:  # one span, not three: fewer to convert at every frame
                    line.append(left + middle + right, face)
        if not self.cards:
            lines[size.rows // 2].append(_("(no cards)"))
        text.append_text(Text("\n").join(lines))
        return text


#: What the two hands show: Player's cards and total, Banker's cards and total (a total of
#: None is not shown yet).
Hands = tuple[tuple[Card, ...], int | None, tuple[Card, ...], int | None]


class HandsRow(Unscrolled, Horizontal):
    """Player's hand and Banker's side by side (``#player-hand``, ``#banker-hand``); never
    scrolled.

    ``hands`` is what they show and ``dark`` hides them (before the deal); both are set by
    the screen (attributes down), and each hand is redrawn only when its cards change.
    """

    hands: reactive[Hands] = reactive(((), None, (), None), repaint=False, init=False)
    dark: reactive[bool] = reactive(False, repaint=False, init=False)

    def compose(self) -> ComposeResult:
        yield HandView(N_("Player"), id="player-hand")
        yield HandView(N_("Banker"), id="banker-hand")

    def watch_hands(self, hands: Hands) -> None:
        self.query_one("#player-hand", HandView).show(hands[0], hands[1])
        self.query_one("#banker-hand", HandView).show(hands[2], hands[3])

    def watch_dark(self, dark: bool) -> None:
        self.display = not dark

    def fit(self, terminal: Size) -> None:
        """Cards at the size ``terminal`` has room for; on a short terminal at most three
        lines of them."""
        for hand in self.query(HandView):
            hand.fit(terminal)
            hand.styles.height = (
                min(hand.face.rows + 1, 4) if terminal.height < 30 else (hand.face.rows + 1)
            )


def _face_rows(card: Card, size: Face) -> list[tuple[str, str, str, bool]]:
    """A card's lines as (left border, inside, right border, inside inked)."""
    n = size.inner
    label = card.pretty
    rows = [("╭", "─" * n, "╮", False)]
    if size is SMALL:
        rows.append(("│", f"{label:^{n}}", "│", True))
    else:  # rank and suit in two corners, the suit alone in the middle
        inside = [" " * n] * (size.rows - 2)
        inside[0] = f"{label:<{n}}"
        inside[-1] = f"{label:>{n}}"
        inside[len(inside) // 2] = f"{label[-1]:^{n}}"
        rows.extend(("│", line, "│", True) for line in inside)
    rows.append(("╰", "─" * n, "╯", False))
    return rows


class LayoutView(Widget):
    """The bets on the layout for a payout question; the bet being settled is marked ▶.

    Laid out a bet at a time, so a narrow terminal breaks the line between two bets, never
    between a bet and its amount.
    """

    DEFAULT_CSS = """
    LayoutView {
        height: auto;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.pieces: list[Text] = []

    def show(
        self,
        wagers: tuple[tuple[Bet, Decimal], ...],
        current: Bet | None,
        outcome: Outcome | None,
    ) -> None:
        self.display = bool(wagers)
        pieces: list[Text] = []
        if wagers and outcome is not None:
            pieces.append(Text.assemble(_("Outcome: "), (outcome_name(outcome), "bold"), "  "))
        for i, (bet, wager) in enumerate(wagers):
            chip = f"{bet_name(bet)} {amount(wager)}"
            piece = Text(_("Layout: ") if i == 0 else "")
            if bet is current:
                piece.append(f"▶{chip}◀", "bold reverse")
            else:
                piece.append(f" {chip} ")
            pieces.append(piece)
        shown = [(piece.plain, piece.spans) for piece in pieces]
        if shown == [(piece.plain, piece.spans) for piece in self.pieces]:
            return  # the same bets (none, in most questions): nothing to lay out again
        self.pieces = pieces
        self.refresh(layout=True)

    def lines(self, width: int) -> Text:
        """The pieces two spaces apart, a new line wherever the next would not fit."""
        text = Text(no_wrap=True, overflow="ellipsis")
        used = 0
        for piece in self.pieces:
            if used and used + 2 + piece.cell_len > width:
                text.append("\n")
                used = 0
            elif used:
                text.append("  ")
                used += 2
            text.append_text(piece)
            used += piece.cell_len
        return text

    def render(self) -> Text:
        return self.lines(self.content_size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width).plain.split("\n")) if self.pieces else 0
