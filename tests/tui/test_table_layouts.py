"""The table drill's keys lay the screen out at most once: a graded answer (the feedback
shown or changed, a line more in the procedure on a tall terminal, the header's score) and
the next table are one layout each, not one for the feedback and one more for the
procedure line, nor one more for the header's title when the score grows a digit (9/9 to
10/10).  The hand-worked table of tests/support/table_app.py, worked as
tests/benchmarks/bench_keys.py works it, three times (four graded answers a table)."""

from __future__ import annotations

import asyncio

from textual.screen import Screen

from tests.support.table_app import table, table_app
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


async def test_a_graded_answer_and_the_next_table_are_one_layout_each(monkeypatch) -> None:
    layouts: list[int] = []
    original = Screen._refresh_layout

    def counted(self: Screen[object], size: object = None, scroll: bool = False) -> None:
        if not scroll or self._layout_widgets:  # the whole screen placed again
            layouts.append(1)
        original(self, size, scroll)  # type: ignore[arg-type]

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    app = table_app(tables=[table() for _ in range(4)])
    counts: dict[str, list[int]] = {"graded": [], "next": []}
    async with app.run_test(size=(142, 36)) as pilot:  # tall: the procedure line shown
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.query_one("#procedure").display
        for _table in range(3):
            for key, kind in KEYS:
                if kind not in counts:
                    await pilot.press(key)
                    continue
                await pilot.pause()
                layouts.clear()
                await pilot.press(key)
                await pilot.pause()
                drawn = asyncio.Event()  # the frame after the key, and any layout after it
                app.call_after_refresh(drawn.set)
                await drawn.wait()
                await pilot.pause()
                counts[kind].append(len(layouts))
        # the keys did what they say: three tables worked right, the fourth up, no feedback
        assert (screen.session.index, screen.session.right) == (3, 12)
        assert not screen.query_one("#table-feedback").display
    assert counts == {"graded": [1] * 12, "next": [1, 1, 1]}
