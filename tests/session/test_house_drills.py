"""Drills under a house's rules: payout questions graded by the engine under the drill's
house (amounts worked by hand from the house's rules), a drill's bets held to the limits of
the house it names, and `ezbac train --house`."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from tests.support.cli import ezbac
from tests.support.coups import coup
from trainer.drills.errors import DrillFileError
from trainer.drills.loader import load_file, load_text
from trainer.drills.model import Step
from trainer.engine import Bet, BetResult
from trainer.engine.house import BUNDLED_HOUSES, COMMISSION_HOUSE, DEFAULT_HOUSE, House
from trainer.session import Session
from trainer.session.questions import AmountAnswer, PayoutAnswer, expand

# Player K 6 = 6 stands; Banker 3 2 draws a 2: three-card 7 over 6.
DRAGON = "Kh 3s 6d 2c 2h"


def test_a_commission_payout_question_wants_19_to_20() -> None:
    # The bundled commission house takes 5 % at once, rounded up to the quarter:
    # 35 -> 1.75 (paid 33.25); 7 -> 0.35 up to 0.50 (paid 6.50).
    dealt = [coup(DRAGON, {Bet.BANKER: "35"}), coup(DRAGON, {Bet.BANKER: "7"})]
    q35, q7 = expand(dealt, (Step.PAYOUT,), COMMISSION_HOUSE)
    assert q35.grade(PayoutAnswer(BetResult.WIN, Decimal("33.25"))).correct
    assert not q35.grade(PayoutAnswer(BetResult.WIN, Decimal(35))).correct
    graded = q7.grade(PayoutAnswer(BetResult.WIN, Decimal("6.50")))
    assert graded.correct and "commission 0.50" in graded.reason


def test_the_same_coup_pushes_under_ez() -> None:
    (q,) = expand([coup(DRAGON, {Bet.BANKER: "35"})], (Step.PAYOUT,))
    assert q.grade(PayoutAnswer(BetResult.PUSH)).correct


def test_card_room_payouts_are_ez_and_name_the_fee() -> None:
    cardroom = BUNDLED_HOUSES["cardroom"]
    (q,) = expand([coup(DRAGON, {Bet.DRAGON7: "10"})], (Step.PAYOUT,), cardroom)
    graded = q.grade(PayoutAnswer(BetResult.WIN, Decimal(400)))
    assert graded.correct and "collection fee 0.50" in graded.reason


# --- drills that name a house --------------------------------------------------------------

DRILL = """\
id: house-drill
title: Under a house
description: Payouts under the house's rules.
house: {house}
ask: [payout]
bets:
  banker: {{min: 10, max: 100, step: 5}}
  dragon7: {{min: 5, max: {dragon_max}, step: 5}}
coups:
  - cards: {cards}
    bets: {{banker: 20}}
    expect: {{payouts: {{banker: {result}}}}}
