"""The drill's words in each language, worked by hand: a coup's questions and reasons from
its values (tests/support/coups.py's coups, whose decisions are worked out there from
docs/rules.md), amounts as each language writes them, and plural forms.  The English is
checked too: it is the catalogue's identity and must read as it always did."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.coups import DRAGON, PLAYER_STANDS, coup
from trainer.drills.model import WHOLE_COUP, Step
from trainer.engine import Bet
from trainer.engine.house import COMMISSION_HOUSE
from trainer.i18n import set_language
from trainer.session.questions import expand
from trainer.words import drill as words
from trainer.words.names import amount, tenths


def questions(cards: str, wagers: dict[Bet, str], house=None):
    dealt = coup(cards, wagers)
    if house is None:
        return {(q.step, q.bet): q for q in expand([dealt], WHOLE_COUP)}
    steps = (Step.PAYOUT, Step.COMMISSION)
    return {(q.step, q.bet): q for q in expand([dealt], steps, house)}


@pytest.mark.parametrize(
    ("language", "value", "shown"),
    [
        ("en", "1234.5", "1,234.50"),
        ("vi", "1234.5", "1.234,50"),  # CLDR vi: "." groups, "," before the cents
        ("vi", "600", "600"),
        ("zh_Hant", "1234.5", "1,234.50"),
        ("ko", "0.25", "0.25"),
    ],
)
def test_amounts_as_each_language_writes_them(language: str, value: str, shown: str) -> None:
    set_language(language)
    assert amount(Decimal(value)) == shown


def test_seconds_to_a_tenth() -> None:
    assert tenths(4.25, 4) == " 4.2"  # English: as before (Python's rounding, half to even)
    set_language("vi")
    assert tenths(12.0) == "12,0"


def test_a_coup_in_traditional_chinese() -> None:
    # PLAYER_STANDS: Player 4+2 = 6 stands; Banker 3+K = 3, the Player stood: draws the 8h,
    # 1; Player wins 6 to 1.  A Player bet of 15 pays even money.
    set_language("zh_Hant")
    qs = questions(PLAYER_STANDS, {Bet.PLAYER: "15"})
    player, banker = qs[(Step.PLAYER_DRAWS, None)], qs[(Step.BANKER_DRAWS, None)]
    outcome, payout = qs[(Step.OUTCOME, None)], qs[(Step.PAYOUT, Bet.PLAYER)]
    assert words.prompt(player) == "閒家補牌嗎？"
    assert words.reason(player) == "閒家6點：閒家停牌（6-7點停牌）"
    assert words.reason(banker) == "閒家停牌，莊家3點：莊家補牌（0-5點補牌）"
    assert words.reason(outcome) == "閒贏，6比1"
    assert words.prompt(payout) == "閒 15：贏、退回還是輸？"
    assert words.reason(payout) == "閒贏，6比1。閒一賠一：15"
    assert words.answer_label(payout.expected()) == "贏，派 15"


def test_a_dragon_7_in_vietnamese_and_korean() -> None:
    # DRAGON: Player K+6 = 6 stands; Banker 2+3 = 5 draws the 2h: three-card 7 over 6, a
    # Dragon 7.  Dragon 7 pays 40 to 1: 15 x 40 = 600; the Banker bet pushes.
    qs = questions(DRAGON, {Bet.BANKER: "10", Bet.DRAGON7: "15"})
    dragon, banker = qs[(Step.PAYOUT, Bet.DRAGON7)], qs[(Step.PAYOUT, Bet.BANKER)]
    set_language("vi")
    assert words.reason(dragon) == (
        "Nhà cái thắng 7 so với 6 với ba lá tổng 7: Rồng 7. Rồng 7 trả 1 ăn 40: 15 × 40 = 600"
    )
    set_language("ko")
    assert words.reason(banker) == (
        "뱅커가 세 장 합계 7로 7 대 6 승: 드래곤 7. 드래곤 7이면 뱅커 푸시: 10 반환, 지급 없음"
    )


def test_the_english_reads_as_it_always_did() -> None:
    qs = questions(DRAGON, {Bet.BANKER: "10", Bet.DRAGON7: "15"})
    dragon = qs[(Step.PAYOUT, Bet.DRAGON7)]
    assert words.prompt(dragon) == "15 on Dragon 7: win, push or lose?"
    assert words.reason(dragon) == (
        "Banker wins 7 to 6 with three cards totalling 7: Dragon 7. "
        "Dragon 7 pays 40 to 1: 15 × 40 = 600"
    )


def test_a_commission_in_simplified_chinese() -> None:
    # Banker K+3 = 3 ... BANKER_7 of the commission tests: 5 % of 137 is 6.85, the house
    # rounds up to the next quarter: 7, taken from the payout: 137 less 7 = 130.
    dealt = {
        (q.step, q.bet): q
        for q in expand(
            [coup("Kh 3s 6d 2c 2h", {Bet.BANKER: "137"})],
            (Step.PAYOUT, Step.COMMISSION),
            COMMISSION_HOUSE,
        )
    }
    commission = dealt[(Step.COMMISSION, Bet.BANKER)]
    set_language("zh_Hans")
    assert words.commission_reason(commission) == (
        "137 的 5% 为 6.85；赌场规则为进位到下一个 0.25：7；从派彩中扣除：137 减 7 = 130"
    )


def test_plural_forms() -> None:
    assert words.headline(False, 1) == "Retry of 1 missed question: practice"
    assert words.headline(False, 3) == "Retry of 3 missed questions: practice"
    set_language("ko")
    assert words.headline(False, 3) == "틀린 3문항 다시: 연습"
