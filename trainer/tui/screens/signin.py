"""Who is at the trainer, when the school turned sign-in on: the sign-in screen
every trainer starts at, an instructor's PIN for one act (a proctor), the countdown before an
idle sign-out, and the roster an instructor manages from the class screen.

The screens check a name and a secret through a function the app hands down (the history's
sign-in desk, trainer.history.signing_in.Desk) and send what came of it up as a message; they
keep no secret: the secret's field is emptied after every try.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePath
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from trainer.errors import EzbacError
from trainer.i18n import LANGUAGES, N_, _
from trainer.tui.screens import stylesheets
from trainer.words import record

if TYPE_CHECKING:
    from trainer.history.people import Person, SignIn
    from trainer.history.signing_in import Desk

MAX_NAME = 40  # trainer.history.people.MAX_NAME
MAX_SECRET = 1024  # trainer.history.people.MAX_SECRET

#: Checks a name and a secret: what came of it (``instructor``: only an instructor may).
Check = Callable[..., "SignIn"]


def _attempt(check: Check, name: str, secret: str, *, instructor: bool = False) -> SignIn | str:
    """The sign-in's result, or why the history could not say (one line)."""
    try:
        return check(name, secret, instructor=instructor)
    except EzbacError as exc:  # the history's or the roster's refusal: a Said, worded here
        from trainer.words.history import problem

        return " ".join(problem(exc).split())


class SignInForm(Vertical):
    """A name and a secret, Enter to go on; ``tried`` gets each attempt's result."""

    def __init__(self, heading: str, check: Check, *, instructor: bool = False) -> None:
        super().__init__(classes="dialog")
        self.heading = heading
        self.check = check
        self.instructor = instructor

    def compose(self) -> ComposeResult:
        yield Label(self.heading, id="signin-heading")
        yield Input(placeholder=_("name"), id="signin-name", max_length=MAX_NAME)
        yield Input(
            placeholder=_("PIN or passphrase"),
            id="signin-secret",
            password=True,
            max_length=MAX_SECRET,
        )
        yield Label("", id="signin-error")

    def on_mount(self) -> None:
        self.query_one("#signin-name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = self.query_one("#signin-name", Input)
        secret = self.query_one("#signin-secret", Input)
        if event.input is name:
            secret.focus()
            return
        result = _attempt(self.check, name.value, secret.value, instructor=self.instructor)
        secret.value = ""  # never kept, whatever came of it
        if isinstance(result, str) or not result.ok:
            why = result if isinstance(result, str) else record.sign_in_refusal(result)
            self.query_one("#signin-error", Label).update(Text(why, "bold red"))
            (secret if name.value.strip() else name).focus()
            return
        assert result.person is not None
        name.value = ""
        self.post_message(SignedIn(result.person))


@dataclass
class SignedIn(Message):
    """``person`` gave the right secret (at the sign-in screen or a proctor's prompt)."""

    person: Person


def idle_note(seconds: float) -> str:
    """Why the last person was signed out, on the sign-in screen: the school's idle time."""
    return record.idle_note(seconds)


class SignInScreen(Screen[None]):
    """Every trainer starts here with sign-in on; nobody trains before signing in."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("dialogs.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "app.request_quit", N_("Quit"))]

    def __init__(self, check: Check, note: str = "") -> None:
        super().__init__()
        self.check = check
        self.note = note  # why the last person left, when it was not their choice

    def compose(self) -> ComposeResult:
        yield Static(Text(_("ezbac · sign in"), "bold"), id="home-title")
        if self.note:
            yield Static(Text(self.note, "italic"), id="signin-note")
        yield SignInForm(_("Your name and PIN (Enter after each):"), self.check)


class ProctorScreen(ModalScreen["Person | None"]):
    """An instructor's name and PIN, for one act at a trainee's trainer (``act``: what it
    allows).  Escape: not now."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("dialogs.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, act: str, check: Check) -> None:
        super().__init__()
        self.act = act
        self.check = check

    def compose(self) -> ComposeResult:
        yield SignInForm(
            _("An instructor's name and PIN to {act} (Esc: not now):").format(act=self.act),
            self.check,
            instructor=True,
        )

    def on_signed_in(self, message: SignedIn) -> None:
        message.stop()
        self.dismiss(message.person)

    def action_cancel(self) -> None:
        self.dismiss(None)


