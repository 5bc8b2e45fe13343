"""Small modal dialogs: confirm leaving or quitting mid-drill, the trainee's name, and how
long a review should be."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from trainer.i18n import N_, _
from trainer.prefs import MAX_NAME, trainee_name
from trainer.tui.screens import stylesheets


class Confirm(ModalScreen[bool]):
    """A yes/no question about the drill in progress: y/Enter says yes, n/Esc goes back."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("dialogs.tcss")
    QUESTION = ""
    YES = N_("Yes")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n", "answer(False)", N_("Keep going")),
        Binding("escape", "answer(False)", N_("Keep going"), show=False),
        Binding("enter", "answer(True)", N_("Yes"), show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_(self.QUESTION))
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("{yes} (y)").format(yes=_(self.YES)), id="yes", variant="error")
                yield Button(_("Keep going (n)"), id="no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class ConfirmQuit(Confirm):
    """ctrl+q with a drill in progress."""

    QUESTION = N_("A drill is in progress. Quit anyway? The answers given so far are kept.")
    YES = N_("Quit")


class ConfirmLeave(Confirm):
    """Escape in a drill: back to the home screen, the run kept as abandoned."""

    QUESTION = N_(
        "Leave this drill and go back to the home screen? The answers given so far are "
        "kept, and the run is recorded as abandoned."
    )
    YES = N_("Leave")


class ConfirmLeaveAudition(ConfirmLeave):
    """Escape in a part of the audition: the whole sitting ends, not only this part."""

    QUESTION = N_(
        "Leave the audition and go back to the home screen? The sitting is recorded as "
        "abandoned, with no verdict; the answers given so far are kept."
    )


class NameScreen(ModalScreen[str | None]):
    """Ask who is training; the name is remembered for next time."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("dialogs.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, current: str = "") -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Trainee name (Enter to save, Esc to cancel):"))
            yield Input(
                value=self.current, placeholder=_("your name"), id="name", max_length=MAX_NAME
            )
            yield Label("", id="name-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            name = trainee_name(event.value)
        except ValueError:  # only an empty one can be typed (max_length)
            self.query_one("#name-error", Label).update(_("Type a name, or Esc to cancel."))
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)


@dataclass(frozen=True, slots=True)
class ReviewLength:
    """The review's length in questions; None: its usual length."""

    questions: int | None


class ReviewLengthScreen(ModalScreen[ReviewLength | None]):
    """How many questions the review should ask (Enter alone: the usual length)."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("dialogs.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(
                _("Review: how many questions? Enter alone keeps the usual length; Esc cancels.")
            )
            yield Input(
                placeholder=_("the usual length"),
                id="questions",
                restrict=r"[0-9]*",
                max_length=3,
            )
            yield Label("", id="questions-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            self.dismiss(ReviewLength(None))
            return
        from trainer.history.review import MAX_QUESTIONS  # the review's own range

        questions = int(text)  # digits only (restrict)
        if not 1 <= questions <= MAX_QUESTIONS:
            self.query_one("#questions-error", Label).update(
                _("A review is 1 to {most} questions, not {questions}.").format(
                    most=MAX_QUESTIONS, questions=questions
                )
            )
            return
        self.dismiss(ReviewLength(questions))

    def action_cancel(self) -> None:
        self.dismiss(None)
