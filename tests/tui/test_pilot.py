"""The trainer driven through Textual's Pilot: keys, mouse, modes, timing, quitting.

Right answers come from the hand-worked coups in tests/support/coups.py (docs/rules.md by hand).
"""

from __future__ import annotations

import io
import json
from decimal import Decimal

from rich.console import Console
from rich.text import Text
from textual.widgets import Static

from tests.support.coups import (
    BANKER3_THIRD8,
    DRAGON,
    NATURAL,
    PANDA,
    PLAYER_STANDS,
    coup,
    drill,
)
from tests.support.screens import make_app, status
from trainer.drills.model import Mode, Step
from trainer.engine import Bet
from trainer.session.records import AnswerRecord, SessionRecord
from trainer.tui.app import HistoryPort, TrainerApp
from trainer.tui.screens.dialogs import ConfirmLeave, ConfirmQuit, ReviewLengthScreen
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.home import HomeScreen
from trainer.tui.screens.reference import ReferenceScreen
from trainer.tui.screens.results import MissedScreen, ResultsScreen
from trainer.tui.widgets.hands import HandView
from trainer.tui.widgets.keybar import KeyBar

SIZE = (80, 24)


def plain(renderable: object) -> str:
    console = Console(width=100, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def feedback(app: TrainerApp) -> str:
    return str(app.screen.query_one("#feedback-text", Static).render())


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
        await pilot.press("question_mark")
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


def marked_cells(app: TrainerApp) -> list[tuple[str, int, str]]:
    """The bracketed cells of the reference's tableau as shown: (row, column, cell)."""
    shown = app.screen.query_one("#tableau", Static).content
    rows = [line.split() for line in plain(shown).splitlines()]
    return [(r[0], i - 1, cell) for r in rows for i, cell in enumerate(r) if "[" in cell]


def shown_text(app: TrainerApp, selector: str) -> str:
    return plain(app.screen.query_one(selector, Static).content)


async def test_reference_is_unmarked_until_answered_then_marks_the_cell() -> None:
    app = make_app([coup(BANKER3_THIRD8)], (Step.BANKER_DRAWS,))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, ReferenceScreen)
        # Unanswered: the whole tableau (8 Banker totals) and nothing marked anywhere.
        assert marked_cells(app) == []
        assert "[" not in shown_text(app, "#player-rule")
        assert "[" not in shown_text(app, "#settlement")
        await pilot.press("escape")
        assert isinstance(app.screen, DrillScreen)
        await pilot.press("s", "enter", "question_mark")  # answered: Banker 3 stands on an 8
        assert isinstance(app.screen, ReferenceScreen)
        # Row "Banker 3", column "Player's third card 8": the only bracketed mark, an S.
        assert marked_cells(app) == [("3", 8, "[S]")]
        await pilot.press("escape", "enter")
        assert isinstance(app.screen, ResultsScreen)
        assert app.screen.summary.reference_opened == 2  # openings before and after count
        head = str(app.screen.query_one("#results-head", Static).render())
        assert "opened 2 times" in head


async def test_reference_fits_80x24_without_scrolling() -> None:
    app = make_app([coup(PANDA, {Bet.PANDA8: "4"})], (Step.PAYOUT,))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        body = app.screen.query_one("#reference")
        assert body.max_scroll_y == 0  # nothing below the fold
        settlement = shown_text(app, "#settlement")
        for outcome in ("Player", "Banker", "Tie", "Dragon 7", "Panda 8"):
            assert outcome in settlement
        # every line of the box lies on the 24-row screen
        assert body.region.y >= 0 and body.region.bottom <= SIZE[1]


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
        # all right, but a retry is practice, not a pass (tests/history/test_retry.py)
        assert not app.screen.summary.passed and app.screen.summary.right == 2
        await pilot.press("h")
        assert isinstance(app.screen, HomeScreen)


async def test_quit_mid_drill_asks_first() -> None:
    sessions: list[SessionRecord] = []
    app = make_app(
        [coup(DRAGON), coup(PANDA)], (Step.OUTCOME,), hooks=HistoryPort(on_session=sessions.append)
    )
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
    app = make_app(
        [coup(DRAGON)],
        (Step.OUTCOME,),
        start=False,
        hooks=HistoryPort(on_answer=answers.append, due_count=lambda who, now: 3),
    )
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
    app = make_app(
        [coup(DRAGON)],
        (Step.OUTCOME,),
        start=False,
        hooks=HistoryPort(due_count=lambda who, now: None),
    )
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
    colours = [
        span.style.color.name
        for span in text.spans  # type: ignore[union-attr]
        if span.start <= start < span.end and span.style.color is not None
    ]
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


