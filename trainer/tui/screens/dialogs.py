"""Small modal dialogs: confirm quitting mid-drill, and the trainee's name."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from trainer.session.settings import MAX_NAME, trainee_name
from trainer.tui.screens import stylesheets


class ConfirmQuit(ModalScreen[bool]):
    """Quit with a drill in progress?  y/Enter quits, n/Esc goes back to the drill."""

    CSS_PATH: ClassVar[list[Path]] = stylesheets("dialogs.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Quit"),
        Binding("n", "answer(False)", "Keep going"),
        Binding("escape", "answer(False)", "Keep going", show=False),
        Binding("enter", "answer(True)", "Quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("A drill is in progress. Quit anyway? The answers given so far are kept.")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Quit (y)", id="yes", variant="error")
                yield Button("Keep going (n)", id="no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, quit_: bool) -> None:
        self.dismiss(quit_)


class NameScreen(ModalScreen[str | None]):
    """Ask who is training; the name is remembered for next time."""

    CSS_PATH: ClassVar[list[Path]] = stylesheets("dialogs.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, current: str = "") -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Trainee name (Enter to save, Esc to cancel):")
            yield Input(
                value=self.current, placeholder="your name", id="name", max_length=MAX_NAME
            )
            yield Label("", id="name-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            name = trainee_name(event.value)
        except ValueError:  # only an empty one can be typed (max_length)
            self.query_one("#name-error", Label).update("Type a name, or Esc to cancel.")
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)
