"""The trainer driven through Textual's Pilot: keys, mouse, modes, timing, quitting.

Right answers come from the hand-worked coups in session_helpers (RULES.md by hand).
"""

from __future__ import annotations

import io
from decimal import Decimal

from rich.console import Console
from rich.text import Text
from session_helpers import (
    BANKER3_THIRD8,
    DRAGON,
    NATURAL,
    PANDA,
    FakeClock,
    FakeNow,
    coup,
    dealer,
    drill,
)
from textual.widgets import Static

from trainer.drills.catalog import DrillEntry
from trainer.drills.model import WHOLE_COUP, Mode, Step
from trainer.engine import Bet
from trainer.session.records import AnswerRecord, SessionRecord
from trainer.tui.app import Hooks, TrainerApp
from trainer.tui.screens.dialogs import ConfirmQuit
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.home import HomeScreen
from trainer.tui.screens.reference import ReferenceScreen, tableau
from trainer.tui.screens.results import MissedScreen, ResultsScreen
from trainer.tui.widgets.keybar import KeyBar
from trainer.tui.widgets.table import HandView

SIZE = (80, 24)


def plain(renderable: object) -> str:
    console = Console(width=100, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def make_app(coups, steps=WHOLE_COUP, *, start=True, hooks=None, trainee="Alex", **kw):
    d = drill(steps, **kw)
    warm = drill((Step.OUTCOME,), ident="warmup", title="Warm-up")
    clock = FakeClock()
    app = TrainerApp(
        choices=lambda: [DrillEntry.of(d), DrillEntry.of(warm)], start=d if start else None,
        trainee=trainee,
        seed=1, deal=dealer(coups), clock=clock, now=FakeNow(), hooks=hooks,
    )
    app.fake_clock = clock  # type: ignore[attr-defined]
    return app


def feedback(app: TrainerApp) -> str:
    return str(app.screen.query_one("#feedback-text", Static).render())


def status(app: TrainerApp) -> str:
    return str(app.screen.query_one("#status", Static).render())


async def test_draw_questions_right_and_wrong() -> None:
    app = make_app([coup(PANDA)], (Step.PLAYER_DRAWS, Step.BANKER_DRAWS))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, DrillScreen)
        await pilot.press("d", "enter")  # Player 5 draws: right
        text = feedback(app)
        assert text.startswith("✓") and "Player has 5" in text
        await pilot.press("enter", "d", "enter")  # Banker 7 stands: "draws" is wrong
        text = feedback(app)
        assert text.startswith("✗") and "Stands" in text and "Banker has 7" in text
        await pilot.press("enter")
        assert isinstance(app.screen, ResultsScreen)
        summary = app.screen.summary
        assert (summary.right, summary.total, summary.passed) == (1, 2, False)


async def test_natural_draw_questions_explain_the_natural() -> None:
    app = make_app([coup(NATURAL)], (Step.PLAYER_DRAWS, Step.BANKER_DRAWS))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "enter")
        assert feedback(app).startswith("✓") and "natural 9" in feedback(app)
        await pilot.press("space", "d", "enter")
        assert feedback(app).startswith("✗") and "natural 9" in feedback(app)


async def test_outcome_right_and_wrong() -> None:
    app = make_app([coup(DRAGON), coup(BANKER3_THIRD8)], (Step.OUTCOME,))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7", "enter")
        assert feedback(app).startswith("✓") and "Dragon 7" in feedback(app)
        await pilot.press("enter", "p", "enter")  # 3 against 3 is a Tie
        assert feedback(app).startswith("✗") and "Tie" in feedback(app)


async def test_payouts_typed_amounts_push_and_lose() -> None:
    wagers = {Bet.PLAYER: "20", Bet.BANKER: "10", Bet.DRAGON7: "15"}
    app = make_app([coup(DRAGON, wagers)], (Step.PAYOUT,))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await pilot.press("l", "enter")  # Player 20 loses on a Dragon 7: right
        assert feedback(app).startswith("✓")
        await pilot.press("enter", "w", *"10", "enter")  # Banker pushes: a win is wrong
        assert feedback(app).startswith("✗") and "pushes" in feedback(app)
        await pilot.press("enter", "w", *"six hundred", "enter")  # malformed: retype
        assert "is not an amount" in status(app)
        assert screen.session.index == 2  # nothing graded
        await pilot.press(*["backspace"] * 11, *"$600", "enter")
        assert feedback(app).startswith("✓") and "15 × 40 = 600" in feedback(app)
        assert screen.session.results[-1].answer.amount == Decimal(600)


async def test_wrong_amount_on_a_win_is_wrong() -> None:
    app = make_app([coup(PANDA, {Bet.PANDA8: "4"})], (Step.PAYOUT,))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w", *"1,000", "enter")  # 4 x 25 = 100, not 1,000
        assert feedback(app).startswith("✗") and "4 × 25 = 100" in feedback(app)


