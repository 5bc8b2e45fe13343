"""The audition's verdict on hand-worked sittings: the written part against its
pass mark, each area's grade on the rubric, red lines failing it outright, the retake date.

The audition in these cases: a written part of 10 questions, 80 % to pass; the draws (target
4 s an answer) and the payouts (target 8 s); grades A (95 % right, at most 100 % of the
target time), B (90 %, 125 %), C (80 %, 150 %); red lines: a wrong draw, and a payout off by
more than a chip (1)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from decimal import Decimal

import pytest

from tests.support.history import T0, answer
from trainer.curriculum.catalogue import load_curriculum
from trainer.curriculum.model import Area, Audition, Grade, RedLine
from trainer.session.audition import (
    NotApprovedError,
    Sitting,
    amount_of,
    grade_of,
    judge_audition,
    written_drill,
)
from trainer.session.records import AnswerRecord
from trainer.skillkey import matches_any

A, B, C = Grade("A", 95, 100), Grade("B", 90, 125), Grade("C", 80, 150)
DRAWS = Area("draws", "The draws", ("natural", "player:*", "banker:*"), 4.0)
PAYOUTS = Area("payouts", "Payouts", ("payout:*",), 8.0)
WRONG_DRAW = RedLine("wrong-draw", "A wrong draw", ("natural", "player:*", "banker:*"))
PAYOUT_OFF = RedLine(
    "payout-off", "A payout off by more than a chip", ("payout:*:win",), Decimal(1)
)
AUDITION = Audition(10, 80, (DRAWS, PAYOUTS), (A, B, C), (WRONG_DRAW, PAYOUT_OFF), retake_days=7)


#: The draws answered right, one of each skill the draws area names first (a natural, a
#: Player's draw), then the Banker's.
DRAWN = (("natural", "stands"), ("player:5", "draws"))


def draws(n: int, seconds: float, *, banker_only: bool = False) -> list[AnswerRecord]:
    first = () if banker_only else DRAWN
    keys = [*first, *[("banker:3:8", "draws")] * n][:n]
    return [answer(k, True, T0, seconds=seconds, answer_text=a, expected=a) for k, a in keys]


def payouts(right: int, wrong: list[tuple[str, str]], seconds: float) -> list[AnswerRecord]:
    made = [
        answer(
            "payout:dragon7:win",
            True,
            T0,
            seconds=seconds,
            answer_text="win 200",
            expected="win 200",
        )
        for _ in range(right)
    ]
    made += [
        answer("payout:dragon7:win", False, T0, seconds=seconds, answer_text=given, expected=due)
        for given, due in wrong
    ]
    return made


def test_a_pass_with_an_a_and_a_b() -> None:
    # written 8 of 10: exactly 80 %, a pass.  Draws: 10 right in 3 s each, 75 % of 4 s: A.
    # Payouts: 19 of 20 right (95 %) in 9 s each, 112.5 % of 8 s, counted as 113 %: too slow
    # for A (100 %), a B (90 %, 125 %).  The wrong payout is 14 for 15: one chip off, no red
    # line.
    sitting = draws(10, 3.0) + payouts(19, [("win 14", "win 15")], 9.0)
    v = judge_audition(AUDITION, "ana", "mr. lee", T0, 8, sitting)
    assert v.written_passed
    assert [(a.area.id, a.grade, a.pace) for a in v.areas] == [
        ("draws", A, 75),
        ("payouts", B, 113),
    ]
    assert v.crossed == () and v.passed and v.reasons == () and v.retake_from is None


def test_a_payout_fifteen_short_fails_outright_whatever_the_grades() -> None:
    # as above, but the wrong payout is 600 for 615: 15 off, more than a chip
    sitting = draws(10, 3.0) + payouts(19, [("win 600", "win 615")], 9.0)
    v = judge_audition(AUDITION, "ana", "mr. lee", T0, 10, sitting)
    assert [a.grade for a in v.areas] == [A, B]  # the areas still graded
    assert not v.passed
    assert v.reasons == ("red line: A payout off by more than a chip (win 600, not win 615)",)
    assert v.retake_from == T0 + timedelta(days=7)


def test_one_wrong_draw_crosses_its_red_line() -> None:
    # 20 draws, 19 right: 95 %, an A on its own, but a wrong draw fails the audition
    wrong = answer("banker:3:8", False, T0, seconds=3.0, answer_text="stands", expected="draws")
    v = judge_audition(
        AUDITION, "ana", "mr. lee", T0, 10, [*draws(19, 3.0), wrong, *payouts(10, [], 4.0)]
    )
    assert v.areas[0].grade == A and [c.red_line.id for c in v.crossed] == ["wrong-draw"]
    assert v.reasons == ("red line: A wrong draw (stands, not draws)",)


def test_the_written_part_an_area_below_the_rubric_and_an_area_never_sat() -> None:
    # written 7 of 10: 70 %, short of 80 %.  No draws answered: that area fails.  Payouts 15
    # of 20 right (75 %, below C's 80 %) in 12 s: 150 % of the target, C's limit; the wrong
    # ones are "push" for a win: no amount, so no red line for a payout off
    sitting = payouts(15, [("push", "win 200")] * 5, 12.0)
    v = judge_audition(AUDITION, "bo", "mr. lee", T0, 7, sitting)
    assert [a.area.id for a in v.failed_areas] == ["draws", "payouts"]
    assert v.crossed == ()
    assert v.reasons == (
        "written part: 7 of 10 right, 80% needed",
        "The draws: not enough answers (0 of the 5 it needs)",
        "Payouts: 15 of 20 right at 150% of the target time, below every grade",
    )


@pytest.mark.parametrize(
    ("right", "answered", "pace", "grade"),
    [
        (19, 20, 100, A),  # 95 %, on target
        (19, 20, 101, B),  # a hair slow for A
        (18, 20, 125, B),  # 90 % at B's limit
        (16, 20, 150, C),  # 80 % at C's limit
        (16, 20, 151, None),  # too slow for C
        (79, 100, 50, None),  # 79 %: below C
        (0, 0, None, None),  # nothing answered
    ],
)
def test_the_grade_is_the_first_met_best_first(
    right: int, answered: int, pace: int | None, grade: Grade | None
) -> None:
    assert grade_of((A, B, C), right, answered, pace) == grade


def test_amounts_are_read_from_the_answers_text() -> None:
    assert amount_of("win 615") == Decimal(615)
    assert amount_of("6.75") == Decimal("6.75")
    assert amount_of("win $1,200") == Decimal(1200)
    assert amount_of("push") is None and amount_of("") is None


def test_a_written_score_past_its_questions_is_refused() -> None:
    with pytest.raises(ValueError, match="11 right of a written part of 10"):
        judge_audition(AUDITION, "ana", "x", T0, 11, [])


def test_the_bundled_path_ends_in_an_audition() -> None:
    audition = load_curriculum().audition
    assert audition is not None
    assert (audition.written_questions, audition.written_pass_mark) == (18, 80)
    assert [g.grade for g in audition.rubric] == ["A", "B", "C"]
    assert {r.id for r in audition.red_lines} == {
        "wrong-draw",
        "banker-push-paid-or-taken",
        "payout-off-by-more-than-a-chip",
    }


# -- a sitting ---------------------------------------------------------------------------------


class Approves:
    def __init__(self, name: str | None) -> None:
        self.name = name
        self.asked: list[str] = []

    def approve(self, trainee: str) -> str | None:
        self.asked.append(trainee)
        return self.name


def test_no_approval_no_audition() -> None:
    proctor = Approves(None)
    with pytest.raises(NotApprovedError, match="ana was not approved"):
        Sitting.start(AUDITION, "ana", proctor, T0, "a1")
    assert proctor.asked == ["ana"]


def test_a_sitting_records_who_sat_who_proctored_and_the_verdict() -> None:
    sitting = Sitting.start(AUDITION, "ana", Approves("mr. lee"), T0, "a1")
    # written: 10 asked, 9 right (90 %, over the 80 % mark)
    for n in range(10):
        sitting.on_written(answer("outcome:tie", n != 0, T0, seconds=3.0))
    # practical: the draws and payouts of the first case above (an A and a B), no red line
    for a in draws(10, 3.0) + payouts(19, [("win 14", "win 15")], 9.0):
        sitting.on_practical(a)
    verdict = sitting.verdict()
    assert (verdict.trainee, verdict.proctor, verdict.passed) == ("ana", "mr. lee", True)
    assert (verdict.written_right, verdict.written_questions) == (9, 10)
    record = sitting.record(T0 + timedelta(hours=1))
    # one run of its own: 10 written + 30 practical questions, 9 + 29 right, passed
    assert (record.drill_id, record.mode, record.session_id) == ("audition", "exam", "a1")
    assert (record.questions, record.correct, record.passed) == (40, 38, True)
    assert record.drill_title == "Audition (proctor: mr. lee)"


def test_the_written_part_counts_the_questions_set_not_those_answered() -> None:
    """Set at 10, 7 answered, all 7 right: 7 of 10, 70 %, under the 80 % mark (the 3 never
    reached count as not right), so the written part and the sitting fail; counted out of
    the 7 answered it would pass at 100 %."""
    sitting = Sitting.start(AUDITION, "ana", Approves("mr. lee"), T0, "a1")
    for _ in range(7):
        sitting.on_written(answer("outcome:tie", True, T0, seconds=3.0))
    for a in draws(10, 3.0) + payouts(20, [], 6.0):
        sitting.on_practical(a)
    verdict = sitting.verdict()
    assert (verdict.written_right, verdict.written_questions) == (7, 10)
    assert not verdict.written_passed and not verdict.passed
    record = sitting.record(T0 + timedelta(hours=1))
    # 10 written (as set) + 30 practical; 7 + 30 right
    assert (record.questions, record.correct, record.passed) == (40, 37, False)


def test_a_written_part_answered_past_its_set_number_counts_every_answer() -> None:
    """Set at 2 (one coup asks 4): 4 answered, 3 right, counted out of 4, never 3 of 2."""
    two = Audition(2, 80, (DRAWS,), (A,))
    sitting = Sitting.start(two, "ana", Approves("mr. lee"), T0, "a1")
    for n in range(4):
        sitting.on_written(answer("outcome:tie", n != 0, T0, seconds=3.0))
    assert (sitting.verdict().written_right, sitting.verdict().written_questions) == (3, 4)


def test_the_written_part_is_an_exam_dealt_by_the_engine() -> None:
    import random

    from trainer.drills.generate import deal_drill

    drill = written_drill(AUDITION)
    # 10 questions of 4 steps (draws, outcome, one payout) a coup: 3 coups, the third cut
    # after its draws (4 + 4 + 2)
    assert (drill.questions, drill.mode.value, drill.pass_mark) == (3, "exam", 80)
    coups = deal_drill(drill, random.Random(7))
    assert len(coups) == 3
    assert all(len(c.wagers) == 1 for c in coups)  # one bet: one payout question a coup


@pytest.mark.parametrize(("written", "coups"), [(18, 5), (16, 4), (10, 3), (1, 1), (0, 1)])
def test_the_written_part_asks_the_questions_set_no_more_no_fewer(written, coups) -> None:
    """18 set: 5 coups of 4 is 20, cut to 18 (the fifth asks its draws only); 16: 4 whole
    coups; 1: one coup's first question (does the Player draw); 0: one whole coup (4)."""
    import random
    from dataclasses import replace

    from trainer.drills.model import Step
    from trainer.session import Session

    drill = written_drill(replace(AUDITION, written_questions=written))
    session = Session.deal(drill, "ana", random.Random(3))
    assert (drill.questions, session.total) == (coups, written or 4)
    assert session.questions[0].step is Step.PLAYER_DRAWS
    if written == 18:
        last = session.questions[16:]
        assert [(q.coup_index, q.step) for q in last] == [
            (4, Step.PLAYER_DRAWS),
            (4, Step.BANKER_DRAWS),
        ]
    assert session.counter(1) == f"Q 1/{written or 4}"


