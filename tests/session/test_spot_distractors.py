"""Spot the error, the right step: every option offered beside the right one is a wrong step
(once "7d is the Player's third card" and "deal 7d to the Player" were both offered, the
second marked wrong).

The oracle reads the correct procedure, not the audit: before a replay's first deviation the
dealing is right, so the right step there is the correct procedure's step at that place, a
card to a hand, or no card at all once the hands are complete.  An option that deals that
card (or a third card) to that hand, or, when no card is due, that gives no card, is a right
step in other words and must not be offered as wrong.
"""

from __future__ import annotations

import random

import pytest

from tests.support.coups import FakeClock, FakeNow, spot_drill
from trainer.engine.cards import DealtCard
from trainer.engine.catalogue import CATALOGUE
from trainer.engine.dealt import Dealt
from trainer.session import Session
from trainer.session.questions import ChoiceAnswer
from trainer.session.spot import FixQuestion


def fixes(mistake_id: str, level: str, seed: int) -> list[FixQuestion]:
    drill = spot_drill(1.0, level=level, ids=(mistake_id,), questions=8)
    s = Session.deal(drill, "Alex", random.Random(seed), clock=FakeClock(), now=FakeNow())
    return [q for q in s.questions if isinstance(q, FixQuestion)]


def right_in_other_words(q: FixQuestion, option: str) -> bool:
    """Whether ``option`` is the right card step at the replay's first deviation."""
    r = q.replay
    correct = Dealt.correct(r.coup, r.layout, r.house)
    at = q.flagged
    cards = len(correct.cards)
    if at > cards or (at < cards and not isinstance(correct.steps[at], DealtCard)):
        return False  # a call or a bet: judged by the equality with the right answer
    if option.startswith("the "):  # a hand's total called ("the Banker has 9"): not a card
        return False
    if at == cards:  # the hands are complete: no card is due to either
        return option.startswith("no ")
    due = correct.steps[at]
    assert isinstance(due, DealtCard)
    names_it = str(due.card) in option or "a third card" in option
    return due.to.label in option and names_it and not option.startswith("no ")


@pytest.mark.parametrize(
    ("mistake_id", "level"),
    [(m.id, m.level.value) for m in CATALOGUE],
)
def test_no_distractor_is_a_right_step(mistake_id: str, level: str) -> None:
    seen = 0
    for seed in range(6):
        for q in fixes(mistake_id, level, seed):
            right = q.expected().text
            assert right in q.options and q.grade(ChoiceAnswer(right)).correct
            for option in q.options:
                if option == right:
                    continue
                assert not right_in_other_words(q, option), (seed, q.prompt, right, option)
                assert not q.grade(ChoiceAnswer(option)).correct
            seen += 1
    assert seen, f"{mistake_id} was never dealt at the {level} level"


def test_the_oracle_sees_the_issues_example() -> None:
    # Guards the test above against passing vacuously: the two words for one right step.
    q = next(
        q
        for seed in range(40)
        for q in fixes("third-card-wrong-hand", "coup", seed)
        if isinstance(q.replay.dealt.steps[q.flagged], DealtCard)
    )
    due = Dealt.correct(q.replay.coup, q.replay.layout, q.replay.house).steps[q.flagged]
    assert isinstance(due, DealtCard)
    assert right_in_other_words(q, f"deal {due.card} to the {due.to.label}")
    assert right_in_other_words(q, f"{due.card} is the {due.to.label}'s third card")
