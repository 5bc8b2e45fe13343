"""The whole-shoe drill, session level: the burn, each coup, the cut card, the last coup.

Expectations come from docs/rules.md's shoe procedure, worked here by hand: the first card turned
up burns its value (A 1, 2-9 their value, 10/J/Q/K 10); the cut card comes out when a card
behind it is drawn; the coup in progress is finished, one more is dealt, and the shoe ends.
"""

from __future__ import annotations

import random

import pytest

from tests.support.coups import FakeClock, FakeNow
from trainer.drills.model import Drill, ShoeSpec, Step
from trainer.engine import Card
from trainer.engine.shoe import AfterCut, BetweenCoups, BurnRule, ShoeRules, ShoeRun
from trainer.session import Session
from trainer.session.questions import ChoiceAnswer, OutcomeAnswer
from trainer.session.records import AnswerRecord
from trainer.session.shoe import (
    BurnQuestion,
    Next,
    NextQuestion,
    dealt_shoe,
    shoe_questions,
    shoe_summary,
)

# docs/rules.md: the burn by the rank of the first card.
BURN_BY_RANK = {"A": 1, **{str(n): n for n in range(2, 10)}, "T": 10, "J": 10, "Q": 10, "K": 10}
# A natural coup of four cards: Player 9s Ks = 9, Banker Ks Ks = 0: nobody draws.
NATURAL4 = ["9s", "Ks", "Ks", "Ks"]


def shoe_drill(steps: tuple[Step, ...] = (Step.OUTCOME,), last: int | None = None) -> Drill:
    return Drill(
        id="shoe",
        title="Shoe",
        description="A shoe.",
        steps=steps,
        questions=0,
        run=ShoeSpec(last_coups=last),
    )


def stacked(first: str, coups: int, cut: int, after: AfterCut = AfterCut.ONE_MORE) -> ShoeRun:
    """A burn card ``first``, its burn (twos), then ``coups`` natural coups of 4 cards."""
    burn = ["2c"] * BURN_BY_RANK[first[0]]
    return ShoeRun.stacked([first, *burn, *(NATURAL4 * coups)], ShoeRules(cut=cut, after_cut=after))


def session_for(shoe: ShoeRun, drill: Drill | None = None, **kw: object) -> Session:
    d = drill or shoe_drill()
    run = dealt_shoe(shoe, d.shoe.last_coups)
    coups, asked = shoe_questions(d, run, random.Random(1))
    return Session(
        d, coups, "Alex", clock=FakeClock(), now=FakeNow(), questions=asked, shoe=run, **kw
    )  # type: ignore[arg-type]


@pytest.mark.parametrize("first", ["As", "5h", "9d", "Tc", "Js", "Qh", "Kd"])
def test_the_burn_question_is_graded_by_the_rule(first: str) -> None:
    s = session_for(stacked(first, 6, cut=8))
    q = s.current
    assert isinstance(q, BurnQuestion) and q.card == Card.parse(first)
    n = BURN_BY_RANK[first[0]]
    right = f"Burn {n} card{'s' if n != 1 else ''}"
    assert right in q.options and len(set(q.options)) == 4
    for option in q.options:
        graded = q.grade(ChoiceAnswer(option))
        assert graded.correct is (option == right)
        assert graded.skill.key == "shoe:burn"
    assert len(q.cards) == 1 + n  # the card turned up and those burned, for the history


def _coup_of_cut(burned: int, coups: int, cut: int) -> int:
    """By hand: the coup (1-based) that draws the first card behind the cut card."""
    size = burned + 4 * coups
    for j in range(1, coups + 1):
        if burned + 4 * j > size - cut:
            return j
    raise AssertionError("never")


@pytest.mark.parametrize("cut", [5, 8, 12, 20])
def test_the_cut_card_then_one_more_coup_then_the_end(cut: int) -> None:
    coups = 10
    shoe = stacked("As", coups, cut)  # 2 cards of burn
    s = session_for(shoe)
    j = _coup_of_cut(2, coups, cut)
    run = s.shoe
    assert run is not None and len(run.coups) == j + 1  # one more coup, then the end
    nexts = {q.place.number: q for q in s.questions if isinstance(q, NextQuestion)}
    assert nexts[j].expected().text == Next.ONE_MORE.value
    assert nexts[j + 1].expected().text == Next.OVER.value
    for number, q in nexts.items():
        if number < j:
            assert q.expected().text == Next.DEAL.value
    # not recognising the cut card is a graded error of skill shoe:cut
    missed = nexts[j].grade(ChoiceAnswer(Next.DEAL.value))
    assert not missed.correct and missed.skill.key == "shoe:cut"
    assert nexts[j + 1].grade(ChoiceAnswer(Next.DEAL.value)).skill.key == "shoe:end"


def test_the_shoe_line_gives_the_cut_card_only_once_it_is_out() -> None:
    shoe = stacked("As", 10, 8)
    s = session_for(shoe)
    run = s.shoe
    assert run is not None
    j = _coup_of_cut(2, 10, 8)
    # before the coup that brings it out: still in the shoe, even during that coup
    assert "cut card in the shoe" in run.status(j - 1)
    assert "CUT CARD OUT" in run.status(j - 1, after=True)
    # the coup after it: the card is out; that it is the last is asked after it, not said
    assert run.status(j).endswith("· cut card out") and "last coup" not in run.status(j)
    # cards left: 42 cards in all, 2 burned, 4 per coup
    assert run.status(0) == "Coup 1 · 40 cards left · cut card in the shoe"
    assert run.status(0, after=True).startswith("Coup 1 · 36 cards left")


