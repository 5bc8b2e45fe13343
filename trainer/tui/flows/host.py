"""What a flow asks of the trainer's app (``trainer.tui.app.TrainerApp``, a Textual App).

The flows sit beside the app, which composes them: none imports it (the screens and
widgets do not either), so they see it through this Protocol."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from textual.notifications import SeverityLevel
from textual.screen import Screen

if TYPE_CHECKING:
    from trainer.curriculum.model import Curriculum
    from trainer.drills.model import Drill
    from trainer.history.people import Person
    from trainer.session.audition import Retake
    from trainer.session.clock import Now
    from trainer.session.records import AnswerRecord, SessionRecord
    from trainer.tui.clock import PausableClock


class FlowHooks(Protocol):
    """The history hooks a flow uses (the app's ``Hooks``)."""

    @property
    def on_answer(self) -> Callable[[AnswerRecord], None] | None: ...

    @property
    def on_session(self) -> Callable[[SessionRecord], None] | None: ...

    @property
    def curriculum(self) -> Callable[[], Curriculum | None] | None: ...

    @property
    def retake_from(self) -> Callable[[str], datetime | None] | None: ...

    @property
    def retake(self) -> Callable[[str], Retake | None] | None: ...

    @property
    def sign_off(self) -> Callable[[str], Path] | None: ...

    @property
    def sign_sheet(self) -> Callable[[str, str, str], Path] | None: ...


class Host(Protocol):
    """The app as the flows see it: who trains, the history's hooks, the drill's clock,
    starting a drill, and Textual's screens, notifications and workers."""

    trainee: str
    start_drill: Drill | None
    clock: PausableClock
    now: Now

    @property
    def hooks(self) -> FlowHooks: ...

    @property
    def person(self) -> Person | None: ...

    def begin(self, drill: Drill, part: str | None = None, proctor: Person | None = None) -> None:
        """Start ``drill`` (the app's flow)."""

    def ask_name(self, then: Callable[[], None] | None = None) -> None: ...

    def refresh_home(self) -> None: ...

    def speak(self, language: str) -> None:
        """Speak ``language`` at once on every screen (UnknownLanguageError when its
        catalogue cannot be read: then nothing changed)."""

    def history_problem(self, message: str) -> None: ...

    def abandon_drill(self) -> None: ...

    # -- Textual's ----------------------------------------------------------------------------

    @property
    def screen(self) -> Screen[object]: ...

    @property
    def screen_stack(self) -> list[Screen[Any]]: ...

    def push_screen(
        self, screen: Screen[Any], callback: Callable[[Any], None] | None = None
    ) -> object: ...

    def pop_screen(self) -> object: ...

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
    ) -> None: ...

    def run_worker(
        self,
        work: Callable[[], None],
        *,
        group: str = "default",
        exit_on_error: bool = True,
        thread: bool = False,
    ) -> object: ...

    def call_from_thread(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> Any: ...
