"""Spot the dealer's error: a coup (or a table) replayed as a dealer dealt it, one step a
line; the trainee moves to the step that is wrong (arrows, or its number) or picks "no
error" (n), and confirms with Enter.  After an error, the right step is a multiple choice
(keys 1-4) under the replay, the wrong step marked (in an exam, only once the trainee
flagged it: the session passes over it otherwise).

The screen only shows the session (trainer.session.spot) and hands it answers.
"""

from __future__ import annotations

import time
from pathlib import PurePath
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from trainer.i18n import N_, _
from trainer.session import Result, Session
from trainer.session.questions import SpotAnswer
from trainer.session.spot import FixQuestion, SpotQuestion
from trainer.tui.reference_key import open_reference
from trainer.tui.screens import stylesheets
from trainer.tui.screens.drill_base import (
    ADVANCE_BINDINGS,
    ASKING,
    FEEDBACK,
    LEAVE_BINDING,
    DrillBase,
)
from trainer.tui.widgets.answer import AnswerArea, UnscrolledStatic
from trainer.tui.widgets.choices import OPTION_KEYS, OptionButton
from trainer.tui.widgets.keybar import KeyBar
from trainer.tui.widgets.livetext import show_text
from trainer.tui.widgets.question import feedback_text
from trainer.words import spot as spot_words
from trainer.words import titles
from trainer.words.drill import answer_label, choice_label, counter
from trainer.words.names import tenths

#: Two digits typed within this many seconds make one step number (step 12).
DIGIT_WINDOW = 1.0


