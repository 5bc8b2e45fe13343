"""Commission and collection-fee questions: the commission owed on a winning Banker bet under
the commission house, and the card room's fee on a wager, graded by the engine's Settlement.

Expected amounts are worked here by hand from the houses as written: the commission house
takes 5 % rounded *up* to the next quarter; the card room's rack-card schedule is 0.50 up to
20, 1 up to 100, 2 up to 300 and 3 above that.
"""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal

import pytest

from tests.support.coups import coup
from trainer.drills.catalogue import load_drill
from trainer.drills.errors import DrillFileError
from trainer.drills.generate import deal_drill
from trainer.drills.loader import load_text
from trainer.drills.model import Step
from trainer.engine import Bet, BetResult
from trainer.engine.games import Collection, Commission, FeeStep, Rounding
from trainer.engine.house import BUNDLED_HOUSES, COMMISSION_HOUSE
from trainer.session.questions import AmountAnswer, TimedOut, expand
from trainer.skills import describe, family

CARDROOM = BUNDLED_HOUSES["cardroom"]
# Player K 6 = 6 stands; Banker 3 2 draws a 2: three-card 7 over 6 (a Banker win here).
BANKER_7 = "Kh 3s 6d 2c 2h"
# Player natural 9: the Banker bet loses.
PLAYER_9 = "9s 2h Kd 5c"


def _ask(cards: str, wagers: dict[Bet, str], step: Step, house=COMMISSION_HOUSE):
    return expand([coup(cards, wagers)], (step,), house)


@pytest.mark.parametrize(
    ("wager", "owed"),
    [
        ("137", "7.00"),  # 5 % is 6.85: up to the quarter is 7.00
        ("135", "6.75"),  # 6.75 is already a quarter
        ("7", "0.50"),  # 0.35 up to 0.50
        ("20", "1"),  # exactly 1
        ("499", "25.00"),  # 24.95 up to 25.00
    ],
)
def test_the_commission_owed_on_a_winning_banker_bet(wager: str, owed: str) -> None:
    (q,) = _ask(BANKER_7, {Bet.BANKER: wager}, Step.COMMISSION)
    assert q.grade(AmountAnswer(Decimal(owed))).correct
    wrong = q.grade(AmountAnswer(Decimal(owed) - Decimal("0.25")))
    assert not wrong.correct and wrong.expected == AmountAnswer(Decimal(owed))
    assert wrong.skill.key == "payout:banker:commission" and family(wrong.skill.key) == "payout"
    assert not q.grade(TimedOut()).correct


def test_the_commission_reason_says_the_exact_five_percent_and_the_rounding() -> None:
    (q,) = _ask(BANKER_7, {Bet.BANKER: "137"}, Step.COMMISSION)
    reason = q.grade(AmountAnswer(Decimal(7))).reason
    assert "5 % of 137 is 6.85; the house rounds up to the next quarter: 7;" in reason
    assert "taken from the payout" in reason


def test_a_commission_box_house_says_where_the_commission_goes() -> None:
    boxed = replace(
        COMMISSION_HOUSE,
        commission=Commission(
            collection=Collection.END_OF_SHOE, rounding=Rounding(unit=Decimal("0.25"))
        ),
    )
    (q,) = _ask(BANKER_7, {Bet.BANKER: "30"}, Step.COMMISSION, boxed)
    graded = q.grade(AmountAnswer(Decimal("1.50")))
    assert graded.correct and "commission box" in graded.reason


def test_a_step_table_commission_names_the_table() -> None:
    # A house whose table says wagers up to 10 owe 0.50: 5 % of 7 (0.35) is not what is owed.
    table = replace(
        COMMISSION_HOUSE,
        commission=Commission(rounding=Rounding(steps=(FeeStep(Decimal(10), Decimal("0.50")),))),
    )
    (q,) = _ask(BANKER_7, {Bet.BANKER: "7"}, Step.COMMISSION, table)
    graded = q.grade(AmountAnswer(Decimal("0.50")))
    assert graded.correct and "by the house's table (up to 10 owes 0.50" in graded.reason
    (q,) = _ask(BANKER_7, {Bet.BANKER: "13"}, Step.COMMISSION, table)
    assert q.grade(AmountAnswer(Decimal("0.65"))).correct  # above the table: to the cent


def test_only_winning_bets_that_owe_a_commission_are_asked() -> None:
    # The Player bet owes nothing, and a losing Banker bet owes nothing: no question.
    assert _ask(PLAYER_9, {Bet.BANKER: "35", Bet.PLAYER: "35"}, Step.COMMISSION) == []
    (q,) = _ask(BANKER_7, {Bet.BANKER: "35", Bet.PLAYER: "35"}, Step.COMMISSION)
    assert q.bet is Bet.BANKER and q.prompt == "35 on Banker wins: what commission is owed?"


def test_the_commission_is_asked_after_whether_the_bet_won() -> None:
    # A commission question presupposes the win: asked first, it would answer the payout.
    qs = expand(
        [coup(BANKER_7, {Bet.BANKER: "35"})], (Step.COMMISSION, Step.PAYOUT), COMMISSION_HOUSE
    )
    assert [q.step for q in qs] == [Step.PAYOUT, Step.COMMISSION]