def test_a_proctor_who_types_a_name_approves_and_a_blank_one_does_not() -> None:
    from trainer.session.audition import NamedProctor, NotApprovedError, Sitting

    with pytest.raises(NotApprovedError):
        Sitting.start(AUDITION, "ana", NamedProctor("   "), T0, "s1")
    sitting = Sitting.start(AUDITION, "ana", NamedProctor(" Mrs Lee "), T0, "s1")
    assert sitting.proctor == "Mrs Lee"


def test_the_sitting_as_it_starts_and_as_it_is_left() -> None:
    """Under way: no verdict; left after 2 written answers (1 right) and 1 practical (right):
    3 asked, 2 right, abandoned, still no verdict.  The proctor is read back from its title."""
    from trainer.session.audition import (
        AUDITION_ID,
        NamedProctor,
        Sitting,
        part_session_id,
        practical_drills,
        proctor_of,
    )

    sitting = Sitting.start(AUDITION, "ana", NamedProctor("Mrs Lee"), T0, "abc")
    started = sitting.started()
    assert (started.drill_id, started.finished_at, started.passed) == (AUDITION_ID, None, None)
    assert proctor_of(started.drill_title) == "Mrs Lee" and proctor_of("Payouts") == ""
    sitting.on_written(answer("natural", True))
    sitting.on_written(answer("natural", False))
    sitting.on_practical(answer("payout:player:win", True))
    left = sitting.abandoned(T0 + timedelta(minutes=5))
    assert (left.questions, left.correct, left.abandoned, left.passed) == (3, 2, True, None)
    assert part_session_id("abc", "written") == "abc-written"
    # the drills the practical part is sat with, each once, in the areas' order
    twice = Audition(
        4,
        80,
        (
            Area("a", "A", ("x",), 1, "d1"),
            Area("b", "B", ("y",), 1, "d1"),
            Area("c", "C", ("z",), 1, "d2"),
            Area("e", "E", ("w",), 1),
        ),
        (A,),
    )
    assert practical_drills(twice) == ("d1", "d2")


