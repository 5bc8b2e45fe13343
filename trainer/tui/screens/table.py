"""The table drill's screen: work a whole table after a coup, as a dealer does.

The seats run round the far side of the felt, numbered from the dealer's left; the hands lie
in the middle; the dealer's side (what to do now, the amount or chips being paid, the chip
tray) is at the bottom, with the key line.  Three phases, each from ``TableSession``:

1. take: a bet's letter (or a click, or the arrows and space) marks it to be taken; Enter
   takes the marked bets;
2. pay: a bet's letter (click, arrows and space) picks the bet to pay; then type the amount,
   or build it from chips (q w e r ... add one of each denomination, smallest first; shift
   takes one back; backspace undoes the last), and Enter pays it; Enter with no bet picked
   means "done paying" (the bets left stay: pushes);
3. commission (a commission house): the commission each winner owes, typed or in chips.

A drill with violations (``violations:`` on a table drill) first shows the moments around
the deal, each on the felt as the dealer sees it (the layout at no more bets, the hands
hidden; a player's hand on the layout after the first card; the bets once the result is
called), and asks in the bottom panel, keys 1-4 then Enter: stop the violation as the house
says, or let every bet play.  The table worked after is the layout the answers leave.

A shoe at the table (``ask: [shoe, table]``) adds the shoe's line under the header (coup N,
cards left, the cut card as the dealer knows it) and asks the shoe's questions in the bottom
panel as multiple choice, keys 1-4: the burn before the first table (the hands not yet
dealt), "what now?" after a table when the shoe drill would ask it.

The screen holds only what is being typed and where the cursor is; everything else (the
phase, what is marked, paid, right or wrong, the clock) is the session's, read after each
action.  Practice shows each step's mistakes at once; an exam shows them in the results.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import PurePath
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from trainer.drills.model import ChipEntry
from trainer.engine import Bet, Card, format_amount
from trainer.session.shoe import BurnQuestion
from trainer.session.table.session import TableSession
from trainer.session.table.values import (
    Phase,
    ShoeAnswer,
    SpotState,
    StepFeedback,
    TableActionError,
)
from trainer.session.table.values import Spot as SessionSpot
from trainer.tui.messages import LeaveDrill, TableFinished
from trainer.tui.reference_key import open_reference, refuse_reference
from trainer.tui.screens import stylesheets
from trainer.tui.widgets.chiptray import CHIP_KEYS, ChipDenomination, ChipTray
from trainer.tui.widgets.felt import (
    LEFT,
    MARKED,
    PAID,
    PLAIN,
    TAKEN,
    WRONG,
    SeatView,
    Spot,
)
from trainer.tui.widgets.keybar import KeyBar
from trainer.tui.widgets.table import HandView

#: The letters that name the bets on the layout, in seat order from the dealer's left.
SPOT_KEYS = "abcdefghijklmnopqrstuvwxyz"
_TONES = {
    SpotState.ON: PLAIN,
    SpotState.MARKED: MARKED,
    SpotState.TAKEN: TAKEN,
    SpotState.PAID: PAID,
    SpotState.LEFT: LEFT,
    SpotState.STAYED: LEFT,
}
_STEP_NUMBER = {Phase.TAKE: 1, Phase.PAY: 2, Phase.COMMISSION: 3}
#: Characters an amount may be typed with (the session reads it like any amount).
_AMOUNT_CHARS = set("0123456789.,$")


def feedback_text(feedback: StepFeedback, *, winners: bool = False) -> Text:
    """✓ and what was done, or ✗ with the mistakes counted by kind (each wrong bet is also
    marked ! on the layout), each mistake in the session's words, then what the step got
    right all the same (a right amount paid out of order: both are said).  ``winners``:
    the table had winners to pay (a right "done paying" with nothing left to grade then
    says they were all paid, not that there was nothing to pay)."""
    text = Text()
    if feedback.correct:
        text.append("✓ Right: ", "bold")
        done = "all winners paid" if winners else "nothing to pay"
        text.append("; ".join(a.expected for a in feedback.answers) or done)
        return text
    mistakes = feedback.mistakes
    if len(mistakes) == 1:
        text.append("✗ Wrong: ", "bold")
        text.append(mistakes[0].text)
    elif mistakes:
        counts: dict[str, int] = {}
        for m in mistakes:
            counts[m.kind.label] = counts.get(m.kind.label, 0) + 1
        text.append(f"✗ {len(mistakes)} mistakes: ", "bold")
        text.append(", ".join(f"{label} ×{n}" for label, n in counts.items()))
        text.append(" (! on the layout)\n")
        text.append("; ".join(m.text for m in mistakes))
    else:
        text.append("✗ Wrong: ", "bold")
        text.append(
            "; ".join(
                f"you said {a.answer}, the answer is {a.expected}"
                for a in feedback.answers
                if not a.correct
            )
        )
    if feedback.right:  # what the step got right too: a right amount paid out of order
        text.append("\n✓ Right: ", "bold")
        text.append("; ".join(f"{a.asked}: {a.expected}" for a in feedback.right))
    # the engine's reason for one bet (the take's reason is the whole procedure: too long)
    reasons = [a.reason for a in feedback.answers if not a.correct and a.phase is not Phase.TAKE]
    if reasons and len(mistakes) <= 1:
        text.append("\n" + reasons[0], "italic")
    return text


def seconds_text(seconds: float) -> str:
    return f"{seconds:4.1f}s"


class FeedbackScroll(VerticalScroll):
    """The feedback's lines: a longer feedback scrolls (PgDn / PgUp, the wheel) rather than
    being cut; it never takes focus (every key is the screen's)."""

    can_focus = False


class TableScreen(Screen[None]):
    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("drill.tcss", "table.tcss")
    AUTO_FOCUS = ""  # nothing focused: every key is the screen's

    # The key line: what works now (check_action).  The letters and chip keys are read in
    # on_key (their set changes with the table), and described on the step line.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "←→ move", show=False),
        Binding("right", "move(1)", "→", show=False),
        Binding("up", "move(-1)", "↑", show=False),
        Binding("down", "move(1)", "↓", show=False),
        Binding("space", "space", "Mark"),
        Binding("space", "space_pick", "Pick"),
        Binding("enter", "take", "Take marked"),
        Binding("enter", "pay", "Pay"),
        Binding("enter", "done_paying", "Done paying"),
        Binding("enter", "commission", "Confirm"),
        Binding("enter", "next_table", "Next table"),
        Binding("enter", "confirm_shoe", "Confirm"),
        Binding("enter", "confirm_watch", "Confirm"),
        Binding("backspace", "backspace", "Undo", show=False),
        Binding("escape", "back", "Back"),
        Binding("escape", "leave", "Leave"),
        Binding("question_mark", "reference", "Rules", key_display="?"),
        # an exam: the key is refused with a word, never silently (it is off the key line)
        Binding("question_mark", "reference_refused", "Rules", key_display="?", show=False),
        Binding("pagedown", "feedback(1)", "More", key_display="PgDn"),
        Binding("pageup", "feedback(-1)", "Back up", show=False),
    ]

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session
        self.cursor = 0  # index into the spots in seat order (the arrows' position)
        self.typed = ""  # the amount being typed
        self.chip_log: list[Decimal] = []  # chips added, in order (backspace undoes)
        self.amount_mode = False  # pay phase: a bet is picked and its amount being given
        self.last: StepFeedback | None = None
        self.message = ""  # a refused action's reason, on the status line
        #: The choice picked for the question asked (the shoe's, or a moment watched), until
        #: Enter gives it: a stray key never answers.
        self.pick: int | None = None
        self._timer: Timer | None = None
        self._table_shown = 0  # the table number the felt was last laid out for
        self._shown: dict[str, tuple[object, ...]] = {}  # each Static's text as last shown
        #: (the table number and the moment watched, or -1 once it is worked; its spots)
        self._spots: tuple[tuple[int, int], list[SessionSpot]] = ((0, 0), [])
        self._keys_for: tuple[object, ...] = ()  # the state the key line was drawn for
        self._seat_views: dict[int, SeatView] = {}
        self._hands: tuple[object, ...] = ()  # the cards each hand was last shown with

    # -- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        house = self.session.table.house
        colours = dict(self.session.table.colours)
        with Horizontal(id="table-header"):
            yield Static(Text(self.session.drill.heading, "bold"), id="table-title")
            yield Static(id="table-status")
        shoe_line = Static(id="shoe-status")
        shoe_line.display = self.session.shoe is not None
        yield shoe_line
        with Vertical(id="felt"), Horizontal(id="seats"):
            for n in range(1, house.seats + 1):
                yield SeatView(n, colours=colours)
        yield Static(id="result")
        with Horizontal(id="table-hands"):
            yield HandView("Player", id="player-hand")
            yield HandView("Banker", id="banker-hand")
        with Vertical(id="dealer"):
            yield Static(id="step")
            yield Static(id="paying")
            yield ChipTray(id="tray")
        with FeedbackScroll(id="feedback-scroll"):
            yield Static(id="table-feedback")
        yield Static(id="procedure")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self._seat_views = {seat.number: seat for seat in self.query(SeatView)}
        self.session.start()
        if self.session.time_limit is not None:
            self._timer = self.set_interval(0.2, self.tick)
        self.refresh_all()

    def on_resize(self, event: events.Resize) -> None:
        for hand in self.query(HandView):
            hand.fit(event.size)
            hand.styles.height = (
                min(hand.face.rows + 1, 4) if event.size.height < 30 else (hand.face.rows + 1)
            )
        self.place_seats(event.size.width, event.size.height)
        tall = event.size.height >= 34
        self.set_class(tall, "-tall")
        self.query_one("#procedure").display = tall
        self.query_one("#tray", ChipTray).names = event.size.height >= 34
        self.refresh_all()

    def place_seats(self, width: int, height: int) -> None:
        """The seats round the far side: the outer ones a line or two lower, as on a real
        table, where the height allows; only the occupied seats when the table has more
        seats than the width holds."""
        seats = list(self.query(SeatView))
        occupied = {s.number for s in self.session.table.seats}
        crowded = len(seats) * 11 > width
        depth = 2 if height >= 34 else 1
        shown = [s for s in seats if s.number in occupied or not crowded]
        for seat in seats:
            seat.display = seat in shown
        for i, seat in enumerate(shown):
            from_edge = min(i, len(shown) - 1 - i)
            for d in (1, 2):
                seat.set_class(d == max(0, depth - from_edge), f"-arc-{d}")

    # -- what is shown ---------------------------------------------------------------------

    @property
    def spots(self) -> list[SessionSpot]:
        """The table's bets in seat order from the dealer's left (the letters' order)."""
        table = self.session.table
        shown = (table.number, table.moment if table.phase is Phase.WATCH else -1)
        if self._spots[0] != shown:
            self._spots = (
                shown,
                [
                    spot
                    for seat in sorted(table.on_felt, key=lambda s: s.number)
                    for spot in seat.spots
                ],
            )
        return self._spots[1]

    def put(self, selector: str, text: Text) -> None:
        """Update a Static only when its text changed: an update lays the screen out again,
        which costs more than the rest of a keypress."""
        shown = (text.plain, tuple(text.spans), str(text.style))
        before = self._shown.get(selector)
        if before != shown:
            self._shown[selector] = shown
            # text of the same length takes the same room: no new layout (the clock's tick)
            same_size = before is not None and len(str(before[0])) == len(text.plain)
            self.query_one(selector, Static).update(text, layout=not same_size)

    def key_of(self, index: int) -> str:
        return SPOT_KEYS[index] if index < len(SPOT_KEYS) else ""

    def refresh_all(self) -> None:
        """Redraw everything from the session (after every action: cheap, a few widgets)."""
        s = self.session
        table = s.table
        if self._table_shown != table.number:
            self._table_shown = table.number
            self.new_table()
        self.draw_felt()
        self.draw_shoe()
        if s.shoe_question is not None:
            self.draw_shoe_question()
        elif s.watch_question is not None:
            self.draw_watch()
        else:
            self.draw_step()
        self.draw_procedure()
        self.update_header()
        # the key line depends only on these: rebuilt when they change
        keys = (
            table.number,
            table.phase,
            self.amount_mode,
            s.finished,
            s.shoe_question is not None,
            self.pick is not None,
        )
        if keys != self._keys_for:
            self._keys_for = keys
            self.query_one("#keys", KeyBar).show_keys(self)

    def new_table(self) -> None:
        self.cursor = 0
        self.typed, self.chip_log, self.amount_mode = "", [], False
        self.last = None
        self.message = ""
        self.pick = None
        self._hands = ()
        self.query_one("#table-feedback", Static).display = False
        size = self.app.size
        self.place_seats(size.width, size.height)

    def draw_hands(self) -> None:
        """The hands as the dealer sees them now: the whole coup, or, while a moment is
        watched, the cards out so far (none at no more bets, the first during the deal)."""
        coup = self.session.table.coup
        q = self.session.watch_question
        shown: tuple[tuple[Card, ...], int | None, tuple[Card, ...], int | None]
        if q is None:
            shown = (coup.player.cards, coup.player.total, coup.banker.cards, coup.banker.total)
        else:
            view = q.view
            whole = q.scene.shown >= len(coup.cards)
            shown = (
                view.player_cards,
                coup.player.total if whole else None,
                view.banker_cards,
                coup.banker.total if whole else None,
            )
        if shown != self._hands:
            self._hands = shown
            self.query_one("#player-hand", HandView).show(shown[0], shown[1])
            self.query_one("#banker-hand", HandView).show(shown[2], shown[3])

    def draw_shoe(self) -> None:
        """The result line (or the first card turned up, before the burn is answered: the
        hands are not dealt yet; or the moment watched) and, for a shoe at the table, the
        shoe's line."""
        s = self.session
        asked = s.shoe_question
        burning = isinstance(asked, BurnQuestion)
        watched = s.watch_question
        dark = burning or (watched is not None and watched.scene.shown == 0)
        hands = self.query_one("#table-hands")
        if hands.display == dark:
            hands.display = not dark
        self.draw_hands()
        if isinstance(asked, BurnQuestion):  # this shoe's, or the next shoe's once it ends
            turned = (
                "  A new shoe: first card turned up: "
                if asked.new_shoe
                else "  First card turned up: "
            )
            self.put("#result", Text.assemble((turned, "bold"), asked.card.pretty))
        elif watched is not None and watched.scene.shown < len(s.table.coup.cards):
            self.put("#result", Text(f"  {watched.scene.heading}", "bold"))
        else:
            self.put("#result", Text.assemble(("  Result: ", "bold"), s.table.result_text))
        if s.shoe is not None:
            self.put("#shoe-status", Text(s.shoe_line()))

    def draw_shoe_question(self) -> None:
        """The shoe's question in the dealer's panel: the prompt, the choices by number."""
        q = self.session.shoe_question
        assert q is not None
        step = Text("SHOE", "bold reverse")
        step.append(" ")
        step.append(q.prompt, "bold")
        step.append(f" Keys 1-{len(q.options)}, then Enter.")
        self.draw_choice(step, q.options)

    def draw_watch(self) -> None:
        """The moment watched in the dealer's panel: what happens (the layout is on the
        felt), the question, the choices by number."""
        q = self.session.watch_question
        assert q is not None
        step = Text(f"0 {Phase.WATCH.label.upper()}", "bold reverse")
        step.append(" ")
        step.append(q.scene.heading, "bold")
        step.append(f". {q.step.label} Keys 1-{len(q.options)}, then Enter.")
        for line in q.scene.events():
            step.append("\n" + line)
        self.draw_choice(step, q.options)

    def draw_choice(self, step: Text, options: tuple[str, ...]) -> None:
        """A multiple-choice question in the dealer's panel (the shoe's, or a moment
        watched): ``step`` says what is asked, the choices by number under it, the one
        picked marked; the chip tray, which belongs to paying, is put away."""
        choices = Text()
        for i, option in enumerate(options, 1):
            if i > 1:
                choices.append("\n")
            picked = self.pick == i - 1
            choices.append("▶" if picked else " ")
            choices.append(f"{i}", "bold underline")
            choices.append(f" {option}", "bold reverse" if picked else "")
        if self.message:
            choices.append("  " + self.message, "bold")
        self.put("#step", step)
        self.put("#paying", choices)
        self.query_one("#tray", ChipTray).display = False

    def action_confirm_watch(self) -> None:
        """Enter: the chosen answer for the moment, graded; practice shows ✓/✗ and why."""
        q = self.session.watch_question
        if q is None or self.pick is None:
            return
        index, self.pick = self.pick, None
        self.graded(lambda: self.session.answer_watch(q.options[index]))
        if self.session.watch_question is None:
            self.query_one("#tray", ChipTray).display = True

    def pick_choice(self, index: int, options: tuple[str, ...]) -> None:
        """Keys 1-4 choose an answer to the question asked (the shoe's, or a moment
        watched); only Enter gives it, so a stray key never answers."""
        if index >= len(options):
            return
        self.pick = index
        self.message = ""
        self.refresh_all()

    def action_confirm_shoe(self) -> None:
        """Enter: the chosen answer to the shoe question, graded; practice shows ✓/✗ and
        why."""
        q = self.session.shoe_question
        if q is None or self.pick is None:
            return
        index, self.pick = self.pick, None
        self.query_one("#tray", ChipTray).display = True
        answer = self.session.answer_shoe(q.options[index])
        self.show_shoe_feedback(answer)
        self.refresh_all()

    def show_shoe_feedback(self, answer: ShoeAnswer) -> None:
        panel = self.query_one("#table-feedback", Static)
        if self.session.exam:  # in the results
            panel.display = False
            return
        colour = self.app.theme_variables["success" if answer.correct else "error"]
        panel.styles.border_left = ("thick", Color.parse(colour))
        body = Text()
        if answer.correct:
            body.append("✓ Right: ", "bold")
            body.append(answer.expected)
        else:
            body.append("✗ Wrong: ", "bold")
            body.append(f"you said {answer.answer}; the answer is {answer.expected}")
        body.append("\n" + answer.graded.reason, "italic")
        panel.update(body)
        panel.display = True
        self.query_one("#feedback-scroll", FeedbackScroll).scroll_home(animate=False)
        # whether it needs PgDn is known once it is laid out
        self.call_after_refresh(self.query_one("#keys", KeyBar).show_keys, self)

    def draw_felt(self) -> None:
        table = self.session.table
        spots = self.spots
        by_seat: dict[int, list[Spot]] = {}
        # the bet being paid, or whose commission is asked: marked ▶
        current = table.selected if table.phase is Phase.PAY else table.commission_spot
        current_key = current.key if current is not None else None
        # practice: every bet got wrong on this table keeps its ! (an exam says nothing)
        wrong: frozenset[tuple[int, Bet]] = frozenset() if self.session.exam else table.wrong
        for i, spot in enumerate(spots):
            tone = _TONES[table.state(spot)]
            if spot.key in wrong:
                tone = WRONG
            by_seat.setdefault(spot.seat, []).append(
                Spot(
                    spot.seat,
                    spot.bet,
                    spot.wager,
                    "" if table.phase is Phase.WATCH else self.key_of(i),  # nothing to pick
                    tone,
                    cursor=i == self.cursor and self.cursor_shown,
                    current=spot.key == current_key,
                    paid=table.paid.get(spot.key),
                    chips=spot.chips.chips,
                )
            )
        for number, seat in self._seat_views.items():
            seat.show(by_seat.get(number, ()))

    @property
    def cursor_shown(self) -> bool:
        phase = self.session.table.phase
        return phase is Phase.TAKE or (phase is Phase.PAY and not self.amount_mode)

    def draw_step(self) -> None:
        s = self.session
        table = s.table
        phase = table.phase
        step = Text()
        paying = Text()
        if phase is Phase.DONE:
            step.append("Table done", "bold")
            step.append(f" in {s.elapsed():.1f}s")
            if s.target_seconds is not None:
                step.append(f" (target {s.target_seconds:g}s)")
            if table.timed_out:
                step.append(": time ran out", "bold")
            if not s.exam:
                right = sum(a.correct for a in table.answers)
                step.append(f", {right} of {len(table.answers)} right")
            last = s.index + 1 >= s.total
            step.append(". Enter: " + ("see the results." if last else "next table."))
        else:
            step.append(f"{_STEP_NUMBER[phase]} {phase.label.upper()}", "bold reverse")
            step.append(" ")
            if phase is Phase.TAKE:
                marked = [sp for sp in table.spots if table.state(sp) is SpotState.MARKED]
                step.append(
                    "Mark each losing bet: its letter, a click, or arrows and space."
                    " Enter takes them."
                )
                total = sum((sp.wager for sp in marked), Decimal(0))
                paying.append(f"Marked {len(marked)}: {format_amount(total)}")
            elif phase is Phase.PAY and not self.amount_mode:
                step.append(
                    "Pick the next bet to pay: its letter, a click, or arrows and "
                    "space. Enter: done paying (pushes stay)."
                )
                paying.append(f"Paid {len(table.paid)}: {format_amount(table.paid_total)}")
            else:
                spot = table.selected if phase is Phase.PAY else table.commission_spot
                what = "commission owed on " if phase is Phase.COMMISSION else "pay "
                where = "" if spot is None else spot.label
                words = f"{what}{where}"
                step.append(words[:1].upper() + words[1:], "bold")
                step.append(": " + self.entry_hint() + " Enter confirms.")
                paying.append_text(self.entry_text())
        if self.message:
            paying.append("  " + self.message, "bold")
        self.put("#step", step)
        self.put("#paying", paying)
        tray = self.query_one("#tray", ChipTray)
        chips = [ChipDenomination(v, table.colours.get(v, "")) for v in table.denominations]
        active = self.chips_active
        if tray.has_class("-idle") == active:  # a class change restyles: only when it changes
            tray.set_class(not active, "-idle")
        tray.show(chips, table.entry.chips if active else {}, names=tray.names, keys=active)

    def draw_procedure(self) -> None:
        """The procedure so far, on a tall terminal: each answer given on this table (with
        ✓/✗ and the right one in practice; an exam shows only what was done)."""
        panel = self.query_one("#procedure", Static)
        if not panel.display:
            return
        table = self.session.table
        text = Text("This table so far:", "bold")
        for a in table.answers:
            text.append("\n")
            if self.session.exam:
                text.append(f"  {a.answer}")
            elif a.correct:
                text.append(f"  ✓ {a.answer}")
            else:
                text.append(f"  ✗ {a.answer}; right: {a.expected}")
        if not table.answers:
            text.append("\n  nothing yet", "dim")
        self.put("#procedure", text)

    @property
    def entering(self) -> bool:
        """An amount is being given now (a picked bet's payout, or a commission)."""
        phase = self.session.table.phase
        return (phase is Phase.PAY and self.amount_mode) or phase is Phase.COMMISSION

    @property
    def chips_active(self) -> bool:
        return self.entering and self.session.table.chip_entry is not ChipEntry.TYPED

    @property
    def typing_allowed(self) -> bool:
        table = self.session.table
        return self.entering and not (
            table.chip_entry is ChipEntry.CHIPS and table.phase is Phase.PAY
        )

    def entry_hint(self) -> str:
        keys = "".join(k for k, _ in zip(CHIP_KEYS, self.session.table.denominations, strict=False))
        chips = f"{keys[0]}-{keys[-1]} add a chip, shift takes one back" if keys else ""
        if self.typing_allowed and self.chips_active:
            return f"type it, or chips ({chips})."
        if self.chips_active:
            return f"in chips ({chips})."
        return "type it."

    def entry_text(self) -> Text:
        entry = self.session.table.entry
        text = Text("Paying: " if self.session.table.phase is Phase.PAY else "Owed: ")
        if self.typed:
            text.append(self.typed, "bold")
            text.append("▏", "blink")
        elif entry.by_chips:
            text.append(format_amount(entry.total), "bold")
            text.append(
                " in "
                + ", ".join(
                    f"{n}×{format_amount(v)}" for v, n in sorted(entry.chips.items(), reverse=True)
                )
            )
        else:
            text.append("▏", "blink")
        return text

    def update_header(self) -> None:
        s = self.session
        number = min(s.index + 1, s.total)
        # a shoe's length would give the cut card away: the shoe line says where it stands
        of = "" if s.shoe is not None else f"/{s.total}"
        left = s.remaining()
        clock = (
            f" · ⏱ {max(left, 0.0):4.1f}s left"
            if left is not None and not s.table.done
            else f" · {seconds_text(s.elapsed())}"
        )
        score = "" if s.exam else f" · score {s.right}/{s.graded}"
        mode = f" · {s.drill.mode.value}"
        target = "" if s.target_seconds is None else f" (target {s.target_seconds:g}s)"
        # the header is one line: where it is short, the target goes, then the mode (the
        # home list and the results say both); a title still too long is cut with "…"
        room = self.size.width - 4 - len(s.drill.heading) if self.size.width else 1_000
        table = f"Table {number}{of}"
        for status in (
            table + mode + score + clock + target,
            table + mode + score + clock,
            table + score + clock,
        ):
            if len(status) <= room:
                break
        self.put("#table-status", Text(status))

    def tick(self) -> None:
        s = self.session
        if s.finished or s.table.done:
            return
        if s.expire():
            self.amount_mode = False
            self.message = ""
            self.refresh_all()
            return
        self.update_header()

    def show_feedback(self, feedback: StepFeedback | None) -> None:
        """Practice: each mistake of the step, or ✓; marks the wrong spots on the felt."""
        panel = self.query_one("#table-feedback", Static)
        self.last = feedback
        if feedback is None:  # an exam: nothing until the results
            panel.display = False
            return
        colour = self.app.theme_variables["success" if feedback.correct else "error"]
        panel.styles.border_left = ("thick", Color.parse(colour))
        table = self.session.table
        body = feedback_text(feedback, winners=bool(table.key.pays))
        if table.done and table.dealt.note:  # the coup's lesson, once the table is worked
            body.append(f"\nLesson: {table.dealt.note}")
        panel.update(body)
        panel.display = True
        self.query_one("#feedback-scroll", FeedbackScroll).scroll_home(animate=False)
        # whether it needs PgDn is known once it is laid out
        self.call_after_refresh(self.query_one("#keys", KeyBar).show_keys, self)

    # -- keys ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:  # noqa: C901 (one case per table binding)
        if action == "feedback":  # only while the feedback has more than its lines show
            box = self.query_one("#feedback-scroll", FeedbackScroll)
            return self.query_one("#table-feedback").display and box.max_scroll_y > 0
        table = self.session.table
        phase = table.phase
        if action == "reference_refused":
            return self.session.exam and not self.session.finished
        if self.session.finished:
            return action == "leave"
        if self.session.shoe_question is not None:  # keys 1-4 pick (on_key), Enter answers
            return (
                action == "leave"
                or (action == "reference" and not self.session.exam)
                or (action == "confirm_shoe" and self.pick is not None)
            )
        if action == "confirm_shoe":
            return False
        if self.session.watch_question is not None:  # keys 1-4 pick (on_key), Enter answers
            return (
                action == "leave"
                or (action == "reference" and not self.session.exam)
                or (action == "confirm_watch" and self.pick is not None)
            )
        if action == "confirm_watch":
            return False
        picking = phase is Phase.PAY and not self.amount_mode
        if action == "move":
            return phase is Phase.TAKE or picking
        if action == "space":
            return phase is Phase.TAKE
        if action == "space_pick":
            return picking
        if action == "take":
            return phase is Phase.TAKE
        if action == "pay":
            return phase is Phase.PAY and self.amount_mode
        if action == "done_paying":
            return picking
        if action == "commission":
            return phase is Phase.COMMISSION
        if action == "next_table":
            return phase is Phase.DONE
        if action == "backspace":
            return self.entering
        if action == "back":
            return phase is Phase.PAY and self.amount_mode
        if action == "leave":
            return not (phase is Phase.PAY and self.amount_mode)
        if action == "reference":
            return not self.session.exam
        return True

    def on_key(self, event: events.Key) -> None:
        """The letters that mark or pick a bet, the chip keys, and typed amounts."""
        char = event.character or ""
        if not char or len(char) != 1 or self.session.finished:
            return
        asked = self.session.shoe_question or self.session.watch_question
        if asked is not None:
            if char in "123456789":
                event.stop()
                event.prevent_default()
                self.pick_choice(int(char) - 1, asked.options)
            return
        table = self.session.table
        if self.entering:
            lower = char.lower()
            if lower in CHIP_KEYS and self.chips_active:
                index = CHIP_KEYS.index(lower)
                if index < len(table.denominations):
                    event.stop()
                    event.prevent_default()
                    value = table.denominations[index]
                    self.chip(value, remove=char.isupper())
                return
            if char in _AMOUNT_CHARS:
                event.stop()
                event.prevent_default()
                self.type_char(char)
            return
        if table.phase in (Phase.TAKE, Phase.PAY) and char in SPOT_KEYS:
            index = SPOT_KEYS.index(char)
            if index < len(self.spots):
                event.stop()
                event.prevent_default()
                self.cursor = index
                self.act_on(self.spots[index])

    def act_on(self, spot: SessionSpot) -> None:
        """A bet named (letter, click, space): marked in the take, picked in the pay."""
        phase = self.session.table.phase
        self.message = ""
        if phase is Phase.TAKE:
            self.session.toggle_mark(spot.seat, spot.bet)
        elif phase is Phase.PAY:
            state = self.session.table.state(spot)
            if state is not SpotState.ON:
                self.message = f"{spot.label} is {state.value}: pick a bet still on the layout."
            else:
                self.session.select(spot.seat, spot.bet)
                self.typed, self.chip_log, self.amount_mode = "", [], True
        self.refresh_all()

    def type_char(self, char: str) -> None:
        if not self.typing_allowed:
            self.message = "This drill pays in chips: use the chip keys."
            self.refresh_all()
            return
        if self.chip_log or self.session.table.entry.by_chips:
            self.session.clear_entry()
            self.chip_log = []
        if len(self.typed) < 12:
            self.typed += char
        self.message = ""
        self.refresh_all()

    def chip(self, value: Decimal, *, remove: bool) -> None:
        self.typed = ""
        if remove:
            if value in self.chip_log:
                self.chip_log.reverse()
                self.chip_log.remove(value)
                self.chip_log.reverse()
            self.session.remove_chip(value)
        else:
            self.session.add_chip(value)
            self.chip_log.append(value)
        self.message = ""
        self.refresh_all()

    def action_backspace(self) -> None:
        if self.typed:
            self.typed = self.typed[:-1]
        elif self.chip_log:
            self.session.remove_chip(self.chip_log.pop())
        self.refresh_all()

    def action_move(self, step: int) -> None:
        if self.spots:
            self.cursor = (self.cursor + step) % len(self.spots)
        self.refresh_all()

    def action_space(self) -> None:
        if self.spots:
            self.act_on(self.spots[self.cursor])

    def action_space_pick(self) -> None:
        self.action_space()

    def give_entry(self) -> bool:
        """Hand what was typed to the session; False (and why, on the status line) when it
        is not an amount."""
        if not self.typed:
            return True
        try:
            self.session.type_amount(self.typed)
        except ValueError as exc:  # InvalidAmountError, TableActionError
            self.message = f"{exc}. Retype it."
            self.refresh_all()
            return False
        return True

    def action_take(self) -> None:
        self.graded(self.session.confirm_take)

    def action_pay(self) -> None:
        if not self.give_entry():
            return
        if self.session.table.entry.empty:
            self.message = (
                "Add chips first."
                if not self.typing_allowed
                else "Type the amount or add chips first."
                if self.chips_active
                else "Type the amount first."
            )
            self.refresh_all()
            return
        self.graded(self.session.confirm_payout)

    def action_done_paying(self) -> None:
        self.graded(self.session.finish_paying)

    def action_commission(self) -> None:
        if not self.give_entry():
            return
        if self.session.table.entry.empty:
            self.message = "Type the commission or add chips first."
            self.refresh_all()
            return
        self.graded(self.session.confirm_commission)

    def graded(self, act: Callable[[], StepFeedback | None]) -> None:
        """Run a confirming action of the session; its feedback is shown (practice)."""
        try:
            feedback = act()
        except TableActionError as exc:
            self.message = f"{exc}."
            self.refresh_all()
            return
        self.typed, self.chip_log, self.amount_mode = "", [], False
        self.message = ""
        remaining = self.session.table.remaining
        if remaining and remaining[0] in self.spots:
            self.cursor = self.spots.index(remaining[0])
        self.show_feedback(feedback)
        self.refresh_all()

    def action_next_table(self) -> None:
        s = self.session
        if not s.table.done:
            return
        s.next_table()
        if s.finished:
            if self._timer is not None:
                self._timer.stop()
            self.post_message(TableFinished(s))
            return
        self.refresh_all()

    def action_back(self) -> None:
        """Out of the amount: pick another bet."""
        if self.amount_mode:
            if not self.session.table.entry.empty:
                self.session.clear_entry()
            self.typed, self.chip_log, self.amount_mode = "", [], False
            self.message = ""
            self.refresh_all()

    def action_leave(self) -> None:
        self.post_message(LeaveDrill(self.session))

    def action_feedback(self, pages: int) -> None:
        """Scroll a feedback longer than its lines by a page (of its lines, less one)."""
        box = self.query_one("#feedback-scroll", FeedbackScroll)
        box.scroll_relative(y=pages * max(1, box.size.height - 1), animate=False)

    def action_reference(self) -> None:
        open_reference(self, self.session, self.session.table.house, table=True)

    def action_reference_refused(self) -> None:
        refuse_reference(self)

    # -- the mouse -------------------------------------------------------------------------

    @on(SeatView.Clicked)
    def spot_clicked(self, message: SeatView.Clicked) -> None:
        message.stop()
        phase = self.session.table.phase
        if phase not in (Phase.TAKE, Phase.PAY):
            return
        for i, spot in enumerate(self.spots):
            if spot.key == (message.seat, message.bet):
                self.cursor = i
                if phase is Phase.PAY and self.amount_mode:
                    self.action_back()
                self.act_on(spot)
                return

    @on(ChipTray.Clicked)
    def chip_clicked(self, message: ChipTray.Clicked) -> None:
        message.stop()
        if self.chips_active:
            self.chip(message.value, remove=message.remove)
