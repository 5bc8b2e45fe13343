"""Spot the error sat as an exam, through Textual's Pilot: the step of an error the trainee
missed is never shown (no "Step 4 was wrong", no ✗ at its number); the right step is asked
only of the step flagged, in words that name the flag, never a verdict.

The hand-built replays (tests.support.coups.remedy_replays): first a card exposed after card
3 and the floor called where the house confirms the remedy (the error: line 4), then a card
on the floor remedied as the house says (no error).
"""

from __future__ import annotations

import io
import random
from dataclasses import replace

from rich.console import Console
from textual.widgets import Static

from tests.support.coups import FakeClock, FakeNow, remedy_replays
from trainer.drills.catalogue import load_drill
from trainer.drills.model import Mode, Step
from trainer.session import Session
from trainer.session.audition import exam_part
from trainer.session.questions import NotAsked
from trainer.session.spot import SpotQuestion
from trainer.tui.app import TrainerApp, session_screen
from trainer.tui.screens.spot import ReplayList, SpotScreen
from trainer.tui.widgets.fittable import FitTable

SIZE = (80, 24)


def text_of(app: TrainerApp, selector: str) -> str:
    console = Console(width=120, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(app.screen.query_one(selector, Static).render())
    return capture.get()


def replay_text(app: TrainerApp) -> str:
    """Every line of the replay as the screen renders it."""
    replay = app.screen.query_one("#replay", ReplayList)
    console = Console(width=76, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        for i in range(replay.option_count):
            console.print(replay.get_option_at_index(i).prompt)
    return capture.get()


def exam_session(app: TrainerApp) -> Session:
    drill, questions = remedy_replays()
    exam = replace(drill, mode=Mode.EXAM)
    return Session(exam, [], "Alex", clock=app.clock, now=app.now, questions=questions)


async def test_no_error_on_a_replay_with_one_goes_on_to_the_next_replay() -> None:
    app = TrainerApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        session = exam_session(app)
        app.push_screen(session_screen(session))
        await pilot.pause()
        assert isinstance(app.screen, SpotScreen)
        assert "Replay 1/2" in text_of(app, "#drill-status")
        await pilot.press("n", "enter")
        await pilot.pause()
        prompt = text_of(app, "#prompt")
        assert "Which step was the first dealt wrong" in prompt
        assert "Step 4" not in prompt and "wrong. What should" not in prompt
        shown = replay_text(app)
        assert "✗" not in shown and "▸" not in shown
        assert "A card on the floor after card 1" in shown  # the second replay
        # one answer given: the fix passed over is not counted (2 would say "an error")
        assert "Replay 2/2 · exam, 1 answered" in text_of(app, "#drill-status")
        assert not app.screen.query_one("#feedback").display
        # the fix of the first replay: recorded missed, never asked
        assert [r.answer for r in session.results] == [session.results[0].answer, NotAsked()]
        assert not any(r.correct for r in session.results)


async def test_a_step_flagged_wrong_goes_on_to_the_next_replay() -> None:
    app = TrainerApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        session = exam_session(app)
        app.push_screen(session_screen(session))
        await pilot.pause()
        await pilot.press("2", "enter")  # the error is at step 4
        await pilot.pause()
        assert "Which step was the first dealt wrong" in text_of(app, "#prompt")
        assert "✗" not in replay_text(app)
        assert len(session.results) == 2 and session.results[1].answer == NotAsked()


async def test_the_step_flagged_right_is_asked_as_the_trainees_flag() -> None:
    app = TrainerApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        session = exam_session(app)
        app.push_screen(session_screen(session))
        await pilot.pause()
        await pilot.press("4", "enter")
        await pilot.pause()
        prompt = text_of(app, "#prompt")
        assert "You flagged step 4. What should the dealer have done there?" in prompt
        assert "was wrong" not in prompt
        shown = replay_text(app)
        assert "✗" not in shown and "▸ 4  A card exposed after card 3" in shown
        assert not app.screen.query_one("#feedback").display


async def test_the_audition_part_never_shows_the_step_missed() -> None:
    """The audition's "Supervising a table" part (spot-the-error-table as an exam), dealt
    with seed 2: each replay with an error answered "no error"; the screen next shows the
    next replay's question, never a fix naming the step."""
    drill = exam_part(load_drill("spot-the-error-table"), 5, 7)
    app = TrainerApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        session = Session.deal(drill, "Alex", random.Random(2), clock=app.clock, now=app.now)
        errors = sum(
            1 for q in session.questions if isinstance(q, SpotQuestion) and q.expected().step
        )
        assert errors >= 1
        app.push_screen(session_screen(session))
        await pilot.pause()
        missed = 0
        while not session.finished:
            q = session.current
            assert isinstance(q, SpotQuestion)
            step = q.expected().step
            await pilot.press("n", "enter")
            await pilot.pause()
            if step is None or session.finished:
                continue
            missed += 1
            prompt = text_of(app, "#prompt")
            assert f"Step {step}" not in prompt and "What should the dealer" not in prompt
            assert "✗" not in replay_text(app)
        assert missed >= 1
        fixes = [r for r in session.results if r.question.step is Step.FIX]
        assert len(fixes) == errors and all(r.answer == NotAsked() for r in fixes)


async def test_the_results_list_the_fix_not_asked_and_step_through_it() -> None:
    """After the exam the results say what was not asked, and the missed questions step
    through it (the right step shown then, the exam over)."""
    from trainer.tui.screens.results import MissedScreen, ResultsScreen

    app = TrainerApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=(120, 40)) as pilot:
        session = exam_session(app)
        app.push_screen(session_screen(session))
        await pilot.pause()
        await pilot.press("n", "enter", "n", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "1 of 3 right" in text_of(app, "#results-head")
        fix_row = [str(cell) for cell in app.screen.query_one("#each", FitTable).rows[1]]
        assert fix_row[3] == "✗ Not asked: the error was not found"
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MissedScreen)
