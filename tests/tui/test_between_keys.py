"""What a key costs beyond its own work: no stylesheet parsed again when a screen is first
shown, and no garbage collection inside a key's work (trainer.tui.collector).  Both were
most of the slow keys measured in the browser (docs/performance.md)."""

from __future__ import annotations

import asyncio
import gc
import time
import weakref
from collections.abc import Callable, Iterator

import pytest
from textual import events
from textual.css.stylesheet import Stylesheet

from tests.support.coups import DRAGON, PANDA, PLAYER_STANDS, drill
from trainer.drills.model import Step
from trainer.tui.app import TrainerApp
from trainer.tui.collector import BetweenKeys, GcCalls
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.results import ResultsScreen

HANDS = (DRAGON, PANDA, PLAYER_STANDS)
#: CPython's own collector thresholds.
DEFAULT_THRESHOLDS = (700, 10, 10)


def _app(questions: int) -> TrainerApp:
    return TrainerApp(
        choices=lambda: [],
        start=drill((Step.PLAYER_DRAWS,), fixed=[HANDS[i % len(HANDS)] for i in range(questions)]),
        trainee="Test",
    )


async def test_no_stylesheet_is_parsed_again_from_launch_to_a_drills_results(
    monkeypatch,
) -> None:
    """A screen whose stylesheet was not yet read made Textual parse every stylesheet of the
    app again and restyle every widget, on the key that showed it (the drill's screen, the
    results after its last answer: about 50 ms each); the app reads them all at launch."""
    reparsed: list[int] = []
    original = Stylesheet.reparse

    def counted(self: Stylesheet) -> None:
        reparsed.append(1)
        original(self)

    monkeypatch.setattr(Stylesheet, "reparse", counted)
    app = _app(2)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DrillScreen)
        for _question in range(2):
            await pilot.press("d", "enter", "enter")
            await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
    assert reparsed == []


class FakeApp:
    """The timers and after-refresh calls the collector asks for, run by the test."""

    def __init__(self) -> None:
        self.intervals: list[tuple[float, Callable[[], object]]] = []
        self.timers: list[FakeTimer] = []
        self.after_refresh: list[Callable[[], object]] = []

    def set_interval(self, interval: float, callback: Callable[[], object]) -> object:
        self.intervals.append((interval, callback))
        return object()

    def set_timer(self, delay: float, callback: Callable[[], object]) -> FakeTimer:
        timer = FakeTimer(delay, callback)
        self.timers.append(timer)
        return timer

    def call_after_refresh(self, callback: Callable[[], object]) -> bool:
        self.after_refresh.append(callback)
        return True


class FakeTimer:
    def __init__(self, delay: float, callback: Callable[[], object]) -> None:
        self.delay, self.callback, self.stopped = delay, callback, False

    def stop(self) -> None:
        self.stopped = True


class FakeGc:
    def __init__(self) -> None:
        self.made: list[str] = []
        self.young = 0  # objects allocated since the last young collection

    def calls(self) -> GcCalls:
        return GcCalls(
            collect=self.collect,
            freeze=lambda: self.made.append("freeze"),
            disable=lambda: self.made.append("disable"),
            count=lambda: (self.young, 0, 0),
            threshold=lambda: DEFAULT_THRESHOLDS,
        )

    def collect(self, generation: int) -> int:
        self.made.append(f"collect {generation}")
        self.young = 0
        return 0


@pytest.fixture
def policy() -> tuple[BetweenKeys, FakeApp, FakeGc, list[float]]:
    now = [100.0]
    fake = FakeGc()
    return BetweenKeys(clock=lambda: now[0], calls=fake.calls()), FakeApp(), fake, now


@pytest.fixture
def started(
    policy: tuple[BetweenKeys, FakeApp, FakeGc, list[float]],
) -> tuple[BetweenKeys, FakeApp, FakeGc, list[float]]:
    """The policy once the first frame is up, what that did forgotten."""
    collector, app, fake, _now = policy
    collector.start(app)
    fake.made.clear()
    return policy


def _key(collector: BetweenKeys, app: FakeApp, fake: FakeGc, allocated: int) -> None:
    """A key seen, its work allocating, its settling timer and its frame run."""
    collector.input_seen()
    fake.young += allocated
    timer = app.timers[-1]
    assert timer.delay == BetweenKeys.SETTLE_SECONDS
    timer.callback()
    app.after_refresh.pop()()


def test_the_first_frame_sweeps_freezes_and_takes_over(policy) -> None:
    collector, app, fake, _now = policy
    collector.input_seen()  # before the first frame: nothing scheduled
    assert app.timers == [] and fake.made == []
    collector.start(app)
    assert fake.made == ["collect 2", "freeze", "disable"]
    assert app.intervals == [(BetweenKeys.TICK_SECONDS, collector.tick)]


