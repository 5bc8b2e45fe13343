"""What every screen a run is answered on shares (the drill screen, spot the error): its
states, the time limit's clock, the feedback after an answer, moving on to the next
question or the results, and leaving.  Each screen lays out its own questions and keys."""

from __future__ import annotations

from enum import StrEnum

from rich.text import Text
from textual.binding import Binding
from textual.color import Color
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from trainer.i18n import N_
from trainer.session import Answer, Result, Session
from trainer.tui.messages import DrillFinished, LeaveDrill
from trainer.tui.reference_key import refuse_reference
from trainer.tui.widgets.keybar import KeyBar
from trainer.tui.widgets.livetext import show_text


class DrillState(StrEnum):
    """Where a drill screen stands: a question asked (a win's amount being typed), its
    feedback shown, or the run over."""

    ASKING = "asking"
    AMOUNT = "amount"
    FEEDBACK = "feedback"
    DONE = "done"


ASKING, AMOUNT, FEEDBACK, DONE = (
    DrillState.ASKING,
    DrillState.AMOUNT,
    DrillState.FEEDBACK,
    DrillState.DONE,
)
#: The states a question is being answered in: its time limit runs.
ANSWERING = (ASKING, AMOUNT)

#: Enter confirms an answer, then moves on from its feedback (space too).
ADVANCE_BINDINGS = (
    Binding("enter", "confirm", N_("Confirm")),
    Binding("enter", "next", N_("Next")),
    Binding("space", "next", N_("Next"), show=False),
)
LEAVE_BINDING = Binding("escape", "leave", N_("Leave"))


class DrillBase(Screen[None]):
    """A run answered one question at a time.  A subclass shows its questions
    (``show_question``, ``show_feedback``) and the header (``update_header``); the keys
    are each subclass's ``BINDINGS`` (the key bar lists a screen's own), with
    ``ADVANCE_BINDINGS`` and ``LEAVE_BINDING`` among them."""

    AUTO_FOCUS = ""  # nothing focused: keys reach the screen's bindings

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.state: DrillState = ASKING
        self.selected: Answer | None = None
        self.last: Result | None = None
        self._timer: Timer | None = None

    def start_run(self) -> None:
        """The run starts, its first question shown; a time limit ticks from now."""
        self.session.start()
        self.show_question()
        if self.session.time_limit is not None:
            self._timer = self.set_interval(0.2, self.tick)

    def show_question(self) -> None:
        """Lay out the current question; its clock starts."""
        raise NotImplementedError

    def show_feedback(self, result: Result) -> None:
        """The verdict on ``result`` (practice: an exam gives none)."""
        raise NotImplementedError

    def update_header(self) -> None:
        raise NotImplementedError

    def set_status(self, message: str) -> None:
        show_text(self.query_one("#status", Static), Text(message))

    def show_keys(self) -> None:
        """The keys that work now, in the footer line."""
        self.query_one("#keys", KeyBar).show_keys(self)

    def verdict_panel(self, result: Result) -> Widget:
        """The feedback panel, its left border in the verdict's colour."""
        panel = self.query_one("#feedback")
        # the verdict's colour by inline style: a class would restyle the panel's subtree,
        # most of the time between the key and the feedback
        colour = self.app.theme_variables["success" if result.correct else "error"]
        panel.styles.border_left = ("thick", Color.parse(colour))
        return panel

    def tick(self) -> None:
        if self.state not in ANSWERING or self.session.finished:
            return
        result = self.session.expire()
        if result is not None:
            self.after_answer(result)
            return
        self.update_header()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "confirm":
            return self.state == ASKING
        if action == "next":
            return self.state == FEEDBACK
        if action == "leave":
            return self.state in (ASKING, FEEDBACK)
        if action == "reference":
            return not self.session.exam
        if action == "reference_refused":
            return self.session.exam
        return True

    def after_answer(self, result: Result) -> None:
        """An exam goes straight on; practice shows the feedback first."""
        self.last = result
        self.selected = None
        if self.session.exam:
            self.advance()
            return
        self.state = FEEDBACK
        self.show_feedback(result)

    def action_next(self) -> None:
        if self.state == FEEDBACK:
            self.advance()

    def advance(self) -> None:
        """The next question, or the results after the last."""
        if self.session.finished:
            self.state = DONE
            if self._timer is not None:
                self._timer.stop()
            self.show_keys()
            self.post_message(DrillFinished(self.session))
            return
        self.show_question()

    def action_leave(self) -> None:
        self.post_message(LeaveDrill(self.session))

    def action_reference_refused(self) -> None:
        refuse_reference(self)
