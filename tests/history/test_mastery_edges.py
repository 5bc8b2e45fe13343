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
