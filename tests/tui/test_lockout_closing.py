"""The idle lock-out's tick (every second with sign-in on) while the app closes: its
screens are gone, and the tick must neither show a countdown nor fail (it raised Textual's
ScreenStackError, which ended the app with a traceback)."""

from __future__ import annotations

from types import SimpleNamespace

from textual.app import ScreenStackError

from trainer.tui.flows.lockout import IdleLockout


class ClosingApp:
    """What the lock-out sees of an app whose screens are all gone."""

    def __init__(self) -> None:
        self.screen_stack: list[object] = []

    @property
    def screen(self) -> object:
        raise ScreenStackError("No screens on stack")

    def push_screen(self, *_args: object) -> None:
        raise AssertionError("a countdown shown on an app that is closing")


def test_a_tick_while_the_app_closes_does_nothing() -> None:
    signin = SimpleNamespace(person=SimpleNamespace(name="Bo"), desk=None)
    lockout = IdleLockout(ClosingApp(), signin, idle_clock=lambda: 0.0)  # type: ignore[arg-type]
    lockout.last_input = -(lockout.idle_seconds - 5)  # 5 s left: the countdown's time
    lockout.tick()
