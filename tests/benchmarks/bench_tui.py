"""Trainer benchmarks (run on demand, not collected by default):

    python tests/benchmarks/bench_tui.py            # all
    python tests/benchmarks/bench_tui.py launch     # launch time + peak memory vs bare Textual
    python tests/benchmarks/bench_tui.py keypress   # keypress -> feedback and frame, headless
    python tests/benchmarks/bench_tui.py table      # the same on the table drill's screen

Targets: launch to a usable first screen within 1.3x a bare Textual app measured
the same way, peak memory within 1.3x of it, keypress to graded feedback <= 16 ms p95.

Launch is measured in a fresh process each run, from just before the process is started to
the first frame of the first screen (the frame after ``on_ready``), read on a clock shared by
all processes (CLOCK_MONOTONIC). The trainer is the real ``ezbac`` entry point: argument
parsing, the history database opened and checked, settings, the drill listing and the home
screen with the review count, headless at 80x24; each run is a warm start (the history file
and the listing cache exist, as on every launch after the first). The whole process time,
exit included, is reported too, and each process's CPU time at its first frame. Times are
medians of RUNS interleaved runs. Peak memory is the process's max RSS (RUSAGE_CHILDREN,
read in a wrapper process so runs do not mix).
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = 15

BARE = r"""
import time
from textual.app import App
from textual.widgets import Footer, Static

class Bare(App):
    def compose(self):
        yield Static("hello")
        yield Footer()

    def on_ready(self):
        self.call_after_refresh(self.first_frame)

    def first_frame(self):
        print("FIRST-FRAME", time.monotonic(), time.process_time())
        self.exit()

Bare().run(headless=True, size=(80, 24))
"""

TRAINER = r"""
import time
from trainer.tui import app
from trainer.tui.screens.home import HomeScreen

class Measured(app.TrainerApp):
    def run(self, **_):
        return super().run(headless=True, size=(80, 24))

    def on_ready(self):
        assert isinstance(self.screen, HomeScreen) and self.screen.choices
        self.call_after_refresh(self.first_frame)

    def first_frame(self):
        print("FIRST-FRAME", time.monotonic(), time.process_time())
        self.exit()

app.TrainerApp = Measured  # what `ezbac` opens, so the whole command is measured
from trainer.cli import main
raise SystemExit(main([]))
"""

WRAPPER = r"""
import resource, subprocess, sys, time
start = time.monotonic()
out = subprocess.run([sys.executable, "-c", sys.argv[1]], check=True, capture_output=True,
                     text=True).stdout
end = time.monotonic()
frame, cpu = (float(v) for v in out.split("FIRST-FRAME")[1].split()[:2])
print(frame - start, end - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, cpu)
"""


def measure(code: str, home: str) -> tuple[float, float, int, float]:
    """(seconds to the first frame, seconds to exit, peak KiB, the process's CPU seconds
    at its first frame) of one fresh process."""
    env = dict(os.environ, EZBAC_HOME=home)
    env.pop("EZBAC_DB", None)
    out = subprocess.run(
        [sys.executable, "-c", WRAPPER, code],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout.split()
    return float(out[0]), float(out[1]), int(out[2]), float(out[3])


def launch() -> dict[str, float]:
    # Bytecode as after any ordinary run (Textual's was compiled when pip installed it);
    # with PYTHONDONTWRITEBYTECODE set, an edited module would be recompiled every launch.
    import compileall

    import trainer

    compileall.compile_dir(os.path.dirname(trainer.__file__), quiet=1)
    with tempfile.TemporaryDirectory() as home:
        for _ in range(2):  # warm the file cache and bytecode; create history and listing
            measure(BARE, home)
            measure(TRAINER, home)
        bare, trainer = [], []
        for _ in range(RUNS):  # interleaved, so drift hits both alike
            bare.append(measure(BARE, home))
            trainer.append(measure(TRAINER, home))

    def median(runs: list[tuple[float, float, int, float]], i: int) -> float:
        return statistics.median(r[i] for r in runs)

    bare_t, trainer_t = median(bare, 0), median(trainer, 0)
    bare_x, trainer_x = median(bare, 1), median(trainer, 1)
    bare_c, trainer_c = median(bare, 3), median(trainer, 3)
    bare_m = max(r[2] for r in bare)
    trainer_m = max(r[2] for r in trainer)
    return {
        "bare_first_frame_s": round(bare_t, 3),
        "trainer_first_frame_s": round(trainer_t, 3),
        "launch_ratio": round(trainer_t / bare_t, 2),
        # CPU time to the first frame: what other work on a shared machine inflates less
        "bare_first_frame_cpu_s": round(bare_c, 3),
        "trainer_first_frame_cpu_s": round(trainer_c, 3),
        "launch_cpu_ratio": round(trainer_c / bare_c, 2),
        "bare_process_s": round(bare_x, 3),
        "trainer_process_s": round(trainer_x, 3),
        "process_ratio": round(trainer_x / bare_x, 2),
        "bare_peak_kib": bare_m,
        "trainer_peak_kib": trainer_m,
        "memory_ratio": round(trainer_m / bare_m, 2),
    }


async def _keypress(questions: int) -> list[tuple[float, float, float, float]]:
    """Time from posting the Enter key to the frame with the graded feedback on it: wall
    time, and this process's CPU time (which other work on a shared machine inflates less),
    each to the graded feedback and to the rendered frame."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
    from textual import events

    from tests.support.coups import DRAGON, PANDA, coup, dealer, drill
    from trainer.drills.model import Step
    from trainer.tui.app import TrainerApp
    from trainer.tui.screens.drill import DrillScreen

    coups = [coup(DRAGON if i % 2 else PANDA) for i in range(questions)]
    d = drill((Step.OUTCOME,))
    app = TrainerApp(choices=lambda: [], start=d, trainee="Bench", deal=dealer(coups))
    timings: list[tuple[float, float, float, float]] = []
    graded: list[tuple[float, float]] = []
    shown = asyncio.Event()
    original = DrillScreen.after_answer

    def after_answer(self: DrillScreen, result: object) -> None:
        original(self, result)  # type: ignore[arg-type]
        # graded and the feedback widgets updated
        graded.append((time.perf_counter(), time.process_time()))
        self.call_after_refresh(shown.set)  # runs once the next frame is rendered

    DrillScreen.after_answer = after_answer  # type: ignore[method-assign]
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, DrillScreen)
            for i in range(questions):
                await pilot.press("7")
                shown.clear()
                t, c = time.perf_counter(), time.process_time()
                app.post_message(events.Key("enter", "\r"))
                await shown.wait()
                (gt, gc), ft, fc = graded[-1], time.perf_counter(), time.process_time()
                timings.append((gt - t, ft - t, gc - c, fc - c))
                assert screen.query_one("#feedback").display
                assert len(screen.session.results) == i + 1
                await pilot.press("enter")
    finally:
        DrillScreen.after_answer = original  # type: ignore[method-assign]
    return timings


