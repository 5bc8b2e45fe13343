"""The drill screen: one question at a time about the coup on the table.

Keys pick a choice (shown in the footer), Enter confirms; a key that is not a choice for
this question does nothing, so a stray key never submits.  The screen only displays the
session and hands it answers; grading and timing are the session's.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from trainer.drills.model import Step
from trainer.engine import BetResult
from trainer.engine.errors import InvalidAmountError
from trainer.i18n import N_, _
from trainer.session import (
    AmountAnswer,
    Answer,
    PayoutAnswer,
    Question,
    Result,
    parse_paid_amount,
    parse_win_amount,
)
from trainer.session.choice import ChoiceQuestion
from trainer.session.questions import AMOUNT_STEPS
from trainer.session.run import Asked
from trainer.tui.reference_key import open_reference
from trainer.tui.screens import stylesheets
from trainer.tui.screens.drill_base import (
    ADVANCE_BINDINGS,
    AMOUNT,
    ASKING,
    DONE,
    FEEDBACK,
    LEAVE_BINDING,
    DrillBase,
)
from trainer.tui.widgets.answer import AnswerArea, UnscrolledStatic
from trainer.tui.widgets.choices import OPTION_KEYS, ActionButton, ChoiceButton, OptionButton
from trainer.tui.widgets.hands import HandView, LayoutView
from trainer.tui.widgets.keybar import KeyBar
from trainer.tui.widgets.livetext import show_text
from trainer.tui.widgets.question import feedback_text, show_asked
from trainer.tui.widgets.waiting import HistoryWaiting
from trainer.words import shoe as shoe_words
from trainer.words import titles
from trainer.words.drill import CHOICE_WORDS, choice_label, counter, lesson, option_label, prompt
from trainer.words.names import amount_problem, tenths

#: What the amount box asks for: a win's payout, or the whole answer of an amount question.
AMOUNT_HINTS = {
    Step.PAYOUT: (N_("amount paid, e.g. 600 or 2.50"), N_("Type the amount paid on the win")),
    Step.COMMISSION: (N_("commission owed, e.g. 6.75"), N_("Type the commission owed")),
    Step.FEE: (N_("collection fee, e.g. 0.50"), N_("Type the collection fee")),
}
#: Every choice a coup's question may offer, by its key (shown as each question words it).
ALL_CHOICES = tuple(CHOICE_WORDS.items())


class AmountInput(Input):
    """The amount box: it never takes `?`, which opens the rules reference as the key bar
    says (an amount has no `?` in it); the screen's binding for it is a priority one."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character != "?" and super().check_consume_key(key, character)


