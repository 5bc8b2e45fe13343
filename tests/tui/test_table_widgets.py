"""The table screen's widgets on their own, each in a bare app: each keeps what it shows,
and redraws only when that changes.

The screen's own behaviour (what each widget is told after each key) is checked through
the whole screen in test_table_screen.py and the others; here, the widgets' own contracts.
"""

from __future__ import annotations

from decimal import Decimal

from rich.text import Text
from textual.app import App, ComposeResult
from textual.color import Color
from textual.widget import Widget

from trainer.engine import Bet, Card, Rank, Suit
from trainer.tui.widgets.chiptray import ChipDenomination, ChipTray
from trainer.tui.widgets.dealer import DealerPanel, TrayState
from trainer.tui.widgets.felt import Felt, SeatView, ShownSpot
from trainer.tui.widgets.hands import HandsRow, HandView
from trainer.tui.widgets.livetext import LiveText
from trainer.tui.widgets.stepfeedback import FeedbackPanel, FeedbackScroll, Said
from trainer.tui.widgets.tableheader import TableStatus


class Bare(App[None]):
    """A bare app showing ``widgets``."""

    def __init__(self, *widgets: Widget) -> None:
        super().__init__()
        self.widgets = widgets

    def compose(self) -> ComposeResult:
        yield from self.widgets


class CountingText(LiveText):
    """A LiveText that counts its updates and the layouts of the screen it asks for."""

    def __init__(self) -> None:
        super().__init__(id="line")
        self.updates = 0
        self.layouts = 0

    def update(self, content: object = "", *, layout: bool = True) -> None:  # type: ignore[override]
        self.updates += 1
        super().update(content, layout=layout)  # type: ignore[arg-type]

    def refresh(self, *regions: object, layout: bool = False, **kwargs: object) -> CountingText:  # type: ignore[override]
        self.layouts += layout
        return super().refresh(*regions, layout=layout, **kwargs)  # type: ignore[arg-type]


async def test_live_text_redraws_only_what_changed() -> None:
    line = CountingText()
    async with Bare(line).run_test(size=(40, 10)) as pilot:
        line.text = Text("Table 1/5 · 3.0s")
        await pilot.pause()  # laid out with its first line
        updates, layouts = line.updates, line.layouts
        line.text = Text("Table 1/5 · 3.0s")  # the same: nothing to do
        assert (line.updates, line.layouts) == (updates, layouts)
        line.text = Text("Table 1/5 · 3.2s")  # the clock: repainted, no new layout
        assert (line.updates, line.layouts) == (updates + 1, layouts)
        # longer, but still one line of the 40 columns: the same room, no new layout
        line.text = Text("Table 2/5 · 12.4s")
        assert (line.updates, line.layouts) == (updates + 2, layouts)
        # the same characters in another style are redrawn (Rich's == leaves it out)
        line.text = Text("Table 2/5 · 12.4s", "bold")
        assert (line.updates, line.layouts) == (updates + 3, layouts)
        assert str(line.render()) == "Table 2/5 · 12.4s"
        # 45 characters take two lines of 40 columns: the screen is laid out again
        line.text = Text("Table 2/5 · 12.4s · " + "x" * 25)
        assert (line.updates, line.layouts) == (updates + 4, layouts + 1)
        await pilot.pause()
        assert line.size.height == 2


async def test_feedback_panel_shows_what_is_said_and_hides_for_none() -> None:
    panel = FeedbackPanel(id="table-feedback")
    scroll = FeedbackScroll(panel, id="feedback-scroll")
    scroll.styles.max_height = 2
    app = Bare(scroll)
    async with app.run_test() as pilot:
        assert not panel.display  # nothing said yet
        panel.said = Said(Text("✗ Wrong: a\nb\nc\nd"), correct=False)
        await pilot.pause()
        assert panel.display
        assert str(panel.render()) == "✗ Wrong: a\nb\nc\nd"
        assert panel.styles.border_left[1] == Color.parse(app.theme_variables["error"])
        scroll.scroll_end(animate=False)
        await pilot.pause()
        assert scroll.scroll_y > 0
        # the same words again (the next step's): shown again, from the top
        panel.said = Said(Text("✗ Wrong: a\nb\nc\nd"), correct=False)
        await pilot.pause()
        assert scroll.scroll_y == 0
        panel.said = Said(Text("✓ Right: x"), correct=True)
        await pilot.pause()
        assert panel.styles.border_left[1] == Color.parse(app.theme_variables["success"])
        panel.said = None  # an exam: nothing until the results
        await pilot.pause()
        assert not panel.display


