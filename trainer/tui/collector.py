"""Python's cyclic garbage collector, run between a trainee's keys rather than inside one.

Left to its own thresholds, the collector runs inside whichever key's work crosses them:
a collection of the young objects costs a trainer 1-8 ms and one of everything 20-35 ms
(measured in `ezbac serve`'s trainers, docs/performance.md), and the key that pays it is
that much slower to repaint, which is most of the slow keys in the browser benchmark.  The
work a key makes garbage of (the widgets of the question before, the feedback's text) is
the same either way; what this changes is when it is swept:

- once the first screen is up, what launch made and still lives is frozen (never scanned
  again) and the collector's own triggering is switched off;
- once a key's work is done and its frame drawn (when the trainee is reading it), the
  young objects are collected if Python would have by now (a key is handled by the widget
  it is forwarded to, after the app has seen it, so "done" is a short wait and then the
  next frame, not merely the next frame);
- everything is collected as often as Python would (once ten young collections have
  been made since the last), but only when the trainer has been left alone a moment; for
  someone pressing keys without a pause, after ten times as many: memory stays bounded
  either way.

Plain Python with the clock and the collector's functions injected, so its policy is tested
without a terminal (tests/tui/test_collector.py).
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

    #: Seconds without a key before the old objects are swept too.
    IDLE_SECONDS = 2.0
    #: How often the idle check runs.
    TICK_SECONDS = 1.0
    #: After a key, how long before its work is surely under way (then its frame is
    #: waited for); a trainee's next key rarely comes sooner.
    SETTLE_SECONDS = 0.05
    #: Young collections that make a full one due (Python's own default threshold).
    FULL_AFTER_YOUNG = 10
    #: Young collections after which a full one is made even while keys never pause (a
    #: trainee who never stops for two seconds is rare: a bound on memory, not the usual way).
    MOST_YOUNG_BETWEEN_FULL = 100

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
            self._collect_young()
        if self.young_since_full >= self.MOST_YOUNG_BETWEEN_FULL:
            self._collect_all()

    def tick(self) -> None:
        """Every second: a trainer left alone a moment has everything swept."""
        if self.clock() - self.last_input < self.IDLE_SECONDS:
            return
        if self._young_due():
            self._collect_young()
        if self.young_since_full >= self.FULL_AFTER_YOUNG:
            self._collect_all()

    def _young_due(self) -> bool:
        return self.calls.count()[0] >= self.calls.threshold()[0]

    def _collect_young(self) -> None:
        self.calls.collect(1)
        self.young_since_full += 1

    def _collect_all(self) -> None:
        self.calls.collect(2)
        self.young_since_full = 0
