"""Home: who is training, their path to the audition (when a history is kept), the drills
with their descriptions, the warm-up and the next drill on the path one key away."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from trainer.i18n import N_, _, ngettext
from trainer.tui.catalogue import WARMUP_ID, DrillChoice
from trainer.tui.messages import (
    AskName,
    NextLanguage,
    OpenClass,
    OpenPath,
    OpenProgress,
    SignOut,
    StartAudition,
    StartReview,
)
from trainer.tui.widgets.keybar import KeyBar
from trainer.tui.widgets.pathview import PathView
from trainer.tui.widgets.waiting import HistoryWaiting
from trainer.words import listing

if TYPE_CHECKING:
    from trainer.history.mastery import PathProgress


class HomeScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        # the key bar shows each label in the language spoken (trainer.i18n)
        Binding("enter", "start", N_("Start"), show=True),
        Binding("w", "warmup", N_("Warm-up")),
        Binding("g", "next_drill", N_("Next on path")),
        Binding("r", "review", N_("Review")),
        Binding("p", "progress", N_("Progress")),
        Binding("m", "path_picture", N_("Mastery")),
        Binding("i", "class_view", N_("Class")),
        Binding("a", "audition", N_("Audition")),
        Binding("n", "name", N_("Name")),
        Binding("o", "sign_out", N_("Sign out")),
        Binding("c", "app.toggle_colours", N_("4-colour")),
        Binding("l", "language", N_("Language")),
    ]

    @dataclass
    class Start(Message):
        """The trainee picked a drill."""

        choice: DrillChoice

    def __init__(
        self,
        choices: list[DrillChoice],
        trainee: str = "",
        due: int | None = None,
        *,
        signin: bool = False,
        audition: bool = False,
    ) -> None:
        super().__init__()
        #: A curriculum is followed, so there is an audition to sit (`a`); without a
        #: history there is none, and the key is not offered.
        self.audition = audition
        self.choices = choices
        self.trainee = trainee
        self.due = due
        self.path: PathProgress | None = None  # shown once read (after the screen is up)
        #: The school's sign-in is on: who trains is who signed in (`o` signs out), never a
        #: name typed here.
        self.signin = signin
        #: The terminal's size home was last laid out at (None: not yet).
        self.laid_out_at: Size | None = None

    def compose(self) -> ComposeResult:
        yield Static(self.title_text(), id="home-title")
        yield Static(id="trainee")
        yield HistoryWaiting(id="history-waiting")
        yield PathView(id="path")
        with Horizontal(id="home-body"):
            options = [
                Option(self.option_label(c), id=f"drill-{i}") for i, c in enumerate(self.choices)
            ]
            yield OptionList(*options, id="drills")
            with VerticalScroll(id="about"):
                yield Static(id="description")
        # not Textual's Footer: it builds a widget per key after the first frame, which
        # cost the home screen a fifth of its launch time (docs/decisions.md, "The home
        # screen comes up before what a drill needs")
        yield KeyBar(id="keys")

    @staticmethod
    def title_text() -> Text:
        return Text(_("ezbac · EZ Baccarat dealer trainer"), "bold")

    def option_label(self, choice: DrillChoice) -> Text:
        text = Text(choice.title)
        if choice.mode == "exam":  # an exam says so before it is started
            text.append(" " + _("(exam)"), "bold")
        if not choice.bundled:
            text.append(f" ({listing.origin(choice)})", "italic")
        if choice.id == WARMUP_ID:
            text.append("  [w]", "bold")
        return text

    def on_mount(self) -> None:
        self.show_trainee(self.trainee, self.due)
        self.query_one("#keys", KeyBar).show_keys(self)
        drills = self.query_one("#drills", OptionList)
        if self.choices:
            drills.highlighted = 0
            self.describe(0)
        else:
            self.query_one("#description", Static).update(
                _(
                    "No drills found. Bundled drills ship with ezbac; your own go in the "
                    "drills folder of your data directory ('ezbac drills list' shows where)."
                )
            )
        drills.focus()

    def retranslate(self) -> None:
        """Say everything again in the language now spoken (the language key)."""
        self.query_one("#home-title", Static).update(self.title_text())
        drills = self.query_one("#drills", OptionList)
        highlighted = drills.highlighted
        drills.clear_options()
        drills.add_options(
            Option(self.option_label(c), id=f"drill-{i}") for i, c in enumerate(self.choices)
        )
        drills.highlighted = highlighted
        self.show_trainee(self.trainee, self.due)
        if self.choices:
            self.describe(highlighted)
        else:
            self.on_mount()
        if self.path is not None:
            self.show_path(self.path)
        self.query_one("#keys", KeyBar).show_keys(self)

    def show_trainee(self, trainee: str, due: int | None) -> None:
        """Who is training and how many skills are due (None: no history kept); the app
        says, at start and whenever either may have changed."""
        self.trainee, self.due = trainee, due
        text = Text(_("Trainee:") + " ")
        text.append(trainee or _("(not set: press n)"), "bold")
        if due is not None:
            due_words = ngettext("Review: {count} skill due", "Review: {count} skills due", due)
            text.append("    " + due_words.format(count=due))
            if due:
                text.append(" [r]", "bold")
        self.query_one("#trainee", Static).update(text)

    def show_path(self, path: PathProgress | None) -> None:
        """The trainee's path (None: none to show: no history, no name, or unreadable)."""
        self.path = path
        shown = self.query_one("#path", PathView)
        shown.display = path is not None
        if path is not None:
            shown.show(path, {c.id: c.title for c in self.choices})
        self.query_one("#keys", KeyBar).show_keys(self)

    def on_resize(self, event: events.Resize) -> None:
        # Textual gives the first screen the terminal's size up to three times as it starts;
        # laid out at that size already, it is not laid out and painted again for nothing.
        # (Compared with the size it was last laid out at, never with its own size, which is
        # already the new one when a terminal or a browser tab is resized; the first resize
        # is always followed: the size at mount need not be the one it was laid out at.)
        if event.size == self.laid_out_at:
            event.prevent_default()
        self.laid_out_at = event.size

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_drill":  # a key only while the path has a next drill
            return self.path is not None and self.path.next_drill is not None
        if action == "path_picture":  # and the picture only while there is a path
            return self.path is not None
        if action == "audition":
            return self.audition
        if action == "name":
            return not self.signin
        if action == "sign_out":
            return self.signin
        return True

    #: The choice whose description is shown: the highlight's message for the first one
    #: (set on mount, before the first frame) does not lay the screen out again.
    _described: int | None = None

    def describe(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self.choices) or index == self._described:
            return
        self._described = index
        c = self.choices[index]
        text = Text()
        text.append(c.title, "bold")
        text.append("\n")
        facts = [listing.origin(c)]
        if c.mode:
            facts.append(listing.mode(c))
        if c.questions or c.unit == "shoe":
            facts.append(listing.run_length(c))
        text.append(" · ".join(facts), "italic")
        text.append("\n\n")
        text.append(c.description.strip())
        if c.problem:
            from trainer.words.said import say

            problem = say(c.problem)
            text.append("\n\n" + _("✗ Cannot load: {problem}").format(problem=problem))
        else:
            text.append("\n\n" + _("Enter: start this drill"), "italic")
        self.query_one("#description", Static).update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.describe(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.start(event.option_index)

    def action_start(self) -> None:
        self.start(self.query_one("#drills", OptionList).highlighted)

    def start(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self.choices):
            return
        self.post_message(self.Start(self.choices[index]))

    def action_warmup(self) -> None:
        for choice in self.choices:
            if choice.id == WARMUP_ID:
                self.post_message(self.Start(choice))
                return
        self.notify(_("The warm-up drill is not installed."), severity="warning")

    def action_next_drill(self) -> None:
        """Start the drill the path recommends next."""
        wanted = None if self.path is None else self.path.next_drill
        for choice in self.choices:
            if choice.id == wanted:
                self.post_message(self.Start(choice))
                return
        if wanted is not None:
            self.notify(
                _("The drill {drill} is not installed.").format(drill=repr(wanted)),
                severity="warning",
            )

    def action_review(self) -> None:
        self.post_message(StartReview())

    def action_class_view(self) -> None:
        self.post_message(OpenClass())

    def action_path_picture(self) -> None:
        self.post_message(OpenPath())

    def action_progress(self) -> None:
        self.post_message(OpenProgress())

    def action_audition(self) -> None:
        """The audition, approved by a proctor (always: a trainee not yet ready is told)."""
        self.post_message(StartAudition())

    def action_name(self) -> None:
        self.post_message(AskName())

    def action_language(self) -> None:
        """The next language, at once, and remembered (the app switches and saves it)."""
        self.post_message(NextLanguage())

    def action_sign_out(self) -> None:
        self.post_message(SignOut())
