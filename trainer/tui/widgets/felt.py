"""The layout as the dealer sees it: the seats round the far side of the table, numbered from
the dealer's left, each with its bets, their wagers and what has happened to them.

Each bet is a *spot*: its key (the letter that marks it), a mark once something was done to
it (✗ marked or taken, = left in place, ✓ paid, ! wrong, ▶ being paid), its short name and
its wager.  The screen says what each spot shows (``Felt.spots``, attributes down); a click
on a spot is posted up as ``SeatView.Clicked`` (messages up).  Styles are component classes, set in
screens/table.tcss.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from trainer.engine import Bet
from trainer.i18n import _
from trainer.session.table.values import BetSpot, Phase, SpotState
from trainer.session.table.work import TableWork
from trainer.tui.widgets.chiptray import chip_ink
from trainer.words.layout import money

#: Each bet's name on the layout, as the felt prints it.
BET_CODES: Mapping[Bet, str] = {
    Bet.PLAYER: "P",
    Bet.BANKER: "B",
    Bet.TIE: "T",
    Bet.DRAGON7: "D7",
    Bet.PANDA8: "P8",
}

#: The spot's tone, a component class of SeatView (table.tcss gives each its look), and the
#: mark it carries (the mark says it without colour): on the layout, marked for taking,
#: taken, left in place (a push that was paid, or whatever stays when the table is done),
#: paid, and got wrong on this table (practice: to the table's end).
PLAIN, MARKED, TAKEN, LEFT, PAID, WRONG = "plain", "marked", "taken", "left", "paid", "wrong"
MARKS: Mapping[str, str] = {
    PLAIN: " ",
    MARKED: "✗",
    TAKEN: "✗",
    LEFT: "=",
    PAID: "✓",
    WRONG: "!",
}


#: The column what was paid is shown in (" +40,000"), where a box has room for it.
PAID_ROOM = 8


@dataclass(frozen=True, slots=True)
class ShownSpot:
    """One bet on the layout as the screen wants it shown."""

    seat: int
    bet: Bet
    wager: Decimal
    key: str = ""  # the letter that marks it ("" when there are more bets than letters)
    tone: str = PLAIN
    cursor: bool = False  # the arrow keys' position
    current: bool = False  # the bet being paid
    paid: Decimal | None = None  # shown beside the wager where there is room
    chips: tuple[tuple[Decimal, int], ...] = ()  # the wager as chips, for the wide layout
    dead: bool = False  # some of the wager in dead chips: marked * beside the bet's name


class SeatView(Widget):
    """One seat's box: 'Seat N' on its border, a line per bet."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"spot--{tone}" for tone in MARKS} | {
        "spot--cursor",
        "spot--current",
        "spot--key",
    }

    DEFAULT_CSS = """
    SeatView {
        width: 1fr;
        height: auto;
        min-height: 3;
        border: round $secondary;
        border-title-align: center;
    }
    """

    @dataclass
    class Clicked(Message):
        """A bet on the layout was clicked."""

        seat: int
        bet: Bet

    #: The seat's bets as the screen wants them shown (repainted when they change).
    spots: reactive[tuple[ShownSpot, ...]] = reactive((), repaint=False, init=False)

    def __init__(self, number: int, *, colours: Mapping[Decimal, str] | None = None) -> None:
        super().__init__(id=f"seat-{number}", classes="seat")
        self.number = number
        self.colours = dict(colours or {})
        self.border_title = str(number)
        self._styles: dict[str, Style] = {}

    def on_resize(self) -> None:
        # "Seat 3" where the box has room for it, "3" where it has not
        seat = _("Seat {number}").format(number=self.number)
        self.border_title = seat if self.size.width >= cell_len(seat) + 6 else str(self.number)

    def watch_spots(self, before: tuple[ShownSpot, ...], spots: tuple[ShownSpot, ...]) -> None:
        if self.has_class("-empty") != (not spots):  # a class change restyles: only then
            self.set_class(not spots, "-empty")
        self.refresh(layout=len(spots) != len(before))

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(1, len(self.spots))

    def style_of(self, component: str) -> Style:
        """A component class's style, kept until the stylesheet changes (looking it up
        costs more than drawing the seat)."""
        style = self._styles.get(component)
        if style is None:
            style = self._styles[component] = self.get_component_rich_style(component, partial=True)
        return style

    def notify_style_update(self) -> None:
        self._styles.clear()
        super().notify_style_update()

    def extras(self, spot: ShownSpot, width: int) -> Text:
        """What follows a wager where the box is wide: the wager's chips (what was paid has
        a column of its own, ``PAID_ROOM``, so that a payout never moves a wager)."""
        extra = Text()
        if spot.chips and width >= 14:
            extra.append(" ")
            for value, count in spot.chips:
                extra.append("●" * min(count, 5), chip_ink(self.colours.get(value, "")))
        return extra

    def spot_line(
        self, spot: ShownSpot, width: int, extra: Text, extra_width: int, paid_room: int = 0
    ) -> Text:
        """``a✗B     25``: key, mark, name, wager to the right (and, where the box is wide,
        the wager's chips and what was paid, padded to ``extra_width`` so that every wager
        of the seat ends in the same column)."""
        style = self.style_of(f"spot--{spot.tone}")
        if spot.cursor:
            style += self.style_of("spot--cursor")
        if spot.current:
            style += self.style_of("spot--current")
        line = Text(no_wrap=True, overflow="ellipsis", style=style)
        line.append(spot.key or " ", self.style_of("spot--key"))
        line.append("▶" if spot.current and spot.tone == PLAIN else MARKS[spot.tone])
        amount = money(spot.wager)
        name = BET_CODES[spot.bet] + ("*" if spot.dead else "")
        room = width - 2 - len(name) - extra_width - paid_room
        if room < len(amount) + 1:  # too narrow for the extras: the wager first
            extra, extra_width = Text(), 0
            room = width - 2 - len(name) - paid_room
        line.append(f"{name}{amount:>{max(room, len(amount) + 1)}}")
        line.append_text(extra)
        line.append(" " * (extra_width - extra.cell_len))
        if paid_room:
            paid = "" if spot.paid is None else f" +{money(spot.paid)}"
            line.append(f"{paid[:paid_room]:<{paid_room}}", "bold")
        return line

    def render(self) -> Text:
        if not self.spots:
            return Text(_("empty"), "dim", justify="center")
        width = self.content_size.width
        extras = [self.extras(s, width) for s in self.spots]
        widest = max(e.cell_len for e in extras)
        # a column for what was paid, kept from the start where the box has room for it
        # beside every wager (so a payout moves nothing), none where it has not
        need = max(3 + len(money(s.wager)) for s in self.spots) + PAID_ROOM
        paid_room = PAID_ROOM if width - 2 - widest >= need else 0
        return Text("\n").join(
            self.spot_line(s, width, e, widest, paid_room)
            for s, e in zip(self.spots, extras, strict=True)
        )

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not 0 <= offset.y < len(self.spots):
            return
        event.stop()
        spot = self.spots[offset.y]
        self.post_message(self.Clicked(spot.seat, spot.bet))