def test_the_status_gives_up_the_target_then_the_mode() -> None:
    status = TableStatus(
        table="Table 2/5",  # 9 characters
        mode=" · practice",  # 11
        score=" · score 3/4",  # 12
        clock=" · 12.0s",  # 8
        target=" (target 30s)",  # 13: 53 in all
    )
    assert status.fitted(53) == "Table 2/5 · practice · score 3/4 · 12.0s (target 30s)"
    assert status.fitted(52) == "Table 2/5 · practice · score 3/4 · 12.0s"  # 40
    assert status.fitted(39) == "Table 2/5 · score 3/4 · 12.0s"  # 29
    assert status.fitted(5) == "Table 2/5 · score 3/4 · 12.0s"  # the shortest, cut by the line


def spot(seat: int, bet: Bet, wager: int, key: str) -> ShownSpot:
    return ShownSpot(seat, bet, Decimal(wager), key)


async def test_the_felt_gives_each_seat_its_own_bets() -> None:
    felt = Felt(4, colours={}, id="felt")
    async with Bare(felt).run_test(size=(80, 24)):
        seats = {s.number: s for s in felt.query(SeatView)}
        a, b, c = (
            spot(1, Bet.BANKER, 25, "a"),
            spot(1, Bet.DRAGON7, 10, "b"),
            spot(3, Bet.TIE, 5, "c"),
        )
        felt.spots = (a, b, c)
        assert seats[1].spots == (a, b)
        assert seats[3].spots == (c,)
        assert seats[2].spots == ()
        assert not seats[1].has_class("-empty")
        felt.spots = (c,)  # seat 1's bets gone
        assert seats[1].spots == () and seats[1].has_class("-empty")


async def test_a_crowded_felt_shows_only_the_occupied_seats_round_its_far_side() -> None:
    felt = Felt(7, colours={}, id="felt")
    async with Bare(felt).run_test(size=(80, 24)):
        seats = {s.number: s for s in felt.query(SeatView)}
        felt.place(70, 24, {2, 5, 6})  # 7 seats need 77 columns: crowded
        assert [n for n, s in seats.items() if s.display] == [2, 5, 6]
        # a short terminal: the outer two one line lower, the middle one not
        assert seats[2].has_class("-arc-1") and seats[6].has_class("-arc-1")
        assert not seats[5].has_class("-arc-1") and not seats[5].has_class("-arc-2")
        felt.place(120, 40, {2})  # room for all 7; tall: the outer two, two lines lower
        assert all(s.display for s in seats.values())
        assert seats[1].has_class("-arc-2") and seats[7].has_class("-arc-2")
        assert seats[2].has_class("-arc-1") and seats[6].has_class("-arc-1")
        assert not any(seats[4].has_class(f"-arc-{d}") for d in (1, 2))


async def test_the_hands_row_shows_each_hand_and_hides_in_the_dark() -> None:
    row = HandsRow(id="table-hands")
    async with Bare(row).run_test(size=(80, 24)):
        player, banker = (
            row.query_one("#player-hand", HandView),
            row.query_one("#banker-hand", HandView),
        )
        nine = Card(Rank.NINE, Suit.HEARTS)
        king, two = Card(Rank.KING, Suit.SPADES), Card(Rank.TWO, Suit.CLUBS)
        row.hands = ((nine,), 9, (king, two), None)
        assert (player.cards, player.total) == ((nine,), 9)
        assert (banker.cards, banker.total) == ((king, two), None)
        row.dark = True  # before the deal: no hands
        assert not row.display
        row.dark = False
        assert row.display


async def test_the_dealer_panel_puts_the_tray_away_and_dims_it_when_idle() -> None:
    dealer = DealerPanel(id="dealer")
    async with Bare(dealer).run_test(size=(80, 24)):
        tray = dealer.query_one("#tray", ChipTray)
        chips = (ChipDenomination(Decimal(5), "red"), ChipDenomination(Decimal(25), "green"))
        dealer.tray = TrayState(chips, {Decimal(25): 2}, active=False)
        assert tray.has_class("-idle") and not tray.keys
        assert tray.counts == {}  # nothing being given: no counts shown
        dealer.tray = TrayState(chips, {Decimal(25): 2}, active=True)
        assert not tray.has_class("-idle") and tray.keys
        assert tray.counts == {Decimal(25): 2}
        dealer.names = True
        assert tray.names
        dealer.tray_shown = False  # a multiple-choice question: the tray put away
        assert not tray.display
        dealer.step = Text("1 TAKE")
        assert str(dealer.query_one("#step", LiveText).render()) == "1 TAKE"