class IdleScreen(ModalScreen[bool]):
    """The countdown before an idle sign-out: any key (or click) stays signed in."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("dialogs.tcss")

    def __init__(self, name: str, seconds: int) -> None:
        super().__init__()
        self.person_name = name
        self.seconds = seconds

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.text(), id="idle-countdown")

    def text(self) -> str:
        return _(
            "{name}, no key pressed for a while: signing out in {seconds} s. Press any key "
            "to stay signed in."
        ).format(name=self.person_name, seconds=self.seconds)

    def count(self, seconds: int) -> None:
        self.seconds = seconds
        self.query_one("#idle-countdown", Label).update(self.text())

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(True)

    def on_click(self) -> None:
        self.dismiss(True)


# -- the roster, for instructors ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Field:
    label: str
    secret: bool = False
    value: str = ""


class FormScreen(ModalScreen["list[str] | None"]):
    """A few lines to fill in, Enter after each; the values, or None on Escape.  ``apply``
    does what they are for and returns why not (one line shown here) or None when done."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("dialogs.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(
        self, heading: str, fields: list[Field], apply: Callable[[list[str]], str | None]
    ) -> None:
        super().__init__()
        self.heading = heading
        self.fields = fields
        self.apply = apply

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(
                _("{heading} (Enter after each, Esc to cancel):").format(heading=self.heading)
            )
            for i, field in enumerate(self.fields):
                yield Input(
                    value=field.value,
                    placeholder=field.label,
                    password=field.secret,
                    id=f"field-{i}",
                    max_length=MAX_SECRET if field.secret else MAX_NAME,
                )
            yield Label("", id="form-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        inputs = list(self.query(Input))
        at = inputs.index(event.input)
        if at + 1 < len(inputs):
            inputs[at + 1].focus()
            return
        values = [i.value for i in inputs]
        for i, field in zip(inputs, self.fields, strict=True):
            if field.secret:
                i.value = ""
        try:
            why = self.apply(values)
        except EzbacError as exc:
            from trainer.words.history import problem

            why = " ".join(problem(exc).split())
        if why:
            self.query_one("#form-error", Label).update(Text(why, "bold red"))
            inputs[0].focus()
            return
        self.dismiss(values)

    def action_cancel(self) -> None:
        self.dismiss(None)


class RosterScreen(Screen[None]):
    """Everyone on the roster; an instructor adds, renames, resets and retires people."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("dialogs.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("a", "add('trainee')", N_("Add trainee")),
        Binding("A", "add('instructor')", N_("Add instructor")),
        Binding("e", "rename", N_("Rename")),
        Binding("s", "reset", N_("New PIN")),
        Binding("x", "retire", N_("Retire/return")),
        Binding("l", "language", N_("Language")),
    ]

    def __init__(self, desk: Desk) -> None:
        super().__init__()
        self.desk = desk
        self.people: list[Person] = []

    def compose(self) -> ComposeResult:
        from trainer.tui.widgets.keybar import KeyBar

        yield Static(Text(_("Roster"), "bold"), id="home-title")
        yield OptionList(id="roster")
        yield Label("", id="roster-said")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        from trainer.tui.widgets.keybar import KeyBar

        self.query_one("#keys", KeyBar).show_keys(self)
        self.reload()

    def reload(self) -> None:
        listing = self.query_one("#roster", OptionList)
        at = listing.highlighted or 0
        try:
            self.people = self.desk.roster()
        except EzbacError as exc:
            from trainer.words.history import problem

            self.say(problem(exc))
            return
        listing.clear_options()
        listing.add_options(
            [
                Option(
                    "  ".join(
                        (
                            _padded(p.name, MAX_NAME),
                            _padded(_role(p.role), 12),
                            _padded(_language(p.language), 12),
                        )
                    )
                    + ("  " + _("retired") if p.retired else ""),
                    id=f"person-{i}",
                )
                for i, p in enumerate(self.people)
            ]
        )
        if self.people:
            listing.highlighted = min(at, len(self.people) - 1)
        listing.focus()

    def say(self, line: str) -> None:
        self.query_one("#roster-said", Label).update(" ".join(line.split()))

    def chosen(self) -> Person | None:
        at = self.query_one("#roster", OptionList).highlighted
        return None if at is None or at >= len(self.people) else self.people[at]

    def form(self, heading: str, fields: list[Field], apply: Callable[[list[str]], str]) -> None:
        def done(values: list[str] | None) -> None:
            self.reload()

        def run(values: list[str]) -> str | None:
            self.say(apply(values))
            return None

        self.app.push_screen(FormScreen(heading, fields, run), done)

    def action_add(self, role: str) -> None:
        def add(values: list[str]) -> str:
            name = self.desk.add(values[0], role, values[1]).name
            if role == "instructor":
                return _("{name} added as instructor").format(name=name)
            return _("{name} added as trainee").format(name=name)

        heading = _("A new instructor") if role == "instructor" else _("A new trainee")
        self.form(heading, [Field(_("name")), Field(_("PIN or passphrase"), True)], add)

    def action_rename(self) -> None:
        who = self.chosen()
        if who is not None:
            self.form(
                _("Rename {name}").format(name=who.name),
                [Field(_("new name"), value=who.name)],
                lambda v: _("{name} is now {new_name}").format(
                    name=who.name, new_name=self.desk.rename(who.name, v[0]).name
                ),
            )

    def action_reset(self) -> None:
        who = self.chosen()
        if who is not None:
            self.form(
                _("A new PIN for {name}").format(name=who.name),
                [Field(_("PIN or passphrase"), True)],
                lambda v: _("{name} has a new PIN").format(
                    name=self.desk.reset(who.name, v[0]).name
                ),
            )

    def action_language(self) -> None:
        """The language the trainer speaks to the person once they sign in."""
        who = self.chosen()
        if who is None:
            return

        def apply(values: list[str]) -> str:
            done = self.desk.set_language(who.name, _roster_language(values[0]))
            if done.language:
                return _("{name} is spoken to in {language} once signed in").format(
                    name=done.name, language=LANGUAGES[done.language]
                )
            return _("{name} is spoken to in each terminal's language").format(name=done.name)

        self.form(
            _("The language of {name}").format(name=who.name),
            [
                Field(
                    _("zh_Hans, zh_Hant, vi, ko, en, or terminal"),
                    value=who.language if who.language in LANGUAGES else TERMINAL,
                )
            ],
            apply,
        )

    def action_retire(self) -> None:
        who = self.chosen()
        if who is None:
            return
        try:
            done = self.desk.retire(who.name, back=who.retired)
        except EzbacError as exc:
            from trainer.words.history import problem

            self.say(problem(exc))
            return
        said = _("{name} is retired") if done.retired else _("{name} may sign in again")
        self.say(said.format(name=done.name))
        self.reload()


def _role(role: str) -> str:
    """A roster role in words (stored as ``trainee`` or ``instructor``)."""
    return {"trainee": _("trainee"), "instructor": _("instructor")}.get(role, role)


#: The word for no language of a person's own: each terminal's (as ``ezbac people language``).
TERMINAL = "terminal"


def _roster_language(typed: str) -> str:
    """The catalogue's code of the language typed ("" for ``terminal``); an empty, unknown
    or test language refused in one line naming it (UnknownLanguageError)."""
    from trainer.i18n import PSEUDO, UnknownLanguageError, parse_language

    if typed.strip() == TERMINAL:
        return ""
    code = parse_language(typed, _("language"))
    if code == PSEUDO:
        raise UnknownLanguageError(
            _("{language} is the layout's test language, not a person's").format(
                language=repr(typed)
            )
        )
    return code


def _padded(text: str, width: int) -> str:
    """``text`` padded to ``width`` columns (a Chinese or Korean character takes two)."""
    return text + " " * max(0, width - cell_len(text))


def _language(code: str) -> str:
    """A person's language by its own name; one ezbac does not have quoted, shortened, its
    control characters shown as ``?`` (whatever was written into the file)."""
    from trainer.history.people import shown_name

    if not code or code in LANGUAGES:
        return LANGUAGES.get(code, "")
    return shown_name(code)[:12]
