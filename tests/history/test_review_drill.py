"""The Review drill: each due skill's filter deals exactly the coups that exercise that skill.

The check is independent of the mapping code: every coup class of an 8-deck shoe is turned
into real cards, dealt by the engine, and asked which skill each step would test
(trainer.skills, as the session grades); the filter must select exactly those classes."""

from __future__ import annotations

import random
from datetime import timedelta
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest

from tests.support.history import T0, answer
from trainer.drills.generate import deal_drill
from trainer.drills.model import Step
from trainer.engine import Bet, Coup, Outcome, parse_cards, settle_bet
from trainer.engine.analysis import CoupClass, class_counts
from trainer.history.review import (
    BadReviewLengthError,
    NothingDueError,
    box_weight,
    build_review_drill,
    review_drill,
    target,
)
from trainer.history.scheduler import SkillState, schedule
from trainer.history.store import open_history
from trainer.skills import banker_skill, outcome_skill, payout_skill, player_skill

#: docs/rules.md's settlement table, by hand: for each bet, the outcomes giving each result.
P, B, T, D7, P8 = "player", "banker", "tie", "dragon7", "panda8"
SETTLEMENT = {
    "player": {"win": {P, P8}, "push": {T}, "lose": {B, D7}},
    "banker": {"win": {B}, "push": {D7, T}, "lose": {P, P8}},
    "tie": {"win": {T}, "lose": {P, P8, B, D7}},
    "dragon7": {"win": {D7}, "lose": {P, P8, B, T}},
    "panda8": {"win": {P8}, "lose": {P, B, D7, T}},
}

ALL_SKILLS = (
    ["natural"]
    + [f"player:{t}" for t in range(8)]
    + [f"banker:{b}:{v}" for b in range(8) for v in range(10)]
    + [f"banker:{b}:stood" for b in range(8)]
    + [f"outcome:{o}" for o in (P, B, T, D7, P8)]
    + [f"payout:{bet}:{res}" for bet, results in SETTLEMENT.items() for res in results]
)


def _card(value: int) -> str:
    return "TA23456789"[value] + "s"


@cache
def exercised() -> dict[CoupClass, dict[Step | tuple[Step, Bet], str]]:
    """For every coup class: the skill each step tests, from a real coup of that class."""
    out = {}
    for cls in class_counts(8):
        values = [cls.player_total, cls.banker_total, 0, 0]
        values += [v for v in (cls.player_third, cls.banker_third) if v is not None]
        coup = Coup.from_cards(parse_cards([_card(v) for v in values]))
        assert (coup.player.two_card_total, coup.banker.two_card_total) == (
            cls.player_total,
            cls.banker_total,
        )
        assert coup.player_third_value == cls.player_third
        skills: dict[Step | tuple[Step, Bet], str] = {
            Step.PLAYER_DRAWS: player_skill(coup).key,
            Step.BANKER_DRAWS: banker_skill(coup).key,
            Step.OUTCOME: outcome_skill(coup).key,
        }
        for bet in Bet:
            result = settle_bet(coup.outcome, bet, Decimal(35)).result
            skills[(Step.PAYOUT, bet)] = payout_skill(bet, result).key
        out[cls] = skills
    return out


@pytest.mark.parametrize("skill", ALL_SKILLS)
def test_the_filter_selects_exactly_the_coups_that_exercise_the_skill(skill: str) -> None:
    t = target(skill)
    assert t is not None
    where = (Step.PAYOUT, t.bet) if t.step is Step.PAYOUT else t.step
    selected = {cls for cls in exercised() if t.filter.matches(cls)}
    exercising = {cls for cls, skills in exercised().items() if skills[where] == skill}
    assert selected, f"no coup can be dealt for {skill}"
    assert selected == exercising


def test_payout_filters_follow_the_settlement_table() -> None:
    for bet, results in SETTLEMENT.items():
        for result, outcomes in results.items():
            t = target(f"payout:{bet}:{result}")
            assert t is not None and t.bet is Bet(bet)
            assert t.filter.outcome == {Outcome(o) for o in outcomes}


@pytest.mark.parametrize(
    "key",
    [
        "banker:8:3",
        "banker:3:10",
        "player:9",
        "outcome:dragon8",
        "payout:tie:push",
        "payout:side:win",
        "tableau",
        "banker:x:1",
        "",
    ],
)
def test_keys_that_name_no_skill_have_no_target(key: str) -> None:
    # (a Tie bet never pushes, docs/rules.md: no coup could be dealt for payout:tie:push)
    assert target(key) is None


def _state(skill: str, box: int) -> SkillState:
    return SkillState(skill, box, T0, 1, 0)


def test_review_asks_the_steps_its_skills_need_in_dealing_order() -> None:
    drill = build_review_drill([_state("payout:dragon7:win", 1), _state("banker:3:8", 2)])
    assert drill.steps == (Step.BANKER_DRAWS, Step.PAYOUT)
    assert [spec.bet for spec in drill.bets] == [Bet.DRAGON7]
    assert drill.id == "review" and drill.title == "Review"