"""


def _drill(house: str, *, dragon_max: int = 10, result: str = "push", cards: str = DRAGON) -> str:
    return DRILL.format(house=house, dragon_max=dragon_max, result=result, cards=cards)


def test_a_drill_under_the_commission_house_checks_expect_by_its_table() -> None:
    text = _drill("commission", result="win").replace("  dragon7: {min: 5, max: 10, step: 5}\n", "")
    drill = load_text(text, "commission.yaml")
    assert drill.house is not None and drill.house.id == "commission"
    # Under EZ the same coup's Banker bet pushes: the expect block is refused.
    with pytest.raises(DrillFileError, match="says win but the engine says push"):
        load_text(_drill("ez", result="win"), "ez.yaml")


def test_a_house_limit_breached_by_a_drills_bets_is_a_load_error_with_its_line() -> None:
    # ez-tie9 caps Dragon 7 at the seat's Banker bet: up to 50 against a Banker of 10 breaks it.
    with pytest.raises(DrillFileError) as caught:
        load_text(_drill("ez-tie9", dragon_max=50), "tie9.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "tie9.yaml:8:12: bets.dragon7: the house ez-tie9 caps dragon7 at the seat's banker "
        "bet: dragon7 goes up to 50 but banker can be 10",
    ]
    assert load_text(_drill("ez-tie9", dragon_max=10), "ok.yaml").house is not None


def test_fixed_coup_wagers_against_the_house() -> None:
    text = (
        _drill("commission", result="win")
        .replace("  dragon7: {min: 5, max: 10, step: 5}\n", "")
        .replace("{banker: 20}", "{banker: 5}")
    )
    with pytest.raises(DrillFileError) as caught:
        load_text(text, "c.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "c.yaml:10:11: coups[0].bets: house commission: banker 5 is below the table minimum of 10",
    ]


def test_an_unknown_or_broken_house(tmp_path: Path) -> None:
    with pytest.raises(DrillFileError, match=r"x\.yaml:4:8: house: 'nowhere' is not a house"):
        load_text(_drill("nowhere"), "x.yaml")
    (tmp_path / "bad-house.yaml").write_text("id: Bad\nname: B\n", encoding="utf-8")
    drill_file = tmp_path / "d.yaml"
    drill_file.write_text(_drill("bad-house.yaml"), encoding="utf-8")
    with pytest.raises(DrillFileError) as caught:
        load_file(drill_file)
    lines = [str(p) for p in caught.value.problems]
    assert any(
        line.endswith(
            "bad-house.yaml:1:5: id: 'Bad' is not a house id: use lowercase "
            "letters, digits, '-' and '_', starting with a letter or digit"
        )
        for line in lines
    )
    assert any(
        "d.yaml:4:8: house: house file 'bad-house.yaml' has 1 problem" in line for line in lines
    )


def test_the_bundled_commission_drill_grades_19_to_20() -> None:
    drill = load_file(Path(__file__).resolve().parents[2] / "drills" / "10-commission.yaml")
    assert drill.house is not None and drill.house.id == "commission"
    # The Banker's three-card 7 wins here: 20 less 5 % (1) is 19; whether it wins is asked
    # first, then the commission it owes (a commission question presupposes the win).
    paid, owed = Session(drill, [coup(DRAGON, {Bet.BANKER: "20"})], "Alex").questions
    assert (paid.step, owed.step) == (Step.PAYOUT, Step.COMMISSION)
    graded = paid.grade(PayoutAnswer(BetResult.WIN, Decimal(19)))
    assert graded.correct and "19 to 20" in graded.reason and "commission 1" not in graded.reason
    assert owed.grade(AmountAnswer(Decimal(1))).correct


def test_train_under_another_house_checks_the_drills_bets() -> None:
    out = ezbac("train", "payouts", "--house", "commission")
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert lines[0] == (
        "ezbac: error: payouts under house commission: bets.player: 5 is below "
        "the house commission's minimum of 10 for player"
    )
    assert all(line.startswith("ezbac: error: payouts under house commission: ") for line in lines)


def test_the_rules_reference_shows_the_houses_table() -> None:
    from rich.console import Console

    from trainer.tui.screens.reference import settlement

    def rows(house: House) -> dict[str, str]:
        console = Console(width=100, record=True)
        console.print(settlement(None, house))
        lines = [line.strip() for line in console.export_text().splitlines()]
        return {
            name: line
            for line in lines
            for name in ("Player", "Banker", "Tie", "Dragon 7", "Panda 8")
            if line.startswith(name)
        }

    # The commission house offers Player, Banker and Tie: its dealers name no Dragon 7 or
    # Panda 8 (a three-card Banker 7 is a Banker win there), so neither row is shown.
    commission = rows(COMMISSION_HOUSE)
    assert set(commission) == {"Player", "Banker", "Tie"}
    assert "19:20" in commission["Banker"]
    assert "push" in rows(DEFAULT_HOUSE)["Dragon 7"]  # EZ: the Banker bet pushes on a Dragon 7
