"""A shoe at the table (``ask: [shoe, table]``) through the table screen with Textual's Pilot:
the burn asked first (keys 1-4), a table worked, "what now?" once the cut card is out.

The stacked shoe is worked by hand from docs/rules.md: the first card As burns 1 (the 2c), so
coup 1 is cards 3-6 (indices 2-5), 9s Ks Ks Ks: Player 9 against Banker 0, a natural, the
Player bet wins 1:1.  Ten cards, the cut card in front of the last 7: it comes out with the
draw that leaves 6, index 3, the second card of coup 1.  So after table 1 the answer is
"deal one more coup, then the shoe ends", and coup 2 (the same natural) is the last.
"""

from __future__ import annotations

import random

from textual.widgets import Static

from tests.support.coups import FakeClock, FakeNow
from tests.support.screens import text
from trainer.drills.catalogue import DrillEntry
from trainer.drills.loader import load_text
from trainer.engine.shoe import ShoeRules, ShoeRun
from trainer.session.records import AnswerRecord
from trainer.session.shoe import Next, dealt_shoe
from trainer.session.table.session import TableSession
from trainer.session.table.values import Phase
from trainer.tui.app import HistoryPort, TrainerApp
from trainer.tui.screens.table import TableScreen
from trainer.tui.screens.table_results import TableResultsScreen

SIZE = (80, 24)
NATURAL = ["9s", "Ks", "Ks", "Ks"]
STACK = ["As", "2c", *NATURAL * 2]
DRILL = """id: shoe-at-table
title: A shoe at the table
description: D
ask: [shoe, table]
table:
  seats: 1
  bets: {player: {min: 10, max: 10, step: 5}}
"""


def key_for(app, words: str) -> str:
    """The number the screen shows beside a choice, read off the dealer's panel."""
    for line in text(app, "#paying").splitlines():
        number, _, option = line.strip().partition(" ")
        if option.strip() == words:
            return number.lstrip("▶")  # the pointer marks the choice picked
    raise AssertionError(f"{words!r} is not offered: {text(app, '#paying')!r}")


async def test_burn_a_table_and_the_cut_card_question() -> None:
    records: list[AnswerRecord] = []
    drill = load_text(DRILL)
    run = dealt_shoe(ShoeRun.stacked(STACK, ShoeRules(cut=7)))
    hooks = HistoryPort(on_answer=records.append)
    clock = FakeClock()
    session = TableSession.from_shoe(
        drill, run, "Alex", random.Random(2), clock=clock, now=FakeNow(), on_answer=hooks.on_answer
    )
    app = TrainerApp(
        choices=lambda: [DrillEntry.of(drill)],
        trainee="Alex",
        seed=1,
        clock=clock,
        now=FakeNow(),
        hooks=hooks,
    )
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(TableScreen(session))
        await pilot.pause()
        # the burn: the first card turned up, the hands not dealt yet
        assert "SHOE" in text(app, "#step") and "How many cards are burned" in text(app, "#step")
        assert "First card turned up" in text(app, "#result")
        assert not app.screen.query_one("#table-hands").display
        assert text(app, "#shoe-status").startswith("Shoe · ")
        await pilot.press("a")  # a bet's letter does nothing before the burn
        assert session.table.marked == set()
        burn_1 = key_for(app, "Burn 1 card")
        await pilot.press(burn_1)  # a digit only picks: Enter answers
        assert "SHOE" in text(app, "#step") and not session.table.answers
        assert f"▶{burn_1} Burn 1 card" in text(app, "#paying")
        await pilot.press("enter")
        assert text(app, "#table-feedback").startswith("✓ Right")
        assert "TAKE" in text(app, "#step")
        assert app.screen.query_one("#table-hands").display
        # 10 cards, 2 gone in the burn; the cut card not given away during the coup
        assert text(app, "#shoe-status") == "Coup 1 · 8 cards left · cut card in the shoe"

        # table 1: nothing loses; pay the Player bet 10
        await pilot.press("enter", "a", "1", "0", "enter")
        assert session.table.phase is Phase.DONE
        # what now? the cut card came out in this coup
        assert "Coup 1 is over. What now?" in text(app, "#step")
        assert "CUT CARD OUT" in text(app, "#shoe-status")
        assert not app.screen.query_one("#tray").display  # no chips while the shoe is asked
        await pilot.press("enter")  # no next table before the answer
        assert session.index == 0
        await pilot.press(key_for(app, Next.DEAL.value), key_for(app, Next.ONE_MORE.value))
        await pilot.press("enter")  # the last digit pressed is the answer given
        assert text(app, "#table-feedback").startswith("✓ Right")
        assert "Table done" in text(app, "#step")
        await pilot.press("enter")
        # the card is out; that this is the last coup is asked after it, never said
        status = text(app, "#shoe-status")
        assert session.index == 1 and status.endswith("cut card out") and "last" not in status

        # table 2, the last: dealing on would be wrong
        await pilot.press("enter", "a", "1", "0", "enter")
        await pilot.press(key_for(app, Next.DEAL.value), "enter")
        assert text(app, "#table-feedback").startswith("✗ Wrong")
        await pilot.press("enter")
        assert isinstance(app.screen, TableResultsScreen)
        shoe = str(app.screen.query_one("#shoe", Static).render())
        assert "2 coups dealt" in shoe and "cut card out in coup 1" in shoe
        assert "what now (cut card) 1" in shoe
        summary = app.screen.summary
        assert (summary.right, summary.total) == (summary.total - 1, len(records))
    skills = [r.skill for r in records]
    assert skills[0] == "shoe:burn" and "shoe:cut" in skills and skills[-1] == "shoe:end"


