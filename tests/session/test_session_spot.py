"""Spot the dealer's error, session level.

The right flag is derived here without the audit: a replay with one mistake in it, from a
dealer who then goes on consistently, first departs from the correct procedure at the mistake
(the step where the two lists of steps first differ); a replay dealt right is the correct
procedure itself.  One replay is built by hand from docs/rules.md (the Banker bet paid on a
Dragon 7, where it pushes).
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from tests.support.coups import DRAGON, FakeClock, FakeNow, coup, spot_drill
from trainer.drills.model import Drill
from trainer.engine import Bet, Outcome
from trainer.engine.cards import DealtCard, Side
from trainer.engine.dealt import BetAction, Called, Dealt, single_seat
from trainer.engine.house import DEFAULT_HOUSE
from trainer.engine.order import Done
from trainer.session import Session
from trainer.session.questions import ChoiceAnswer, SpotAnswer
from trainer.session.spot import FixQuestion, Replay, SpotQuestion, spot_questions


def first_difference(right: tuple[object, ...], dealt: tuple[object, ...]) -> int | None:
    """Where two lists of steps first differ (a step missing counts); None if the same."""
    for i, (a, b) in enumerate(zip(right, dealt, strict=False)):
        if a != b:
            return i
    return None if len(right) == len(dealt) else min(len(right), len(dealt))


def replays(drill: Drill, seed: int) -> list[SpotQuestion]:
    s = Session.deal(drill, "Alex", random.Random(seed), clock=FakeClock(), now=FakeNow())
    return [q for q in s.questions if isinstance(q, SpotQuestion)]


@pytest.mark.parametrize(("level", "seed"), [("coup", 1), ("coup", 2), ("table", 3)])
def test_the_flag_is_where_the_replay_first_leaves_the_procedure(level: str, seed: int) -> None:
    for q in replays(spot_drill(level=level, questions=25), seed):
        r = q.replay
        correct = Dealt.correct(r.coup, r.layout, r.house)
        where = first_difference(correct.steps, r.dealt.steps)
        assert q.expected() == SpotAnswer(None if where is None else where + 1)
        assert (where is None) is (r.mistake is None)
        for n in (None, *range(1, len(q.lines) + 1)):
            assert q.grade(SpotAnswer(n)).correct is (SpotAnswer(n) == q.expected())
        assert q.skill.key == f"spot:{r.mistake or 'none'}"


def test_the_error_rate_is_kept_and_always_flagging_does_not_pay() -> None:
    qs = [q for seed in range(4) for q in replays(spot_drill(0.5, questions=50), seed)]
    errors = sum(q.replay.mistake is not None for q in qs)
    assert 0.35 * len(qs) < errors < 0.65 * len(qs)  # 200 replays at 0.5
    # a trainee who flags the first step every time is right on no replay dealt right
    right = sum(q.grade(SpotAnswer(1)).correct for q in qs)
    assert right <= errors and right < 0.5 * len(qs)
    assert all(q.replay.mistake is None for q in replays(spot_drill(0.0, questions=20), 5))
    assert all(q.replay.mistake is not None for q in replays(spot_drill(1.0, questions=20), 5))


def test_only_the_mistakes_named_are_drawn() -> None:
    named = ("payout-short", "push-taken")
    drawn = {q.replay.mistake for q in replays(spot_drill(1.0, ids=named, questions=20), 7)}
    assert drawn <= set(named) and drawn


def test_a_hand_built_replay_the_banker_bet_paid_on_a_dragon_7() -> None:
    """Kh 2c 6s 3d 2h: Player 6 stands, Banker 5 draws the 2h, 7 with three cards wins:
    Dragon 7.  docs/rules.md: the Banker bet pushes (returned, nothing paid), the Dragon 7 bet pays
    40 to 1 (10 x 40 = 400).  The dealer paid the Banker bet 25: step 9 of the replay."""
    dc = coup(DRAGON, {Bet.BANKER: "25", Bet.DRAGON7: "10"})
    layout = single_seat({Bet.BANKER: 25, Bet.DRAGON7: 10})
    cards = tuple(
        DealtCard(c, s)
        for c, s in zip(
            dc.coup.cards,
            (Side.PLAYER, Side.BANKER, Side.PLAYER, Side.BANKER, Side.BANKER),
            strict=True,
        )
    )
    dealt = Dealt(
        cards,
        Called(6, 7, Outcome.DRAGON7),
        (
            BetAction(1, Bet.BANKER, Done.PAID, Decimal(25)),  # should push
            BetAction(1, Bet.DRAGON7, Done.PAID, Decimal(400)),
        ),
    )
    replay = Replay(dc.coup, layout, DEFAULT_HOUSE, dealt, "banker-paid-on-dragon7")
    spot = SpotQuestion(0, dc, replay)
    # steps: 5 cards, 2 totals, the result, then the Banker bet: the 9th
    assert spot.lines[8].startswith("Seat 1 Banker 25: paid 25")
    assert spot.grade(SpotAnswer(9)).correct
    assert not spot.grade(SpotAnswer(None)).correct and not spot.grade(SpotAnswer(10)).correct
    assert spot.grade(SpotAnswer(9)).skill.key == "spot:banker-paid-on-dragon7"
    fix = FixQuestion(0, dc, replay, ("pay 25", "return 25, pay 0", "take 25"))
    right = fix.expected().text
    assert "return 25" in right and "pay 0" in right  # a push: the wager back, nothing paid
    assert fix.grade(ChoiceAnswer(right)).correct
    assert not fix.grade(ChoiceAnswer("pay 25")).correct
    assert fix.skill.key == "spot:banker-paid-on-dragon7:fix"
    # the same coup dealt right: "no error" is the answer, any flag a mistake
    ok = SpotQuestion(
        0,
        dc,
        Replay(dc.coup, layout, DEFAULT_HOUSE, Dealt.correct(dc.coup, layout, DEFAULT_HOUSE), None),
    )
    assert ok.grade(SpotAnswer(None)).correct and not ok.grade(SpotAnswer(9)).correct


def test_after_an_error_the_right_step_is_asked_among_plausible_others() -> None:
    d = spot_drill(1.0, questions=12)
    s = Session.deal(d, "Alex", random.Random(9), clock=FakeClock(), now=FakeNow())
    pairs = list(zip(s.questions[::2], s.questions[1::2], strict=True))
    assert len(pairs) == 12
    for spot, fix in pairs:
        assert isinstance(spot, SpotQuestion) and isinstance(fix, FixQuestion)
        assert fix.replay is spot.replay
        assert fix.expected().text in fix.options and len(set(fix.options)) == len(fix.options)
        assert len(fix.options) >= 3
        assert fix.flagged + 1 == spot.expected().step


def test_spot_questions_of_fixed_coups() -> None:
    d = spot_drill(0.0, questions=1)
    qs = spot_questions(d, [coup(DRAGON, {Bet.BANKER: "25"})], random.Random(1))
    (q,) = qs
    assert isinstance(q, SpotQuestion) and q.expected() == SpotAnswer(None)
    assert q.lines[-1].startswith("End")


def test_the_counter_counts_replays_so_it_does_not_count_the_errors() -> None:
    # A fix question follows each replay with an error: counting questions would tell the
    # trainee how many errors are still to come (docs/decisions.md, "The header's count
    # gives nothing away").  Replays are counted instead.
    for rate in (0.0, 0.5, 1.0):
        s = Session.deal(spot_drill(rate, questions=6), "Alex", random.Random(3))
        seen = [s.counter(n) for n in range(1, s.total + 1)]
        assert seen[0] == "Replay 1/6" and seen[-1] == "Replay 6/6"
        assert {c.rsplit("/", 1)[1] for c in seen} == {"6"}


def test_a_table_paid_out_of_order_twice_is_graded_at_its_first_break_and_says_so() -> None:
    """NATURAL (9h 2c Ks 3d): the Player wins.  At a table with a Player bet on seats 7, 5
    and 2, the house pays seat 7 first, then 5, then 2 (counter-clockwise from the dealer's
    right, docs/rules.md "Settling a table").  Paid 5, 2, 7: seat 5 is paid before seat 7,
    and seat 2 before seat 7 as well: two steps break the order.  The question asks for the
    first one (the audit's), and only the first (seat 5's payout) is right."""
    from dataclasses import replace

    from tests.support.coups import NATURAL
    from trainer.engine.deviation import DeviationKind
    from trainer.engine.procedure import audit
    from trainer.engine.table import Layout

    dc = coup(NATURAL)
    layout = Layout.of({2: {Bet.PLAYER: 30}, 5: {Bet.PLAYER: 15}, 7: {Bet.PLAYER: 45}})
    right = Dealt.correct(dc.coup, layout, DEFAULT_HOUSE)
    by_seat = {a.seat: a for a in right.bets}
    dealt = replace(right, bets=(by_seat[5], by_seat[2], by_seat[7]))
    found = audit(dealt, DEFAULT_HOUSE, layout).deviations
    # the audit names the order's first break only (seat 5 before seat 7)
    assert [d.did for d in found if d.kind is DeviationKind.ORDER] == [
        "paid seat 5 Player before seat 7 Player"
    ]
    spot = SpotQuestion(0, dc, Replay(dc.coup, layout, DEFAULT_HOUSE, dealt, "wrong-order"))
    assert "first" in spot.prompt
    five = next(i for i, line in enumerate(spot.lines, 1) if line.startswith("Seat 5 Player"))
    two = next(i for i, line in enumerate(spot.lines, 1) if line.startswith("Seat 2 Player"))
    assert five < two
    assert spot.grade(SpotAnswer(five)).correct
    assert not spot.grade(SpotAnswer(two)).correct


# --- an exam: the right step is asked only of the step the trainee flagged -----------------


def exam_spots(rate: float, seed: int, questions: int = 6) -> Session:
    from dataclasses import replace as _replace

    from trainer.drills.model import Mode

    d = _replace(spot_drill(rate, questions=questions), mode=Mode.EXAM)
    return Session.deal(d, "Alex", random.Random(seed), clock=FakeClock(), now=FakeNow())


@pytest.mark.parametrize("wrong", ["no error", "another step"])
def test_in_an_exam_an_error_not_flagged_leaves_its_fix_unasked_and_missed(wrong: str) -> None:
    """Every replay has an error (rate 1): each flagged wrong ("no error", or the step
    after the error's, or step 1 when the error is at the end) is followed by the next
    replay, never by "what should the dealer have done" about the step missed; the fix is
    recorded as missed ("not asked"), so the score is out of every question dealt."""
    from trainer.session.questions import NotAsked

    s = exam_spots(1.0, seed=4)
    total = s.total
    assert total == 12  # 6 replays, a fix after each
    while not s.finished:
        q = s.current
        assert isinstance(q, SpotQuestion), "a fix asked after an error not flagged"
        step = q.expected().step
        assert step is not None
        flag = None if wrong == "no error" else (step + 1 if step < len(q.lines) else 1)
        s.answer(SpotAnswer(flag))
        fix = s.results[-1]
        assert isinstance(fix.question, FixQuestion) and fix.question.replay is q.replay
        assert fix.answer == NotAsked() and not fix.correct
    assert s.total == total and len(s.results) == 12 and s.right == 0
    assert [r.answer.text for r in s.results[1::2]] == ["not asked"] * 6


def test_in_an_exam_the_step_flagged_right_is_asked_without_saying_it_was_right() -> None:
    s = exam_spots(1.0, seed=4)
    spot = s.current
    assert isinstance(spot, SpotQuestion)
    step = spot.expected().step
    s.answer(spot.expected())
    fix = s.current
    assert isinstance(fix, FixQuestion) and fix.replay is spot.replay
    assert fix.exam_prompt == f"You flagged step {step}. What should the dealer have done there?"
    assert "wrong" not in fix.exam_prompt
    assert s.answer(fix.expected()).correct


def test_in_practice_the_fix_is_still_asked_after_an_error_missed() -> None:
    """Practice teaches: "no error" on a replay with an error goes on with the right step."""
    s = Session.deal(spot_drill(1.0, questions=2), "Alex", random.Random(4))
    spot = s.current
    assert isinstance(spot, SpotQuestion)
    s.answer(SpotAnswer(None))
    assert isinstance(s.current, FixQuestion) and s.current.replay is spot.replay
