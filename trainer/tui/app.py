"""The trainer application: home → drill → results, with history plugged in through hooks."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import App
from textual.binding import Binding, BindingType

from trainer.session.clock import Clock, Now, utc_now
from trainer.session.settings import Loaded, Settings, load_settings, save_settings
from trainer.tui.messages import DrillFinished, RetryMissed
from trainer.tui.screens.home import HomeScreen

# What a drill needs (the session, the engine behind it, the drill screen) and the dialogs
# are imported when first used: the home screen comes up without them (issue 4's launch
# budget).
if TYPE_CHECKING:
    from trainer.drills.model import Drill, DrillCoup
    from trainer.history.progress import ProgressData
    from trainer.session import Session
    from trainer.session.records import AnswerRecord, SessionRecord
    from trainer.tui.catalog import DrillChoice

Deal = Callable[["Drill", random.Random], Sequence["DrillCoup"]]


@dataclass(frozen=True, slots=True)
class Hooks:
    """Where history plugs in, without the screens knowing about it.

    ``on_answer``/``on_session`` receive every record the session emits (a session at its
    start and again at its end or when abandoned); ``due_count(trainee, now)`` returns how many
    skills are due for review at ``now``, or None to show nothing; ``progress(trainee, now)``
    the progress screen's data (None: unreadable, already reported); ``review(trainee, now)``
    the review drill, raising ValueError that says why there is none; ``report_errors_to``
    hands history a callback for failures the trainee should see (a write that did not go
    through).
    """

    on_answer: Callable[[AnswerRecord], None] | None = None
    on_session: Callable[[SessionRecord], None] | None = None
    due_count: Callable[[str, datetime], int | None] | None = None
    progress: Callable[[str, datetime], ProgressData | None] | None = None
    review: Callable[[str, datetime], Drill] | None = None
    report_errors_to: Callable[[Callable[[str], None]], None] | None = None


class TrainerApp(App[int]):
    CSS_PATH = Path(__file__).with_name("app.tcss")  # absolute: subclasses live anywhere
    TITLE = "ezbac"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "request_quit", "Quit", priority=True),
        Binding("c", "toggle_colours", "4-colour", show=False),
    ]

    def __init__(
        self,
        *,
        choices: Callable[[], list[DrillChoice]] | None = None,
        start: Drill | None = None,
        trainee: str | None = None,
        seed: int | None = None,
        deal: Deal | None = None,
        clock: Clock = time.monotonic,
        now: Now = utc_now,
        hooks: Hooks | None = None,
        settings: Loaded | None = None,
    ) -> None:
        super().__init__()
        self._choices = choices or _catalog
        self.start_drill = start
        self.rng = random.Random(seed)
        self.deal = deal
        self.clock = clock
        self.now = now
        self.hooks = hooks or Hooks()
        self.settings = settings or load_settings()
        self.trainee = (trainee or self.settings.settings.trainee).strip()
        self.four_colour = self.settings.settings.four_colour
        if trainee:
            self.remember()

    # -- lifecycle ------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.set_class(self.four_colour, "-four-colour")  # the card inks (drill.tcss)
        if self.settings.problem:
            self.notify(self.settings.problem, severity="warning", timeout=8)
        if self.hooks.report_errors_to is not None:
            self.hooks.report_errors_to(self.history_problem)
        if self.start_drill is not None:
            self.begin(self.start_drill)

    def get_default_screen(self) -> HomeScreen:
        # the first screen itself, not pushed over an empty one: one screen to lay out and
        # paint before the trainee sees anything
        return HomeScreen(self._choices())

    def remember(self) -> None:
        self.settings = save_settings(
            self.settings, Settings(self.trainee, self.four_colour)
        )

    def history_problem(self, message: str) -> None:
        self.notify(f"History: {message}", severity="error", timeout=10)

    def history_ready(self, hook: object, then: Callable[[], None]) -> bool:
        """True when ``hook`` is wired and the trainee known; otherwise says why there is no
        history here, or asks the name and runs ``then`` again."""
        if hook is None:
            self.notify("No history is kept in this run.", severity="warning")
            return False
        if not self.trainee:
            self.ask_name(then=then)
            return False
        return True

    def open_progress(self) -> None:
        from trainer.tui.screens.progress import ProgressScreen

        if not self.history_ready(self.hooks.progress, then=self.open_progress):
            return
        now, trainee, progress = self.now(), self.trainee, self.hooks.progress
        assert progress is not None
        # read in the screen's worker thread: a long history never freezes the trainer
        self.push_screen(
            ProgressScreen(now=now, trainee=trainee, load=lambda: progress(trainee, now))
        )

    def start_review(self) -> None:
        if not self.history_ready(self.hooks.review, then=self.start_review):
            return
        try:
            drill = self.hooks.review(self.trainee, self.now())  # type: ignore[misc]
        except ValueError as exc:
            self.notify(str(exc), title="Review", timeout=6)
            return
        self.begin(drill)

    def due_count(self) -> int | None:
        if self.hooks.due_count is None or not self.trainee:
            return None
        return self.hooks.due_count(self.trainee, self.now())

    # -- flow ---------------------------------------------------------------------------------

    @on(HomeScreen.Start)
    def picked(self, message: HomeScreen.Start) -> None:
        try:
            drill = message.choice.load()
        except ValueError as exc:
            self.notify(f"Cannot load {message.choice.id}: {exc}", severity="error", timeout=10)
            return
        self.begin(drill)

    def begin(self, drill: Drill) -> None:
        """Start ``drill`` (asking the trainee's name first if it is not known)."""
        if not self.trainee:
            self.ask_name(then=lambda: self.begin(drill))
            return
        from trainer.session import Session

        try:
            session = Session.deal(
                drill, self.trainee, self.rng, self.deal, clock=self.clock, now=self.now,
                on_answer=self.hooks.on_answer, on_session=self.hooks.on_session,
            )
        except ValueError as exc:  # a SessionError too
            self.notify(f"Cannot start {drill.id}: {exc}", severity="error", timeout=10)
            return
        self.run_session(session)

    def run_session(self, session: Session) -> None:
        from trainer.tui.screens.drill import DrillScreen

        self.push_screen(DrillScreen(session))

    @on(DrillFinished)
    def finished(self, message: DrillFinished) -> None:
        from trainer.tui.screens.results import ResultsScreen

        self.switch_screen(ResultsScreen(message.session))

    @on(RetryMissed)
    def retry(self, message: RetryMissed) -> None:
        from trainer.tui.screens.drill import DrillScreen

        self.switch_screen(DrillScreen(message.session))

    def go_home(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def ask_name(self, then: Callable[[], None] | None = None) -> None:
        def done(name: str | None) -> None:
            if name:
                self.trainee = name
                self.remember()  # the home screen shows it when it resumes
                if then is not None:
                    then()

        from trainer.tui.screens.dialogs import NameScreen

        self.push_screen(NameScreen(self.trainee), done)

    # -- actions ------------------------------------------------------------------------------

    def drill_in_progress(self) -> Session | None:
        """The session of a drill not yet finished, on any screen of the stack."""
        for screen in self.screen_stack:
            session: Session | None = getattr(screen, "session", None)
            if session is not None and session.in_progress:
                return session
        return None

    def action_request_quit(self) -> None:
        from trainer.tui.screens.dialogs import ConfirmQuit

        if isinstance(self.screen, ConfirmQuit):
            return
        drill = self.drill_in_progress()
        if drill is None:
            self.exit(0)
            return

        def decided(quit_: bool | None) -> None:
            if quit_:
                drill.abandon()
                self.exit(0)

        self.push_screen(ConfirmQuit(), decided)

    def action_toggle_colours(self) -> None:
        self.four_colour = not self.four_colour
        self.remember()
        self.set_class(self.four_colour, "-four-colour")  # the card inks (drill.tcss)
        self.notify("Four-colour deck" if self.four_colour else "Two-colour deck", timeout=2)


def _catalog() -> list[DrillChoice]:
    from trainer.tui.catalog import available

    return available()
