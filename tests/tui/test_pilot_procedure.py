"""The dealer's-procedure drills through Textual's Pilot: a shoe (the burn, coups, the cut
card), calling the hand (keys 1-4), spotting an error in a replay (arrows, numbers, n).

Right answers are worked by hand from docs/rules.md here, never read from the session.
"""

from __future__ import annotations

import io
import random

from rich.console import Console
from textual.widgets import Static

from tests.support.coups import NATURAL, FakeClock, FakeNow, coup, dealer, dragon_replays
from trainer.drills.model import (
    CallSpec,
    Drill,
    ShoeSpec,
    Step,
)
from trainer.engine.shoe import ShoeRules, ShoeRun
from trainer.session import Session
from trainer.session.shoe import NextQuestion, dealt_shoe, shoe_questions
from trainer.tui.app import TrainerApp
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.results import ResultsScreen
from trainer.tui.screens.spot import ReplayList, SpotScreen
from trainer.tui.widgets.choices import OptionButton

SIZE = (80, 24)
# A natural coup of four cards: Player 9s Ks = 9 against Banker Ks Ks = 0, Player wins.
NATURAL4 = ["9s", "Ks", "Ks", "Ks"]


def text_of(app: TrainerApp, selector: str) -> str:
    console = Console(width=120, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(app.screen.query_one(selector, Static).render())
    return capture.get()


def option_key(app: TrainerApp, label: str) -> str:
    """The key of the option worded ``label`` on screen."""
    for button in app.screen.query(OptionButton):
        if button.display and button.plain_label == label:
            return button.key
    raise AssertionError(f"no option {label!r}")


def shown_options(app: TrainerApp) -> list[str]:
    return [b.plain_label for b in app.screen.query(OptionButton) if b.display]


async def test_a_shoe_burn_coups_and_the_cut_card() -> None:
    # 7h turned up burns 7 (docs/rules.md); then 10 natural coups; cut card 8 from the end of the
    # 48 cards: drawn past position 40, i.e. by coup 8 (cards 37-40 end at 40; coup 9 draws
    # card 41); so coup 9 brings it out and coup 10 is the last.
    run = ShoeRun.stacked(["7h", *["2c"] * 7, *(NATURAL4 * 10)], ShoeRules(cut=8))
    drill = Drill(
        id="shoe",
        title="A shoe",
        description="d",
        steps=(Step.OUTCOME,),
        questions=0,
        run=ShoeSpec(),
    )
    shoe = dealt_shoe(run)
    coups, asked = shoe_questions(drill, shoe, random.Random(0))
    app = TrainerApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        session = Session(
            drill, coups, "Alex", clock=app.clock, now=app.now, questions=asked, shoe=shoe
        )
        app.run_session(session)
        await pilot.pause()
        assert isinstance(app.screen, DrillScreen)
        assert "How many cards are burned?" in text_of(app, "#prompt")
        assert "Burn 7 cards" in shown_options(app)
        await pilot.press(option_key(app, "Burn 7 cards"), "enter")
        assert text_of(app, "#feedback-text").startswith("✓")
        await pilot.press("enter")
        missed_cut = False
        while not session.finished:
            q = session.current
            status = text_of(app, "#shoe-status")
            if isinstance(q, NextQuestion):
                number = q.place.number
                if number == 9:  # the cut card came out during this coup: the line says so
                    assert "CUT CARD OUT" in status
                    await pilot.press(option_key(app, "Deal the next coup"), "enter")
                    missed_cut = True  # dealing on: not recognising it
                    assert text_of(app, "#feedback-text").startswith("✗")
                elif number == 10:
                    # the card is out; what comes after this coup is asked, never said
                    assert "cut card out" in status and "last coup" not in status
                    await pilot.press(
                        option_key(app, "That was the last coup: the shoe is over"), "enter"
                    )
                else:
                    assert "cut card in the shoe" in status
                    await pilot.press(option_key(app, "Deal the next coup"), "enter")
            else:
                assert status.startswith(f"Coup {q.coup_index + 1} ·")
                await pilot.press("p", "enter")  # Player 9 beats Banker 0
            await pilot.press("enter")
        assert missed_cut
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        head = text_of(app, "#results-head")
        assert "Shoe: 10 coups dealt (cut card out in coup 9)" in head
        assert "Dragon 7 ×0 · Panda 8 ×0" in head
        assert "Errors by kind: what now (cut card) 1" in head


async def test_calling_the_hand_with_keys_1_to_4() -> None:
    drill = Drill(
        id="calls", title="Calling", description="d", steps=(), questions=1, run=CallSpec()
    )
    app = TrainerApp(
        start=drill,
        trainee="Alex",
        seed=3,
        deal=dealer([coup(NATURAL)]),
        clock=FakeClock(),
        now=FakeNow(),
    )
    # NATURAL: Player 9+K = 9, a natural; Banker 2+3 = 5; the Player wins nine over five
    calls = [
        "Player shows nine",
        "Banker shows five",
        "Player natural nine",
        "Player wins, nine over five",
    ]
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        assert len(screen.query_one("#player-hand").cards) == 2  # type: ignore[attr-defined]
        await pilot.press("enter")  # nothing picked: nothing submitted
        assert "Pick an answer first" in text_of(app, "#status")
        for n, call in enumerate(calls):
            options = shown_options(app)
            assert call in options and len(options) == 4
            if n == 1:
                wrong = next(o for o in options if o != call)
                await pilot.press(option_key(app, wrong), "enter")
                feedback = text_of(app, "#feedback-text")
                assert feedback.startswith("✗") and call in feedback
            else:
                await pilot.press(option_key(app, call), "enter")
                assert text_of(app, "#feedback-text").startswith("✓")
            await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "3 of 4 right" in text_of(app, "#results-head")


async def test_spot_the_error_arrows_numbers_and_no_error() -> None:
    drill, questions = dragon_replays()
    app = TrainerApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        session = Session(
            drill, [], "Alex", clock=app.clock, now=app.now, questions=list(questions)
        )
        from trainer.tui.app import session_screen

        app.push_screen(session_screen(session))
        await pilot.pause()
        assert isinstance(app.screen, SpotScreen)
        replay = app.screen.query_one("#replay", ReplayList)
        assert replay.option_count == 10 + 2  # 10 steps, the end line and "no error"
        # the first replay is dealt right: a flag is wrong, "no error" right
        await pilot.press("down", "down")
        assert "Step 2 is wrong" in text_of(app, "#status")
        await pilot.press("n", "enter")
        assert text_of(app, "#feedback-text").startswith("✓")
        await pilot.press("enter")
        # the second: the Banker bet paid on a Dragon 7, step 9
        await pilot.press("9", "enter")
        assert text_of(app, "#feedback-text").startswith("✓")
        await pilot.press("enter")
        # then the right step: a push returns the 25 and pays nothing
        assert "Step 9 was wrong" in text_of(app, "#prompt")
        assert replay.highlighted == 8
        key = option_key(
            app, next(o for o in shown_options(app) if "return 25" in o and "pay 0" in o)
        )
        await pilot.press(key, "enter")
        assert text_of(app, "#feedback-text").startswith("✓")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "3 of 3 right" in text_of(app, "#results-head")


async def test_flagging_a_replay_dealt_right_is_a_mistake() -> None:
    drill, questions = dragon_replays()
    app = TrainerApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        session = Session(drill, [], "Alex", clock=app.clock, now=app.now, questions=questions[:1])
        from trainer.tui.app import session_screen

        app.push_screen(session_screen(session))
        await pilot.pause()
        await pilot.press("enter")  # nothing picked yet
        assert "Pick a step" in text_of(app, "#status")
        await pilot.press("1", "0", "enter")  # two digits: step 10
        feedback = text_of(app, "#feedback-text")
        assert feedback.startswith("✗") and "Step 10 is wrong" in feedback
        assert session.results[0].answer.text == "step 10"


async def test_the_bundled_spot_drill_starts_on_the_replay_screen() -> None:
    from trainer.drills.catalogue import load_drill

    app = TrainerApp(
        start=load_drill("spot-the-error"), trainee="Alex", seed=4, clock=FakeClock(), now=FakeNow()
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SpotScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "ConfirmLeave"


async def test_a_spot_exam_gives_no_feedback_and_times_out() -> None:
    from dataclasses import replace

    from trainer.drills.model import Mode
    from trainer.session.questions import NotAsked

    drill, questions = dragon_replays()
    drill = replace(drill, mode=Mode.EXAM, time_limit=10.0)
    clock = FakeClock()
    app = TrainerApp(trainee="Alex", seed=1, clock=clock, now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        from trainer.tui.app import session_screen

        session = Session(
            drill, [], "Alex", clock=app.clock, now=app.now, questions=list(questions)
        )
        app.push_screen(session_screen(session))
        await pilot.pause()
        await pilot.press("n", "enter")  # right, but an exam says nothing
        assert not app.screen.query_one("#feedback").display
        assert "Replay 2/2" in text_of(app, "#drill-status")  # replays, not questions
        clock.advance(11)  # the second replay's time runs out
        await pilot.pause(0.5)
        assert session.results[1].timed_out and not session.results[1].correct
        # the error not flagged in time: its right step is not asked (it would name the
        # step), and counts as missed
        await pilot.pause()
        assert session.results[2].answer == NotAsked()
        assert isinstance(app.screen, ResultsScreen)
        # "no error" right, the timed-out flag wrong, the fix not asked
        assert "1 of 3 right" in text_of(app, "#results-head")