# -- nothing given away before the answer --------------------------------------------------

LESSON = "Banker 5 draws after the Player stood, and 7 with three cards is a Dragon 7."


def on_screen(app: TrainerApp) -> str:
    """Every text the drill screen shows now (hidden widgets left out)."""
    return "\n".join(
        plain(w.content) for w in app.screen.query(Static) if w.display and w.parent.display
    )


async def test_a_coup_note_is_shown_only_once_its_last_question_is_answered() -> None:
    app = make_app(
        [coup(DRAGON, {Bet.DRAGON7: "15"}, note=LESSON)],
        (Step.PLAYER_DRAWS, Step.BANKER_DRAWS, Step.OUTCOME),
    )
    async with app.run_test(size=SIZE) as pilot:
        assert "Lesson" not in on_screen(app)  # above the unanswered first question
        await pilot.press("s", "enter")  # Player 6 stands: right
        assert feedback(app).startswith("✓")
        # it names the Banker's third card and the outcome, both still to be asked
        assert "Lesson" not in on_screen(app)
        await pilot.press("enter")
        assert "Lesson" not in on_screen(app)
        await pilot.press("d", "enter", "enter", "7")
        assert "Lesson" not in on_screen(app)  # the outcome picked, not yet confirmed
        await pilot.press("enter")  # the coup's last question answered (right)
        assert f"Lesson: {LESSON}" in feedback(app)


async def test_a_note_is_shown_after_a_wrong_answer_too_and_never_in_an_exam() -> None:
    app = make_app([coup(DRAGON, note=LESSON)], (Step.OUTCOME,))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b", "enter")
        assert feedback(app).startswith("✗") and f"Lesson: {LESSON}" in feedback(app)
    exam = make_app([coup(DRAGON, note=LESSON), coup(PANDA)], (Step.OUTCOME,), mode=Mode.EXAM)
    async with exam.run_test(size=SIZE) as pilot:
        await pilot.press("7", "enter")
        assert "Lesson" not in on_screen(exam)


# -- leaving a drill ------------------------------------------------------------------------


async def test_escape_asks_then_leaves_to_home_recording_the_run_as_abandoned() -> None:
    sessions: list[SessionRecord] = []
    answers: list[AnswerRecord] = []
    app = make_app(
        [coup(DRAGON), coup(PANDA), coup(NATURAL)],
        (Step.OUTCOME,),
        hooks=HistoryPort(on_session=sessions.append, on_answer=answers.append),
    )
    async with app.run_test(size=SIZE) as pilot:
        keys = str(app.screen.query_one("#keys", KeyBar).render())
        assert "esc Leave" in keys  # the way out is on screen
        await pilot.press("7", "enter", "escape")  # one answer given, feedback showing
        assert isinstance(app.screen, ConfirmLeave)
        await pilot.press("n")  # keep going: back where it was
        assert isinstance(app.screen, DrillScreen) and app.screen.state == "feedback"
        await pilot.press("enter", "escape")  # second question asked, not answered
        assert isinstance(app.screen, ConfirmLeave)
        await pilot.press("y")
        assert isinstance(app.screen, HomeScreen) and app.is_running
        assert len(app.screen_stack) == 1
    assert sessions[-1].abandoned and sessions[-1].passed is None
    assert (sessions[-1].questions, sessions[-1].correct) == (1, 1)
    assert len(answers) == 1 and answers[0].correct


async def test_leaving_before_the_first_answer_records_nothing() -> None:
    # once a "0/0 abandoned" attempt, counted in reports (docs/decisions.md, "A run counts
    # from its first answer")
    sessions: list[SessionRecord] = []
    answers: list[AnswerRecord] = []
    app = make_app(
        [coup(DRAGON), coup(PANDA)],
        (Step.OUTCOME,),
        hooks=HistoryPort(on_session=sessions.append, on_answer=answers.append),
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmLeave)
        await pilot.press("y")
        assert isinstance(app.screen, HomeScreen)
    assert sessions == [] and answers == []


