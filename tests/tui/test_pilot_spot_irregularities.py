"""Spot the error with an irregularity in the deal, through Textual's Pilot.

The replays are hand-built (tests.support.coups.remedy_replays) under EZ Baccarat
(standard), whose house data confirm the remedy for a card exposed and none for a card on
the floor: the floor called for the card exposed is the error (line 4, after card 3), the
floor called for the card on the floor is right ("no error").
"""

from __future__ import annotations

import io

from rich.console import Console
from textual.widgets import Static

from tests.support.coups import FakeClock, FakeNow, remedy_replays
from trainer.session import Session
from trainer.tui.app import TrainerApp, session_screen
from trainer.tui.screens.results import ResultsScreen
from trainer.tui.screens.spot import ReplayList, SpotScreen
from trainer.tui.widgets.choices import OptionButton

SIZE = (80, 24)


def text_of(app: TrainerApp, selector: str) -> str:
    console = Console(width=120, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(app.screen.query_one(selector, Static).render())
    return capture.get()


def option_line(app: TrainerApp, index: int, width: int = 76) -> str:
    """An option of the replay as the screen renders it, its wrapped lines joined."""
    replay = app.screen.query_one("#replay", ReplayList)
    prompt = replay.get_option_at_index(index).prompt
    console = Console(width=width, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(prompt)
    return capture.get()


async def test_the_remedy_is_a_line_to_flag_and_its_fix_is_asked() -> None:
    drill, questions = remedy_replays()
    app = TrainerApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        session = Session(drill, [], "Alex", clock=app.clock, now=app.now, questions=questions)
        app.push_screen(session_screen(session))
        await pilot.pause()
        assert isinstance(app.screen, SpotScreen)
        replay = app.screen.query_one("#replay", ReplayList)
        # 5 cards, the remedy, 2 totals, the result, 2 bets, the end, "no error"
        assert replay.option_count == 5 + 1 + 3 + 2 + 1 + 1
        shown = option_line(app, 3)
        assert "A card exposed after card 3" in shown and "calls the floor" in shown
        assert "6♠ to the Player" in option_line(app, 2)  # card 3 just before it
        await pilot.press("4", "enter")
        assert text_of(app, "#feedback-text").startswith("✓")
        await pilot.press("enter")
        # the fix: the floor is not the answer where the house confirms the remedy
        assert "Step 4 was wrong" in text_of(app, "#prompt")
        assert replay.highlighted == 3
        buttons = {b.key: b.plain_label for b in app.screen.query(OptionButton) if b.display}
        floor = next(k for k, label in buttons.items() if "call the floor" in label)
        await pilot.press(floor, "enter")
        assert text_of(app, "#feedback-text").startswith("✗")
        await pilot.press("enter")
        # the card on the floor, the floor called as the house says: no error
        assert "A card on the floor after card 1" in option_line(app, 1)
        await pilot.press("2", "enter")  # flagging the right remedy is wrong
        feedback = text_of(app, "#feedback-text")
        assert feedback.startswith("✗") and "remedied as" in feedback
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "1 of 3 right" in text_of(app, "#results-head")


async def test_an_irregularity_remedied_right_is_no_error() -> None:
    drill, questions = remedy_replays()
    app = TrainerApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        session = Session(drill, [], "Alex", clock=app.clock, now=app.now, questions=questions[2:])
        app.push_screen(session_screen(session))
        await pilot.pause()
        await pilot.press("n", "enter")
        assert text_of(app, "#feedback-text").startswith("✓")
        assert session.results[0].graded.skill.key == "spot:remedied"


async def test_a_players_violation_let_play_is_flagged_and_answered() -> None:
    """DRAGON on seat 1 (Banker 25, Dragon 7 10) under EZ Baccarat (standard), which refuses
    a bet placed after the first card: seat 1's Player 25 placed after card 2 and let play
    is the error, on line 3; the right answer is to refuse the bet."""
    from dataclasses import replace
    from decimal import Decimal

    from tests.support.coups import DRAGON, coup
    from trainer.engine import Bet
    from trainer.engine.dealt import Dealt, Foul, single_seat
    from trainer.engine.house import DEFAULT_HOUSE
    from trainer.engine.violations import Violation
    from trainer.session.spot import FixQuestion, Replay, SpotQuestion

    drill, _ = remedy_replays()
    dc = coup(DRAGON, {Bet.BANKER: "25", Bet.DRAGON7: "10"})
    layout = single_seat({Bet.BANKER: 25, Bet.DRAGON7: 10})
    late = Foul(Violation.PAST_POSTING, 1, Bet.PLAYER, Decimal(25), None, 2)
    dealt = replace(Dealt.correct(dc.coup, layout, DEFAULT_HOUSE), fouls=(late,))
    replay = Replay(dc.coup, layout, DEFAULT_HOUSE, dealt, "violation")
    options = ("let it play", "call the floor", "refuse the bet", "return it")
    questions: list[SpotQuestion | FixQuestion] = [
        SpotQuestion(0, dc, replay),
        FixQuestion(0, dc, replay, options),
    ]
    app = TrainerApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        session = Session(drill, [], "Alex", clock=app.clock, now=app.now, questions=questions)
        app.push_screen(session_screen(session))
        await pilot.pause()
        assert "past posting, after card 2" in option_line(app, 2)
        await pilot.press("3", "enter")
        assert text_of(app, "#feedback-text").startswith("✓")
        await pilot.press("enter")
        assert "Step 3 was wrong" in text_of(app, "#prompt")
        await pilot.press("3", "enter")  # option 3: refuse the bet
        assert text_of(app, "#feedback-text").startswith("✓")
        assert session.results[1].graded.skill.key == "spot:violation:fix"
