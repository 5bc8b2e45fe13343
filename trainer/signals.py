"""Ending the trainer cleanly on SIGTERM, SIGHUP and SIGINT.

Textual puts the terminal in raw mode and the alternate screen with mouse tracking on, so a
signal's default action (die at once) leaves the terminal unusable and the drill's session
row open.  Instead the handler asks the app to exit on its own event loop: a drill under way
is recorded as abandoned (as when the trainee quits), Textual restores the terminal, and the
process ends with status 128 + the signal's number, as a shell expects of a program a signal
stopped.
"""

from __future__ import annotations

import asyncio
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trainer.tui.app import TrainerApp

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)


def exit_status(signum: int) -> int:
    return 128 + signum


def stop_app(app: TrainerApp, signum: int, waits: int = 100) -> None:
    """Record a drill under way as abandoned, then exit the app with the signal's status.

    A signal can come while a screen is still being mounted (just after launch); exiting
    then would tear its widgets down under its own on_mount.  So the stop waits (50 ms at a
    time, five seconds at most) until every screen on the stack is mounted, and then for
    the next refresh."""
    if waits and not all(screen.is_mounted for screen in app.screen_stack):
        app.set_timer(0.05, lambda: stop_app(app, signum, waits - 1))
        return
    app.call_after_refresh(_stop_now, app, signum)


def _stop_now(app: TrainerApp, signum: int) -> None:
    session = app.drill_in_progress()
    if session is not None:
        session.abandon()
    app.exit(return_code=exit_status(signum))


@contextmanager
def exit_on_signals(app: TrainerApp) -> Iterator[None]:
    """While the block runs ``app``, the stop signals end it through ``stop_app``."""
    if threading.current_thread() is not threading.main_thread():
        yield  # handlers can only be set from the main thread (e.g. under a test runner)
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        try:
            loop = asyncio.get_running_loop()  # the app's: handlers run on the main thread
        except RuntimeError:  # before the app's loop starts or after it ends
            raise SystemExit(exit_status(signum)) from None
        loop.call_soon_threadsafe(stop_app, app, signum)

    previous = {signum: signal.signal(signum, handler) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)