async def test_an_exam_left_before_its_first_answer_is_an_abandoned_attempt() -> None:
    # its first question was on screen: leaving is an attempt, 0 right, never a free look
    sessions: list[SessionRecord] = []
    answers: list[AnswerRecord] = []
    app = make_app(
        [coup(DRAGON), coup(PANDA)],
        (Step.OUTCOME,),
        mode=Mode.EXAM,
        hooks=HistoryPort(on_session=sessions.append, on_answer=answers.append),
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmLeave)
        await pilot.press("y")
        assert isinstance(app.screen, HomeScreen)
    last = sessions[-1]
    assert last.mode == "exam" and last.abandoned and last.passed is None
    assert (last.questions, last.correct) == (0, 0) and answers == []


async def test_escape_in_the_amount_box_still_only_backs_out_of_it() -> None:
    app = make_app([coup(DRAGON, {Bet.DRAGON7: "15"})], (Step.PAYOUT,))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w", "6", "escape")
        assert isinstance(app.screen, DrillScreen) and app.screen.state == "asking"
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmLeave)


async def test_the_exam_clock_stands_still_while_a_dialog_is_open() -> None:
    app = make_app([coup(DRAGON), coup(PANDA)], (Step.OUTCOME,), mode=Mode.EXAM, time_limit=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        app.fake_clock.advance(2)  # type: ignore[attr-defined]
        await pilot.press("escape")
        app.fake_clock.advance(60)  # type: ignore[attr-defined]  # reading the question
        await pilot.pause(0.5)  # the screen's timer ticks meanwhile
        assert screen.session.index == 0
        await pilot.press("n", "ctrl+q")
        assert isinstance(app.screen, ConfirmQuit)
        app.fake_clock.advance(60)  # type: ignore[attr-defined]
        await pilot.pause(0.5)
        await pilot.press("n")
        assert screen.session.index == 0
        assert screen.session.remaining() == 3  # 5 s less the 2 s before the dialogs
        await pilot.press("7", "enter")
        first = screen.session.results[0]
        assert first.correct and not first.timed_out and first.seconds == 2


# -- the trainee's name and the amount box --------------------------------------------------


async def test_a_name_given_for_the_run_is_not_saved(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("EZBAC_HOME", str(tmp_path))
    settings = tmp_path / "settings.json"
    settings.write_text('{"trainee": "Sam", "four_colour": false}', encoding="utf-8")
    app = make_app([coup(DRAGON)], (Step.OUTCOME,), trainee="Visitor")  # --trainee Visitor
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.session.trainee == "Visitor"
        await pilot.press("c")  # a preference saved while Visitor trains
    saved = json.loads(settings.read_text(encoding="utf-8"))
    assert saved == {"trainee": "Sam", "four_colour": True}
    again = make_app([coup(DRAGON)], (Step.OUTCOME,), start=False, trainee=None)
    async with again.run_test(size=SIZE):
        assert "Sam" in str(again.screen.query_one("#trainee", Static).render())


async def test_a_name_given_for_the_run_leaves_no_settings_file(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("EZBAC_HOME", str(tmp_path))
    app = make_app([coup(DRAGON)], (Step.OUTCOME,), trainee="Visitor")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7", "enter")
    assert not (tmp_path / "settings.json").exists()


async def test_a_win_of_zero_or_less_is_refused_and_retyped() -> None:
    app = make_app([coup(DRAGON, {Bet.DRAGON7: "15"})], (Step.PAYOUT,))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await pilot.press("w", "0", "enter")
        assert "'0' is not a positive amount" in status(app)
        assert screen.session.index == 0 and screen.state == "amount"
        await pilot.press("backspace", *"-600", "enter")
        assert "'-600' is not an amount" in status(app)
        assert screen.session.index == 0 and screen.state == "amount"
        await pilot.press(*["backspace"] * 4, *"600", "enter")
        assert feedback(app).startswith("✓")  # 15 × 40


# -- sizes ------------------------------------------------------------------------------------


def card_lines(app: TrainerApp, hand: str) -> list[str]:
    text = plain(app.screen.query_one(f"#{hand}-hand", HandView).render())
    return [line for line in text.splitlines() if "│" in line or "╭" in line or "╰" in line]


async def test_cards_grow_with_the_terminal() -> None:
    app = make_app([coup(DRAGON)], (Step.OUTCOME,))
    async with app.run_test(size=SIZE) as pilot:
        small = card_lines(app, "banker")
        assert len(small) == 3 and small[1].count("│") == 6  # three cards, one line each
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        large = card_lines(app, "banker")
        assert len(large) > len(small) and len(large[0]) > len(small[0])
        hand = app.screen.query_one("#banker-hand", HandView)
        assert hand.region.height == len(large) + 1  # the name line, then every card line
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert card_lines(app, "banker") == small


async def test_the_layout_line_breaks_only_between_bets() -> None:
    wagers = {Bet.PLAYER: "20", Bet.BANKER: "100", Bet.DRAGON7: "15", Bet.PANDA8: "5"}
    chips = ["Outcome: Dragon 7", "Player 20", "Banker 100", "Dragon 7 15", "Panda 8 5"]
    for width in (30, 41, 52, 63, 80):
        app = make_app([coup(DRAGON, wagers)], (Step.PAYOUT,))
        async with app.run_test(size=(width, 30)):
            lines = plain(app.screen.query_one("#layout").render()).splitlines()
            for chip in chips:  # each bet and its amount on one line
                assert any(chip in line for line in lines), (width, lines)
            assert all(len(line.rstrip()) <= width - 2 for line in lines)


# -- scrolling the results -------------------------------------------------------------------


async def answer_all(pilot, app: TrainerApp) -> None:
    """Any answer to every question (d for a draw, p for the outcome), to the results."""
    while isinstance(app.screen, DrillScreen):
        step = app.screen.session.current.step
        await pilot.press(
            "d" if step in (Step.PLAYER_DRAWS, Step.BANKER_DRAWS) else "p", "enter", "enter"
        )


async def test_results_scroll_with_the_keys_as_one_page() -> None:
    coups = [coup(c) for c in (DRAGON, PANDA, NATURAL, BANKER3_THIRD8, PLAYER_STANDS) * 2]
    app = make_app(coups, (Step.PLAYER_DRAWS, Step.BANKER_DRAWS, Step.OUTCOME))
    async with app.run_test(size=SIZE) as pilot:
        await answer_all(pilot, app)
        assert isinstance(app.screen, ResultsScreen)
        body = app.screen.query_one("#results-body")
        assert body.max_scroll_y > 0  # 30 questions do not fit in 24 rows
        for table in app.screen.query("#results-body DataTable"):
            assert table.max_scroll_y == 0  # one scrollbar: the tables never scroll apart
        await pilot.press("pagedown")
        assert body.scroll_y > 0
        await pilot.press("end")
        assert body.scroll_y == body.max_scroll_y
        await pilot.press("up")
        assert body.scroll_y == body.max_scroll_y - 1
        await pilot.press("home")
        assert body.scroll_y == 0
        await pilot.press("down")
        assert body.scroll_y == 1


# -- the review's length --------------------------------------------------------------------


async def test_r_asks_the_review_length_and_hands_it_to_the_review() -> None:
    calls: list[tuple] = []
    review_drill = drill((Step.OUTCOME,), ident="review", title="Review")

    def review(trainee, now, *questions):
        calls.append((trainee, *questions))
        return review_drill

    app = make_app([coup(DRAGON)], (Step.OUTCOME,), start=False, hooks=HistoryPort(review=review))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, ReviewLengthScreen)
        assert calls == [("Alex",)]  # built first: anything due?
        await pilot.press("escape")  # cancelled: no review
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("r", "0", "enter")
        assert "1 to 500 questions, not 0" in plain(
            app.screen.query_one("#questions-error").render()
        )
        assert calls == [("Alex",), ("Alex",)]  # no length refused by the dialog reached it
        await pilot.press("backspace", *"12", "enter")
        assert calls[-1] == ("Alex", 12)
        assert isinstance(app.screen, DrillScreen)
        assert app.screen.session.drill.id == "review"
        await pilot.press("escape", "y", "r", "enter")  # home again; Enter alone: usual length
        assert calls[-1] == ("Alex",)
        assert isinstance(app.screen, DrillScreen)


async def test_a_review_refused_says_why() -> None:
    def review(trainee, now, *questions):
        from trainer.history.review import NothingDueError

        raise NothingDueError("nothing is due for review")

    app = make_app([coup(DRAGON)], (Step.OUTCOME,), start=False, hooks=HistoryPort(review=review))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, HomeScreen)  # said at once, no length asked
        assert any("nothing is due" in str(n.message) for n in app._notifications)
