"""The idle lock-out with the school's sign-in on: a countdown in the last seconds of the
school's idle time, then the person signed in is signed out."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from trainer.errors import EzbacError

if TYPE_CHECKING:
    from trainer.session.clock import Clock
    from trainer.tui.flows.desk import SignInDesk
    from trainer.tui.flows.host import Host


class IdleLockout:
    """Counts the time since the last key or click (``touch``) on ``idle_clock``."""

    #: Seconds of countdown shown before an idle sign-out.
    IDLE_WARNING: ClassVar[float] = 30.0

    def __init__(self, host: Host, signin: SignInDesk, idle_clock: Clock) -> None:
        self.host = host
        self.signin = signin
        self.idle_clock = idle_clock
        self.last_input = idle_clock()
        self.idle_seconds = 300.0

    def read_policy(self) -> None:
        """The school's idle time (its default when the history cannot say)."""
        from trainer.history.people import Policy

        desk = self.signin.desk
        try:
            minutes = desk.policy().idle_minutes if desk else Policy().idle_minutes
        except EzbacError as exc:
            from trainer.history.hooks import message

            self.host.history_problem(message(exc))
            minutes = Policy().idle_minutes
        self.idle_seconds = minutes * 60.0

    def touch(self) -> None:
        """Someone is at the trainer: the idle time starts again."""
        self.last_input = self.idle_clock()

    def tick(self) -> None:
        """Every second with sign-in on: the countdown in the last IDLE_WARNING seconds, then
        the sign-out."""
        from trainer.tui.screens.signin import IdleScreen

        person, host = self.signin.person, self.host
        if person is None or not host.screen_stack:  # the app closing: no screen to show on
            return
        left = self.idle_seconds - (self.idle_clock() - self.last_input)
        showing = host.screen if isinstance(host.screen, IdleScreen) else None
        if left <= 0:
            self.signin.sign_out(idle=True, idle_seconds=self.idle_seconds)
        elif left <= min(self.IDLE_WARNING, self.idle_seconds / 2):
            if showing is None:
                host.clock.pause()
                host.push_screen(IdleScreen(person.name, int(left + 0.999)), self.stay)
            else:
                showing.count(int(left + 0.999))

    def stay(self, _: bool | None) -> None:
        """The countdown answered: the person is still here."""
        self.host.clock.resume()
        self.touch()
