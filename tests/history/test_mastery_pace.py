"""Mastery's speed bands read from a school's pace targets (``pace_target``), at their edges,
worked by hand in whole milliseconds as docs/schools.md states the rule: the target is one
coup at the format's coups an hour (3,600,000 ms / coups) or its seconds a seat, kept exact."""

from __future__ import annotations

from fractions import Fraction

from trainer.curriculum.model import MasteryRule, PaceBand, SkillGoal
from trainer.engine.pace import TableFormat
from trainer.history.mastery import Pace, Standing, judge, pace_of

COUP = PaceBand(TableFormat.MINI, "coup")
SEAT = PaceBand(TableFormat.MINI, "seat")
#: 150 coups an hour: 24,000 ms a coup; fast at or under 75 % of it, 18,000 ms
AT_150 = MasteryRule(
    min_answers=1, recent=10, accuracy=90, fast=75, pace_millis=Fraction(24_000), pace_band=COUP
)
#: 7 coups an hour: 3,600,000 / 7 = 514,285 5/7 ms a coup, never rounded
AT_7 = MasteryRule(
    min_answers=1,
    recent=10,
    accuracy=90,
    fast=75,
    pace_millis=Fraction(3_600_000, 7),
    pace_band=COUP,
)


def goal(rule: MasteryRule) -> SkillGoal:
    return SkillGoal("g", "G", ("table:take",), "d", rule)


def test_the_band_is_the_pace_targets_not_target_seconds() -> None:
    # target_seconds stays at its default 5 s: 18 s an answer would be slow against it
    assert AT_150.target_seconds == 5.0
    assert judge(goal(AT_150), 10, [(True, 18.0)] * 10).pace is Pace.FAST


def test_at_the_fast_edge_a_coup_is_fast_and_a_millisecond_more_on_pace() -> None:
    # 10 x 18,000 = 180,000 ms; x 100 = 18,000,000 = 75 x 24,000 x 10: fast at the edge
    assert pace_of(AT_150, 180_000, 10) is Pace.FAST
    assert pace_of(AT_150, 180_001, 10) is Pace.ON_PACE
    assert judge(goal(AT_150), 10, [(True, 18.001)] * 10).pace is Pace.ON_PACE


def test_at_the_target_on_pace_and_mastered_a_millisecond_over_slow() -> None:
    # 10 x 24,000 = 240,000 = 24,000 x 10: on pace, mastered
    m = judge(goal(AT_150), 10, [(True, 24.0)] * 10)
    assert (m.pace, m.standing) == (Pace.ON_PACE, Standing.MASTERED)
    m = judge(goal(AT_150), 10, [(True, 24.001)] * 10)
    assert (m.pace, m.standing) == (Pace.SLOW, Standing.LEARNING)


def test_a_target_that_is_no_whole_millisecond_is_compared_exactly() -> None:
    # 3,600,000 / 7 x 10 answers = 5,142,857 1/7 ms: 5,142,857 ms on pace, 5,142,858 slow
    assert pace_of(AT_7, 5_142_857, 10) is Pace.ON_PACE
    assert pace_of(AT_7, 5_142_858, 10) is Pace.SLOW
    # fast: 75 x 3,600,000/7 x 10 / 100 = 3,857,142 6/7 ms
    assert pace_of(AT_7, 3_857_142, 10) is Pace.FAST
    assert pace_of(AT_7, 3_857_143, 10) is Pace.ON_PACE


def test_seconds_a_seat_is_the_target_per_answer() -> None:
    # 6.5 s a seat: 6,500 ms; one answer of 6.5 s on pace, 6.501 s slow; 4.875 s (75 %) fast
    rule = MasteryRule(min_answers=1, recent=1, pace_millis=Fraction(6_500), pace_band=SEAT)
    assert judge(goal(rule), 1, [(True, 6.5)]).pace is Pace.ON_PACE
    assert judge(goal(rule), 1, [(True, 6.501)]).pace is Pace.SLOW
    assert judge(goal(rule), 1, [(True, 4.875)]).pace is Pace.FAST


def test_a_slow_skill_says_the_pace_target_it_missed() -> None:
    m = judge(goal(AT_150), 10, [(True, 30.0)] * 10)
    assert m.needs == ("30.0 s an answer, 24 s (a coup at the mini pace target) the target",)
    m = judge(goal(AT_7), 10, [(True, 600.0)] * 10)
    # 514,285 5/7 ms shown to the tenth below: 514.2 s
    assert m.needs == ("600.0 s an answer, 514.2 s (a coup at the mini pace target) the target",)