def test_the_young_are_swept_after_a_keys_frame_only_when_python_would_have(started) -> None:
    collector, app, fake, _now = started
    _key(collector, app, fake, allocated=100)
    assert fake.made == []  # under the threshold: nothing to do
    _key(collector, app, fake, allocated=5000)
    assert fake.made == ["collect 1"]


def test_a_key_before_the_last_one_settled_moves_the_sweep_after_it(policy) -> None:
    collector, app, _fake, _now = policy
    collector.start(app)
    collector.input_seen()
    first = app.timers[-1]
    collector.input_seen()
    assert first.stopped and not app.timers[-1].stopped
    assert app.after_refresh == []  # nothing swept until the frame after the last key


def test_every_tenth_young_sweep_is_followed_by_everything(started) -> None:
    collector, app, fake, _now = started
    for _ in range(BetweenKeys.FULL_AFTER_YOUNG):
        _key(collector, app, fake, allocated=5000)
    assert fake.made == ["collect 1"] * BetweenKeys.FULL_AFTER_YOUNG + ["collect 2"]


def test_a_trainer_left_alone_is_swept_by_its_tick(started) -> None:
    collector, app, fake, now = started
    _key(collector, app, fake, allocated=100)
    fake.young += 5000  # its timers' work, no key
    now[0] += BetweenKeys.IDLE_SECONDS - 0.1
    collector.tick()  # a key only just handled: a tick now could fall inside the next
    assert fake.made == []
    now[0] += 0.2
    collector.tick()
    assert fake.made == ["collect 1"]
    now[0] += 5
    collector.tick()  # nothing waiting: nothing swept
    assert fake.made == ["collect 1"]


def test_keys_that_never_settle_are_swept_as_they_come(started) -> None:
    """A key held down repeats faster than the settling time: no frame-time sweep ever
    comes, so the young objects are swept as a key comes once ten thresholds of them wait,
    and everything after every tenth of those."""
    collector, app, fake, _now = started
    most = DEFAULT_THRESHOLDS[0] * BetweenKeys.MOST_PENDING_THRESHOLDS
    waiting = []
    for _ in range(200):
        collector.input_seen()  # its settling timer never runs: the next key stops it
        fake.young += 2000
        waiting.append(fake.young)
    assert app.after_refresh == []
    assert max(waiting) < most + 2000
    young, full = fake.made.count("collect 1"), fake.made.count("collect 2")
    assert young >= 200 * 2000 // (most + 2000)
    assert full == young // BetweenKeys.FULL_AFTER_YOUNG


class Cycle:
    """Garbage only the cyclic collector frees."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def collector_restored() -> Iterator[None]:
    """Python's own thresholds for the test (another test in the process may have changed
    them), and the collector as it was after it."""
    thresholds = gc.get_threshold()
    gc.set_threshold(*DEFAULT_THRESHOLDS)
    yield
    gc.set_threshold(*thresholds)
    gc.enable()
    gc.unfreeze()


async def test_in_a_real_drill_no_collection_falls_inside_a_key(collector_restored) -> None:
    """Python's own collector, left on, runs inside the keys (a key allocates thousands of
    objects); attached as `ezbac` attaches it, every collection after the first frame is
    the collector's own, made once a key has settled, and garbage enough for Python to
    have swept is swept then.  (That it waits for the key's frame as well is the policy's
    test above: a loaded machine can draw a frame later than the settling time.)"""
    starts: list[tuple[float, bool]] = []  # each collection's start, and whether automatic

    def seen(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            starts.append((time.perf_counter(), gc.isenabled()))

    app = _app(3)
    BetweenKeys().attach(app)
    gc.callbacks.append(seen)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert not gc.isenabled()  # taken over at the first frame
            starts.clear()
            arrivals: list[float] = []  # each key's
            for key, character in (("d", "d"), *[("enter", "\r")] * 2, ("d", "d"), ("enter", "\r")):
                garbage = [weakref.ref(Cycle()) for _ in range(DEFAULT_THRESHOLDS[0])]
                frame: list[float] = []
                arrived = time.perf_counter()
                app.post_message(events.Key(key, character))
                await pilot.pause()
                app.call_after_refresh(lambda frame=frame: frame.append(time.perf_counter()))
                await pilot.pause()
                for _wait in range(100):  # settled and swept (a loaded machine is slow)
                    await asyncio.sleep(BetweenKeys.SETTLE_SECONDS)
                    if frame and all(ref() is None for ref in garbage):
                        break
                assert frame, key
                arrivals.append(arrived)
                assert [ref for ref in garbage if ref() is not None] == [], key
    finally:
        gc.callbacks.remove(seen)
    assert starts  # swept in the drill, and
    for started, automatic in starts:
        assert not automatic  # never by Python's own triggering, nor as a key comes
        arrived = max(a for a in arrivals if a <= started)
        assert started >= arrived + BetweenKeys.SETTLE_SECONDS
