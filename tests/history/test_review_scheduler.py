"""The Leitner schedule: boxes 1-5 due again after 0, 1, 3, 7 and 21 days; a miss goes to box
1; a right answer when due goes up one box; a right answer before it is due changes nothing.
Expectations are worked by hand from that scheme, with an injected clock."""

from __future__ import annotations

from datetime import timedelta

from tests.support.history import T0, answer
from trainer.history.scheduler import due_count, due_skills, schedule

DAY = timedelta(days=1)
SECOND = timedelta(seconds=1)


def state_after(*events: tuple[bool, timedelta]):
    """The state of one skill after right/wrong answers at T0 + offset."""
    return schedule(("banker:3:8", ok, T0 + at) for ok, at in events)["banker:3:8"]


def test_first_right_answer_puts_the_skill_in_box_2_due_a_day_later() -> None:
    s = state_after((True, timedelta()))
    assert (s.box, s.due_at) == (2, T0 + DAY)
    assert not s.is_due(T0 + DAY - SECOND) and s.is_due(T0 + DAY)


def test_first_wrong_answer_is_box_1_due_at_once() -> None:
    s = state_after((False, timedelta()))
    assert (s.box, s.due_at) == (1, T0)
    assert s.is_due(T0)


def test_answered_right_each_time_it_is_due_it_climbs_1_3_7_21_days() -> None:
    # right at T0 (box 2, due +1d), at +1d (box 3, due +3d more), at +4d (box 4, +7d),
    # at +11d (box 5, +21d), at +32d (stays 5, +21d).
    at = [timedelta(days=d) for d in (0, 1, 4, 11, 32)]
    expected = [(2, 1), (3, 4), (4, 11), (5, 32), (5, 53)]
    for n in range(1, len(at) + 1):
        s = state_after(*((True, t) for t in at[:n]))
        box, due_day = expected[n - 1]
        assert (s.box, s.due_at) == (box, T0 + timedelta(days=due_day)), n


def test_a_miss_sends_a_mastered_skill_back_to_box_1() -> None:
    climbing = [(True, timedelta(days=d)) for d in (0, 1, 4, 11)]  # now box 5
    s = state_after(*climbing, (False, timedelta(days=40)))
    assert (s.box, s.due_at) == (1, T0 + timedelta(days=40))
    # and the next right answer starts the climb again: box 2, one day
    s = state_after(*climbing, (False, timedelta(days=40)), (True, timedelta(days=40, hours=1)))
    assert (s.box, s.due_at) == (2, T0 + timedelta(days=41, hours=1))


def test_right_answers_before_the_due_date_do_not_climb() -> None:
    ten_in_one_drill = [(True, timedelta(seconds=10 * i)) for i in range(10)]
    s = state_after(*ten_in_one_drill)
    assert (s.box, s.due_at) == (2, T0 + DAY)
    assert (s.answered, s.correct) == (10, 10)


def test_a_miss_then_a_right_answer_in_the_same_drill() -> None:
    s = state_after((False, timedelta()), (True, timedelta(seconds=30)))
    assert (s.box, s.due_at) == (2, T0 + timedelta(seconds=30) + DAY)


def test_due_skills_and_count_from_the_store(store) -> None:
    store.on_answer(answer("banker:3:8", False, T0))
    store.on_answer(answer("outcome:tie", True, T0 + SECOND))
    store.on_answer(answer("natural", True, T0 + SECOND, trainee="bo"))
    store.on_answer(answer("player:5", True, T0 - 3 * DAY))  # due at T0 - 2 days
    store.on_answer(answer("player:5", True, T0 - 2 * DAY))  # box 3: due T0 + 1 day
    now = T0 + timedelta(minutes=5)
    assert [s.skill for s in due_skills(store, "ana", now)] == ["banker:3:8"]
    assert due_count(store, "ana", now) == 1
    later = T0 + DAY + SECOND  # outcome:tie and player:5 due too; lowest box first
    assert [s.skill for s in due_skills(store, "ana", later)] == [
        "banker:3:8",
        "outcome:tie",
        "player:5",
    ]
    assert due_count(store, "bo", now) == 0
    assert due_count(store, "nobody", now) == 0