async def test_stray_keys_never_submit() -> None:
    app = make_app([coup(PANDA)], (Step.PLAYER_DRAWS, Step.OUTCOME))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        # Not choices for a draw question, or nothing picked yet: Enter, space, letters.
        await pilot.press("enter", "x", "p", "7", "w", "space", "enter", "z", "1")
        assert screen.session.index == 0 and screen.selected is None
        assert "Pick an answer first" in status(app)
        await pilot.press("d", "s")  # changing one's mind is fine; Enter confirms the last
        await pilot.press("enter")
        assert screen.session.results[0].answer.text == "stands"


async def test_escape_backs_out_of_the_amount() -> None:
    app = make_app([coup(DRAGON, {Bet.BANKER: "10"})], (Step.PAYOUT,))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w", "5", "escape", "u", "enter")
        assert feedback(app).startswith("✓")  # the Banker bet pushes on a Dragon 7


async def test_mouse_picks_and_confirms() -> None:
    app = make_app([coup(DRAGON)], (Step.OUTCOME,))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#choice-seven")
        await pilot.click("#confirm")
        assert feedback(app).startswith("✓")
        await pilot.click("#next")
        assert isinstance(app.screen, ResultsScreen)


async def test_exam_gives_no_feedback_and_refuses_the_reference() -> None:
    app = make_app([coup(DRAGON), coup(PANDA)], (Step.OUTCOME,), mode=Mode.EXAM)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await pilot.press("r")
        assert not isinstance(app.screen, ReferenceScreen)
        assert screen.session.reference_opened == 0
        await pilot.press("b", "enter")  # wrong (Dragon 7), and nothing says so
        assert app.screen is screen and screen.session.index == 1
        assert not screen.query_one("#feedback").display
        header = str(screen.query_one("#drill-status", Static).render())
        assert "score" not in header
        await pilot.press("8", "enter")
        assert isinstance(app.screen, ResultsScreen)
        assert app.screen.summary.right == 1


async def test_exam_time_limit_runs_out() -> None:
    app = make_app([coup(DRAGON), coup(PANDA)], (Step.OUTCOME,), mode=Mode.EXAM, time_limit=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await pilot.press("7")  # picked but not confirmed in time
        app.fake_clock.advance(6)  # type: ignore[attr-defined]
        await pilot.pause(0.5)  # the screen's timer notices
        first = screen.session.results[0]
        assert first.timed_out and not first.correct
        assert screen.session.index == 1 and screen.selected is None


async def test_practice_time_limit_is_not_enforced() -> None:
    app = make_app([coup(DRAGON)], (Step.OUTCOME,), time_limit=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        app.fake_clock.advance(9)  # type: ignore[attr-defined]
        await pilot.pause(0.5)
        assert screen.session.index == 0
        assert "over time" in str(screen.query_one("#drill-status", Static).render())
        await pilot.press("7", "enter")
        assert feedback(app).startswith("✓") and "over the time limit" in feedback(app)


async def test_reference_opens_is_counted_and_marks_the_cell() -> None:
    app = make_app([coup(BANKER3_THIRD8)], (Step.BANKER_DRAWS,))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, ReferenceScreen)
        # Row "Banker 3", column "Player's third card 8": the only bracketed mark, an S.
        rows = [line.split() for line in plain(tableau(app.screen.bank_cell)).splitlines()]
        marked = [(r[0], i - 1, cell) for r in rows for i, cell in enumerate(r) if "[" in cell]
        assert marked == [("3", 8, "[S]")]
        await pilot.press("escape")
        assert isinstance(app.screen, DrillScreen)
        await pilot.press("r", "escape", "s", "enter", "enter")
        assert isinstance(app.screen, ResultsScreen)
        assert app.screen.summary.reference_opened == 2
        head = str(app.screen.query_one("#results-head", Static).render())
        assert "opened 2 times" in head


async def test_results_step_through_missed_and_retry() -> None:
    app = make_app([coup(DRAGON), coup(PANDA), coup(NATURAL)], (Step.OUTCOME,))
    async with app.run_test(size=SIZE) as pilot:
        # Dragon 7 right, Panda 8 called Player (wrong), natural 9 called Tie (wrong).
        await pilot.press("7", "enter", "enter", "p", "enter", "enter", "t", "enter", "enter")
        results = app.screen
        assert isinstance(results, ResultsScreen)
        assert [r.number for r in results.summary.missed] == [2, 3]
        await pilot.press("m")
        assert isinstance(app.screen, MissedScreen)
        text = str(app.screen.query_one("#missed-feedback", Static).render())
        assert "you said Player" in text and "Panda 8" in text
        await pilot.press("right")
        text = str(app.screen.query_one("#missed-feedback", Static).render())
        assert "you said Tie" in text
        await pilot.press("escape", "r")
        retry = app.screen
        assert isinstance(retry, DrillScreen)
        assert retry.session.total == 2
        await pilot.press("8", "enter", "enter", "p", "enter", "enter")
        assert isinstance(app.screen, ResultsScreen)
        # all right, but a retry is practice, not a pass (tests/test_retry.py)
        assert not app.screen.summary.passed and app.screen.summary.right == 2
        await pilot.press("h")
        assert isinstance(app.screen, HomeScreen)


async def test_quit_mid_drill_asks_first() -> None:
    sessions: list[SessionRecord] = []
    app = make_app([coup(DRAGON), coup(PANDA)], (Step.OUTCOME,),
                   hooks=Hooks(on_session=sessions.append))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7", "enter", "enter", "ctrl+q")
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")
        assert isinstance(app.screen, DrillScreen) and app.is_running
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
    assert not app.is_running
    assert sessions[-1].abandoned and sessions[-1].passed is None
    assert sessions[-1].questions == 1


async def test_quit_from_home_needs_no_confirmation() -> None:
    app = make_app([coup(DRAGON)], (Step.OUTCOME,), start=False)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


async def test_home_starts_a_drill_and_the_warmup_key() -> None:
    answers: list[AnswerRecord] = []
    app = make_app([coup(DRAGON)], (Step.OUTCOME,), start=False,
                   hooks=Hooks(on_answer=answers.append, due_count=lambda who, now: 3))
    async with app.run_test(size=SIZE) as pilot:
        assert "3 skills due" in str(app.screen.query_one("#trainee", Static).render())
        await pilot.press("w")
        assert isinstance(app.screen, DrillScreen)
        assert app.screen.session.drill.id == "warmup"
        await pilot.press("7", "enter")
        assert answers[0].drill_id == "warmup" and answers[0].correct


async def click_key(pilot, description: str) -> None:
    """Click ``description`` in the screen's key line, as a mouse user would."""
    line = str(pilot.app.screen.query_one("#keys", KeyBar).render())
    assert description in line, line
    await pilot.click("#keys", offset=(line.index(description) + 1, 0))


async def test_keys_in_the_key_line_are_clickable() -> None:
    app = make_app([coup(DRAGON), coup(PANDA)], (Step.OUTCOME,), start=False)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, HomeScreen)
        await click_key(pilot, "Warm-up")  # a screen action
        assert isinstance(app.screen, DrillScreen)
        await pilot.press("7")
        await click_key(pilot, "Confirm")  # the drill screen's keys too
        assert feedback(app).startswith("✓")
        await click_key(pilot, "Quit")  # an app action
        assert isinstance(app.screen, ConfirmQuit)


