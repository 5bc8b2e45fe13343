"""Mastery per skill and the path, on hand-worked cases (each worked out below from the rule
as the docs state it, never read off the code), then the same figures from a real history on
both backends.

The rule in most cases: 4 answers in all, over the last 3: 67 % right (2 of 3 is 66.7 %:
short) and an average of at most 2 s; fast at or under 50 % of that (1 s)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.support.history import T0, answer
from trainer.curriculum.model import Curriculum, MasteryRule, Module, SkillGoal
from trainer.history.mastery import (
    DayPoint,
    ModuleState,
    Pace,
    Standing,
    assess,
    judge,
    path_progress,
    recent_depth,
    skill_trends,
)
from trainer.history.queries import Answer, recent_answers
from trainer.history.store import open_history

RULE = MasteryRule(min_answers=4, recent=3, accuracy=67, target_seconds=2.0, fast=50)
T, F = True, False


def goal(
    id_: str = "tableau", keys: tuple[str, ...] = ("banker:*",), drill: str = "d"
) -> SkillGoal:
    return SkillGoal(id_, id_.title(), keys, drill, RULE)


def run(*answers: bool, seconds: float = 1.5) -> list[tuple[bool, float]]:
    return [(ok, seconds) for ok in answers]


def test_no_answers_is_not_started_and_needs_them_all() -> None:
    m = judge(goal(), 0, [])
    assert m.standing is Standing.NOT_STARTED
    assert (m.recent, m.accuracy, m.pace) == (0, None, None)
    assert m.needs == ("4 more answers",)


def test_three_right_of_three_is_still_learning_short_of_four_answers() -> None:
    m = judge(goal(), 3, run(T, T, T))
    assert m.standing is Standing.LEARNING
    assert (m.recent, m.right) == (3, 3)
    assert m.needs == ("1 more answers",)


def test_two_of_the_last_three_is_short_of_67_percent() -> None:
    # F T T F: 4 answers; the last 3 are T T F, 2 of 3 = 66.7 % < 67 %; earlier windows had
    # fewer than 4 answers, so it never was mastered
    m = judge(goal(), 4, run(F, T, T, F))
    assert m.standing is Standing.LEARNING
    assert m.needs == ("2 of the last 3 right, 67% needed",)


def test_four_right_fast_is_mastered_and_fast() -> None:
    # 4 answers, the last 3 right, 1 s each: 1 s is exactly 50 % of 2 s, so fast
    m = judge(goal(), 4, run(T, T, T, T, seconds=1.0))
    assert m.standing is Standing.MASTERED and m.pace is Pace.FAST and m.needs == ()


def test_an_average_of_exactly_the_target_is_on_pace_and_over_it_slow() -> None:
    on_pace = judge(goal(), 4, run(T, T, T, T, seconds=2.0))
    assert on_pace.standing is Standing.MASTERED and on_pace.pace is Pace.ON_PACE
    # 3 + 2 + 2 = 7 s over the last 3: 2.33 s an answer, over the 2 s target
    slow = judge(goal(), 4, [(T, 2.0), (T, 3.0), (T, 2.0), (T, 2.0)])
    assert slow.standing is Standing.LEARNING and slow.pace is Pace.SLOW
    assert slow.needs == ("2.3 s an answer, 2 s the target",)


def test_mastery_lost_is_slipping_until_the_window_has_moved_past_it() -> None:
    # F T T T F: now T T F (2 of 3, short); after the 4th answer it was T T T with 4 in all:
    # mastered then, within the last 3 answers: slipping
    assert judge(goal(), 5, run(F, T, T, T, F)).standing is Standing.SLIPPING
    # T T T T then F F F: 7 answers; the window just before the 3 misses (T T T, 4 in all)
    # was mastery: still slipping
    assert judge(goal(), 7, run(T, T, T, T, F, F, F)).standing is Standing.SLIPPING
    # one more miss: every window ending within the last 3 answers (T T F, T F F, F F F) is
    # short: mastery is gone, back to learning
    m = judge(goal(), 8, run(T, T, T, T, F, F, F, F))
    assert m.standing is Standing.LEARNING
    assert m.needs == ("0 of the last 3 right, 67% needed",)


def test_mastery_comes_back_with_recent_answers() -> None:
    # T T T T F F F F then T T T: the last 3 are right again, 11 answers in all
    assert judge(goal(), 11, run(T, T, T, T, F, F, F, F, T, T, T)).mastered


def test_only_the_answers_given_count_towards_the_total() -> None:
    # 40 answers in all but only the last 3 read back (all right): mastered; the total, not
    # the tail, decides the minimum
    assert judge(goal(), 40, run(T, T, T)).mastered


# -- the path -------------------------------------------------------------------------------


def curriculum(in_order: bool = True) -> Curriculum:
    return Curriculum(
        "Test path",
        (
            Module(
                "draws",
                "The draws",
                ("d1", "d2"),
                (goal("naturals", ("natural",), "d1"), goal("tableau", ("banker:*",), "d2")),
            ),
            Module("outcomes", "Outcomes", ("d3",), (goal("outcomes", ("outcome:*",), "d3"),)),
            Module("payouts", "Payouts", ("d4",), (goal("payouts", ("payout:*",), "d4"),)),
        ),
        in_order=in_order,
    )


def answers(key: str, *given: bool, start: int = 0, seconds: float = 1.5) -> list[Answer]:
    return [
        Answer(key, ok, seconds, T0 + timedelta(minutes=start + i), start + i)
        for i, ok in enumerate(given)
    ]


def test_a_module_through_opens_the_next_and_the_next_drill_is_the_first_skill_left() -> None:
    # naturals mastered (4 right); the tableau slipping (F T T T F, pooled over two cells);
    # outcomes learning (2 answers); payouts' skill mastered, but its module not open yet
    recent = [
        *answers("natural", T, T, T, T),
        *answers("banker:3:8", F, T, start=10),
        *answers("banker:6:stood", T, T, F, start=12),
        *answers("outcome:tie", T, T, start=20),
        *answers("payout:tie:win", T, T, T, T, start=30),
    ]
    counts = {
        "natural": 4,
        "banker:3:8": 2,
        "banker:6:stood": 3,
        "outcome:tie": 2,
        "payout:tie:win": 4,
    }
    path = assess(curriculum(), counts, recent)
    assert [m.state for m in path.modules] == [
        ModuleState.IN_PROGRESS,  # the tableau slipped: not mastered
        ModuleState.IN_PROGRESS,  # open: the draws are through (mastered or slipping)
        # not yet open (the outcomes are still learning): never shown mastered before it
        # opens, though its one skill is (below)
        ModuleState.NOT_OPEN,
    ]
    assert [s.standing for s in path.skills] == [
        Standing.MASTERED,
        Standing.SLIPPING,
        Standing.LEARNING,
        Standing.MASTERED,
    ]
    assert path.next_drill == "d2"  # the tableau, in the first module not mastered
    assert [s.goal.id for s in path.to_go] == ["tableau", "outcomes"]
    assert not path.ready
    assert path.reviewed("banker:0:1") and path.reviewed("outcome:panda8")
    assert not path.reviewed("natural") and path.reviewed("call:result")  # no goal: reviewed


def test_a_module_not_through_keeps_the_next_closed_unless_the_school_opens_all() -> None:
    recent = [*answers("natural", T, T, T, T), *answers("banker:3:8", T, F, start=9)]
    counts = {"natural": 4, "banker:3:8": 2}
    in_order = assess(curriculum(), counts, recent)
    assert [m.state for m in in_order.modules] == [
        ModuleState.IN_PROGRESS,
        ModuleState.NOT_OPEN,
        ModuleState.NOT_OPEN,
    ]
    assert in_order.next_drill == "d2"
    all_open = assess(curriculum(in_order=False), counts, recent)
    assert [m.state for m in all_open.modules] == [ModuleState.IN_PROGRESS] * 3


def test_every_module_mastered_is_ready_for_the_audition() -> None:
    keys = ("natural", "banker:1:2", "outcome:banker", "payout:tie:lose")
    recent = [a for i, key in enumerate(keys) for a in answers(key, T, T, T, T, start=10 * i)]
    path = assess(curriculum(), dict.fromkeys(keys, 4), recent)
    assert path.ready and path.next_drill is None and path.to_go == ()


# -- from a history, on both backends ----------------------------------------------------------


def test_the_history_gives_the_figures_worked_by_hand(history_db: str) -> None:
    given = [  # the tableau: F T T T F over two cells, as above: slipping
        ("banker:3:8", F),
        ("banker:6:stood", T),
        ("banker:3:8", T),
        ("banker:6:stood", T),
        ("banker:3:8", F),
        ("natural", T),
        ("natural", T),
        ("natural", T),
        ("natural", T),
    ]
    with open_history(history_db) as store:
        for i, (key, ok) in enumerate(given):
            store.record_answer(answer(key, ok, T0 + timedelta(seconds=i), seconds=1.0))
        store.record_answer(answer("natural", F, T0, trainee="bo"))  # someone else's
        # each key's latest 2, oldest first
        latest = [(a.skill, a.correct) for a in recent_answers(store, "ana", 2)]
        assert latest == [
            ("banker:6:stood", T),
            ("banker:3:8", T),
            ("banker:6:stood", T),
            ("banker:3:8", F),
            ("natural", T),
            ("natural", T),
        ]
        path = path_progress(store, "ana", curriculum())
    assert recent_depth(curriculum()) == 6
    naturals, tableau, outcomes, payouts = path.skills
    assert (naturals.standing, naturals.pace) == (Standing.MASTERED, Pace.FAST)
    assert (tableau.standing, tableau.answered, tableau.right) == (Standing.SLIPPING, 5, 2)
    assert outcomes.standing is payouts.standing is Standing.NOT_STARTED
    assert [m.state for m in path.modules] == [
        ModuleState.IN_PROGRESS,
        ModuleState.IN_PROGRESS,
        ModuleState.NOT_OPEN,
    ]


@pytest.mark.parametrize("accuracy", [66, 67])
def test_the_percent_is_compared_exactly(accuracy: int) -> None:
    # 2 of 3 is 66.67 %: enough for 66 %, short of 67 %
    rule = MasteryRule(min_answers=3, recent=3, accuracy=accuracy, target_seconds=2.0)
    m = judge(SkillGoal("g", "G", ("natural",), "d", rule), 3, run(T, T, F))
    assert m.mastered is (accuracy == 66)


# -- over time -------------------------------------------------------------------------------


def test_days_pool_a_goals_keys_per_day(history_db: str) -> None:
    # day 1: banker:3:8 right in 2 s and wrong in 4 s, banker:6:stood right in 3 s;
    # day 2: one natural right in 1 s (another goal).  The tableau's day 1: 3 answers,
    # 2 right, 9 s (3 s each); the naturals' day 2: 1 answer in 1 s.
    day = timedelta(days=1)
    given = [
        ("banker:3:8", T, 2.0, T0),
        ("banker:3:8", F, 4.0, T0 + timedelta(minutes=1)),
        ("banker:6:stood", T, 3.0, T0 + timedelta(minutes=2)),
        ("natural", T, 1.0, T0 + day),
    ]
    with open_history(history_db) as store:
        for key, ok, seconds, at in given:
            store.record_answer(answer(key, ok, at, seconds=seconds))
        days = skill_trends(store, "ana", curriculum())
    assert days["tableau"] == (DayPoint("2024-05-01", 3, 2, 9.0),)
    assert days["tableau"][0].average == 3.0
    assert days["naturals"] == (DayPoint("2024-05-02", 1, 1, 1.0),)
    assert days["outcomes"] == days["payouts"] == ()
