"""Ending the trainer cleanly on SIGTERM, SIGHUP and SIGINT.

Textual puts the terminal in raw mode and the alternate screen with mouse tracking on, so a
signal's default action (die at once) leaves the terminal unusable and the drill's session
row open.  Instead the handler asks the app to exit on its own event loop: a drill under way
is recorded as abandoned (as when the trainee quits), Textual restores the terminal, and the
process ends with status 128 + the signal's number, as a shell expects of a program a signal
stopped.

That orderly stop needs a terminal.  When the terminal is gone (a closed window, a dropped
SSH connection, a closed browser tab under `ezbac serve`), Textual's shutdown blocks for
ever writing to it, with the event loop stuck and every later signal ignored.  So every
shutdown is bounded by a ``ShutdownGuard``: if the process has not ended
``SHUTDOWN_SECONDS`` after the stop began, or at a second stop signal, the drill under way
is recorded as abandoned from the guard's thread, the history is closed, and the process
ends at once.
"""

from __future__ import annotations

import asyncio
import os
import select
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from types import FrameType
from typing import Any, Protocol

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
#: How long an orderly shutdown may take before the guard ends the process itself.
SHUTDOWN_SECONDS = 5.0
#: The exit status when the terminal hung up, signal or not (as after SIGHUP).
HANGUP_STATUS = 128 + signal.SIGHUP


class _Mounted(Protocol):
    @property
    def is_mounted(self) -> bool: ...


class _Abandonable(Protocol):
    def abandon(self) -> object: ...


class StoppableApp(Protocol):
    """What stopping needs of the trainer's app (``trainer.tui.app.TrainerApp``, a Textual
    App): this module sits below the TUI, which arms its own guard from here."""

    shutdown_guard: ShutdownGuard | None

    @property
    def screen_stack(self) -> Sequence[_Mounted]: ...

    def abandon_drill(self) -> None: ...

    def terminal_gone(self) -> None: ...

    def drill_in_progress(self) -> _Abandonable | None: ...

    def call_from_thread(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> Any: ...

    def call_after_refresh(
        self, callback: Callable[..., Any], *args: Any, **kwargs: Any
    ) -> bool: ...

    def set_timer(self, delay: float, callback: Callable[[], Any]) -> object: ...

    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None: ...


def exit_status(signum: int) -> int:
    return 128 + signum


class ShutdownGuard:
    """Ends the process if an orderly shutdown does not (see the module's docstring).

    ``arm(status)`` starts the count when a shutdown begins (the first call counts);
    ``force(status)`` ends the process now; ``disarm()`` when the app has ended on its own.
    ``before_exit`` runs on the way out (close the history, with its own bound)."""

    def __init__(
        self,
        app: StoppableApp,
        before_exit: Callable[[], None] | None = None,
        seconds: float = SHUTDOWN_SECONDS,
    ) -> None:
        self.app, self.before_exit, self.seconds = app, before_exit, seconds
        self._timer: threading.Timer | None = None
        self._lock = threading.RLock()  # force() may run in a signal handler mid-arm()
        self._disarmed = False

    @property
    def armed(self) -> bool:
        return self._timer is not None

    def arm(self, status: int) -> None:
        with self._lock:
            if self._timer is not None or self._disarmed:
                return
            self._timer = threading.Timer(self.seconds, self.force, (status,))
            self._timer.daemon = True
            self._timer.name = "ezbac-shutdown-guard"
            self._timer.start()

    def disarm(self) -> None:
        with self._lock:
            self._disarmed = True
            if self._timer is not None:
                self._timer.cancel()

    def force(self, status: int) -> None:
        """Record the drill under way as abandoned, run ``before_exit``, end the process.

        Nothing here may wait for the event loop or write to the terminal: both may be
        stuck.  Any error is swallowed (there may be nowhere to print it)."""
        with self._lock:
            if self._disarmed:
                return
            self._disarmed = True
        with suppress(Exception):  # ending is what matters now
            self.app.abandon_drill()
        with suppress(Exception):
            if self.before_exit is not None:
                self.before_exit()
        os._exit(status)


def watch_terminal(app: StoppableApp, fd: int | None = None) -> threading.Thread | None:
    """Watch the app's input (``fd``, standard input by default) for a hang-up and end the
    app when it comes.  A terminal that is not our controlling terminal sends no SIGHUP
    when it closes, and Textual then reads end-of-file for ever (and under `ezbac serve`
    the tab's input is a pipe, closed when the server goes); ``poll`` reports the hang-up
    without reading anything the app should have."""
    if fd is None:
        try:
            fd = sys.__stdin__.fileno() if sys.__stdin__ is not None else -1
        except (OSError, ValueError):
            return None
    if fd < 0 or not hasattr(select, "poll"):
        return None
    poller = select.poll()
    poller.register(fd, 0)  # no events asked: hang-up and errors are always reported

    def watch() -> None:
        while True:
            try:
                events = poller.poll(1000)
            except OSError:
                return
            if any(
                mask & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _, mask in events
            ):
                break
        if app.shutdown_guard is not None:
            app.shutdown_guard.arm(HANGUP_STATUS)
        with suppress(RuntimeError):  # the app has already ended
            app.call_from_thread(app.terminal_gone)

    thread = threading.Thread(target=watch, name="ezbac-terminal-watch", daemon=True)
    thread.start()
    return thread


def stop_app(app: StoppableApp, signum: int, waits: int = 40) -> None:
    """Record a drill under way as abandoned, then exit the app with the signal's status.

    A signal can come while a screen is still being mounted (just after launch); exiting
    then would tear its widgets down under its own on_mount.  So the stop waits (50 ms at a
    time, two seconds at most) until every screen on the stack is mounted, and then for
    the next refresh (the guard bounds the whole)."""
    if waits and not all(screen.is_mounted for screen in app.screen_stack):
        app.set_timer(0.05, lambda: stop_app(app, signum, waits - 1))
        return
    app.call_after_refresh(_stop_now, app, signum)


def _stop_now(app: StoppableApp, signum: int) -> None:
    session = app.drill_in_progress()
    if session is not None:
        session.abandon()
    app.exit(return_code=exit_status(signum))


@contextmanager
def exit_on_signals(app: StoppableApp, guard: ShutdownGuard | None = None) -> Iterator[None]:
    """While the block runs ``app``, the stop signals end it through ``stop_app``; with a
    ``guard``, the first signal arms it and a second one forces the exit."""
    if threading.current_thread() is not threading.main_thread():
        yield  # handlers can only be set from the main thread (e.g. under a test runner)
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if guard is not None:
            if guard.armed:  # a second signal, or one after a stop that is not ending
                guard.force(exit_status(signum))
            guard.arm(exit_status(signum))
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