#: Three naturals after the burn: 14 cards, the cut card in front of the last 7 comes out
#: at index 7, coup 2's second card (coup 1 is indices 2-5, coup 2 6-9): coup 3 is the last.
LONGER = ["As", "2c", *NATURAL * 3]
#: By hand (docs/rules.md): an ace burns 1, 2 to 9 their value, 10, J, Q and K burn 10.
BURNS = {"A": 1, "10": 10, "J": 10, "Q": 10, "K": 10} | {str(n): n for n in range(2, 10)}


async def test_a_run_from_near_the_end_asks_the_next_shoes_burn() -> None:
    """From one coup before the cut card comes out (no burn asked at the start), the shoe
    runs to its end, then a new shoe's first card is turned up and its burn asked: the
    burn the shoe area names is graded, last."""
    records: list[AnswerRecord] = []
    drill = load_text(DRILL)
    run = dealt_shoe(ShoeRun.stacked(LONGER, ShoeRules(cut=7)), last_coups=1)
    assert run.burn is None and [c.number for c in run.coups] == [2, 3]
    session = TableSession.from_shoe(
        drill,
        run,
        "Alex",
        random.Random(2),
        clock=FakeClock(),
        now=FakeNow(),
        on_answer=records.append,
    )
    app = TrainerApp(
        choices=lambda: [DrillEntry.of(drill)], trainee="Alex", clock=FakeClock(), now=FakeNow()
    )
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(TableScreen(session))
        await pilot.pause()
        assert "TAKE" in text(app, "#step")  # no burn first
        await pilot.press("enter", "a", "1", "0", "enter")
        await pilot.press(key_for(app, Next.ONE_MORE.value), "enter", "enter")
        await pilot.press("enter", "a", "1", "0", "enter")
        await pilot.press(key_for(app, Next.OVER.value), "enter")
        # the shoe is over: a new shoe's first card, the hands put away
        assert "A new shoe: the first card is turned up" in text(app, "#step")
        turned = text(app, "#result")
        assert "A new shoe: first card turned up" in turned
        assert not app.screen.query_one("#table-hands").display
        rank = turned.split(":")[-1].strip()[:-1]  # "Q♥" -> "Q"
        burned = BURNS[rank]
        await pilot.press(key_for(app, f"Burn {burned} card{'s' if burned != 1 else ''}"), "enter")
        assert text(app, "#table-feedback").startswith("✓ Right")
        await pilot.press("enter")
        assert isinstance(app.screen, TableResultsScreen)
    assert [r.skill for r in records if r.skill.startswith("shoe:")][-1] == "shoe:burn"
    assert records[-1].correct
