"""Benchmark: what one key costs on the trainer's side, no browser (run on demand, never
collected by pytest)::

    python tests/benchmarks/bench_keys.py                 # 142x36, 40 questions
    python tests/benchmarks/bench_keys.py --size 80x24 --questions 100 --why
    python tests/benchmarks/bench_keys.py --table         # the table drill's screen
    python tests/benchmarks/bench_keys.py --spot          # spot the error's screen

The Player-draw drill (as ``bench_browser.py`` drives it: ``d`` the choice, Enter the
answer graded, Enter the next question) in a Pilot run of the real app; or (``--table``)
the table screen worked as ``tests/support/table_app.py``'s hand-worked table (three bets
marked, the take, a payout typed, one in chips, done paying, next table; ``--questions``
tables); or (``--spot``) spot the error's screen over ``tests/support/coups.py``'s
``dragon_replays`` (a replay dealt right: ``n`` then Enter; the Banker bet paid on a Dragon
7: ``9`` then Enter; its right step: ``1`` then Enter; each graded, then Enter the next;
``--questions`` times the three). For each key: the time from posting it to the frame drawn
after it (wall, which includes the Pilot's own waits, and this process's CPU, the figure to
read), and how many times the screen was laid out whole for it (Textual's
``Screen._refresh_layout`` other than a scroll: every widget's position and size worked out
again, the costly part of a key), and how many of the screen's cells were drawn again for
it (the compositor's dirty regions, what a browser tab is sent and repaints). ``--why``
also counts which widgets asked for those layouts.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KEYS = (("d", "d", "choose"), ("enter", "\r", "graded"), ("enter", "\r", "next"))


#: The table screen's keys, by kind, for one table.
TABLE_KEYS = (
    *((letter, letter, "mark") for letter in "cdg"),
    ("enter", "\r", "graded"),  # the take
    *((key, key, "type") for key in "e200"),
    ("enter", "\r", "graded"),  # a typed payout
    ("b", "b", "type"),
    *(("t", "t", "chip") for _ in range(4)),
    ("enter", "\r", "graded"),  # a payout in chips
    ("enter", "\r", "graded"),  # done paying
    ("enter", "\r", "next"),
)

#: Spot the error's keys for dragon_replays' three questions.
SPOT_KEYS = tuple(
    key
    for choice in ("n", "9", "1")  # no error; step 9; the first of the right step's choices
    for key in ((choice, choice, "choose"), ("enter", "\r", "graded"), ("enter", "\r", "next"))
)


async def _run(
    size: tuple[int, int], questions: int, table: bool, spot: bool = False
) -> dict[str, object]:
    sys.path.insert(0, str(ROOT))
    from textual import events
    from textual._compositor import Compositor
    from textual.screen import Screen

    from tests.support.coups import (
        DRAGON,
        PANDA,
        PLAYER_STANDS,
        FakeClock,
        FakeNow,
        coup,
        dealer,
        dragon_replays,
        drill,
    )
    from tests.support.table_app import table as hand_worked
    from tests.support.table_app import table_app
    from trainer.drills.model import Step
    from trainer.session import Session
    from trainer.tui.app import TrainerApp, session_screen
    from trainer.tui.screens.drill import DrillScreen
    from trainer.tui.screens.spot import SpotScreen
    from trainer.tui.screens.table import TableScreen

    hands = (DRAGON, PANDA, PLAYER_STANDS)
    coups = [coup(hands[i % len(hands)]) for i in range(questions)]
    app = (
        table_app(tables=[hand_worked() for _ in range(questions + 1)])
        if table
        else TrainerApp(trainee="Bench", seed=1, clock=FakeClock(), now=FakeNow())
        if spot
        else TrainerApp(
            choices=lambda: [],
            start=drill((Step.PLAYER_DRAWS,)),
            trainee="Bench",
            deal=dealer(coups),
        )
    )
    keys = TABLE_KEYS if table else SPOT_KEYS if spot else KEYS
    expected = TableScreen if table else SpotScreen if spot else DrillScreen
    layouts = [0]
    asked: collections.Counter[str] = collections.Counter()
    original_layout = Screen._refresh_layout
    original_on_layout = Screen._on_layout

    def counted(self: Screen[object], size: object = None, scroll: bool = False) -> None:
        if not scroll or self._layout_widgets:  # a reflow of the whole screen
            layouts[0] += 1
        original_layout(self, size, scroll)  # type: ignore[arg-type]

    async def on_layout(self: Screen[object], message: object) -> None:
        widget = message.widget  # type: ignore[attr-defined]
        asked[f"{type(widget).__name__}#{widget.id or ''}"] += 1
        await original_on_layout(self, message)  # type: ignore[arg-type]

    cells = [0]
    original_render_update = Compositor.render_update

    def render_update(self: Compositor, *args: object, **kwargs: object) -> object:
        cells[0] += len(
            {
                (x, y)
                for r in self._dirty_regions
                for y in range(r.y, r.bottom)
                for x in range(r.x, r.right)
            }
        )
        return original_render_update(self, *args, **kwargs)  # type: ignore[arg-type]

    Screen._refresh_layout = counted  # type: ignore[method-assign]
    Screen._on_layout = on_layout  # type: ignore[method-assign]
    Compositor.render_update = render_update  # type: ignore[method-assign]
    timings: dict[str, list[tuple[float, float, int, int]]] = {kind: [] for *_k, kind in keys}
    try:
        async with app.run_test(size=size) as pilot:
            if spot:
                spot_drill, replays = dragon_replays()
                run = Session(
                    spot_drill,
                    [],
                    "Bench",
                    clock=app.clock,
                    now=app.now,
                    questions=replays * questions,
                )
                app.push_screen(session_screen(run))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, expected)
            asked.clear()
            for question in range(questions):
                for n, (key, character, kind) in enumerate(keys):
                    if kind == "next" and question == questions - 1 and n == len(keys) - 1:
                        break  # the last: the results screen, another screen's cost
                    await pilot.pause()
                    drawn = asyncio.Event()
                    before, drawn_before = layouts[0], cells[0]
                    t, c = time.perf_counter(), time.process_time()
                    app.post_message(events.Key(key, character))
                    # the key is handled, then the frame after it drawn
                    await pilot.pause()
                    app.call_after_refresh(drawn.set)
                    await drawn.wait()
                    timings[kind].append(
                        (
                            time.perf_counter() - t,
                            time.process_time() - c,
                            layouts[0] - before,
                            cells[0] - drawn_before,
                        )
                    )
    finally:
        Screen._refresh_layout = original_layout  # type: ignore[method-assign]
        Screen._on_layout = original_on_layout  # type: ignore[method-assign]
        Compositor.render_update = original_render_update  # type: ignore[method-assign]
    report: dict[str, object] = {
        "screen": "table" if table else "spot" if spot else "drill",
        "size": f"{size[0]}x{size[1]}",
    }
    for kind, runs in timings.items():
        wall = sorted(r[0] for r in runs)
        cpu = sorted(r[1] for r in runs)

        def pct(values: list[float], q: float) -> float:
            return round(1000 * values[int(q * (len(values) - 1))], 2)

        report[kind] = {
            "keys": len(runs),
            "wall_p50_ms": pct(wall, 0.5),
            "wall_p95_ms": pct(wall, 0.95),
            "cpu_p50_ms": pct(cpu, 0.5),
            "cpu_p95_ms": pct(cpu, 0.95),
            "layouts_per_key": round(sum(r[2] for r in runs) / len(runs), 2),
            "cells_drawn_per_key": round(sum(r[3] for r in runs) / len(runs)),
        }
    report["layouts_asked_by"] = dict(asked.most_common(12))
    report["load_average"] = " ".join(f"{v:.2f}" for v in os.getloadavg())
    return report


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="142x36", help="COLSxROWS")
    parser.add_argument("--questions", type=int, default=40)
    parser.add_argument("--table", action="store_true", help="the table drill's screen")
    parser.add_argument("--spot", action="store_true", help="spot the error's screen")
    parser.add_argument("--why", action="store_true", help="which widgets asked for layouts")
    args = parser.parse_args(argv)
    cols, _x, rows = args.size.partition("x")
    if not (cols.isdigit() and rows.isdigit()) or not 1 <= args.questions <= 1000:
        print(f"bench_keys: bad --size {args.size!r} or --questions", file=sys.stderr)
        return 2
    report = asyncio.run(_run((int(cols), int(rows)), args.questions, args.table, args.spot))
    if not args.why:
        report.pop("layouts_asked_by")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
