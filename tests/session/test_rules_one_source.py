"""One source of the rules in play: a drill's house.  Its decks and paytable are read from the
house, no drill can be built with a paytable of its own, and every grading path (questions,
calls, "what now?", spotting, whole tables, the settlement behind them) reads that house."""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal

import pytest

from trainer.drills.catalogue import available_drills, load_drill
from trainer.drills.generate import deal_drill
from trainer.drills.model import Drill, Kind, Step
from trainer.engine import Paytable
from trainer.engine.errors import HouseLimitError
from trainer.engine.house import BUNDLED_HOUSES, DEFAULT_HOUSE, settle_bet
from trainer.houses.drills import under_house
from trainer.session import Question, Session
from trainer.session.questions import BET_STEPS
from trainer.session.shoe import BurnQuestion
from trainer.session.table.session import TableSession

BUNDLED = [e.id for e in available_drills() if e.bundled]


def _under(drill_id: str, house_id: str) -> Drill | None:
    """The bundled drill under a bundled house (its own when it names it); None when the
    house's limits refuse the drill's bets, as ``ezbac train --house`` would."""
    drill = load_drill(drill_id)
    if drill.house.id == house_id:
        return drill
    try:
        return under_house(drill, BUNDLED_HOUSES[house_id])
    except HouseLimitError:
        return None


@pytest.mark.parametrize("house_id", list(BUNDLED_HOUSES))
@pytest.mark.parametrize("drill_id", BUNDLED)
def test_every_grading_path_reads_the_drills_house(drill_id: str, house_id: str) -> None:
    drill = _under(drill_id, house_id)
    if drill is None:
        return  # the house refuses the drill: nothing runs under it
    house = drill.house
    assert (drill.decks, drill.paytable) == (house.decks, house.paytable)
    rng = random.Random(20)
    if drill.is_table:
        run = TableSession.deal(drill, "t", rng)
        assert run.tables and all(work.house is house for work in run.tables)
        return
    session = Session.deal(drill, "t", rng)
    for q in session.questions:
        if isinstance(q, BurnQuestion):  # the shoe's burn rule, read from the same house
            assert session.shoe is not None and q.shoe_rules == session.shoe.rules
            continue
        assert q.house is house, type(q).__name__
        if isinstance(q, Question) and q.step in BET_STEPS:
            assert q.bet is not None and q.wager is not None
            assert q.settlement() == settle_bet(q.coup.outcome, q.bet, q.wager, house)
    if drill.kind is Kind.SHOE:
        assert session.shoe is not None and session.shoe.rules.burn == house.shoe.burn


def test_a_drills_paytable_cannot_disagree_with_its_house() -> None:
    drill = load_drill("payouts")
    tie9 = BUNDLED_HOUSES["ez-tie9"]
    with pytest.raises(TypeError):
        replace(drill, paytable=tie9.paytable)  # no field of its own to disagree with
    with pytest.raises(TypeError):
        replace(drill, decks=6)
    moved = replace(drill, house=tie9)
    assert moved.paytable is tie9.paytable and moved.decks == tie9.decks
    assert load_drill("payouts").house is DEFAULT_HOUSE  # no house line: the default house


def test_a_question_carries_the_house_and_no_paytable() -> None:
    drill = load_drill("payouts")
    dealt = deal_drill(drill, random.Random(1))[0]
    with pytest.raises(TypeError):
        Question(0, dealt, Step.PAYOUT, paytable=Paytable(tie=Decimal(9)))  # type: ignore[call-arg]
    q = Question(0, dealt, Step.OUTCOME)
    assert q.house is DEFAULT_HOUSE and q.rules is DEFAULT_HOUSE