def keypress(questions: int = 200) -> dict[str, float]:
    runs = asyncio.run(_keypress(questions))

    def p(i: int, q: float) -> float:
        values = sorted(run[i] for run in runs)
        return round(1000 * values[int(q * (len(values) - 1))], 2)

    return {
        "key_to_graded_feedback_p50_ms": p(0, 0.5),
        "key_to_graded_feedback_p95_ms": p(0, 0.95),
        "key_to_rendered_frame_p50_ms": p(1, 0.5),
        "key_to_rendered_frame_p95_ms": p(1, 0.95),
        "cpu_to_graded_feedback_p95_ms": p(2, 0.95),
        "cpu_to_rendered_frame_p95_ms": p(3, 0.95),
        "samples": len(runs),
    }


async def _table_keypress(tables: int) -> dict[str, list[tuple[float, float, float, float]]]:
    """The table screen: time from posting a key to the screen redrawn from the session
    (a bet marked, a chip added; a take or payout graded with its feedback), then to the
    rendered frame; wall and CPU, by kind of key.  Each table is the hand-worked one of
    tests/support/table_app.py, worked the same way: three bets marked and taken, a payout
    typed, one built from chips, done paying, next table."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
    from textual import events

    from tests.support.table_app import table, table_app
    from trainer.tui.screens.table import TableScreen

    app = table_app(tables=[table() for _ in range(tables)])
    timings: dict[str, list[tuple[float, float, float, float]]] = {
        "mark": [],
        "chip": [],
        "graded": [],
    }
    drawn: list[tuple[float, float]] = []
    shown = asyncio.Event()
    original = TableScreen.refresh_all

    def refresh_all(self: TableScreen) -> None:
        original(self)
        drawn.append((time.perf_counter(), time.process_time()))
        self.call_after_refresh(shown.set)

    TableScreen.refresh_all = refresh_all  # type: ignore[method-assign]

    async def timed(kind: str, key: str, character: str | None) -> None:
        shown.clear()
        drawn.clear()
        t, c = time.perf_counter(), time.process_time()
        app.post_message(events.Key(key, character))
        await shown.wait()
        (dt, dc), ft, fc = drawn[0], time.perf_counter(), time.process_time()
        timings[kind].append((dt - t, ft - t, dc - c, fc - c))

    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, TableScreen)
            for _ in range(tables):
                for letter in "cdg":
                    await timed("mark", letter, letter)
                await timed("graded", "enter", "\r")  # the take
                await pilot.press("e", "2", "0", "0")
                await timed("graded", "enter", "\r")  # a typed payout
                await pilot.press("b")
                for _chip in range(4):
                    await timed("chip", "t", "t")
                await timed("graded", "enter", "\r")  # a payout in chips
                await timed("graded", "enter", "\r")  # done paying
                assert screen.session.table.done
                await pilot.press("enter")
            assert screen.session.finished or app.screen is not screen
    finally:
        TableScreen.refresh_all = original  # type: ignore[method-assign]
    return timings


def table_keypress(tables: int = 40) -> dict[str, float]:
    runs = asyncio.run(_table_keypress(tables))

    def p(kind: str, i: int, q: float) -> float:
        values = sorted(run[i] for run in runs[kind])
        return round(1000 * values[int(q * (len(values) - 1))], 2)

    report: dict[str, float] = {}
    for kind in runs:
        report |= {
            f"table_{kind}_key_to_feedback_p50_ms": p(kind, 0, 0.5),
            f"table_{kind}_key_to_feedback_p95_ms": p(kind, 0, 0.95),
            f"table_{kind}_key_to_frame_p95_ms": p(kind, 1, 0.95),
            f"table_{kind}_cpu_to_feedback_p95_ms": p(kind, 2, 0.95),
            f"table_{kind}_samples": len(runs[kind]),
        }
    report["load_average_1min"] = round(os.getloadavg()[0], 2)
    return report


if __name__ == "__main__":
    which = sys.argv[1:] or ["launch", "keypress", "table"]
    report: dict[str, float] = {}
    if "launch" in which:
        report |= launch()
    if "keypress" in which:
        report |= keypress()
    if "table" in which:
        report |= table_keypress()
    print(json.dumps(report, indent=2))
