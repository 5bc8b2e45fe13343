"""Who is at the trainer when the school's sign-in is on (trainer.history.people): the
sign-in screen, the person signed in, an instructor's PIN for one act, and the sign-out
(home's `o`, the idle lock-out, quitting)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from trainer.errors import EzbacError

if TYPE_CHECKING:
    from trainer.history.people import Person
    from trainer.history.signing_in import Desk
    from trainer.tui.flows.host import Host


class SignInDesk:
    """The school's sign-in at this trainer: who trains is who signed in here, no name is
    remembered or typed.  ``desk`` is None with sign-in off (as before sign-in existed):
    then nobody signs in or out."""

    def __init__(self, host: Host, desk: Desk | None) -> None:
        self.host = host
        self.desk = desk
        self.person: Person | None = None
        #: The language spoken before someone signed in: spoken again when they leave.
        self.terminal_language: str | None = None
        #: Called when someone signs in or gives their PIN: the idle time starts again.
        self.touch: Callable[[], None] = lambda: None

    def check_secret(self, name: str, secret: str, *, instructor: bool = False) -> Any:
        assert self.desk is not None
        return self.desk.sign_in(name, secret, instructor=instructor)

    def show_sign_in(self, note: str = "") -> None:
        from trainer.tui.screens.signin import SignInScreen

        self.host.push_screen(SignInScreen(self.check_secret, note))

    def signed_in(self, person: Person) -> None:
        """Someone gave their secret at the sign-in screen."""
        from trainer.tui.screens.signin import SignInScreen

        host = self.host
        self.person = person
        host.trainee = person.name
        self.touch()
        self.speak_theirs(person)
        if isinstance(host.screen, SignInScreen):
            host.pop_screen()
        host.refresh_home()
        start, host.start_drill = host.start_drill, None  # `ezbac train DRILL`: once
        if start is not None:
            host.begin(start)

    def speak_theirs(self, person: Person) -> None:
        """Speak ``person``'s language from now on, if the roster gives one; a language the
        trainer does not have (a file's holder may write anything there) is said once, and
        the trainer speaks English."""
        from trainer.history.people import shown_name
        from trainer.i18n import ENGLISH, LANGUAGES, UnknownLanguageError, _, current

        self.terminal_language = current()
        code = person.language
        if not code:
            return
        try:
            if code not in LANGUAGES:
                raise UnknownLanguageError(code)
            self.host.speak(code)
        except UnknownLanguageError:
            self.host.speak(ENGLISH)
            self.host.notify(
                _(
                    "{name}'s language on the roster, {language}, is unknown: English is spoken."
                ).format(name=person.name, language=shown_name(code)),
                severity="warning",
                timeout=8,
            )

    def speak_the_terminal_s(self) -> None:
        """The terminal's language again, once the person who had their own has left."""
        from trainer.i18n import UnknownLanguageError, current

        language, self.terminal_language = self.terminal_language, None
        if language is None or language == current():
            return
        try:
            self.host.speak(language)
        except UnknownLanguageError as exc:  # its catalogue went since: said, kept as is
            self.host.notify(str(exc), severity="error", timeout=8)

    def as_instructor(self, act: str, then: Callable[[Person], object]) -> None:
        """Run ``then`` with the instructor signed in here, or the one who gives their name
        and PIN at a proctor's prompt for this one act (Escape: not done)."""
        from trainer.tui.screens.signin import ProctorScreen

        if self.person is not None and self.person.instructor:
            then(self.person)
            return

        def given(proctor: Person | None) -> None:
            self.touch()
            if proctor is not None:
                then(proctor)

        self.host.push_screen(ProctorScreen(act, self.check_secret), given)

    def sign_out(self, *, idle: bool = False, idle_seconds: float = 0.0) -> None:
        """The person leaves (home's `o`, idle time out): their drill under way is kept as
        abandoned, every screen closed, nothing of theirs left on this trainer."""
        if self.person is None:
            return
        host = self.host
        host.abandon_drill()
        host.clock.resume()  # an idle countdown paused it
        while len(host.screen_stack) > 1:
            host.pop_screen()
        self.leave(idle=idle)
        self.speak_the_terminal_s()
        host.refresh_home()
        from trainer.i18n import _
        from trainer.tui.screens.signin import idle_note

        self.show_sign_in(idle_note(idle_seconds) if idle else "")
        if idle:
            host.notify(_("Signed out after idle time."), timeout=8)

    def leave(self, *, idle: bool = False) -> None:
        """Record the sign-out and forget the person (on quitting too)."""
        host = self.host
        who, self.person = self.person, None
        host.trainee = "" if self.desk else host.trainee
        if who is None or self.desk is None:
            return
        try:
            self.desk.sign_out(who, idle=idle)
        except EzbacError as exc:
            from trainer.history.hooks import message

            host.history_problem(message(exc))