def _numbered(number: str, line: str) -> Table:
    """A long replay line (an irregularity and the dealer's remedy) after its number, wrapped
    under its text, not under the number."""
    grid = Table.grid()
    grid.add_column(width=len(number), no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_row(number, line)
    return grid


class ReplayList(OptionList):
    """The replay's steps; driven by the screen's keys, so it never takes focus."""

    can_focus = False

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._width = -1  # the width its lines were rendered at

    def on_resize(self, event: events.Resize) -> None:
        """A new height only shows more or fewer of the same lines (the answer's rows
        below it came or went): they were drawn in the layout that re-sized it, and are
        not rendered and drawn again; a new width for them (the terminal's, a scrollbar
        come or gone) wraps them anew (OptionList's own)."""
        width = self.scrollable_content_region.width
        if width == self._width:
            event.prevent_default()
        self._width = width


class SpotScreen(DrillBase):
    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("drill.tcss", "spot.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        *(Binding(str(d), f"digit('{d}')", f"Step {d}", show=False) for d in range(10)),
        Binding("n", "no_error", N_("No error")),
        *ADVANCE_BINDINGS,
        LEAVE_BINDING,
        Binding("question_mark", "reference", N_("Rules"), key_display="?"),
        Binding("question_mark", "reference_refused", N_("Rules"), key_display="?", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self._digits = ""
        self._digit_at = 0.0

    def compose(self) -> ComposeResult:
        # the title and the status never scroll: a score one digit wider re-sizes both in
        # the answer's layout, not in one more
        with Horizontal(id="drill-header"):
            yield UnscrolledStatic(
                Text(titles.heading(self.session.drill), "bold"), id="drill-title"
            )
            yield UnscrolledStatic(id="drill-status")
        yield Static(id="prompt")
        yield ReplayList(id="replay")
        # what changes between a question and its feedback (as on the drill screen): a
        # graded answer re-places only these rows, and none of them asks for a second
        # layout when it is first shown
        with AnswerArea(id="answer"):
            with AnswerArea(id="options"):
                for key in OPTION_KEYS:
                    yield OptionButton(key, "")
            yield Static(id="status")
            with AnswerArea(id="feedback"):
                yield UnscrolledStatic(id="feedback-text")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one("#feedback").display = False
        self.set_class(self.session.exam, "-exam")
        self.start_run()

    # -- display ------------------------------------------------------------------------------

    @property
    def question(self) -> SpotQuestion | FixQuestion | None:
        if self.session.finished:
            return None
        q = self.session.current
        assert isinstance(q, (SpotQuestion, FixQuestion))
        return q

    def show_question(self) -> None:
        q = self.question
        assert q is not None
        self.state = ASKING
        self.selected = None
        self.session.ask()
        exam = self.session.exam
        asked = spot_words.prompt(q, exam=exam)
        show_text(self.query_one("#prompt", Static), Text(asked, "bold"))
        self.fill_replay(q, marked=q.flagged if isinstance(q, FixQuestion) else None)
        options = self.query_one("#options", AnswerArea)
        options.display = isinstance(q, FixQuestion)
        if isinstance(q, FixQuestion):
            wanted = {key: choice_label(label) for key, label, _answer in q.choices}
            for button in self.query(OptionButton):
                button.display = button.key in wanted
                button.show(wanted.get(button.key, ""), False)
            self.set_status(_("Keys 1-4 pick the right step; then Enter."))
        else:
            self.set_status(
                _("↑↓ or a step's number move to the wrong step, n: no error; then Enter.")
            )
        self.query_one("#feedback").display = False
        self.update_header()
        self.show_keys()

    def fill_replay(
        self, q: SpotQuestion | FixQuestion, marked: int | None = None, right: int | None = None
    ) -> None:
        """The steps, numbered; ``marked``: the step flagged (✗, or ✓ when it is the one the
        audit names), ``right``: the step the audit names (!), after an answer.  In an exam
        the step flagged is marked ▸, the trainee's own flag, never a verdict."""
        replay = self.query_one("#replay", ReplayList)
        lines = []
        width = len(str(len(q.lines)))
        wrong = "▸" if self.session.exam else "✗"
        for i, line in enumerate(spot_words.lines(q.replay)):
            mark = {(True, True): "✓", (True, False): wrong, (False, True): "!"}.get(
                (i == marked, i == right), " "
            )
            number = f"{mark}{i + 1:>{width}}  "
            if i in q.replay.event_lines:  # a long line: wrapped under its text
                lines.append(Option(_numbered(number, line)))
            else:
                lines.append(Option(Text(f"{number}{line}")))
        if isinstance(q, SpotQuestion):
            none = _("No error: the coup was dealt right")
            lines.append(Option(Text(f" {'n':>{width}}  {none}")))
        keep = replay.highlighted
        replay.clear_options()
        replay.add_options(lines)
        if isinstance(q, FixQuestion):
            replay.highlighted = q.flagged
        else:  # nothing picked yet: no step stands out
            replay.highlighted = keep if self.state != ASKING else None
        replay.disabled = isinstance(q, FixQuestion)

    def update_header(self) -> None:
        s = self.session
        number = s.index if self.state == FEEDBACK else min(s.index + 1, s.total)
        text = Text(counter(s.count(number)))
        text.append(
            " · " + _("exam, {count} answered").format(count=s.answered)
            if s.exam
            else " · " + _("score {right}/{count}").format(right=s.right, count=s.index)
        )
        left = s.remaining()
        if left is not None and self.state == ASKING:
            text.append(" · ⏱ " + _("{seconds}s").format(seconds=tenths(max(left, 0.0), 4)))
        show_text(self.query_one("#drill-status", Static), text)

    # -- keys ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        q = self.question
        spotting = self.state == ASKING and isinstance(q, SpotQuestion)
        if action in ("move", "no_error"):
            return spotting
        if action == "digit":
            return self.state == ASKING and q is not None
        return super().check_action(action, parameters)

    def _select_step(self, index: int) -> None:
        """Move to step ``index`` (0-based; the last line is "no error")."""
        q = self.question
        if not isinstance(q, SpotQuestion):
            return
        replay = self.query_one("#replay", ReplayList)
        index = max(0, min(index, len(q.lines)))
        replay.highlighted = index
        self.selected = SpotAnswer(None if index == len(q.lines) else index + 1)
        self.set_status(
            _("Your answer: {answer}. Enter to confirm.").format(answer=answer_label(self.selected))
        )

    def action_move(self, step: int) -> None:
        replay = self.query_one("#replay", ReplayList)
        current = replay.highlighted if replay.highlighted is not None else -step
        self._select_step(current + step)

    def action_no_error(self) -> None:
        q = self.question
        if isinstance(q, SpotQuestion):
            self._select_step(len(q.lines))

    def action_digit(self, digit: str) -> None:
        q = self.question
        if isinstance(q, FixQuestion):
            self.choose_option(digit)
            return
        if not isinstance(q, SpotQuestion):
            return
        now = time.monotonic()
        typed = self._digits + digit if now - self._digit_at < DIGIT_WINDOW else digit
        if not typed.isdigit() or not 1 <= int(typed) <= len(q.lines):
            typed = digit
        self._digits, self._digit_at = typed, now
        if 1 <= int(typed) <= len(q.lines):
            self._select_step(int(typed) - 1)

    def choose_option(self, key: str) -> None:
        q = self.question
        if not isinstance(q, FixQuestion):
            return
        for choice_key, label, answer in q.choices:
            if choice_key == key:
                self.selected = answer
                for button in self.query(OptionButton):
                    button.show(button.plain_label, button.key == key)
                self.set_status(
                    _("Your answer: {answer}. Enter to confirm.").format(answer=choice_label(label))
                )

    @on(OptionList.OptionSelected, "#replay")
    def clicked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.state == ASKING:
            self._select_step(event.option_index)

    @on(Button.Pressed, ".choice")
    def option_clicked(self, event: Button.Pressed) -> None:
        event.stop()
        if isinstance(event.button, OptionButton) and self.state == ASKING:
            self.choose_option(event.button.key)

    def action_confirm(self) -> None:
        if self.state != ASKING:
            return
        if self.selected is None:
            self.set_status(
                _("Pick a step (or n: no error) first.")
                if isinstance(self.question, SpotQuestion)
                else _("Pick the right step (1-4) first.")
            )
            return
        self.after_answer(self.session.answer(self.selected))

    def show_feedback(self, result: Result) -> None:
        q = result.question
        assert isinstance(q, (SpotQuestion, FixQuestion))
        answer = result.answer
        flagged = answer.step - 1 if isinstance(answer, SpotAnswer) and answer.step else None
        expected = result.graded.expected
        right = expected.step - 1 if isinstance(expected, SpotAnswer) and expected.step else None
        if isinstance(q, SpotQuestion):
            self.fill_replay(q, marked=flagged, right=right)
        self.query_one("#options").display = False
        panel = self.verdict_panel(result)
        show_text(self.query_one("#feedback-text", Static), feedback_text(result))
        panel.display = True
        self.set_status(
            _("Enter: see the results") if self.session.finished else _("Enter or space: next")
        )
        self.update_header()
        self.show_keys()

    def action_reference(self) -> None:
        """The rules reference, with the house's rules a replay is judged by (practice)."""
        open_reference(self, self.session, self.session.drill.house)
