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

The screen is composed of widgets that keep what they show (``trainer/tui/widgets/``: the
header, the felt, the hands, the dealer's panel, the feedback): after each action the screen
sets their attributes from the session (attributes down) and each redraws only what
changed; a click on a bet or a chip comes up as a message.
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
from textual.screen import Screen
from textual.timer import Timer

from trainer.drills.model import ChipEntry
from trainer.i18n import N_, _
from trainer.session.shoe import BurnQuestion
from trainer.session.table.session import TableSession
from trainer.session.table.values import (
    BetSpot,
    Phase,
    ShoeAnswer,
    SpotState,
    StepFeedback,
    TableActionError,
)
from trainer.tui.messages import LeaveDrill, TableFinished
from trainer.tui.reference_key import open_reference, refuse_reference
from trainer.tui.screens import stylesheets
from trainer.tui.widgets.chiptray import CHIP_KEYS, ChipTray
from trainer.tui.widgets.dealer import (
    DealerPanel,
    choice_text,
    done_step,
    entry_hint,
    moment_step,
    phase_step,
    procedure_text,
    shoe_step,
    tray_state,
    watch_options,
)
from trainer.tui.widgets.felt import Felt, SeatView, felt_spots
from trainer.tui.widgets.hands import Hands, HandsRow
from trainer.tui.widgets.keybar import KeyBar
from trainer.tui.widgets.livetext import LiveText
from trainer.tui.widgets.stepfeedback import (
    FeedbackPanel,
    FeedbackScroll,
    Said,
    feedback_text,
    shoe_feedback_text,
)
from trainer.tui.widgets.tableheader import TableHeader, TableStatus
from trainer.words import layout, protection, table_shoe, titles
from trainer.words import table as words

#: The letters that name the bets on the layout, in seat order from the dealer's left.
SPOT_KEYS = "abcdefghijklmnopqrstuvwxyz"
#: Characters an amount may be typed with (the session reads it like any amount).
_AMOUNT_CHARS = set("0123456789.,$")
#: A bet's state, as a refused pick says it.
_STATES = {
    SpotState.ON: N_("on"),
    SpotState.MARKED: N_("marked"),
    SpotState.TAKEN: N_("taken"),
    SpotState.PAID: N_("paid"),
    SpotState.LEFT: N_("left"),
    SpotState.STAYED: N_("stayed"),
}


class TableScreen(Screen[None]):
    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("drill.tcss", "table.tcss")
    AUTO_FOCUS = ""  # nothing focused: every key is the screen's

    # The key line: what works now (check_action).  The letters and chip keys are read in
    # on_key (their set changes with the table), and described on the step line.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", N_("←→ move"), show=False),
        Binding("right", "move(1)", "→", show=False),
        Binding("up", "move(-1)", "↑", show=False),
        Binding("down", "move(1)", "↓", show=False),
        Binding("space", "space", N_("Mark")),
        Binding("space", "space_pick", N_("Pick")),
        Binding("enter", "take", N_("Take marked")),
        Binding("enter", "pay", N_("Pay")),
        Binding("enter", "done_paying", N_("Done paying")),
        Binding("enter", "commission", N_("Confirm")),
        Binding("enter", "next_table", N_("Next table")),
        Binding("enter", "confirm_shoe", N_("Confirm")),
        Binding("enter", "confirm_watch", N_("Confirm")),
        Binding("backspace", "backspace", N_("Undo"), show=False),
        Binding("escape", "back", N_("Back")),
        Binding("escape", "leave", N_("Leave")),
        Binding("question_mark", "reference", N_("Rules"), key_display="?"),
        # an exam: the key is refused with a word, never silently (it is off the key line)
        Binding("question_mark", "reference_refused", N_("Rules"), key_display="?", show=False),
        Binding("pagedown", "feedback(1)", N_("More"), key_display="PgDn"),
        Binding("pageup", "feedback(-1)", N_("Back up"), show=False),
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
        #: (the table number and the moment watched, or -1 once it is worked; its spots)
        self._spots: tuple[tuple[int, int], list[BetSpot]] = ((0, 0), [])
        self._keys_for: tuple[object, ...] = ()  # the state the key line was drawn for
        # the screen's parts, each keeping what it shows (set after every action)
        table = session.table
        self._header = TableHeader(titles.heading(session.drill), id="table-header")
        self._shoe_line = LiveText(id="shoe-status")
        self._shoe_line.display = session.shoe is not None
        self._felt = Felt(table.house.seats, colours=table.colours, id="felt")
        self._result_line = LiveText(id="result")
        self._hands = HandsRow(id="table-hands")
        self._dealer = DealerPanel(id="dealer")
        self._feedback = FeedbackPanel(id="table-feedback")
        self._procedure = LiveText(id="procedure")
        self._key_bar = KeyBar(id="keys")

    # -- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield self._header
        yield self._shoe_line
        yield self._felt
        yield self._result_line
        yield self._hands
        yield self._dealer
        with FeedbackScroll(id="feedback-scroll"):
            yield self._feedback
        yield self._procedure
        yield self._key_bar

    def on_mount(self) -> None:
        self.session.start()
        if self.session.time_limit is not None:
            self._timer = self.set_interval(0.2, self.tick)
        self.refresh_all()

    def on_resize(self, event: events.Resize) -> None:
        self._hands.fit(event.size)
        self.place_seats(event.size.width, event.size.height)
        tall = event.size.height >= 34
        self.set_class(tall, "-tall")
        self._procedure.display = tall
        self._dealer.names = event.size.height >= 34
        self.refresh_all()

    def place_seats(self, width: int, height: int) -> None:
        occupied = {s.number for s in self.session.table.seats}
        self._felt.place(width, height, occupied)

    # -- what is shown ---------------------------------------------------------------------
    # Each widget keeps what it shows and redraws only what changed: after every action the
    # screen reads the session and sets the widgets' attributes (attributes down).

    @property
    def spots(self) -> list[BetSpot]:
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

    def refresh_all(self) -> None:
        """Show everything from the session (after every action: cheap, a few widgets)."""
        s = self.session
        table = s.table
        if self._table_shown != table.number:
            self._table_shown = table.number
            self.new_table()
        self.draw_felt()
        self.draw_shoe()
        dealer = self._dealer
        if s.shoe_question is not None:
            asked = s.shoe_question
            dealer.step = shoe_step(asked)
            self.draw_choice(dealer, tuple(table_shoe.option(asked, o) for o in asked.options))
        elif s.watch_question is not None:
            dealer.step = moment_step(s)
            self.draw_choice(dealer, watch_options(s))
        else:
            self.draw_step(dealer)
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
            self._key_bar.show_keys(self)

    def new_table(self) -> None:
        self.cursor = 0
        self.typed, self.chip_log, self.amount_mode = "", [], False
        self.last = None
        self.message = ""
        self.pick = None
        self._feedback.said = None
        size = self.app.size
        self.place_seats(size.width, size.height)

    def hands(self) -> Hands:
        """The hands as the dealer sees them now: the whole coup, or, while a moment is
        watched, the cards out so far (none at no more bets, the first during the deal)."""
        coup = self.session.table.coup
        q = self.session.watch_question
        if q is None:
            return (coup.player.cards, coup.player.total, coup.banker.cards, coup.banker.total)
        view = q.view
        whole = q.scene.shown >= len(coup.cards)
        return (
            view.player_cards,
            coup.player.total if whole else None,
            view.banker_cards,
            coup.banker.total if whole else None,
        )

    def draw_shoe(self) -> None:
        """The hands, the result line (or the first card turned up, before the burn is
        answered: the hands are not dealt yet; or the moment watched) and, for a shoe at the
        table, the shoe's line."""
        s = self.session
        asked = s.shoe_question
        burning = isinstance(asked, BurnQuestion)
        watched = s.watch_question
        row = self._hands
        row.dark = burning or (watched is not None and watched.scene.shown == 0)
        row.hands = self.hands()
        result = self._result_line
        if isinstance(asked, BurnQuestion):  # this shoe's, or the next shoe's once it ends
            turned = (
                _("A new shoe: first card turned up:")
                if asked.new_shoe
                else _("First card turned up:")
            )
            result.text = Text.assemble((f"  {turned} ", "bold"), asked.card.pretty)
        elif watched is not None and watched.scene.shown < len(s.table.coup.cards):
            result.text = Text(f"  {protection.moment_heading(watched.scene.moment)}", "bold")
        else:
            said = _("Result:")
            result.text = Text.assemble(
                (f"  {said} ", "bold"), words.result(s.table.house, s.table.coup)
            )
        if s.shoe is not None:  # as ``TableSession.shoe_line``, in the language spoken
            burn = isinstance(s.shoe_question, BurnQuestion)
            index = None if burn else s.index
            self._shoe_line.text = Text(table_shoe.status(s.shoe, index, after=s.table.done))

    def draw_choice(self, dealer: DealerPanel, options: tuple[str, ...]) -> None:
        """A multiple-choice question in the dealer's panel (the shoe's, or a moment
        watched): the choices by number under what is asked, the one picked marked; the
        chip tray, which belongs to paying, is put away."""
        dealer.paying = choice_text(options, self.pick, self.message)
        dealer.tray_shown = False

    def action_confirm_watch(self) -> None:
        """Enter: the chosen answer for the moment, graded; practice shows ✓/✗ and why."""
        q = self.session.watch_question
        if q is None or self.pick is None:
            return
        index, self.pick = self.pick, None
        self.graded(lambda: self.session.answer_watch(q.options[index]))

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
        answer = self.session.answer_shoe(q.options[index])
        self.refresh_all()
        self.show_shoe_feedback(answer)  # last: see show_feedback

    def show_shoe_feedback(self, answer: ShoeAnswer) -> None:
        panel = self._feedback
        if self.session.exam:  # in the results
            panel.said = None
            return
        panel.said = Said(shoe_feedback_text(answer), answer.correct)
        self.call_after_refresh(self._key_bar.show_keys, self)  # PgDn, once laid out

    def draw_felt(self) -> None:
        cursor = self.cursor if self.cursor_shown else None
        keys = "" if self.session.table.phase is Phase.WATCH else SPOT_KEYS  # nothing to pick
        self._felt.spots = felt_spots(
            self.session.table, self.spots, keys=keys, cursor=cursor, exam=self.session.exam
        )

    @property
    def cursor_shown(self) -> bool:
        phase = self.session.table.phase
        return phase is Phase.TAKE or (phase is Phase.PAY and not self.amount_mode)

    def draw_step(self, dealer: DealerPanel) -> None:
        table = self.session.table
        if table.phase is Phase.DONE:
            step, paying = done_step(self.session), Text()
        else:
            hint = (  # only while an amount is being given
                entry_hint(table.denominations, typing=self.typing_allowed, chips=self.chips_active)
                if self.entering
                else ""
            )
            step, paying = phase_step(
                table, amount_mode=self.amount_mode, hint=hint, typed=self.typed
            )
        if self.message:
            paying.append("  " + self.message, "bold")
        dealer.step = step
        dealer.paying = paying
        dealer.tray = tray_state(table, self.chips_active)
        dealer.tray_shown = True  # put away while a question was asked (draw_choice)

    def draw_procedure(self) -> None:
        """The procedure so far, on a tall terminal."""
        panel = self._procedure
        if panel.display:
            panel.text = procedure_text(self.session.table.answers, exam=self.session.exam)

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

    def update_header(self) -> None:
        self._header.status = TableStatus.of(self.session)

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
        """Practice: each mistake of the step, or ✓; marks the wrong spots on the felt.

        Called after every other line of the key is set: its call_after_refresh posts to
        the screen, which wakes the screen's task (a key's action runs in the app's task).
        Each widget posts its own request for a layout when its task next runs, in the
        order they were woken; a screen woken before the procedure line would lay out
        with the feedback alone, and then again for the procedure (two layouts a key)."""
        panel = self._feedback
        self.last = feedback
        if feedback is None:  # an exam: nothing until the results
            panel.said = None
            return
        table = self.session.table
        body = feedback_text(feedback, winners=bool(table.key.pays), table=table)
        if table.done and table.dealt.note:  # the coup's lesson, once the table is worked
            body.append("\n" + _("Lesson: {note}").format(note=table.dealt.note))
        panel.said = Said(body, feedback.correct)
        # whether it needs PgDn is known once it is laid out
        self.call_after_refresh(self._key_bar.show_keys, self)

    # -- keys ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:  # noqa: C901 (one case per table binding)
        if action == "feedback":  # only while the feedback has more than its lines show
            box = self.query_one("#feedback-scroll", FeedbackScroll)
            return self._feedback.display and box.max_scroll_y > 0
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

    def act_on(self, spot: BetSpot) -> None:
        """A bet named (letter, click, space): marked in the take, picked in the pay."""
        phase = self.session.table.phase
        self.message = ""
        if phase is Phase.TAKE:
            self.session.toggle_mark(spot.seat, spot.bet)
        elif phase is Phase.PAY:
            state = self.session.table.state(spot)
            if state is not SpotState.ON:
                self.message = _("{bet} is {state}: pick a bet still on the layout.").format(
                    bet=layout.spot(spot.seat, spot.bet, spot.wager), state=_(_STATES[state])
                )
            else:
                self.session.select(spot.seat, spot.bet)
                self.typed, self.chip_log, self.amount_mode = "", [], True
        self.refresh_all()

    def type_char(self, char: str) -> None:
        if not self.typing_allowed:
            self.message = _("This drill pays in chips: use the chip keys.")
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
        except TableActionError:  # typing where the drill pays in chips
            self.message = _("This drill pays in chips: use the chip keys.")
            self.refresh_all()
            return False
        except ValueError:  # InvalidAmountError
            # what is typed is read as always, whatever the language shows amounts as
            self.message = _(
                "{typed} is not an amount: write it like {examples}. Retype it."
            ).format(typed=self.typed, examples="600, 1,000, 2.50")
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
                _("Add chips first.")
                if not self.typing_allowed
                else _("Type the amount or add chips first.")
                if self.chips_active
                else _("Type the amount first.")
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
            self.message = _("Type the commission or add chips first.")
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
        self.refresh_all()
        self.show_feedback(feedback)  # last: see show_feedback

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