class Felt(Vertical):
    """The felt (``#felt``): the seats in a row (``#seats``), each showing its own bets."""

    #: Every bet on the layout in seat order; each seat is given its own.
    spots: reactive[tuple[ShownSpot, ...]] = reactive((), repaint=False, init=False)

    def __init__(
        self, seats: int, *, colours: Mapping[Decimal, str], id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.seats = seats
        self.colours = dict(colours)
        self._seat_views: dict[int, SeatView] = {}
        self._given: dict[int, tuple[ShownSpot, ...]] = {}  # what each seat was given last

    def compose(self) -> ComposeResult:
        with Horizontal(id="seats"):
            for n in range(1, self.seats + 1):
                yield SeatView(n, colours=self.colours)

    def watch_spots(self, spots: tuple[ShownSpot, ...]) -> None:
        by_seat: dict[int, list[ShownSpot]] = {}
        for spot in spots:
            by_seat.setdefault(spot.seat, []).append(spot)
        if not self._seat_views:
            self._seat_views = {seat.number: seat for seat in self.query(SeatView)}
        for number, seat in self._seat_views.items():
            mine = tuple(by_seat.get(number, ()))
            if mine != self._given.get(number, ()):  # a seat whose bets are the same: untouched
                self._given[number] = mine
                seat.spots = mine

    def place(self, width: int, height: int, occupied: Collection[int]) -> None:
        """The seats round the far side: the outer ones a line or two lower, as on a real
        table, where the height allows; only the occupied seats when the table has more
        seats than the width holds."""
        seats = list(self.query(SeatView))
        crowded = len(seats) * 11 > width
        depth = 2 if height >= 34 else 1
        shown = [s for s in seats if s.number in occupied or not crowded]
        for seat in seats:
            seat.display = seat in shown
        for i, seat in enumerate(shown):
            from_edge = min(i, len(shown) - 1 - i)
            for d in (1, 2):
                seat.set_class(d == max(0, depth - from_edge), f"-arc-{d}")


#: Each state of a bet, as the felt shows it.
_TONES: Mapping[SpotState, str] = {
    SpotState.ON: PLAIN,
    SpotState.MARKED: MARKED,
    SpotState.TAKEN: TAKEN,
    SpotState.PAID: PAID,
    SpotState.LEFT: LEFT,
    SpotState.STAYED: LEFT,
}


def felt_spots(
    table: TableWork,
    spots: Sequence[BetSpot],
    *,
    keys: str,
    cursor: int | None,
    exam: bool,
) -> tuple[ShownSpot, ...]:
    """What the felt shows of ``table``'s ``spots`` (in seat order): each with its letter
    from ``keys`` (none past the last), its state, the arrows' ``cursor`` (None: not shown),
    the bet being paid or whose commission is asked (▶), and, in practice, every bet got
    wrong on this table (!; an exam says nothing)."""
    current = table.selected if table.phase is Phase.PAY else table.commission_spot
    current_key = current.key if current is not None else None
    wrong: frozenset[tuple[int, Bet]] = frozenset() if exam else table.wrong
    shown: list[ShownSpot] = []
    for i, spot in enumerate(spots):
        tone = _TONES[table.state(spot)]
        if spot.key in wrong:
            tone = WRONG
        shown.append(
            ShownSpot(
                spot.seat,
                spot.bet,
                spot.wager,
                keys[i] if i < len(keys) else "",
                tone,
                cursor=i == cursor,
                current=spot.key == current_key,
                paid=table.paid.get(spot.key),
                chips=spot.chips.chips,
                dead=bool(spot.dead),
            )
        )
    return tuple(shown)
