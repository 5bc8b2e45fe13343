"""Benchmark: what reading a pace target costs mastery, and the audition's table count.

Run on demand (not collected by pytest)::

    python tests/benchmarks/bench_pace.py            # 20,000 skills, 100,000 records

Times ``trainer.history.mastery.judge`` over skills of 60 answers (recent 30) judged against
``target_seconds`` (whole milliseconds, integers: 514.285 s) and against a pace band of 7
coups an hour (3,600,000/7 ms, a Fraction), the same target either way, and
``trainer.session.pace.table_time`` over table records (best of five runs each).
"""

from __future__ import annotations

import random
import sys
import time
from datetime import UTC, datetime
from fractions import Fraction

from trainer.curriculum.model import MasteryRule, PaceBand, SkillGoal
from trainer.engine.pace import TableFormat
from trainer.history.mastery import judge
from trainer.session.pace import table_time
from trainer.session.records import AnswerRecord

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def best(work, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main(skills: int = 20_000, records: int = 100_000) -> None:
    rng = random.Random(1)
    tails = [
        [(rng.random() < 0.9, round(rng.uniform(1, 900), 3)) for _ in range(60)]
        for _ in range(skills)
    ]
    # the same target either way (514.285 s and 514,285 5/7 ms), so the same skills are
    # mastered, slipping or learning and only the arithmetic differs
    plain = SkillGoal(
        "g", "G", ("table:take",), "d", MasteryRule(min_answers=10, target_seconds=514.285)
    )
    band = PaceBand(TableFormat.MINI, "coup")
    paced = SkillGoal(
        "g",
        "G",
        ("table:take",),
        "d",
        MasteryRule(min_answers=10, pace_millis=Fraction(3_600_000, 7), pace_band=band),
    )
    for name, goal in (("target_seconds", plain), ("pace band 3,600,000/7 ms", paced)):
        took = best(lambda g=goal: [judge(g, 60, t) for t in tails])
        print(f"judge, {skills:,} skills against {name}: {took:.3f} s")
    skills_ = ("table:take", "table:pay:banker", "table:chips", "table:order")
    rows = [
        AnswerRecord(
            "s1",
            "ana",
            "d",
            "table",
            skills_[i % 4],
            (str(i // 4),),
            "x",
            "x",
            True,
            rng.uniform(0.5, 9),
            T0,
        )
        for i in range(records)
    ]
    took = best(lambda: table_time(rows))
    print(f"table_time over {records:,} records: {took:.3f} s")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
