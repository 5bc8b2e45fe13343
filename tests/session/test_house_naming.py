"""Outcomes named as the house's dealers call them: Dragon 7 and Panda 8 are
called only where their bet is on the layout.  The commission house offers Player, Banker
and Tie, so a three-card Banker 7 over 6 is "Banker wins, seven over six" there; the EZ
houses offer all five bets.  Expected names come from each house's offered bets, not from
the code under test."""

from __future__ import annotations

import json
from dataclasses import replace
from decimal import Decimal

import pytest

from tests.support.cli import ezbac
from tests.support.coups import coup
from trainer.drills.errors import DrillFileError
from trainer.drills.loader import load_text
from trainer.drills.model import Step
from trainer.engine import Bet, BetResult, Coup, Outcome, parse_cards, settle_bet
from trainer.engine.house import BUNDLED_HOUSES, COMMISSION_HOUSE, EZ_HOUSE
from trainer.session.questions import OutcomeAnswer, expand

# Player K A 5 = 6; Banker 2 2 3 = 7 with three cards (the example).
BANKER_7 = "Ks 2h As 2c 5d 3c"
# Player 2 3 draws a 3: three-card 8; Banker K 6 stands on 6: a three-card Player 8 win.
PLAYER_8 = "2s Kh 3d 6c 3h"
NAMED_BY = {
    Outcome.DRAGON7: (Bet.DRAGON7, Outcome.BANKER),
    Outcome.PANDA8: (Bet.PANDA8, Outcome.PLAYER),
}


def test_the_cards_are_what_the_tests_say() -> None:
    b7, p8 = Coup.from_cards(parse_cards(BANKER_7)), Coup.from_cards(parse_cards(PLAYER_8))
    assert (b7.banker.total, len(b7.banker.cards), b7.player.total) == (7, 3, 6)
    assert (p8.player.total, len(p8.player.cards), p8.banker.total) == (8, 3, 6)


@pytest.mark.parametrize("house", list(BUNDLED_HOUSES.values()), ids=list(BUNDLED_HOUSES))
def test_each_bundled_house_names_the_side_outcomes_only_with_their_bet(house) -> None:
    for outcome, (bet, plain) in NAMED_BY.items():
        want = outcome if bet in house.bets else plain
        assert house.named(outcome) is want
    for plain in (Outcome.PLAYER, Outcome.BANKER, Outcome.TIE):
        assert house.named(plain) is plain
    want_all = [Outcome.PLAYER, Outcome.BANKER, Outcome.TIE] + [
        o for o, (bet, _) in NAMED_BY.items() if bet in house.bets
    ]
    assert list(house.outcomes) == want_all


def test_ez_names_five_and_commission_three() -> None:
    assert EZ_HOUSE.outcomes == tuple(Outcome)
    assert COMMISSION_HOUSE.outcomes == (Outcome.PLAYER, Outcome.BANKER, Outcome.TIE)


def test_an_ez_table_without_the_dragon_bet_still_names_the_banker_push() -> None:
    # EZ rules: the Banker bet pushes on a three-card 7, so the dealer must still tell it
    # from a plain Banker win even where the Dragon 7 side bet is not offered.
    house = replace(EZ_HOUSE, id="ez-plain", bets=(Bet.PLAYER, Bet.BANKER, Bet.TIE))
    assert house.named(Outcome.DRAGON7) is Outcome.DRAGON7
    assert house.named(Outcome.PANDA8) is Outcome.PLAYER  # Panda 8 settles like a Player win


def test_the_result_sentence_follows_the_house() -> None:
    c = Coup.from_cards(parse_cards(BANKER_7))
    assert COMMISSION_HOUSE.result(c) == "Banker wins 7 to 6"
    assert "Dragon 7" in EZ_HOUSE.result(c)
    assert "Panda 8" not in COMMISSION_HOUSE.result(Coup.from_cards(parse_cards(PLAYER_8)))


def test_settlement_stays_on_the_commission_table() -> None:
    c = Coup.from_cards(parse_cards(BANKER_7))
    s = settle_bet(c.outcome, Bet.BANKER, Decimal(20), COMMISSION_HOUSE)
    assert (s.result, s.paid) == (BetResult.WIN, Decimal(19))  # 20 less 5 %
    lost = settle_bet(c.outcome, Bet.PLAYER, Decimal(20), COMMISSION_HOUSE)
    assert lost.reason == "Player loses on a Banker win: the 20 is taken"


def test_the_trainer_asks_banker_under_commission() -> None:
    (q,) = expand([coup(BANKER_7)], (Step.OUTCOME,), COMMISSION_HOUSE)
    assert [label for _, label, _ in q.choices] == ["Player", "Banker", "Tie"]
    graded = q.grade(OutcomeAnswer(Outcome.BANKER))
    assert graded.correct and graded.skill.key == "outcome:banker"
    assert "Dragon" not in graded.reason
    (p,) = expand([coup(BANKER_7, {Bet.BANKER: "20"})], (Step.PAYOUT,), COMMISSION_HOUSE)
    assert p.view.outcome is Outcome.BANKER and "Dragon" not in p.reason()
    (ez,) = expand([coup(BANKER_7)], (Step.OUTCOME,))
    assert ez.grade(OutcomeAnswer(Outcome.DRAGON7)).correct


def test_check_house_commission_calls_a_banker_win() -> None:
    out = ezbac("check", "--house", "commission", *BANKER_7.split())
    assert out.returncode == 0, out.stderr
    (result,) = [line for line in out.stdout.splitlines() if "Result:" in line]
    assert "Banker wins" in result and "Dragon 7" not in result
    data = json.loads(ezbac("check", "--json", "--house", "commission", *BANKER_7.split()).stdout)
    assert data["outcome"] == "banker" and "Dragon 7" not in data["rules"][-1]
    ez = ezbac("check", *BANKER_7.split()).stdout
    assert "Dragon 7" in next(line for line in ez.splitlines() if "Result:" in line)


DRILL = """\
id: naming
title: Naming
description: Outcomes as the commission house names them.
house: commission
ask: [outcome]
coups:
  - cards: {cards}
    expect: {{outcome: {said}}}
generate:
  - outcome: {filt}
"""


def test_a_commission_drill_expects_banker_and_filters_every_banker_win() -> None:
    d = load_text(DRILL.format(cards=BANKER_7, said="banker", filt="banker"))
    (flt,) = d.filters
    assert flt.outcome == {Outcome.BANKER, Outcome.DRAGON7}  # three-card 7s included


@pytest.mark.parametrize(
    ("said", "filt", "line", "name"),
    [
        ("dragon7", "banker", 8, "Dragon 7"),
        ("banker", "[player, panda8]", 10, "Panda 8"),
    ],
)
def test_a_commission_drill_naming_a_side_outcome_is_an_error(said, filt, line, name) -> None:
    with pytest.raises(DrillFileError) as caught:
        load_text(DRILL.format(cards=BANKER_7, said=said, filt=filt), "naming.yaml")
    (problem,) = caught.value.problems
    assert problem.line == line
    assert f"the house commission does not name a {name}" in problem.message
