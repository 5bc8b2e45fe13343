"""What the home screen counts due is what the review asks, and a review long
enough asks each due skill before it asks any twice.

"Review: 1 skill due" then "nothing is due": the count took every payout key, the review
only those it could deal; a missed commission stayed due for ever.  A 60-question review
with 16 skills due, drawn by weight alone, asked one cell three times and left three
unasked.  Checked through the history store and dealt sessions, as the trainee meets them.
"""

from __future__ import annotations

import random
from datetime import timedelta
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest

from tests.support.history import T0, answer
from trainer.engine import Bet, Coup, parse_cards, settle_bet
from trainer.engine.analysis import class_counts
from trainer.engine.house import BUNDLED_HOUSES
from trainer.history.review import NothingDueError, build_review_drill, review_drill
from trainer.history.scheduler import SkillState, due_count, schedule
from trainer.history.store import open_history
from trainer.session import Session
from trainer.skills import (
    banker_skill,
    commission_skill,
    family,
    fee_skill,
    outcome_skill,
    payout_skill,
    player_skill,
    reviewed,
)

LATER = T0 + timedelta(hours=1)


def _card(value: int) -> str:
    return "TA23456789"[value] + "s"


@cache
def recordable() -> frozenset[str]:
    """Every skill key a coup question can record, under every bundled house: each coup
    class dealt, each step's skill as the session grades it."""
    keys = {fee_skill().key} | {commission_skill(bet).key for bet in Bet}
    for cls in class_counts(8):
        values = [cls.player_total, cls.banker_total, 0, 0]
        values += [v for v in (cls.player_third, cls.banker_third) if v is not None]
        coup = Coup.from_cards(parse_cards([_card(v) for v in values]))
        keys |= {player_skill(coup).key, banker_skill(coup).key}
        for house in BUNDLED_HOUSES.values():
            keys.add(outcome_skill(coup, house.named(coup.outcome)).key)
            for bet in house.bets:
                result = settle_bet(coup.outcome, bet, Decimal(35), house).result
                keys.add(payout_skill(bet, result).key)
    return frozenset(keys)


def _asked(drill, seed: int) -> list[str]:
    """The skills a dealt run of ``drill`` asks, in order."""
    return [q.skill.key for q in Session.deal(drill, "ana", random.Random(seed)).questions]


def test_every_skill_counted_due_is_asked_by_the_review() -> None:
    counted = sorted(k for k in recordable() if reviewed(k) and family(k) != "table")
    assert "payout:banker:commission" not in counted and "payout:fee" not in counted
    for key in counted:
        drill = build_review_drill([SkillState(key, 1, T0, 1, 0)], questions=1)
        assert key in _asked(drill, 1), key


def test_the_home_count_and_the_review_agree(tmp_path: Path) -> None:
    with open_history(tmp_path / "h.sqlite3") as store:
        store.on_answer(answer("payout:banker:commission", False, T0, step="commission"))
        store.on_answer(answer("payout:fee", False, T0, step="fee"))
        # a commission or fee missed is practised by its drill: nothing due, as the review says
        assert due_count(store, "ana", LATER) == 0
        with pytest.raises(NothingDueError, match="nothing is due"):
            review_drill(store, "ana", LATER)
        store.on_answer(answer("banker:3:8", False, T0))
        assert due_count(store, "ana", LATER) == 1
        drill = review_drill(store, "ana", LATER)
        assert set(_asked(drill, 2)) == {"banker:3:8"}
        # answered right, it leaves the count; the commission is never left waiting "now"
        store.on_answer(answer("banker:3:8", True, LATER))
        assert due_count(store, "ana", LATER + timedelta(minutes=1)) == 0


#: 16 Banker cells due (one step each): the issue's 60-question review.
CELLS = [f"banker:{b}:{v}" for b in (3, 4, 5, 6) for v in (2, 4, 6, 8)]


@pytest.mark.parametrize("seed", range(6))
def test_a_long_review_asks_each_due_skill_before_any_twice(seed: int) -> None:
    states = list(schedule((k, False, T0) for k in CELLS).values())
    asked = _asked(build_review_drill(states, questions=60), seed)
    assert len(asked) == 60
    assert sorted(asked[: len(CELLS)]) == sorted(CELLS)  # each once, first


@pytest.mark.parametrize("seed", range(4))
def test_a_mixed_review_deals_a_coup_for_each_due_skill_first(seed: int) -> None:
    keys = ["natural", "player:5", "banker:3:8", "outcome:tie", "payout:dragon7:win"]
    keys += ["payout:player:push", "banker:6:stood"]
    states = list(schedule((k, False, T0) for k in keys).values())
    drill = build_review_drill(states, questions=60)
    session = Session.deal(drill, "ana", random.Random(seed))
    first = {q.skill.key for q in session.questions if q.coup_index < len(keys)}
    assert set(keys) <= first


def test_a_short_review_asks_the_most_urgent_first() -> None:
    states = [SkillState(k, box, T0, 1, 0) for k, box in (("banker:3:8", 1), ("player:5", 4))]
    drill = build_review_drill(states, questions=2)  # two steps a coup: one coup
    assert drill.questions == 1
    for seed in range(5):
        assert "banker:3:8" in _asked(drill, seed)  # the lower box's coup is the one dealt


def test_a_review_counts_the_questions_the_trainee_chose() -> None:
    # "Review: how many questions?" 20: three steps a coup, 6 coups, 18 questions (as many
    # whole coups as fit): the header counts the questions, as the trainee chose them
    keys = ["natural", "player:5", "banker:3:8", "outcome:tie"]
    states = list(schedule((k, False, T0) for k in keys).values())
    s = Session.deal(build_review_drill(states, questions=20), "ana", random.Random(1))
    assert s.total == 18 and len(s.coups) == 6
    assert [s.counter(n) for n in (1, 2, 18)] == ["Q 1/18", "Q 2/18", "Q 18/18"]
