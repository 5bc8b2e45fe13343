"""Mastery's bands at their edges, worked by hand in whole milliseconds as docs/schools.md
states the rule (never read off the code): a float sum of ten 2.1 s answers is
21.000000000000004 s, which put an average exactly at the fast edge on the wrong side."""

from __future__ import annotations

from trainer.curriculum.model import MasteryRule, SkillGoal
from trainer.history.mastery import Pace, Standing, judge, pace_of
from trainer.scoring import millis

#: fast at or under 70 % of a 3 s target: 2.1 s an answer is the edge.
RULE = MasteryRule(min_answers=1, recent=10, accuracy=90, target_seconds=3.0, fast=70)


def goal(rule: MasteryRule = RULE) -> SkillGoal:
    return SkillGoal("g", "G", ("natural",), "d", rule)


def test_a_time_is_whole_milliseconds_rounded_half_up() -> None:
    assert millis(2.1) == 2100  # not 2100.0000000000005 truncated or carried
    assert millis(0.0005) == 1  # half up
    assert millis(0.0004) == 0
    assert millis(3) == 3000


def test_ten_answers_at_exactly_the_fast_edge_are_fast() -> None:
    # 10 x 2100 ms = 21000 ms; 21000 x 100 = 2 100 000 = 70 x 3000 x 10: at the edge, fast
    m = judge(goal(), 10, [(True, 2.1)] * 10)
    assert m.pace is Pace.FAST
    assert m.standing is Standing.MASTERED


def test_one_answer_at_exactly_the_fast_edge_is_fast_too() -> None:
    # 2100 x 100 = 210 000 = 70 x 3000 x 1
    assert judge(goal(), 1, [(True, 2.1)]).pace is Pace.FAST
    assert pace_of(RULE, 2100, 1) is Pace.FAST


def test_a_millisecond_over_the_fast_edge_is_on_pace() -> None:
    # 10 x 2101 = 21010 ms; 2 101 000 > 2 100 000
    assert judge(goal(), 10, [(True, 2.101)] * 10).pace is Pace.ON_PACE


def test_exactly_the_target_is_on_pace_and_a_millisecond_over_is_slow() -> None:
    assert pace_of(RULE, 30000, 10) is Pace.ON_PACE  # 30000 <= 3000 x 10
    assert pace_of(RULE, 30001, 10) is Pace.SLOW


def test_mastery_at_exactly_the_target_sum_is_mastered() -> None:
    # target 0.15 s over the last 2: 0.1 s + 0.2 s = 300 ms = 150 x 2, at the target: mastered
    # (as floats 0.1 + 0.2 = 0.30000000000000004 > 0.3, which read slow)
    rule = MasteryRule(min_answers=2, recent=2, accuracy=100, target_seconds=0.15, fast=50)
    m = judge(goal(rule), 2, [(True, 0.1), (True, 0.2)])
    assert m.standing is Standing.MASTERED
    assert m.pace is Pace.ON_PACE


# -- slipping and what opens a module, as docs/schools.md words them -------------------------

DOCS_RULE = MasteryRule(min_answers=4, recent=3, accuracy=90, target_seconds=5.0, fast=75)
T, F = True, False


def on_time(*answers: bool) -> list[tuple[bool, float]]:
    return [(ok, 1.0) for ok in answers]


def test_the_docs_example_of_slipping() -> None:
    # mastered just after the fourth answer (right x 4: 4 in all, the last 3 right), the one
    # before the last three: slipping
    g = goal(DOCS_RULE)
    assert judge(g, 7, on_time(T, T, T, T, F, F, F)).standing is Standing.SLIPPING
    # a fourth wrong answer: the one before the last three is now the fifth (a miss), and
    # no window ending from it to the one before the latest is mastery: learning
    assert judge(g, 8, on_time(T, T, T, T, F, F, F, F)).standing is Standing.LEARNING


def test_mastery_at_the_latest_answer_only_is_mastered_not_slipping() -> None:
    # the window ending at the latest answer is "now": right x 4 is mastered
    assert judge(goal(DOCS_RULE), 4, on_time(T, T, T, T)).standing is Standing.MASTERED


def test_the_answers_in_all_are_counted_as_they_were_then() -> None:
    # F T T T F: the window just after the fourth answer (T T T) had 4 answers in all:
    # mastery then, slipping now.  T T T F: after the third (T T T) only 3 in all, short of
    # 4: never mastered, learning
    g = goal(DOCS_RULE)
    assert judge(g, 5, on_time(F, T, T, T, F)).standing is Standing.SLIPPING
    assert judge(g, 4, on_time(T, T, T, F)).standing is Standing.LEARNING


def test_a_slipping_skill_keeps_the_next_module_open_a_learning_one_closes_it() -> None:
    from tests.support.history import T0
    from trainer.curriculum.model import Curriculum, Module
    from trainer.history.mastery import ModuleState, assess
    from trainer.history.queries import Answer

    first = SkillGoal("a", "A", ("natural",), "d1", DOCS_RULE)
    second = SkillGoal("b", "B", ("outcome:*",), "d2", DOCS_RULE)
    path = Curriculum(
        "p", (Module("m1", "M1", ("d1",), (first,)), Module("m2", "M2", ("d2",), (second,)))
    )

    def history(*answers: bool) -> list[Answer]:
        from datetime import timedelta

        return [
            Answer("natural", ok, 1.0, T0 + timedelta(seconds=i)) for i, ok in enumerate(answers)
        ]

    slipping = assess(path, {"natural": 7}, history(T, T, T, T, F, F, F))
    assert [m.state for m in slipping.modules] == [ModuleState.IN_PROGRESS, ModuleState.IN_PROGRESS]
    learning = assess(path, {"natural": 8}, history(T, T, T, T, F, F, F, F))
    assert [m.state for m in learning.modules] == [ModuleState.IN_PROGRESS, ModuleState.NOT_OPEN]
