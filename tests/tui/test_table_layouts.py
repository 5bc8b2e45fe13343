"""The table drill's and spot the error's keys lay the screen out at most once.

The table: a graded answer (the feedback shown or changed, a line more in the procedure on
a tall terminal, the header's score, the step line wrapped anew) and the next table are one
layout each, not one for the feedback and one more for the procedure line, nor one more
for the header's title when the score grows a digit (9/9 to 10/10) or for the dealer's
panel grown or shrunk by a line; a moment watched answered (the hands dealt after the dark
of no more bets, the chip tray put back) is one layout, not one more for the hands' and the
tray's new sizes.  The hand-worked table of tests/support/table_app.py,
worked as tests/benchmarks/bench_keys.py works it, three times (four graded answers a table).

Spot the error: a graded answer (the replay marked, the feedback shown, the options put
away) and the next question (a new replay, the options of the right step shown the first
time) are one layout each, and no cell is drawn twice for one key (the replay, re-sized by
the answer's rows, was drawn in the layout and once more after it)."""

from __future__ import annotations

import pytest
from textual._compositor import Compositor

from tests.support.coups import FakeClock, FakeNow, dragon_replays
from tests.support.layouts import count_layouts, frame_drawn
from tests.support.screens import text
from tests.support.table_app import table, table_app, watched_table
from trainer.engine.protection import ALL_PLAY
from trainer.session import Session
from trainer.tui.app import TrainerApp, session_screen
from trainer.tui.screens.spot import SpotScreen
from trainer.tui.screens.table import TableScreen

#: One table: (the key, what it is).  Three losers marked and taken, seat 5's Dragon 7 paid
#: 200 typed, seat 1's 400 in chips (four 100s), done paying (the pushes stay), next table.
KEYS = (
    *((letter, "mark") for letter in "cdg"),
    ("enter", "graded"),  # the take
    *((key, "type") for key in "e200"),
    ("enter", "graded"),  # a typed payout
    ("b", "type"),
    *(("t", "chip") for _ in range(4)),
    ("enter", "graded"),  # a payout in chips
    ("enter", "graded"),  # done paying
    ("enter", "next"),
)


@pytest.mark.parametrize(
    ("size", "tables"),
    [
        ((142, 36), 3),  # tall: the procedure line shown; the third table's score 10/10
        ((80, 24), 1),  # "done paying" and the next table wrap the step line anew
    ],
)
async def test_a_graded_answer_and_the_next_table_are_one_layout_each(
    monkeypatch, size: tuple[int, int], tables: int
) -> None:
    layouts = count_layouts(monkeypatch)
    app = table_app(tables=[table() for _ in range(tables + 1)])
    counts: dict[str, list[int]] = {"graded": [], "next": []}
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.query_one("#procedure").display == (size[1] >= 34)
        for _table in range(tables):
            for key, kind in KEYS:
                if kind not in counts:
                    await pilot.press(key)
                    continue
                await pilot.pause()
                layouts.clear()
                await pilot.press(key)
                await pilot.pause()
                await frame_drawn(app)  # the frame after the key, and any layout after it
                await pilot.pause()
                counts[kind].append(len(layouts))
        # the keys did what they say: every table worked right, the next one up
        assert (screen.session.index, screen.session.right) == (tables, 4 * tables)
        assert not screen.query_one("#table-feedback").display
    assert counts == {"graded": [1] * 4 * tables, "next": [1] * tables}


async def test_a_spot_answer_and_the_next_replay_are_one_layout_and_one_frame(
    monkeypatch,
) -> None:
    layouts = count_layouts(monkeypatch)
    frames: list[set[tuple[int, int]]] = []
    original_render = Compositor.render_update

    def render_update(self: Compositor, *args: object, **kwargs: object) -> object:
        frames.append(
            {
                (x, y)
                for r in self._dirty_regions
                for y in range(r.y, r.bottom)
                for x in range(r.x, r.right)
            }
        )
        return original_render(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Compositor, "render_update", render_update)
    drill, replays = dragon_replays()  # right; the Banker bet paid at step 9; its fix
    app = TrainerApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    counts: dict[str, list[int]] = {"graded": [], "next": []}
    async with app.run_test(size=(142, 36)) as pilot:
        session = Session(drill, [], "Alex", clock=app.clock, now=app.now, questions=replays * 2)
        app.push_screen(session_screen(session))
        await pilot.pause()
        assert isinstance(app.screen, SpotScreen)
        # no error; step 9; the right step's first choice (wrong: "pay 25"), each then Enter
        for n, choice in enumerate("n91" * 2):
            await pilot.press(choice)
            for kind in ("graded", "next"):
                if n == 5 and kind == "next":
                    break  # the results
                await pilot.pause()
                layouts.clear()
                frames.clear()
                await pilot.press("enter")
                await pilot.pause()
                await frame_drawn(app)
                await pilot.pause()
                counts[kind].append(len(layouts))
                drawn_twice = [a & b for i, a in enumerate(frames) for b in frames[i + 1 :]]
                assert not any(drawn_twice), (n, kind, len(frames))
        assert (session.index, session.right) == (6, 4)
    assert counts == {"graded": [1] * 6, "next": [1] * 5}


async def test_a_moment_watched_answered_is_one_layout(monkeypatch) -> None:
    """tests/support/table_app.py's watched table: the moment at no more bets (hands dark),
    then the late bet during the deal, each answered "let every bet play" then Enter."""
    layouts = count_layouts(monkeypatch)
    app = table_app(tables=[watched_table()])
    counts: list[int] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _moment in range(2):
            offered = {line[2:].strip(): line[1] for line in text(app, "#paying").splitlines()}
            await pilot.press(offered[ALL_PLAY])
            await pilot.pause()
            layouts.clear()
            await pilot.press("enter")
            await pilot.pause()
            await frame_drawn(app)
            await pilot.pause()
            counts.append(len(layouts))
        assert text(app, "#table-feedback").startswith("✗ Wrong")  # the late bet let play
    assert counts == [1, 1]