def test_an_area_on_fewer_answers_than_the_curriculum_sets_gets_no_grade() -> None:
    # 4 draws, all right in 3 s (75 % of 4 s): an A on accuracy and pace, but 4 answers are
    # fewer than the 5 an area needs (the default): "not enough answers", and it fails; the
    # fifth right answer makes it an A.  Payouts 10 right in 4 s: an A either way.
    few = draws(4, 3.0) + payouts(10, [], 4.0)
    short = judge_audition(AUDITION, "ana", "mr. lee", T0, 10, few)
    area = short.areas[0]
    assert AUDITION.min_answers == 5
    assert (area.answered, area.grade, area.mark) == (4, None, "not enough answers")
    assert not short.passed
    assert short.reasons == ("The draws: not enough answers (4 of the 5 it needs)",)
    enough = judge_audition(AUDITION, "ana", "mr. lee", T0, 10, draws(5, 3.0) + few[4:])
    assert enough.areas[0].mark == "A" and enough.passed
    stricter = replace(AUDITION, min_answers=12)
    ten = judge_audition(stricter, "ana", "mr. lee", T0, 10, draws(10, 3.0))
    assert ten.areas[0].mark == "not enough answers"


@pytest.mark.parametrize("seed", range(40))
def test_each_bundled_area_is_asked_at_least_its_minimum_as_an_exam(seed: int) -> None:
    """Each practical area of the bundled audition, its drill dealt as the audition deals
    it (an exam part, with a coup for each skill key it names), asks at least
    ``min_answers`` questions its keys cover and each key at least once, counted before
    any answer (a table: its take, the moments watched, the shoe's questions); the shoe's
    area asks the burn it names (the next shoe's, the run starting near the end).  Forty
    seeds: without the covering coup the draws area missed its natural on 5 of them."""
    import random

    from trainer.drills.catalogue import load_drill
    from trainer.drills.model import Kind
    from trainer.history.review import covers_for
    from trainer.session.audition import exam_part
    from trainer.session.session import Session
    from trainer.session.table.session import TableSession

    audition = load_curriculum().audition
    assert audition is not None and audition.min_answers == 5
    for n, area in enumerate(audition.areas, 2):
        plain = load_drill(area.drill)
        covers = covers_for(area.keys, plain) if plain.kind is Kind.COUP else ()
        drill = exam_part(plain, n, len(audition.areas) + 1, covers)
        rng = random.Random(seed)
        if drill.is_table:
            t = TableSession.deal(drill, "t", rng)
            shoe = [t.burn, *t.after.values(), t.next_burn]
            skills = [
                *("table:take" for _ in t.tables),
                *(q.skill.key for w in t.tables for q in w.watch),
                *(q.skill.key for q in shoe if q is not None),
            ]
        else:
            skills = [q.skill.key for q in Session.deal(drill, "t", rng).questions]
        asked = [k for k in skills if area.covers(k)]
        assert len(asked) >= audition.min_answers, (area.id, asked)
        for key in area.keys:
            assert any(matches_any((key,), k) for k in asked), (area.id, key, asked)
        if area.id == "shoe":
            assert "shoe:burn" in asked and len(asked) >= 7  # every coup's "what now?"


