"""A retake of single areas in the trainer, through Pilot: the last sitting graded the
payouts C (retaken alone) and the calls A; home's key, the proctor's approval (told it is a
retake of the payouts only), then the payouts part alone as an exam (no written part), and
the verdict combined: passed, saying it is a retake and of which sitting.

The coup is tests/support/coups.py's Dragon 7 with a Player bet of 20 (it loses) and a
Banker bet of 10 (it pushes); both answered right: payouts 2 of 2 at 100 %: an A."""

from __future__ import annotations

from tests.support.coups import DRAGON, FakeClock, FakeNow, coup, dealer, drill
from tests.support.history import T0, answer
from trainer.curriculum.model import Area, Audition, Curriculum, Grade
from trainer.drills.catalogue import DrillEntry
from trainer.drills.model import Mode, Step
from trainer.engine import Bet
from trainer.session.audition import AUDITION_ID, Outcome, Retake, judge_audition
from trainer.session.records import SessionRecord
from trainer.tui.app import HistoryPort, TrainerApp
from trainer.tui.screens.audition import ProctorScreen, VerdictScreen
from trainer.tui.screens.drill import DrillScreen

PRACTICAL = drill((Step.PAYOUT,), mode=Mode.EXAM, ident="payouts-exam", title="Payouts exam")
AUDITION = Audition(
    written_questions=4,
    written_pass_mark=75,
    areas=(
        Area("payouts", "Payouts", ("payout:*",), 8.0, "payouts-exam"),
        Area("calls", "The calls", ("call:*",), 5.0),
    ),
    rubric=(Grade("A", 100, 100), Grade("C", 50, 150, retake=True)),
    retake_days=7,
    min_answers=1,
)
#: The earlier sitting: 4 of 4 written; the payouts 1 of 2 (50 %: C, retaken alone); a call
#: right (A).
EARLIER_ANSWERS = [
    answer("payout:player:lose", True, T0, seconds=1.0),
    answer("payout:banker:push", False, T0, seconds=1.0),
    answer("call:result", True, T0, seconds=1.0),
]
EARLIER = judge_audition(AUDITION, "Alex", "Mrs Lee", T0, 4, EARLIER_ANSWERS, 4)
RUN = "e" * 32


async def test_a_retake_sits_only_the_named_area_and_passes_combined() -> None:
    assert EARLIER.outcome is Outcome.RETAKE_AREAS
    sessions: list[SessionRecord] = []
    curriculum = Curriculum("test", (), school="Test School", audition=AUDITION)
    the_app = TrainerApp(
        choices=lambda: [DrillEntry.of(PRACTICAL)],
        trainee="Alex",
        seed=1,
        deal=dealer([coup(DRAGON, {Bet.PLAYER: "20", Bet.BANKER: "10"})]),
        clock=FakeClock(),
        now=FakeNow(),
        hooks=HistoryPort(
            on_session=sessions.append,
            curriculum=lambda: curriculum,
            retake=lambda trainee: Retake.of(RUN, EARLIER, EARLIER_ANSWERS),
        ),
    )
    async with the_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(the_app.screen, ProctorScreen)
        shown = " ".join(the_app.screen.note.split())
        assert "A retake of Payouts only (sitting eeeeeeee)" in shown
        await pilot.press(*"Mrs Lee", "enter")
        await pilot.pause()
        screen = the_app.screen
        # no written part: the payouts straight away, as part 1 of 1
        assert isinstance(screen, DrillScreen) and screen.session.drill.id == "payouts-exam"
        assert screen.session.drill.part == (1, 1)
        for _ in range(2):
            if the_app.screen.session.current.bet is Bet.PLAYER:
                await pilot.press("l", "enter")
            else:
                await pilot.press("u", "enter")
        await pilot.pause()
        assert isinstance(the_app.screen, VerdictScreen)
        from textual.widgets import Static

        verdict = " ".join(str(the_app.screen.query_one("#verdict", Static).render()).split())
        assert "PASSED" in verdict
        assert "A retake of Payouts (sitting eeeeeeee)." in verdict
        assert "Written part: 4 of 4 right" in verdict
    run = sessions[-1]
    assert (run.drill_id, run.retake_of, run.passed) == (AUDITION_ID, RUN, True)
    assert (run.questions, run.correct) == (2, 2)
