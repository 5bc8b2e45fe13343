"""The trainer application: home → drill → results, with history plugged in through hooks.

The app navigates and wires; who is at the trainer (sign-in), the idle lock-out and the
audition being sat are flows it composes (trainer.tui.flows)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, on
from textual.app import App
from textual.binding import Binding, BindingType
from textual.driver import Driver
from textual.messages import ExitApp
from textual.reactive import reactive
from textual.screen import Screen

from trainer.errors import EzbacError
from trainer.i18n import N_, _
from trainer.prefs import Loaded, load_settings, save_settings
from trainer.tui.clock import PausableClock
from trainer.tui.flows.auditions import Auditions
from trainer.tui.flows.desk import SignInDesk
from trainer.tui.flows.lockout import IdleLockout
from trainer.tui.messages import (
    AskName,
    DrillFinished,
    GoHome,
    LeaveDrill,
    NextLanguage,
    OpenClass,
    OpenPath,
    OpenProgress,
    OpenRoster,
    RetryMissed,
    SignOut,
    SignSheet,
    StartAudition,
    StartReview,
    TableFinished,
    WriteSignOff,
)
from trainer.tui.screens.home import HomeScreen

# What a drill needs (the session, the engine behind it, the drill screen) and the dialogs
# are imported when first used: the home screen comes up without them (docs/decisions.md,
# "The home screen comes up before what a drill needs").
if TYPE_CHECKING:
    from trainer.curriculum.model import Curriculum
    from trainer.drills.model import Drill
    from trainer.history.class_view import ClassData
    from trainer.history.hooks import Waiting
    from trainer.history.mastery import PathPicture, PathProgress
    from trainer.history.people import Person
    from trainer.history.progress import ProgressData
    from trainer.history.signing_in import Desk
    from trainer.session import Session
    from trainer.session.audition import Retake
    from trainer.session.clock import Clock, Now
    from trainer.session.records import AnswerRecord, SessionRecord
    from trainer.session.table.session import TableSession
    from trainer.signals import ShutdownGuard
    from trainer.tui.catalogue import DrillChoice
    from trainer.tui.flows.auditions import AuditionRun
    from trainer.tui.screens.dialogs import Confirm

#: A test's dealer, standing in for the drill's own: it deals the run's coups, or its tables
#: (DealtTable) for a table drill; which one only the drill says, so the items are Any here.
Deal = Callable[["Drill", random.Random], Sequence[Any]]


@dataclass(frozen=True, slots=True)
class HistoryPort:
    """Where history plugs in, without the screens knowing about it.

    ``on_answer``/``on_session`` receive every record the session emits (a session at its
    start and again at its end or when abandoned); ``due_count(trainee, now)`` returns how many
    skills are due for review at ``now``, or None to show nothing; ``progress(trainee, now)``
    the progress screen's data (None: unreadable, already reported); ``review(trainee, now)``
    or ``review(trainee, now, questions)`` the review drill (its usual length, or
    ``questions`` long), raising ValueError that says why there is none; ``report_errors_to``
    hands history a callback for failures the trainee should see (a write that did not go
    through); ``watch_waiting`` one for how many answers wait in the local spool (a
    ``Waiting``, worded on screen), and ``send_waiting`` sends them (blocking: the app runs it in a
    worker thread, every HISTORY_RETRY_SECONDS while any wait); ``class_view()`` the
    instructor's class screen's data (None: unreadable, already reported), read in a worker.
    """

    on_answer: Callable[[AnswerRecord], None] | None = None
    on_session: Callable[[SessionRecord], None] | None = None
    due_count: Callable[[str, datetime], int | None] | None = None
    progress: Callable[[str, datetime], ProgressData | None] | None = None
    review: Callable[..., Drill] | None = None
    report_errors_to: Callable[[Callable[[str], None]], None] | None = None
    watch_waiting: Callable[[Callable[[Waiting], None]], None] | None = None
    send_waiting: Callable[[], object] | None = None
    class_view: Callable[[], ClassData | None] | None = None
    #: ``path(trainee, now)``: their place on the curriculum's path for home (None: not
    #: readable, already reported); read in a worker once home is up.
    path: Callable[[str, datetime], PathProgress | None] | None = None
    #: ``path_picture(trainee, now)``: the path screen's data, read in its worker.
    path_picture: Callable[[str, datetime], PathPicture | None] | None = None
    #: ``curriculum()``: the curriculum followed (its audition), None when it cannot be used.
    curriculum: Callable[[], Curriculum | None] | None = None
    #: ``sign_off(run_id)``: write the audition run's sign-off sheet, return where.
    sign_off: Callable[[str], Path] | None = None
    #: ``sign_sheet(run_id, key_file, passphrase)``: write the sheet signed with the school's
    #: key, return where (an EzbacError: why not, in one line).
    sign_sheet: Callable[[str, str, str], Path] | None = None
    #: ``retake_from(trainee)``: when a trainee whose last audition failed may sit it
    #: again (None: nothing waits).
    retake_from: Callable[[str], datetime | None] | None = None
    #: ``retake(trainee)``: the retake of single areas their last audition named (its
    #: verdict "retake areas"), or None: the whole audition is sat.
    retake: Callable[[str], Retake | None] | None = None


class TrainerApp(App[int]):
    #: Every screen's stylesheet, read once at launch (absolute: subclasses live anywhere).
    #: A screen's own CSS_PATH names its files too, but one shown first with a file not yet
    #: read makes Textual parse every stylesheet of the app again and restyle every widget
    #: (about 50 ms, on the key that showed it: the results after a drill's last answer);
    #: read here, the launch parses them once (about 15 ms more) and no key pays that.
    CSS_PATH: ClassVar[list[str | PurePath]] = [
        Path(__file__).with_name("app.tcss"),
        *sorted(Path(__file__).with_name("screens").glob("*.tcss")),
    ]
    TITLE = "ezbac"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "request_quit", N_("Quit"), priority=True),
        Binding("c", "toggle_colours", "4-colour", show=False),
    ]
    #: How often records waiting in the history's spool are tried again (in a worker).
    HISTORY_RETRY_SECONDS: ClassVar[float] = 2.0
    #: The path is read this long after the first screen is up (it loads the curriculum
    #: file and reads the history in a worker): a launch never waits for it.
    PATH_AFTER_SECONDS: ClassVar[float] = 0.5
    #: "3 answers waiting for the history", "" when none (widgets.waiting.HistoryWaiting).
    history_waiting: reactive[str] = reactive("")
    #: Bounds every shutdown (trainer.signals); set by the command that runs the app.
    shutdown_guard: ShutdownGuard | None = None
    #: Run once the first screen is painted; set by the command that runs the app.
    after_first_frame: Callable[[], object] | None = None
    #: Told of each key or click as it comes, before its work; set by the command that
    #: runs the app (trainer.tui.collector sweeps garbage once its frame is drawn).
    input_watcher: Callable[[], object] | None = None

    def __init__(
        self,
        *,
        choices: Callable[[], list[DrillChoice]] | None = None,
        start: Drill | None = None,
        trainee: str | None = None,
        seed: int | None = None,
        deal: Deal | None = None,
        clock: Clock = time.monotonic,
        now: Now | None = None,
        hooks: HistoryPort | None = None,
        settings: Loaded | None = None,
        desk: Desk | None = None,
        idle_clock: Clock = time.monotonic,
    ) -> None:
        super().__init__()
        self._choices = choices or _catalogue
        self.start_drill = start
        self.rng = random.Random(seed)
        self.deal = deal
        # every session runs on this clock, stopped while a dialog asks something mid-drill
        self.clock = PausableClock(clock)
        self.now: Now = now or _utc_now
        self.hooks = hooks or HistoryPort()
        self.settings = settings or load_settings()
        # A name given for this run (`ezbac train --trainee`) is not saved: at a shared
        # terminal the next person would otherwise start as someone else.
        self.trainee = (trainee or self.settings.settings.trainee).strip()
        self.four_colour = self.settings.settings.four_colour
        #: The school's sign-in desk when its sign-in is on (trainer.history.people): then
        #: who trains is who signed in here, no name is remembered or typed, and an idle
        #: trainer signs out.  None: as before sign-in existed.
        self.desk = desk
        if desk is not None:
            self.trainee = ""
        self.signin = SignInDesk(self, desk)
        self.lockout = IdleLockout(self, self.signin, idle_clock)
        self.signin.touch = self.lockout.touch
        self.auditions = Auditions(self, self.signin, self._choices)

    # -- lifecycle ------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.set_class(self.four_colour, "-four-colour")  # the card inks (drill.tcss)
        if self.settings.problem:
            self.notify(self.settings.problem, severity="warning", timeout=8)
        self.check_language_setting()
        if self.hooks.report_errors_to is not None:
            self.hooks.report_errors_to(self.history_problem)
        if self.hooks.watch_waiting is not None:
            self.hooks.watch_waiting(self.set_history_waiting)
        if self.hooks.send_waiting is not None:
            self.set_interval(self.HISTORY_RETRY_SECONDS, self.send_history_waiting)
        if self.desk is not None:
            self.lockout.read_policy()
            self.set_interval(1.0, self.idle_tick)
            self.signin.show_sign_in()
        elif self.start_drill is not None:
            self.begin(self.start_drill)
        if self.hooks.path is not None and self.PATH_AFTER_SECONDS > 0:
            self.set_timer(self.PATH_AFTER_SECONDS, self.load_path)
        elif self.hooks.path is not None:  # a test's app: at once, after the first frame
            self.call_after_refresh(self.load_path)
        if self.shutdown_guard is not None:  # a real run (not under a test's pilot)
            from trainer.signals import watch_terminal

            watch_terminal(self)

    def on_ready(self) -> None:
        if self.after_first_frame is not None:
            self.call_after_refresh(self.after_first_frame)

    def get_driver_class(self) -> type[Driver]:
        driver = super().get_driver_class()
        if driver.__module__ == "textual.drivers.linux_driver":  # a terminal's, not a browser's
            from trainer.tui.driver import TerminalDriver  # survives the terminal's hang-up

            return TerminalDriver
        return driver

    def terminal_gone(self) -> None:
        """The terminal (or the browser tab's pipe) hung up: nobody can answer any more."""
        import signal

        from trainer.signals import stop_app

        # as a hang-up signal: once the screen being shown is mounted (exiting under its
        # on_mount would fail it), the drill under way abandoned, the hang-up's status
        stop_app(self, signal.SIGHUP)

    @on(ExitApp)
    def _exiting(self) -> None:
        """Every way out (Ctrl+Q, a signal, a closed browser tab) ends a drill under way as
        abandoned, and is bounded: a terminal gone can no longer block the exit."""
        self.abandon_drill()
        self.leave()  # quitting signs out
        if self.shutdown_guard is not None:
            self.shutdown_guard.arm(self.return_code or 0)

    def panic(self, *renderables: Any) -> None:
        """An unexpected error, or a terminal that can no longer be read: as any exit."""
        self.abandon_drill()
        if self.shutdown_guard is not None:
            self.shutdown_guard.arm(1)
        super().panic(*renderables)

    def abandon_drill(self) -> None:
        session = self.drill_in_progress()
        if session is not None:
            session.abandon()
        self.abandon_audition()

    def abandon_audition(self) -> None:
        """An audition left before its verdict is kept as abandoned (no verdict)."""
        self.auditions.abandon()

    def get_default_screen(self) -> HomeScreen:
        # the first screen itself, not pushed over an empty one: one screen to lay out and
        # paint before the trainee sees anything
        return HomeScreen(
            self._choices(),
            self.trainee,
            self.due_count(),
            signin=self.desk is not None,
            audition=self.hooks.curriculum is not None,
        )

    def remember(self, **changes: Any) -> None:
        """Save ``changes`` (trainee=, four_colour=, language=) over the preferences as loaded, so a
        name given only for this run is never written with them."""
        self.settings = save_settings(self.settings, replace(self.settings.settings, **changes))

    def refresh_home(self) -> None:
        """Tell the home screen (at the bottom of the stack) who trains and what is due."""
        home = self.screen_stack[0] if self.screen_stack else None
        if isinstance(home, HomeScreen):
            home.show_trainee(self.trainee, self.due_count())
            self.load_path()

    def load_path(self) -> None:
        """Read the trainee's path in a worker thread and show it on home."""
        read = self.hooks.path
        home = self.screen_stack[0] if self.screen_stack else None
        if read is None or not isinstance(home, HomeScreen):
            return
        if not self.trainee:
            home.show_path(None)
            return
        trainee, now = self.trainee, self.now()

        def work() -> None:
            path = read(trainee, now)
            if self.is_running:
                self.call_from_thread(home.show_path, path)

        self.run_worker(work, thread=True, group="path", exclusive=True, exit_on_error=False)

    def history_problem(self, message: str) -> None:
        """What the history says went wrong (a ``Said`` from the history, worded here)."""
        from trainer.i18n import _
        from trainer.words.history import notice

        self.notify(
            _("History: {message}").format(message=notice(message)), severity="error", timeout=10
        )

    def set_history_waiting(self, waiting: Waiting) -> None:
        from trainer.words.history import waiting as waiting_line

        self.history_waiting = waiting_line(waiting)

    def send_history_waiting(self) -> None:
        """Try the spool again in a worker thread: a history still away never blocks the UI."""
        send = self.hooks.send_waiting
        if send is None or not self.history_waiting:
            return
        if any(w.group == "history-send" and not w.is_finished for w in self.workers):
            return
        self.run_worker(send, thread=True, group="history-send", exit_on_error=False)

    def history_ready(self, hook: object, then: Callable[[], None]) -> bool:
        """True when ``hook`` is wired and the trainee known; otherwise says why there is no
        history here, or asks the name and runs ``then`` again."""
        if hook is None:
            from trainer.i18n import _

            self.notify(_("No history is kept in this run."), severity="warning")
            return False
        if not self.trainee:
            self.ask_name(then=then)
            return False
        return True

    @on(OpenProgress)
    def open_progress(self) -> None:
        from trainer.tui.screens.progress import ProgressScreen

        progress = self.hooks.progress
        if not self.history_ready(progress, then=self.open_progress) or progress is None:
            return
        now, trainee = self.now(), self.trainee
        # read in the screen's worker thread: a long history never freezes the trainer
        self.push_screen(
            ProgressScreen(now=now, trainee=trainee, load=lambda: progress(trainee, now))
        )

    @on(OpenPath)
    def open_path(self) -> None:
        """The trainee's path as a picture, read in the screen's worker."""
        from trainer.tui.screens.path import PathScreen

        read = self.hooks.path_picture
        if not self.history_ready(read, then=self.open_path) or read is None:
            return
        now, trainee = self.now(), self.trainee
        titles = {c.id: c.title for c in self._choices()}
        self.push_screen(PathScreen(lambda: read(trainee, now), trainee, titles))

    @on(OpenClass)
    def open_class(self) -> None:
        """The whole class, as `ezbac class` shows it, over the same history (with sign-in
        on, an instructor's: signed in here, or giving their PIN for this once)."""
        from trainer.i18n import _
        from trainer.tui.screens.class_ import ClassOverHome, ClassWithRoster

        load = self.hooks.class_view
        if load is None:
            self.notify(_("No history is kept in this run."), severity="warning")
            return
        if self.desk is None:
            self.push_screen(ClassOverHome(load))
            return
        self.as_instructor(
            _("open the class view"), lambda p: self.push_screen(ClassWithRoster(load))
        )

    @on(OpenRoster)
    def open_roster(self) -> None:
        from trainer.i18n import _
        from trainer.tui.screens.signin import RosterScreen

        desk = self.desk
        if desk is not None:
            self.as_instructor(
                _("manage the roster"), lambda p: self.push_screen(RosterScreen(desk))
            )

    # -- who is training (sign-in on: trainer.tui.flows) ---------------------------------------

    @property
    def person(self) -> Person | None:
        """Who signed in here (None: nobody, or sign-in off)."""
        return self.signin.person

    @property
    def audition(self) -> AuditionRun | None:
        """The audition being sat (None: none)."""
        return self.auditions.run

    @property
    def idle_seconds(self) -> float:
        """The school's idle time before a sign-out."""
        return self.lockout.idle_seconds

    def idle_tick(self) -> None:
        self.lockout.tick()

    def as_instructor(self, act: str, then: Callable[[Person], object]) -> None:
        self.signin.as_instructor(act, then)

    def on_signed_in(self, message: Any) -> None:
        """Someone gave their secret at the sign-in screen (SignedIn)."""
        self.signin.signed_in(message.person)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.MouseDown)) and not event.is_forwarded:
            self.lockout.touch()
            if self.input_watcher is not None:
                self.input_watcher()
        await super().on_event(event)

    @on(SignOut)
    def sign_out_asked(self) -> None:
        self.signin.sign_out()

    def leave(self) -> None:
        """Record the sign-out and forget the person (on quitting too)."""
        self.signin.leave()

    def on_class_screen_picked(self, message: Any) -> None:
        """A trainee picked on the class screen (ClassScreen.Picked): their progress."""
        from trainer.tui.screens.progress import ProgressScreen

        progress = self.hooks.progress
        if progress is None:
            return
        now, trainee = self.now(), message.trainee
        self.push_screen(
            ProgressScreen(now=now, trainee=trainee, load=lambda: progress(trainee, now))
        )

    @on(StartReview)
    def start_review(self) -> None:
        """Build the review (or say why there is none), ask how long it should be, go."""
        from trainer.tui.screens.dialogs import ReviewLength, ReviewLengthScreen

        review = self.hooks.review
        if not self.history_ready(review, then=self.start_review) or review is None:
            return

        def build(*questions: int) -> Drill | None:
            try:
                return review(self.trainee, self.now(), *questions)
            except EzbacError as exc:  # nothing due, or a length the review refuses
                from trainer.history.review import NothingDueError
                from trainer.i18n import _
                from trainer.words.history import problem
                from trainer.words.record import nothing_due

                said = nothing_due(exc) if isinstance(exc, NothingDueError) else problem(exc)
                self.notify(said, title=_("Review"), timeout=6)
                return None

        usual = build()  # nothing due: said at once, before asking anything
        if usual is None:
            return

        def chosen(length: ReviewLength | None) -> None:
            if length is None:  # cancelled
                return
            drill = usual if length.questions is None else build(length.questions)
            if drill is not None:
                self.begin(drill)

        self.push_screen(ReviewLengthScreen(), chosen)

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
            from trainer.words.files import error_text

            problem = _("Cannot load {id}: {problem}").format(
                id=message.choice.id, problem=error_text(exc)
            )
            self.notify(problem, severity="error", timeout=10)
            return
        self.begin(drill)

    def begin(self, drill: Drill, part: str | None = None, proctor: Person | None = None) -> None:
        """Start ``drill`` (asking the trainee's name first if it is not known); ``part``:
        the audition's part it is sat as (its answers go to the sitting too).  With sign-in
        on, an exam needs an instructor (signed in, or proctoring this start)."""
        if self.desk is not None:
            if self.person is None:
                return
            if proctor is None and part is None and drill.mode.value == "exam":
                from trainer.i18n import _

                self.as_instructor(
                    _("start the exam {drill}").format(drill=repr(drill.title)),
                    lambda p: self.begin(drill, part, p),
                )
                return
        if not self.trainee:
            self.ask_name(then=lambda: self.begin(drill))
            return
        from trainer.session import Session
        from trainer.session.table.session import TableSession

        on_answer = self.hooks.on_answer
        audition = self.audition
        if part is not None and audition is not None:
            on_answer = self.auditions.answer_hook(audition.sitting, part)
            drill = audition.as_exam(drill)

        school = self.hooks.curriculum() if drill.at_table and self.hooks.curriculum else None
        if school is not None:  # the school's pace targets over the house's (docs/schools.md)
            from trainer.session.pace import school_paced

            drill = school_paced(drill, school.pace)
        # ask: table works a whole table per coup, on its own screen; one way to start either
        kind: type[Session] | type[TableSession] = TableSession if drill.at_table else Session
        try:
            session = kind.deal(
                drill,
                self.trainee,
                self.rng,
                self.deal,
                clock=self.clock,
                now=self.now,
                on_answer=on_answer,
                on_session=self.hooks.on_session,
            )
        except ValueError as exc:  # a SessionError too
            self.notify(f"Cannot start {drill.id}: {exc}", severity="error", timeout=10)
            return
        if self.person is not None:  # who sits it, and who let the exam start
            session.run.person_id = self.person.person_id
            session.run.proctor_id = None if proctor is None else proctor.person_id
        if part is not None and audition is not None:
            from trainer.session.audition import part_session_id

            # found again by the sign-off sheet: the sitting's id, then the part
            session.run.session_id = part_session_id(audition.sitting.session_id, part)
        self.push_screen(session_screen(session))  # the screen its kind names

    @on(TableFinished)
    def table_finished(self, message: TableFinished) -> None:
        from trainer.tui.screens.table_results import TableResultsScreen

        if self.next_part(message.session.run.session_id):
            return
        self.switch_screen(TableResultsScreen(message.session))

    def run_session(self, session: Session) -> None:
        self.push_screen(session_screen(session))

    @on(DrillFinished)
    def finished(self, message: DrillFinished) -> None:
        from trainer.tui.screens.results import ResultsScreen

        if self.next_part(message.session.run.session_id):
            return
        self.switch_screen(ResultsScreen(message.session))

    @on(RetryMissed)
    def retry(self, message: RetryMissed) -> None:
        from trainer.session.table.session import TableSession

        session = message.session
        if isinstance(session, TableSession):
            from trainer.tui.screens.table import TableScreen

            self.switch_screen(TableScreen(session))
        else:
            self.switch_screen(session_screen(session))

    # -- the audition (trainer.tui.flows.auditions) --------------------------------------------

    @on(StartAudition)
    def start_audition(self) -> None:
        self.auditions.start()

    def next_part(self, session_id: str) -> bool:
        return self.auditions.next_part(session_id)

    @on(WriteSignOff)
    def write_sign_off(self, message: WriteSignOff) -> None:
        self.auditions.write_sign_off(message.run_id)

    @on(SignSheet)
    def sign_sheet(self, message: SignSheet) -> None:
        self.auditions.sign_sheet(message.run_id)

    @on(GoHome)
    def go_home(self) -> None:
        self.abandon_audition()  # left mid-audition: kept as abandoned
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.refresh_home()  # answers just given change what is due

    def check_language_setting(self) -> None:
        """A language in the settings that ezbac does not have is said, not a crash (the
        command line chose the environment's instead)."""
        from trainer.i18n import choose

        problem = choose(None, self.settings.settings.language, {})[1]
        if problem:
            self.notify(problem, severity="warning", timeout=8)

    def speak(self, language: str) -> None:
        """Speak ``language`` at once (a person's, at sign-in; the terminal's again, at
        sign-out); UnknownLanguageError when its catalogue cannot be read."""
        from trainer.i18n import set_language

        set_language(language)
        home = self.screen_stack[0] if self.screen_stack else None
        if isinstance(home, HomeScreen):
            home.retranslate()

    @on(NextLanguage)
    def next_language(self) -> None:
        """Home's language key: the next language, spoken at once and remembered (in a
        browser tab under ``ezbac serve``, spoken in that tab only)."""
        from trainer.i18n import LANGUAGES, UnknownLanguageError, current, set_language

        codes = list(LANGUAGES)
        now = current()
        following = codes[(codes.index(now) + 1) % len(codes)] if now in codes else codes[0]
        try:
            set_language(following)
        except UnknownLanguageError as exc:  # a damaged catalogue: said, English kept
            self.notify(str(exc), severity="error", timeout=8)
            return
        # a person signed in switches for their sitting only; in a browser, the tab's own:
        # never other tabs' or the server's
        if self.signin.person is None and not self.is_web:
            self.remember(language=following)
        self.tell_page_language(following)
        home = self.screen_stack[0] if self.screen_stack else None
        if isinstance(home, HomeScreen):
            home.retranslate()
        self.notify(LANGUAGES[following], timeout=2)

    def tell_page_language(self, language: str) -> None:
        """In a browser tab under ``ezbac serve``: tell the page the language this tab now
        speaks (a meta message the server checks and relays), which the page keeps so a
        reload of the tab speaks it again."""
        from textual.drivers.web_driver import WebDriver

        driver = self._driver
        if isinstance(driver, WebDriver):
            # "ezbac_language": trainer.cli.serve.LANGUAGE_META, the layer above this one
            driver.write_meta({"type": "ezbac_language", "language": language})

    @on(AskName)
    def name_asked(self) -> None:
        if self.desk is None:  # with sign-in on, who trains is who signed in
            self.ask_name()

    def ask_name(self, then: Callable[[], None] | None = None) -> None:
        def done(name: str | None) -> None:
            if name:
                self.trainee = name
                self.remember(trainee=name)  # typed here: this terminal's trainee now
                self.refresh_home()
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

    def confirm(self, dialog: Confirm, then: Callable[[], None]) -> None:
        """Ask ``dialog``; ``then`` runs on yes.  The drill's clock stands still meanwhile."""

        def decided(yes: bool | None) -> None:
            self.clock.resume()
            if yes:
                then()

        self.clock.pause()
        self.push_screen(dialog, decided)

    def action_request_quit(self) -> None:
        from trainer.tui.screens.dialogs import Confirm, ConfirmQuit

        if isinstance(self.screen, Confirm):
            return
        drill = self.drill_in_progress()
        if drill is None:
            self.exit(0)
            return

        def quit_() -> None:
            drill.abandon()
            self.exit(0)

        self.confirm(ConfirmQuit(), quit_)

    @on(LeaveDrill)
    def leave_drill(self, message: LeaveDrill) -> None:
        """Escape in a drill: asked first; the run is kept as abandoned, with its answers."""
        from trainer.tui.screens.dialogs import ConfirmLeave, ConfirmLeaveAudition

        session = message.session

        def leave() -> None:
            session.abandon()
            self.go_home()

        if not session.in_progress:  # nothing asked yet, or already over: just go
            self.go_home()
            return
        self.confirm(ConfirmLeave() if self.audition is None else ConfirmLeaveAudition(), leave)

    def action_toggle_colours(self) -> None:
        self.four_colour = not self.four_colour
        self.remember(four_colour=self.four_colour)
        self.set_class(self.four_colour, "-four-colour")  # the card inks (drill.tcss)
        self.notify("Four-colour deck" if self.four_colour else "Two-colour deck", timeout=2)


def session_screen(session: Session | TableSession) -> Screen[None]:
    """The screen a run is answered on: the one its drill's kind names (``trainer.tui.kinds``,
    imported when a run opens, not at launch)."""
    from trainer.tui.kinds import session_screen as kind_screen

    return kind_screen(session)


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _catalogue() -> list[DrillChoice]:
    from trainer.tui.catalogue import available

    return available()