async def test_due_count_none_shows_nothing() -> None:
    app = make_app([coup(DRAGON)], (Step.OUTCOME,), start=False,
                   hooks=Hooks(due_count=lambda who, now: None))
    async with app.run_test(size=SIZE):
        assert "due" not in str(app.screen.query_one("#trainee", Static).render())


async def test_name_is_asked_when_unknown_and_remembered() -> None:
    app = make_app([coup(DRAGON)], (Step.OUTCOME,), start=False, trainee=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # start the highlighted drill: who is training?
        await pilot.press(*"Sam", "enter")
        assert isinstance(app.screen, DrillScreen)
        assert app.screen.session.trainee == "Sam"
    again = make_app([coup(DRAGON)], (Step.OUTCOME,), start=False, trainee=None)
    async with again.run_test(size=SIZE):
        assert again.trainee == "Sam"
        assert "Sam" in str(again.screen.query_one("#trainee", Static).render())


async def test_four_colour_toggle_is_remembered() -> None:
    app = make_app([coup(DRAGON)], (Step.OUTCOME,))
    async with app.run_test(size=SIZE) as pilot:
        assert not app.four_colour
        await pilot.press("c")
        assert app.four_colour
    again = make_app([coup(DRAGON)], (Step.OUTCOME,))
    assert again.four_colour


def ink_of(app: TrainerApp, hand: str, symbol: str) -> str:
    """The colour a card of ``hand`` is drawn in, found by its rank and suit symbol."""
    text = app.screen.query_one(f"#{hand}-hand", HandView).render()
    assert isinstance(text, Text)
    start = text.plain.index(symbol)
    colours = [span.style.color.name for span in text.spans  # type: ignore[union-attr]
               if span.start <= start < span.end and span.style.color is not None]
    return colours[-1]


async def test_four_colour_toggle_recolours_the_cards_shown_in_place() -> None:
    app = make_app([coup(PANDA)], (Step.PLAYER_DRAWS,))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "enter")  # the feedback shows the Player's third card, 3♦
        before = ink_of(app, "player", "3♦")
        await pilot.press("c")
        await pilot.pause()
        text = str(app.screen.query_one("#player-hand", HandView).render())
        assert "total 8" in text and "3♦" in text  # still the hand as revealed
        assert ink_of(app, "player", "3♦") != before  # diamonds: red becomes blue
        assert ink_of(app, "player", "2♥") == before  # hearts stay red


async def test_a_broken_settings_file_is_left_alone(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("EZBAC_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    app = make_app([coup(DRAGON)], (Step.OUTCOME,))  # --trainee given: would be saved
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
    assert (tmp_path / "settings.json").read_text(encoding="utf-8") == "{not json"
