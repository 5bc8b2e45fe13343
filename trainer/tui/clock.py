"""A clock that stands still while a dialog is open over a drill."""

from __future__ import annotations

from collections.abc import Callable


class PausableClock:
    """Monotonic seconds from ``clock``, minus the time spent paused.

    The app hands it to every session it runs: while the trainee reads a "leave the
    drill?" question, an exam's time limit does not run out and no answer is timed.
    """

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._paused_at: float | None = None
        self._paused_for = 0.0

    def __call__(self) -> float:
        now = self._clock() if self._paused_at is None else self._paused_at
        return now - self._paused_for

    def pause(self) -> None:
        if self._paused_at is None:
            self._paused_at = self._clock()

    def resume(self) -> None:
        if self._paused_at is not None:
            self._paused_for += self._clock() - self._paused_at
            self._paused_at = None