def test_lower_boxes_weigh_more() -> None:
    drill = build_review_drill([_state("banker:3:8", 1), _state("natural", 5)])
    weights = [f.weight for f in drill.filters]
    assert weights[0] > weights[1] >= 1
    assert [box_weight(b) for b in range(1, 6)] == sorted(
        (box_weight(b) for b in range(1, 6)), reverse=True
    )


def test_unknown_skills_are_skipped_and_nothing_left_means_no_drill() -> None:
    drill = build_review_drill([_state("banker:3:8", 1), _state("future:thing", 1)])
    assert len(drill.filters) == 1
    with pytest.raises(NothingDueError):
        build_review_drill([])
    with pytest.raises(NothingDueError):
        build_review_drill([_state("future:thing", 1)])


def test_review_from_the_store_and_when_nothing_is_due(tmp_path: Path) -> None:
    with open_history(tmp_path / "h.sqlite3") as store:
        with pytest.raises(NothingDueError, match="answer a drill first"):
            review_drill(store, "ana", T0)
        store.on_answer(answer("outcome:panda8", True, T0))
        with pytest.raises(NothingDueError, match="next due 2024-05-0"):
            review_drill(store, "ana", T0 + timedelta(hours=1))
        store.on_answer(answer("banker:5:stood", False, T0 + timedelta(hours=2)))
        drill = review_drill(store, "ana", T0 + timedelta(hours=3))
    assert len(drill.filters) == 1 and drill.steps == (Step.BANKER_DRAWS,)
    assert "Banker 5, Player stood" in drill.description


def test_dealt_review_coups_exercise_a_due_skill() -> None:
    pytest.importorskip("trainer.drills.generate")
    due_keys = [
        "banker:3:8",
        "banker:6:stood",
        "outcome:dragon7",
        "payout:banker:push",
        "player:5",
        "natural",
    ]
    states = schedule((k, False, T0) for k in due_keys)
    drill = build_review_drill(list(states.values()))
    coups = deal_drill(drill, random.Random(5))
    assert len(coups) == drill.questions
    wanted = set(due_keys)
    for dealt in coups:
        coup = dealt.coup
        tested = {player_skill(coup).key, banker_skill(coup).key, outcome_skill(coup).key}
        tested |= {
            payout_skill(bet, settle_bet(coup.outcome, bet, amount).result).key
            for bet, amount in dealt.wagers.items()
        }
        assert tested & wanted, [str(c) for c in coup.cards]
    assert all(Bet.BANKER in dealt.wagers for dealt in coups)


# -- length --------------------------------------------------------------------------------


def _every_kind_due() -> list[SkillState]:
    """A trainee who has missed one skill of every kind, the payouts of all five bets too:
    the review asks all four steps (each dealt coup used to carry all five bets: 7 questions
    a coup, and 20 coups made 140 questions)."""
    keys = ["natural", "player:5", "banker:3:8", "outcome:tie"] + [
        f"payout:{bet}:win" for bet in (P, B, T, D7, P8)
    ]
    return list(schedule((k, False, T0) for k in keys).values())


def _asked(drill, seed: int = 3) -> list:
    from trainer.session import expand

    pytest.importorskip("trainer.drills.generate")
    coups = deal_drill(drill, random.Random(seed))
    # one bet on each layout when payouts are due, none otherwise
    assert all(len(dealt.wagers) == (1 if drill.bets else 0) for dealt in coups)
    return expand(coups, drill.steps, drill.house)


def test_a_review_is_twenty_questions_unless_asked_otherwise() -> None:
    drill = build_review_drill(_every_kind_due())
    assert len(drill.steps) == 4
    # four steps, one bet: 4 questions a coup, 5 coups
    assert drill.questions == 5 and len(_asked(drill)) == 20


@pytest.mark.parametrize(("asked", "coups"), [(7, 1), (8, 2), (40, 10), (1, 1), (3, 1)])
def test_the_trainee_chooses_the_length_in_whole_coups(asked: int, coups: int) -> None:
    # 4 questions a coup: as many whole coups as fit, never none
    drill = build_review_drill(_every_kind_due(), questions=asked)
    assert drill.questions == coups and len(_asked(drill)) == 4 * coups


def test_one_step_reviews_are_exactly_as_long_as_asked() -> None:
    due = list(schedule([("outcome:panda8", False, T0)]).values())
    drill = build_review_drill(due, questions=12)
    assert drill.steps == (Step.OUTCOME,) and drill.bets_per_coup is None
    assert len(_asked(drill)) == 12


@pytest.mark.parametrize("length", [0, -3, 501])
def test_a_length_out_of_range_is_refused(length: int) -> None:
    with pytest.raises(BadReviewLengthError, match=f"1 to 500 questions, not {length}"):
        build_review_drill(_every_kind_due(), questions=length)


def test_the_recorder_passes_the_length_through(tmp_path: Path) -> None:
    from trainer.history.hooks import Recorder

    with open_history(tmp_path / "h.sqlite3") as store:
        store.on_answer(answer("outcome:tie", False, T0))
        recorder = Recorder(store)
        assert recorder.review("ana", T0 + timedelta(hours=1)).questions == 20  # default
        assert recorder.review("ana", T0 + timedelta(hours=1), questions=6).questions == 6
