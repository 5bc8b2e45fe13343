"""Payout questions under a house's rules: the trainee's answer is graded by the engine
under the drill's house (worked by hand from the house's rules)."""

from __future__ import annotations

from decimal import Decimal

from session_helpers import coup

from trainer.drills.model import Step
from trainer.engine import Bet, BetResult
from trainer.engine.house import BUNDLED_HOUSES, COMMISSION_HOUSE
from trainer.session.questions import PayoutAnswer, expand

# Player K 6 = 6 stands; Banker 3 2 draws a 2: three-card 7 over 6.
DRAGON = "Kh 3s 6d 2c 2h"


def test_a_commission_payout_question_wants_19_to_20() -> None:
    # The bundled commission house takes 5 % at once, rounded up to the quarter:
    # 35 -> 1.75 (paid 33.25); 7 -> 0.35 up to 0.50 (paid 6.50).
    dealt = [coup(DRAGON, {Bet.BANKER: "35"}), coup(DRAGON, {Bet.BANKER: "7"})]
    q35, q7 = expand(dealt, (Step.PAYOUT,), COMMISSION_HOUSE.paytable, house=COMMISSION_HOUSE)
    assert q35.grade(PayoutAnswer(BetResult.WIN, Decimal("33.25"))).correct
    assert not q35.grade(PayoutAnswer(BetResult.WIN, Decimal(35))).correct
    graded = q7.grade(PayoutAnswer(BetResult.WIN, Decimal("6.50")))
    assert graded.correct and "commission 0.50" in graded.reason


def test_the_same_coup_pushes_under_ez() -> None:
    (q,) = expand([coup(DRAGON, {Bet.BANKER: "35"})], (Step.PAYOUT,))
    assert q.grade(PayoutAnswer(BetResult.PUSH)).correct


def test_card_room_payouts_are_ez_and_name_the_fee() -> None:
    cardroom = BUNDLED_HOUSES["cardroom"]
    (q,) = expand([coup(DRAGON, {Bet.DRAGON7: "10"})], (Step.PAYOUT,), cardroom.paytable,
                  house=cardroom)
    graded = q.grade(PayoutAnswer(BetResult.WIN, Decimal(400)))
    assert graded.correct and "collection fee 0.50" in graded.reason
