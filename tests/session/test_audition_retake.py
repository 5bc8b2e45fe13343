"""A retake of single areas, judged by hand (docs/schools.md, "A retake of single areas").

The audition here: a written part of 10 questions at 80 %; two areas, the draws (target 4 s,
sat with the drill ``d-draws``) and the payouts (target 8 s, ``d-pay``); grades A (95 %
right within 100 % of the target), B (90 %, 125 %), C (80 %, 150 %, which retakes the area
alone); a wrong draw is a red line; bands 96-100 "very superior", 89-95 "superior", 75-88
"average".

The earlier sitting: 9 of 10 written (900 >= 800: passed); the draws 10 of 10 at 4 s (100 %
of the target: A); the payouts 8 of 10 at 8 s (80 %, 100 %: C, retaken alone).  Its score:
9 + 10 + 8 right of 30 = 90 % (superior).  Outcome: retake areas (the payouts)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.support.history import T0, answer
from trainer.curriculum.model import Area, Audition, Band, Grade, RedLine
from trainer.session.audition import (
    NamedProctor,
    NotRetakeableError,
    Outcome,
    Retake,
    Sitting,
    judge_audition,
    judge_retake,
)
from trainer.session.records import AnswerRecord

A, B, C = Grade("A", 95, 100), Grade("B", 90, 125), Grade("C", 80, 150, retake=True)
DRAWS = Area("draws", "The draws", ("banker:*",), 4.0, drill="d-draws")
PAYOUTS = Area("payouts", "Payouts", ("payout:*",), 8.0, drill="d-pay")
WRONG_DRAW = RedLine("wrong-draw", "A wrong draw", ("banker:*",))
BANDS = (Band("very superior", 96, 100), Band("superior", 89, 95), Band("average", 75, 88))
AUDITION = Audition(10, 80, (DRAWS, PAYOUTS), (A, B, C), (WRONG_DRAW,), 7, 5, BANDS)
LATER = T0 + timedelta(days=8)


def draws(right: int, n: int = 10, session: str = "e-d-draws") -> list[AnswerRecord]:
    return [
        answer("banker:3:8", i < right, T0, session_id=session, seconds=4.0, cards=(f"{i}",))
        for i in range(n)
    ]


def pays(right: int, n: int = 10, session: str = "e-d-pay") -> list[AnswerRecord]:
    return [
        answer(
            "payout:banker:win",
            i < right,
            T0,
            session_id=session,
            seconds=8.0,
            cards=(f"p{i}",),
            answer_text="win 95" if i < right else "win 90",
            expected="win 95",
        )
        for i in range(n)
    ]


EARLIER_PRACTICAL = draws(10) + pays(8)
EARLIER = judge_audition(AUDITION, "ana", "Mr Lee", T0, 9, EARLIER_PRACTICAL, 10)


def retake(areas: tuple[str, ...] | None = None) -> Retake:
    return Retake.of("e" * 32, EARLIER, EARLIER_PRACTICAL, areas)


def test_the_earlier_sitting_is_retake_areas_as_worked() -> None:
    assert EARLIER.outcome is Outcome.RETAKE_AREAS
    assert [a.mark for a in EARLIER.areas] == ["A", "C"]
    assert EARLIER.score == 90 and EARLIER.band == BANDS[1]


def test_the_payouts_retaken_at_an_a_pass_the_audition() -> None:
    v = judge_retake(AUDITION, retake(), "ana", "Ms Wu", LATER, pays(10, session="r-d-pay"))
    assert v.outcome is Outcome.PASSED
    # the written part and the draws stand as they were; the payouts are the retake's
    assert (v.written_right, v.written_questions) == (9, 10)
    assert [a.mark for a in v.areas] == ["A", "A"]
    assert [a.right for a in v.areas] == [10, 10]
    # 9 written + 10 draws (earlier) + 10 payouts (retake) right of 30: 96 %, very superior
    assert v.score == 96 and v.band == BANDS[0]
    assert v.retake_of == "e" * 32 and v.retaken == ("payouts",)
    assert v.retake_from is None
    assert v.outcome_words.startswith("A retake of Payouts (sitting eeeeeeee).")


def test_a_c_again_is_retake_areas_again_from_the_retakes_day() -> None:
    v = judge_retake(AUDITION, retake(), "ana", "Ms Wu", LATER, pays(8, session="r-d-pay"))
    assert v.outcome is Outcome.RETAKE_AREAS
    assert [a.area.id for a in v.retake_areas] == ["payouts"]
    assert v.retake_from == LATER + timedelta(days=7)


def test_below_every_grade_at_the_retake_fails_the_whole_audition() -> None:
    # 7 of 10: 700 < 80 x 10, below C
    v = judge_retake(AUDITION, retake(), "ana", "Ms Wu", LATER, pays(7, session="r-d-pay"))
    assert v.outcome is Outcome.FAILED
    assert [a.mark for a in v.areas] == ["A", "failed"]


def test_a_red_line_crossed_at_the_retake_fails_it_whatever_else() -> None:
    # a wrong draw among the retake's answers, though the draws are not retaken
    sat = pays(10, session="r-d-pay") + draws(0, 1, session="r-d-pay")
    v = judge_retake(AUDITION, retake(), "ana", "Ms Wu", LATER, sat)
    assert v.outcome is Outcome.FAILED
    assert [c.red_line.id for c in v.crossed] == ["wrong-draw"]
    assert [a.mark for a in v.areas] == ["A", "A"]  # the draws still stand at the earlier A


def test_only_a_retake_areas_sitting_is_retaken() -> None:
    passed = judge_audition(AUDITION, "ana", "Mr Lee", T0, 9, draws(10) + pays(10), 10)
    with pytest.raises(NotRetakeableError, match=r"^sitting ffffffff was passed: only"):
        Retake.of("f" * 32, passed, ())
    failed = judge_audition(AUDITION, "ana", "Mr Lee", T0, 7, draws(10) + pays(8), 10)
    with pytest.raises(NotRetakeableError, match="was failed"):
        Retake.of("f" * 32, failed, ())


def test_an_area_it_did_not_name_is_refused_in_one_line() -> None:
    with pytest.raises(NotRetakeableError) as caught:
        retake(("draws",))
    assert str(caught.value) == "sitting eeeeeeee named payouts to retake, not draws"
    with pytest.raises(NotRetakeableError, match="not nothing"):
        retake(())


def test_a_retake_sitting_sits_only_the_named_areas_and_records_the_link() -> None:
    r = retake()
    assert r.drills(AUDITION) == ("d-pay",)
    sitting = Sitting.start(AUDITION, "ana", NamedProctor("Ms Wu"), LATER, "r" * 32)
    sitting.retake = r
    for a in pays(10, session="r-d-pay"):
        sitting.on_practical(a)
    assert sitting.started().retake_of == "e" * 32
    run = sitting.record(LATER + timedelta(minutes=20))
    # no written part at a retake: 10 payouts asked, 10 right, passed as combined
    assert (run.questions, run.correct, run.passed) == (10, 10, True)
    assert run.retake_of == "e" * 32
