"""The audition in the trainer: the proctor's approval before it starts, and the
verdict once its parts are sat (the parts themselves run on the drill and table screens)."""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, Static

from trainer.i18n import N_, _
from trainer.prefs import MAX_NAME, trainee_name
from trainer.tui.messages import GoHome, SignSheet, WriteSignOff
from trainer.tui.screens import stylesheets
from trainer.tui.widgets.keybar import KeyBar
from trainer.words import record
from trainer.words.pace import coups_an_hour_words, seconds_a_seat_words

if TYPE_CHECKING:
    from trainer.session.audition import Verdict


class ProctorScreen(ModalScreen[str | None]):
    """The proctor approves the audition by typing their name, with the school's sign-in
    off (the name is not checked; with sign-in on, an instructor's PIN approves instead)."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("dialogs.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, trainee: str, note: str = "") -> None:
        super().__init__()
        self.trainee = trainee
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(
                _("Audition of {trainee}: a written part, then the practical one.").format(
                    trainee=self.trainee
                )
            )
            if self.note:
                yield Label(self.note, id="proctor-note")
            yield Label(_("Proctor's name to approve it (Enter), Esc to cancel:"))
            yield Input(placeholder=_("proctor"), id="proctor", max_length=MAX_NAME)
            yield Label("", id="proctor-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            name = trainee_name(event.value)
        except ValueError:
            self.query_one("#proctor-error", Label).update(_("Type a name, or Esc to cancel."))
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SignKeyScreen(ModalScreen["tuple[str, str] | None"]):
    """The school's key file and its passphrase (never shown), to sign the sheet; Esc
    cancels.  Dismissed with both, or None."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("dialogs.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Sign the sheet with the school's key."))
            yield Label(_("Key file (its .pub beside it):"))
            yield Input(placeholder="school-key.pem", id="key-file", max_length=4096)
            yield Label(_("Passphrase (Enter signs, Esc cancels):"))
            yield Input(password=True, id="passphrase", max_length=1024)
            yield Label("", id="key-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        path = self.query_one("#key-file", Input).value.strip()
        phrase = self.query_one("#passphrase", Input).value
        if not path:
            self.query_one("#key-error", Label).update(_("Give the key file."))
            self.query_one("#key-file", Input).focus()
            return
        if event.input.id == "key-file" or not phrase:
            self.query_one("#passphrase", Input).focus()
            return
        self.dismiss((path, phrase))

    def action_cancel(self) -> None:
        self.dismiss(None)


def verdict_text(verdict: Verdict) -> Text:
    """The verdict in words: passed or failed, the written part, each area's grade and
    pace, the red lines crossed, and when a failed audition may be sat again."""
    text = Text()
    text.append(_("Audition of {trainee}").format(trainee=verdict.trainee), "bold")
    text.append(
        " · "
        + _("proctor {proctor} · {moment} UTC").format(
            proctor=verdict.proctor, moment=f"{verdict.sat_at:%Y-%m-%d %H:%M}"
        )
        + "\n\n"
    )
    text.append(
        (_("PASSED") if verdict.passed else _("FAILED")) + "\n",
        "bold green" if verdict.passed else "bold red",
    )
    text.append(record.verdict_outcome(verdict) + "\n")
    text.append(_("Written part:") + " ", "bold")
    text.append(
        _("{right} of {count} right ({mark}% to pass):").format(
            right=verdict.written_right,
            count=verdict.written_questions,
            mark=verdict.written_pass_mark,
        )
        + " "
    )
    text.append((_("passed") if verdict.written_passed else _("failed")) + "\n")
    text.append("\n" + _("Practical part") + "\n", "bold")
    for area in verdict.areas:
        grade = record.area_mark(area)
        pace = (
            _("no answers")
            if area.pace is None
            else _("{pace}% of the target time").format(pace=area.pace)
        )
        text.append(f"  {area.area.title}: ", "bold" if area.passed else "bold red")
        text.append(
            _("{grade} · {right} of {count} right · {pace}").format(
                grade=grade, right=area.right, count=area.answered, pace=pace
            )
            + "\n"
        )
        table = area.table_pace
        if table is not None:
            label = _("Table pace:")
            text.append(f"    {label} ")
            text.append(coups_an_hour_words(table, area.table_target, area.table_format) + "\n")
            text.append("      " + seconds_a_seat_words(table, area.table_target) + "\n")
    text.append("\n" + _("Red lines:") + " ", "bold")
    if not verdict.crossed:
        text.append(_("none crossed") + "\n")
    else:
        text.append("\n")
        for c in verdict.crossed:
            text.append(f"  ✗ {c.red_line.title}", "bold red")
            text.append(
                " "
                + _("(answered {answer}, not {expected})").format(
                    answer=c.answer.answer, expected=c.answer.expected
                )
                + "\n"
            )
    if verdict.retake_from is not None:
        text.append(
            "\n"
            + _("A retake may be sat from {day}.").format(day=f"{verdict.retake_from:%Y-%m-%d}")
            + "\n",
            "bold",
        )
    return text


class VerdictScreen(Screen[None]):
    """The audition's verdict; ``s`` writes its sign-off sheet (PDF), ``k`` signs it with the
    school's key."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("dialogs.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "sign_off", N_("Sign-off sheet")),
        Binding("k", "sign_sheet", N_("Sign with the school's key")),
        Binding("escape", "home", N_("Home")),
        Binding("enter", "home", N_("Home"), show=False),
    ]

    def __init__(self, verdict: Verdict, run_id: str) -> None:
        super().__init__()
        self.verdict = verdict
        self.run_id = run_id

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(verdict_text(self.verdict), id="verdict")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one("#keys", KeyBar).show_keys(self)

    def action_sign_off(self) -> None:
        self.post_message(WriteSignOff(self.run_id))

    def action_sign_sheet(self) -> None:
        self.post_message(SignSheet(self.run_id))

    def action_home(self) -> None:
        self.post_message(GoHome())