class DrillScreen(DrillBase):
    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("drill.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        # the key bar shows each label in the language spoken (trainer.i18n)
        Binding("d", "choose('d')", N_("Draws")),
        Binding("s", "choose('s')", N_("Stands")),
        Binding("p", "choose('p')", N_("Player")),
        Binding("b", "choose('b')", N_("Banker")),
        Binding("t", "choose('t')", N_("Tie")),
        Binding("7", "choose('7')", N_("Dragon 7")),
        Binding("8", "choose('8')", N_("Panda 8")),
        Binding("w", "choose('w')", N_("Win…")),
        Binding("u", "choose('u')", N_("Push")),
        Binding("l", "choose('l')", N_("Lose")),
        *(Binding(key, f"choose('{key}')", f"Option {key}", show=False) for key in OPTION_KEYS),
        *ADVANCE_BINDINGS,
        Binding("escape", "cancel_amount", N_("Back")),
        LEAVE_BINDING,
        # priority: read before the amount box, which would type the `?` in
        Binding("question_mark", "reference", N_("Rules"), key_display="?", priority=True),
        Binding(
            "question_mark",
            "reference_refused",
            N_("Rules"),
            key_display="?",
            show=False,
            priority=True,
        ),
    ]

    def compose(self) -> ComposeResult:
        with Horizontal(id="drill-header"):
            yield UnscrolledStatic(
                Text(titles.heading(self.session.drill), "bold"), id="drill-title"
            )
            yield HistoryWaiting(id="history-waiting")
            yield UnscrolledStatic(id="drill-status")
        yield Static(id="shoe-status")
        with Horizontal(id="hands"):
            yield HandView("Player", id="player-hand")
            yield HandView("Banker", id="banker-hand")
        yield LayoutView(id="layout")
        yield Static(id="prompt")
        # what changes between a question and its feedback: a graded answer re-places only
        # these rows (the header, the hands and the prompt are not drawn again)
        with AnswerArea(id="answer"):
            with Horizontal(id="choices"):
                for key, label in ALL_CHOICES:
                    yield ChoiceButton(key, choice_label(label))
            with Vertical(id="options"):
                for key in OPTION_KEYS:
                    yield OptionButton(key, "")
            with Horizontal(id="confirm-row"):
                yield AmountInput(
                    placeholder=_(AMOUNT_HINTS[Step.PAYOUT][0]), id="amount", disabled=True
                )
                yield ActionButton(_("Confirm") + " ⏎", id="confirm")
            yield Static(id="status")
            with AnswerArea(id="feedback"):
                yield UnscrolledStatic(id="feedback-text")
                yield ActionButton(_("Next") + " ⏎", id="next")
        yield KeyBar(id="keys")

    def on_resize(self, event: events.Resize) -> None:
        for hand in self.query(HandView):
            hand.fit(event.size)

    def on_mount(self) -> None:
        self.show_amount(False)
        self.query_one("#feedback").display = False
        self.query_one("#shoe-status").display = self.session.shoe is not None
        self.start_run()

    # -- display ------------------------------------------------------------------------------

    @property
    def question(self) -> Asked | None:
        return None if self.session.finished else self.session.current

    def show_question(self) -> None:
        """Lay out the current question; the clock starts now."""
        q = self.session.current
        self.state = ASKING
        self.selected = None
        self.session.ask()
        self.draw_table(q)
        show_text(self.query_one("#prompt", Static), Text(prompt(q), "bold"))
        wanted = {key: option_label(q, label) for key, label, _answer in q.choices}
        for button in self.query(ChoiceButton):
            button.display = button.key in wanted
            button.show(wanted.get(button.key, button.plain_label), False)
        multiple = isinstance(q, ChoiceQuestion)
        self.query_one("#choices", Horizontal).display = not multiple and (
            q.step not in AMOUNT_STEPS
        )
        self.query_one("#options", Vertical).display = multiple
        self.query_one("#confirm-row").display = True
        self.query_one("#feedback").display = False
        if q.step in AMOUNT_STEPS:  # nothing to choose: straight to the amount box
            self.state = AMOUNT
            self.show_amount(True, q.step)
        else:
            self.show_amount(False)
        self.set_status(self.hint(q))
        self.update_header()
        self.show_keys()
        self.set_focus(None)

    def draw_table(self, q: Asked) -> None:
        player = self.query_one("#player-hand", HandView)
        show_asked(q, player, self.query_one("#banker-hand", HandView))
        view = q.view
        self.query_one("#layout", LayoutView).show(view.wagers, q.bet, view.outcome)
        self.show_shoe(q, after=False)

    def show_shoe(self, q: Asked, *, after: bool) -> None:
        """A shoe drill's line: coup N, cards left, the cut card (``after``: as the coup
        ended, or a "what now?" question, which is asked after its coup)."""
        shoe = self.session.shoe
        if shoe is None:
            return
        index = None if q.dealt is None else q.coup_index
        after = after or q.step is Step.CUT
        show_text(
            self.query_one("#shoe-status", Static),
            Text(shoe_words.status(shoe, index, after=after)),
        )

    def hint(self, q: Asked) -> str:
        if isinstance(q, ChoiceQuestion):
            return _("Keys 1-{last} pick an option; then Enter.").format(last=len(q.choices))
        if q.step in AMOUNT_STEPS:
            return _("{hint}, then Enter (Esc: leave).").format(hint=_(AMOUNT_HINTS[q.step][1]))
        keys = ", ".join(f"{key} {choice_label(label).lower()}" for key, label, _a in q.choices)
        return _("Keys: {keys}; then Enter.").format(keys=keys)

    def show_amount(self, show: bool, step: Step = Step.PAYOUT) -> None:
        """The amount box exists only while a win is being paid (or a commission or fee is
        asked); hidden, it cannot take focus (so the choice keys keep working)."""
        amount = self.query_one("#amount", Input)
        amount.display = show
        amount.disabled = not show
        if show:
            amount.placeholder = _(AMOUNT_HINTS[step][0])
            amount.value = ""
            amount.focus()
        else:
            self.set_focus(None)

    def update_header(self) -> None:
        s = self.session
        number = min(s.index + 1, s.total)
        if self.state == FEEDBACK:
            number = s.index
        text = Text(counter(s.count(number)))
        if s.exam:
            text.append(" · " + _("exam, {count} answered").format(count=s.index))
        else:
            text.append(" · " + _("score {right}/{count}").format(right=s.right, count=s.index))
        left = s.remaining()
        if left is not None and self.state in (ASKING, AMOUNT):
            if left > 0:
                text.append(" · ⏱ " + _("{seconds}s").format(seconds=tenths(left, 4)))
            elif not s.exam:
                text.append(" · ⏱ " + _("over time"))
            else:
                text.append(" · ⏱ " + _("{seconds}s").format(seconds=tenths(0.0)))
        show_text(self.query_one("#drill-status", Static), text)

    # -- keys ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        q = self.question
        if action == "choose":
            if self.state not in (ASKING,) or q is None:
                return False
            return parameters[0] in {key for key, _label, _answer in q.choices}
        amount_only = q is not None and q.step in AMOUNT_STEPS
        if action == "cancel_amount":
            return self.state == AMOUNT and not amount_only
        if action == "leave" and self.state == AMOUNT:
            return amount_only
        return super().check_action(action, parameters)

    def action_choose(self, key: str) -> None:
        q = self.question
        if q is None or self.state != ASKING:
            return
        for choice_key, label, answer in q.choices:
            if choice_key != key:
                continue
            if answer is None:  # a win: the amount is typed next
                self.selected = None
                self.mark_selected(key)
                self.state = AMOUNT
                self.show_amount(True)
                hint = _(AMOUNT_HINTS[Step.PAYOUT][1])
                self.set_status(_("{hint}, then Enter (Esc: back).").format(hint=hint))
            else:
                self.selected = answer
                self.mark_selected(key)
                self.set_status(
                    _("Your answer: {answer}. Enter to confirm, or pick another.").format(
                        answer=option_label(q, label)
                    )
                )
            self.show_keys()
            return

    def mark_selected(self, key: str) -> None:
        for button in self.query(ChoiceButton):
            button.show(button.plain_label, button.key == key)

    def action_cancel_amount(self) -> None:
        q = self.question
        if self.state != AMOUNT or (q is not None and q.step in AMOUNT_STEPS):
            return
        self.show_amount(False)
        self.state = ASKING
        self.selected = None
        self.mark_selected("")
        self.set_focus(None)
        q = self.question
        if q is not None:
            self.set_status(self.hint(q))
        self.show_keys()

    def action_confirm(self) -> None:
        if self.state != ASKING:
            return
        if self.selected is None:
            q = self.question
            self.set_status(_("Pick an answer first.") + " " + (self.hint(q) if q else ""))
            return
        self.submit(self.selected)

    @on(Input.Submitted, "#amount")
    def amount_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.state != AMOUNT:
            return
        q = self.question
        if q is not None and q.step in AMOUNT_STEPS:
            try:  # a commission or fee may be 0 (and is then graded like any amount)
                owed = parse_paid_amount(event.value)
            except InvalidAmountError as exc:
                self.set_status(
                    _("{problem}. Retype it.").format(problem=amount_problem(exc, event.value))
                )
                return
            self.show_amount(False)
            self.submit(AmountAnswer(owed))
            return
        try:
            amount = parse_win_amount(event.value)  # up to the largest payout; not 0
        except InvalidAmountError as exc:
            self.set_status(
                _("{problem}. Retype it (Esc: back).").format(
                    problem=amount_problem(exc, event.value)
                )
            )
            return
        self.show_amount(False)
        self.set_focus(None)
        self.submit(PayoutAnswer(BetResult.WIN, amount))

    @on(Button.Pressed, ".choice")
    def choice_clicked(self, event: Button.Pressed) -> None:
        event.stop()
        button = event.button
        if isinstance(button, ChoiceButton):
            if self.state == AMOUNT:
                self.action_cancel_amount()
            self.action_choose(button.key)

    @on(Button.Pressed, "#confirm")
    async def confirm_clicked(self, event: Button.Pressed) -> None:
        event.stop()
        if self.state == AMOUNT:
            await self.query_one("#amount", Input).action_submit()
        else:
            self.action_confirm()

    @on(Button.Pressed, "#next")
    def next_clicked(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_next()

    def submit(self, answer: Answer) -> None:
        result = self.session.answer(answer)
        self.after_answer(result)

    def show_feedback(self, result: Result) -> None:
        self.show_amount(False)
        self.query_one("#choices").display = False
        self.query_one("#options").display = False
        self.query_one("#confirm-row").display = False
        panel = self.verdict_panel(result)
        body = feedback_text(result)
        note = None if result.question.dealt is None else result.question.dealt.note
        if note and self.coup_done(result.question):
            # the lesson speaks of the whole coup (cards still to come, every settlement):
            # only once its last question is answered
            body.append("\n" + lesson(note))
        show_text(self.query_one("#feedback-text", Static), body)
        panel.display = True
        # Show the coup as it stands after this step (e.g. the third card just decided).
        self.reveal_after(result.question)
        if self.coup_done(result.question):
            self.show_shoe(result.question, after=True)
        last = self.session.finished
        self.set_status(_("Enter: see the results") if last else _("Enter or space: next question"))
        self.update_header()
        self.show_keys()
        self.set_focus(None)

    def coup_done(self, q: Asked) -> bool:
        """No question about ``q``'s coup is left to ask."""
        s = self.session
        return s.finished or s.current.coup_index != q.coup_index

    def reveal_after(self, q: Asked) -> None:
        if isinstance(q, ChoiceQuestion):
            return  # the next question shows what comes next
        coup = q.coup
        player, banker = (
            self.query_one("#player-hand", HandView),
            self.query_one("#banker-hand", HandView),
        )
        if q.step is Step.PLAYER_DRAWS:
            player.show(coup.player.cards, coup.player.total)
            banker.show(coup.banker.cards[:2], None)
        elif q.step in (Step.BANKER_DRAWS, Step.OUTCOME):
            player.show(coup.player.cards, coup.player.total)
            banker.show(coup.banker.cards, coup.banker.total)

    def action_reference(self) -> None:
        if (
            self.state in (FEEDBACK, DONE)
            and self.last is not None
            and isinstance(self.last.question, Question)
        ):
            # answered: the cell that decided it may be marked
            q = self.last.question
            open_reference(self, self.session, q.house, q)
        else:  # the whole table, unmarked: a marked cell would give the answer away
            # the drill's house: the one source of the rules in play
            open_reference(self, self.session, self.session.drill.house)