def test_an_area_that_never_asked_a_skill_it_names_gets_no_grade() -> None:
    # 10 draws, all right and fast, but each a Player's or the Banker's draw: the natural the
    # area names was never asked, so "not enough answers", whatever the others earn
    area = Area("draws", "The draws", ("natural", "player:*", "banker:*"), 4.0)
    plain = replace(AUDITION, areas=(area,))
    only = [*draws(9, 3.0, banker_only=True), draws(2, 3.0)[1]]  # a Player's draw, no natural
    v = judge_audition(plain, "ana", "mr. lee", T0, 10, only)
    assert v.areas[0].unasked == ("natural",) and v.areas[0].mark == "not enough answers"
    assert v.reasons == ("The draws: not enough answers (never asked: natural)",)


def test_a_fix_an_exam_passed_over_is_missed_not_an_answer_in_no_time() -> None:
    """Spotting at a table: 5 replays flagged right in 9 s each, 5 fixes answered right in
    9 s, and a sixth replay's error missed in 9 s (its fix not asked, recorded in 0 s).
    Right 10 of 12 (83 %); the pace is 99 s over the 11 answers given, 9 s a one, 100 % of
    a 9 s target, not 99 s over 12 (8.25 s, 92 %): a miss never makes the trainee faster."""
    spot = Area("spot", "Spotting", ("spot:*",), 9.0)
    exam = Audition(10, 80, (spot,), (A, B, C), (), retake_days=7)

    def made(skill: str, right: bool, seconds: float, given: str) -> AnswerRecord:
        return answer(skill, right, T0, seconds=seconds, answer_text=given, expected="x")

    sitting = [made("spot:none", True, 9.0, "step 3") for _ in range(5)]
    sitting += [made("spot:none:fix", True, 9.0, "x") for _ in range(5)]
    sitting += [made("spot:none", False, 9.0, "no error")]
    sitting += [made("spot:none:fix", False, 0.0, "not asked")]
    (area,) = judge_audition(exam, "ana", "mr. lee", T0, 10, sitting).areas
    assert (area.answered, area.right, area.pace) == (12, 10, 100)
