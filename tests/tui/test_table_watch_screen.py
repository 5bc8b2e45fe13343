"""The table screen while a table is watched before it is worked (a drill with violations),
through Textual's Pilot: each moment on the felt as the dealer sees it, answered with keys
1-4 then Enter, then the take.  The table and the right answers are worked by hand in
tests/support/table_app.py (``watched_table``: a late bet during the deal, refused)."""

from __future__ import annotations

from tests.support.screens import text
from tests.support.table_app import REFUSE_LATE, table_app, watched_table
from trainer.engine.protection import ALL_PLAY
from trainer.session.table.session import TableSession
from trainer.session.table.values import Phase
from trainer.tui.screens.table import TableScreen
from trainer.tui.widgets.chiptray import ChipTray
from trainer.tui.widgets.felt import SeatView
from trainer.tui.widgets.hands import HandView

SIZE = (80, 24)


def session(app) -> TableSession:
    assert isinstance(app.screen, TableScreen)
    return app.screen.session


def key_of(app, option: str) -> str:
    """The number key the screen shows beside ``option``."""
    for line in text(app, "#paying").splitlines():
        if line[2:].strip() == option:
            return line[1]
    raise AssertionError(f"{option!r} is not offered: {text(app, '#paying')}")


def seat_text(app, number: int) -> str:
    return app.screen.query_one(f"#seat-{number}", SeatView).render().plain


async def test_each_moment_on_the_felt_then_the_take() -> None:
    app = table_app(tables=[watched_table()])
    async with app.run_test(size=SIZE) as pilot:
        s = session(app)
        # no more bets: the hands are not dealt yet, the chip tray is put away
        assert "WATCH THE LAYOUT" in text(app, "#step")
        assert "No more bets" in text(app, "#result")
        assert not app.screen.query_one("#table-hands").display
        assert not app.screen.query_one("#tray", ChipTray).display
        assert "P" not in seat_text(app, 4)
        await pilot.press("enter")  # nothing picked: Enter answers nothing
        assert len(s.table.answers) == 0
        await pilot.press(key_of(app, ALL_PLAY), "enter")
        assert text(app, "#table-feedback").startswith("✓ Right")

        # during the deal: the first card out, seat 4's late bet on the felt and in words
        assert app.screen.query_one("#table-hands").display
        player = app.screen.query_one("#player-hand", HandView)
        banker = app.screen.query_one("#banker-hand", HandView)
        assert len(player.cards) == 1 and banker.cards == ()
        assert "The first card is out of the shoe" in text(app, "#result")
        assert "seat 4 puts 25 on Player" in text(app, "#step")
        assert "P" in seat_text(app, 4) and "25" in seat_text(app, 4)
        await pilot.press(key_of(app, REFUSE_LATE))
        assert "▶" in text(app, "#paying")  # picked, not yet given
        await pilot.press("enter")
        assert text(app, "#table-feedback").startswith("✓ Right")

        # after the result: the whole coup, and the refused bet gone from the felt
        assert len(player.cards) == 2 and len(banker.cards) == 3
        assert "Result:" in text(app, "#result")
        assert "P" not in seat_text(app, 4)
        await pilot.press(key_of(app, ALL_PLAY), "enter")

        # then the table is worked as any other, the tray back
        assert s.table.phase is Phase.TAKE
        assert "TAKE" in text(app, "#step")
        assert app.screen.query_one("#tray", ChipTray).display
        assert [a.correct for a in s.table.answers] == [True, True, True]


async def test_a_late_bet_let_play_is_named_in_the_feedback() -> None:
    app = table_app(tables=[watched_table()])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key_of(app, ALL_PLAY), "enter")
        await pilot.press(key_of(app, ALL_PLAY), "enter")
        feedback = text(app, "#table-feedback")
        assert feedback.startswith("✗ Wrong") and REFUSE_LATE in feedback


def test_watch_snapshot(snap_compare) -> None:
    # the moment during the deal, the right answer picked (▶) but not yet given
    app = table_app(tables=[watched_table()])

    async def run_before(pilot) -> None:
        await pilot.press(key_of(app, ALL_PLAY), "enter")
        await pilot.press(key_of(app, REFUSE_LATE))

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