@pytest.mark.parametrize(
    ("wager", "fee"),
    [
        ("5", "0.50"),
        ("20", "0.50"),
        ("21", "1"),
        ("100", "1"),
        ("101", "2"),
        ("300", "2"),
        ("301", "3"),
        ("500", "3"),
    ],
)
def test_the_card_rooms_collection_fee(wager: str, fee: str) -> None:
    (q,) = _ask(PLAYER_9, {Bet.BANKER: wager}, Step.FEE, CARDROOM)
    graded = q.grade(AmountAnswer(Decimal(fee)))
    assert graded.correct and graded.skill.key == "payout:fee"
    assert not q.grade(AmountAnswer(Decimal(fee) + 1)).correct


def test_the_fee_is_asked_for_every_wager_whatever_the_result() -> None:
    qs = _ask(
        BANKER_7, {Bet.PLAYER: "35", Bet.BANKER: "350", Bet.DRAGON7: "10"}, Step.FEE, CARDROOM
    )
    assert [(q.bet, q.expected()) for q in qs] == [
        (Bet.PLAYER, AmountAnswer(Decimal(1))),
        (Bet.BANKER, AmountAnswer(Decimal(3))),
        (Bet.DRAGON7, AmountAnswer(Decimal("0.50"))),
    ]
    assert "wagers over 300 pay 3" in qs[1].reason()
    assert "wagers over 20 up to 100 pay 1" in qs[0].reason()
    assert "wagers up to 20 pay 0.50" in qs[2].reason()


def test_skill_words() -> None:
    assert describe("payout:banker:commission") == "Banker commission owed"
    assert describe("payout:fee") == "Collection fee"


# --- drills that ask them ------------------------------------------------------------------

DRILL = """\
id: money
title: Money
description: The house's money.
house: {house}
ask: [{ask}]
bets:
  banker: {{min: 10, max: 100, step: 1}}
generate:
  - outcome: banker
"""


def test_a_drill_asks_the_commission_under_the_commission_house() -> None:
    drill = load_text(DRILL.format(house="commission", ask="commission, payout"), "c.yaml")
    assert drill.steps == (Step.PAYOUT, Step.COMMISSION)
    drill = load_text(DRILL.format(house="cardroom", ask="payout, fee"), "f.yaml")
    assert drill.steps == (Step.PAYOUT, Step.FEE)


def test_commission_under_a_house_without_one_is_a_load_error_with_its_line() -> None:
    with pytest.raises(DrillFileError) as caught:
        load_text(DRILL.format(house="ez", ask="commission"), "c.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "c.yaml:5:6: ask: commission is asked but house 'ez' takes no commission: name one "
        "that does (house: commission)",
    ]


def test_fee_without_a_fee_schedule_is_a_load_error_with_its_line() -> None:
    with pytest.raises(DrillFileError) as caught:
        load_text(DRILL.format(house="commission", ask="payout, fee"), "f.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "f.yaml:5:6: ask: fee is asked but house 'commission' has no fee schedule: name one "
        "that does (house: cardroom)",
    ]
    # No house at all is the default house (EZ): no fee either.
    text = DRILL.format(house="ez", ask="fee").replace("house: ez\n", "")
    with pytest.raises(DrillFileError, match=r"f\.yaml:4:6: ask: fee is asked but house 'ez'"):
        load_text(text, "f.yaml")


# --- the bundled drills ---------------------------------------------------------------------


def test_the_bundled_commission_drill_asks_the_amount_paid_then_the_commission() -> None:
    from trainer.session import PayoutAnswer, Session

    drill = load_drill("commission")
    assert drill.steps == (Step.PAYOUT, Step.COMMISSION)
    banker = next(b for b in drill.bets if b.bet is Bet.BANKER)
    assert banker.step == 1 and banker.maximum - banker.minimum > 100  # odd amounts
    paid, commission = Session(drill, [coup(BANKER_7, {Bet.BANKER: "137"})], "Alex").questions
    assert commission.grade(AmountAnswer(Decimal(7))).correct
    assert paid.grade(PayoutAnswer(BetResult.WIN, Decimal(130))).correct  # 137 less 7


def test_the_bundled_cardroom_drill_asks_the_payout_then_the_fee() -> None:
    from trainer.session import PayoutAnswer, Session

    drill = load_drill("cardroom-fee")
    assert drill.house is not None and drill.house.id == "cardroom"
    assert drill.steps == (Step.PAYOUT, Step.FEE)
    paid, fee = Session(drill, [coup(PLAYER_9, {Bet.PLAYER: "301"})], "Alex").questions
    assert paid.grade(PayoutAnswer(BetResult.WIN, Decimal(301))).correct
    assert fee.grade(AmountAnswer(Decimal(3))).correct
    wagers = {
        a
        for s in range(5)
        for dc in deal_drill(drill, random.Random(s))
        for a in dc.wagers.values()
    }
    # The run reaches more than one step of the schedule.
    assert len({CARDROOM.fee_for(a) for a in wagers}) > 1
