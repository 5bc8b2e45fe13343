"""The dealer's calls for hand-worked coups (docs/rules.md "Calling the hand"), in the house's
wording, and the plausible wrong calls a calling drill offers beside them."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from trainer.engine.call_words import Calls
from trainer.engine.calls import CallStep, calls_for, wrong_calls
from trainer.engine.cards import parse_cards
from trainer.engine.coup import Coup
from trainer.engine.house import BUNDLED_HOUSES, DEFAULT_HOUSE
from trainer.engine.shoe import ShoeRun

EZ = DEFAULT_HOUSE
COMMISSION = BUNDLED_HOUSES["commission"]


def coup(cards: str) -> Coup:
    return Coup.from_cards(parse_cards(cards))


def texts(c: Coup, house=EZ) -> list[str]:
    return [call.text for call in calls_for(c, house)]


def test_a_dragon_7_called_step_by_step() -> None:
    # Player K+A = 1 draws 5 -> 6; Banker 2+2 = 4, Player's third a 5: draws 3 -> 7.
    assert texts(coup("Ks 2h As 2c 5d 3c")) == [
        "Player shows one",
        "Banker shows four",
        "Player draws",
        "Player has six",
        "Banker draws",
        "Banker has seven",
        "Dragon 7: Banker wins, seven over six",
        "Dragon 7, push the Banker bet",
    ]


def test_the_commission_table_calls_a_three_card_seven_a_banker_win() -> None:
    calls = texts(coup("Ks 2h As 2c 5d 3c"), COMMISSION)
    assert calls[-1] == "Banker wins, seven over six"
    assert not any("Dragon" in t for t in calls)


def test_a_natural_is_called_and_nobody_draws() -> None:
    calls = calls_for(coup("9s 2h Kd 5c"), EZ)
    assert [c.text for c in calls] == [
        "Player shows nine",
        "Banker shows seven",
        "Player natural nine",
        "Player wins, nine over seven",
    ]
    assert [c.cards for c in calls] == [4, 4, 4, 4]


def test_a_tie_on_a_three_card_seven_is_a_tie_and_pushes_player_and_banker() -> None:
    # Player 4+3 = 7 stands; Banker 2+2 = 4 draws (the Player stood) a 3 -> 7: a Tie.
    c = coup("4h 2s 3d 2c 3h")
    assert texts(c) == [
        "Player shows seven",
        "Banker shows four",
        "Player stands on seven",
        "Banker draws",
        "Banker has seven",
        "Tie, seven all",
        "Tie, push the Player and Banker bets",
    ]
    result = calls_for(c, EZ)[-2]
    assert result.step is CallStep.RESULT
    # the first wrong call offered is the classic mistake: a Dragon called on a tying 7
    assert wrong_calls(result, c, EZ, random.Random(1))[0] == (
        "Dragon 7: Banker wins, seven over seven"
    )


def test_a_panda_8_and_the_loser_called_first_among_the_wrong_calls() -> None:
    # Player 2+3 = 5 draws a 3 -> 8; Banker K+6 = 6, third card a 3: stands.  Panda 8.
    c = coup("2h Ks 3d 6c 3s")
    result = calls_for(c, EZ)[-1]
    assert result.text == "Panda 8: Player wins, eight over six"
    wrong = wrong_calls(result, c, EZ, random.Random(2), count=10)
    assert "Banker wins, eight over six" in wrong  # the loser named as the winner
    assert "Player wins, eight over six" in wrong  # the Panda not named
    assert "Player wins, six over eight" in wrong  # the totals the wrong way round


def test_a_losing_three_card_eight_is_offered_as_a_panda_8() -> None:
    # Player 2+3 = 5 draws a 3 -> 8; Banker K+3 = 3, third a 3: draws 5 -> 8.  A Tie.
    c = coup("2h Ks 3d 3c 3s 5h")
    result = calls_for(c, EZ)[-2]
    assert result.text == "Tie, eight all"
    assert wrong_calls(result, c, EZ, random.Random(0))[0] == (
        "Panda 8: Player wins, eight over eight"
    )


def test_the_house_words_the_calls() -> None:
    house = replace(
        EZ,
        calls=Calls({"banker_draws": "Card for the Banker", "wins": "{hand} wins {high} to {low}"}),
    )
    calls = texts(coup("4h 3s 2d Kc 8h"), house)
    # Player 6 stands; Banker 3 draws (the Player stood) an 8 -> 1; Player wins 6 to 1.
    assert calls == [
        "Player shows six",
        "Banker shows three",
        "Player stands on six",
        "Card for the Banker",
        "Banker has one",
        "Player wins six to one",
    ]


@pytest.mark.parametrize("house_id", list(BUNDLED_HOUSES))
def test_wrong_calls_are_distinct_never_right_and_replay(house_id: str) -> None:
    house = BUNDLED_HOUSES[house_id]
    run = ShoeRun.shuffled(random.Random(7), house.decks, house.shoe)
    for c in list(run.coups())[:40]:
        for call in calls_for(c, house):
            wrong = wrong_calls(call, c, house, random.Random(3))
            assert call.text not in wrong
            assert len(set(wrong)) == len(wrong)
            assert 1 <= len(wrong) <= 3
            assert wrong == wrong_calls(call, c, house, random.Random(3))
            if call.step is not CallStep.PUSH:
                assert len(wrong) == 3