def test_a_whole_run_records_shoe_skills_and_the_summary_counts_by_kind() -> None:
    records: list[AnswerRecord] = []
    s = session_for(stacked("Ks", 6, 8), on_answer=records.append)
    s.start()
    wrong_cut = False
    while not s.finished:
        q = s.current
        if isinstance(q, BurnQuestion):
            s.answer(ChoiceAnswer("Burn 10 cards"))
        elif isinstance(q, NextQuestion):
            if q.expected().text == Next.ONE_MORE.value and not wrong_cut:
                s.answer(ChoiceAnswer(Next.DEAL.value))  # deals on past the cut card
                wrong_cut = True
            else:
                s.answer(q.expected())
        else:  # Player 9 against Banker 0: the Player wins (docs/rules.md)
            assert q.step is Step.OUTCOME
            s.answer(OutcomeAnswer(q.coup.outcome.__class__("player")))
    assert wrong_cut
    assert [r.skill for r in records][:2] == ["shoe:burn", "outcome:player"]
    assert {"shoe:cut", "shoe:end"} <= {r.skill for r in records}
    assert records[0].cards[0] == "Ks" and len(records[0].cards) == 11
    run = s.shoe
    assert run is not None
    summary = shoe_summary(run, s.results)
    assert summary.coups == len(run.coups)
    assert summary.dragon7 == summary.panda8 == 0 and summary.naturals == summary.coups
    assert summary.errors == ((Step.CUT, 1),)
    assert summary.cut_coup == _coup_of_cut(10, 6, 8)


def test_last_coups_start_near_the_cut_card_without_the_burn() -> None:
    d = shoe_drill(last=3)
    s = Session.deal(d, "Alex", random.Random(5), clock=FakeClock(), now=FakeNow())
    run = s.shoe
    assert run is not None
    # three coups up to the one the cut card comes out in, then the one more: four
    assert len(run.coups) == 4
    assert not any(isinstance(q, BurnQuestion) for q in s.questions)
    assert run.coups[-2].cut_out_during and run.coups[-1].last
    assert not any(sc.cut_out_during for sc in run.coups[:-2])
    assert s.questions[-1].expected().text == Next.OVER.value


def test_a_house_that_ends_the_shoe_with_the_coup_in_progress() -> None:
    """A house rule (after_cut_card: this_coup): the coup the cut card comes out in is the
    last, so "the shoe ends now" is right there."""
    s = session_for(stacked("As", 10, 8, AfterCut.THIS_COUP))
    j = _coup_of_cut(2, 10, 8)
    run = s.shoe
    assert run is not None and len(run.coups) == j
    last = s.questions[-1]
    assert isinstance(last, NextQuestion) and last.place.number == j
    assert last.expected().text == Next.END_NOW.value
    assert not last.grade(ChoiceAnswer(Next.ONE_MORE.value)).correct


def test_a_cut_card_out_between_coups_counts_where_the_house_says() -> None:
    # 2 cards of burn, then coups of 4: coup 8 ends on card 34, the card in front of a cut
    # card 8 from the end of 42.  Counted for the next coup (default), coup 9 brings it out
    # and coup 10 is the one more; counted for the coup just finished, coup 9 is the last.
    default = session_for(stacked("As", 10, 8)).shoe
    assert default is not None and len(default.coups) == 10
    assert default.coups[8].cut_card == 1  # before card 1 of coup 9
    rules = ShoeRules(8, after_cut=AfterCut.ONE_MORE, between=BetweenCoups.FINISHED_COUP)
    shoe = ShoeRun.stacked(["As", "2c", *(NATURAL4 * 10)], rules)
    s = session_for(shoe)
    run = s.shoe
    assert run is not None and len(run.coups) == 9 and run.coups[-1].last
    assert run.coups[7].cut_out_after and "cut card in the shoe" in run.status(7)
    assert run.status(7, after=True).endswith("✂ CUT CARD OUT after this coup")
    nexts = {q.place.number: q for q in s.questions if isinstance(q, NextQuestion)}
    assert nexts[8].expected().text == Next.ONE_MORE.value
    assert "as this coup ended" in nexts[8].reason()
    assert nexts[9].expected().text == Next.OVER.value


def test_a_house_without_a_burn_asks_none() -> None:
    run = ShoeRun.stacked(NATURAL4 * 8, ShoeRules(cut=8, burn=BurnRule.NONE))
    s = session_for(run)
    assert not any(isinstance(q, BurnQuestion) for q in s.questions)
    assert s.shoe is not None and s.shoe.coups[0].cards_left == 32


def test_a_seeded_shoe_deals_a_real_shoe() -> None:
    """8 decks: 416 cards; dealt to about 14 cards from the end (docs/rules.md)."""
    s = Session.deal(shoe_drill(), "Alex", random.Random(11), clock=FakeClock(), now=FakeNow())
    run = s.shoe
    assert run is not None and run.size == 416 and run.burn is not None
    used = 1 + run.burn.count + sum(len(sc.coup.cards) for sc in run.coups)
    assert 416 - 14 < used <= 416 - 14 + 12  # past the cut card, by at most two coups
    assert sum(sc.cut_out_during for sc in run.coups) == 1
    assert isinstance(s.questions[0], BurnQuestion)


def test_a_shoe_counter_gives_no_total() -> None:
    # The run's length would say when the cut card comes out (docs/decisions.md, "The
    # header's count gives nothing away").
    s = Session.deal(shoe_drill(), "Alex", random.Random(5), clock=FakeClock(), now=FakeNow())
    assert all(s.counter(n) == f"Q {n}" for n in (1, s.total // 2, s.total))
