"""Python's cyclic garbage collector, run between a trainee's keys rather than inside one.

Left to its own thresholds, the collector runs inside whichever key's work crosses them:
a collection of the young objects costs a trainer 1-16 ms and one of everything 14-29 ms
(measured in `ezbac serve`'s trainers, docs/performance.md), and the key that pays it is
that much slower to repaint, which was most of the slow keys in the browser benchmark.
The garbage a key makes (the widgets of the question before, the feedback's text) is the
same either way; what this changes is when it is swept:

- once the first screen is up, what launch made and still lives is frozen (never scanned
  again) and the collector's own triggering is switched off;
- once a key's work is done and its frame drawn (when the trainee is reading it), the
  young objects are collected if Python would have by now.  A key is handled by the widget
  it is forwarded to, after the app has seen it, so "done" is a short wait and then the
  next frame, not merely the next frame;
- everything is collected as often as Python would: after every tenth young collection,
  so also between keys;
- a trainer left alone has its young objects collected by a tick once a second;
- keys that come faster than the settling time (a key held down, a paste, a script) never
  settle, so the young objects are also swept as a key comes once ten times Python's
  threshold of them are waiting.  Without it, a held arrow key grew a trainer by about
  4 MB a second; with it, a minute and a half of one leaves it within 1 MB of Python's own
  (tests/benchmarks/bench_held_key.py).

Plain Python with the clock and the collector's functions injected, so its policy is tested
without a terminal (tests/tui/test_between_keys.py).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol


class Stoppable(Protocol):
    def stop(self) -> None: ...


class Scheduling(Protocol):
    """What the collector needs of the app: its timers, and a call once it has drawn."""

    def set_interval(self, interval: float, callback: Callable[[], object]) -> object: ...

    def set_timer(self, delay: float, callback: Callable[[], object]) -> Stoppable: ...

    def call_after_refresh(self, callback: Callable[[], object]) -> bool: ...


class Attachable(Scheduling, Protocol):
    """The app's two hooks the collector takes (TrainerApp's)."""

    after_first_frame: Callable[[], object] | None
    input_watcher: Callable[[], object] | None


@dataclass
class GcCalls:
    """The interpreter's collector, as the policy uses it (a test gives its own)."""

    collect: Callable[[int], object] = gc.collect
    freeze: Callable[[], None] = gc.freeze
    disable: Callable[[], None] = gc.disable
    count: Callable[[], tuple[int, int, int]] = gc.get_count
    threshold: Callable[[], tuple[int, ...]] = gc.get_threshold


@dataclass
class BetweenKeys:
    """When the trainer's garbage is swept: after a key's frame, or when nobody types."""

    #: Seconds without a key before the tick sweeps (a tick inside a key's work would not).
    IDLE_SECONDS = 2.0
    #: How often the idle check runs.
    TICK_SECONDS = 1.0
    #: After a key, how long before its work is surely under way (then its frame is
    #: waited for); a trainee's next key rarely comes sooner.
    SETTLE_SECONDS = 0.05
    #: Young collections after which everything is collected (Python's own default).
    FULL_AFTER_YOUNG = 10
    #: Python's own young threshold times this, and the young objects are swept as a key
    #: comes even so (keys that never settle).
    MOST_PENDING_THRESHOLDS = 10

    clock: Callable[[], float] = time.monotonic
    calls: GcCalls = field(default_factory=GcCalls)
    last_input: float = 0.0
    #: Young collections since the last full one.
    young_since_full: int = 0
    app: Scheduling | None = None
    settling: Stoppable | None = None

    def attach(self, app: Attachable) -> None:
        """Take over from the first frame of ``app`` (before it runs)."""
        app.after_first_frame = lambda: self.start(app)
        app.input_watcher = self.input_seen

    def start(self, app: Scheduling) -> None:
        """The first screen is up: sweep and freeze what launch left, then take over."""
        self.calls.collect(2)
        self.calls.freeze()
        self.calls.disable()
        self.last_input = self.clock()
        self.app = app
        app.set_interval(self.TICK_SECONDS, self.tick)

    def input_seen(self) -> None:
        """A key or a click has come (before its work): sweep once its frame is drawn."""
        self.last_input = self.clock()
        if self.app is None:
            return
        if self.calls.count()[0] >= self.calls.threshold()[0] * self.MOST_PENDING_THRESHOLDS:
            self._sweep()  # keys that never settle: now, or memory grows with them
        if self.settling is not None:
            self.settling.stop()
        self.settling = self.app.set_timer(self.SETTLE_SECONDS, self._settled)

    def _settled(self) -> None:
        self.settling = None
        if self.app is not None:
            self.app.call_after_refresh(self.after_frame)

    def after_frame(self) -> None:
        """A key's work is done and its frame drawn."""
        if self._young_due():
            self._sweep()

    def tick(self) -> None:
        """Every second: a trainer left alone has what its timers made swept."""
        if self.clock() - self.last_input >= self.IDLE_SECONDS and self._young_due():
            self._sweep()

    def _young_due(self) -> bool:
        return self.calls.count()[0] >= self.calls.threshold()[0]

    def _sweep(self) -> None:
        """The young objects, and every tenth time everything."""
        self.calls.collect(1)
        self.young_since_full += 1
        if self.young_since_full >= self.FULL_AFTER_YOUNG:
            self.calls.collect(2)
            self.young_since_full = 0
